"""How many turns the hero may rest without looking up.

Rogue 5.4.4 does not stop a count of searches (``10s``) when a monster comes into
view: only its first blow does (``attack()`` zeroes the count). A monster that
walks up during a long rest therefore strikes first, while one met between single
turns steps beside the hero and takes his first blow (``_initiative``). At level 1,
where a hobgoblin hits a hero without the running flag more than half the time for
up to 8 of his 12 hit points, that first blow is a large share of the risk, and
most of those fights began during a rest (replays of 1.18's level-1 deaths).

In a lit room a monster comes in through a door and is seen from there, so a rest
may last as long as the quickest monster (a flier: two squares a turn) needs from
the nearest door to the square beside the hero. Anywhere else (a passage, a dark
room, a doorway) one turn at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ._grid import MONSTER_LETTERS, ROWS, TOP, Pos, chebyshev, neighbours

#: Screen characters that bound the hero's room: walls, doors, passages, the unknown.
_BOUNDS = frozenset(" -|+#")
#: Squares a monster may cover in one of the hero's turns (Rogue's fliers move twice).
FASTEST = 2
#: The longest rest asked for at once.
MOST = 10


def _char(rows: Sequence[str], pos: Pos) -> str:
    """The screen character at ``pos``; the unknown (a space) off the map."""
    r, c = pos[0] - TOP, pos[1]
    if 0 <= r < min(ROWS, len(rows)) and 0 <= c < len(rows[r]):
        return rows[r][c]
    return " "


def _region(rows: Sequence[str], start: Pos) -> set[Pos]:
    """The squares reachable from ``start`` without crossing a room's bounds."""
    seen = {start}
    todo = [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n not in seen and _char(rows, n) not in _BOUNDS:
                seen.add(n)
                todo.append(n)
    return seen


def room_around(rows: Sequence[str], player: Pos) -> frozenset[Pos]:
    """The squares of the lit room the hero stands in, as the screen shows them now.

    Empty when he is not inside a room he can see across (a passage, a doorway, a
    dark room, where the screen shows no more than the squares beside him).
    """
    seen = _region(rows, player)
    if len(seen) == 1 or all(chebyshev(p, player) <= 1 for p in seen):
        return frozenset()
    return frozenset(seen)


def rest_turns(rows: Sequence[str], player: Pos, doors: Iterable[Pos],
               most: int = MOST) -> int:
    """Turns of rest to ask for at once, so that no monster unseen now reaches the
    square beside the hero before he looks again (see the module)."""
    room = room_around(rows, player)
    if not room:
        return 1
    entries = [d for d in doors if any(chebyshev(d, p) <= 1 for p in room)]
    if not entries:
        return 1  # no way in shown yet: do not count on the walls
    nearest = min(chebyshev(player, d) for d in entries)
    return max(1, min(most, (nearest - 1) // FASTEST))


def rest_action(turns: int) -> str:
    """The keys for ``turns`` searches in place: ``s``, or a count before it."""
    return "s" if turns <= 1 else f"{turns}s"


def lit_squares(rows: Sequence[str], player: Pos) -> dict[Pos, int]:
    """The squares of the lit rooms the screen shows with no monster in them, each
    with how far it lies from its room's nearest door (10 when no door shows yet).

    Rogue keeps a lit room drawn once seen and forgets a dark room's floor, so a
    floor square (``.``) not beside the hero is a lit room's; a room's doors are the
    ``+`` around it. From a square ``d`` squares inside, a monster coming in is seen
    ``d`` squares off: time for the bow (``_archery``) where a passage or a dark room
    shows it only beside the hero.
    """
    out: dict[Pos, int] = {}
    seen: set[Pos] = set()
    for r in range(min(ROWS, len(rows))):
        for c, ch in enumerate(rows[r]):
            start = (r + TOP, c)
            if ch != "." or start in seen or chebyshev(start, player) <= 1:
                continue
            region = _region(rows, start)
            seen |= region
            if any(_char(rows, p) in MONSTER_LETTERS for p in region):
                continue
            doors = {n for p in region for n in neighbours(p) if _char(rows, n) == "+"}
            for p in region:
                out[p] = min((chebyshev(p, d) for d in doors), default=10)
    return out
