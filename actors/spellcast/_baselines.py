"""The baseline wizards used to measure Becky: random, and a greedy caster.

Both work on Becky's position (so they see what she sees) and return a gesture-pair
plus the casts they intend, which the answering expert turns into answers.
"""

from __future__ import annotations

import random

from ._gestures import POSS_GP, push
from ._model import HIST, HP, MONSTERS
from ._moves import generate
from ._score import progress
from ._spells import SPELL_INFO


def random_move(state: tuple, rng: random.Random) -> tuple:
    """Any of the 35 sensible gesture-pairs, with random spell choices and targets."""
    wizards = state[0]
    enemies = tuple(i for i, w in enumerate(wizards) if i and w[HP] > 0)
    gp = rng.choice(POSS_GP)
    moves = [m for m in generate(wizards, 0, enemies) if m[0] == gp]
    return rng.choice(moves) if moves else (gp, ())


def _cast_value(move: tuple, wizards: tuple) -> int:
    value = 0
    for spell, target, _extra in move[1]:
        rank = SPELL_INFO[spell].rank
        if target >= MONSTERS:
            rank //= 2
        value = max(value, rank)
    return value


def greedy_move(state: tuple, rng: random.Random) -> tuple:
    """Cast the strongest spell any pair completes now (aimed at the weakest enemy);
    when none completes, the pair that goes furthest into an aimed spell."""
    wizards = state[0]
    enemies = tuple(i for i, w in enumerate(wizards) if i and w[HP] > 0)
    if not enemies:
        return (POSS_GP[0], ())
    weakest = min(enemies, key=lambda e: wizards[e][HP])
    best, best_key = None, None
    for move in generate(wizards, 0, enemies):
        if any(0 < t < MONSTERS and t != weakest for _s, t, _x in move[1]):
            continue
        key = (_cast_value(move, wizards), progress(push(wizards[0][HIST], move[0])),
               rng.random())
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best if best is not None else (POSS_GP[0], ())
