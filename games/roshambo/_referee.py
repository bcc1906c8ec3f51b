"""The referee: simultaneous throws, scored as in the 1999 competition.

Two ways in. :class:`Table` runs a match one turn at a time against a suite
player, for a protocol adapter whose own player lives elsewhere (a client, an
actor). :func:`play_match` runs a whole match between two :class:`Player`
objects. Both follow the same rules, and the suite player at a ``Table`` gets
the same seed it would get as ``b`` in ``play_match(a, b, seed=seed)``.

Simultaneity: the suite player's throw is computed from the histories of the
turns already played *before* the other throw is looked at; then both are
revealed and recorded.

Misbehaving players: the 1999 referee printed an error and folded an
out-of-range return value into 0..2 (``(p % 3 + 3) % 3``); C players could not
raise. We do not fold: an exception, a non-integer or an out-of-range throw
from a player raises :class:`PlayerError` naming the player and the turn, so a
bug in a suite player or an agent cannot hide behind an arbitrary throw.
"""

from __future__ import annotations

import hashlib
import operator
from collections.abc import Sequence

from ._moves import outcome
from ._player import Player
from ._results import COMPETITION_TURNS, MatchResult, TurnResult

#: The role names the seeds of a match's two players are derived from.
_ROLE_A = "a"
_ROLE_B = "b"


class MatchOverError(RuntimeError):
    """A throw was played at a table whose match has already ended."""


class PlayerError(RuntimeError):
    """A player raised or returned something that is not a throw."""


def derive_seed(seed: int, *parts: object) -> int:
    """A 64-bit seed determined by ``seed`` and ``parts`` (stable across runs).

    Used to give each player of each match its own reproducible randomness;
    unlike ``hash()``, it does not change with PYTHONHASHSEED.
    """
    text = "/".join(map(str, (seed, *parts))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def check_throw(move: object) -> int:
    """``move`` as a plain int, or ValueError if it is not 0, 1 or 2."""
    if isinstance(move, bool):
        raise ValueError(f"invalid move {move!r}: expected 0 (rock), 1 (paper) or 2 (scissors)")
    try:
        value = operator.index(move)
    except TypeError:
        value = None
    if value not in (0, 1, 2):
        raise ValueError(f"invalid move {move!r}: expected 0 (rock), 1 (paper) or 2 (scissors)")
    return value


def _check_turns(turns: int) -> int:
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
        raise ValueError(f"invalid number of turns {turns!r}: expected a positive integer")
    return turns


def _ask(player: Player, mine: Sequence[int], theirs: Sequence[int], turn: int) -> int:
    """The player's throw for ``turn``, or PlayerError saying what went wrong."""
    try:
        move = player.move(mine, theirs)
    except Exception as exc:
        raise PlayerError(
            f"player {player.name!r} raised {type(exc).__name__} on turn {turn}: {exc}"
        ) from exc
    try:
        return check_throw(move)
    except ValueError:
        raise PlayerError(
            f"player {player.name!r} threw {move!r} on turn {turn}: "
            f"expected 0 (rock), 1 (paper) or 2 (scissors)"
        ) from None


class Table:
    """A match, turn by turn, between an outside player and a suite ``opponent``.

    The outside player is the one calling :meth:`play`; every result is from
    its point of view.
    """

    def __init__(
        self,
        opponent: Player,
        turns: int = COMPETITION_TURNS,
        seed: int = 0,
        player_name: str = "player",
    ) -> None:
        self.opponent = opponent
        self.turns = _check_turns(turns)
        self.seed = seed
        self.player_name = player_name
        self._mine: list[int] = []
        self._theirs: list[int] = []
        self._wins = self._losses = self._draws = 0
        opponent.reset(derive_seed(seed, _ROLE_B), self.turns)

    @property
    def turn(self) -> int:
        """Turns played so far."""
        return len(self._mine)

    @property
    def finished(self) -> bool:
        """Whether all turns have been played."""
        return self.turn >= self.turns

    @property
    def score(self) -> int:
        """Our wins minus our losses so far."""
        return self._wins - self._losses

    @property
    def my_history(self) -> tuple[int, ...]:
        """Our throws so far, oldest first."""
        return tuple(self._mine)

    @property
    def opponent_history(self) -> tuple[int, ...]:
        """The opponent's throws so far, oldest first."""
        return tuple(self._theirs)

    def play(self, move: int) -> TurnResult:
        """Throw ``move`` against the opponent's (already decided) throw."""
        if self.finished:
            raise MatchOverError(
                f"the match against {self.opponent.name!r} is over: "
                f"all {self.turns} turns have been played"
            )
        mine = check_throw(move)
        number = self.turn + 1
        # The opponent sees only the turns already played, never `mine`.
        theirs = _ask(self.opponent, tuple(self._theirs), tuple(self._mine), number)
        self._mine.append(mine)
        self._theirs.append(theirs)
        result = outcome(mine, theirs)
        if result > 0:
            self._wins += 1
        elif result < 0:
            self._losses += 1
        else:
            self._draws += 1
        return TurnResult(
            turn=number, move=mine, opponent_move=theirs, outcome=result, score=self.score
        )

    def result(self) -> MatchResult:
        """The match so far (the whole match once :attr:`finished`)."""
        return MatchResult(
            player=self.player_name,
            opponent=self.opponent.name,
            wins=self._wins,
            losses=self._losses,
            draws=self._draws,
        )


def play_match(a: Player, b: Player, turns: int = COMPETITION_TURNS, seed: int = 0) -> MatchResult:
    """Play a whole match; the result is from ``a``'s point of view.

    Both players are reset first, each with its own seed derived from ``seed``.
    Raises :class:`PlayerError` if either player raises or throws a non-move.
    """
    turns = _check_turns(turns)
    if a is b:
        raise ValueError(
            f"player {a.name!r} cannot play itself: one object has one history; "
            "make a second instance"
        )
    a.reset(derive_seed(seed, _ROLE_A), turns)
    table = Table(b, turns=turns, seed=seed, player_name=a.name)
    mine: list[int] = []
    theirs: list[int] = []
    for number in range(1, turns + 1):
        # a decides before the table asks b: b cannot see a's throw either way.
        move = _ask(a, tuple(mine), tuple(theirs), number)
        played = table.play(move)
        mine.append(played.move)
        theirs.append(played.opponent_move)
    return table.result()
