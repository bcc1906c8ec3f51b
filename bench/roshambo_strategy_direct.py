"""Our RoShamBo strategies (direct drivers, no runtime) in the 1999 competition's round robin.

The field is OpenSpiel's 43 competition bots (``pyspiel.roshambo_bot_names()``)
plus our two agents, ``granite3`` (:class:`actors.roshambo._direct.DirectGranite`)
and ``iocaine-plus`` (:class:`actors.roshambo._direct.DirectStrongest`): every
pair plays one match of 1000 throws per round robin. Standings are by total match
score (sum of throw differences) and by match points (2 win / 1 draw / 0 loss, a
draw when ``|score| <= 50``), averaged over the seeds.

The bots draw their randomness from libc's ``random()``, so each match calls
``srandom`` with a seed derived from (round-robin seed, players): every match is
reproducible on its own, whatever the order or process it runs in. Bot-vs-bot
results do not depend on our agents, so they are cached per seed in ``--cache``
(about two CPU-minutes per seed the first time); only our agents' matches are
replayed on each run. The time reported is the CPU time our agent's logic takes
per 1000-throw match.

    pip install -e '.[bench]'
    python bench/roshambo_strategy_direct.py --seeds 1,2,3,4,5          # the table
    python bench/roshambo_strategy_direct.py --seeds 1 --detail         # per-opponent
"""

from __future__ import annotations

import argparse
import ctypes
import itertools
import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel  # noqa: E402

from actors.roshambo._direct import DirectGranite, DirectStrongest  # noqa: E402

TURNS = 1000
DRAW = 50
GAME = f"repeated_game(stage_game=matrix_rps(),num_repetitions={TURNS})"
BOTS = sorted(pyspiel.roshambo_bot_names())
OURS = {"iocaine-plus": DirectStrongest, "granite3": DirectGranite}

_libc = ctypes.CDLL(None)
_game = pyspiel.load_game(GAME)


def _bot_match(job: tuple[int, int, int]) -> tuple[int, int, float]:
    """Bot ``i`` (player 0) against bot ``j`` (player 1): player 0's score."""
    seed, i, j = job
    _libc.srandom((seed * 1000003 + i * 97 + j) & 0x7FFFFFFF)
    b0 = pyspiel.make_roshambo_bot(0, BOTS[i], TURNS)
    b1 = pyspiel.make_roshambo_bot(1, BOTS[j], TURNS)
    state = _game.new_initial_state()
    while not state.is_terminal():
        a0 = b0.step(state)
        a1 = b1.step(state)
        state.apply_actions([a0, a1])
    return i, j, state.returns()[0]


def _our_match(job: tuple[str, int, int]) -> tuple[str, int, int, float, float]:
    """Our agent (player 0) against bot ``j``: our score and our CPU seconds."""
    name, seed, j = job
    match_seed = (seed * 7919 + 1000 * (j + 1)) & 0x7FFFFFFF
    _libc.srandom(match_seed)
    agent = OURS[name]()
    agent.reset(match_seed)
    bot = pyspiel.make_roshambo_bot(1, BOTS[j], TURNS)
    state = _game.new_initial_state()
    mine: list[int] = []
    theirs: list[int] = []
    cpu = 0.0
    while not state.is_terminal():
        t0 = time.process_time()
        a0 = agent.move(mine, theirs)
        cpu += time.process_time() - t0
        a1 = bot.step(state)
        state.apply_actions([a0, a1])
        mine.append(a0)
        theirs.append(a1)
    return name, seed, j, state.returns()[0], cpu


def _ours_vs_ours(job: tuple[str, str, int]) -> tuple[str, str, int, int]:
    """Our two agents against each other (no bot randomness involved)."""
    a, b, seed = job
    first, second = OURS[a](), OURS[b]()
    first.reset(seed * 31 + 5)
    second.reset(seed * 31 + 6)
    ha: list[int] = []
    hb: list[int] = []
    score = 0
    for _ in range(TURNS):
        x, y = first.move(ha, hb), second.move(hb, ha)
        ha.append(x)
        hb.append(y)
        score += (x - y + 4) % 3 - 1
    return a, b, seed, score


def bot_results(seed: int, cache: Path, pool: Pool) -> dict[tuple[int, int], float]:
    """All bot-vs-bot scores of one round robin, from the cache or played now."""
    path = cache / f"bots_{seed}.json"
    if path.exists():
        data = json.loads(path.read_text())
        if data["names"] == BOTS:
            return {(i, j): r for i, j, r in data["scores"]}
    jobs = [(seed, i, j) for i, j in itertools.combinations(range(len(BOTS)), 2)]
    results = pool.map(_bot_match, jobs, chunksize=8)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"names": BOTS, "scores": results}))
    return {(i, j): r for i, j, r in results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1,2,3,4,5", help="round-robin seeds (comma list)")
    parser.add_argument("--procs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/rsb/cache"))
    parser.add_argument("--detail", action="store_true", help="per-opponent scores")
    parser.add_argument("--top", type=int, default=10, help="rows of the table to show")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    ours = list(OURS)
    field = BOTS + ours
    n = len(field)

    started = time.time()
    with Pool(args.procs) as pool:
        matrices = []
        for seed in seeds:
            m = [[0.0] * n for _ in range(n)]
            for (i, j), r in bot_results(seed, args.cache, pool).items():
                m[i][j], m[j][i] = r, -r
            matrices.append(m)
        jobs = [(a, s, j) for a in ours for s in seeds for j in range(len(BOTS))]
        ours_results = pool.map(_our_match, jobs, chunksize=1)
        pairs = [(a, b, s) for a, b in itertools.combinations(ours, 2) for s in seeds]
        duels = pool.map(_ours_vs_ours, pairs)
    cpu: dict[str, list[float]] = {a: [] for a in ours}
    for name, seed, j, r, t in ours_results:
        i = field.index(name)
        m = matrices[seeds.index(seed)]
        m[i][j], m[j][i] = r, -r
        cpu[name].append(t)
    for a, b, seed, r in duels:
        i, k = field.index(a), field.index(b)
        m = matrices[seeds.index(seed)]
        m[i][k], m[k][i] = r, -r

    runs = len(seeds)
    score = [sum(sum(m[i]) for m in matrices) / runs for i in range(n)]

    def match_points(r: float) -> int:
        return 2 if r > DRAW else 1 if abs(r) <= DRAW else 0

    points = [
        sum(match_points(m[i][j]) for m in matrices for j in range(n) if j != i) / runs
        for i in range(n)
    ]
    by_score = sorted(range(n), key=lambda i: -score[i])
    by_points = sorted(range(n), key=lambda i: -points[i])

    print(f"{n} players, {TURNS} throws a match, seeds {seeds} ({time.time() - started:.0f} s)")
    print(f"{'rank':>4}  {'player':<16} {'score':>8} {'points':>7} {'pts rank':>8}")
    for rank, i in enumerate(by_score, 1):
        if rank <= args.top or field[i] in ours or field[i] == "granite":
            mark = "*" if field[i] in ours else " "
            print(
                f"{rank:>4} {mark}{field[i]:<16} {score[i]:8.0f} {points[i]:7.1f}"
                f" {by_points.index(i) + 1:>8}"
            )
    for a in ours:
        times = cpu[a]
        print(
            f"{a}: {1000 * sum(times) / len(times):.0f} ms CPU per match"
            f" (max {1000 * max(times):.0f} ms)"
        )
    if args.detail:
        shown = ours + ["greenberg", "iocainebot"]
        print(f"\n{'opponent':<16}" + "".join(f"{s:>14}" for s in shown))
        for j in by_score:
            if field[j] in ours:
                continue
            cells = "".join(
                f"{sum(m[field.index(s)][j] for m in matrices) / runs:14.1f}" for s in shown
            )
            print(f"{field[j]:<16}{cells}")


if __name__ == "__main__":
    main()
