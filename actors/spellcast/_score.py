"""Static scoring with a lookup table (Becky §3.3, §5.3).

A wizard's score is the value of its hit points, of its monsters' damage per turn,
of fifteen yes/no states through one pre-computed 2**15-entry table, of ticking
disease or poison, and of how far its hands are into an aimed spell (a cached
function of the history, so the search can tell a Finger of Death two gestures
away from nothing). The position's score is ours minus every opponent's.
"""

from __future__ import annotations

import functools

from ._gestures import CODE
from ._model import (
    BLIND,
    DIS,
    FLAGS,
    HIST,
    HP,
    INVIS,
    M_AMNESIA,
    M_CHARM_L,
    M_CHARM_R,
    M_CONFUSION,
    M_FEAR,
    M_PARA_L,
    M_PARA_R,
    MIND_ON,
    MON,
    PFE,
    POI,
    RES_COLD,
    RES_HEAT,
    SHORT_USED,
)
from ._spells import OTHER, SPELL_INFO

WIN = 100_000
LOSS = -WIN
#: What a dead opponent is worth in a free-for-all (the game is not over yet).
DEAD_OPPONENT = 400

#: The weights of the fifteen states, bit by bit.
STATE_WEIGHTS = (
    12,    # 0 protection from evil still running
    -70,   # 1 diseased
    -80,   # 2 poisoned
    -25,   # 3 blind
    25,    # 4 invisible
    4,     # 5 resists heat
    4,     # 6 resists cold
    -4,    # 7 amnesia next turn
    -5,    # 8 confused next turn
    -4,    # 9 afraid next turn
    -6,    # 10 paralysed next turn
    -6,    # 11 charmed next turn
    -3,    # 12 short lightning bolt spent
    -4,    # 13 history wiped (nothing to build on)
    3,     # 14 owns monsters
)
STATE_TABLE: tuple[int, ...] = tuple(
    sum(w for bit, w in enumerate(STATE_WEIGHTS) if key >> bit & 1) for key in range(1 << 15)
)
_MIND_BIT = {M_AMNESIA: 1 << 7, M_CONFUSION: 1 << 8, M_FEAR: 1 << 9, M_PARA_L: 1 << 10,
             M_PARA_R: 1 << 10, M_CHARM_L: 1 << 11, M_CHARM_R: 1 << 11}
HP_VALUE: tuple[int, ...] = tuple(10 * hp - 6 * max(0, 6 - hp) for hp in range(16))
MONSTER_VALUE = 8
#: Progress towards aimed spells is worth rank x fraction / this.
PROGRESS_DIVISOR = 2


def state_bits(w: tuple[int, ...]) -> int:
    flags = w[FLAGS]
    return ((w[PFE] > 0) | (w[DIS] > 0) << 1 | (w[POI] > 0) << 2 | (w[BLIND] > 0) << 3
            | (w[INVIS] > 0) << 4 | bool(flags & RES_HEAT) << 5 | bool(flags & RES_COLD) << 6
            | _MIND_BIT.get(w[MIND_ON], 0) | bool(flags & SHORT_USED) << 12
            | (w[HIST] == 0) << 13 | (w[MON] > 0) << 14)


def _prefix_values() -> dict[tuple[int, ...], int]:
    values: dict[tuple[int, ...], int] = {}
    for info in SPELL_INFO.values():
        n = len(info.gestures)
        if info.aim != OTHER or n < 3:
            continue
        codes = tuple(CODE[g.upper()] for g in info.gestures)
        for done in range(1, n):
            key = codes[:done]
            values[key] = max(values.get(key, 0), info.rank * done // n)
    return values


#: Gestures a hand has made towards an aimed spell (oldest first) -> rank x fraction done.
PREFIX_VALUE = _prefix_values()


@functools.lru_cache(maxsize=1 << 17)
def progress(history: int) -> int:
    """How far each hand is into an aimed spell: rank x fraction done, best per hand."""
    total = 0
    for hand in (0, 4):
        codes = tuple((history >> (8 * i + hand)) & 0xF for i in range(7, -1, -1))
        best = 0
        for k in range(1, 8):
            v = PREFIX_VALUE.get(codes[8 - k:])
            if v is not None and v > best:
                best = v
        total += best
    return total // PROGRESS_DIVISOR


def wizard_score(w: tuple[int, ...]) -> int:
    hp = w[HP]
    s = HP_VALUE[hp if hp < 16 else 15] + MONSTER_VALUE * w[MON] + STATE_TABLE[state_bits(w)]
    if w[DIS]:
        s -= 8 * (6 - w[DIS])
    if w[POI]:
        s -= 8 * (6 - w[POI])
    return s + progress(w[HIST])


def static_score(state: tuple) -> int:
    """Our score (wizard 0) in a position that is not over."""
    wizards = state[0]
    s = wizard_score(wizards[0])
    for w in wizards[1:]:
        s -= wizard_score(w) if w[HP] > 0 else -DEAD_OPPONENT
    return s


def wizard_score_plain(w: tuple[int, ...]) -> int:
    """The same as :func:`wizard_score` without the table or the cache (baseline)."""
    bits = state_bits(w)
    hp = w[HP]
    s = HP_VALUE[hp if hp < 16 else 15] + MONSTER_VALUE * w[MON]
    s += sum(weight for bit, weight in enumerate(STATE_WEIGHTS) if bits >> bit & 1)
    if w[DIS]:
        s -= 8 * (6 - w[DIS])
    if w[POI]:
        s -= 8 * (6 - w[POI])
    return s + progress.__wrapped__(w[HIST])


def static_score_plain(state: tuple) -> int:
    wizards = state[0]
    s = wizard_score_plain(wizards[0])
    for w in wizards[1:]:
        s -= wizard_score_plain(w) if w[HP] > 0 else -DEAD_OPPONENT
    return s

