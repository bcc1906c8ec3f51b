"""bench/rogue_resources.py: the pack and the fighting, folded level by level."""

from types import SimpleNamespace

from bench_loader import load_bench

resources = load_bench("rogue_resources")

START_PACK = (
    ("a", "Some food"),
    ("b", "+1 ring mail [protection 4] (being worn)"),
    ("c", "A +1,+1 mace (weapon in hand)"),
    ("d", "A +1,+0 short bow"),
    ("e", "31 +0,+0 arrows"),
)


def _map(level: int, exp_level: int = 1, hp_max: int = 12) -> SimpleNamespace:
    status = SimpleNamespace(level=level, exp_level=exp_level, hp_max=hp_max)
    return SimpleNamespace(kind="map", status=status, items=())


def _pack(*items: tuple[str, str]) -> SimpleNamespace:
    return SimpleNamespace(kind="inventory", status=None, items=items)


def _did(why: str) -> SimpleNamespace:
    return SimpleNamespace(rationale=why)


def test_read_pack_counts_every_stack_of_arrows_and_names_what_is_worn_and_wielded():
    arrows, armor, weapon = resources.read_pack(START_PACK + (("f", "an arrow"),))
    assert arrows == 32
    assert armor == "+1 ring mail [protection 4]"
    assert weapon == "A +1,+1 mace"
    assert resources.read_pack((("a", "Some food"), ("b", "A +1,+0 short bow"))) == (0, "", "")


def test_by_level_puts_a_pack_list_on_the_level_before_it_and_counts_attacks_there():
    """A list has no status line: it belongs to the last level seen. Throws and blows
    are counted on the level they were made on, and a level where no list was read
    says so (None), rather than zero arrows."""
    log = [
        (_map(1), "i", _did("inventory: the pack changed: read the inventory")),
        (_pack(*START_PACK), " ", None),
        (_map(1), "tle", _did("missile: throw '31 arrows' at the hobgoblin 4 squares off")),
        (_map(1), "l", _did("melee: strike the hobgoblin (l); hp 12")),
        (_map(2, exp_level=2, hp_max=19), "l", _did("melee: strike the kestrel (l); hp 19")),
        (_map(2, exp_level=2, hp_max=19), "l", _did("melee: strike the kestrel (l); hp 17")),
        (_map(3, exp_level=3, hp_max=25), "i", _did("inventory: the pack changed")),
        (_pack(("b", "-2 ring mail [protection 1] (being worn)"),
               ("c", "A +1,+1 mace (weapon in hand)"), ("e", "12 arrows")), " ", None),
    ]
    first, second, third = resources.by_level(log)
    assert (first.level, first.arrows, first.throws, first.blows) == (1, 31, 1, 1)
    assert (second.level, second.arrows, second.throws, second.blows) == (2, None, 0, 2)
    assert (second.exp_level, second.hp_max) == (2, 19)
    assert (third.arrows, third.armor) == (12, "-2 ring mail [protection 1]")
    assert "? arrows" in resources.describe(second)


def test_summary_bands_by_depth_and_gives_the_missiles_share():
    game = [resources.LevelRecord(1, arrows=30, throws=3, blows=1),
            resources.LevelRecord(5, arrows=28, throws=0, blows=9),
            resources.LevelRecord(6, arrows=None, throws=1, blows=0)]
    lines = resources.summarise([game])
    assert lines[0].startswith("levels 1: 1 played, median 30 arrows carried")
    assert lines[0].endswith("(75% missiles)")
    assert lines[1].startswith("levels 5-7: 2 played, median 28 arrows carried; 1 missiles, "
                               "9 blows (10% missiles)")
    assert len(lines) == 2
