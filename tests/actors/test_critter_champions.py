"""The committed champions: evolved critters kept as files, still valid and still winning."""

from pathlib import Path

import pytest

from actors.critter import FitnessTask, evaluate, load_critter
from actors.critter._opponents import BASIC

CHAMPIONS = Path(__file__).resolve().parents[2] / "actors" / "critter" / "champions"


@pytest.mark.parametrize("name", ["basic.critter", "best.critter"])
def test_champion_file_loads_and_says_how_it_was_evolved(name):
    """Each champion is valid critter assembly whose header gives the command that bred it."""
    path = CHAMPIONS / name
    assert load_critter(path)
    assert "belligerent evolve roshambo" in path.read_text()


@pytest.mark.parametrize("seed", [101, 202])
def test_basic_champion_beats_each_predictable_dummy_by_more_than_900(seed):
    """The first-stage champion wins more than 900 of 1000 throws against each of rock,
    rotate, beat-last and beat-frequent, on match seeds it was never evolved on."""
    scores = evaluate(load_critter(CHAMPIONS / "basic.critter"),
                      FitnessTask(BASIC, turns=1000, seed=seed)).scores
    assert min(scores) > 900, scores
