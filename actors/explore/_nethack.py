"""The same explorer on real NetHack: level 1 through ``protocols.nethack``'s adapters.

The knowledge sources and the exploring expert are the ones that play
``games.dungeon`` (the sensor reads a ``NetHackView`` as it reads a
``DungeonView``: see :mod:`._view`). Real NetHack adds screens that are not the
map, so two experts come first: one answers ``--More--``, menus and questions
(``y`` to "Really quit?"), one quits after a budget of decisions. When the
explorer has nothing left worth exploring, the last expert quits the game
(``#quit``), NetHack's way of saying ``stop``.

NetHack's level also holds what the experiment removed (monsters, objects):
the sensor reads a monster or an object as floor, and a move that a monster
blocks simply fails and is tried again, then routed round (:class:`Navigator`).
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from runtime import AgentSpec, BoardView, Expert, Proposal

from ._agents import default_params
from ._experts import RoomSpaceExplorer, configured
from ._ks import Frontiers, MapSensor, RoomSpaceSource

ESC = "\x1b"
QUIT = "#quit\r"


class AnswerNetHack(Expert):
    """Answers what is not the map: ``--More--`` (Enter), menus (ESC), questions."""

    name = "answer-screens"
    reads = frozenset({"observation"})

    def propose(self, view: BoardView) -> Proposal | None:
        screen = view.read("observation")
        if screen is None:
            return None
        if getattr(screen, "more", False):
            return Proposal("\r", f"dismiss --More-- after {screen.message!r}")
        kind = getattr(screen, "kind", "map")
        if kind == "menu":
            return Proposal(ESC, "close the menu")
        prompt = getattr(screen, "prompt", "")
        if prompt:
            if prompt.startswith("Really quit?"):
                return Proposal("y", f"confirm {prompt!r}")
            return Proposal(ESC, f"decline {prompt!r}")
        if kind == "other":
            return Proposal("\r", "an unknown screen: answer Enter")
        return None


class QuitAfter(Expert):
    """Quits after ``limit`` decisions, whatever is left (a test's or a user's budget)."""

    name = "quit-after"
    reads = frozenset({"observation"})
    limit: ClassVar[int] = 1000

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decisions = 0

    def propose(self, view: BoardView) -> Proposal | None:
        self.decisions += 1
        screen = view.read("observation")
        if self.decisions > self.limit and getattr(screen, "kind", "") == "map":
            return Proposal(QUIT, f"{self.limit} decisions made: quit")
        return None


class QuitWhenExplored(Expert):
    """The last resort on real NetHack: nothing left worth exploring, so quit."""

    name = "done"
    reads = frozenset({"observation"})

    def propose(self, view: BoardView) -> Proposal | None:
        if getattr(view.read("observation"), "kind", "") != "map":
            return None
        return Proposal(QUIT, "done: no frontier left worth its cost; quit the game")


def nethack_explorer(limit: int = 1000, params: Any = None) -> AgentSpec:
    """Our explorer (room space, no secret search) for real NetHack, quitting after
    ``limit`` decisions at most.

    By default it stops the per-frontier way (when no frontier has ``p >= 0.1``):
    the product rule of the defaults was set on ``games.dungeon``'s levels, and
    on real ones (dark rooms, rooms seen in part from a doorway) it quits sooner,
    three rooms instead of four on NLE seeds (2, 3), seven instead of ten on (8, 9).
    """
    if params is None:
        params = attrs.evolve(default_params("room-space"), p_min=0.1, any_min=None,
                              follow_min=None)
    quit_after = type("QuitAfter", (QuitAfter,), {"limit": limit, "__doc__": QuitAfter.__doc__})
    return AgentSpec(
        name="explore-nethack",
        version="1.0",
        knowledge_sources=(MapSensor, Frontiers, RoomSpaceSource),
        experts=(AnswerNetHack, quit_after, configured(RoomSpaceExplorer, params),
                 QuitWhenExplored),
        description="our room-space explorer on real NetHack level 1",
        decision_deadline=2.0,
    )
