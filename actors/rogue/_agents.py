"""The Rogue agents: Rog-O-Matic, and the minimal agent that proves the adapter.

The minimal agent's static priority, highest first: answer screens (``--More--``,
lists, questions), quit after its budget, go down the stairs, explore, search.
Rog-O-Matic (:func:`rogomatic_agent`) is the seed's expert system: eight knowledge
sources (and a ninth of ours, the pacing watch: ``_pacing``) and eleven experts in
the seed's order, under the screen handlers, with six of ours: drop a scroll of scare
monster when a fight could kill and fight from it, under weapon (``_sanctuary``,
Rog-O-Matic's own, in its battlestations); take the armor off for an aquator, under it
(``_rust``); eat at once after a faint, or when weak and a monster comes, above melee
(``_hunger.Hunger``); step away from an ice monster that may be awake
(``_freezer``) and escape by the stairs (``_escape``), both under melee; and hold
ground between retreat and the walkers (``_initiative``).
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

from ._archery import Missile, Target
from ._combat import Battlestations, Melee, Retreat, Weapon
from ._connect import ConnectivityAnalyser
from ._escape import Escape
from ._exploration import Exploration
from ._freezer import FreezerGuard
from ._health import Health
from ._hunger import Hunger
from ._icebreaker import IceBreaker
from ._initiative import HoldGround
from ._intern import InternalStateRecogniser
from ._inventory import InventoryDatabase
from ._items import Armor, MagicItems, ObjectAcquisition
from ._junk import Junk
from ._objects import ObjectMapper
from ._pacing import PacingWatch
from ._paths import PathCalculator
from ._rings import Rings
from ._rust import RustGuard
from ._sanctuary import Sanctuary
from ._screens import Budget, InventoryCheck, ScreenHandler
from ._sense import Messages, Sense
from ._surrender import BrokenPack, Starvation, Surrender
from ._tactics import Tactics
from ._terrain import TerrainMap

#: Bumped whenever the agent's play changes (recorded with every result).
ROGOMATIC_VERSION = "1.96"

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


def rogomatic_agent(tactics: Tactics, *, max_actions: int | None = None) -> AgentSpec:
    """Rog-O-Matic: the knowledge sources, and the experts in the seed's static order.

    Above the seed's experts sit the screen handlers (``--More--``, questions, lists),
    if ``max_actions`` is set the budget, the salvage of a game whose pack Rogue
    broke (``_surrender.BrokenPack``), the quit before starving
    (``_surrender.Starvation``), and the inventory check.
    """
    experts = [ScreenHandler]
    if max_actions is not None:
        experts.append(type("RogueBudget", (Budget,), {"limit": max_actions}))
    experts += [BrokenPack, Starvation, InventoryCheck, IceBreaker, Weapon, Sanctuary, RustGuard,
                Surrender, Hunger, Melee, FreezerGuard, Escape, Target, Missile, Battlestations,
                Retreat, HoldGround, Junk, ObjectAcquisition, Armor, MagicItems, Rings, Health,
                Exploration]
    bound = tuple(
        type(cls.__name__, (cls,), {"tactics": tactics}) for cls in experts
    )
    return AgentSpec(
        name="rogomatic",
        version=ROGOMATIC_VERSION,
        description="Rog-O-Matic (Mauldin et al. 1984) on the runtime: sense, messages, "
        "object map, inventory, terrain, connectivity, paths, internal state, pacing (a walk "
        "to and fro noticed); experts "
        "salvage (quit when a nymph's theft broke Rogue's pack), starvation (quit a few "
        "turns before starving with nothing to eat), icebreaker (shoot an ice "
        "monster in the way from afar; off by default), weapon, "
        "sanctuary (drop a scroll of scare monster when a fight could kill, and strike "
        "and rest on it), rust (armor off for an aquator), surrender (quit with the gold when a "
        "fight is all but lost), hunger (eat after a faint, or when weak and a monster "
        "comes), melee (an attacker it cannot see is walked away from: to the known "
        "stairs and down, else on), freezer (step away from an ice monster), target, missile, "
        "battlestations, retreat, hold (let a monster two squares off come to us), junk (keep "
        "the pack's last slot for food), object, "
        "armor, magic, rings (known good ones; regeneration to rest), health, explore",
        knowledge_sources=(Sense, Messages, TerrainMap, ObjectMapper, InventoryDatabase,
                           InternalStateRecogniser, ConnectivityAnalyser, PathCalculator,
                           PacingWatch),
        experts=bound,
        decision_deadline=2.0,
        settle_timeout=5.0,
    )
