"""bench/rogue_search_map.py: a level's searches marked on its last screen."""

from types import SimpleNamespace

from bench_loader import load_bench

rogue_search_map = load_bench("rogue_search_map")


def _view(level, lines):
    """A witnessed screen: its status line's level, its rows and, as a RogueView
    reads it, where the ``@`` is."""
    player = next(((r, line.index("@")) for r, line in enumerate(lines) if "@" in line), None)
    return SimpleNamespace(status=SimpleNamespace(level=level), lines=lines, player=player)


def _decision(rationale):
    return SimpleNamespace(expert="explore", rationale=rationale)


def test_searches_are_summed_by_square_and_marked_on_the_levels_last_screen():
    """Counts add up per square (``10s`` is ten turns, ``s`` one); a walk, a search on
    another level and a key that is not a search leave no mark; the screen drawn is
    the level's last one, with the hero where he ended."""
    first = ["", " #@#   ", "  ---- "]
    second = ["", " ###@  ", "  ---- "]
    log = [
        (_view(3, ["", "@", ""]), "10s", _decision("explore: search for secret doors here")),
        (_view(4, first), "10s", _decision("explore: search for secret doors here (0 so far)")),
        (_view(4, first), "10s", _decision("explore: search for secret doors here (1 so far)")),
        (_view(4, first), "s", _decision("explore: search the dead end here (2 so far)")),
        (_view(4, first), "l", _decision("explore: to the search spot at (1, 4)")),
        (_view(4, second), "s", _decision("explore: search for secret doors here (0 so far)")),
        (_view(4, second), "i", _decision("the pack changed: read the inventory")),
    ]
    lines = rogue_search_map.search_map(log, 4)
    assert lines[:3] == ["", " #b#1", "  ----"]
    assert lines[3] == "22 turns of searching from 2 squares"
    assert lines[4] == "first: (1, 2), (1, 4)"


def test_marks_run_from_digits_to_letters_by_tens():
    assert [rogue_search_map.mark(n) for n in (1, 9, 10, 19, 20, 600)] == [
        "1", "9", "a", "a", "b", "z"]


def test_a_level_never_reached_says_so():
    log = [(_view(2, ["@"]), "s", _decision("explore: search for secret doors here"))]
    assert rogue_search_map.search_map(log, 5) == ["level 5 was never reached"]
