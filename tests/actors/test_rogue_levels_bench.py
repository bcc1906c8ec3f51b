"""bench/rogue_levels.py: a witnessed game summed up level by level."""

from types import SimpleNamespace

from bench_loader import load_bench

rogue_levels = load_bench("rogue_levels")


def _screen(level, gold, hunger="", message=""):
    status = SimpleNamespace(level=level, gold=gold, hunger=hunger)
    return SimpleNamespace(status=status, message=message)


def _decision(rationale, expert="explore"):
    return SimpleNamespace(expert=expert, rationale=rationale)


def test_each_level_gets_its_decisions_gold_and_the_decision_that_left_it():
    """Gold is counted from the first screen of a level to its last; a screen without
    a status line (an inventory list) counts as a decision but moves neither the level
    nor the gold; the last level's line ends with the game's last decision."""
    log = [
        (_screen(1, 0), "l", _decision("explore: toward the unknown at (3, 4)")),
        (SimpleNamespace(status=None, message=""), " ", _decision("close the list", "screens")),
        (_screen(1, 40), "h", _decision("explore: nothing left here, to the stairs")),
        (_screen(1, 40), ">", _decision("explore: level 1 explored, down the stairs")),
        (_screen(2, 40, hunger="Hungry"), "s", _decision("search")),
        (_screen(2, 95, hunger="Hungry"), "Q", _decision("surrender: quit", "surrender")),
    ]
    lines = rogue_levels.level_lines(log)
    assert lines == [
        "level 1: 4 decisions, gold +40 [last: explore: level 1 explored, down the stairs]",
        "level 2: 2 decisions, gold +55 [last: surrender: quit]: Hungry",
    ]


def test_a_level_left_with_less_gold_shows_the_loss():
    """A leprechaun's theft leaves the level's gold negative, as the records show it."""
    log = [(_screen(3, 500), "h", _decision("melee: strike the leprechaun")),
           (_screen(3, 212), "h", _decision("explore: toward the unknown at (9, 9)"))]
    assert rogue_levels.level_lines(log) == [
        "level 3: 2 decisions, gold -288 [last: explore: toward the unknown at (9, 9)]"]


def _mapped(level, rows, player):
    """A map screen: ``rows`` are map rows 1, 2, ... and ``player`` the hero's square."""
    status = SimpleNamespace(level=level, gold=0, hunger="")
    return SimpleNamespace(status=status, message="", map=tuple(rows), player=player)


def test_food_seen_on_a_level_and_the_squares_walked_onto():
    """Food squares count once however often they show; one is taken when the hero
    stands on it; a new level starts its counts again, and the status line's colons
    ("Level:", "Gold:") are not food."""
    log = [
        (_mapped(1, ["  @ :  :"], (1, 2)), "l", _decision("object: food")),
        (_mapped(1, ["   @:  :"], (1, 3)), "l", _decision("object: food")),
        (_mapped(1, ["    @  :"], (1, 4)), ">", _decision("explore: down")),
        (_mapped(2, ["", " @"], (2, 1)), "s", _decision("search")),
    ]
    lines = rogue_levels.level_lines(log)
    assert lines == [
        "level 1: 3 decisions, gold +0, food seen 2, walked onto 1 [last: explore: down]",
        "level 2: 1 decisions, gold +0, food seen 0, walked onto 0 [last: search]",
    ]
