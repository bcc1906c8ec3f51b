"""How many steps Rog-O-Matic's explorer takes to see the whole of a dark room.

Usage: ``python bench/rogue_dark_sweep.py --rooms 300 --gains 0,0.1,0.34``

No Rogue binary: each room is drawn the way Rogue 5.4.4 draws a dark room (its walls
once seen stay on the screen, its floor only beside the hero), the screens go through
every knowledge source on a real blackboard, and the real exploration expert chooses
each step. A room is W by H squares inside (3 to 25 by 2 to 10, as Rogue's rooms), and
the hero comes in at a doorway on a random wall; the count is the steps until every
floor and wall square has been on the screen. Each weight of ``Tactics.explore_gain``
plays the same rooms, and the figure printed is its total against the nearest-first
explorer's (weight 0) in the same run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import trio

from actors.rogue import Tactics
from actors.rogue._agents import rogomatic_agent
from actors.rogue._grid import STEP_OF
from protocols.pty import ScreenSnapshot
from protocols.rogue import read_screen
from runtime import ACTED, Activation, Blackboard, BoardView

STATUS = "Level: 8  Gold: 500    Hp: 40(40)  Str: 16(16)  Arm: 5   Exp: 7/700"
#: Screen row and column of the room's top-left wall corner.
TOP, LEFT = 3, 10
#: Steps after which a room counts as not swept (none came near it in the runs).
MAX_STEPS = 3000


class Room:
    """A dark room: the squares inside, its walls, its doorway, and what was seen."""

    def __init__(self, rng: random.Random) -> None:
        self.w, self.h = rng.randint(3, 25), rng.randint(2, 10)
        side = rng.randrange(4)
        if side < 2:  # west or east wall
            r = rng.randrange(self.h)
            self.door = (r, -1 if side == 0 else self.w)
        else:
            c = rng.randrange(self.w)
            self.door = (-1 if side == 2 else self.h, c)
        self.seen: set[tuple[int, int]] = set()

    def inside(self, pos: tuple[int, int]) -> bool:
        return 0 <= pos[0] < self.h and 0 <= pos[1] < self.w

    def on_wall(self, pos: tuple[int, int]) -> bool:
        r, c = pos
        return -1 <= r <= self.h and -1 <= c <= self.w and not self.inside(pos)

    def char(self, pos: tuple[int, int]) -> str:
        if pos == self.door:
            return "+"
        if self.inside(pos):
            return "."
        return "-" if pos[0] in (-1, self.h) else "|"

    def look(self, hero: tuple[int, int]) -> None:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                pos = (hero[0] + dr, hero[1] + dc)
                if self.inside(pos) or self.on_wall(pos):
                    self.seen.add(pos)

    def all_seen(self) -> bool:
        return len(self.seen) == (self.w + 2) * (self.h + 2)

    def screen(self, hero: tuple[int, int]) -> list[str]:
        """Rogue's screen: walls and the doorway once seen, the floor only beside him."""
        lines = [" " * 80 for _ in range(24)]
        lines[23] = STATUS.ljust(80)
        rows = [list(line) for line in lines]
        for pos in self.seen:
            near = max(abs(pos[0] - hero[0]), abs(pos[1] - hero[1])) <= 1
            if self.inside(pos) and not near:
                continue
            rows[TOP + 1 + pos[0]][LEFT + 1 + pos[1]] = self.char(pos)
        rows[TOP + 1 + hero[0]][LEFT + 1 + hero[1]] = "@"
        return ["".join(row) for row in rows]


async def sweep(room: Room, tactics: Tactics) -> int:
    """Steps the explorer takes to see all of ``room`` (``MAX_STEPS`` if it never does)."""
    spec = rogomatic_agent(tactics)
    board = Blackboard()
    sources = [factory(seed=0) for factory in spec.knowledge_sources]
    explorer = next(e for e in spec.experts if e.name == "explore")(seed=0)
    hero = room.door
    room.look(hero)
    acted = None
    for generation in range(1, MAX_STEPS + 1):
        lines = room.screen(hero)
        cursor = (TOP + 1 + hero[0], LEFT + 1 + hero[1])
        view = read_screen(ScreenSnapshot(lines=tuple(lines), cursor=cursor,
                                          generation=generation))
        if acted is not None:
            board.write_nowait(ACTED, acted, writer="session", generation=generation)
        board.write_nowait("observation", view, writer="adapter", generation=generation)
        for source in sources:
            await source.activate(Activation(source, board, generation, type(source).reads))
        if room.all_seen():
            return generation - 1
        proposal = explorer.propose(BoardView(board, explorer, generation))
        step = STEP_OF.get(proposal.action) if proposal is not None else None
        if step is None:
            return MAX_STEPS  # it gave up on the room (a search, the stairs)
        target = (hero[0] + step[0], hero[1] + step[1])
        if room.inside(target) or target == room.door:
            hero = target
            room.look(hero)
        acted = proposal.action
    return MAX_STEPS


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--gains", default="0,0.1,0.34,0.5",
                        help="weights of Tactics.explore_gain, comma-separated; 0 is the base")
    args = parser.parse_args(argv)
    try:
        gains = [float(g) for g in args.gains.split(",")]
    except ValueError:
        sys.exit(f"rogue_dark_sweep: --gains takes numbers separated by commas, "
                 f"not {args.gains!r}")
    if 0.0 not in gains:
        gains.insert(0, 0.0)
    totals: dict[float, int] = {}
    unswept: dict[float, int] = {}
    for gain in gains:
        rng = random.Random(args.seed)
        start = time.perf_counter()
        total = stuck = 0
        for i in range(args.rooms):
            steps = await sweep(Room(rng), Tactics(explore_gain=gain))
            total += steps
            stuck += steps >= MAX_STEPS
            if (i + 1) % 50 == 0:
                print(f"  gain {gain}: {i + 1}/{args.rooms} rooms", file=sys.stderr)
        totals[gain], unswept[gain] = total, stuck
        print(f"explore_gain {gain}: {total} steps over {args.rooms} rooms "
              f"({stuck} not swept), {time.perf_counter() - start:.0f} s", flush=True)
    base = totals[0.0]
    for gain in gains:
        print(f"explore_gain {gain}: {totals[gain] / base:.3f} x the nearest-first steps")


if __name__ == "__main__":
    trio.run(main)
