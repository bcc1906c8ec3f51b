"""An ice monster asleep in a dark room, remembered once out of view
(``Tactics.remember_ice``: on in 1.72 to 1.74, off by default since; the tests turn
it on where the rule is what they test).

A dark room shows a monster only from beside it. From the doorway the ice monster
showed, the walkers kept off it and turned away; from the passage it did not show,
and they turned back. 1.71's dungeon 1184 stepped in and out of such a doorway for
900 decisions on level 10 (the hold expert waiting twice at each return, the
explorer heading for the monster's square from the passage) until he starved; 1288
did the same for gold beside one. These tests walk that doorway on constructed
screens: the room's door in its bottom wall, the hero in the passage below or on
the door.
"""

import attrs
from test_rogomatic_support import PACK, Pipeline, inventory_screen, screen

from actors.rogue import Tactics
from actors.rogue._exploration import is_frontier

REMEMBER = Tactics(remember_ice=True)

#: The dark room's wall row and its one row inside (screen rows 3 to 5), with a door
#: in the bottom wall at (5, 7).
WALL = "-------------"


def dark_room(interior: str, hero: tuple[int, int]) -> list[str]:
    """The room with ``interior`` (its eleven inside squares, as the hero sees them)
    and the hero at ``hero``: on row 6 the passage under the door, row 5 the door,
    row 4 inside."""
    rows = [WALL, f"|{interior}|", WALL[:7] + "+" + WALL[8:], "       #"]
    r, c = hero
    rows[r - 3] = rows[r - 3][:c] + "@" + rows[r - 3][c + 1:]
    return rows


def below() -> list[str]:
    """In the passage under the door: the room's inside does not show."""
    return dark_room(" " * 11, (6, 7))


def on_door(interior: str) -> list[str]:
    """On the door: the inside squares beside him show."""
    return dark_room(interior, (5, 7))


#: The ice monster diagonally inside the door (across the doorway's corner).
CORNER = "     ..I   "


async def doorway(interior: str, visits: int, tactics: Tactics = REMEMBER) -> tuple:
    """A pipeline that came up the passage and stood on the door ``visits`` times,
    two turns each, stepping back down between, with the hold expert asked on each
    screen as the arbiter asks it; returns the pipeline, the hold expert and its
    proposals."""
    pipeline = Pipeline(tactics)
    await pipeline.feed(inventory_screen(PACK))
    await pipeline.feed(screen(below(), top=3))
    hold = pipeline.expert("hold")
    offers = []
    for _ in range(visits):
        await pipeline.feed(screen(on_door(interior), top=3), acted="k")
        offers.append(pipeline.ask("hold", hold))
        for _ in range(2):
            await pipeline.feed(screen(on_door(interior), top=3), acted="s")
            offers.append(pipeline.ask("hold", hold))
        await pipeline.feed(screen(below(), top=3), acted="j")
        offers.append(pipeline.ask("hold", hold))
    return pipeline, hold, offers


async def walked_in(lair: str, tactics: Tactics = REMEMBER) -> Pipeline:
    """Up the passage, onto the door, into the room beside the monster lying at (4, 8)
    (``lair``: its letter), a step west past it, and back out to the passage. The
    hero stood on (4, 7) and (4, 6); (4, 5) and the monster's square are the seen
    squares next to the unseen inside, the monster's the nearer."""
    pipeline = Pipeline(tactics)
    await pipeline.feed(inventory_screen(PACK))
    seen = f"     ..{lair}   "
    walk = [(below(), None), (on_door(seen), "k"), (dark_room(seen, (4, 7)), "k"),
            (dark_room("    ...    ", (4, 6)), "h"), (dark_room(seen, (4, 7)), "l"),
            (on_door(seen), "j"), (below(), "j")]
    for rows, acted in walk:
        await pipeline.feed(screen(rows, top=3), acted=acted)
    return pipeline


async def test_an_ice_monster_met_again_at_its_square_is_not_waited_for_again():
    """First met across the doorway's corner: two turns' wait, as for any monster let
    lie just met. Back in the passage it is out of view; on the door again it is a
    new sighting of the same sleeper on the same square, and not waited for again."""
    _, _, offers = await doorway(CORNER, visits=3)
    waits = [o for o in offers if o is not None]
    assert [o.action for o in waits] == ["s", "s"]
    assert all("ice monster just met" in o.rationale for o in waits)
    assert offers[:2] == waits  # both at the first visit


async def test_by_default_the_ice_monster_is_waited_for_at_each_sighting():
    """Without the tactic (the default play, 1.71's): each return to the door is a new
    sighting, waited for twice."""
    _, _, offers = await doorway(CORNER, visits=2, tactics=Tactics())
    assert [o.action for o in offers if o is not None] == ["s"] * 4


async def test_another_monster_let_lie_met_again_is_waited_for_again():
    """Only an ice monster is remembered by its square: a centaur let lie, met again
    on the door, is waited for at each new sighting, as before 1.72 (which spared
    every monster's second wait, and measured worse on 500-599)."""
    _, _, offers = await doorway("     ..C   ", visits=2)
    waits = [o for o in offers if o is not None]
    assert [o.action for o in waits] == ["s"] * 4
    assert all("centaur just met" in o.rationale for o in waits)


async def test_a_monster_met_on_another_square_is_waited_for():
    """The memory is by square: an ice monster seen on another square (a wanderer, or
    the first one awake and moved) is waited for again."""
    pipeline, hold, _ = await doorway(CORNER, visits=1)
    await pipeline.feed(screen(on_door("     I..   "), top=3), acted="k")
    proposal = pipeline.ask("hold", hold)
    assert proposal is not None and proposal.action == "s"


async def test_the_ice_monsters_square_is_remembered_out_of_view():
    """Seen from the door, then out of view from the passage: the object map keeps
    its square among the sleepers and among the freezers; a hobgoblin's is kept
    among the sleepers only. Beside the square with nothing there, it is forgotten."""
    pipeline, _, _ = await doorway(CORNER, visits=1)
    objects = pipeline.situation().objects
    assert (4, 8) in objects.sleepers and objects.freezers == {(4, 8)}
    other, _, _ = await doorway("     ..H   ", visits=1)
    objects = other.situation().objects
    assert (4, 8) in objects.sleepers and not objects.freezers
    await pipeline.feed(screen(dark_room("     ...   ", (4, 7)), top=3), acted="k")
    assert not pipeline.situation().objects.freezers


async def test_the_explorer_does_not_head_for_a_remembered_ice_monsters_square():
    """From the passage the square the ice monster lies on is a frontier (seen floor,
    never stood on, next to the room's unseen inside) and the nearest one: the
    explorer headed back for it at every return. Remembered, it is no frontier and
    no goal; the explorer heads for the other seen square by the unseen inside."""
    pipeline = await walked_in("I")
    s = pipeline.situation()
    assert s.objects.freezers == {(4, 8)}
    unremembered = attrs.evolve(s, tactics=Tactics())
    assert is_frontier(unremembered, (4, 8)) and is_frontier(s, (4, 5))
    assert not is_frontier(s, (4, 8))
    explorer = pipeline.expert("explore")
    proposal = pipeline.ask("explore", explorer)
    assert proposal is not None and "(4, 5)" in proposal.rationale
    assert explorer.goal == (4, 5)
    by_default = await walked_in("I", tactics=Tactics())
    explorer = by_default.expert("explore")
    assert by_default.ask("explore", explorer) is not None and explorer.goal == (4, 8)


async def test_a_hobgoblins_square_stays_a_goal():
    """Only an ice monster's square is kept from the explorer: other sleepers' squares
    stay goals (a sleeper in the only way on must not send the hero to search walls;
    docs/rogomatic.md, 1.24 to 1.26)."""
    pipeline = await walked_in("H")
    explorer = pipeline.expert("explore")
    proposal = pipeline.ask("explore", explorer)
    assert proposal is not None and explorer.goal == (4, 8)


async def test_the_object_expert_leaves_gold_beside_an_ice_monster_only_in_view():
    """Gold beside the ice monster: left in view (in a treasure room it wakes as the
    hero comes); out of view it is sought again, as before 1.72 (1.72 and 1.73 left
    it out of view too, and measured worse on 500-599)."""
    pipeline, _, _ = await doorway("     .*I   ", visits=1)
    assert pipeline.ask("object") is not None
    await pipeline.feed(screen(on_door("     .*I   "), top=3), acted="k")
    assert pipeline.ask("object") is None
