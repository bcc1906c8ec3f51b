"""Critter evolution from a random start until it beats the four predictable dummies.

The target (from the Critter issue): a critter that beats each of rock, rotate,
beat-last and beat-frequent by more than 900 points in a 1000-throw match. For
each seed, a run starts from random programs and evolves against those four
(1000-throw matches) until the generation's best critter meets the target,
checked again on three fresh match seeds. Printed: generations and wall time to
the target, the winning critter, and two baselines measured in the same run:

* random search: as many random programs as the evolution evaluated, the best
  of them scored the same way (does blind sampling find it?);
* speed: one 1000-throw match of the winner, against the 1-second limit of the
  1999 competition and against the suite's rock bot playing the same match.

    python bench/critter_evolution.py --seeds 3 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from actors.critter import (
    CritterPlayer,
    Evaluator,
    Evolution,
    EvolutionConfig,
    FitnessTask,
    disassemble,
    evaluate,
    random_genome,
)
from actors.critter._opponents import BASIC
from protocols.roshambo import make_opponent, play_match
from runtime import configure_logging

TARGET = 900
TURNS = 1000


def meets_target(scores: tuple[int, ...]) -> bool:
    return min(scores) > TARGET


def confirm(genome, seeds=(101, 102, 103)) -> list[tuple[int, ...]]:
    """The critter's scores against the four on fresh match seeds."""
    return [evaluate(genome, FitnessTask(BASIC, turns=TURNS, seed=s)).scores for s in seeds]


def evolve_until_target(seed: int, population: int, jobs: int, max_generations: int):
    config = EvolutionConfig(opponents=BASIC, population=population, seed=seed, turns=TURNS)
    run = Evolution(config)
    started = time.perf_counter()
    with Evaluator(config.task(), jobs=jobs) as evaluator:
        for _ in range(max_generations):
            record = run.step(evaluator)
            if meets_target(run.champion.evaluation.scores):
                best = run.champion.genome
                if all(meets_target(s) for s in confirm(best)):
                    return record, best, evaluator.played, time.perf_counter() - started
        return None, run.champion.genome, evaluator.played, time.perf_counter() - started


def random_search(count: int, seed: int, jobs: int) -> tuple[float, tuple[int, ...]]:
    """The best of ``count`` random programs, by the same fitness (the run's task)."""
    rng = random.Random(seed)
    task = EvolutionConfig(opponents=BASIC, seed=seed, turns=TURNS).task()
    with Evaluator(task, jobs=jobs) as evaluator:
        results = evaluator.evaluate([random_genome(rng) for _ in range(count)])
    best = max(results, key=lambda e: e.fitness)
    return best.fitness, best.scores


def match_seconds(player) -> float:
    started = time.perf_counter()
    play_match(player, make_opponent("random"), turns=TURNS, seed=1)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3, help="runs, seeded 0, 1, ... (default 3)")
    parser.add_argument("--population", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--max-generations", type=int, default=100)
    args = parser.parse_args()
    configure_logging(level="warning")
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, {args.jobs} worker(s); "
          f"population {args.population} on 4 islands, at most {args.max_generations} "
          f"generations a seed; target: > {TARGET} against each of "
          f"{', '.join(BASIC)} in {TURNS}-throw matches")
    generations, seconds = [], []
    winner = None
    for seed in range(args.seeds):
        record, best, played, elapsed = evolve_until_target(
            seed, args.population, args.jobs, args.max_generations)
        if record is None:
            scores = evaluate(best, EvolutionConfig(opponents=BASIC, seed=seed).task()).scores
            print(f"seed {seed}: target NOT reached in {args.max_generations} generations "
                  f"({elapsed:.0f}s, {played} critters played); best critter's scores "
                  f"{' '.join(f'{s:+d}' for s in scores)}: {disassemble(best)!r}")
            continue
        generations.append(record.generation + 1)
        seconds.append(elapsed)
        winner = winner or best
        baseline, baseline_scores = random_search(played, seed, args.jobs)
        print(f"seed {seed}: target reached at generation {record.generation} "
              f"({record.generation + 1} generations, {elapsed:.0f}s, {played} critters played); "
              f"scores {' '.join(f'{s:+d}' for s in record.best_scores)}, fresh seeds "
              f"{' / '.join(' '.join(f'{s:+d}' for s in c) for c in confirm(best))}")
        print("    " + disassemble(best).replace("\n", "\n    ").rstrip())
        print(f"    baseline, {played} random programs: best fitness {baseline:.0f} "
              f"(scores {' '.join(f'{s:+d}' for s in baseline_scores)}) vs evolved "
              f"{record.best_fitness:.0f}; target "
              f"{'met' if meets_target(baseline_scores) else 'not met'} by random search")
    if generations:
        print(f"\nreached by {len(generations)}/{args.seeds} seeds: median "
              f"{statistics.median(generations):.0f} generations "
              f"(range {min(generations)}-{max(generations)}), median "
              f"{statistics.median(seconds):.0f}s wall time")
        critter = statistics.median(match_seconds(CritterPlayer(winner)) for _ in range(5))
        rock = statistics.median(match_seconds(make_opponent("rock")) for _ in range(5))
        print(f"one {TURNS}-throw match of the winner vs random: {critter * 1000:.0f} ms "
              f"(limit 1000 ms: {1 / critter:.0f}x under); the rock bot's match "
              f"{rock * 1000:.0f} ms; ratio {critter / rock:.1f}x")
    return 0 if len(generations) == args.seeds else 1


if __name__ == "__main__":
    sys.exit(main())
