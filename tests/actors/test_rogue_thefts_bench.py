"""bench/rogue_thefts.py: finding each theft in a game's screens, and the thief's distance."""

from types import SimpleNamespace

from bench_loader import load_bench

rogue_thefts = load_bench("rogue_thefts")


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
    distance = load_bench("rogue_last_moves").map_distance
    rows = ["", "   @   ", "       ", "     N ", " L     "]
    assert distance(["LL", *rows[1:]], rogue_thefts.THIEVES) == 2
    assert distance(["", "   @   "], rogue_thefts.THIEVES) is None
