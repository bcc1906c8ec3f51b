"""``belligerent play nethack``: the minimal agent plays one game of NetHack.

Registered as the ``nethack`` entry point of ``belligerent.games``. By default the
game is Debian's nethack-console in a pseudo-terminal, in a private playground;
``--nle`` plays in-process through NLE instead (seeded by ``--seed``).
"""

from __future__ import annotations

import argparse

from actors.roguelike._play import report, run_session
from protocols.nethack import NETHACK_ENV, NetHackAdapter
from runtime import Bus, GameCommand, GamePlugin, Session, whole_number

from ._agents import minimal_agent
from ._plan import plan_session

_positive = whole_number(1)


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--nethack-bin", metavar="PATH", default=None,
                        help=f"the NetHack binary (default: ${NETHACK_ENV} or Debian's "
                        "nethack-console)")
    parser.add_argument("--nle", action="store_true",
                        help="play in-process through NLE (needs the nle extra)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed for the agent (and, with --nle, for the dungeon)")
    parser.add_argument("--max-actions", type=_positive, default=500,
                        help="quit (#quit, y) after this many decisions (default: %(default)s)")
    parser.add_argument("--record", metavar="CAST", default=None,
                        help="write the session to an asciinema v2 cast file (pty only)")
    parser.add_argument("--headless", action="store_true",
                        help="do not draw the screen; print only the result")
    parser.add_argument("--delay", type=float, default=0.0,
                        help="seconds to pause after each action, to watch the game")


async def play(args: argparse.Namespace) -> int:
    bus = Bus()
    if args.nle:
        if args.record:
            raise ValueError("--record needs the pty game; it cannot record an NLE game")
        adapter = NetHackAdapter.nle(seeds=(args.seed, args.seed + 1), bus=bus)
    else:
        adapter = NetHackAdapter.live(binary=args.nethack_bin, record=args.record, bus=bus)
    session = Session(adapter, minimal_agent(args.max_actions), seed=args.seed, bus=bus)
    adapter.pace = args.delay
    result = await run_session(session, headless=args.headless)
    return report(result)


PLUGIN = GamePlugin(
    name="nethack",
    description="NetHack 3.6 (Debian's nethack-console in a pseudo-terminal, or NLE)",
    commands=(
        GameCommand("play", play, add_play_arguments,
                    help="play one game of NetHack with the minimal agent, showing the screen"),
    ),
    plan_session=plan_session,
)
