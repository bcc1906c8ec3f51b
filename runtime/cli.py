"""The ``belligerent`` command: play a game, run a tournament, list games.

Games come from the registry (entry points), so each game adds its own options:
``belligerent play roshambo --help`` shows RoShamBo's.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import trio

from ._logging import LEVELS, configure_logging
from ._registry import GamePlugin, available_games

EPILOG = """\
examples:
  belligerent games
  belligerent play roshambo --opponent rotate --seed 1
  belligerent tournament roshambo --seed 1

Every decision the agent makes is logged as a JSON "decision" event listing each
expert's proposal and the winner; use --log-file to keep them.
"""


def build_parser(games: dict[str, GamePlugin]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="belligerent",
        description=(
            "An actor-based multi-agent runtime that plays real games with expert systems."
        ),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--log-level", choices=LEVELS, default="warning",
        help="lowest level of structured log events to write (default: warning)",
    )
    parser.add_argument(
        "--log-file", metavar="PATH",
        help="also write every event at --log-level or above as JSON lines to PATH "
        "(use with --log-level info to keep every decision)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    commands.add_parser("games", help="list the installed games")

    play = commands.add_parser("play", help="play one game, showing the agent's reasoning")
    play_games = play.add_subparsers(dest="game", metavar="GAME")
    play_games.required = True
    tournament = commands.add_parser("tournament", help="play many games and rank the results")
    tournament_games = tournament.add_subparsers(dest="game", metavar="GAME")
    tournament_games.required = True
    for name, plugin in sorted(games.items()):
        sub = play_games.add_parser(name, help=plugin.description,
                                    description=plugin.description)
        plugin.add_play_arguments(sub)
        if plugin.tournament is not None:
            sub = tournament_games.add_parser(name, help=plugin.description,
                                              description=plugin.description)
            plugin.add_tournament_arguments(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    games = available_games()
    parser = build_parser(games)
    args = parser.parse_args(argv)
    log_file = None
    if args.log_file:
        try:
            log_file = open(args.log_file, "a", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            parser.error(f"cannot open --log-file {args.log_file!r}: {exc.strerror}")
    configure_logging(level=args.log_level, stream=log_file or sys.stderr, json=True)
    try:
        if args.command == "games":
            for name, plugin in sorted(games.items()):
                print(f"{name:12} {plugin.description}")
            return 0
        plugin = games[args.game]
        command = plugin.play if args.command == "play" else plugin.tournament
        assert command is not None
        try:
            return trio.run(command, args)
        except KeyboardInterrupt:
            print("\ninterrupted", file=sys.stderr)
            return 130
        except (ValueError, LookupError, OSError) as exc:
            # Bad input that got past argparse (an unknown opponent, a missing file):
            # one line that says what was wrong, not a traceback.
            print(f"belligerent: error: {exc}", file=sys.stderr)
            return 2
    finally:
        if log_file is not None:
            log_file.close()


if __name__ == "__main__":
    sys.exit(main())
