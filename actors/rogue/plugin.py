"""``belligerent play rogue --rogue-bin PATH``: the minimal agent plays one game.

Registered as the ``rogue`` entry point of ``belligerent.games``. The Rogue binary
is the user's: ``--rogue-bin`` or ``$BELLIGERENT_ROGUE``.
"""

from __future__ import annotations

import argparse

from actors.roguelike._play import report, run_session
from protocols.rogue import ROGUE_ENV, RogueAdapter
from runtime import Bus, GameCommand, GamePlugin, Session

from ._agents import minimal_agent


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {value}")
    return value


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rogue-bin", metavar="PATH", default=None,
                        help=f"the Rogue 5.4.4 binary (default: ${ROGUE_ENV})")
    parser.add_argument("--seed", type=int, default=0, help="seed for the agent's choices")
    parser.add_argument("--max-actions", type=_positive, default=500,
                        help="quit (Q, y) after this many decisions (default: %(default)s)")
    parser.add_argument("--record", metavar="CAST", default=None,
                        help="write the session to an asciinema v2 cast file")
    parser.add_argument("--headless", action="store_true",
                        help="do not draw the screen; print only the result")
    parser.add_argument("--delay", type=float, default=0.0,
                        help="seconds to pause after each action, to watch the game")


async def play(args: argparse.Namespace) -> int:
    bus = Bus()
    adapter = RogueAdapter.live(args.rogue_bin, record=args.record, bus=bus)
    session = Session(adapter, minimal_agent(args.max_actions), seed=args.seed, bus=bus)
    adapter.pace = args.delay
    result = await run_session(session, headless=args.headless)
    return report(result)


PLUGIN = GamePlugin(
    name="rogue",
    description="Rogue 5.4.4 (the user's binary) in a pseudo-terminal",
    commands=(
        GameCommand("play", play, add_play_arguments,
                    help="play one game of Rogue with the minimal agent, showing the screen"),
    ),
)
