"""Soak the daemon: 500 short sessions at concurrency 32, with faults injected all along.

Runs a real daemon process (two workers, heartbeat timeout 3 s) and plays rounds of
the ``faulty`` test-double game (tests/runtime/daemon/daemon_doubles.py) with
``fault=mix``: the seed picks each session's fault — a knowledge source that
raises once or every time, a game that hangs (ended by the request's timeout), a
game process killed or stopped (SIGSTOP) mid-game, binary garbage written to the
worker's stdout and stderr, an adapter reporting a broken protocol, an expert that
blocks its worker's event loop, a session that kills its worker. On top, the soak
kills one worker from outside (SIGKILL) mid-round, and attaches three viewers: one
that pauses, one that stops reading for good, and one that reads the warnings.

It prints and checks:
* the daemon is still up and answering;
* every session has exactly one record (state ``done``) with the outcome its fault
  calls for — or ``failed``, naming a worker that really died, for the sessions that
  shared a worker with a lethal fault or with the outside kill;
* the stalled viewer was cut off (it gets a lag notice when it reads again);
* no zombie processes under the daemon or its workers, and no game process left;
* the daemon's open file descriptors are back to the baseline after the rounds;
* its memory is flat: resident set growth from round 2 to the last under 8 MiB;
* SIGTERM ends it with status 0, its workers reaped and its socket removed.

    python bench/daemon_soak.py                 # 500 sessions at concurrency 32
    python bench/daemon_soak.py --sessions 100  # a quicker pass

Exit status 0 when every check passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import trio

HERE = Path(__file__).resolve().parent
DOUBLES = HERE.parent / "tests" / "runtime" / "daemon"
sys.path.insert(0, str(DOUBLES))

import daemon_doubles  # noqa: E402

from runtime.daemon import (  # noqa: E402
    Lagged,
    LogEvent,
    RunRequest,
    StatusRequest,
    TailRequest,
    TailStarted,
    connect,
    request,
)
from runtime.daemon._wire import FrameChannel  # noqa: E402

MIB = 1024 * 1024


def proc_status(pid: int) -> dict[str, str]:
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def rss(pid: int) -> int:
    return int(proc_status(pid)["VmRSS"].split()[0]) * 1024


def fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def descendants(root: int) -> dict[int, tuple[str, str]]:
    """Every process under ``root``: pid -> (state, command name)."""
    parents: dict[int, int] = {}
    info: dict[int, tuple[str, str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        state, ppid = stat[stat.rindex(")") + 2:].split()[:2]
        parents[int(entry)] = int(ppid)
        info[int(entry)] = (state, name)
    found = {}
    for pid in info:
        p = pid
        while p in parents and p != root and p > 1:
            p = parents[p]
        if p == root and pid != root:
            found[pid] = info[pid]
    return found


class Soak:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.folder = Path(tempfile.mkdtemp(prefix="soak-", dir="/tmp"))
        self.socket = self.folder / "d.sock"
        self.db = self.folder / "records.sqlite3"
        self.failures: list[str] = []
        self.sessions: dict[str, int] = {}  # session -> seed
        self.dead_workers: dict[int, str] = {}  # pid -> how

    def check(self, ok: bool, what: str) -> None:
        print(f"  [{'ok' if ok else 'FAIL'}] {what}")
        if not ok:
            self.failures.append(what)

    def start_daemon(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(DOUBLES)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
        self.log = open(self.folder / "daemon.log", "w")
        self.daemon = subprocess.Popen(
            [sys.executable, "-m", "runtime.cli", "daemon", "--socket", str(self.socket),
             "--db", str(self.db), "--workers", str(self.args.workers),
             "--heartbeat-timeout", "3", "--grace", "5",
             "--game", "faulty=daemon_doubles:PLUGIN"],
            stdout=self.log, stderr=self.log, env=env,
        )

    async def status(self):
        return await request(self.socket, StatusRequest())

    async def run_batch(self, games: int, seed: int, fault: str, *, kill_worker: bool = False
                        ) -> list[str]:
        message = RunRequest("faulty", games=games, concurrency=self.args.concurrency,
                             seed=seed, engine="process", timeout=2.0,
                             parameters=(("fault", fault), ("turns", "20")), follow=False)
        accepted = await request(self.socket, message)
        for i, session in enumerate(accepted.sessions):
            self.sessions[session] = seed + i
        if kill_worker:
            await self.kill_a_busy_worker()
        with trio.fail_after(600):
            while True:
                status = await self.status()
                if not any(b.batch == accepted.batch for b in status.batches):
                    break
                await trio.sleep(0.2)
        return list(accepted.sessions)

    async def kill_a_busy_worker(self) -> None:
        with trio.fail_after(60):
            while True:
                status = await self.status()
                busy = [w for w in status.workers if w.sessions >= 4]
                if busy:
                    break
                await trio.sleep(0.05)
        victim = busy[0]
        os.kill(victim.pid, signal.SIGKILL)
        self.dead_workers[victim.pid] = "killed from outside"
        print(f"  killed worker #{victim.index} (pid {victim.pid}) with "
              f"{victim.sessions} sessions on it")

    async def open_viewer(self, level: str) -> FrameChannel:
        """A viewer that asks for the stream, then reads nothing until the soak says so."""
        channel = FrameChannel.over(await trio.open_unix_socket(str(self.socket)))
        await channel.send(TailRequest(level=level))
        assert isinstance(await channel.receive(), TailStarted)
        return channel

    async def read_out(self, channel: FrameChannel, limit: float) -> tuple[int, int | None]:
        """Read what a stalled viewer was sent: (events, the lag notice's count or None)."""
        got, lagged = 0, None
        with trio.move_on_after(limit):
            while True:
                try:
                    message = await channel.receive()
                except (trio.EndOfChannel, trio.BrokenResourceError):
                    break
                if isinstance(message, Lagged):
                    lagged = message.dropped
                elif isinstance(message, LogEvent):
                    got += 1
        await channel.aclose()
        return got, lagged

    async def reading_viewer(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        self.warnings = Counter()
        async with connect(self.socket) as channel:
            await channel.send(TailRequest(level="warning"))
            assert isinstance(await channel.receive(), TailStarted)
            task_status.started()
            while True:
                try:
                    message = await channel.receive()
                except (trio.EndOfChannel, trio.BrokenResourceError):
                    return
                if isinstance(message, LogEvent):
                    self.warnings[message.event] += 1
                elif isinstance(message, Lagged):
                    self.warnings["LAGGED"] += 1
                    return

    async def main(self) -> int:
        args = self.args
        print(f"soak: {args.sessions} sessions of faulty (fault=mix, 20 turns) at concurrency "
              f"{args.concurrency} on {args.workers} workers, in {args.rounds} rounds; "
              f"folder {self.folder}")
        self.start_daemon()
        with trio.fail_after(60):
            while not self.socket.exists():
                await trio.sleep(0.05)
        pid = self.daemon.pid
        await self.run_batch(8, 10_000, "none")  # warm up: workers started, games imported
        await trio.sleep(1.0)  # let the daemon close the warm-up's client connections
        base_fds, base_rss = fds(pid), rss(pid)
        print(f"baseline: daemon pid {pid}, {base_fds} open fds, rss {base_rss / MIB:.1f} MiB")
        started = time.perf_counter()
        per_round = args.sessions // args.rounds
        rss_series = []
        async with trio.open_nursery() as nursery:
            await nursery.start(self.reading_viewer)
            # Stops reading for round 1 only; at debug (every blackboard read and write)
            # so that one round is more than its socket and its buffer hold.
            pausing = await self.open_viewer("debug")
            stalled = await self.open_viewer("info")  # never reads again
            paused = None
            for r in range(args.rounds):
                workers_before = {w.pid for w in (await self.status()).workers}
                t0 = time.perf_counter()
                await self.run_batch(per_round, r * per_round, "mix", kill_worker=(r == 1))
                workers_after = {w.pid for w in (await self.status()).workers}
                for gone in workers_before - workers_after:
                    self.dead_workers.setdefault(gone, "died in the round")
                rss_series.append(rss(pid))
                print(f"round {r + 1}: {per_round} sessions in {time.perf_counter() - t0:.1f}s; "
                      f"daemon rss {rss_series[-1] / MIB:.1f} MiB, {fds(pid)} fds; "
                      f"workers replaced: {len(workers_before - workers_after)}")
                if r == 0:  # the pausing viewer reads again: what it held, the notice, the end
                    paused = await self.read_out(pausing, 5)
            elapsed = time.perf_counter() - started
            never = await self.read_out(stalled, 5)
            await trio.sleep(0.5)  # the daemon's own warnings reach the reading viewer
            nursery.cancel_scope.cancel()
        await trio.sleep(1.0)  # let the daemon close its side of the viewers
        status = await self.status()
        print(f"\n{len(self.sessions)} sessions in {elapsed:.1f}s "
              f"({len(self.sessions) / elapsed * 60:.0f} sessions/min with the faults)")
        print("checks:")
        self.check(self.daemon.poll() is None and status.pid == pid,
                   "the daemon is still up and answering")
        self.check_records()
        got, lagged = paused or (0, None)
        self.check(lagged is not None and lagged > 0,
                   f"the viewer that paused during round 1 was cut off with a lag notice "
                   f"(it read {got} events, then Lagged(dropped={lagged}), then the end)")
        self.check(self.warnings["viewer.stalled"] >= 1,
                   f"the viewer that never read again was disconnected after the stall "
                   f"timeout (it had {never[0]} events; the daemon logged viewer.lagged "
                   f"{self.warnings['viewer.lagged']} times, viewer.stalled "
                   f"{self.warnings['viewer.stalled']})")
        self.check(status.viewers == 0, f"no viewer left attached ({status.viewers})")
        self.check("LAGGED" not in self.warnings,
                   f"the reading viewer (warnings) kept up: {sum(self.warnings.values())} "
                   f"events, e.g. {dict(self.warnings.most_common(4))}")
        tree = descendants(pid)
        worker_pids = {w.pid for w in status.workers}
        zombies = {p: v for p, v in tree.items() if v[0] == "Z"}
        strays = {p: v for p, v in tree.items() if p not in worker_pids}
        self.check(not zombies, f"no zombie processes under the daemon ({len(tree)} "
                   f"processes: {len(worker_pids)} workers){'' if not zombies else zombies}")
        self.check(not strays, f"no game process left behind{'' if not strays else strays}")
        end_fds = fds(pid)
        self.check(end_fds == base_fds, f"open fds back to the baseline: {base_fds} -> {end_fds}")
        growth = rss_series[-1] - rss_series[1] if len(rss_series) > 1 else 0
        self.check(growth < 8 * MIB,
                   "memory flat: rss by round " + ", ".join(f"{v / MIB:.1f}" for v in rss_series)
                   + f" MiB (round 2 to last: {growth / MIB:+.1f} MiB)")
        self.daemon.send_signal(signal.SIGTERM)
        code = await trio.to_thread.run_sync(self.daemon.wait, 60)
        alive = [p for p in worker_pids if os.path.exists(f"/proc/{p}")]
        self.check(code == 0 and not alive and not self.socket.exists(),
                   f"SIGTERM: exit status {code}, workers left {alive}, socket removed: "
                   f"{not self.socket.exists()}")
        if self.failures:
            print(f"\nSOAK FAILED: {len(self.failures)} check(s); the daemon's log is in "
                  f"{self.folder / 'daemon.log'}")
            return 1
        print("\nsoak passed")
        shutil.rmtree(self.folder, ignore_errors=True)
        return 0

    def check_records(self) -> None:
        db = sqlite3.connect(self.db)
        rows: dict[str, list[tuple]] = {}
        for session, state, outcome, cause, seed in db.execute(
                "SELECT id, state, outcome, cause, seed FROM sessions"):
            rows.setdefault(session, []).append((state, outcome, cause, seed))
        db.close()
        missing = [s for s in self.sessions if s not in rows]
        doubled = [s for s, r in rows.items() if len(r) != 1]
        undone = [s for s, r in rows.items() if r[0][0] != "done"]
        self.check(not missing and not doubled and not undone,
                   f"every session has exactly one finished record ({len(self.sessions)} "
                   f"sessions; missing {len(missing)}, doubled {len(doubled)}, "
                   f"unfinished {len(undone)})")
        table: Counter[tuple[str, str]] = Counter()
        wrong, collateral = [], 0
        died = set()
        for session, seed in self.sessions.items():
            if session not in rows:
                continue
            _, outcome, cause, _ = rows[session][0]
            fault = daemon_doubles.fault_for(seed) if session in self.mixed else "none"
            expected = daemon_doubles.EXPECTED[fault]
            table[(fault, outcome)] += 1
            if outcome == "failed":
                pid = _worker_pid(cause)
                died.add(pid)
                if expected != "failed":
                    collateral += 1
            elif outcome != expected:
                wrong.append(f"{session} (seed {seed}, fault {fault}): {outcome}, "
                             f"expected {expected}: {cause[:120]}")
        print("  outcomes by fault:")
        for fault in daemon_doubles.FAULTS:
            seen = {o: n for (f, o), n in table.items() if f == fault}
            if seen:
                print(f"    {fault:12} expected {daemon_doubles.EXPECTED[fault]:8} got "
                      + ", ".join(f"{o} {n}" for o, n in sorted(seen.items())))
        self.check(not wrong, f"every outcome is the one its fault calls for, or 'failed' with "
                   f"its worker ({collateral} sessions shared a worker that died)"
                   + ("" if not wrong else ": " + "; ".join(wrong[:5])))
        lethal = sum(1 for s, seed in self.sessions.items() if s in self.mixed
                     and daemon_doubles.EXPECTED[daemon_doubles.fault_for(seed)] == "failed")
        self.check(len(died) >= 1 and len(died - {None}) == len(died) and
                   len(died) <= lethal + 1,
                   f"failed sessions name {len(died)} dead workers (expected at most {lethal} "
                   f"lethal faults + 1 outside kill)")

    @property
    def mixed(self) -> set[str]:
        return {s for s, seed in self.sessions.items() if seed < 10_000}


def _worker_pid(cause: str) -> int | None:
    # "worker 0 (pid 1234) was killed by SIGKILL"
    if "(pid " not in cause:
        return None
    try:
        return int(cause.split("(pid ", 1)[1].split(")", 1)[0])
    except ValueError:
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    soak = Soak(args)
    try:
        return trio.run(soak.main)
    finally:
        if soak.daemon.poll() is None:
            soak.daemon.kill()
            soak.daemon.wait()


if __name__ == "__main__":
    sys.exit(main())
