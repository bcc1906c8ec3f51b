"""bench/rogue_turns.py: a game's turns by kind, and why each level was left."""

from types import SimpleNamespace

from bench_loader import load_bench
from witness_log import decision as _did
from witness_log import map_screen as _map

turns = load_bench("rogue_turns")


def test_a_count_is_that_many_turns_and_screen_keys_none():
    assert turns.turns_taken("20s") == 20
    assert turns.turns_taken("s") == 1
    assert turns.turns_taken("h") == 1
    assert turns.turns_taken("y") == 1  # a step up and left, not an answer
    assert turns.turns_taken("dh") == 1
    assert turns.turns_taken(" ") == 0
    assert turns.turns_taken("\x1b") == 0
    assert turns.turns_taken(None) == 0


def test_the_explorer_and_health_expert_are_split_by_what_they_do():
    assert turns.kind("explore", "l", "explore: toward the unknown at (3, 4)") == "explore: walk"
    assert turns.kind("explore", "s", "explore: search the dead end here") == "explore: search"
    assert turns.kind("explore", "5s", "explore: wait on the stairs for the first faint") \
        == "explore: wait"
    assert turns.kind("health", "9s", "health: rest (hp 20/30)") == "health: rest"
    assert turns.kind("health", "k", "health: rest on the stairs, 4 squares off") \
        == "health: walk"
    assert turns.kind("health", "s", "health: Weak: wait here for the faint, then eat") \
        == "health: wait"
    assert turns.kind("melee", "h", "melee: strike the orc (h)") == "melee"


def test_departures_lose_their_numbers_and_monsters_to_count_together():
    assert turns.shape("explore: 612 actions on level 7, down the stairs") \
        == "explore: N actions on level N, down the stairs"
    a = turns.shape("battlestations: hurt (hp 9) on the stairs, and the hobgoblin would kill "
                    "us 15% of the time; down the stairs, out of reach")
    b = turns.shape("battlestations: hurt (hp 20) on the stairs, and the quagga would kill "
                    "us 21% of the time; down the stairs, out of reach")
    assert a == b and "monster would kill us N of the time" in a


def test_fold_counts_turns_by_kind_and_takes_the_last_turn_on_a_level_as_its_departure():
    """Screens and pack lists take no turn and are no departure: the '>' two decisions
    before the new level's first screen is what left level 1; a trapdoor's step too."""
    log = [
        (_map(1), "l", _did("explore", "toward the unknown at (5, 5)")),
        (_map(1), "20s", _did("health", "rest (hp 5/12)")),
        (_map(1), "l", _did("melee", "strike the kestrel (l); hp 12")),
        (_map(1), ">", _did("explore", "level 1 explored, down the stairs")),
        (_map(1), " ", _did("screens", "dismiss --More--")),
        (_map(2), "i", _did("inventory", "the pack changed: read the inventory")),
        (SimpleNamespace(kind="inventory", status=None), " ", None),
        (_map(2), "j", _did("explore", "toward the unknown at (9, 9)")),
        (_map(3), "k", _did("explore", "toward the unknown at (2, 2)")),
    ]
    game = turns.fold(7, log)
    assert game.turns == {"explore: walk": 4, "health: rest": 20, "melee": 1}
    assert game.departures == ["explore: level N explored, down the stairs",
                               "explore: toward the unknown at (N, N)"]
    assert turns.describe(game).startswith("dungeon 7: 25 turns (health: rest 20")


def test_summary_gives_each_kind_its_share_and_the_commonest_departure_first():
    one = turns.GameTurns(1, turns.Counter({"explore: walk": 60, "health: rest": 20}),
                          ["explore: short of food, down the stairs"])
    two = turns.GameTurns(2, turns.Counter({"explore: walk": 15, "melee": 5}),
                          ["explore: level N explored, down the stairs",
                           "explore: short of food, down the stairs"])
    lines = turns.summarise([one, two])
    assert lines[0] == "100 turns in 2 games"
    assert lines[1] == "  explore: walk: 75 (75.0%)"
    assert "  health: rest: 20 (20.0%)" in lines
    assert lines[lines.index("3 levels left") + 1] == "  2: explore: short of food, down the stairs"
