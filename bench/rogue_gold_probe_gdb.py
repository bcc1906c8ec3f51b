"""gdb's half of ``rogue_gold_truth.py``: the gold each Rogue level still held when left.

Run inside gdb attached to a Rogue 5.4.4 process built with debug information
(``gdb -p PID -batch -nx -x bench/rogue_gold_probe_gdb.py``). It stops Rogue as each
level is left (``new_level``, on the stairs or through a trapdoor; ``Level`` is then
already the next one) and as the game ends (``score``, after a death's tenth is
taken), prints one JSON line and lets Rogue go on::

    {"at": "new_level", "level": 4, "purse": 312,
     "piles": [[row, column, value, room], ...], "food": [[row, column, count, room], ...],
     "rooms": [[top, left, height, width, dark, maze, gone], ...],
     "secret_doors": [[row, column], ...], "hidden_passages": [[row, column], ...]}

``piles`` are the gold objects still lying on the level being left, ``food`` its food
and ``rooms`` that level's nine room slots, so the caller can say where each lay;
``secret_doors`` and ``hidden_passages`` are the hidden ways on not yet found. This reads
the game's memory, which the agent never does: it is a measuring tool only, the
ground truth against which the agent's own view is judged.
"""

from __future__ import annotations

import json

import gdb  # type: ignore[import-not-found]  # only inside gdb

GOLD, FOOD = ord("*"), ord(":")
ISDARK, ISGONE, ISMAZE = 0o1, 0o2, 0o4
MAXROOMS = 9
#: ``Places`` is indexed ``(x << 5) + y`` over 80 columns (rogue.h's INDEX).
COLUMNS, ROWS = 80, 32
F_PASS, F_REAL = 0x80, 0x10


def _rooms() -> list[list[int]]:
    rooms = gdb.parse_and_eval("Rooms")
    out = []
    for i in range(MAXROOMS):
        room = rooms[i]
        flags = int(room["r_flags"])
        out.append([int(room["r_pos"]["y"]), int(room["r_pos"]["x"]),
                    int(room["r_max"]["y"]), int(room["r_max"]["x"]),
                    int(bool(flags & ISDARK)), int(bool(flags & ISMAZE)),
                    int(bool(flags & ISGONE))])
    return out


def _room_of(rooms: list[list[int]], row: int, column: int) -> int:
    for i, (top, left, height, width, _dark, _maze, gone) in enumerate(rooms):
        if not gone and top <= row < top + height and left <= column < left + width:
            return i
    return -1


def _objects(rooms: list[list[int]], kind: int) -> list[list[int]]:
    """``[row, column, value, room]`` of each object of ``kind`` on the level (value: a
    pile's gold, a food item's count)."""
    found = []
    thing = gdb.parse_and_eval("Lvl_obj")
    while int(thing) != 0:
        obj = thing.dereference()["_o"]
        if int(obj["_o_type"]) == kind:
            row, column = int(obj["_o_pos"]["y"]), int(obj["_o_pos"]["x"])
            value = int(obj["_o_arm"]) if kind == GOLD else int(obj["_o_count"])
            found.append([row, column, value, _room_of(rooms, row, column)])
        thing = obj["_l_next"]
    return found


def _hidden() -> tuple[list[list[int]], list[list[int]]]:
    """The secret doors and hidden passage squares not yet found, as ``[row, column]``:
    squares Rogue has not made real (``F_REAL``), a wall's ``-`` or ``|`` or a passage's."""
    places = gdb.parse_and_eval("Places")
    doors, passages = [], []
    for x in range(COLUMNS):
        for y in range(1, 23):
            place = places[(x << 5) + y]
            flags = int(place["p_flags"]) & 0xFF
            if flags & F_REAL:
                continue
            if flags & F_PASS:
                passages.append([y, x])
            elif chr(int(place["p_ch"]) & 0xFF) in "-|":
                doors.append([y, x])
    return doors, passages


class Probe(gdb.Breakpoint):
    """Prints the level's leftover gold each time Rogue passes ``spec``."""

    def stop(self) -> bool:
        rooms = _rooms()
        doors, passages = _hidden()
        print(json.dumps({"at": self.location, "level": int(gdb.parse_and_eval("Level")),
                          "purse": int(gdb.parse_and_eval("Purse")),
                          "piles": _objects(rooms, GOLD), "food": _objects(rooms, FOOD),
                          "rooms": rooms, "secret_doors": doors,
                          "hidden_passages": passages}), flush=True)
        return False


gdb.execute("set pagination off")
gdb.execute("set confirm off")
# Rogue's own signals (the terminal closing, a resize, an interrupt) go straight to it.
gdb.execute("handle all nostop noprint pass")
gdb.execute("handle SIGINT nostop noprint pass")
Probe("new_level")
Probe("score")
gdb.execute("continue")
