"""Fitness: how well a critter plays the opponents, less what its program costs.

As in Davidson's description, fitness is the match score against hand-coded
opponents, adjusted by subtracting the length of the code and the average energy
used per throw, so the strongest critters are selected and ties go to the
smallest, fastest program::

    fitness = sum of match scores (wins - losses, one match per opponent)
              - LENGTH_WEIGHT * instructions - ENERGY_WEIGHT * average energy per throw

Both weights are 1 by default: a match score is worth up to ``turns`` points, so
the costs (at most 64 and 100) only matter between critters that play alike.

Every match of an evaluation has a fixed seed derived from the run's seed and the
opponent, so a genome's fitness is a deterministic function of the genome: it can
be cached, and elites and duplicates are never re-played.

Matches are played by :func:`play_fast`, the referee's rules without its
bookkeeping (a third of the time of ``play_match``, which copies both histories
into tuples every turn); a test checks that it gives the same score as
``play_match`` with the same seed.

Evaluation runs in worker processes (``jobs`` of them, a ``ProcessPoolExecutor``)
when ``jobs > 1``; each worker builds its opponents once and reuses them, reset
before every match.
"""

from __future__ import annotations

import concurrent.futures
import math
from collections.abc import Sequence

import attrs

from protocols.roshambo import Player, derive_seed, make_opponent

from ._isa import Genome
from ._vm import Machine

#: The default cost of one instruction of code, in match points.
LENGTH_WEIGHT = 1.0
#: The default cost of one unit of average energy per throw, in match points.
ENERGY_WEIGHT = 1.0


@attrs.frozen
class Evaluation:
    """One genome's fitness and what it is made of."""

    fitness: float
    #: Match score against each opponent, in the task's order.
    scores: tuple[int, ...]
    length: int
    #: Energy spent per throw, over all matches.
    energy: float


@attrs.frozen
class FitnessTask:
    """What an evaluation plays: the opponents, match length, seeds and weights."""

    opponents: tuple[str, ...]
    turns: int = 1000
    seed: int = 0
    length_weight: float = LENGTH_WEIGHT
    energy_weight: float = ENERGY_WEIGHT

    def match_seed(self, opponent: str) -> int:
        """The seed of every critter's match against ``opponent`` in this task."""
        return derive_seed(self.seed, "critter-fitness", opponent)


#: Opponents built in this process, by name (a worker keeps its own).
_OPPONENTS: dict[str, Player] = {}


def _opponent(name: str) -> Player:
    player = _OPPONENTS.get(name)
    if player is None:
        player = _OPPONENTS[name] = make_opponent(name)
    return player


def play_fast(critter: Machine, opponent: Player, *, turns: int, seed: int) -> int:
    """The critter's score in a match against ``opponent``, as ``play_match(critter
    player, opponent, turns, seed)`` would score it (same seeds, same throws).

    The opponent is shown the live history lists (never copies): suite players only
    read them. ValueError if the opponent throws something other than 0, 1 or 2.
    """
    critter.reset(derive_seed(seed, "a"))
    opponent.reset(derive_seed(seed, "b"), turns)
    mine: list[int] = []
    theirs: list[int] = []
    decide, observe, move = critter.decide, critter.observe, opponent.move
    score = 0
    for _ in range(turns):
        m = decide()
        o = move(theirs, mine)
        if o not in (0, 1, 2) or isinstance(o, bool):
            raise ValueError(f"{opponent.name!r} threw {o!r} on turn {len(mine) + 1}")
        o = int(o)
        observe(m, o)
        mine.append(m)
        theirs.append(o)
        score += (m - o + 4) % 3 - 1
    return score


def evaluate(genome: Genome, task: FitnessTask) -> Evaluation:
    """Play ``genome`` once against each opponent of ``task`` and score it."""
    critter = Machine(genome)
    scores = []
    energy = 0
    throws = 0
    for name in task.opponents:
        scores.append(play_fast(critter, _opponent(name), turns=task.turns,
                                seed=task.match_seed(name)))
        energy += critter.energy_spent
        throws += critter.decisions
    average = energy / throws if throws else 0.0
    fitness = sum(scores) - task.length_weight * len(genome) - task.energy_weight * average
    return Evaluation(fitness=fitness, scores=tuple(scores), length=len(genome), energy=average)


def evaluate_many(genomes: Sequence[Genome], task: FitnessTask) -> list[Evaluation]:
    """:func:`evaluate` each genome (the unit of work sent to a worker process)."""
    return [evaluate(genome, task) for genome in genomes]


class Evaluator:
    """Evaluates genomes for one task, caching by genome, in up to ``jobs`` processes.

    Use as a context manager: leaving it shuts the worker pool down (waiting for
    running work; nothing is left behind).
    """

    def __init__(self, task: FitnessTask, *, jobs: int = 1, cache_size: int = 50_000) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be >= 1 (got {jobs})")
        self.task = task
        self.jobs = jobs
        self.cache_size = cache_size
        self._cache: dict[Genome, Evaluation] = {}
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        #: Genomes actually played (cache misses), over the evaluator's life.
        self.played = 0

    def __enter__(self) -> Evaluator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def evaluate(self, genomes: Sequence[Genome]) -> list[Evaluation]:
        """Evaluations of ``genomes``, in order; each distinct new genome is played once."""
        todo = list(dict.fromkeys(g for g in genomes if g not in self._cache))
        if todo:
            for genome, evaluation in zip(todo, self._play(todo), strict=True):
                self._cache[genome] = evaluation
            self.played += len(todo)
        results = [self._cache[g] for g in genomes]
        if len(self._cache) > self.cache_size:
            keep = set(genomes)
            self._cache = {g: e for g, e in self._cache.items() if g in keep}
        return results

    def _play(self, genomes: list[Genome]) -> list[Evaluation]:
        if self.jobs == 1 or len(genomes) < 2:
            return evaluate_many(genomes, self.task)
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(max_workers=self.jobs)
        size = math.ceil(len(genomes) / (self.jobs * 4))
        chunks = [genomes[i:i + size] for i in range(0, len(genomes), size)]
        futures = [self._pool.submit(evaluate_many, chunk, self.task) for chunk in chunks]
        return [e for future in futures for e in future.result()]
