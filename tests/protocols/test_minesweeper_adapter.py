"""The Minesweeper adapter: what the player sees, what it can do, how a game ends."""

import pytest

from games.minesweeper import Minefield
from protocols.minesweeper import (
    Action,
    BoardSpec,
    FirstClick,
    IllegalMoveError,
    InvalidMoveError,
    MinefieldView,
    MinesweeperAdapter,
    MoveSet,
    render,
)
from runtime import GameOver, decode, encode

# Mines at (3,0) and (3,2) of a 4x3 board; its numbers:
#   0 0 1 *
#   0 0 2 2
#   0 0 1 *


def adapter_for_corners(**kwargs) -> MinesweeperAdapter:
    return MinesweeperAdapter.hosting(Minefield.with_mines(4, 3, [(3, 0), (3, 2)]), **kwargs)


async def test_first_view_is_all_covered_with_the_full_counter():
    """Before any move every square is covered and the counter shows every mine."""
    async with MinesweeperAdapter(BoardSpec.level("expert"), FirstClick.OPENING) as adapter:
        observed = await adapter.observe()
    view = observed.payload
    assert not observed.terminal
    assert (view.width, view.height, view.mines, view.mines_left) == (30, 16, 99, 99)
    assert view.rows == ("#" * 30,) * 16
    assert (view.status, view.moves, view.first_click) == ("playing", 0, "opening")


async def test_view_and_actions_round_trip_through_the_codec():
    """Observations and actions are messages: encoded and decoded, they are unchanged."""
    async with adapter_for_corners() as adapter:
        await adapter.act(Action("reveal", 0, 0))
        view = (await adapter.observe()).payload
    assert view.rows == ("001#", "002#", "001#")
    assert decode(encode(view)) == view
    moves = MoveSet((Action("flag", 3, 0), Action("reveal", 3, 1)))
    assert decode(encode(moves)) == moves


async def test_move_set_plays_in_order_and_skips_squares_already_opened():
    """A move set's reveal of a square an earlier cascade opened is skipped, not refused."""
    async with adapter_for_corners() as adapter:
        await adapter.act(MoveSet((Action("reveal", 0, 0), Action("reveal", 1, 1),
                                   Action("flag", 3, 0))))
        view = (await adapter.observe()).payload
        assert adapter.moot == 1
    assert view.rows == ("001F", "002#", "001#")
    assert (view.mines_left, view.moves) == (1, 2)


async def test_win_is_terminal_with_full_score():
    """Opening the last safe square ends the game: a win, score 1, the moves counted."""
    async with adapter_for_corners() as adapter:
        await adapter.act(Action("reveal", 0, 0))
        await adapter.act(Action("flag", 3, 0))
        await adapter.act(Action("chord", 2, 0))
        observed = await adapter.observe()
        assert observed.terminal
        with pytest.raises(GameOver, match=r"^the game is over \(won\)$"):
            await adapter.act(Action("reveal", 3, 2))
        result = adapter.result()
    assert (result.outcome, result.score, result.turns) == ("win", 1.0, 3)
    assert dict(result.detail)["board"] == "4x3/2"


async def test_loss_is_terminal_and_scores_the_share_opened():
    """A mine ends the game as a loss scored by the share of safe squares opened."""
    async with adapter_for_corners() as adapter:
        await adapter.act(Action("reveal", 0, 0))
        await adapter.act(Action("reveal", 3, 0))
        observed = await adapter.observe()
        result = adapter.result()
    assert observed.terminal
    assert observed.payload.rows == ("001X", "002#", "001*")
    assert (result.outcome, result.score) == ("loss", 0.9)


async def test_refused_actions_say_why():
    """An illegal action quotes the move and the reason; an unknown verb is invalid."""
    async with adapter_for_corners() as adapter:
        await adapter.act(Action("reveal", 0, 0))
        with pytest.raises(IllegalMoveError,
                           match=r"^illegal move 'reveal 2,1': \(2,1\) is already revealed "
                                 r"\(shows 2\)$"):
            await adapter.act(Action("reveal", 2, 1))
        with pytest.raises(InvalidMoveError,
                           match=r"^invalid action 'dig 1,1': unknown verb 'dig' \(verbs: "
                                 r"reveal, flag, unflag, chord\)$"):
            await adapter.act(Action("dig", 1, 1))
        with pytest.raises(InvalidMoveError, match=r"^invalid action 'r': expected a "
                                                   r"minesweeper Action or MoveSet$"):
            await adapter.act("r")


async def test_on_act_hears_every_action_with_squares_opened():
    """The watcher callback gets each action and how many squares it opened."""
    heard = []
    async with adapter_for_corners(on_act=lambda a, n: heard.append((str(a), n))) as adapter:
        await adapter.act(Action("reveal", 0, 0))
        await adapter.act(Action("flag", 3, 0))
    assert heard == [("reveal 0,0", 9), ("flag 3,0", 0)]


def test_render_draws_a_numbered_board():
    """The text board has column and row numbers, dots for zeros, and the counter."""
    view = MinefieldView(4, 3, 2, 1, ("001F", "002#", "001#"), "playing", 3)
    assert render(view) == (
        "  0 1 2 3\n"
        "0 . . 1 F\n"
        "1 . . 2 #\n"
        "2 . . 1 #\n"
        "mines left 1  moves 3  playing"
    )


def test_act_now_plays_without_an_event_loop_and_counts_moves_played():
    """The synchronous path returns the moves played, skipping the moot reveal, and ends."""
    heard = []
    adapter = MinesweeperAdapter(BoardSpec.custom(4, 3, 2), seed=0,
                                 on_act=lambda action, opened: heard.append(opened))
    adapter.start_now()
    game = adapter.minefield
    assert adapter.act_now(MoveSet((Action("reveal", 0, 0), Action("reveal", 0, 0)))) == 1
    assert adapter.played == 1 and adapter.moot == 1 and heard == [game.opened]
    safe = [Action("reveal", x, y) for y in range(3) for x in range(4)
            if not game.mine_at(x, y) and game.square(x, y) == "#"]
    assert adapter.act_now(MoveSet(tuple(safe))) <= len(safe)
    assert adapter.result().outcome == "win"
    with pytest.raises(GameOver, match=r"^the game is over \(won\)$"):
        adapter.act_now(Action("reveal", 0, 0))
