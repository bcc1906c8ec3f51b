"""Evolving critters: an island-model genetic algorithm with save and resume.

Each generation: every critter of every island is evaluated (``_fitness``), the
generation is recorded, and each island breeds its next generation on its own:
its ``elite`` best pass unchanged, the rest are children of parents chosen by
tournament selection, by crossover (with probability ``crossover_rate``) and
then mutation.

Against premature convergence -- the "local maxima" the 1999 paper worried
about -- three measures:

* islands: the population is split into ``islands`` sub-populations that evolve
  apart, and every ``migration_interval`` generations each sends a copy of its
  best to the next island (a ring), replacing that island's worst;
* no clones: a child identical to a critter already in its island's next
  generation is mutated again (up to a few tries), so an island cannot fill up
  with copies of one program;
* tournament selection of size ``tournament`` (3 by default), a mild pressure
  that lets weaker programs breed now and then.

A run is deterministic given its config: breeding draws from one seeded
generator, and fitness does not depend on evaluation order. The whole state
(config, current population, generator state, history) is saved as JSON after
every generation, so a resumed run continues exactly as if never interrupted.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import structlog

from ._asm import assemble, disassemble
from ._fitness import ENERGY_WEIGHT, LENGTH_WEIGHT, Evaluation, Evaluator, FitnessTask
from ._genetics import crossover, mutate_n, random_genome, tournament_select
from ._isa import Genome

_log = structlog.get_logger("belligerent.critter")

#: The format tag of a saved run; a file with another tag is refused.
RUN_FORMAT = "belligerent-critter-run/1"
#: Attempts to make a child that is not a clone before accepting one.
_CLONE_RETRIES = 4


@attrs.frozen
class EvolutionConfig:
    """Everything that determines a run (saved with it; a resume keeps it)."""

    opponents: tuple[str, ...] = attrs.field(converter=tuple)
    population: int = 100
    islands: int = 4
    seed: int = 0
    turns: int = 1000
    elite: int = 2
    tournament: int = 3
    crossover_rate: float = 0.5
    mean_edits: float = 1.5
    migration_interval: int = 5
    length_weight: float = LENGTH_WEIGHT
    energy_weight: float = ENERGY_WEIGHT

    def __attrs_post_init__(self) -> None:
        if not self.opponents:
            raise ValueError("a run needs at least one opponent")
        if self.islands < 1:
            raise ValueError(f"islands must be >= 1 (got {self.islands})")
        if self.population < 2 * self.islands:
            raise ValueError(
                f"population {self.population} is too small for {self.islands} island(s): "
                f"each needs at least 2 critters"
            )
        if not 0 <= self.elite < self.population // self.islands:
            raise ValueError(
                f"elite must be between 0 and the island size - 1 "
                f"({self.population // self.islands - 1}), got {self.elite}"
            )
        if self.turns < 1:
            raise ValueError(f"turns must be >= 1 (got {self.turns})")

    def task(self) -> FitnessTask:
        return FitnessTask(
            opponents=self.opponents, turns=self.turns, seed=self.seed,
            length_weight=self.length_weight, energy_weight=self.energy_weight,
        )

    def island_sizes(self) -> list[int]:
        base, extra = divmod(self.population, self.islands)
        return [base + (1 if i < extra else 0) for i in range(self.islands)]


@attrs.frozen
class GenerationRecord:
    """The run log's line for one generation."""

    generation: int
    best_fitness: float
    mean_fitness: float
    #: The generation's best critter, as assembly.
    best: str
    #: Its match score against each opponent.
    best_scores: tuple[int, ...] = attrs.field(converter=tuple)
    #: Distinct genomes in the generation (a measure of diversity).
    distinct: int
    #: Wall time of the run so far, seconds.
    elapsed: float


@attrs.frozen
class Champion:
    """The best critter seen in a run."""

    genome: Genome
    evaluation: Evaluation
    generation: int


def _random_state_to_json(state: tuple[Any, ...]) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _random_state_from_json(data: list[Any]) -> tuple[Any, ...]:
    version, internal, gauss = data
    return (version, tuple(internal), gauss)


class Evolution:
    """A run in progress: the current (not yet evaluated) population and its history."""

    def __init__(self, config: EvolutionConfig, ancestors: Sequence[Genome] = ()) -> None:
        """A new run: random programs, or ``ancestors`` and their mutants.

        With ancestors (incremental evolution: a population evolved on an easier
        problem, say), they are dealt to the islands in turn, best first if the
        caller sorted them, and the remaining places are filled with mutants of
        them, so the run starts from what they know.
        """
        self.config = config
        self.rng = random.Random(config.seed)
        self.generation = 0
        if ancestors:
            ancestors = list(dict.fromkeys(ancestors))
            sizes = config.island_sizes()
            self.islands = [[] for _ in sizes]
            for i, genome in enumerate(ancestors[: config.population]):
                island = i % len(sizes)
                while len(self.islands[island]) >= sizes[island]:
                    island = (island + 1) % len(sizes)
                self.islands[island].append(genome)
            for island, size in zip(self.islands, sizes, strict=True):
                while len(island) < size:
                    parent = ancestors[self.rng.randrange(len(ancestors))]
                    island.append(mutate_n(parent, self.rng, config.mean_edits))
        else:
            self.islands = [
                [random_genome(self.rng) for _ in range(size)] for size in config.island_sizes()
            ]
        self.history: list[GenerationRecord] = []
        self.champion: Champion | None = None
        self._elapsed_before = 0.0
        self._started = time.monotonic()

    # -- running ----------------------------------------------------------------------

    def elapsed(self) -> float:
        """Seconds spent on this run, over all its sessions (resumes included)."""
        return self._elapsed_before + time.monotonic() - self._started

    def step(self, evaluator: Evaluator) -> GenerationRecord:
        """Evaluate the current generation, record it, and breed the next one."""
        if evaluator.task != self.config.task():
            raise ValueError("the evaluator plays a different task from this run's config")
        everyone = [g for island in self.islands for g in island]
        evaluations = evaluator.evaluate(everyone)
        fitness_of = dict(zip(everyone, evaluations, strict=True))
        best_genome = max(everyone, key=lambda g: (fitness_of[g].fitness, -len(g)))
        best = fitness_of[best_genome]
        if self.champion is None or best.fitness > self.champion.evaluation.fitness:
            self.champion = Champion(best_genome, best, self.generation)
        record = GenerationRecord(
            generation=self.generation,
            best_fitness=best.fitness,
            mean_fitness=sum(e.fitness for e in evaluations) / len(evaluations),
            best=disassemble(best_genome),
            best_scores=best.scores,
            distinct=len(fitness_of),
            elapsed=round(self.elapsed(), 3),
        )
        self.history.append(record)
        _log.info("critter.generation", generation=record.generation,
                  best=round(record.best_fitness, 2), mean=round(record.mean_fitness, 2),
                  distinct=record.distinct, scores=record.best_scores)
        self.islands = [
            self._breed(island, [fitness_of[g].fitness for g in island])
            for island in self.islands
        ]
        self.generation += 1
        if self.config.migration_interval and self.generation % self.config.migration_interval == 0:
            self._migrate(fitness_of)
        return record

    def _breed(self, island: Sequence[Genome], fitness: Sequence[float]) -> list[Genome]:
        config, rng = self.config, self.rng
        ranked = sorted(range(len(island)), key=lambda i: -fitness[i])
        children: list[Genome] = [island[i] for i in ranked[: config.elite]]
        seen = set(children)
        while len(children) < len(island):
            mother = island[tournament_select(fitness, rng, config.tournament)]
            if rng.random() < config.crossover_rate:
                father = island[tournament_select(fitness, rng, config.tournament)]
                child = crossover(mother, father, rng)
            else:
                child = mother
            child = mutate_n(child, rng, config.mean_edits)
            for _ in range(_CLONE_RETRIES):
                if child not in seen:
                    break
                child = mutate_n(child, rng, config.mean_edits)
            seen.add(child)
            children.append(child)
        return children

    def _migrate(self, fitness_of: dict[Genome, Evaluation]) -> None:
        """Each island's best (of the generation just evaluated) replaces the next one's
        worst elite-free slot: the last child bred, which has not been evaluated yet."""
        if len(self.islands) < 2:
            return
        bests = []
        for island in self.islands:
            known = [g for g in island if g in fitness_of]
            bests.append(max(known, key=lambda g: fitness_of[g].fitness) if known else island[0])
        for i, migrant in enumerate(bests):
            target = self.islands[(i + 1) % len(self.islands)]
            if migrant not in target:
                target[-1] = migrant

    # -- saving -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        champion = None
        if self.champion is not None:
            champion = {
                "critter": disassemble(self.champion.genome),
                "generation": self.champion.generation,
                "evaluation": attrs.asdict(self.champion.evaluation),
            }
        return {
            "format": RUN_FORMAT,
            "config": attrs.asdict(self.config),
            "generation": self.generation,
            "islands": [[disassemble(g) for g in island] for island in self.islands],
            "rng": _random_state_to_json(self.rng.getstate()),
            "history": [attrs.asdict(r) for r in self.history],
            "champion": champion,
            "elapsed": round(self.elapsed(), 3),
        }

    def save(self, path: str | Path) -> None:
        """Write the run to ``path`` (JSON), atomically: a crash leaves the old file."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n")
        tmp.replace(path)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evolution:
        """The run saved as ``data``; ValueError saying what is wrong if it is not one."""
        if not isinstance(data, dict) or data.get("format") != RUN_FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"not a critter run: expected format {RUN_FORMAT!r}, got {found!r}")
        try:
            return cls._from_json(data)
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(
                f"a damaged critter run: {type(exc).__name__} {exc} while reading it"
            ) from None

    @classmethod
    def _from_json(cls, data: dict[str, Any]) -> Evolution:
        run = cls.__new__(cls)
        run.config = EvolutionConfig(**data["config"])
        run.rng = random.Random()
        run.rng.setstate(_random_state_from_json(data["rng"]))
        run.generation = data["generation"]
        run.islands = [[assemble(text) for text in island] for island in data["islands"]]
        run.history = [GenerationRecord(**r) for r in data["history"]]
        champion = data.get("champion")
        run.champion = None if champion is None else Champion(
            genome=assemble(champion["critter"]),
            evaluation=Evaluation(**{**champion["evaluation"],
                                     "scores": tuple(champion["evaluation"]["scores"])}),
            generation=champion["generation"],
        )
        run._elapsed_before = float(data.get("elapsed", 0.0))
        run._started = time.monotonic()
        return run

    def ancestors(self) -> list[Genome]:
        """The run's champion, then its current population: what a follow-up run starts
        from (``Evolution(new_config, ancestors=old.ancestors())``)."""
        first = [self.champion.genome] if self.champion is not None else []
        return list(dict.fromkeys(first + [g for island in self.islands for g in island]))

    @classmethod
    def load(cls, path: str | Path) -> Evolution:
        """The run saved at ``path``; OSError if unreadable, ValueError if not a run."""
        try:
            data = json.loads(Path(path).read_text())
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not a critter run (invalid JSON: {exc})") from None
        return cls.from_json(data)
