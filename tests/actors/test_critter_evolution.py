"""Fitness and evolution: the score the seed describes, a run that improves, save and resume."""

import json
import random

import attrs
import pytest

from actors.critter import (
    CritterPlayer,
    Evaluator,
    Evolution,
    EvolutionConfig,
    FitnessTask,
    Machine,
    assemble,
    evaluate,
    random_genome,
    resolve_opponents,
)
from actors.critter._fitness import play_fast
from protocols.roshambo import make_opponent, openspiel_available, play_match

SMALL = dict(opponents=("rock", "rotate"), population=24, islands=2, turns=60, seed=3)


def _history(run):
    return [attrs.evolve(r, elapsed=0.0) for r in run.history]


OPPONENTS = ["rotate", "beat-frequent", "random", "flat", "copy-drift"]
if openspiel_available():
    OPPONENTS += ["iocainebot", "greenberg"]


@pytest.mark.parametrize("opponent", OPPONENTS)
def test_fast_match_scores_exactly_as_the_referee(opponent):
    """play_fast gives play_match's score for the same seed, random critters included."""
    genome = assemble("COIN r2, 5\nJZ r2, +3\nRAND r0\nHALT\nMATCH r1, both:opp, 2\nBEAT r0, r1")
    referee = play_match(CritterPlayer(genome), make_opponent(opponent), turns=300, seed=9)
    fast = play_fast(Machine(genome), make_opponent(opponent), turns=300, seed=9)
    assert referee.score == fast


def test_fitness_is_the_score_less_length_and_energy():
    """Fitness = total match score - instructions - average energy per throw (weights 1)."""
    genome = assemble("MATCH r1, both:opp, 2\nBEAT r0, r1\nNOP")
    task = FitnessTask(("rock", "rotate"), turns=100, seed=1)
    result = evaluate(genome, task)
    assert 3 == result.length
    assert 4.0 == result.energy  # MATCH 2 + BEAT 1 + NOP 1, every throw
    assert result.fitness == sum(result.scores) - 3 - 4.0
    assert result.scores[0] > 90


def test_fitness_weights_are_configurable():
    """With zero weights, fitness is the bare match score."""
    genome = assemble("SET r0, 1\nNOP\nNOP")
    task = FitnessTask(("rock",), turns=50, length_weight=0.0, energy_weight=0.0)
    assert 50.0 == evaluate(genome, task).fitness


def test_evaluator_plays_each_distinct_genome_once():
    """Duplicates and genomes seen before are answered from the cache, not replayed."""
    rng = random.Random(2)
    a, b = random_genome(rng), random_genome(rng)
    with Evaluator(FitnessTask(("rock",), turns=20)) as evaluator:
        first = evaluator.evaluate([a, b, a])
        assert 2 == evaluator.played
        assert first[0] == first[2]
        assert first == evaluator.evaluate([a, b, a])
        assert 2 == evaluator.played


def test_worker_processes_give_the_same_evaluations():
    """Evaluating in two worker processes gives exactly what one process gives."""
    rng = random.Random(4)
    genomes = [random_genome(rng) for _ in range(6)]
    task = FitnessTask(("rotate", "beat-last"), turns=40, seed=5)
    with Evaluator(task, jobs=2) as parallel:
        assert [evaluate(g, task) for g in genomes] == parallel.evaluate(genomes)


def test_short_evolution_improves_fitness():
    """Fifteen generations against rock and rotate turn a losing best critter into a winner."""
    config = EvolutionConfig(**{**SMALL, "population": 40, "seed": 1})
    run = Evolution(config)
    with Evaluator(config.task()) as evaluator:
        records = [run.step(evaluator) for _ in range(15)]
    bests = [r.best_fitness for r in records]
    assert bests[0] < 0 < 40 < bests[-1]
    assert all(later >= earlier for earlier, later in zip(bests, bests[1:], strict=False))
    assert run.champion is not None and run.champion.evaluation.fitness == max(bests)


def test_islands_keep_their_critters_distinct():
    """No island fills up with clones: almost every critter of a generation is distinct."""
    config = EvolutionConfig(**SMALL)
    run = Evolution(config)
    with Evaluator(config.task()) as evaluator:
        records = [run.step(evaluator) for _ in range(6)]
    assert min(r.distinct for r in records) >= config.population - 2


def test_migration_carries_an_islands_best_to_the_next():
    """At a migration generation, each island receives the previous island's best critter."""
    config = EvolutionConfig(**{**SMALL, "migration_interval": 1})
    run = Evolution(config)
    with Evaluator(config.task()) as evaluator:
        islands = [list(i) for i in run.islands]
        evaluations = evaluator.evaluate([g for i in islands for g in i])
        fitness = dict(zip([g for i in islands for g in i], evaluations, strict=True))
        run.step(evaluator)
    best_of_first = max(islands[0], key=lambda g: fitness[g].fitness)
    assert best_of_first in run.islands[1]


def test_run_is_reproducible_from_its_seed():
    """Two runs with the same config evolve the same critters."""
    config = EvolutionConfig(**SMALL)
    histories = []
    for _ in range(2):
        run = Evolution(config)
        with Evaluator(config.task()) as evaluator:
            for _ in range(3):
                run.step(evaluator)
        histories.append((_history(run), run.islands))
    assert histories[0] == histories[1]


def test_resumed_run_continues_as_if_never_stopped(tmp_path):
    """Saving after 2 generations and resuming for 2 more equals 4 generations straight."""
    config = EvolutionConfig(**SMALL)
    straight = Evolution(config)
    with Evaluator(config.task()) as evaluator:
        for _ in range(4):
            straight.step(evaluator)
    first = Evolution(config)
    with Evaluator(config.task()) as evaluator:
        for _ in range(2):
            first.step(evaluator)
    first.save(tmp_path / "run.json")
    resumed = Evolution.load(tmp_path / "run.json")
    assert resumed.config == config
    with Evaluator(config.task()) as evaluator:
        for _ in range(2):
            resumed.step(evaluator)
    assert _history(straight) == _history(resumed)
    assert straight.islands == resumed.islands
    assert straight.champion == resumed.champion
    assert 4 == resumed.generation


def test_saved_run_is_json_with_readable_critters(tmp_path):
    """The run file is JSON whose critters are assembly text."""
    config = EvolutionConfig(**SMALL)
    run = Evolution(config)
    with Evaluator(config.task()) as evaluator:
        run.step(evaluator)
    run.save(tmp_path / "run.json")
    data = json.loads((tmp_path / "run.json").read_text())
    assert 1 == data["generation"]
    assert ["rock", "rotate"] == data["config"]["opponents"]
    assert assemble(data["champion"]["critter"]) == run.champion.genome
    assert 0 == data["history"][0]["generation"]


def test_loading_something_else_is_refused(tmp_path):
    """A file that is not a saved run is refused, saying what was expected."""
    (tmp_path / "other.json").write_text('{"format": "something"}')
    with pytest.raises(ValueError, match="not a critter run: expected format "
                                         "'belligerent-critter-run/1', got 'something'"):
        Evolution.load(tmp_path / "other.json")
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(ValueError, match=r"broken.json: not a critter run \(invalid JSON"):
        Evolution.load(tmp_path / "broken.json")


def test_evaluator_for_another_task_is_refused():
    """Stepping a run with an evaluator of a different task is an error, not a silent mix."""
    run = Evolution(EvolutionConfig(**SMALL))
    with Evaluator(FitnessTask(("rock",))) as evaluator, \
            pytest.raises(ValueError, match="evaluator plays a different task"):
        run.step(evaluator)


@pytest.mark.parametrize(("changes", "message"), [
    ({"opponents": ()}, "a run needs at least one opponent"),
    ({"population": 3}, r"population 3 is too small for 2 island\(s\)"),
    ({"elite": 12}, r"elite must be between 0 and the island size - 1 \(11\), got 12"),
    ({"islands": 0}, "islands must be >= 1"),
])
def test_bad_config_is_refused_with_the_reason(changes, message):
    """An impossible run configuration is refused before anything runs."""
    with pytest.raises(ValueError, match=message):
        EvolutionConfig(**{**SMALL, **changes})


def test_opponent_sets_resolve_by_preset_or_names():
    """Presets expand to their bots, in a list with names or other presets; names are checked."""
    assert ("rock", "rotate", "beat-last", "beat-frequent") == resolve_opponents("basic")
    assert "flat" in resolve_opponents("suite")
    assert ("rock", "flat") == resolve_opponents("rock, flat,rock")
    assert ("beat-last", "rock", "rotate", "beat-frequent") == resolve_opponents(
        "beat-last,basic,rock")
    with pytest.raises(ValueError, match="expected one of basic, suite, field"):
        resolve_opponents(" , ")
    with pytest.raises(ValueError, match="unknown RoShamBo player 'nobody'"):
        resolve_opponents("rock,nobody")


def test_run_can_start_from_ancestors():
    """A run seeded with ancestors holds them, and fills its places with their mutants."""
    rng = random.Random(6)
    ancestors = [random_genome(rng) for _ in range(5)]
    config = EvolutionConfig(**SMALL)
    run = Evolution(config, ancestors=ancestors)
    everyone = [g for island in run.islands for g in island]
    assert [12, 12] == [len(island) for island in run.islands]
    assert set(ancestors) <= set(everyone)
    assert ancestors[0] in run.islands[0] and ancestors[1] in run.islands[1]
    # The others are one or more edits away from an ancestor: never random strangers.
    assert len(set(everyone)) > 5


def test_follow_up_run_starts_from_the_champion_and_population():
    """ancestors() lists the champion first, then the current population, without repeats."""
    config = EvolutionConfig(**SMALL)
    run = Evolution(config)
    with Evaluator(config.task()) as evaluator:
        run.step(evaluator)
    ancestors = run.ancestors()
    assert ancestors[0] == run.champion.genome
    assert len(ancestors) == len(set(ancestors))
    follow_up = Evolution(EvolutionConfig(**{**SMALL, "opponents": ("beat-last",)}),
                          ancestors=ancestors)
    assert run.champion.genome in follow_up.islands[0]


def test_damaged_run_file_is_refused(tmp_path):
    """A run file with a missing part is refused as damaged, not with a bare KeyError."""
    config = EvolutionConfig(**SMALL)
    run = Evolution(config)
    data = run.to_json()
    del data["islands"]
    (tmp_path / "run.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match="a damaged critter run: KeyError 'islands'"):
        Evolution.load(tmp_path / "run.json")
