"""The object map: monsters and objects of the current level, with their history.

Monsters are matched from one screen to the next by nearness (letter first), so each
keeps the generation it was first seen and how often it moved (one that never
moves while in view is probably asleep, and where it lay is remembered once it is
out of view: Rogue draws floor there, even on the stairs). Objects are remembered
where seen until the hero stands on the square or the square shows bare terrain;
one the hero stood on without picking it up (a full pack) is marked ignored.
"""

from __future__ import annotations

from runtime import Activation

from ._facts import Events, ObjectMap, Seen, Sensed
from ._gated import GatedSource
from ._grid import TOP, Pos, chebyshev


def track_monsters(previous: tuple[Seen, ...], sensed: Sensed) -> tuple[Seen, ...]:
    """The monsters on screen, each matched to the nearest one seen before.

    First by letter; then a sighting left over takes the nearest one left over of any
    letter: a hallucinating hero sees each monster as a new random letter every turn,
    and a monster that changed its letter where one vanished is most likely the same.
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
            out.append(Seen(letter, pos, sensed.generation, sensed.generation))
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


def track_objects(previous: ObjectMap, sensed: Sensed, events: Events | None) -> ObjectMap:
    objects = {o.pos: o for o in previous.objects}
    ignored = set(previous.ignored)
    for symbol, pos in sensed.objects:
        old = objects.get(pos)
        first = old.first if old is not None and old.symbol == symbol else sensed.generation
        objects[pos] = Seen(symbol, pos, first, sensed.generation)
    for pos in list(objects):
        r, c = pos
        shown = sensed.rows[r - TOP][c] if sensed.rows else " "
        if shown in ".#+%^-|":
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
                     dropped=dropped, sleepers=previous.sleepers)


class ObjectMapper(GatedSource):
    """Keeps the object map (``sensed``, ``events`` to ``objects``)."""

    name = "objmap"
    reads = frozenset({"sensed", "events"})
    writes = frozenset({"objects"})
    budget = 0.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.map = ObjectMap(level=-1)

    async def update(self, activation: Activation) -> None:
        sensed: Sensed = activation.read("sensed")
        if sensed is None or not sensed.rows:
            return
        level = sensed.status.level if sensed.status is not None else 0
        current = self.map if self.map.level == level else ObjectMap(level=level)
        current = track_objects(current, sensed, activation.read("events"))
        monsters = track_monsters(current.monsters, sensed)
        self.map = ObjectMap(level=level, monsters=monsters, objects=current.objects,
                             ignored=current.ignored, dropped=current.dropped,
                             sleepers=remember_sleepers(current, monsters, sensed))
        await activation.write("objects", self.map)
