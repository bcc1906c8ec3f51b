"""bench/rogue_first_level.py: a monster's encounters on level 1, and how they went."""

from types import SimpleNamespace

from bench_loader import load_bench

first_level = load_bench("rogue_first_level")


def _decision(why: str) -> SimpleNamespace:
    return SimpleNamespace(rationale=why)


def _view(hp: int) -> SimpleNamespace:
    return SimpleNamespace(status=SimpleNamespace(hp=hp, hp_max=12))


def test_encounters_are_runs_of_decisions_naming_the_monster():
    """A line-up, two arrows and a blow make one encounter; a short gap (a message, a
    pack listing) does not end it, a long walk away does, and decisions about another
    monster are not counted in it."""
    walk = [(_view(12), "h", _decision("explore: toward the unknown at (3, 4)"))]
    log = [
        (_view(12), "h", _decision("target: line up a shot at the asleep hobgoblin")),
        (_view(12), "tle", _decision("missile: throw '25 arrows' at the hobgoblin 4 squares")),
        (_view(12), " ", None),
        (_view(12), "tle", _decision("missile: throw '24 arrows' at the hobgoblin 3 squares")),
        (_view(12), "l", _decision("melee: strike the snake (l)")),
        (_view(12), "l", _decision("melee: strike the hobgoblin (l)")),
        *walk * (first_level.ENCOUNTER_GAP + 1),
        (_view(9), "s", _decision("target: let the hobgoblin come to us")),
        (_view(4), "h", _decision("melee: strike the hobgoblin (h)")),
    ]
    found = first_level.encounters(log, "hobgoblin")
    assert [(e["arrows"], e["blows"], e["hp"]) for e in found] == [(2, 1, 12), (0, 1, 9)]
    assert found[0]["first"].startswith("target: line up")
    assert found[1]["first"] == "target: let the hobgoblin come to us"
    assert first_level.encounters(log[:4], "kestrel") == []


def test_a_gap_of_the_limit_keeps_the_encounter_open():
    log = [(_view(12), "h", _decision("melee: strike the hobgoblin (h)")),
           *[(_view(12), "s", _decision("health: rest"))] * first_level.ENCOUNTER_GAP,
           (_view(12), "h", _decision("melee: strike the hobgoblin (h)"))]
    found = first_level.encounters(log, "hobgoblin")
    assert len(found) == 1 and found[0]["blows"] == 2


def test_openings_are_grouped_across_the_counts_of_arrows_thrown():
    """Two throws of different stacks open the same way; a strike opens another way."""
    first = first_level.opening("missile: throw '33 +0,+0 arrows' at the hobgoblin 9 squares h",
                                "hobgoblin")
    assert first == first_level.opening("missile: throw '29 +0,+0 arrows' at the hobgoblin 5 "
                                        "squares l", "hobgoblin")
    assert first == "missile: throw '...' at the"
    assert first_level.opening("melee: strike the hobgoblin (h); hp 12", "hobgoblin") == \
        "melee: strike the"
