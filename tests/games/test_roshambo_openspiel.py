"""The pyspiel wrapper: the real 1999 competition bots behind our Player interface."""

from __future__ import annotations

import ctypes
import random
import re

import pytest

from games.roshambo import (
    OpenSpielBot,
    Table,
    make_opponent,
    openspiel_available,
    openspiel_bot_names,
    play_match,
)
from games.roshambo._openspiel import OPENSPIEL_BOTS

pytestmark = pytest.mark.skipif(
    not openspiel_available(),
    reason="pyspiel is not installed: pip install -e '.[bench]'",
)

TURNS = 300


def direct_throws(name: str, seed: int, opponent: list[int]) -> list[int]:
    """The bot's throws when pyspiel plays it directly after ``srandom(seed)``."""
    import pyspiel

    ctypes.CDLL(None).srandom(ctypes.c_uint(seed))
    game = pyspiel.load_game(
        f"repeated_game(stage_game=matrix_rps(),num_repetitions={len(opponent)})"
    )
    # greenberg overruns its arrays when built for fewer than 1000 throws.
    length = max(len(opponent), 1000) if name == "greenberg" else len(opponent)
    bot = pyspiel.make_roshambo_bot(0, name, length)
    state = game.new_initial_state()
    throws = []
    for theirs in opponent:
        throws.append(bot.step(state))
        state.apply_actions([throws[-1], theirs])
    return throws


def wrapped_throws(bot: OpenSpielBot, seed: int, opponent: list[int]) -> list[int]:
    """The wrapper's throws against the same fixed sequence."""
    bot.reset(seed, len(opponent))
    throws: list[int] = []
    for turn in range(len(opponent)):
        throws.append(bot.move(throws, opponent[:turn]))
    return throws


def fixed_opponent(seed: int = 5, turns: int = TURNS) -> list[int]:
    """A reproducible pseudo-random throw sequence."""
    rng = random.Random(seed)
    return [rng.randrange(3) for _ in range(turns)]


def test_all_43_bots_are_offered_and_described():
    """pyspiel's names are the ones we describe, and the suite lists them all."""
    assert openspiel_bot_names() == sorted(OPENSPIEL_BOTS)
    assert len(OPENSPIEL_BOTS) == 43
    assert set(OPENSPIEL_BOTS) <= set(__import__("games.roshambo").roshambo.opponent_names())


@pytest.mark.parametrize("name", sorted(OPENSPIEL_BOTS))
def test_wrapper_throws_what_pyspiel_throws_directly(name):
    """Same seed, same opposing sequence: throw for throw the same as pyspiel alone."""
    opponent = fixed_opponent()
    assert wrapped_throws(OpenSpielBot(name), 7, opponent) == direct_throws(name, 7, opponent)


def test_seed_controls_the_randomness_per_bot():
    """A seed replays a random bot's throws; another seed changes them."""
    opponent = fixed_opponent()
    bot = OpenSpielBot("randbot")
    first = wrapped_throws(bot, 1, opponent)
    assert wrapped_throws(bot, 1, opponent) == first
    assert wrapped_throws(bot, 2, opponent) != first


def test_interleaved_bots_keep_their_own_random_streams():
    """Two bots stepped alternately throw as each would alone."""
    opponent = fixed_opponent()
    alone = wrapped_throws(OpenSpielBot("randbot"), 3, opponent)
    left, right = OpenSpielBot("randbot"), OpenSpielBot("randbot")
    left.reset(3, TURNS)
    right.reset(3, TURNS)
    ctypes.CDLL(None).srandom(ctypes.c_uint(99))
    mine_left: list[int] = []
    mine_right: list[int] = []
    for turn in range(TURNS):
        mine_left.append(left.move(mine_left, opponent[:turn]))
        ctypes.CDLL(None).random()  # someone else using the global stream
        mine_right.append(right.move(mine_right, opponent[:turn]))
    assert mine_left == mine_right == alone


def test_asking_twice_for_a_turn_gives_the_same_throw():
    """A repeated question does not step the bot again."""
    bot = OpenSpielBot("iocainebot")
    bot.reset(0, TURNS)
    assert bot.move([], []) == bot.move([], [])
    assert bot.move([0], [1]) == bot.move([0], [1])


def test_wrapper_catches_up_with_histories_it_did_not_see():
    """Jumping ahead or starting over still gives a legal throw, the latter reproducibly."""
    bot = OpenSpielBot("iocainebot")
    bot.reset(0, TURNS)
    first = bot.move([], [])
    assert bot.move([0, 1, 2, 0], [1, 1, 1, 1]) in (0, 1, 2)
    assert bot.move([], []) == first


def test_wrapper_plays_our_referee():
    """The 1999 winner crushes a rock thrower at a Table and in play_match."""
    table = Table(make_opponent("iocainebot"), turns=TURNS)
    for _ in range(TURNS):
        table.play(0)
    assert table.result().score < -250
    assert play_match(make_opponent("iocainebot"), make_opponent("rock"), TURNS).score > 250
    assert play_match(make_opponent("iocainebot"), make_opponent("rockbot"), TURNS).score > 250


@pytest.mark.parametrize("turns", [1, 10, 100])
def test_greenberg_survives_short_matches(turns):
    """greenberg is built for 1000 throws whatever the match length (it would crash)."""
    match = play_match(make_opponent("greenberg"), make_opponent("rotate"), turns=turns)
    assert match.turns == turns


def test_wrapper_rejects_unknown_names_and_overlong_matches():
    """Errors name the problem: an unknown bot, or a turn past the match length."""
    with pytest.raises(ValueError, match=re.escape("unknown OpenSpiel RoShamBo bot 'nobot'")):
        OpenSpielBot("nobot")
    bot = OpenSpielBot("rockbot")
    bot.reset(0, 2)
    with pytest.raises(
        ValueError, match=re.escape("rockbot was reset for a 2-turn match but asked for turn 3")
    ):
        bot.move([0, 0], [1, 1])
