"""The object map: monsters and objects of the current level, with their history.

Monsters are matched from one screen to the next by nearness (letter first), so each
keeps the generation it was first seen and how often it moved (one that never
moves while in view is probably asleep, and where it lay is remembered once it is
out of view: Rogue draws floor there, even on the stairs). One first seen in a
passage, or on a square seen empty beside the hero the screen before, counts as
moved: it walked there. Objects are remembered where seen until the hero stands on
the square or the square shows bare terrain; one the hero stood on without picking
it up (a full pack) is marked ignored.
"""

from __future__ import annotations

from runtime import Activation

from ._facts import Events, ObjectMap, Seen, Sensed
from ._gated import GatedSource
from ._grid import TOP, Pos, chebyshev
from ._paths import FREEZERS

#: A passage as Rogue draws it. Rogue lays sleeping monsters on room floors (and none
#: in a maze) and starts each wanderer awake in a room, so a monster first seen on a
#: square the screen before showed as passage walked there: it is awake even if it
#: stands still (a chaser can stick where no step brings it nearer). Taken for asleep,
#: a centaur that had come along a passage to the square beside the hero was let lie,
#: and the explorer stepped on by it into its first blow (1.63's dungeon 1028, level
#: 7: the fight that killed him).
PASSAGE = "#"


def shown_at(rows: tuple[str, ...], pos: Pos) -> str:
    """What ``rows`` (a screen's map rows from ``TOP``) show at ``pos``; " " off them."""
    r, c = pos[0] - TOP, pos[1]
    return rows[r][c] if 0 <= r < len(rows) and 0 <= c < len(rows[r]) else " "


def track_monsters(previous: tuple[Seen, ...], sensed: Sensed,
                   before: tuple[str, ...] = (), was_at: Pos | None = None) -> tuple[Seen, ...]:
    """The monsters on screen, each matched to the nearest one seen before.

    First by letter; then a sighting left over takes the nearest one left over of any
    letter: a hallucinating hero sees each monster as a new random letter every turn,
    and a monster that changed its letter where one vanished is most likely the same.
    A new one starts with one move if it walked there: ``before`` (the screen before's
    map rows) showed a passage on its square, or showed the square empty beside the
    hero (``was_at``, where he stood then), where he would have seen a monster.
    """
    left = list(previous)
    matched: dict[int, Seen] = {}
    for same_letter in (True, False):
        for i, (letter, pos) in enumerate(sensed.monsters):
            if i in matched:
                continue
            best = None
            for old in left:
                if (old.symbol == letter or not same_letter) and chebyshev(old.pos, pos) <= 2 and (
                        best is None or chebyshev(old.pos, pos) < chebyshev(best.pos, pos)):
                    best = old
            if best is not None:
                left.remove(best)
                matched[i] = best
    out = []
    for i, (letter, pos) in enumerate(sensed.monsters):
        best = matched.get(i)
        if best is None:
            was = shown_at(before, pos)
            beside = was_at is not None and chebyshev(was_at, pos) <= 1 and was in ".#+"
            walked = int(was == PASSAGE or beside)
            out.append(Seen(letter, pos, sensed.generation, sensed.generation, walked))
        else:
            out.append(Seen(letter, pos, best.first, sensed.generation,
                            best.moves + (best.pos != pos)))
    return tuple(out)


def remember_sleepers(previous: ObjectMap, monsters: tuple[Seen, ...],
                      sensed: Sensed) -> frozenset[Pos]:
    """Where monsters that never moved in view were last seen, once out of view.

    Forgotten when one shows there again (it is in ``monsters`` then) or when the
    hero stands beside the square and nothing shows (killed, or it woke and went).
    """
    shown = {m.pos for m in monsters}
    # The same monster seen again (matched by track_monsters: it keeps its first sighting)
    # is not gone, even if it moved.
    again = {m.first for m in monsters}
    gone = {m.pos for m in previous.monsters if not m.moves and m.first not in again}
    kept = set(previous.sleepers) | gone
    player = sensed.player
    return frozenset(p for p in kept - shown
                     if player is None or chebyshev(p, player) > 1)


def remember_freezers(previous: ObjectMap, sleepers: frozenset[Pos]) -> frozenset[Pos]:
    """Those of ``sleepers`` where an ice monster lay (:data:`FREEZERS`), as
    :func:`remember_sleepers` keeps them: a dark room shows one only from beside it,
    and an explorer that kept off its square in view and not out of it stepped in and
    out of its doorway until the hero starved (1.71's dungeon 1184)."""
    lay = {m.pos for m in previous.monsters if not m.moves and m.symbol in FREEZERS}
    return frozenset(p for p in sleepers if p in lay or p in previous.freezers)


def track_objects(previous: ObjectMap, sensed: Sensed, events: Events | None) -> ObjectMap:
    objects = {o.pos: o for o in previous.objects}
    ignored = set(previous.ignored)
    for symbol, pos in sensed.objects:
        old = objects.get(pos)
        first = old.first if old is not None and old.symbol == symbol else sensed.generation
        objects[pos] = Seen(symbol, pos, first, sensed.generation)
    for pos in list(objects):
        if shown_at(sensed.rows, pos) in ".#+%^-|":
            del objects[pos]
    player = sensed.player
    kinds = events.kinds() if events is not None else frozenset()
    dropped = previous.dropped
    if player is not None and "dropped" in kinds:
        # The pack has room again: what it could not take is worth a walk; what we
        # dropped is not (``_junk``).
        dropped = dropped | {player}
        ignored = set(dropped)
    if player is not None and player in objects:
        if "moved_onto" in kinds or "pack_full" in kinds:
            ignored.add(player)
        else:
            del objects[player]
    return ObjectMap(level=previous.level, monsters=previous.monsters,
                     objects=tuple(objects.values()), ignored=frozenset(ignored),
                     dropped=dropped, sleepers=previous.sleepers,
                     freezers=previous.freezers)


class ObjectMapper(GatedSource):
    """Keeps the object map (``sensed``, ``events`` to ``objects``)."""

    name = "objmap"
    reads = frozenset({"sensed", "events"})
    writes = frozenset({"objects"})
    budget = 0.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.map = ObjectMap(level=-1)
        #: The map rows of the screen before and where the hero stood, for what a new
        #: monster stands on.
        self.before: tuple[str, ...] = ()
        self.was_at: Pos | None = None

    async def update(self, activation: Activation) -> None:
        sensed: Sensed = activation.read("sensed")
        if sensed is None or not sensed.rows:
            return
        level = sensed.status.level if sensed.status is not None else 0
        current = self.map if self.map.level == level else ObjectMap(level=level)
        current = track_objects(current, sensed, activation.read("events"))
        same = self.map.level == level
        monsters = track_monsters(current.monsters, sensed, self.before if same else (),
                                  self.was_at if same else None)
        self.before, self.was_at = tuple(sensed.rows), sensed.player
        sleepers = remember_sleepers(current, monsters, sensed)
        self.map = ObjectMap(level=level, monsters=monsters, objects=current.objects,
                             ignored=current.ignored, dropped=current.dropped,
                             sleepers=sleepers, freezers=remember_freezers(current, sleepers))
        await activation.write("objects", self.map)
