"""Spellcast rules engine throughput: random whole games, and Match.copy() against deepcopy.

Prints turns/s and games/s for random 2- and 4-wizard games (random spells with slips, random
answers, max 40 turns), and the cost of Match.copy() as a ratio against copy.deepcopy measured
in the same run. Usage: python bench/spellcast_engine.py [games]
"""

from __future__ import annotations

import copy
import random
import sys
import time

import games.spellcast as sc


def play(seed: int, wizards: int) -> sc.Match:
    rng = random.Random(seed)
    m = sc.Match([f"w{i}" for i in range(wizards)], seed=seed, max_turns=40)
    spells = sc.spells_for(sc.Ruleset.FULL)
    plans: dict[str, list[tuple[str, str]]] = {}
    while not m.over:
        for w in m.waiting_for_gestures():
            if not plans.get(w):
                left, right = sc.spell_rows(rng.choice(spells), rng.choice(["left", "right"]))
                plans[w] = list(zip(left, right, strict=True))
            m.submit_gestures(w, *plans[w].pop(0))
        while questions := m.questions():
            q = rng.choice(questions)
            m.answer(q.wizard, q.id, rng.choice(q.choices))
        m.resolve()
    return m


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for wizards in (2, 4):
        start = time.perf_counter()
        turns = sum(play(seed, wizards).turn for seed in range(games))
        wall = time.perf_counter() - start
        print(f"{wizards} wizards: {games} games, {turns} turns in {wall:.2f} s: "
              f"{turns / wall:.0f} turns/s, {games / wall:.1f} games/s")
    m = sc.Match(["a", "b"], seed=1)
    for i in range(20):
        sc.play_turn(m, {"a": "WP", "b": "DS"} if i % 2 else {"a": "PW", "b": "SD"})
    n = 2000
    start = time.perf_counter()
    for _ in range(n):
        m.copy()
    fast = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n // 10):
        copy.deepcopy(m)
    slow = (time.perf_counter() - start) / (n // 10)
    print(f"Match.copy() after 20 turns: {fast * 1e6:.0f} us; copy.deepcopy: {slow * 1e6:.0f} us;"
          f" copy() is {slow / fast:.1f}x faster")


if __name__ == "__main__":
    main()
