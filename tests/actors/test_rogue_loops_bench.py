"""bench/rogue_loops.py: cycles of decisions found in a witnessed game."""

from types import SimpleNamespace

from bench_loader import load_bench

rogue_loops = load_bench("rogue_loops")


def _entry(expert, action, rationale, player, level=10):
    view = SimpleNamespace(status=SimpleNamespace(level=level), player=player)
    return view, action, SimpleNamespace(expert=expert, rationale=rationale)


def test_a_repeated_cycle_is_found_with_its_start_period_and_length():
    """Three items, then ``abcd`` five times and a half: one stretch from index 3,
    period 4, 22 long; the search goes on after it and finds nothing more."""
    seq = list("xyz") + list("abcd") * 5 + list("ab") + list("q")
    assert rogue_loops.cycles(seq, longest=8, least=10) == [(3, 4, 22)]


def test_short_stretches_and_single_rounds_are_not_loops():
    seq = list("abcdabcd") + list("xyzw")
    assert rogue_loops.cycles(seq, longest=8, least=10) == []
    assert rogue_loops.cycles(list("abcdefgh"), longest=8, least=1) == []


def test_the_longest_stretch_wins_and_the_shortest_period_among_equals():
    """``abab...`` is also ``abab`` repeated; the period reported is 2."""
    assert rogue_loops.cycles(list("ab") * 10, longest=8, least=4) == [(0, 2, 20)]


def test_a_walk_to_and_fro_is_reported_and_a_wait_in_one_place_is_not():
    """1.71's dungeon 1184: hold twice on the door, a step down, a step back up, round
    and round; beside it a camp for the first faint on one square, which repeats as
    well but is waiting. Screens decisions (--More--) are left out of the cycle."""
    door, passage = (14, 64), (15, 64)
    hold = "hold: the ice monster just met may be awake"
    round_trip = [_entry("hold", "s", hold, door), _entry("hold", "s", hold, door),
                  _entry("screens", " ", "dismiss --More--", door),
                  _entry("explore", "j", "explore: toward the unknown at (18, 62)", door),
                  _entry("explore", "k", "explore: toward the unknown at (13, 65)", passage)]
    camp = [_entry("health", "s", "health: weak: wait here for the faint", (3, 3), 1)]
    log = camp * 50 + round_trip * 20
    lines = rogue_loops.report(rogue_loops.decisions(log), longest=8, least=40)
    assert lines == ["level 10, decision 50: 80 decisions in a cycle of 4 (explore, hold): "
                     "hold: the ice monster just met may be awake"]
