"""Which square of a dark room to explore next (``Tactics.explore_gain``).

A dark room shows only the squares beside the hero, so nearly every floor square
beside him is a frontier, all one step off. The nearest-first choice takes the first
its path search reached; with ``explore_gain`` the one that would show the most
unknown squares wins among equally near ones.
"""

from test_rogomatic_support import fed, screen

from actors.rogue import Tactics
from actors.rogue._exploration import best_frontier, is_frontier, shown_from

#: Screen rows 3-7: a dark room's top wall, partly seen, and the floor seen so far; the
#: hero at (6, 2).
DARK_ROOM = screen(["-- ---",
                    " ...",
                    " ....",
                    " .@..",
                    ""], top=3)


async def test_the_frontier_that_shows_most_is_taken_among_equally_near_ones():
    """One step up and right shows one unknown square (the others beside it are seen);
    one step left shows five. By default the explorer heads for the first; with
    ``explore_gain`` it heads left."""
    nearest_first = await fed(DARK_ROOM)
    s = nearest_first.situation()
    assert shown_from(s, (5, 3)) == 1 and shown_from(s, (6, 1)) == 5
    assert nearest_first.ask("explore").action == "u"
    weighed = await fed(DARK_ROOM, tactics=Tactics(explore_gain=0.34))
    s = weighed.situation()
    assert best_frontier(s, lambda p: is_frontier(s, p)) == (6, 1)
    assert weighed.ask("explore").action == "h"


async def test_a_passage_square_counts_no_gain():
    """Rock round a passage is never drawn, so the unknown squares round a passage
    frontier say nothing of what a step shows: its gain is 0 however many there are
    (six here), where a dark room's floor square counts each (five: the three above
    it, the one east and the one south-east)."""
    s = (await fed(screen(["", " ##@.", "   ..", ""], top=3))).situation()
    assert shown_from(s, (4, 2)) == 0
    assert shown_from(s, (4, 4)) == 5
