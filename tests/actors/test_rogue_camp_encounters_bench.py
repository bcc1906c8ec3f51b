"""bench/rogue_camp_encounters.py: level 1's encounters before, during and after a camp."""

from bench_loader import load_bench
from witness_log import decision as _did
from witness_log import map_screen as _map

camp = load_bench("rogue_camp_encounters")


def test_the_monster_named_is_the_longest_name_that_fits():
    assert camp.named("melee: strike the hobgoblin (h); hp 12") == "hobgoblin"
    assert camp.named("target: go for the awake kestrel 3 squares away") == "kestrel"
    assert camp.named("melee: strike the rattlesnake (h)") == "rattlesnake"
    assert camp.named("explore: toward the unknown at (4, 5)") is None


def test_fold_splits_level_one_into_before_the_camp_the_camp_and_after():
    """A fight before the stairs, one bat during the camp (its blows, a rest and the
    faint's wait between them belong to the camp), two monsters met after it; one
    encounter however many blows, a new one for another monster; level 2 not counted;
    screens take no turn."""
    log = [
        (_map(1), "l", _did("explore", "toward the unknown at (5, 5)")),
        (_map(1), "h", _did("melee", "strike the kestrel (h); hp 12")),
        (_map(1), "h", _did("melee", "strike the kestrel (h); hp 12")),
        (_map(1), "l", _did("explore", "to the stairs, to wait there for the first faint")),
        (_map(1), "s", _did("explore", "wait on the stairs for the first faint before "
                                       "exploring level 1")),
        (_map(1), "h", _did("melee", "strike the bat (h); hp 12")),
        (_map(1), " ", _did("screens", "dismiss --More--")),
        (_map(1), "h", _did("melee", "strike the bat (h); hp 12")),
        (_map(1), "9s", _did("health", "rest (hp 9/12)")),
        (_map(1), "s", _did("health", "weak: wait here for the faint, then eat")),
        (_map(1), "ea", _did("hunger", "Faint (nothing near): eat 'Some food' now")),
        (_map(1), "l", _did("explore", "toward the unknown at (8, 8)")),
        (_map(1), "l", _did("melee", "strike the hobgoblin (l); hp 12")),
        (_map(1), "l", _did("melee", "strike the emu (l); hp 12")),
        (_map(1), ">", _did("explore", "level 1 explored, down the stairs")),
        (_map(2), "h", _did("melee", "strike the snake (h); hp 12")),
    ]
    game = camp.fold(7, log)
    assert game.encounters == {"before": 1, "camp": 1, "after": 2}
    assert game.turns == {"before": 3, "camp": 15, "after": 4}
    assert "camp 1 in 15 turns" in camp.describe(game)


def test_a_long_gap_makes_a_second_encounter_with_the_same_monster():
    fight = (_map(1), "h", _did("melee", "strike the hobgoblin (h); hp 12"))
    walk = (_map(1), "l", _did("explore", "toward the unknown at (5, 5)"))
    near = [fight] + [walk] * camp.GAP + [fight]
    far = [fight] + [walk] * (camp.GAP + 1) + [fight]
    assert camp.fold(1, near).encounters["before"] == 1
    assert camp.fold(1, far).encounters["before"] == 2


def test_summary_gives_each_phase_per_thousand_turns():
    game = camp.CampEncounters(1)
    game.turns.update({"before": 500, "camp": 1000, "after": 250})
    game.encounters.update({"before": 8, "camp": 3, "after": 8})
    lines = camp.summarise([game, camp.CampEncounters(2)])
    assert lines[0].endswith("8 encounters in 500 turns, 16.0 per 1,000")
    assert lines[1].endswith("3 encounters in 1000 turns, 3.0 per 1,000")
    assert lines[2].endswith("32.0 per 1,000")
