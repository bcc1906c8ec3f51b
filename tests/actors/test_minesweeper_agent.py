"""The Minesweeper agent through the runtime: the rule chain, the arbiter, the bench."""

from __future__ import annotations

import pytest
import structlog
import trio

from actors.minesweeper._agents import SWEEPER
from actors.minesweeper._bench import (
    TARGETS,
    BenchLine,
    GameRecord,
    check_runtime,
    format_checks,
    format_results,
    play_direct,
    run_bench,
    wilson,
)
from actors.minesweeper._ks import RULE_SOURCES
from actors.minesweeper._solver import RULE_NAMES
from games.minesweeper import Minefield
from protocols.minesweeper import BoardSpec, FirstClick, MinesweeperAdapter
from runtime import Session


def test_priority_list_is_the_cost_order_of_the_rule_chain():
    """Experts are listed cheapest rule first, one per rule, in the chain's order."""
    assert tuple(e.name for e in SWEEPER.experts) == RULE_NAMES
    assert tuple(s.rule for s in RULE_SOURCES) == RULE_NAMES
    for cheaper, dearer in zip(RULE_SOURCES, RULE_SOURCES[1:], strict=False):
        assert dearer.reads == frozenset({f"rule.{cheaper.rule}"})


async def test_a_game_is_won_through_the_runtime_and_thinks_out_loud():
    """A beginner game plays to the end; every decision is logged with its thought."""
    adapter = MinesweeperAdapter(BoardSpec.level("beginner"), FirstClick.OPENING, seed=1)
    session = Session(adapter, SWEEPER, seed=1)
    with structlog.testing.capture_logs() as logs:
        record = await session.run()
    assert record.outcome == "win" and record.cause == ""
    decisions = [e for e in logs if e["event"] == "decision"]
    assert len(decisions) == session.decisions
    first = decisions[0]
    assert first["winner"] == "first-click"
    assert first["rationale"] == ("first-click: nothing is open and the game promises an "
                                  "opening on the first click → reveal (2,2)")
    assert any(d["winner"] == "single-square" and "shows" in d["rationale"] for d in decisions)


async def test_only_the_cheapest_matching_rule_does_its_work():
    """Once a cheap rule matches, the costlier ones pass its name along without matching."""
    game = Minefield.with_mines(6, 2, [(4, 0), (4, 1)])
    game.reveal(0, 0)  # opens "0002##" twice over: single-square flags the two mines
    adapter = MinesweeperAdapter.hosting(game)
    session = Session(adapter, SWEEPER, seed=0, max_turns=1)
    with structlog.testing.capture_logs() as logs:
        await session.run()
    decision = next(e for e in logs if e["event"] == "decision")
    assert decision["winner"] == "single-square"
    assert [p["expert"] for p in decision["proposals"]] == ["single-square"]
    assert game.rows() == ("0002F#", "0002F#")


async def test_bench_counts_wins_and_moves_by_rule():
    """A small bench reports every game, wins with a Wilson interval, and moves by rule."""
    lines = await run_bench([BoardSpec.level("beginner")], [FirstClick.SAFE], games=6, seed=3)
    (line,) = lines
    assert (line.level, line.first_click, line.n) == ("beginner", "safe", 6)
    assert [g.seed for g in line.games] == [3, 4, 5, 6, 7, 8]
    moves = line.moves_by_rule()
    assert moves["first-click"] == 6
    assert moves["single-square"] > moves["two-square-near"]
    table = format_results(lines)
    assert table.splitlines()[2].startswith("beginner      safe             6")
    assert "91.3%" in table  # the target beside the result


def test_wilson_interval_matches_the_formula():
    """The 95% interval of 50/100 is symmetric about one half; extremes stay in [0, 1]."""
    lo, hi = wilson(50, 100)
    assert abs((lo + hi) / 2 - 0.5) < 1e-12 and abs(hi - 0.5961) < 1e-4
    assert wilson(0, 10)[0] == 0.0 and abs(wilson(10, 10)[1] - 1.0) < 1e-12
    assert set(TARGETS) == {(level, rule) for level in ("beginner", "intermediate", "expert")
                            for rule in ("safe", "opening")}


async def test_stale_generation_is_never_played():
    """An expert whose rule entry is from an older generation proposes nothing."""
    from actors.minesweeper._experts import RULE_EXPERTS
    from actors.minesweeper._field import field_from_rows
    from actors.minesweeper._ks import Stage
    from actors.minesweeper._rules import single_square
    from runtime import Blackboard, BoardView, Bus

    board = Blackboard(Bus(), session="t")
    field = field_from_rows(["1#", "11"], 1)
    stage = Stage(field=field, finding=single_square(field))
    await board.write("rule.single-square", stage, writer="single-square", generation=1)
    expert = next(e for e in RULE_EXPERTS if e.name == "single-square")()
    assert expert.propose(BoardView(board, expert, 2)) is None
    proposal = expert.propose(BoardView(board, expert, 1))
    assert [str(a) for a in proposal.action.actions] == ["flag 1,0"]
    await trio.lowlevel.checkpoint()


async def test_direct_path_plays_move_for_move_like_the_runtime():
    """The plain solver and a full session send the same actions on the same seeds."""
    checks = await check_runtime([BoardSpec.level("beginner"), BoardSpec.level("intermediate")],
                                 [FirstClick.SAFE], games=3, seed=11)
    assert [(c.level, c.n, c.same_moves, c.same_outcome) for c in checks] == [
        ("beginner", 3, 3, 3), ("intermediate", 3, 3, 3)]
    text = format_checks(checks)
    assert "beginner      safe     3/3 games move for move the same, 3/3 same outcome" in text


def test_a_different_game_leaves_a_different_trace():
    """The action digest tells two seeds' games apart and repeats for the same seed."""
    spec = BoardSpec.level("intermediate")
    first, again, other = (play_direct(spec, FirstClick.SAFE, s) for s in (5, 5, 6))
    assert first.trace == again.trace and first.moves == again.moves
    assert first.trace != other.trace


async def test_direct_bench_splits_seeds_into_chunks_in_order():
    """With worker processes the direct path still reports every seed once, in order."""
    lines = await run_bench([BoardSpec.level("beginner")], [FirstClick.OPENING], games=30,
                            seed=100, jobs=2, path="direct")
    assert [g.seed for g in lines[0].games] == list(range(100, 130))
    assert lines[0].path == "direct" and lines[0].moves_by_rule()["first-click"] == 30


def _line(level: str, wins: int, n: int) -> BenchLine:
    games = tuple(GameRecord(i, i < wins, (("single-square", 1),), (("single-square", 1),), 0.0)
                  for i in range(n))
    return BenchLine(level, "safe", games)


def test_verdict_compares_the_rate_and_its_interval_with_the_target():
    """At or above the target is met; below it but inside the 95% interval is 'within CI'."""
    assert _line("beginner", 92, 100).verdict() == "met"  # target 91.3%
    assert _line("beginner", 88, 100).verdict() == "within CI"
    assert _line("beginner", 800, 1000).verdict() == "not met"
    assert _line("custom", 1, 2).verdict() == "-"


def test_results_table_shows_shares_per_line_and_guesses():
    """The share table has one column per line and one for all; guesses are per game."""
    text = format_results([_line("beginner", 92, 100), _line("expert", 40, 100)])
    assert "begin safe  exper safe      all" in text
    assert "single-square         100.0%      100.0%   100.0%" in text
    assert "guesses per game: begin safe 0.00, exper safe 0.00" in text
    assert "[85.0, 95.9]" in text  # Wilson interval of 92/100


@pytest.mark.slow
async def test_beginner_win_rate_holds_over_two_hundred_games():
    """Through the runtime the agent wins at least 85% of 200 beginner games (safe corner)."""
    lines = await run_bench([BoardSpec.level("beginner")], [FirstClick.SAFE], games=200)
    assert lines[0].wins >= 170


async def test_bench_refuses_an_empty_run_or_an_unknown_path():
    """No games, or a path that is neither direct nor runtime, is a one-line ValueError."""
    beginner = [BoardSpec.level("beginner")]
    with pytest.raises(ValueError, match=r"^games must be >= 1 \(got 0\)$"):
        await run_bench(beginner, [FirstClick.SAFE], games=0, path="direct")
    with pytest.raises(ValueError, match="^unknown path 'fast'; choose from direct, runtime$"):
        await run_bench(beginner, [FirstClick.SAFE], games=1, path="fast")


async def test_daemon_plan_sets_up_the_named_board_and_plays_it():
    """The plan reads level and first-click rule, fills defaults, and its session plays."""
    from actors.minesweeper._plan import plan_session

    plan = plan_session({"level": "beginner", "first_click": "opening"}, 4)
    assert dict(plan.parameters) == {"level": "beginner", "first_click": "opening",
                                     "agent": "sweeper"}
    adapter = plan.adapter()
    assert (adapter.spec.name, adapter.first_click, adapter.seed) == (
        "beginner", FirstClick.OPENING, 4)
    record = await Session(adapter, plan.agent, seed=4).run()
    assert record.outcome in ("win", "loss") and record.turns > 1
    assert dict(plan_session({}, 0).parameters)["level"] == "expert"
    with pytest.raises(ValueError, match="^minesweeper parameter level: expected one of "
                                         "beginner, intermediate, expert, got 'huge'$"):
        plan_session({"level": "huge"}, 0)
