"""How a Rog-O-Matic game ended: the last decisions (expert, rationale, hp) and screens.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_last_moves.py 12 --last 40``

Plays fixed dungeon N (the same game as a tournament's dungeon N, since games are
repeatable) and prints the result, then each of the last ``--last`` decisions with
the hit points on the screen it was taken on; ``--screens`` also prints those
screens. The tool behind the diagnosis in docs/rogomatic.md (which fights were lost, and
how). ``--tactics FILE`` replays a variant's game (the same JSON as the tournament's
``--tactics``). The log goes to stderr; ``2>/dev/null`` keeps the output short.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

import trio

from actors.rogue import DEFAULT_TACTICS, Tactics, rogomatic
from actors.rogue._tournament_game import CappedAdapter
from actors.rogue.plugin import load_tactics
from protocols.rogue import SeededRogueAdapter, find_rogue_binary
from runtime import Session, configure_logging


def require_rogue(prog: str) -> None:
    """Exit with a message (not a traceback) when no Rogue binary is configured: these
    tools play real games, and say how to point them at one."""
    try:
        find_rogue_binary(None)
    except (LookupError, OSError) as exc:
        sys.exit(f"{prog}: {exc}")


def add_tactics_option(parser: argparse.ArgumentParser) -> None:
    """``--tactics FILE``, as the tournament's: the replaying tools all take it."""
    parser.add_argument("--tactics", metavar="FILE", help="JSON of tactics (name: value) to "
                        "play with, as the tournament's --tactics; the defaults otherwise")


def add_dungeon_range(parser: argparse.ArgumentParser, *, stop: int,
                      time_limit: float) -> None:
    """``--from``, ``--to`` and ``--time-limit``, for the tools that replay a range of
    fixed dungeons (``rogue_first_level.py``, ``rogue_resources.py``)."""
    parser.add_argument("--from", dest="start", type=int, default=0, help="first dungeon")
    parser.add_argument("--to", dest="stop", type=int, default=stop,
                        help="dungeon to stop before")
    parser.add_argument("--time-limit", type=float, default=time_limit)


def tactics_or_exit(parser: argparse.ArgumentParser, path: str | None) -> Tactics:
    """The tactics in ``path`` (the defaults without one), or exit with the reason."""
    if path is None:
        return DEFAULT_TACTICS
    try:
        return load_tactics(path)
    except ValueError as exc:
        parser.error(str(exc))


def run_replay(parser: argparse.ArgumentParser, prog: str, main: Any) -> None:
    """The tail every replaying tool shares: ``--tactics``, the arguments parsed, a
    Rogue binary checked for (exit with the reason, not a traceback), then ``main``
    run on the arguments under trio, its return the exit status."""
    add_tactics_option(parser)
    arguments = parser.parse_args()
    require_rogue(prog)
    arguments.tactics = tactics_or_exit(parser, arguments.tactics)
    sys.exit(trio.run(main, arguments))


def map_distance(lines: Any, marks: str) -> int | None:
    """King's moves from the hero to the nearest of ``marks`` drawn on the map rows of a
    screen's ``lines`` (not the message line, not the status line); None unless both show."""
    hero = None
    found = []
    for row, line in enumerate(lines[1:23], 1):
        for col, ch in enumerate(line):
            if ch == "@":
                hero = (row, col)
            elif ch in marks:
                found.append((row, col))
    if hero is None or not found:
        return None
    return min(max(abs(hero[0] - r), abs(hero[1] - c)) for r, c in found)


class Witness(CappedAdapter):
    """Keeps each screen with the decision taken on it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session: Session | None = None
        self.seen: Any = None
        self.log: list[tuple[Any, Any, Any]] = []
        #: The game's result, once :func:`witness_game` has played it.
        self.played: Any = None

    async def observe(self) -> Any:
        observed = await super().observe()
        self.seen = observed.payload
        return observed

    async def act(self, action: Any) -> None:
        decision = self.session.last_decision if self.session is not None else None
        self.log.append((self.seen, action, decision))
        await super().act(action)


async def witness_game(dungeon: int, time_limit: float, witness: type[Witness] = Witness,
                       announce: bool = True, tactics: Tactics = DEFAULT_TACTICS) -> Witness:
    """Play fixed dungeon ``dungeon`` to its end, print the result (if ``announce``),
    and return the witness with every screen and decision (``rogue_levels.py`` and
    ``rogue_first_level.py``, with a witness of its own, use it too)."""
    configure_logging(level="warning", stream=sys.stderr)
    inner = SeededRogueAdapter.live_seeded(find_rogue_binary(None), seed=dungeon)
    adapter = witness(inner, time_limit=time_limit)
    session = Session(adapter, rogomatic(tactics), seed=dungeon)
    adapter.session = session
    adapter.played = result = await session.run()
    detail = dict(result.detail)
    if announce:
        print(f"dungeon {dungeon}: {result.outcome}, score {result.score:.0f}, "
              f"{result.turns} turns, level {detail.get('depth')}, {detail.get('cause', '')}")
    return adapter


def run_range(prog: str, description: str, fold: Callable[[int, list[Any]], Any],
              lines: Callable[[Any], list[str]],
              summarise: Callable[[list[Any]], list[str]],
              witness: type[Witness] = Witness) -> None:
    """The whole of a tool that replays a range of fixed dungeons (``--from``, ``--to``,
    ``--time-limit``, ``--tactics``): each game, watched by ``witness`` (one that quits
    early saves the rest of a game the tool does not read), has its log folded by
    ``fold(dungeon, log)`` and its ``lines`` printed as it ends, then ``summarise`` of
    them all is printed (``rogue_resources.py``, ``rogue_turns.py``,
    ``rogue_camp_encounters.py``)."""

    async def main(args: argparse.Namespace) -> int:
        games = []
        for dungeon in range(args.start, args.stop):
            watched = await witness_game(dungeon, args.time_limit, witness,
                                         tactics=args.tactics)
            games.append(fold(dungeon, watched.log))
            for line in lines(games[-1]):
                print(line, flush=True)
        print(f"\n{len(games)} dungeons")
        for line in summarise(games):
            print(line)
        return 0

    parser = argparse.ArgumentParser(description=description)
    add_dungeon_range(parser, stop=10, time_limit=3000.0)
    run_replay(parser, prog, main)


async def main(args: argparse.Namespace) -> int:
    adapter = await witness_game(args.dungeon, args.time_limit, tactics=args.tactics)
    start = len(adapter.log) - args.last
    for i, (view, action, decision) in enumerate(adapter.log[-args.last:]):
        status = getattr(view, "status", None)
        hp = f"{status.hp}/{status.hp_max}" if status is not None else "-"
        who = decision.expert if decision is not None else "-"
        why = decision.rationale if decision is not None else ""
        if not args.screens and who == "screens":
            continue
        print(f"#{start + i} hp {hp} {action!r} {who}: {why}")
        if args.screens and view is not None:
            for line in getattr(view, "lines", ()):
                if line.strip():
                    print("   |" + line.rstrip())
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dungeon", type=int)
    parser.add_argument("--last", type=int, default=40, help="decisions to show")
    parser.add_argument("--screens", action="store_true", help="print each screen too")
    parser.add_argument("--time-limit", type=float, default=150.0)
    run_replay(parser, "rogue_last_moves", main)
