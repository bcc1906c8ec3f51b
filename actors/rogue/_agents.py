"""The minimal Rogue agent: reads the screen, explores, takes the stairs, quits cleanly.

It proves the adapter end to end; the Rog-O-Matic agent is separate work. Static
priority, highest first: answer screens (``--More--``, lists, questions), quit
after its budget, go down the stairs, explore, search.
"""

from __future__ import annotations

from typing import Any

from actors.roguelike import (
    AnswerScreens,
    Cartographer,
    DungeonGeometry,
    Explore,
    QuitWhenDone,
    Search,
    TakeStairs,
)
from runtime import AgentSpec

#: Rogue's symbols: what the hero can walk on (monsters are fought by walking into them).
ROGUE_GEOMETRY = DungeonGeometry(
    passable=frozenset(".#+%*:!?)]=/,^@" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    doors=frozenset("+"),
    stairs="%",
    diagonal_needs_open_corners=True,
)


class RogueCartographer(Cartographer):
    geometry = ROGUE_GEOMETRY

    @staticmethod
    def level(view: Any) -> int:
        return view.status.level if view.status is not None else 0


class RogueAnswers(AnswerScreens):
    say_yes = ("Really quit?",)
    list_kinds = frozenset({"inventory"})


class RogueQuit(QuitWhenDone):
    quit_keys = "Q"


class RogueStairs(TakeStairs):
    geometry = ROGUE_GEOMETRY


class RogueExplore(Explore):
    geometry = ROGUE_GEOMETRY


def minimal_agent(limit: int = 500) -> AgentSpec:
    """The agent, quitting after ``limit`` decisions if it has not died first."""
    quit_expert = type("RogueQuit", (RogueQuit,), {"limit": limit})
    return AgentSpec(
        name="rogue-minimal",
        version="0.1",
        description="reads the screen, explores toward the unknown and the stairs, "
        "answers prompts, quits after its budget",
        knowledge_sources=(RogueCartographer,),
        experts=(RogueAnswers, quit_expert, RogueStairs, RogueExplore, Search),
        decision_deadline=1.0,
    )
