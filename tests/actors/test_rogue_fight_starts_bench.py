"""bench/rogue_fight_starts.py: where the last fight with a monster began."""

import argparse
import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

_BENCH = Path(__file__).resolve().parents[2] / "bench"
_SPEC = importlib.util.spec_from_file_location("rogue_fight_starts",
                                               _BENCH / "rogue_fight_starts.py")
fight_starts = importlib.util.module_from_spec(_SPEC)
sys.path.insert(0, str(_BENCH))  # for its ``from rogue_last_moves import ...``
try:
    _SPEC.loader.exec_module(fight_starts)
finally:
    sys.path.remove(str(_BENCH))


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
    assert fight_starts.beside(["C@", " @ ", "C  "], "C")
    assert not fight_starts.beside(["C@", " @ ", "   ", "C  "], "C")


def test_a_game_is_named_by_dungeon_and_letter():
    assert fight_starts._game("506:C") == (506, "C")
    for bad in ("506", "C:506", "506:CC"):
        with pytest.raises(argparse.ArgumentTypeError, match="DUNGEON:LETTER"):
            fight_starts._game(bad)
