"""1.39: battlestations' last resort (an unknown potion or scroll) only when it beats
striking on, by Rogue's own tables: drinking or reading gives the monsters a round."""

from test_rogomatic_support import PACK, room_with, screen, status, with_pack

from actors.rogue._gamble import potion_death, scroll_death


def cornered(letter: str, **fields: object):
    """The hero in the room's top-left corner with ``letter`` on his diagonal."""
    return screen(room_with((3, 1, "@"), (4, 2, letter)), top=2, status_line=status(**fields))


async def brink(letter: str, pack: list[str], **fields: object):
    walked_up = screen(room_with((3, 1, "@"), (5, 3, letter)), top=2,
                       status_line=status(**fields))
    return await with_pack(walked_up, cornered(letter, **fields), pack=pack)


async def test_a_level_one_hero_strikes_on_rather_than_drink():
    """At 3 of 12 beside a hobgoblin, a potion of healing heals a level-1 hero 1d4: the
    free round it costs makes drinking worse than the blow (before 1.39 he drank)."""
    pipeline = await brink("H", [*PACK, "f) A blue potion"], hp=3)
    s = pipeline.situation()
    worst = s.adjacent[0]
    assert potion_death(s, worst, s.adjacent) > s.odds(worst).death
    proposal = pipeline.ask("melee")
    assert proposal.action == "n" and proposal.rationale.startswith("melee: strike")


async def test_a_lost_fight_is_gambled_on_the_potion_then_the_scroll():
    """2 of 20 at level 3 beside a fresh centaur: striking on dies nearly always, so
    the unknown potion (healing 3d4 or 3d8, 18 times in 100) is drunk; with only an
    unknown scroll (teleportation or hold monster 7 in 100) it is read."""
    fields = dict(hp=2, hp_max=20, exp_level=3)
    pipeline = await brink("C", [*PACK, "f) A blue potion"], **fields)
    proposal = pipeline.ask("melee")
    assert proposal.action == "qf"
    assert "striking on" in proposal.rationale
    pipeline = await brink("C", [*PACK, "f) A scroll titled 'zok'"], **fields)
    s = pipeline.situation()
    assert scroll_death(s, s.adjacent[0], s.adjacent) < s.odds(s.adjacent[0]).death
    assert pipeline.ask("melee").action == "rf"


async def test_a_known_kind_is_not_what_an_unknown_potion_can_be():
    """With a potion of healing in the pack, an unknown one is not healing: it is worth
    less at the brink (only extra healing is left to hope for)."""
    fields = dict(hp=2, hp_max=20, exp_level=3)
    unknown = await brink("C", [*PACK, "f) A blue potion"], **fields)
    known = await brink("C", [*PACK, "f) A blue potion", "g) A potion of healing"], **fields)
    s, k = unknown.situation(), known.situation()
    assert potion_death(k, k.adjacent[0], k.adjacent) > potion_death(s, s.adjacent[0], s.adjacent)
