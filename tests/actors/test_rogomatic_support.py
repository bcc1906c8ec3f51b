"""Shared builders for the Rog-O-Matic tests: screens, the knowledge-source pipeline.

No tests here: constructed Rogue screens (map rows, status line, message, cursor on
the hero), a runner that feeds views through every knowledge source in order on a
real blackboard, and a helper that asks one expert for its proposal.
"""

from __future__ import annotations

import json
import os

import attrs

from actors.rogue import Tactics
from actors.rogue._agents import rogomatic_agent
from actors.rogue._context import Situation
from protocols.pty import ScreenSnapshot
from protocols.rogue import RogueStatus, RogueView, read_screen
from runtime import ACTED, Activation, Blackboard, BoardView

ROGUE_DATA = os.path.join(os.path.dirname(__file__), "..", "data", "rogue")
STATUS = "Level: 1  Gold: 0      Hp: 12(12)  Str: 16(16)  Arm: 4   Exp: 1/0"


def status(**fields: object) -> str:
    """A status line: the starting one with ``fields`` changed."""
    base = RogueStatus.parse(STATUS)
    assert base is not None
    return attrs.evolve(base, **fields).format()


def screen(rows: list[str], *, top: int = 1, message: str = "", status_line: str = STATUS,
           generation: int = 1) -> RogueView:
    """A map screen: ``rows`` drawn from screen row ``top``, the cursor on the ``@``."""
    lines = [" " * 80 for _ in range(24)]
    lines[0] = message.ljust(80)[:80]
    for i, row in enumerate(rows):
        lines[top + i] = row.ljust(80)[:80]
    lines[23] = status_line.ljust(80)[:80]
    cursor = (0, len(message)) if message.endswith(("--More--", "? ", ": ")) else (0, 0)
    for r in range(1, 23):
        c = lines[r].find("@")
        if c >= 0 and not message.endswith(("--More--", "? ", ": ")):
            cursor = (r, c)
    snap = ScreenSnapshot(lines=tuple(lines), cursor=cursor, generation=generation)
    return read_screen(snap)


def inventory_screen(items: list[str], generation: int = 1) -> RogueView:
    lines = [" " * 80 for _ in range(24)]
    for i, text in enumerate(items):
        lines[i] = text.ljust(80)
    lines[23] = "--Press space to continue--".ljust(80)
    snap = ScreenSnapshot(lines=tuple(lines), cursor=(23, 27), generation=generation)
    return read_screen(snap)


def sidecar_screen(seed: int, label: str) -> RogueView:
    """A checkpoint screen of a recorded game (tests/data/rogue), read as a view."""
    with open(os.path.join(ROGUE_DATA, f"seed-{seed}.json")) as f:
        data = json.load(f)
    c = next(c for c in data["checkpoints"] if c["label"] == label)
    snap = ScreenSnapshot(lines=tuple(c["screen"]), cursor=tuple(c["cursor"]), generation=1)
    return read_screen(snap)


class Pipeline:
    """Every Rog-O-Matic knowledge source on one blackboard, fed a view at a time."""

    def __init__(self, tactics: Tactics | None = None) -> None:
        self.tactics = tactics or Tactics()
        self.spec = rogomatic_agent(self.tactics)
        self.board = Blackboard()
        self.sources = [factory(seed=0) for factory in self.spec.knowledge_sources]
        self.generation = 0

    async def feed(self, view: RogueView, acted: str | None = None) -> Blackboard:
        """Show ``view``, as the screen that answered ``acted`` (the session's entry)."""
        self.generation += 1
        g = self.generation
        view = attrs.evolve(view, generation=g)
        if acted is not None:
            self.board.write_nowait(ACTED, acted, writer="session", generation=g)
        self.board.write_nowait("observation", view, writer="adapter", generation=g)
        # Sources are listed in dependency order; a gated source runs once per screen.
        for source in self.sources:
            await source.activate(Activation(source, self.board, g, type(source).reads))
        return self.board

    def read(self, name: str):  # noqa: ANN201
        return self.board.read(name)

    def expert(self, name: str):  # noqa: ANN201
        cls = next(e for e in self.spec.experts if e.name == name)
        return cls(seed=0)

    def situation(self) -> Situation:
        """What the experts see on the board now (with the pipeline's tactics)."""
        view = BoardView(self.board, self.expert("melee"), self.generation)
        situation = Situation.read(view, self.tactics)
        assert situation is not None
        return situation

    def ask(self, name: str, expert=None):  # noqa: ANN001, ANN201
        """The proposal of expert ``name`` (a fresh one, or ``expert``) on the board."""
        expert = expert or self.expert(name)
        return expert.propose(BoardView(self.board, expert, self.generation))


async def fed(*views: RogueView, tactics: Tactics | None = None) -> Pipeline:
    pipeline = Pipeline(tactics)
    for view in views:
        await pipeline.feed(view)
    return pipeline


#: The default tactics but for the search for an unseen part of the level (on from
#: 1.92, to level 6): a test's screens of one or two rooms leave most of the level
#: unseen, so where a test is about what sends the hero to the stairs, the search
#: would take their place.
NO_SEEK = Tactics(seek_hidden=False)

#: The starting kit of Rogue 5.4.4, as the inventory lists it.
PACK = ["a) Some food", "b) +1 ring mail [protection 4] (being worn)",
        "c) A +1,+1 mace (weapon in hand)", "d) A +1,+0 short bow", "e) 25 +0,+0 arrows"]
#: A lit room with one door on the east wall, drawn from screen row 2.
ROOM = [
    "--------------",
    "|............|",
    "|............+",
    "|............|",
    "--------------",
]


def room_with(*marks: tuple[int, int, str]) -> list[str]:
    """ROOM (rows 2-6 of the screen) with characters placed at screen (row, column)."""
    rows = [list(r) for r in ROOM]
    for r, c, ch in marks:
        rows[r - 2][c] = ch
    return ["".join(r) for r in rows]


async def with_pack(*views: RogueView, pack: list[str] = PACK,
                    tactics: Tactics | None = None) -> Pipeline:
    """A pipeline that has read ``pack`` and then seen ``views``."""
    pipeline = Pipeline(tactics)
    await pipeline.feed(inventory_screen(pack))
    await pipeline.feed(screen(room_with((3, 1, "@")), top=2))  # the redraw after the list
    for view in views:
        await pipeline.feed(view)
    return pipeline
