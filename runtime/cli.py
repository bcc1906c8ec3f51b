"""The ``belligerent`` command: play a game, run a tournament, list games, drive the daemon.

Games come from the registry (entry points), so each game adds its own options:
``belligerent play roshambo --help`` shows RoShamBo's. The daemon's commands
(``daemon``, ``run``, ``status``, ``stop``, ``results``, ``tail``, ``report``) are
the runtime's own and work for every game with a ``plan_session``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence

import trio

from ._logging import LEVELS, configure_logging
from ._output import OutputClosed, guard_stdout, only
from ._registry import COMMAND_HELP, GamePlugin, available_games
from .daemon._commands import COMMANDS as DAEMON_COMMANDS

EPILOG = """\
examples:
  belligerent games
  belligerent play roshambo --opponent rotate --seed 1
  belligerent tournament roshambo --seed 1
  belligerent daemon --demo                  # start the daemon with a mix of games, live
  belligerent daemon &                       # or quietly, in the background
  belligerent run roshambo --games 100 --concurrency 8 --param turns=300
  belligerent status; belligerent tail --game roshambo; belligerent results
  belligerent report roshambo                # distribution per agent version + box plot

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
        help="write the structured log (JSON lines) to PATH instead of stderr "
        "(use with --log-level info to keep every decision)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    commands.add_parser("games", help="list the installed games")
    for daemon_command in DAEMON_COMMANDS:
        sub = commands.add_parser(daemon_command.name, help=daemon_command.help,
                                  description=daemon_command.help)
        daemon_command.add_arguments(sub)
    runtime_names = {c.name for c in DAEMON_COMMANDS} | {"games"}

    # A game's command may not shadow one of the runtime's.
    names = sorted({c.name for plugin in games.values() for c in plugin.commands
                    if c.name not in runtime_names},
                   key=lambda n: (n not in COMMAND_HELP, list(COMMAND_HELP).index(n)
                                  if n in COMMAND_HELP else 0, n))
    for command_name in names:
        command = commands.add_parser(
            command_name, help=COMMAND_HELP.get(command_name) or _own_help(games, command_name),
        )
        per_game = command.add_subparsers(dest="game", metavar="GAME")
        per_game.required = True
        for game_name, plugin in sorted(games.items()):
            game_command = plugin.command(command_name)
            if game_command is None:
                continue
            sub = per_game.add_parser(
                game_name, help=game_command.help or plugin.description,
                description=game_command.help or plugin.description,
            )
            game_command.add_arguments(sub)
    return parser

def _own_help(games: Mapping[str, GamePlugin], command_name: str) -> str:
    """Help for a command only some games have: theirs, naming the games."""
    owners = [(name, plugin.command(command_name)) for name, plugin in sorted(games.items())]
    owners = [(name, command) for name, command in owners if command is not None]
    if len(owners) == 1 and owners[0][1].help:
        return f"{owners[0][1].help} ({owners[0][0]})"
    return f"a command of {', '.join(name for name, _ in owners)}"


def game_first(argv: Sequence[str], games: dict[str, GamePlugin]) -> list[str]:
    """``belligerent spellcast serve ...`` reads as ``belligerent serve spellcast ...``.

    Both orders are natural to type; the parser knows only command-then-game, so a
    leading game name followed by one of its own commands is swapped before parsing.
    """
    argv = list(argv)
    positions = [i for i, arg in enumerate(argv) if not arg.startswith("-")]
    if len(positions) >= 2:
        first, second = positions[0], positions[1]
        plugin = games.get(argv[first])
        if plugin is not None and plugin.command(argv[second]) is not None:
            argv[first], argv[second] = argv[second], argv[first]
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    games = available_games()
    parser = build_parser(games)
    args = parser.parse_args(game_first(sys.argv[1:] if argv is None else argv, games))
    log_file = None
    if args.log_file:
        try:
            log_file = open(args.log_file, "a", encoding="utf-8")
        except OSError as exc:
            parser.error(f"cannot open --log-file {args.log_file!r}: {exc.strerror}")
    configure_logging(level=args.log_level, stream=log_file or sys.stderr, json=True)
    try:
        if args.command == "games":
            for name, plugin in sorted(games.items()):
                print(f"{name:12} {plugin.description}")
            return 0
        daemon_command = next((c for c in DAEMON_COMMANDS if c.name == args.command), None)
        if daemon_command is not None:
            args.log_stream = log_file or sys.stderr
            run = daemon_command.run
        else:
            command = games[args.game].command(args.command)
            assert command is not None  # argparse only offers the game's own commands
            run = command.run
        stdout = guard_stdout()
        try:
            return trio.run(run, args)
        except (ValueError, LookupError, OSError) as exc:
            if stdout.closed_by_reader:
                return 141
            # Bad input that got past argparse (an unknown opponent, a missing file):
            # one line that says what was wrong, not a traceback.
            print(f"belligerent: error: {exc}", file=sys.stderr)
            return 2
        except BaseException as exc:
            if only(exc, OutputClosed) or stdout.closed_by_reader:
                # `belligerent play ... | head`: the reader has what it wanted.
                return 141  # 128 + SIGPIPE, as a tool killed by the broken pipe would
            if only(exc, KeyboardInterrupt):
                print("\ninterrupted", file=sys.stderr)
                return 130
            raise
        finally:
            stdout.restore()
    finally:
        if log_file is not None:
            # Point logging back at stderr before closing the file: structlog's
            # configuration outlives this call, and a later event (from a caller
            # that runs main() in-process, such as a test) would otherwise hit
            # "I/O operation on closed file".
            configure_logging(level=args.log_level, stream=sys.stderr, json=True)
            log_file.close()


if __name__ == "__main__":
    sys.exit(main())

