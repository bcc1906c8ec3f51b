"""A hero out of food: the turns to starving counted, the fights priced with the faints,
and the quit that keeps the purse (``_surrender.Starvation``).

Rogue 5.4.4's stomach faints a hero whose food clock has run out one turn in five, for
4 to 11 turns, and kills him 850 turns after it ran out; death takes a tenth of the
purse. These tests feed constructed screens, each as the answer to an action (the
session's ``acted`` entry, whose count prefix is its turns).
"""

from test_rogomatic_support import PACK, room_with, screen, status, with_pack

from actors.rogue import Tactics
from actors.rogue._monsters import monster
from actors.rogue._odds import Hero, fight_odds

RICH = status(gold=1570, level=12)
FAINT = status(gold=1570, level=12, hunger="Faint")
WEAK = status(gold=1570, level=12, hunger="Weak")
#: The starting pack without its food.
NO_FOOD = PACK[1:]


def on_map(status_line: str, message: str = "", *marks: tuple[int, int, str]):  # noqa: ANN201
    return screen(room_with((3, 1, "@"), *marks), top=2, message=message,
                  status_line=status_line)


async def test_the_turns_past_the_food_clock_count_actions_and_faints_and_a_meal_ends_them():
    pipeline = await with_pack(on_map(WEAK), pack=NO_FOOD)
    assert pipeline.read("intern").starved == 0
    # The first faint: some five turns passed before it, and it lasts eight on average.
    await pipeline.feed(on_map(FAINT, "You feel too weak from lack of food.  You faint"),
                        acted="s")
    assert pipeline.read("intern").starved == 5 + 1 + 8
    await pipeline.feed(on_map(FAINT), acted="10s")
    assert pipeline.read("intern").starved == 5 + 1 + 8 + 10
    await pipeline.feed(on_map(FAINT, "You faint"), acted="h")
    assert pipeline.read("intern").starved == 5 + 1 + 8 + 10 + 1 + 8
    # Fed again, the count is over.
    await pipeline.feed(on_map(RICH, "Yum, that tasted good"), acted="ea")
    assert pipeline.read("intern").starved == 0


async def starving(turns: str, pack: list[str] = NO_FOOD, tactics: Tactics | None = None,
                   *marks: tuple[int, int, str]):  # noqa: ANN201
    """A pipeline whose hero fainted first and then took ``turns`` (an action)."""
    pipeline = await with_pack(on_map(WEAK), pack=pack, tactics=tactics)
    await pipeline.feed(on_map(FAINT, "You faint", *marks), acted="s")
    await pipeline.feed(on_map(FAINT, "", *marks), acted=turns)
    return pipeline


async def test_a_hero_about_to_starve_with_nothing_to_eat_quits_with_the_purse():
    pipeline = await starving("740s")  # 5 + 1 + 8 + 740 = 754: 96 turns left
    quit_ = pipeline.ask("starvation")
    assert quit_ is not None and quit_.action == "Q"
    assert "1570 gold" in quit_.rationale and "96 turns" in quit_.rationale


async def test_no_quit_while_starving_is_far_off():
    pipeline = await starving("700s")  # 714: 136 turns left, more than the margin
    assert pipeline.ask("starvation") is None
    # A wider margin (the learner's to choose) quits here; none never does.
    wide = await starving("700s", tactics=Tactics(starve_margin=200))
    assert wide.ask("starvation").action == "Q"
    never = await starving("830s", tactics=Tactics(starve_margin=0))
    assert never.ask("starvation") is None


async def test_no_quit_with_food_in_the_pack_or_within_reach_on_the_level():
    fed = await starving("740s", pack=PACK)  # "a) Some food": the hunger expert eats it
    assert fed.ask("starvation") is None
    assert fed.ask("hunger").action.startswith("e")
    food_here = await starving("740s", NO_FOOD, None, (4, 8, ":"))
    assert food_here.ask("starvation") is None
    # Food seven squares off with no turn left to walk there is no reason to go on.
    too_late = await starving("840s", NO_FOOD, None, (4, 8, ":"))
    assert too_late.ask("starvation").action == "Q"


async def test_fights_are_priced_with_the_faints_only_while_starving_with_nothing_to_eat():
    without = (await starving("10s")).situation()
    assert without.starving and without.hero.fainting
    with_food = (await starving("10s", pack=PACK)).situation()
    assert not with_food.starving and not with_food.hero.fainting


def test_a_fainting_hero_loses_more_fights_and_the_others_are_priced_as_before():
    """A level-6 hero of 40 hit points against a centaur: the faints hand it free rounds."""
    hero = Hero(level=6, steady=True)
    centaur = monster("C")
    calm = fight_odds(40, hero, centaur, trials=2000)
    fainting = fight_odds(40, Hero(level=6, steady=True, fainting=True), centaur, trials=2000)
    assert fainting.death > calm.death + 0.1
    assert fainting.loss > calm.loss
    # Not fainting, the dice fall as they did before the faints were priced.
    assert fight_odds(40, Hero(level=6, steady=True, fainting=False), centaur,
                      trials=2000) == calm
