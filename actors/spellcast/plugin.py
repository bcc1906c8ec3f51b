"""``belligerent play``, ``tournament`` and ``serve spellcast``.

Registered as the ``spellcast`` entry point of ``belligerent.games``. ``serve`` is the
server's own command (from ``protocols.spellcast``); ``play`` joins a server (or, with
no ``--host``, starts one in-process with a heuristic opponent); ``tournament`` plays
agents against each other on a local server.
"""

from __future__ import annotations

import argparse
import sys

import trio

from protocols.spellcast import DEFAULT_PORT, SERVE_COMMAND, SpellcastAdapter
from runtime import GameCommand, GamePlugin, ProgressBar, Session, whole_number

from ._agents import AGENT_NAMES, DEFAULT_TIME, make_agent
from ._plan import THINKING_TIME, LocalMatch, plan_session
from ._tournament import Entrant, format_table, lineups, run_matches

_positive = whole_number(1)


def _agent(text: str) -> str:
    if text not in AGENT_NAMES:
        raise argparse.ArgumentTypeError(
            f"unknown agent {text!r}; choose from {', '.join(AGENT_NAMES)}")
    return text


def _wizards(text: str) -> int:
    value = _positive(text)
    if not 2 <= value <= 4:
        raise argparse.ArgumentTypeError(f"expected 2 to 4 wizards, got {value}")
    return value


def _agents(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    bad = [n for n in names if n not in AGENT_NAMES]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown agent(s) {', '.join(bad) or '(none given)'}; "
            f"choose from {', '.join(AGENT_NAMES)}")
    return names


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=None,
                        help="the server to join (default: start one here, with an opponent)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the server's port (default {DEFAULT_PORT})")
    parser.add_argument("--agent", type=_agent, default=AGENT_NAMES[0],
                        help=f"our agent: {', '.join(AGENT_NAMES)} (default: %(default)s)")
    parser.add_argument("--opponent", type=_agent, default="heuristic",
                        help="the opponent on a local server (default: %(default)s)")
    parser.add_argument("--time-per-turn", type=THINKING_TIME, default=DEFAULT_TIME,
                        help="Becky's thinking time per turn, seconds (default: %(default)s)")
    parser.add_argument("--name", default=None,
                        help="our wizard's name on the server (default: the agent's)")
    parser.add_argument("--room", default=None,
                        help="room to JOIN on our server (leave out on a lithium server)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the agent (and server)")
    parser.add_argument("--quiet", action="store_true",
                        help="print only the result, not every decision")


async def _run_session(adapter: SpellcastAdapter | LocalMatch, args: argparse.Namespace) -> int:
    agent = make_agent(args.agent, args.time_per_turn)
    session = Session(adapter, agent, seed=args.seed)

    async def show() -> None:
        async with session.bus.open_subscription("decision") as decisions:
            async for decision in decisions:
                view = adapter.view()
                hps = " ".join(f"{w.name}:{w.hp}" for w in view.wizards)
                print(f"round {view.round:3d} {view.phase:9} {hps:30} {decision.rationale}")

    async with trio.open_nursery() as nursery:
        if not args.quiet:
            nursery.start_soon(show)
        record = await session.run()
        nursery.cancel_scope.cancel()
    print(f"{adapter.name} ({agent.name}): {record.outcome} after {record.turns} rounds "
          f"in {record.wall_time:.1f}s")
    if record.cause:
        print(f"ended early: {record.cause}", file=sys.stderr)
        return 1
    return 0


async def play(args: argparse.Namespace) -> int:
    name = args.name or args.agent
    if args.host is not None:
        adapter: SpellcastAdapter | LocalMatch = SpellcastAdapter(args.host, args.port, name,
                                                                  room=args.room)
    else:
        adapter = LocalMatch(args.opponent, name=name, time_per_turn=args.time_per_turn,
                             seed=args.seed)
    return await _run_session(adapter, args)


def add_tournament_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--agents", type=_agents, default=list(AGENT_NAMES), metavar="A,B",
                        help=f"agents to enter, comma-separated (default: {','.join(AGENT_NAMES)})")
    parser.add_argument("--games", type=_positive, default=12, help="matches to play")
    parser.add_argument("--wizards", type=_wizards, default=2,
                        help="wizards per match, 2 to 4 (default: %(default)s)")
    parser.add_argument("--time-per-turn", type=THINKING_TIME, default=DEFAULT_TIME,
                        help="Becky's thinking time per turn, seconds (default: %(default)s)")
    parser.add_argument("--concurrency", type=_positive, default=1,
                        help="matches at once (searches share one interpreter; default 1)")
    parser.add_argument("--max-turns", type=_positive, default=100,
                        help="rounds before a match is called a draw (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the server and agents")


async def tournament(args: argparse.Namespace) -> int:
    entrants = [Entrant(n, make_agent(n, args.time_per_turn)) for n in args.agents]
    if args.wizards == 2 and len(entrants) < 2:
        raise ValueError("a two-wizard tournament needs at least two agents")
    plan = lineups(entrants, args.games, args.wizards)
    bar = ProgressBar(len(plan), label="tournament")
    results = await run_matches(plan, seed=args.seed, concurrency=args.concurrency,
                                max_turns=args.max_turns,
                                progress=lambda done, note: bar.update(done, note[:40]))
    print(f"{len(results)} matches of {args.wizards} wizards, Becky at "
          f"{args.time_per_turn:g}s per turn, seed {args.seed}")
    print(format_table(results))
    return 0


PLUGIN = GamePlugin(
    name="spellcast",
    description="Spellcast (Bartle's Waving Hands, Plotkin's rules) on a line-protocol "
    "server; Becky (Bennett 2005) plays it by minimax over simultaneous moves",
    commands=(
        GameCommand("play", play, add_play_arguments,
                    help="join a Spellcast server (or a local one) and play one match"),
        GameCommand("tournament", tournament, add_tournament_arguments,
                    help="agents against each other on a local server, with a results table"),
        SERVE_COMMAND,
    ),
    plan_session=plan_session,
)
