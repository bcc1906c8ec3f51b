"""Daemon throughput: sessions per minute of a cheap game, with the daemon and without.

For each concurrency K (1, 8, 32) the same N RoShamBo matches (iocaine-plus against
the suite, ``turns=100``, seeds 0..N-1) are played three ways, in the same run:

* direct  — in this process, K at a time in one ``trio.run`` (the baseline: no
            daemon, no processes, no records);
* process — by a daemon (its worker processes, one per core), submitted with
            ``belligerent run``'s request and timed to the batch's last record;
* inline  — by the same daemon in its own event loop (records and stream, no
            worker processes).

Ratios are daemon over direct: above 1 means the daemon's worker processes use
more cores than one process can; the inline ratio is the cost of records and
supervision alone. The machine is shared, so each figure is the best of
``--repeats`` runs, the three ways interleaved.

    python bench/daemon_throughput.py               # N=60, 3 repeats
    python bench/daemon_throughput.py --games 40 --repeats 1   # quick
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import trio

from runtime import configure_logging, load_game
from runtime.daemon import BatchFinished, RunAccepted, RunRequest, StatusRequest, connect, request
from runtime.daemon._play import play_session
from runtime.daemon._workerproto import StartSession

PARAMETERS = (("turns", "100"),)


async def direct(games: int, concurrency: int) -> float:
    plugin = load_game("roshambo")
    limiter = trio.Semaphore(concurrency)
    started = time.perf_counter()

    async def one(i: int) -> None:
        async with limiter:
            result, _ = await play_session(
                StartSession(f"direct-{i}", "roshambo", PARAMETERS, i), plugin)
            assert result.turns == 100, result

    async with trio.open_nursery() as nursery:
        for i in range(games):
            nursery.start_soon(one, i)
    return time.perf_counter() - started


async def via_daemon(socket: Path, games: int, concurrency: int, engine: str) -> float:
    started = time.perf_counter()
    async with connect(socket) as channel:
        await channel.send(RunRequest("roshambo", games, concurrency, 0, PARAMETERS, engine))
        accepted = await channel.receive()
        assert isinstance(accepted, RunAccepted), accepted
        records = 0
        while True:
            reply = await channel.receive()
            if isinstance(reply, BatchFinished):
                break
            records += 1
    assert records == games and dict(reply.outcomes).get("failed", 0) == 0, reply
    return time.perf_counter() - started


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="tput-", dir="/tmp"))
    socket = folder / "d.sock"
    daemon = subprocess.Popen(
        [sys.executable, "-m", "runtime.cli", "daemon", "--socket", str(socket), "--db",
         str(folder / "r.sqlite3"), "--workers", str(args.workers)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        while not socket.exists():
            await trio.sleep(0.05)
        while len((await request(socket, StatusRequest())).workers) < args.workers:
            await trio.sleep(0.05)
        await via_daemon(socket, 4, 4, "process")  # warm up the workers' imports
        print(f"RoShamBo, turns=100, {args.games} matches per figure, best of {args.repeats}; "
              f"daemon with {args.workers} workers; {os.cpu_count()} cores (shared)")
        print(f"{'concurrency':>11} {'direct/min':>11} {'process/min':>12} {'ratio':>6} "
              f"{'inline/min':>11} {'ratio':>6}")
        for k in args.concurrency:
            times: dict[str, list[float]] = {"direct": [], "process": [], "inline": []}
            # Interleaved, so a busy spell on the shared machine hits every way alike.
            for _ in range(args.repeats):
                for name in times:
                    if name == "direct":
                        times[name].append(await direct(args.games, k))
                    else:
                        times[name].append(await via_daemon(socket, args.games, k, name))
            best = {name: args.games / min(t) * 60 for name, t in times.items()}
            print(f"{k:>11} {best['direct']:>11.0f} {best['process']:>12.0f} "
                  f"{best['process'] / best['direct']:>6.2f} {best['inline']:>11.0f} "
                  f"{best['inline'] / best['direct']:>6.2f}", flush=True)
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(60)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    args = parser.parse_args()
    # As in a worker with nobody watching: warnings only, so the baseline pays no more
    # for logging than the daemon's sessions do.
    configure_logging(level="warning")
    trio.run(main, args)
