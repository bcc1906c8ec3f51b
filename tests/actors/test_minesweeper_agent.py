"""The Minesweeper agent through the runtime: the rule chain, the arbiter, the bench."""

from __future__ import annotations

import pytest
import structlog
import trio

from actors.minesweeper._agents import SWEEPER
from actors.minesweeper._bench import TARGETS, format_results, run_bench, wilson
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
                                  "opening on the first click → reveal (3,3)")
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


@pytest.mark.slow
async def test_beginner_win_rate_holds_over_two_hundred_games():
    """Through the runtime the agent wins at least 85% of 200 beginner games (safe corner)."""
    lines = await run_bench([BoardSpec.level("beginner")], [FirstClick.SAFE], games=200)
    assert lines[0].wins >= 170
