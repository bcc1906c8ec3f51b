"""1.35: quitting with the purse when the fight beside the hero is all but lost.

Rogue takes a tenth of the purse from a hero who dies and nothing from one who quits.
The surrender expert quits only when nothing is left to try and Rogue's combat rules
say the fight kills him at least ``Tactics.quit_risk`` of the time.
"""

from test_rogomatic_support import PACK, room_with, screen, status, with_pack

from actors.rogue import Tactics

#: The hero in the room's top-left corner; with the monster on his diagonal, every
#: step he could take ends beside it, so there is no retreat.
HERO = (3, 1, "@")
#: Level 3 on dungeon level 5, 2 of 20 hit points, 310 gold.
LOW = status(hp=2, hp_max=20, exp_level=3, level=5, gold=310)


def cornered_by(letter: str, *, message: str = "", hp: int = 2, at: tuple[int, int] = (4, 2),
                level: int = 5, gold: int = 310):
    return screen(room_with(HERO, (*at, letter)), top=2, message=message,
                  status_line=status(hp=hp, hp_max=20, exp_level=3, level=level, gold=gold))


async def come_up(letter: str, *, pack: list[str] = PACK, hp: int = 2, level: int = 5,
                  gold: int = 310):
    """A pipeline that saw ``letter`` walk up to the cornered hero (awake: it moved)."""
    return await with_pack(cornered_by(letter, hp=hp, at=(5, 3), level=level, gold=gold),
                           cornered_by(letter, hp=hp, level=level, gold=gold), pack=pack)


async def test_the_hero_quits_a_fight_he_all_but_surely_loses_and_keeps_his_gold():
    """2 of 20 hit points, cornered by a fresh centaur (4d8 hit points; it kills him
    in 99 fights of 100): quit, which keeps the 310 gold where death keeps 279."""
    pipeline = await come_up("C")
    proposal = pipeline.ask("surrender")
    assert proposal is not None and proposal.action == "Q"
    assert "centaur" in proposal.rationale and "310 gold" in proposal.rationale
    # The same corner with a hobgoblin (1d8 hit points; about even odds): fight on.
    assert (await come_up("H")).ask("surrender") is None
    # And with hit points to spare, the centaur is fought (or fled) as before.
    assert (await come_up("C", hp=20)).ask("surrender") is None


async def test_the_hero_does_not_quit_while_something_is_left_to_try():
    """An unknown potion is battlestations' last resort at the brink (healing 18 times
    in 100): melee quaffs it first. With room to walk away, he retreats instead."""
    pipeline = await come_up("C", pack=PACK + ["f) A cyan potion"])
    assert pipeline.ask("surrender") is None
    assert pipeline.ask("melee").action == "qf"
    came = screen(room_with((3, 6, "@"), (3, 9, "C")), top=2, status_line=LOW)
    open_floor = screen(room_with((3, 6, "@"), (3, 7, "C")), top=2, status_line=LOW)
    pipeline = await with_pack(came, open_floor)
    assert pipeline.ask("surrender") is None
    assert "retreat" in pipeline.ask("melee").rationale


async def test_the_blows_that_landed_count_in_the_odds():
    """A centaur still standing after two of our blows has few hit points left: the
    fight is no longer lost, so the hero fights on. The hits come with --More--,
    off the map, and are counted there."""
    pipeline = await come_up("C")
    surrender = pipeline.expert("surrender")
    for _ in range(2):
        await pipeline.feed(cornered_by("C", message="You hit the centaur--More--"))
        assert pipeline.ask("surrender", surrender) is None
        await pipeline.feed(cornered_by("C"), acted=" ")
    assert pipeline.ask("surrender", surrender) is None
    # A fresh expert, that saw none of the blows, would quit here.
    assert pipeline.ask("surrender").action == "Q"
    # Once a centaur is killed, the next one met is fresh again.
    # (Every expert is asked on every screen; this one reads the kill off it.)
    await pipeline.feed(cornered_by("C", message="You have defeated the centaur"))
    assert pipeline.ask("surrender", surrender).action == "Q"


async def test_quit_risk_one_never_quits():
    pipeline = await come_up("C")
    expert = type(pipeline.expert("surrender"))
    never = type("Never", (expert,), {"tactics": Tactics(quit_risk=1.0)})
    assert pipeline.ask("surrender", never(seed=0)) is None
    assert pipeline.ask("surrender", expert(seed=0)).action == "Q"


async def test_from_1_41_a_fight_lost_seven_times_in_eight_is_quit():
    """11 of 20 at level 3, cornered by a fresh centaur on dungeon level 7: Rogue's rules
    put his death at about 87%. The default mark (0.75 from 1.41) quits; 1.35's 0.9
    fought on."""
    pipeline = await come_up("C", hp=11, level=7)
    s = pipeline.situation()
    assert 0.75 <= s.odds(s.adjacent[0]).death < 0.9
    assert pipeline.ask("surrender").action == "Q"
    expert = type(pipeline.expert("surrender"))
    old = type("Old", (expert,), {"tactics": Tactics(quit_risk=0.9)})
    assert pipeline.ask("surrender", old(seed=0)) is None


async def test_from_1_42_the_mark_falls_with_depth():
    """The same fight (about 87% death) is fought on above level 6, where the levels ahead
    hold several times the purse, and quit from level 6 on; a yeti fight lost about two
    times in three is quit only from level 12, where the purse is most of what a hero ever
    carries out. A fight all but surely lost (99%) is quit at any depth."""
    for level, quits in ((2, False), (5, False), (6, True), (13, True)):
        proposal = (await come_up("C", hp=11, level=level, gold=31)).ask("surrender")
        assert (proposal is not None and proposal.action == "Q") is quits, level
    for level, quits in ((11, False), (12, True)):
        pipeline = await come_up("Y", hp=16, level=level)
        s = pipeline.situation()
        assert 0.55 <= s.odds(s.adjacent[0]).death < 0.75
        proposal = pipeline.ask("surrender")
        assert (proposal is not None and proposal.action == "Q") is quits, level
    proposal = (await come_up("C", level=1, gold=0)).ask("surrender")
    assert proposal.action == "Q" and "the mark on level 1: 95%" in proposal.rationale
