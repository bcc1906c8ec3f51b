"""``belligerent serve spellcast``: host a Spellcast server from the command line."""

from __future__ import annotations

import argparse

import trio

from games.spellcast import Ruleset
from games.spellcast.server import DEFAULT_PORT, serve
from runtime import GameCommand, seconds

__all__ = ["SERVE_COMMAND"]


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number 0..65535, got {value}")
    return value


_seconds = seconds()


def _turns(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of turns, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1 turn, got {value}")
    return value


def _ruleset(text: str) -> Ruleset:
    try:
        return Ruleset(text)
    except ValueError:
        choices = ", ".join(r.value for r in Ruleset)
        raise argparse.ArgumentTypeError(
            f"unknown ruleset {text!r}; choose from {choices}") from None


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"TCP port (default {DEFAULT_PORT}, lithium's; 0 picks a free one)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the server: match m1001, m1002... are fixed by it")
    parser.add_argument("--ruleset", type=_ruleset, default=Ruleset.FULL,
                        help="full (Plotkin's spells) or sc (without Haste, Time Stop, "
                             "Delayed Effect and Permanency)")
    parser.add_argument("--idle-timeout", type=_seconds, default=300.0, metavar="SECONDS",
                        help="drop a player the server has waited on this long (default 300)")
    parser.add_argument("--max-turns", type=_turns, default=None, metavar="N",
                        help="end a match as a draw after N turns (default: no limit)")


async def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; prints the address once it listens.

    The listening socket is opened first, outside any nursery, so a bad host or a port in
    use is one OSError naming them (the CLI prints it), not a traceback.
    """
    try:
        listeners = await trio.open_tcp_listeners(args.port, host=args.host)
    except OSError as exc:
        raise OSError(f"cannot listen on {args.host}:{args.port}: "
                      f"{exc.strerror or exc}") from None
    port = listeners[0].socket.getsockname()[1]
    print(f"Spellcast server on {args.host}:{port} (seed {args.seed}, "
          f"ruleset {args.ruleset.value}); try: nc {args.host} {port}", flush=True)
    await serve(args.host, port, seed=args.seed, ruleset=args.ruleset,
                idle_timeout=args.idle_timeout, max_turns=args.max_turns, listeners=listeners)
    return 0


SERVE_COMMAND = GameCommand(
    name="serve",
    run=run_serve,
    add_arguments=add_serve_arguments,
    help="host a Spellcast server (lithium's line protocol) for people and agents",
)
