"""The daemon's commands: ``belligerent daemon|run|status|stop|results|tail|report``.

Each command is ``add_arguments(parser)`` plus ``run(args) -> exit status`` (async,
inside ``trio.run``), as game commands are; ``runtime/cli.py`` wires them in.
Everything but ``daemon`` and ``report`` is a client of a running daemon.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import trio

from runtime._parameters import seconds, whole_number
from runtime._progress import ProgressBar
from runtime._registry import available_games

from ._client import DaemonError, connect, receive, request
from ._control import (
    ENGINES,
    BatchFinished,
    Lagged,
    ResultsRequest,
    RunAccepted,
    RunRequest,
    SessionRecord,
    StatusReply,
    StatusRequest,
    StopReply,
    StopRequest,
    TailStarted,
)
from ._daemon import DaemonConfig, open_daemon, run_daemon
from ._events import DEFAULT_LEVEL, LEVELS, LogEvent, TailRequest, format_line
from ._paths import default_database, default_socket
from ._records import Records
from ._report import CUT_SHORT, report


@attrs.frozen
class Command:
    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], Awaitable[int]]


# -- argument helpers ----------------------------------------------------------


_positive = whole_number(1)


_non_negative = whole_number(0)


_seconds = seconds(zero=True)


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value.strip()


def _game_target(text: str) -> tuple[str, str]:
    name, sep, target = text.partition("=")
    if not sep or not name or ":" not in target:
        raise argparse.ArgumentTypeError(f"expected NAME=MODULE:ATTRIBUTE, got {text!r}")
    return name, target


def _add_socket(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--socket", type=Path, default=None, metavar="PATH",
        help="the daemon's control socket (default: $BELLIGERENT_SOCKET, else "
        "$XDG_RUNTIME_DIR/belligerent/daemon.sock, else ~/.local/state/belligerent/daemon.sock)",
    )


def _socket(args: argparse.Namespace) -> Path:
    return args.socket or default_socket()


def _database(args: argparse.Namespace) -> Path:
    return args.db or default_database()


def _add_db(parser: argparse.ArgumentParser, *, pooled: bool = False) -> None:
    """``--db``; ``pooled``: it may be given more than once (a list of paths)."""
    more = ("; give it more than once to pool several files, such as tournaments run "
            "side by side" if pooled else "")
    parser.add_argument(
        "--db", type=Path, default=None, metavar="PATH",
        action="append" if pooled else "store",
        help=f"the records (SQLite){more} (default: $BELLIGERENT_DB, else "
        "~/.local/state/belligerent/records.sqlite3)",
    )


def _refused(exc: DaemonError) -> int:
    print(f"belligerent: error: {exc}", file=sys.stderr)
    return 2


# -- daemon --------------------------------------------------------------------

#: Games the demo plays when installed with a ``plan_session``: they need nothing
#: outside the install. Each with the parameters of its batches.
DEMO_MIX: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("roshambo", (("agent", "iocaine-plus"), ("turns", "300"))),
    ("roshambo", (("agent", "granite"), ("turns", "300"))),
    ("minesweeper", ()),
    ("dayinlife", ()),
    ("nethack", (("max_actions", "300"),)),
    ("spellcast", (("agent", "becky"), ("opponent", "heuristic"))),
)


def add_daemon_arguments(parser: argparse.ArgumentParser) -> None:
    _add_socket(parser)
    _add_db(parser)
    parser.add_argument("--workers", type=_non_negative, default=os.cpu_count() or 2,
                        help="worker processes that play sessions (default: one per core; "
                        "0 runs only the inline and ray engines)")
    parser.add_argument("--grace", type=_seconds, default=10.0,
                        help="seconds running sessions get to finish on SIGTERM before they "
                        "are stopped (default: %(default)s)")
    parser.add_argument("--heartbeat-timeout", type=_seconds, default=30.0,
                        help="seconds a worker may stay silent before it is replaced "
                        "(default: %(default)s)")
    parser.add_argument("--game", type=_game_target, action="append", default=[],
                        metavar="NAME=MODULE:ATTR", dest="extra_games",
                        help="also offer a game plugin that is not installed as an entry "
                        "point (development, test doubles)")
    parser.add_argument("--demo", action="store_true",
                        help="play a default mix of games that need nothing outside the "
                        "install, over and over, with the live stream on screen, until Ctrl-C")
    parser.add_argument("--demo-level", choices=LEVELS, default="info",
                        help="with --demo: the lowest level of events shown (default: info)")


def _config(args: argparse.Namespace) -> DaemonConfig:
    return DaemonConfig(
        socket=_socket(args), database=_database(args), workers=args.workers,
        extra_games=tuple(args.extra_games), heartbeat_timeout=args.heartbeat_timeout or 30.0,
        grace=args.grace, log_level=getattr(args, "log_level", "warning"),
        log_stream=getattr(args, "log_stream", None),
    )


async def daemon_command(args: argparse.Namespace) -> int:
    config = _config(args)
    if not args.demo:
        print(f"belligerent daemon: pid {os.getpid()}, socket {config.socket}, records "
              f"{config.database}, {config.workers} workers; SIGTERM or Ctrl-C stops it",
              file=sys.stderr)
        return await run_daemon(config)
    return await _demo(config, args.demo_level)


async def _demo(config: DaemonConfig, level: str) -> int:
    """The daemon, a default mix of games played in rounds, and `tail` on the terminal."""
    installed = available_games()
    mix = [(g, p) for g, p in DEMO_MIX if _playable(installed, g, p)]
    print(f"belligerent daemon --demo: playing {', '.join(sorted({g for g, _ in mix}))}; "
          f"socket {config.socket}, records {config.database}. Ctrl-C stops.\n"
          f"In another terminal: belligerent status | results | tail --game GAME | "
          f"report GAME", file=sys.stderr)
    async with open_daemon(config) as daemon:
        viewer = await trio.lowlevel.open_process(
            [sys.executable, "-m", "runtime.cli", "tail", "--socket", str(config.socket),
             "--level", level, "--resume"],
            start_new_session=True,
        )
        try:
            with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(_demo_rounds, daemon, mix)

                    async def stop_on_signal() -> None:
                        async for _ in signals:
                            nursery.cancel_scope.cancel()
                            return

                    nursery.start_soon(stop_on_signal)
        finally:
            with trio.CancelScope(shield=True):
                await daemon.shutdown()
                viewer.terminate()
                await viewer.wait()
        counts = Counter(r.outcome for r in daemon.records.results(limit=0))
        print(f"\nbelligerent daemon --demo: stopped; records hold {sum(counts.values())} "
              f"sessions ({', '.join(f'{o} {n}' for o, n in counts.most_common())}). "
              f"See them with: belligerent report roshambo", file=sys.stderr)
    return 0


def _playable(installed: dict[str, Any], game: str, parameters: tuple[tuple[str, str], ...]
              ) -> bool:
    """Whether the demo can play ``game`` here: installed, plannable, and with what it
    needs (NetHack's binary, for one) present."""
    plugin = installed.get(game)
    if plugin is None or plugin.plan_session is None:
        return False
    try:
        plugin.plan_session(dict(parameters), 0)
    except Exception:
        return False
    return True


async def _demo_rounds(daemon: Any, mix: list[tuple[str, tuple[tuple[str, str], ...]]]) -> None:
    seed = 0
    while True:
        batches = []
        for game, parameters in mix:
            accepted = daemon.submit(RunRequest(game, games=4, concurrency=2, seed=seed,
                                                parameters=parameters, engine="process"
                                                if daemon.pool else "inline", follow=False))
            if isinstance(accepted, RunAccepted):
                batches.append(accepted.batch)
        seed += 4
        while any(b in daemon.batches for b in batches):
            await trio.sleep(0.5)


# -- run -----------------------------------------------------------------------


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game to play (see `belligerent games`)")
    parser.add_argument("--games", type=_positive, default=1, help="sessions to play "
                        "(default: 1)")
    parser.add_argument("--concurrency", type=_positive, default=1,
                        help="sessions at once (default: 1)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the first session; session i gets seed+i (default: 0)")
    parser.add_argument("--param", type=_key_value, action="append", default=[],
                        metavar="KEY=VALUE", help="a game parameter, e.g. opponent=rotate "
                        "(repeatable; the game says which it knows)")
    parser.add_argument("--engine", choices=ENGINES, default="process",
                        help="where sessions run: the daemon's worker processes (default), "
                        "its own event loop (inline), or a Ray cluster (ray)")
    parser.add_argument("--timeout", type=_seconds, default=0.0,
                        help="end a session after this many seconds (default: no limit)")
    parser.add_argument("--detach", action="store_true",
                        help="return once the daemon has queued the batch")
    _add_socket(parser)


async def run_command(args: argparse.Namespace) -> int:
    message = RunRequest(args.game, args.games, args.concurrency, args.seed,
                         tuple(args.param), args.engine, args.timeout, not args.detach)
    path = _socket(args)
    try:
        async with connect(path) as channel:
            await channel.send(message)
            accepted = await receive(channel)
            assert isinstance(accepted, RunAccepted)
            print(f"batch {accepted.batch}: {len(accepted.sessions)} {accepted.game} sessions, "
                  f"concurrency {args.concurrency}, engine {args.engine}", file=sys.stderr)
            if args.detach:
                print(accepted.batch)
                return 0
            bar = ProgressBar(len(accepted.sessions), label=accepted.batch)
            records: list[SessionRecord] = []
            try:
                while True:
                    reply = await receive(channel)
                    if isinstance(reply, SessionRecord):
                        records.append(reply)
                        counts = Counter(r.outcome for r in records)
                        bar.update(len(records), " ".join(f"{o}:{n}" for o, n in
                                                          counts.most_common(4)))
                    elif isinstance(reply, BatchFinished):
                        break
            except KeyboardInterrupt:
                print(f"\nbatch {accepted.batch} goes on in the daemon; "
                      f"`belligerent stop {accepted.batch}` stops it", file=sys.stderr)
                return 130
    except DaemonError as exc:
        return _refused(exc)
    print(summarize(accepted.batch, accepted.game, records))
    return 1 if any(r.outcome in ("failed", "error") for r in records) else 0


def summarize(batch: str, game: str, records: list[SessionRecord]) -> str:
    counts = Counter(r.outcome for r in records)
    lines = [f"batch {batch}: {len(records)} {game} sessions: "
             + ", ".join(f"{o} {n}" for o, n in counts.most_common())]
    by_agent: dict[str, list[float]] = {}
    for r in records:
        if r.outcome not in CUT_SHORT:
            by_agent.setdefault(f"{r.agent} {r.agent_version}", []).append(r.score)
    for agent, scores in sorted(by_agent.items()):
        a = np.asarray(scores)
        p10, median, p90 = np.percentile(a, [10, 50, 90])
        lines.append(f"  {agent}: {len(a)} games, score median {median:.4g}, mean "
                     f"{a.mean():.4g} (p10 {p10:.4g}, p90 {p90:.4g})")
    failures = [r for r in records if r.outcome in CUT_SHORT]
    for r in failures[:5]:
        lines.append(f"  {r.session} {r.outcome}: {r.cause[:160]}")
    if len(failures) > 5:
        lines.append(f"  ... and {len(failures) - 5} more cut short")
    lines.append(f"records: belligerent results --batch {batch}")
    return "\n".join(lines)


# -- status, stop, results -----------------------------------------------------


def add_status_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the reply as JSON")
    _add_socket(parser)


async def status_command(args: argparse.Namespace) -> int:
    try:
        reply = await request(_socket(args), StatusRequest())
    except DaemonError as exc:
        return _refused(exc)
    assert isinstance(reply, StatusReply)
    if args.json:
        print(json.dumps(attrs.asdict(reply), default=repr))
        return 0
    now = time.time()
    print(f"daemon pid {reply.pid}, up {_duration(now - reply.started)}"
          f"{' (shutting down)' if reply.shutting_down else ''}; socket {reply.socket}; "
          f"records {reply.database}; {reply.viewers} viewer(s)")
    if reply.workers:
        print(f"workers: {len(reply.workers)}")
        for w in reply.workers:
            print(f"  #{w.index} pid {w.pid}: {w.sessions} sessions, replaced {w.replaced} "
                  f"times, up {_duration(now - w.started)}")
    if not reply.batches:
        print("no batch is running")
    for b in reply.batches:
        print(f"batch {b.batch} {b.game} ({b.engine}): {b.done}/{b.total} done, "
              f"{b.running} running, concurrency {b.concurrency}")
    for r in sorted(reply.running, key=lambda r: r.started)[:20]:
        where = f"worker #{r.worker}" if r.worker >= 0 else r.engine
        print(f"  {r.session} {r.game} seed {r.seed}, {_duration(now - r.started)} on {where}")
    if len(reply.running) > 20:
        print(f"  ... and {len(reply.running) - 20} more running")
    return 0


def _duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


def add_stop_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", metavar="SESSION",
                        help="a session id, or a batch id to stop all its unfinished sessions")
    _add_socket(parser)


async def stop_command(args: argparse.Namespace) -> int:
    try:
        reply = await request(_socket(args), StopRequest(args.target))
    except DaemonError as exc:
        return _refused(exc)
    assert isinstance(reply, StopReply)
    print(f"stopping {len(reply.sessions)} session(s): {' '.join(reply.sessions)}")
    return 0


def add_results_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="", help="only this game")
    parser.add_argument("--batch", default="", help="only this batch")
    parser.add_argument("--limit", type=_non_negative, default=20,
                        help="newest N records (0: all; default 20)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    _add_socket(parser)


async def results_command(args: argparse.Namespace) -> int:
    try:
        reply = await request(_socket(args), ResultsRequest(args.game, args.batch, args.limit))
    except DaemonError as exc:
        return _refused(exc)
    records = reply.records
    if args.json:
        for r in records:
            fields = attrs.asdict(r, recurse=False)
            fields["parameters"] = dict(r.parameters)
            fields["detail"] = dict(r.detail)
            print(json.dumps(fields, default=repr))
        return 0
    if not records:
        print("no finished sessions" + (" match" if args.game or args.batch else " yet"))
        return 0
    print(f"{'session':12} {'game':10} {'agent':22} {'seed':>5} {'outcome':11} {'score':>8} "
          f"{'turns':>6} {'wall s':>7}  cause")
    for r in records:
        agent = f"{r.agent} {r.agent_version}".strip()
        print(f"{r.session:12} {r.game:10.10} {agent:22.22} {r.seed:5d} {r.outcome:11.11} "
              f"{r.score:8.4g} {r.turns:6d} {r.wall_time:7.2f}  {r.cause[:60]}")
    return 0


# -- tail ----------------------------------------------------------------------


def add_tail_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--session", default="",
                        help="only this session (a batch id matches all its sessions)")
    parser.add_argument("--game", default="", help="only this game")
    parser.add_argument("--actor", default="",
                        help="only events about this knowledge source, expert or agent")
    parser.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                        help="lowest level shown (default: info; debug also traces "
                        "knowledge-source reads and writes in sessions started from now on)")
    parser.add_argument("--json", action="store_true", help="JSON lines instead of text")
    parser.add_argument("--resume", action="store_true",
                        help="reconnect after being cut off for lagging, instead of exiting")
    _add_socket(parser)


async def tail_command(args: argparse.Namespace) -> int:
    message = TailRequest(args.session, args.game, args.actor, args.level)
    while True:
        try:
            lagged = await _tail_once(_socket(args), message, args.json)
        except DaemonError as exc:
            return _refused(exc)
        except BrokenPipeError:
            return 0
        if lagged is None:
            return 0
        print(f"belligerent: tail fell {lagged} events behind and was cut off"
              + ("; reconnecting" if args.resume else "; use --resume to reconnect"),
              file=sys.stderr)
        if not args.resume:
            return 3


async def _tail_once(path: Path, message: TailRequest, as_json: bool) -> int | None:
    """Print the stream until it ends (None) or the daemon cuts us off (the lag count)."""
    out = sys.stdout
    async with connect(path) as channel:
        await channel.send(message)
        started = await receive(channel)
        assert isinstance(started, TailStarted)
        while True:
            try:
                event = await receive(channel)
            except OSError:
                return None  # the daemon stopped
            if isinstance(event, LogEvent):
                out.write((event.json if as_json else format_line(event)) + "\n")
                out.flush()
            elif isinstance(event, Lagged):
                return event.dropped


# -- report --------------------------------------------------------------------


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game to report on")
    _add_db(parser, pooled=True)
    parser.add_argument("--out", type=Path, default=None, metavar="PNG",
                        help="where to save the box plot (default: ./report-GAME.png)")


def _recording_command(game: str, database: Path) -> str:
    """The command that records games of ``game`` where ``report`` reads them: the
    daemon's ``run`` if the game plans sessions, else its own tournament."""
    plugin = available_games().get(game)
    if plugin is not None and plugin.plan_session is None and plugin.command("tournament"):
        return f"belligerent tournament {game} --games 20 --db {database}"
    return f"belligerent run {game} --games 20"


async def report_command(args: argparse.Namespace) -> int:
    databases = args.db or [default_database()]
    table, path, note = report(args.game, databases, args.out,
                               fill=_recording_command(args.game, databases[0]))
    print(table)
    plugin = available_games().get(args.game)
    if plugin is not None and plugin.describe_records is not None:
        print(plugin.describe_records(finished_records(args.game, databases)))
    if path is not None:
        print(f"plot: {path}")
    if note:
        print(f"belligerent: {note}", file=sys.stderr)
    return 0


def finished_records(game: str, databases: Sequence[Path]) -> list[SessionRecord]:
    """Every finished session of ``game`` in ``databases``, oldest first."""
    rows: list[SessionRecord] = []
    for database in databases:
        records = Records(database)
        try:
            rows.extend(reversed(records.results(game=game, limit=0)))
        finally:
            records.close()
    return rows


COMMANDS = (
    Command("daemon", "run the daemon: concurrent sessions, records, the live stream",
            add_daemon_arguments, daemon_command),
    Command("run", "play a batch of sessions in the daemon", add_run_arguments, run_command),
    Command("status", "what the daemon is running", add_status_arguments, status_command),
    Command("stop", "stop a session or a batch", add_stop_arguments, stop_command),
    Command("results", "finished sessions from the records", add_results_arguments,
            results_command),
    Command("tail", "the live log stream of every session", add_tail_arguments, tail_command),
    Command("report", "score distribution per agent version, with a box plot",
            add_report_arguments, report_command),
)

