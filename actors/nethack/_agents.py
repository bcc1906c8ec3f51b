"""The minimal NetHack agent: reads the screen, explores, takes the stairs, quits cleanly.

The same experts as the Rogue one with NetHack's symbols and keys: ``--More--`` is
answered with Enter, menus and unknown questions with ESC, and the budget ends
with ``#quit`` and ``y``.
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

#: NetHack's default (non-DEC) symbols the hero can walk on. Open doors ('|', '-')
#: look like walls in this symbol set and are not walked through on purpose.
NETHACK_GEOMETRY = DungeonGeometry(
    passable=frozenset(".#<>{}_%$?!/=[()*\"+^`@"
                       + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    doors=frozenset("+"),
    stairs=">",
)


class NetHackCartographer(Cartographer):
    geometry = NETHACK_GEOMETRY

    @staticmethod
    def level(view: Any) -> int:
        return view.status.dlvl if view.status is not None else 0


class NetHackAnswers(AnswerScreens):
    more_key = "\r"
    list_key = "\x1b"
    say_yes = ("Really quit?",)
    list_kinds = frozenset({"menu"})
    # NetHack sometimes waits for a key with no --More-- drawn (at the end, after
    # "Really quit? y"). ESC there would also skip every later --More--, the
    # goodbye screen's included; Enter just goes on.
    other_key = "\r"


class NetHackQuit(QuitWhenDone):
    quit_keys = "#quit\r"


class NetHackStairs(TakeStairs):
    geometry = NETHACK_GEOMETRY


class NetHackExplore(Explore):
    geometry = NETHACK_GEOMETRY


def minimal_agent(limit: int = 500) -> AgentSpec:
    """The agent, quitting after ``limit`` decisions if it has not died first."""
    quit_expert = type("NetHackQuit", (NetHackQuit,), {"limit": limit})
    return AgentSpec(
        name="nethack-minimal",
        version="0.1",
        description="reads the screen, explores toward the unknown and the stairs, "
        "answers prompts, quits after its budget",
        knowledge_sources=(NetHackCartographer,),
        experts=(NetHackAnswers, quit_expert, NetHackStairs, NetHackExplore, Search),
        decision_deadline=1.0,
    )
