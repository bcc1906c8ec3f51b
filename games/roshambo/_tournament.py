"""Round-robin tournaments and their standings, scored as in 1999.

The 1999 competition ranked players two ways: by total match score (the sum
of wins minus losses over all matches) and by match points (2 for a win, 1 for
a draw, 0 for a loss, a match being drawn when its score is within
``DRAW_MARGIN``). :class:`Standings` offers both rankings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import attrs

from ._player import Player
from ._referee import derive_seed, play_match
from ._results import (
    COMPETITION_TURNS,
    DRAW_POINTS,
    WIN_POINTS,
    MatchResult,
    draw_margin,
    match_points,
)

#: What a ranking can be sorted by: total match score or match points.
Criterion = Literal["score", "points"]


@attrs.frozen
class Standing:
    """One player's line in the standings."""

    name: str
    #: Total match score: the sum of the player's wins minus losses.
    score: int
    #: Match points: 2 per match won, 1 per match drawn.
    points: int
    wins: int
    draws: int
    losses: int

    @property
    def matches(self) -> int:
        """Matches played."""
        return self.wins + self.draws + self.losses


@attrs.frozen
class Standings:
    """Every player's standing and every match of a round robin."""

    #: One line per player, in the order the players were given.
    entries: tuple[Standing, ...]
    #: Every match, from the point of view of the player listed first.
    matches: tuple[MatchResult, ...]
    #: The largest |score| that counted as a drawn match.
    margin: int

    def ranking(self, by: Criterion = "points") -> list[Standing]:
        """Best first, by match points or total score; the other breaks ties, then name."""
        if by == "points":
            return sorted(self.entries, key=lambda s: (-s.points, -s.score, s.name))
        if by == "score":
            return sorted(self.entries, key=lambda s: (-s.score, -s.points, s.name))
        raise ValueError(f"unknown ranking criterion {by!r}: expected 'points' or 'score'")

    def __getitem__(self, name: str) -> Standing:
        """The standing of the player called ``name``."""
        for entry in self.entries:
            if entry.name == name:
                return entry
        raise KeyError(name)

    @classmethod
    def from_matches(
        cls, names: Sequence[str], matches: Sequence[MatchResult], margin: int
    ) -> Standings:
        """Tally ``matches`` (each counted for both sides) into standings."""
        score = dict.fromkeys(names, 0)
        points = dict.fromkeys(names, 0)
        wins = dict.fromkeys(names, 0)
        draws = dict.fromkeys(names, 0)
        losses = dict.fromkeys(names, 0)
        for match in matches:
            for side in (match, match.flipped()):
                name = side.player
                earned = match_points(side.score, margin)
                score[name] += side.score
                points[name] += earned
                if earned == WIN_POINTS:
                    wins[name] += 1
                elif earned == DRAW_POINTS:
                    draws[name] += 1
                else:
                    losses[name] += 1
        entries = tuple(
            Standing(name, score[name], points[name], wins[name], draws[name], losses[name])
            for name in names
        )
        return cls(entries=entries, matches=tuple(matches), margin=margin)


def round_robin(
    players: Sequence[Player],
    turns: int = COMPETITION_TURNS,
    seed: int = 0,
    progress: Callable[[int, int], object] | None = None,
) -> Standings:
    """Play every pair of ``players`` once and tally the standings.

    Each match gets its own seed derived from ``seed`` and the pair's
    positions, so a tournament is reproducible. ``progress(done, total)`` is
    called after each match. Player names must be unique.
    """
    names = [player.name for player in players]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise ValueError(f"player names must be unique; repeated: {', '.join(duplicates)}")
    if len({id(player) for player in players}) != len(players):
        raise ValueError("each player must be a distinct object")
    pairs = [(i, j) for i in range(len(players)) for j in range(i + 1, len(players))]
    matches: list[MatchResult] = []
    for done, (i, j) in enumerate(pairs, start=1):
        match_seed = derive_seed(seed, "match", i, j)
        matches.append(play_match(players[i], players[j], turns=turns, seed=match_seed))
        if progress is not None:
            progress(done, len(pairs))
    return Standings.from_matches(names, matches, draw_margin(turns))
