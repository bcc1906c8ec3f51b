"""The explorer's swing between two goals, ended (``Tactics.flip_backs``: 4 in 1.77, off
by default since; the tests turn it on where the rule is what they test).

1.75's dungeon 1191, level 7: a dark room's east door, a sleeping ice monster on the
square inside it. On the door the monster showed and its square was no goal, so the
explorer headed for a far one and stepped out; from the passage the square was unknown
floor again and the nearest goal, and he stepped back in - 800 times. These tests walk
such a door on constructed screens, feeding each screen the explorer's own step led to.
"""

from test_rogomatic_support import PACK, Pipeline, inventory_screen, screen

from actors.rogue import Tactics
from actors.rogue._exploration import is_frontier
from actors.rogue._pacing import LEAST

#: 1.77's mark (off by default since: docs/rogomatic.md).
FLIP_BACKS = 4
HOLD = Tactics(flip_backs=FLIP_BACKS)

#: Screen rows 3-7: a one-row dark room (inside columns 1-8) whose east door is (4, 9),
#: a passage east along row 4 to column 20, and a branch down from it at column 20.
WALL = "----------"


def level(hero: tuple[int, int], lair: str = " ") -> list[str]:
    """The map with the hero at ``hero``; ``lair`` drawn on (4, 8), the square inside the
    door (a dark room shows it only from the door)."""
    rows = [WALL + " " * 11,
            "|       " + lair + "+" + "#" * 11,
            WALL + " " * 10 + "#",
            " " * 20 + "#",
            " " * 21]
    r, c = hero
    rows[r - 3] = rows[r - 3][:c] + "@" + rows[r - 3][c + 1:]
    return rows


async def walked_in(tactics: Tactics | None = None) -> Pipeline:
    """Came west along the passage from (4, 20) to (4, 10), then onto the door, where
    the ice monster lay beside him."""
    pipeline = Pipeline(tactics)
    await pipeline.feed(inventory_screen(PACK))
    await pipeline.feed(screen(level((4, 20)), top=3))
    for c in range(19, 9, -1):
        await pipeline.feed(screen(level((4, c)), top=3), acted="h")
    await pipeline.feed(screen(level((4, 9), "I"), top=3), acted="h")
    return pipeline


async def swing(tactics: Tactics | None = None, steps: int = 4 * FLIP_BACKS + 8) -> tuple:
    """Feed the explorer the screens its own steps lead to, from the door, until it does
    anything but step between the door and the passage square, or ``steps`` are
    taken. Returns the squares stepped to, the last square, the explorer, and whether
    it broke off."""
    pipeline = await walked_in(tactics)
    explorer = pipeline.expert("explore")
    squares = []
    hero = (4, 9)
    for _ in range(steps):
        proposal = pipeline.ask("explore", explorer)
        assert proposal is not None
        step = {"h": -1, "l": 1}.get(proposal.action)
        if step is None or hero[1] + step > 10:
            return squares, hero, explorer, True
        hero = (4, hero[1] + step)
        squares.append(hero)
        lair = "I" if hero == (4, 9) else " "
        await pipeline.feed(screen(level(hero, lair), top=3), acted=proposal.action)
    return squares, hero, explorer, False


async def test_the_explorer_stops_swinging_between_the_door_and_the_passage():
    squares, hero, explorer, broke_off = await swing(HOLD)
    assert broke_off, f"still swinging: {squares}"
    # It swung a while (the goal inside was the nearer from the passage) ...
    assert squares.count((4, 9)) >= FLIP_BACKS - 1
    # ... and then held the far goal, on its way east from the passage.
    assert hero == (4, 10) and explorer.goal is not None and explorer.goal[1] >= 19
    assert explorer.flip_backs >= FLIP_BACKS


async def test_by_default_the_swing_goes_on_until_the_pacing_watch_sees_it():
    """``flip_backs`` 0 (the default play): the explorer turns back every time, until
    the keys and squares have repeated one cycle for ``_pacing.LEAST`` decisions; then
    the walk's goals are given up (the square inside the door among them) and he walks
    on east instead."""
    squares, hero, explorer, broke_off = await swing(steps=60)
    assert broke_off and hero == (4, 10)
    assert LEAST - 4 <= len(squares) <= LEAST
    assert squares.count((4, 9)) >= LEAST // 2 - 2 and explorer.flip_backs >= LEAST // 2 - 3
    assert explorer.paced == 1 and (4, 8) in explorer.refused
    assert explorer.goal is not None and explorer.goal[1] >= 19


async def test_one_turn_back_is_no_swing():
    """From the passage, the square inside the door is the nearer goal: the explorer
    turns to it, as before."""
    pipeline = await walked_in(HOLD)
    explorer = pipeline.expert("explore")
    assert pipeline.ask("explore", explorer).action == "l"
    await pipeline.feed(screen(level((4, 10)), top=3), acted="l")
    assert pipeline.ask("explore", explorer).action == "h"
    assert explorer.goal == (4, 8)


async def test_the_walks_goals_come_back_with_nothing_else_left_when_the_tactic_says_so():
    """``Tactics.pacing_retry`` (off by default): with every goal given up, the one
    given up for a walk among them, and the stairs unknown, that one is a goal again
    rather than the walls being searched (1.96's dungeon 2386 searched 2,500 turns on
    level 2, the stairs beyond the goals of a swing it had given up)."""
    for retry in (False, True):
        pipeline = await walked_in(Tactics(pacing_retry=retry))
        explorer = pipeline.expert("explore")
        await pipeline.feed(screen(level((4, 10)), top=3), acted="l")
        s = pipeline.situation()
        goals = {(r, c) for r in range(1, 23) for c in range(80) if is_frontier(s, (r, c))}
        assert (4, 8) in goals and len(goals) > 1
        explorer.refused = set(goals)
        explorer.paced_out = {(4, 8)}
        goal = explorer._frontier(s)
        assert goal == ((4, 8) if retry else None)
