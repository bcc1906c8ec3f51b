"""Does the tactics learner improve play? Measured on a synthetic Rogue, in seconds.

A real game takes a minute, so this measures the learner (actors.rogue._learning)
on a stand-in: each game's score is ``1500 * exp(-8 d^2)`` times log-normal noise,
where ``d`` is the root-mean-square distance (as a fraction of each range) of the chosen Tactics
from a hidden best set drawn at random — as noisy as Rogue scores are (sigma 1:
the same tactics score 5x apart between the 16th and 84th percentile). The
learner sees only the scores. Printed: the true (noise-free) mean score of the
sets played in each window of games, as a ratio to the hand-tuned default's, per
seed; and the best set found.

    python bench/rogue_learning.py --games 300 --seeds 5
"""

from __future__ import annotations

import argparse
import math
import random
import tempfile
import time
from pathlib import Path

import attrs

from actors.rogue import DEFAULT_TACTICS, Tactics
from actors.rogue._learning import Chooser, Policy, TacticsStore, ranges


def distance(a: Tactics, b: Tactics) -> float:
    total = 0.0
    for name, (lo, hi) in ranges(Tactics).items():
        x, y = getattr(a, name), getattr(b, name)
        total += ((float(x) - float(y)) / (float(hi) - float(lo))) ** 2
    return math.sqrt(total / len(attrs.fields(Tactics)))


def true_score(tactics: Tactics, best: Tactics) -> float:
    return 1500.0 * math.exp(-8.0 * distance(tactics, best) ** 2)


def hidden_best(rng: random.Random) -> Tactics:
    values = {}
    for name, (lo, hi) in ranges(Tactics).items():
        if isinstance(lo, bool):
            values[name] = rng.random() < 0.5
        elif isinstance(lo, int):
            values[name] = rng.randint(lo, hi)
        else:
            values[name] = round(rng.uniform(lo, hi), 4)
    return Tactics(**values)


def run(seed: int, games: int, window: int, noise: float) -> tuple[list[float], float, float]:
    rng = random.Random(seed)
    best = hidden_best(rng)
    base = true_score(DEFAULT_TACTICS, best)
    with tempfile.TemporaryDirectory() as tmp:
        store = TacticsStore(Path(tmp) / "learn.sqlite3", Tactics)
        chooser = Chooser(store, DEFAULT_TACTICS, policy=Policy(), seed=seed)
        truth = []
        for i in range(games):
            choice = chooser.choose(f"g{i}", seed=i)
            t = true_score(choice.tactics, best)
            truth.append(t)
            chooser.score(f"g{i}", score=t * math.exp(rng.gauss(0.0, noise)), depth=0,
                          outcome="death")
        found = store.best(min_games=3)
        store.close()
    ratios = [sum(truth[i:i + window]) / len(truth[i:i + window]) / base
              for i in range(0, games, window)]
    return ratios, true_score(found.tactics, best) / base if found else 0.0, base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--window", type=int, default=50)
    parser.add_argument("--noise", type=float, default=1.0)
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"{args.games} synthetic games per seed, noise sigma {args.noise}, default policy "
          f"{Policy()}")
    print("true mean score of the sets played, per window of "
          f"{args.window} games, as a ratio to the default set's:")
    finals = []
    for seed in range(args.seeds):
        ratios, found, base = run(seed, args.games, args.window, args.noise)
        finals.append(ratios[-1])
        print(f"  seed {seed}: default scores {base:7.1f}; windows "
              + " ".join(f"{r:5.2f}" for r in ratios)
              + f"; best set found {found:5.2f}x")
    finals.sort()
    print(f"last window, median over seeds: {finals[len(finals) // 2]:.2f}x the default "
          f"({time.perf_counter() - started:.1f}s)")


if __name__ == "__main__":
    main()
