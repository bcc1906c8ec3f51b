"""The game registry: how the CLI and the daemon find games without importing them.

A game plugs in with an entry point in the ``belligerent.games`` group that names a
:class:`GamePlugin`. The plugin lists the commands it supports (``play``,
``tournament``, ``bench``, ``evolve``...), each with its own options; the CLI builds
``belligerent <command> <game> [options]`` from them and never imports a game by name.
"""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable, Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any

import attrs

from ._adapter import GameAdapter
from ._agent import AgentSpec
from ._exceptions import GameNotFoundError

ENTRY_POINT_GROUP = "belligerent.games"

#: ``(args) -> exit status``; runs inside ``trio.run``.
Run = Callable[[argparse.Namespace], Awaitable[int]]
#: Adds a command's own options to its parser.
AddArguments = Callable[[argparse.ArgumentParser], None]

#: One line of help for the commands the CLI knows; a plugin may add others.
COMMAND_HELP = {
    "play": "play one game, showing the agent's reasoning",
    "tournament": "play many games and rank the results",
    "bench": "measure an agent over many games",
    "serve": "host a game server that players and agents connect to",
    "evolve": "evolve an agent by playing many games",
}


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    return None


@attrs.frozen
class GameCommand:
    """One ``belligerent <name> <game>`` command of a game."""

    name: str
    run: Run
    add_arguments: AddArguments = _no_arguments
    #: One line for ``--help``; defaults to the game's description.
    help: str = ""


@attrs.frozen
class SessionPlan:
    """What the daemon needs to run one session of a game, built where it will run.

    ``adapter`` is a factory because an adapter owns live resources (a process, a
    socket) that must be created in the worker that drives them.
    """

    adapter: Callable[[], GameAdapter]
    agent: AgentSpec
    #: The parameters as the game understood them (defaults filled in), for records.
    parameters: tuple[tuple[str, Any], ...] = ()


#: ``(parameters, seed) -> SessionPlan``. Parameters are strings as a user typed
#: them (``opponent=rotate``); a bad one raises ValueError naming it and the choices.
PlanSession = Callable[[Mapping[str, str], int], SessionPlan]


@attrs.frozen
class GamePlugin:
    """How to run one game from the CLI or the daemon."""

    name: str
    description: str
    commands: tuple[GameCommand, ...] = ()
    #: How the daemon starts a session of this game without a human at the CLI.
    plan_session: PlanSession | None = None
    #: The game's own account of finished records (``runtime.daemon.SessionRecord``),
    #: printed under ``report``'s table: what a score distribution cannot say, such
    #: as causes of death, or what the game's records keep beside the score.
    describe_records: Callable[[Sequence[Any]], str] | None = None

    def command(self, name: str) -> GameCommand | None:
        return next((c for c in self.commands if c.name == name), None)


def available_games() -> dict[str, GamePlugin]:
    """Every installed game plugin, by name. A plugin that fails to load is skipped
    here (and reported by :func:`load_game` when asked for by name)."""
    games: dict[str, GamePlugin] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            plugin = entry.load()
        except Exception:  # a broken plugin must not hide the others
            continue
        if isinstance(plugin, GamePlugin):
            games[entry.name] = plugin
    return games


def load_game(name: str) -> GamePlugin:
    """The plugin for ``name``; raises GameNotFoundError naming the installed ones."""
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name == name:
            plugin = entry.load()
            if not isinstance(plugin, GamePlugin):
                raise GameNotFoundError(
                    f"entry point {entry.value!r} for game {name!r} is a "
                    f"{type(plugin).__name__}, not a GamePlugin"
                )
            return plugin
    known = ", ".join(sorted(e.name for e in entry_points(group=ENTRY_POINT_GROUP)))
    raise GameNotFoundError(
        f"unknown game {name!r}; installed games: {known or 'none'} "
        f"(is the project installed with `pip install -e .`?)"
    )
