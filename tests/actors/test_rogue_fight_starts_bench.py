"""bench/rogue_fight_starts.py: where the last fight with a monster began."""

import argparse
from types import SimpleNamespace

import pytest
from bench_loader import load_bench

fight_starts = load_bench("rogue_fight_starts")


def _screen(*rows: str):
    return SimpleNamespace(lines=["", *rows])


def test_the_fight_starts_at_the_first_screen_of_the_last_run_beside_the_monster():
    """The centaur was beside the hero early on (screen 1), stayed away for five
    screens, and came back for the fight that ended the game (screens 7 to 10, with a
    screen without a map and one step back out of reach between, which do not break
    it): the start is screen 7, not 1."""
    near, far, blank = _screen(" @C "), _screen(" @   C"), SimpleNamespace(lines=None)
    log = [(far, "h", None), (near, "h", None), *[(far, "h", None)] * 5,
           (near, "h", None), (blank, " ", None), (far, "h", None), (near, "h", None)]
    assert fight_starts.fight_start(log, "C") == 7
    assert fight_starts.fight_start(log[:5], "C") == 1
    assert fight_starts.fight_start(log, "Q") is None


def test_only_the_map_counts_and_diagonals_are_beside():
    distance = load_bench("rogue_last_moves").map_distance
    assert distance(["C@", " @ ", "C  "], "C") == 1
    assert distance(["C@", " @ ", "   ", "C  "], "C") == 2


def test_a_game_is_named_by_dungeon_and_letter():
    assert fight_starts._game("506:C") == (506, "C")
    for bad in ("506", "C:506", "506:CC"):
        with pytest.raises(argparse.ArgumentTypeError, match="DUNGEON:LETTER"):
            fight_starts._game(bad)


def test_who_struck_first_is_read_from_the_first_blow_message_naming_the_monster():
    """The centaur stepped in without a blow (no message), then the hero missed it: the
    hero struck first. A blow at another monster does not count; the centaur's own
    blow on the screen it came beside does."""
    quiet, hero = _screen(" @C "), SimpleNamespace(lines=["You miss the centaur", " @C "])
    other = SimpleNamespace(lines=["You hit the bat", " @C "])
    theirs = SimpleNamespace(lines=["The centaur has injured you", " @C "])
    log = [(quiet, "h", None), (other, " ", None), (hero, "h", None), (theirs, "h", None)]
    assert fight_starts.first_blow(log, 0, "centaur") == "hero"
    assert fight_starts.first_blow(log, 3, "centaur") == "monster"
    assert fight_starts.first_blow(log[:2], 0, "centaur") is None
