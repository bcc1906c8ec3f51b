"""Not standing beside an ice monster that may be awake.

Rogue 5.4.4's ice monster (``I``) does no damage: each of its hits freezes the hero
for two or three turns, during which it swings again, and each hit adds two or three
more, until the freeze passes 50 turns and he dies of hypothermia. Asleep it is
harmless (it is not mean: nothing but a blow, or a treasure room, wakes it), so an
ice monster that has not moved in view is let lie (``Situation.let_lie``) and the
experts go on beside it as if it were furniture.

But "has not moved in view" is also true of one first seen beside the hero (a dark
room or a passage shows only the squares around him), of a wanderer that came up
during a fight, and of one a blow woke that stands still because it is already
beside him. In 1.32's games the hero rested beside such ice monsters (dungeons 82
and 162) or searched beside one (dungeon 371), and died of hypothermia with 13 to 42
hit points. (One that comes while he rests strikes before he can step: dungeon 11.)

So the hero steps away from an ice monster beside him, awake or not. One that is
awake follows, and is then fought or left by the melee expert's own rules for ice
monsters; one that stays where it lies after ``MAX_STEPS`` steps away is taken to be
asleep, and the other experts may go beside it again - until a blow is struck
either way.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import SentAware
from ._combat import escape_moves
from ._context import Situation
from ._grid import Pos, key_towards, neighbours
from ._monsters import monster

#: Sent steps away from one ice monster (on one level) after which it is left be.
MAX_STEPS = 2
#: The name in Rogue's blow messages of the one monster that freezes.
ICE_MONSTER = monster("I").name


class FreezerGuard(SentAware):
    """Steps away from an ice monster beside the hero that no expert is fighting."""

    name = "freezer"
    #: Asked on every screen: a blow's message often comes with --More--, off the map.
    needs_map = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: A blow was struck either way with an ice monster since we last advised on
        #: the map.
        self.woken = False
        #: Our sent steps away, by (level, the square the ice monster stood on). By its
        #: square, not its sighting: in a dark passage it is out of view two squares
        #: off, and each return beside it is a new sighting of the same sleeper.
        self.steps: dict[tuple[int, Pos], int] = {}
        #: What our last proposal stepped away from, and its key.
        self.last: tuple[tuple[int, Pos], str] | None = None

    def advise(self, s: Situation) -> Proposal | None:
        if self.last is not None and self.last[1] in self.sent:
            self.steps[self.last[0]] = self.steps.get(self.last[0], 0) + 1
        self.last = None
        if s.events is not None and ICE_MONSTER in s.events.blows_with():
            self.woken = True
        if not s.on_map:
            return None
        if s.intern is not None and s.intern.hallucinating:
            return None  # each monster shows as a random letter
        if s.stairs_lost:
            return None  # the stairs may lie under it: the explorer means to strike it
        level = s.level
        near = [t for t in s.threats if "freezes" in t.info.flags and t.distance == 1
                and s.step_ok(s.player, t.seen.pos)]
        if self.woken:
            # A blow either way woke it, whatever it did before: dungeon 162 had
            # stepped away from this one twice while it lay asleep, then struck it.
            self.woken = False
            for t in near:
                self.steps.pop((level, t.seen.pos), None)
        beside = tuple(t for t in near if self.steps.get((level, t.seen.pos), 0) < MAX_STEPS)
        if not beside:
            return None
        moves = escape_moves(s, beside)
        if moves:
            _, n, why = moves[0]
        else:
            # No step ends two squares off: one it cannot strike, across a doorway's
            # side or a corner of rock, will do (dungeon 162: the hero in the passage
            # over a door the ice monster stood in, the passage running on sideways).
            out_of_reach = [n for n in neighbours(s.player)
                            if n not in s.occupied and s.safe_step(s.player, n)
                            and not any(s.step_ok(t.seen.pos, n) for t in beside)]
            if not out_of_reach:
                return None
            n, why = out_of_reach[0], "round the corner"
        key = key_towards(s.player, n)
        self.last = ((level, beside[0].seen.pos), key)
        return Proposal(key, f"freezer: step {why} from the {beside[0].info.name} beside us "
                             f"(it may be awake: its freezes chain)")
