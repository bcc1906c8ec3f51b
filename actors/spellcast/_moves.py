"""Move generation (Becky §3.1): gesture-pairs, the spells they complete, and targets.

A move is ``(gesture_pair, casts)`` with ``casts = ((spell, target, extra), ...)``.
When a pair completes several spells each choice is a separate move; a hand that
completes several spells of the same aim keeps only the best ("trumping": Finger
of Death trumps the Missile it ends with). Other-aimed spells are tried at every
enemy wizard and, for damage, at the enemy's monsters; Paralysis and Charm Person
also pick the hand. Both steps are cached by what they depend on, so a position
met again (and every transposition) costs one dictionary lookup.
"""

from __future__ import annotations

import functools

from ._detect import BOTH, LEFT, RIGHT, detect, detect_plain
from ._gestures import (
    CLAP,
    KNIFE,
    NOTHING,
    PALM,
    PARALYSED,
    POSS_GP,
    POSS_GP_CONFUSED,
    POSS_GP_NOSWAP,
    POSS_GP_PARA,
    WAVE,
    left_of,
    mirror,
    pair,
    push,
    right_of,
)
from ._model import (
    FIRE,
    FLAGS,
    HIST,
    ICE,
    M_AMNESIA,
    M_CHARM_L,
    M_CONFUSION,
    M_FEAR,
    M_NONE,
    M_PARA_L,
    M_PARA_R,
    MIND_ON,
    MON,
    MONSTERS,
    NOBODY,
    RES_COLD,
    SHORT_USED,
)
from ._score import progress
from ._spells import (
    AREA,
    CHARM_MONSTER,
    CHARM_PERSON,
    DAMAGE,
    OTHER,
    PARALYSIS,
    REMOVE_ENCHANTMENT,
    SHORT_LIGHTNING,
    SPELL_INFO,
    SUMMON_ELEMENTAL,
)

_FEARLESS = (NOTHING, PALM, WAVE, KNIFE)
_FREE = (1, 2, 3, 4, 5, KNIFE)


def gesture_pairs(history: int, mind: int) -> tuple[int, ...]:
    """The pairs worth considering for a wizard with this history and mind spell."""
    if mind == M_NONE:
        return POSS_GP_NOSWAP if history == mirror(history) else POSS_GP
    if mind == M_AMNESIA:
        return (history & 0xFF,)
    if mind == M_CONFUSION:
        return POSS_GP_CONFUSED
    if mind == M_FEAR:
        return tuple(gp for gp in POSS_GP_PARA
                     if left_of(gp) in _FEARLESS and right_of(gp) in _FEARLESS)
    hand = LEFT if mind in (M_PARA_L, M_CHARM_L) else RIGHT
    if mind in (M_PARA_L, M_PARA_R):
        last = (history >> (4 * hand)) & 0xF
        forced = PARALYSED.get(last, last)
    else:
        forced = NOTHING
    out = []
    for free in _FREE:
        gp = pair(forced, free) if hand == LEFT else pair(free, forced)
        if gp in POSS_GP_PARA:
            out.append(gp)
    if forced == CLAP:
        out.append(pair(CLAP, CLAP))
    return tuple(out)


def _trump(spells: tuple[int, ...]) -> list[int]:
    best: dict[str, int] = {}
    for s in spells:
        aim = SPELL_INFO[s].aim
        if aim not in best or SPELL_INFO[s].rank > SPELL_INFO[best[aim]].rank:
            best[aim] = s
    return list(best.values())


def spell_options(history: int, short_used: bool, plain: bool = False) -> list[tuple]:
    """The ways to cast what a completed history offers: tuples of (spell, hand)."""
    left, right, both = (detect_plain if plain else detect)(history)
    if short_used:
        both = tuple(s for s in both if s != SHORT_LIGHTNING)
    options: list[tuple] = [((b, BOTH),) for b in both]
    lefts, rights = _trump(left), _trump(right)
    if lefts or rights or not both:
        for ls in lefts or [None]:
            for rs in rights or [None]:
                opt = tuple(x for x in ((ls, LEFT), (rs, RIGHT)) if x[0] is not None)
                options.append(opt)
    return options


@functools.lru_cache(maxsize=1 << 16)
def pair_options(history: int, mind: int, short_used: bool) -> tuple:
    """Every pair with the spell choices it allows: ((gp, (option, ...)), ...)."""
    return tuple(
        (gp, tuple(spell_options(push(history, gp), short_used)))
        for gp in gesture_pairs(history, mind)
    )


def pair_options_plain(history: int, mind: int, short_used: bool) -> tuple:
    """As :func:`pair_options`, without tables or caches (the benchmark's baseline)."""
    return tuple(
        (gp, tuple(spell_options(push(history, gp), short_used, plain=True)))
        for gp in gesture_pairs(history, mind)
    )


_USELESS_TO_PARALYSE = (PALM, WAVE, KNIFE, NOTHING)  # shields or stabs forever: leave them be


def paralysis_hand(w: tuple) -> int:
    """The hand to paralyse on wizard ``w`` (0 left, 1 right): the one already paralysed
    (the rules force it), else one that will not repeat a shield or a stab, the one
    furthest into a spell breaking the tie."""
    if w[MIND_ON] in (M_PARA_L, M_PARA_R):
        return 0 if w[MIND_ON] == M_PARA_L else 1
    history = w[HIST]

    def badness(hand: int) -> tuple[int, int]:
        last = (history >> (4 * hand)) & 0xF
        spoiled = int(last in _USELESS_TO_PARALYSE)
        return spoiled, -progress(history & (0x0F0F0F0F0F0F0F0F << (4 * hand)))

    return min((0, 1), key=badness)


def charm_hand(w: tuple) -> int:
    """The hand to take over by Charm Person: the one furthest into a spell."""
    history = w[HIST]
    return max((0, 1), key=lambda hand: progress(
        history & (0x0F0F0F0F0F0F0F0F << (4 * hand))))


def _targets(spell: int, mover: int, flags: int, enemies: tuple) -> list[tuple[int, int, int]]:
    info = SPELL_INFO[spell]
    if info.aim == AREA:
        return [(spell, NOBODY, 0)]
    if spell == SUMMON_ELEMENTAL:
        return [(spell, mover, ICE if flags & RES_COLD else FIRE)]
    if spell == REMOVE_ENCHANTMENT:
        return [(spell, mover, 0)] + [
            (spell, MONSTERS + e[0], 0) for e in enemies if e[1]
        ]
    if info.aim != OTHER:
        return [(spell, mover, 0)]
    if spell == CHARM_MONSTER:
        out = [(spell, MONSTERS + e[0], 0) for e in enemies if e[1]]
        return out or [(spell, NOBODY, 0)]
    out = []
    for e, has_monsters, *hands in enemies:
        if spell == PARALYSIS:
            out.append((spell, e, hands[0]))
        elif spell == CHARM_PERSON:
            out.append((spell, e, hands[1]))
        else:
            out.append((spell, e, 0))
            if has_monsters and spell in DAMAGE:
                out.append((spell, MONSTERS + e, 0))
    return out or [(spell, NOBODY, 0)]


def _expand(gp: int, option: tuple, mover: int, flags: int, enemies: tuple) -> list[tuple]:
    casts: list[tuple] = [()]
    for spell, _hand in option:
        casts = [c + (t,) for c in casts for t in _targets(spell, mover, flags, enemies)]
    return [(gp, c) for c in casts]


_MOVES: dict[tuple, list[tuple]] = {}


def _rank(move: tuple) -> int:
    return sum(SPELL_INFO[c[0]].rank for c in move[1])


def generate(wizards: tuple, mover: int, enemies: tuple[int, ...], plain: bool = False) -> list:
    """The moves of ``wizards[mover]`` against ``enemies``, spell-completing moves first."""
    w = wizards[mover]
    sig = tuple((e, wizards[e][MON] > 0, paralysis_hand(wizards[e]), charm_hand(wizards[e]))
                for e in enemies)
    short = bool(w[FLAGS] & SHORT_USED)
    key = (w[HIST], w[MIND_ON], short, w[FLAGS] & RES_COLD, mover, sig)
    if not plain:
        found = _MOVES.get(key)
        if found is not None:
            return found
    options = (pair_options_plain if plain else pair_options)(w[HIST], w[MIND_ON], short)
    moves = []
    for gp, opts in options:
        for opt in opts:
            moves += _expand(gp, opt, mover, w[FLAGS], sig)
    if plain:
        return moves
    moves.sort(key=_rank, reverse=True)
    if len(_MOVES) > 200_000:
        _MOVES.clear()
    _MOVES[key] = moves
    return moves
