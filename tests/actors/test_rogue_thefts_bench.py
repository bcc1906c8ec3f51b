"""bench/rogue_thefts.py: finding each theft in a game's screens, and the thief's distance."""

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

_BENCH = Path(__file__).resolve().parents[2] / "bench"
_SPEC = importlib.util.spec_from_file_location("rogue_thefts", _BENCH / "rogue_thefts.py")
rogue_thefts = importlib.util.module_from_spec(_SPEC)
sys.path.insert(0, str(_BENCH))  # for its ``from rogue_last_moves import ...``
try:
    _SPEC.loader.exec_module(rogue_thefts)
finally:
    sys.path.remove(str(_BENCH))


def _view(message: str, *rows: str):
    return SimpleNamespace(lines=[message, *rows])


def test_one_theft_is_found_once_though_its_message_stays_up():
    """Rogue leaves "Your purse feels lighter" up while the agent clears it and reads
    the pack: one theft, not three. A nymph's "She stole" counts as another."""
    log = [(_view(""), "l", None),
           (_view("Your purse feels lighter"), "\x1b", None),
           (_view("Your purse feels lighter"), "i", None),
           (_view("Your purse feels lighter"), " ", None),
           (_view(""), "h", None), (_view(""), "h", None), (_view(""), "h", None),
           (_view("She stole a blue potion!"), " ", None)]
    assert rogue_thefts.thefts(log) == [1, 7]


def test_the_thief_distance_is_to_the_nearest_thief_on_the_map():
    """The message line is not the map: an "L" there is no leprechaun."""
    rows = ["", "   @   ", "       ", "     N ", " L     "]
    assert rogue_thefts.thief_distance(["LL", *rows[1:]]) == 2
    assert rogue_thefts.thief_distance(["", "   @   "]) is None
