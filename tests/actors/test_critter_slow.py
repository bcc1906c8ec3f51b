"""Long checks of critter evolution (run with ``-m slow``)."""

import pytest

from actors.critter import Evaluator, Evolution, EvolutionConfig, FitnessTask, evaluate
from actors.critter._opponents import BASIC


@pytest.mark.slow
def test_evolution_from_random_start_beats_the_four_predictable_dummies():
    """From random programs, evolution finds a critter that wins each of rock, rotate,
    beat-last and beat-frequent by more than 900 in 1000 throws, on fresh seeds too."""
    config = EvolutionConfig(opponents=BASIC, population=100, seed=0, turns=1000)
    run = Evolution(config)
    with Evaluator(config.task(), jobs=2) as evaluator:
        for _ in range(100):
            run.step(evaluator)
            if min(run.champion.evaluation.scores) > 900:
                break
    assert min(run.champion.evaluation.scores) > 900, run.history[-1].best
    for seed in (101, 102, 103):
        scores = evaluate(run.champion.genome, FitnessTask(BASIC, turns=1000, seed=seed)).scores
        assert min(scores) > 900, (seed, scores)
