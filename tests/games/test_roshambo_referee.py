"""The RoShamBo referee: turn-by-turn tables, matches, round robins and scoring."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from games.roshambo import (
    COMPETITION_TURNS,
    DRAW_MARGIN,
    MatchOverError,
    MatchResult,
    Move,
    Player,
    PlayerError,
    Standings,
    Table,
    TurnResult,
    beater,
    derive_seed,
    draw_margin,
    make_opponent,
    match_points,
    play_match,
    round_robin,
)

INVALID_MOVE = "expected 0 (rock), 1 (paper) or 2 (scissors)"


class Scripted(Player):
    """Throws a fixed list of moves, then rock."""

    def __init__(self, name: str, moves: Sequence[int]) -> None:
        super().__init__()
        self.name = name
        self.moves = list(moves)

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        turn = len(my_history)
        return self.moves[turn] if turn < len(self.moves) else Move.ROCK


class Spy(Player):
    """Records the histories it is shown and beats the last throw it can see."""

    name = "spy"

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        self.seen.append((tuple(my_history), tuple(opp_history)))
        return beater(opp_history[-1]) if opp_history else Move.ROCK


class Faulty(Player):
    """Raises, or returns a given bad value, on its third turn."""

    def __init__(self, bad: object) -> None:
        super().__init__()
        self.name = "faulty"
        self.bad = bad

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        if len(my_history) < 2:
            return Move.ROCK
        if isinstance(self.bad, Exception):
            raise self.bad
        return self.bad  # type: ignore[return-value]


def result(name: str, opponent: str, score: int) -> MatchResult:
    """A 1000-turn match result with the given score (all other turns tied)."""
    wins, losses = max(score, 0), max(-score, 0)
    return MatchResult(name, opponent, wins, losses, COMPETITION_TURNS - wins - losses)


# --- Table ---------------------------------------------------------------------


def test_table_scores_each_turn_from_the_outside_players_view():
    """Paper against rock wins, rock ties, scissors loses, and the score runs on."""
    table = Table(make_opponent("rock"), turns=3)
    assert table.play(Move.PAPER) == TurnResult(turn=1, move=1, opponent_move=0, outcome=1, score=1)
    assert table.play(Move.ROCK) == TurnResult(turn=2, move=0, opponent_move=0, outcome=0, score=1)
    assert table.play(Move.SCISSORS) == TurnResult(
        turn=3, move=2, opponent_move=0, outcome=-1, score=0
    )
    assert table.finished
    final = table.result()
    assert (final.wins, final.losses, final.draws, final.score, final.turns) == (1, 1, 1, 0, 3)
    assert (final.player, final.opponent) == ("player", "rock")


def test_table_opponent_cannot_see_the_current_throw():
    """The opponent decides from past turns only, so beating what it sees never wins."""
    spy = Spy()
    table = Table(spy, turns=50)
    mine: list[int] = []
    for turn in range(50):
        # The spy throws what beats our previous throw; we throw what beats that.
        # Had it seen our current throw, it would have beaten it instead.
        move = beater(beater(mine[-1])) if mine else Move.PAPER
        outcome = table.play(move)
        assert spy.seen[turn] == (tuple(table.opponent_history[:-1]), tuple(mine))
        mine.append(move)
        assert outcome.outcome == 1
    assert table.result().score == 50


def test_table_partial_result_counts_turns_played_so_far():
    """result() before the end reports the turns played, not the match length."""
    table = Table(make_opponent("rock"), turns=10)
    table.play(Move.PAPER)
    table.play(Move.PAPER)
    assert not table.finished
    assert (table.turn, table.result().turns, table.result().score) == (2, 2, 2)


@pytest.mark.parametrize("bad", [3, -1, "rock", 1.0, None, True])
def test_table_rejects_a_move_that_is_not_0_1_or_2(bad):
    """A bad throw raises ValueError quoting it and saying what is expected."""
    table = Table(make_opponent("rock"), turns=5)
    with pytest.raises(ValueError, match=re.escape(f"invalid move {bad!r}: {INVALID_MOVE}")):
        table.play(bad)
    assert table.turn == 0


def test_table_accepts_move_enum_and_plain_ints():
    """Move members and ints are the same throws."""
    table = Table(make_opponent("rock"), turns=2)
    assert table.play(Move.PAPER).move == table.play(1).move == 1


def test_playing_after_the_end_raises_match_over():
    """A throw after the last turn raises MatchOverError, a RuntimeError."""
    table = Table(make_opponent("rock"), turns=1)
    table.play(Move.ROCK)
    with pytest.raises(
        MatchOverError,
        match=re.escape("the match against 'rock' is over: all 1 turns have been played"),
    ):
        table.play(Move.ROCK)
    assert issubclass(MatchOverError, RuntimeError)


@pytest.mark.parametrize("turns", [0, -5, 2.5])
def test_table_rejects_a_bad_match_length(turns):
    """The number of turns must be a positive integer."""
    with pytest.raises(
        ValueError,
        match=re.escape(f"invalid number of turns {turns!r}: expected a positive integer"),
    ):
        Table(make_opponent("rock"), turns=turns)


def test_table_seeds_its_opponent_like_play_match_seeds_b():
    """An outside player at a Table meets the same opponent as ``a`` in play_match."""
    table = Table(make_opponent("random"), turns=200, seed=42)
    for _ in range(200):
        table.play(Move.ROCK)
    at_table = table.result()
    in_match = play_match(Scripted("player", []), make_opponent("random"), turns=200, seed=42)
    assert at_table == in_match


def test_table_opponent_error_names_the_player():
    """An opponent that misbehaves at a Table raises PlayerError naming it."""
    table = Table(Faulty(7), turns=5)
    table.play(Move.ROCK)
    table.play(Move.ROCK)
    with pytest.raises(
        PlayerError, match=re.escape(f"player 'faulty' threw 7 on turn 3: {INVALID_MOVE}")
    ):
        table.play(Move.ROCK)


# --- play_match ------------------------------------------------------------------


def test_play_match_scores_wins_minus_losses_for_a():
    """Paper against rock for 600 turns, then rock: +600 for a, with 400 ties."""
    match = play_match(Scripted("paper-600", [Move.PAPER] * 600), make_opponent("rock"))
    assert (match.score, match.wins, match.losses, match.draws, match.turns) == (
        600,
        600,
        0,
        400,
        1000,
    )
    assert (match.player, match.opponent) == ("paper-600", "rock")


def test_play_match_neither_player_sees_the_others_current_throw():
    """Both players are asked with the histories of past turns only."""
    left, right = Spy(), Spy()
    right.name = "other-spy"
    play_match(left, right, turns=30)
    for turn in range(30):
        assert len(left.seen[turn][0]) == len(left.seen[turn][1]) == turn
        assert left.seen[turn] == (right.seen[turn][1], right.seen[turn][0])


def test_play_match_is_determined_by_the_seed():
    """The same seed replays the same match; another seed plays a different one."""
    first = play_match(make_opponent("random"), make_opponent("r226"), seed=7)
    again = play_match(make_opponent("random"), make_opponent("r226"), seed=7)
    other = play_match(make_opponent("random"), make_opponent("r226"), seed=8)
    assert first == again
    assert first != other


def test_play_match_gives_each_player_its_own_seed():
    """Two copies of the random player do not throw in lockstep."""
    match = play_match(make_opponent("random"), make_opponent("random"), seed=3)
    assert match.draws < 500
    assert derive_seed(3, "a") != derive_seed(3, "b")


def test_derive_seed_is_stable():
    """Derived seeds do not depend on the interpreter's hash randomisation."""
    assert derive_seed(0, "a") == 0xB78B2EF3C704F401  # pinned: blake2b, not hash()
    assert 0 <= derive_seed(123, "match", 1, 2) < 2**64


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (5, f"player 'faulty' threw 5 on turn 3: {INVALID_MOVE}"),
        ("paper", f"player 'faulty' threw 'paper' on turn 3: {INVALID_MOVE}"),
        (KeyError("oops"), "player 'faulty' raised KeyError on turn 3: 'oops'"),
    ],
)
def test_play_match_names_a_misbehaving_player(bad, message):
    """An exception or illegal throw raises PlayerError naming the player and turn."""
    with pytest.raises(PlayerError, match=re.escape(message)):
        play_match(make_opponent("rock"), Faulty(bad), turns=10)


def test_play_match_refuses_a_player_against_itself():
    """One object cannot hold two histories."""
    rock = make_opponent("rock")
    with pytest.raises(ValueError, match=re.escape("player 'rock' cannot play itself")):
        play_match(rock, rock)


# --- scoring ---------------------------------------------------------------------


def test_draw_band_is_exactly_plus_or_minus_50():
    """|score| <= 50 is a draw (1 point); 51 wins (2), -51 loses (0)."""
    assert DRAW_MARGIN == 50 == draw_margin(COMPETITION_TURNS)
    assert [match_points(s) for s in (-51, -50, 0, 50, 51)] == [0, 1, 1, 1, 2]


def test_draw_margin_scales_with_match_length():
    """Shorter matches have a narrower band (1.96 standard deviations of random play)."""
    assert draw_margin(100) == 16
    assert draw_margin(10_000) == 160


def test_match_result_flipped_swaps_sides():
    """The opponent's view has wins and losses exchanged and the score negated."""
    match = MatchResult("a", "b", wins=10, losses=4, draws=6)
    assert (match.score, match.turns) == (6, 20)
    flipped = match.flipped()
    assert (flipped.player, flipped.opponent, flipped.score, flipped.turns) == ("b", "a", -6, 20)
    assert flipped.flipped() == match


def test_standings_count_match_points_at_the_draw_boundary():
    """Scores of +-50 are draws and +-51 decisive, for both players of a match."""
    matches = [
        result("a", "b", 51),
        result("a", "c", 50),
        result("b", "c", -50),
        result("d", "a", -51),
        result("d", "b", 0),
        result("c", "d", 400),
    ]
    standings = Standings.from_matches("abcd", matches, DRAW_MARGIN)
    a, b, c, d = (standings[name] for name in "abcd")
    assert (a.wins, a.draws, a.losses, a.points, a.score) == (2, 1, 0, 5, 152)
    assert (b.wins, b.draws, b.losses, b.points, b.score) == (0, 2, 1, 2, -101)
    assert (c.wins, c.draws, c.losses, c.points, c.score) == (1, 2, 0, 4, 400)
    assert (d.wins, d.draws, d.losses, d.points, d.score) == (0, 1, 2, 1, -451)
    assert all(s.matches == 3 for s in standings.entries)


def test_rankings_by_points_and_by_score_can_differ():
    """The points ranking rewards many narrow wins; the score ranking big margins."""
    matches = [
        result("a", "b", 51),
        result("a", "c", 51),
        result("b", "c", -900),
    ]
    standings = Standings.from_matches("abc", matches, DRAW_MARGIN)
    assert [s.name for s in standings.ranking("points")] == ["a", "c", "b"]
    assert [s.name for s in standings.ranking("score")] == ["c", "a", "b"]
    with pytest.raises(ValueError, match=re.escape("unknown ranking criterion 'elo'")):
        standings.ranking("elo")  # type: ignore[arg-type]


def test_ranking_ties_break_on_the_other_criterion_then_name():
    """Equal points: higher score first; equal everything: alphabetical."""
    matches = [result("b", "a", 0), result("c", "a", 0), result("b", "c", 0)]
    standings = Standings.from_matches("cba", matches, DRAW_MARGIN)
    assert [s.name for s in standings.ranking()] == ["a", "b", "c"]


# --- round robin ---------------------------------------------------------------------


def test_round_robin_plays_every_pair_once_and_reports_progress():
    """Four players: six matches, progress called after each with the total."""
    players = [make_opponent(n) for n in ("rock", "rotate", "beat-last", "random")]
    calls: list[tuple[int, int]] = []
    standings = round_robin(players, turns=100, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(i, 6) for i in range(1, 7)]
    pairs = {frozenset((m.player, m.opponent)) for m in standings.matches}
    assert len(pairs) == len(standings.matches) == 6
    assert standings["beat-last"].wins >= 1  # it crushes rock
    assert standings.margin == draw_margin(100)
    assert sum(s.score for s in standings.entries) == 0


def test_round_robin_is_determined_by_the_seed():
    """The same players and seed give the same standings."""

    def run(seed: int) -> Standings:
        return round_robin([make_opponent(n) for n in ("random", "r226", "flat")], 200, seed)

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_round_robin_rejects_duplicate_names():
    """Standings are keyed by name, so names must be unique."""
    with pytest.raises(ValueError, match=re.escape("player names must be unique; repeated: rock")):
        round_robin([make_opponent("rock"), make_opponent("rock")])
