"""Random whole games: the engine never crashes, keeps its invariants, and replays exactly."""

from __future__ import annotations

import random

import pytest

import games.spellcast as sc


def _play(seed: int, wizards: int, ruleset: sc.Ruleset) -> sc.Match:
    """Wizards work through random spells (with random slips); answers are random choices."""
    rng = random.Random(seed)
    names = [f"w{i}" for i in range(wizards)]
    m = sc.Match(names, seed=seed, ruleset=ruleset, max_turns=40)
    spells = sc.spells_for(ruleset)
    plans: dict[str, list[tuple[str, str]]] = {}
    while not m.over:
        for w in m.waiting_for_gestures():
            if not plans.get(w):
                spell = rng.choice(spells)
                left, right = sc.spell_rows(
                    spell, rng.choice(["left", "right"]), rng.choice("PWK_")
                )
                plans[w] = list(zip(left, right, strict=True))
            left, right = plans[w].pop(0)
            if rng.random() < 0.1:
                left, right = rng.choice(sc.GESTURES), rng.choice(sc.GESTURES)
            m.submit_gestures(w, left, right)
        while questions := m.questions():
            q = rng.choice(questions)
            m.answer(q.wizard, q.id, rng.choice(q.choices))
        m.resolve()
        for name in names:
            view = m.view(name)
            assert all(w.hp <= w.max_hp and len(w.left) == len(w.right) for w in view.wizards)
            assert all(mon.hp <= mon.max_hp for mon in view.monsters)
    return m


@pytest.mark.parametrize("wizards", [2, 3, 4, 6])
@pytest.mark.parametrize("ruleset", list(sc.Ruleset))
def test_random_games_finish_with_a_result_and_replay_identically(
    wizards: int, ruleset: sc.Ruleset
) -> None:
    """Five random games per setting end with WIN or DRAW and replay event for event."""
    for seed in range(5):
        first = _play(seed, wizards, ruleset)
        again = _play(seed, wizards, ruleset)
        assert first.outcome in (sc.Outcome.WIN, sc.Outcome.DRAW)
        assert (first.winner is None) == (first.outcome is sc.Outcome.DRAW)
        assert [e.text for e in first.history] == [e.text for e in again.history]
        assert first.history[-1].kind is sc.EventKind.MATCH_OVER


def _random_log(seed: int, wizards: int) -> tuple[sc.Match, list[tuple[str, ...]]]:
    """A random game that also forfeits wizards mid-question; returns it and its actions."""
    rng = random.Random(seed)
    names = [f"w{i}" for i in range(wizards)]
    m = sc.Match(names, seed=seed, max_turns=30)
    log: list[tuple[str, ...]] = []
    while not m.over:
        for w in m.waiting_for_gestures():
            act = ("g", w, rng.choice(sc.GESTURES), rng.choice(sc.GESTURES))
            log.append(act)
            _apply(m, act)
        while not m.over and (questions := m.questions()):
            if rng.random() < 0.02:
                act: tuple[str, ...] = ("f", rng.choice([n for n in names if m.alive(n)]))
            else:
                q = rng.choice(questions)
                act = ("a", q.wizard, q.id, rng.choice(q.choices))
            log.append(act)
            _apply(m, act)
        if not m.over:
            log.append(("r",))
            _apply(m, ("r",))
    return m, log


def _apply(m: sc.Match, act: tuple[str, ...]) -> None:
    if act[0] == "g":
        m.submit_gestures(act[1], act[2], act[3])
    elif act[0] == "a":
        m.answer(act[1], act[2], act[3])
    elif act[0] == "f":
        m.forfeit(act[1])
    else:
        m.resolve()


@pytest.mark.parametrize("wizards", [2, 3, 5])
def test_a_copy_taken_at_any_point_continues_exactly_like_the_original(wizards: int) -> None:
    """Replaying a game's actions, switching to a copy midway, gives the same history."""
    for seed in range(5):
        original, log = _random_log(seed, wizards)
        switch = random.Random(seed).randrange(len(log))
        m = sc.Match([f"w{i}" for i in range(wizards)], seed=seed, max_turns=30)
        for i, act in enumerate(log):
            if i == switch:
                m = m.copy()
            _apply(m, act)
        assert [e.text for e in m.history] == [e.text for e in original.history]
        assert (m.outcome, m.winner) == (original.outcome, original.winner)
