"""Learning Rogue tactics: the SQLite gene pool and the chooser, against fake scorers."""

import math
import random

import attrs
import pytest

from actors.rogue import DEFAULT_TACTICS, Tactics
from actors.rogue._learning import (
    Chooser,
    Policy,
    TacticsStore,
    fitness,
    from_json,
    mutate,
    to_json,
)


def _field(default, lo, hi):
    return attrs.field(default=default, metadata={"range": (lo, hi)})


@attrs.frozen
class Knobs:
    """A stand-in for Tactics: two numbers and a switch."""

    boldness: float = _field(0.2, 0.0, 1.0)
    patience: int = _field(10, 0, 40)
    careful: bool = _field(False, False, True)


def _true_score(knobs: Knobs) -> float:
    """The fake game: best at boldness 0.8, patience 30, careful on."""
    quality = -((knobs.boldness - 0.8) ** 2) * 4 - ((knobs.patience - 30) / 40) ** 2 * 2
    return 1500 * math.exp(quality) * (1.3 if knobs.careful else 1.0)


def _play(chooser: Chooser, games: int, rng: random.Random, noise: float = 0.3,
          start: int = 0) -> list[int]:
    """Play ``games`` fake games; return the arm each one used."""
    used = []
    for i in range(start, start + games):
        choice = chooser.choose(f"g{i}", seed=i)
        score = _true_score(choice.tactics) * math.exp(rng.gauss(0.0, noise))
        chooser.score(f"g{i}", score=score, depth=0, outcome="death")
        used.append(choice.arm)
    return used


def test_fitness_is_the_log_score_plus_a_tenth_per_level():
    """A 999-gold death on level 5 is worth 3.5; a 0-gold one on level 1 is worth 0.1."""
    assert 3.5 == pytest.approx(fitness(999, 5))
    assert 0.1 == pytest.approx(fitness(0, 1))


def test_parameter_sets_round_trip_through_their_text():
    """A set read back from the store equals the one written; new fields get defaults."""
    knobs = Knobs(boldness=0.12345678, patience=7, careful=True)
    assert Knobs(boldness=0.1235, patience=7, careful=True) == from_json(Knobs, to_json(knobs))
    assert Knobs(patience=3) == from_json(Knobs, '{"patience": 3, "removed_since": 1}')


def test_mutation_stays_in_range_and_keeps_ints_whole():
    """However large the step, every value stays within its range and of its type."""
    rng = random.Random(1)
    for _ in range(200):
        child = mutate(Knobs(), rng, sigma=2.0)
        assert 0.0 <= child.boldness <= 1.0
        assert isinstance(child.patience, int) and 0 <= child.patience <= 40
        assert isinstance(child.careful, bool)


def test_real_tactics_mutate_within_their_ranges():
    """The agent's own Tactics class works with the learner, every field in range."""
    rng = random.Random(2)
    child = mutate(DEFAULT_TACTICS, rng, sigma=1.0)
    for field in attrs.fields(Tactics):
        lo, hi = field.metadata["range"]
        assert lo <= getattr(child, field.name) <= hi, field.name
    assert child != DEFAULT_TACTICS


def test_class_without_ranges_is_refused(tmp_path):
    """A field with no range metadata is named, since nothing could be sampled for it."""

    @attrs.frozen
    class Bare:
        x: int = 1

    with pytest.raises(TypeError, match=r"^Bare\.x has no range metadata; learning needs "
                                        r"metadata=\{'range': \(lo, hi\)\} on every field$"):
        TacticsStore(tmp_path / "l.sqlite3", Bare)


def test_bandit_gives_most_games_to_the_set_that_scores_better(tmp_path):
    """With a fixed pool of two sets, the better one gets most of 80 noisy games."""
    store = TacticsStore(tmp_path / "learn.sqlite3", Knobs)
    chooser = Chooser(store, Knobs(), policy=Policy(pool=2, breed_every=None), seed=3)
    good, bad = Knobs(boldness=0.8, patience=30), Knobs(boldness=0.0, patience=0)
    store.add(good, "good")
    store.add(bad, "bad")
    used = _play(chooser, 80, random.Random(4))
    good_id = 1
    assert used.count(good_id) >= 60, used
    assert used[-20:].count(good_id) >= 18
    best = store.best(min_games=3)
    assert best is not None and best.tactics == good


def test_pool_breeds_sets_better_than_the_default(tmp_path):
    """Starting from a poor default, 200 games find a set that scores clearly better."""
    store = TacticsStore(tmp_path / "learn.sqlite3", Knobs)
    chooser = Chooser(store, Knobs(), policy=Policy(pool=6, breed_every=6), seed=5)
    _play(chooser, 200, random.Random(6))
    best = store.best(min_games=3)
    assert best is not None
    assert _true_score(best.tactics) > 1.5 * _true_score(Knobs()), best
    origins = {a.origin for a in store.arms(include_retired=True)}
    assert any(o.startswith("child of ") for o in origins)
    assert len(store.arms()) <= 6 + 1
    assert any(a.retired for a in store.arms(include_retired=True))


def test_same_seed_and_scores_make_the_same_choices(tmp_path):
    """Learning is reproducible: two stores fed the same games choose alike."""
    runs = []
    for name in ("a", "b"):
        store = TacticsStore(tmp_path / f"{name}.sqlite3", Knobs)
        runs.append(_play(Chooser(store, Knobs(), policy=Policy(pool=4, breed_every=4),
                                  seed=9), 40, random.Random(10)))
        runs.append([to_json(a.tactics) for a in store.arms(include_retired=True)])
    assert runs[0] == runs[2] and runs[1] == runs[3]


def test_concurrent_choices_spread_over_untried_sets(tmp_path):
    """Games chosen before any has finished take different sets, not the same one."""
    store = TacticsStore(tmp_path / "learn.sqlite3", Knobs)
    chooser = Chooser(store, Knobs(), policy=Policy(pool=4, min_trials=1), seed=1)
    arms = [chooser.choose(f"g{i}", seed=i).arm for i in range(4)]
    assert [1, 2, 3, 4] == arms
    assert [1, 1, 1, 1] == [a.pending for a in store.arms()]


def test_learning_carries_over_and_a_stopped_run_is_abandoned(tmp_path):
    """Reopening the file keeps every set and score; games left pending no longer count."""
    path = tmp_path / "learn.sqlite3"
    store = TacticsStore(path, Knobs)
    chooser = Chooser(store, Knobs(), policy=Policy(pool=3), seed=2)
    _play(chooser, 12, random.Random(3))
    chooser.choose("interrupted", seed=99)
    before = [(a.id, a.games, a.mean) for a in store.arms()]
    store.close()
    again = TacticsStore(path, Knobs)
    assert 1 == again.abandoned_at_open
    assert before == [(a.id, a.games, a.mean) for a in again.arms()]
    assert 0 == sum(a.pending for a in again.arms())
    with pytest.raises(LookupError, match=r"^no pending trial for session 'interrupted'$"):
        again.score("interrupted", score=10, depth=1, outcome="death")


def test_abandoned_games_do_not_count_for_their_set(tmp_path):
    """A crashed game's set keeps its record: no score, no play."""
    store = TacticsStore(tmp_path / "learn.sqlite3", Knobs)
    chooser = Chooser(store, Knobs(), policy=Policy(pool=1), seed=0)
    chooser.choose("crash", seed=1)
    chooser.abandon("crash")
    (arm,) = store.arms()
    assert (0, 0) == (arm.games, arm.pending)
