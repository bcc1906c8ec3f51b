"""``belligerent evolve roshambo``: evolve a critter, with a progress bar, a log and a plot.

Writes into ``--out``: ``run.json`` (the whole run, saved after every generation,
so ``--resume DIR/run.json`` continues it), ``log.txt`` (best fitness per
generation, and each new champion's disassembly), ``best.critter`` (the best
critter of the run) and ``fitness.png`` (best and mean fitness per generation).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import trio

from runtime import GameCommand, ProgressBar, whole_number

from ._evolution import Evolution, EvolutionConfig, GenerationRecord
from ._files import load_critter, save_critter
from ._fitness import Evaluator
from ._isa import Genome
from ._opponents import PRESETS, resolve_opponents
from ._plot import plot_fitness

_positive = whole_number(1)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--generations", type=_positive, default=30,
                        help="generations to run (with --resume: more generations); default 30")
    parser.add_argument("--population", type=_positive, default=100,
                        help="critters per generation, over all islands (default 100)")
    parser.add_argument("--islands", type=_positive, default=4,
                        help="sub-populations evolving apart, with migration (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    parser.add_argument("--turns", type=_positive, default=1000,
                        help="throws per fitness match (default 1000)")
    parser.add_argument(
        "--opponents", default="basic", metavar="SET",
        help=f"who critters are evaluated against: {', '.join(PRESETS)} "
        "(basic: rock, rotate, beat-last, beat-frequent; suite: every Python dummy; "
        "field: 17 real 1999 bots, needs the bench extra), bot names, or a comma-separated "
        "mix such as field,basic (default basic)",
    )
    parser.add_argument("--out", type=Path, default=Path("critter-run"), metavar="DIR",
                        help="where to write run.json, log.txt, best.critter, fitness.png")
    parser.add_argument("--resume", type=Path, default=None, metavar="FILE",
                        help="continue the run saved in FILE (its run.json); the run's own "
                        "population, opponents and seed are kept")
    parser.add_argument("--init", type=Path, default=None, metavar="FILE",
                        help="start from the population of the run saved in FILE (a run.json) "
                        "or from the critter in FILE (a .critter), instead of random programs: "
                        "incremental evolution, e.g. against 'basic' first, then 'field'")
    parser.add_argument("--jobs", type=_positive, default=min(2, os.cpu_count() or 1),
                        help="worker processes evaluating critters (default: up to 2)")
    parser.add_argument("--no-plot", action="store_true", help="skip the fitness plot")


def _ancestors(path: Path | None) -> list[Genome]:
    """The critters a new run starts from: none, a saved run's, or one critter file's."""
    if path is None:
        return []
    if path.suffix == ".json":
        return Evolution.load(path).ancestors()
    return [load_critter(path)]


def _log_line(record: GenerationRecord, opponents: tuple[str, ...]) -> str:
    scores = " ".join(f"{name} {score:+d}" for name, score in
                      zip(opponents, record.best_scores, strict=True))
    return (f"generation {record.generation}: best {record.best_fitness:.1f} "
            f"mean {record.mean_fitness:.1f} distinct {record.distinct} "
            f"[{scores}] {record.elapsed:.0f}s\n")


async def run(args: argparse.Namespace) -> int:
    if args.resume is not None and args.init is not None:
        raise ValueError("--resume continues a run and --init starts one: give only one")
    if args.resume is not None:
        evolution = Evolution.load(args.resume)
    else:
        config = EvolutionConfig(
            opponents=resolve_opponents(args.opponents), population=args.population,
            islands=args.islands, seed=args.seed, turns=args.turns,
        )
        evolution = Evolution(config, ancestors=_ancestors(args.init))
    config = evolution.config
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    run_file, log_file, best_file = out / "run.json", out / "log.txt", out / "best.critter"
    print(f"evolving {config.population} critters on {config.islands} island(s) against "
          f"{', '.join(config.opponents)}; {config.turns} throws a match, seed {config.seed}, "
          f"from generation {evolution.generation}"
          + (f", starting from {args.init}" if args.init is not None else ""))
    bar = ProgressBar(args.generations, label="evolve")
    champion = evolution.champion
    mode = "a" if args.resume is not None else "w"
    with Evaluator(config.task(), jobs=args.jobs) as evaluator, log_file.open(mode) as log:
        for done in range(1, args.generations + 1):
            # The generation runs in a thread (it blocks on worker processes); the run is
            # saved after each, so an interrupted run resumes from the last saved one.
            record = await trio.to_thread.run_sync(evolution.step, evaluator)
            evolution.save(run_file)
            log.write(_log_line(record, config.opponents))
            if evolution.champion is not champion:
                champion = evolution.champion
                log.write("".join(f"    {line}\n" for line in record.best.splitlines()))
            log.flush()
            bar.update(done, f"best {record.best_fitness:.0f}")
    assert champion is not None
    evaluation = champion.evaluation
    save_critter(best_file, champion.genome, [
        f"critter evolved by `belligerent evolve roshambo` (seed {config.seed}), "
        f"generation {champion.generation}"
        + (f", starting from {args.init}" if args.init is not None else ""),
        f"fitness {evaluation.fitness:.1f}: {config.turns}-throw matches against "
        f"{', '.join(config.opponents)}",
        "scores " + " ".join(f"{s:+d}" for s in evaluation.scores)
        + f"; {evaluation.length} instructions, energy {evaluation.energy:.1f} per throw",
    ])
    print(f"best critter: generation {champion.generation}, fitness {evaluation.fitness:.1f}, "
          f"{evaluation.length} instructions, energy {evaluation.energy:.1f} per throw")
    for name, score in zip(config.opponents, evaluation.scores, strict=True):
        print(f"  {name:<16} {score:+5d}")
    print(f"wrote {best_file}, {run_file}, {log_file}")
    if not args.no_plot:
        try:
            plot = plot_fitness(evolution.history, out / "fitness.png",
                                title=f"critter evolution (seed {config.seed})")
        except ModuleNotFoundError as exc:
            print(f"fitness plot skipped: {exc}", file=sys.stderr)
        else:
            print(f"wrote {plot}")
    print(f"play it: belligerent play roshambo --agent critter:{best_file}")
    return 0


COMMAND = GameCommand(
    "evolve", run, add_arguments,
    help="evolve a critter (a program for the RoShamBo virtual machine) against bots",
)
