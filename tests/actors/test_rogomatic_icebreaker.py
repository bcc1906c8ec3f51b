"""1.48: an ice monster the hero keeps coming back beside is shot from afar, not struck.

The shape of dungeons 116 and 184 of 1.47: a sleeping ice monster where the walkers
kept taking the hero, until melee's patience ran out and he struck it, and its
freezes killed him at full health. Measured no better, it is off by default
(``Tactics.break_ice``): the tests turn it on.
"""

from test_rogomatic_support import PACK, room_with, screen, with_pack

from actors.rogue import Tactics
from actors.rogue._icebreaker import IN_THE_WAY, SHOOT_FROM

BREAK_ICE = Tactics(break_ice=True)

MELEE_ONLY = [line for line in PACK if "bow" not in line and "arrows" not in line]
BOW_IN_HAND = ["a) Some food", "b) +1 ring mail [protection 4] (being worn)",
               "c) A +1,+1 mace", "d) A +1,+0 short bow (weapon in hand)",
               "e) 25 +0,+0 arrows"]
ICE = (4, 8, "I")


def hero_at(col: int, *others: tuple[int, int, str]) -> object:
    """The lit room with the ice monster asleep at (4, 8) and the hero on row 4."""
    return screen(room_with(ICE, (4, col, "@"), *others), top=2)


async def come_and_go(pipeline, icebreaker, arrivals: int) -> list:  # noqa: ANN001
    """The hero arrives beside the ice monster ``arrivals`` times, stepping off between;
    the icebreaker's proposal at each arrival (it is asked at every screen, as the
    arbiter asks every expert)."""
    offers = []
    for _ in range(arrivals):
        await pipeline.feed(hero_at(7), acted="l")
        offers.append(pipeline.ask("icebreaker", icebreaker))
        await pipeline.feed(hero_at(5), acted="h")
        pipeline.ask("icebreaker", icebreaker)
    return offers


async def test_an_ice_monster_met_again_and_again_is_lined_up_for_a_shot():
    """Let lie at first; at the third arrival beside it, a step off toward a square
    in line with it at least four squares away."""
    pipeline = await with_pack(hero_at(5), tactics=BREAK_ICE)
    icebreaker = pipeline.expert("icebreaker")
    offers = await come_and_go(pipeline, icebreaker, IN_THE_WAY)
    assert offers[:-1] == [None] * (IN_THE_WAY - 1)
    last = offers[-1]
    assert last is not None and "to shoot it from there" in last.rationale
    await pipeline.feed(hero_at(7), acted="l")
    step = pipeline.ask("icebreaker", icebreaker)
    assert step.action in ("h", "y", "b")  # away from the ice monster east of him


async def test_from_four_squares_in_line_the_bow_is_readied_then_shot():
    """In line and far enough: the bow first (a turn the sleeper does not use), then
    the arrows along the row."""
    pipeline = await with_pack(hero_at(5), tactics=BREAK_ICE)
    icebreaker = pipeline.expert("icebreaker")
    await come_and_go(pipeline, icebreaker, IN_THE_WAY)
    await pipeline.feed(hero_at(8 - SHOOT_FROM), acted="h")
    ready = pipeline.ask("icebreaker", icebreaker)
    assert ready.action == "wd"
    armed = await with_pack(hero_at(5), pack=BOW_IN_HAND, tactics=BREAK_ICE)
    icebreaker = armed.expert("icebreaker")
    await come_and_go(armed, icebreaker, IN_THE_WAY)
    await armed.feed(hero_at(8 - SHOOT_FROM), acted="h")
    shot = armed.ask("icebreaker", icebreaker)
    assert shot.action == "tle" and "arrows" in shot.rationale


async def test_nothing_to_shoot_or_a_fight_on_leaves_it_to_the_others():
    """No bow and no throwing weapon: the old ways. An awake hobgoblin close by: the
    fighting experts' turn, whatever the ice monster."""
    bare = await with_pack(hero_at(5), pack=MELEE_ONLY, tactics=BREAK_ICE)
    icebreaker = bare.expert("icebreaker")
    assert await come_and_go(bare, icebreaker, IN_THE_WAY + 1) == [None] * (IN_THE_WAY + 1)
    fight = await with_pack(hero_at(5), tactics=BREAK_ICE)
    icebreaker = fight.expert("icebreaker")
    await come_and_go(fight, icebreaker, IN_THE_WAY)
    hobgoblin_far = hero_at(7, (3, 12, "H"))
    hobgoblin_near = hero_at(7, (3, 10, "H"))
    await fight.feed(hobgoblin_far, acted="l")
    await fight.feed(hobgoblin_near, acted="s")  # it moved: awake, three squares off
    assert fight.ask("icebreaker", icebreaker) is None


def dark_room(col: int) -> object:
    """A dark room: its walls drawn, its floor shown only beside the hero (row 4), and
    the ice monster's letter left at (4, 8) where it was seen."""
    rows = ["--------------", "|            |", "|            +", "|            |",
            "--------------"]
    middle = list(rows[2])
    for c in (col - 1, col + 1):
        if 0 < c < 13:
            middle[c] = "."
    middle[8], middle[col] = "I", "@"
    rows[2] = "".join(middle)
    return screen(rows, top=2)


async def test_in_a_dark_room_its_letter_is_not_shot_at():
    """Dungeon 35 of the first build: the letter far off in a dark room is where the
    sleeper was, not where it will be once an arrow wakes it (then unseen)."""
    pipeline = await with_pack(dark_room(5), tactics=BREAK_ICE)
    icebreaker = pipeline.expert("icebreaker")
    for col in (6, 7, 6, 5, 4, 3, 2, 3, 4, 5):  # the row's floor is on the map now
        await pipeline.feed(dark_room(col), acted="l")
        pipeline.ask("icebreaker", icebreaker)
    for _ in range(IN_THE_WAY + 1):
        await pipeline.feed(dark_room(7), acted="l")
        assert pipeline.ask("icebreaker", icebreaker) is None
        await pipeline.feed(dark_room(8 - SHOOT_FROM), acted="h")
        assert pipeline.ask("icebreaker", icebreaker) is None
    assert icebreaker.arrivals[(1, (4, 8))] > IN_THE_WAY


async def test_by_default_the_icebreaker_leaves_it_to_the_freezer_and_melee():
    """Off unless the tactics turn it on: the same comings and goings, no proposal."""
    pipeline = await with_pack(hero_at(5))
    icebreaker = pipeline.expert("icebreaker")
    assert await come_and_go(pipeline, icebreaker, IN_THE_WAY + 1) == [None] * (IN_THE_WAY + 1)
