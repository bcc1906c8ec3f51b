"""Becky's compact model of a Spellcast position and its state transition (Becky §3.2).

A position is ``(wizards, elemental)``: a tuple of wizard tuples (fields below)
and one int for the elemental (type * 8 + hit points; 0 when there is none).
Everything is a tuple of ints, so positions hash cheaply for the transposition
table. Monsters are aggregated per owner into one pool of hit points, which is
also the damage the pool deals per turn (true of goblin, ogre, troll and giant,
Becky §5.2).

:func:`apply` resolves one turn in the order of the rules notes (counters and
mirrors, routing, summons and storms, cancellations, protections, enchantments,
attacks, heals, monster attacks, passing time). It is a model for search, not the
referee: monster targets are guessed (an opponent's monsters attack us, ours the
weakest opponent), charm person is modelled as the charmed hand doing nothing, and
elementals are one shared pool.
"""

from __future__ import annotations

from ._gestures import push
from ._spells import (
    AMNESIA,
    ANTI_SPELL,
    BLINDNESS,
    CAUSE_HEAVY,
    CAUSE_LIGHT,
    CHARM_MONSTER,
    CHARM_PERSON,
    CONFUSION,
    COUNTER_SPELL,
    COUNTER_SPELL_2,
    CURE_HEAVY,
    CURE_LIGHT,
    DISEASE,
    DISPEL_MAGIC,
    FEAR,
    FINGER_OF_DEATH,
    FIRE_STORM,
    FIREBALL,
    ICE_STORM,
    INVISIBILITY,
    LIGHTNING_BOLT,
    MAGIC_MIRROR,
    MIND,
    MIRRORABLE,
    MISSILE,
    PARALYSIS,
    POISON,
    PROTECTION,
    RAISE_DEAD,
    REMOVE_ENCHANTMENT,
    RESIST_COLD,
    RESIST_HEAT,
    SHIELD,
    SHORT_LIGHTNING,
    STAB,
    SUMMON_ELEMENTAL,
    SUMMONS,
)

# Wizard tuple fields.
HP, HIST, MON, PFE, DIS, POI, BLIND, INVIS, FLAGS, MIND_ON = range(10)
# FLAGS bits.
RES_HEAT, RES_COLD, SHORT_USED = 1, 2, 4
# MIND_ON: the mind spell constraining the coming turn.
M_NONE, M_AMNESIA, M_CONFUSION, M_FEAR, M_PARA_L, M_PARA_R, M_CHARM_L, M_CHARM_R = range(8)
FIRE, ICE = 1, 2
#: Targets at or above this are a monster pool: ``MONSTERS + owner``.
MONSTERS = 16
NOBODY = -1
MAX_HP = 15
DEAD = -100

_COUNTERS = (COUNTER_SPELL, COUNTER_SPELL_2)
_SKIP_ROUTE = frozenset({COUNTER_SPELL, COUNTER_SPELL_2, MAGIC_MIRROR, DISPEL_MAGIC})
_STORMS = (FIRE_STORM, ICE_STORM)
_MIND_CODE = {AMNESIA: M_AMNESIA, CONFUSION: M_CONFUSION, FEAR: M_FEAR}
_FLAT = {MISSILE: 1, STAB: 1, CAUSE_LIGHT: 2, CAUSE_HEAVY: 3, LIGHTNING_BOLT: 5,
         SHORT_LIGHTNING: 5, FIREBALL: 5}
_SHIELDABLE = frozenset({MISSILE, STAB})


def wizard(hp: int = MAX_HP, history: int = 0, monsters: int = 0, pfe: int = 0,
           disease: int = 0, poison: int = 0, blind: int = 0, invisible: int = 0,
           flags: int = 0, mind: int = M_NONE) -> tuple[int, ...]:
    """A wizard tuple with keyword defaults (fresh wizard)."""
    return (hp, history, monsters, pfe, disease, poison, blind, invisible, flags, mind)


def position(*wizards: tuple[int, ...], elemental: int = 0) -> tuple:
    """A position; wizard 0 is the one searching ("us")."""
    return (tuple(wizards), elemental)


def alive(w: tuple[int, ...]) -> bool:
    return w[HP] > 0


def apply(state: tuple, moves: tuple) -> tuple:
    """The position after one turn; ``moves[i]`` is wizard i's move or None (no gestures).

    A move is ``(gesture_pair, casts)`` with casts ``((spell, target, extra), ...)``;
    extra is the hand for Paralysis and Charm Person, the type for an elemental.
    """
    wizards, elem = state
    n = len(wizards)
    hp = [w[HP] for w in wizards]
    hist = [w[HIST] for w in wizards]
    mon = [w[MON] for w in wizards]
    pfe = [w[PFE] for w in wizards]
    dis = [w[DIS] for w in wizards]
    poi = [w[POI] for w in wizards]
    blind = [w[BLIND] for w in wizards]
    invis = [w[INVIS] for w in wizards]
    flags = [w[FLAGS] for w in wizards]
    mind = [M_NONE] * n
    shield = [p > 0 for p in pfe]
    new_pfe = [max(p - 1, 0) for p in pfe]
    new_blind = [max(b - 1, 0) for b in blind]
    new_invis = [max(v - 1, 0) for v in invis]
    casts = []
    for i in range(n):
        mv = moves[i]
        if mv is None:
            continue
        hist[i] = push(hist[i], mv[0])
        for c in mv[1]:
            casts.append((i, c[0], c[1], c[2]))

    live = []
    dispel = False
    if casts:
        for c in casts:
            if c[1] == DISPEL_MAGIC:
                dispel = True
                if 0 <= c[2] < n:
                    shield[c[2]] = True
        if dispel:
            live = [c for c in casts if c[1] == STAB]
        else:
            countered = [False] * n
            mirrored = [False] * n
            for c in casts:
                if c[1] in _COUNTERS and 0 <= c[2] < n:
                    countered[c[2]] = shield[c[2]] = True
            for c in casts:
                if c[1] == MAGIC_MIRROR and 0 <= c[2] < n and not countered[c[2]]:
                    mirrored[c[2]] = True
            for c in casts:
                caster, s, t, x = c
                if s in _SKIP_ROUTE:
                    continue
                if s in _STORMS:
                    live.append(c)
                    continue
                if t < 0:
                    continue
                if t >= MONSTERS:
                    if not blind[caster]:
                        live.append(c)
                    continue
                if t != caster:
                    if blind[caster] or invis[t]:
                        continue
                    if s == STAB:
                        live.append(c)
                        continue
                    if countered[t] and s != FINGER_OF_DEATH:
                        continue
                    if mirrored[t] and s in MIRRORABLE:
                        if mirrored[caster] or (countered[caster] and s != FINGER_OF_DEATH):
                            continue
                        c = (caster, s, caster, x)
                elif countered[t] and s != FINGER_OF_DEATH:
                    continue
                live.append(c)

    damage = [0] * n
    heal = [0] * n
    killed = [False] * n
    anti = [False] * n
    remove = [False] * n
    mon_after = [0] * n  # pool hit points destroyed after the monsters attack
    fire = ice = False
    if live:
        fod: list[int] = []
        raised: list[int] = []
        minds: dict[int, list[tuple[int, int]]] = {}
        fireballed: list[int] = []
        for _caster, s, t, x in live:
            if s in SUMMONS:
                if 0 <= t < n:
                    mon[t] += SUMMONS[s]
            elif s == SUMMON_ELEMENTAL:
                kind = x or FIRE
                if elem == 0 or elem >> 3 == kind:
                    elem = kind * 8 + 3
                else:
                    elem = 0
            elif s == FIRE_STORM:
                fire = True
            elif s == ICE_STORM:
                ice = True
            elif s == FINGER_OF_DEATH:
                fod.append(t)
            elif s == RAISE_DEAD:
                raised.append(t)
            elif s in MIND:
                minds.setdefault(t, []).append((s, x))
            elif s == FIREBALL:
                fireballed.append(t)
        # storms against each other and the elemental
        if fire and ice:
            fire = ice = False
            elem = 0
        elif fire and elem:
            fire = elem >> 3 == FIRE
            elem = 0
        elif ice and elem:
            ice = elem >> 3 == ICE
            elem = 0
        for _caster, s, t, _x in live:
            if (s == SHIELD or s == PROTECTION) and 0 <= t < n:
                shield[t] = True
        for caster, s, t, _x in live:
            if s == CAUSE_LIGHT or s == CAUSE_HEAVY or s == MISSILE or s == STAB \
                    or s == LIGHTNING_BOLT or s == SHORT_LIGHTNING or s == FIREBALL:
                if s == SHORT_LIGHTNING:
                    if flags[caster] & SHORT_USED:
                        continue
                    flags[caster] |= SHORT_USED
                amount = _FLAT[s]
                if t >= MONSTERS:
                    mon_after[t - MONSTERS] += amount
                    continue
                if s in _SHIELDABLE and shield[t]:
                    continue
                if s == FIREBALL and (flags[t] & RES_HEAT or ice):
                    continue
                damage[t] += amount
            elif s == CURE_LIGHT:
                heal[t] += 1
            elif s == CURE_HEAVY:
                heal[t] += 2
                dis[t] = 0
            elif s == RAISE_DEAD:
                if t not in fod:
                    heal[t] += 5
            elif s == FINGER_OF_DEATH:
                if t not in raised and 0 <= t < n:
                    killed[t] = True
            elif s == RESIST_HEAT:
                flags[t] |= RES_HEAT
            elif s == RESIST_COLD:
                flags[t] |= RES_COLD
            elif s == PROTECTION:
                new_pfe[t] = 3
            elif s == DISEASE:
                if not dis[t]:
                    dis[t] = 6
            elif s == POISON:
                if not poi[t]:
                    poi[t] = 6
            elif s == BLINDNESS:
                new_blind[t] = 3
            elif s == INVISIBILITY:
                new_invis[t] = 3
            elif s == ANTI_SPELL:
                anti[t] = True
            elif s == REMOVE_ENCHANTMENT:
                if t >= MONSTERS:
                    mon_after[t - MONSTERS] += 4
                else:
                    remove[t] = True
        for t, spells in minds.items():
            if len(spells) != 1:
                continue
            s, x = spells[0]
            if t >= MONSTERS:
                if s == CHARM_MONSTER:
                    owner = t - MONSTERS
                    caster = next(c[0] for c in live if c[1] == s and c[2] == t)
                    mon[caster] += mon[owner]
                    mon[owner] = 0
                continue
            if s == PARALYSIS:
                mind[t] = M_PARA_R if x else M_PARA_L
            elif s == CHARM_PERSON:
                mind[t] = M_CHARM_R if x else M_CHARM_L
            elif s != CHARM_MONSTER:
                mind[t] = _MIND_CODE[s]
        if fire or ice:
            for t in range(n):
                if countered_or_dispelled(t, casts) or t in fireballed and ice:
                    continue
                if fire and flags[t] & RES_HEAT or ice and flags[t] & RES_COLD:
                    continue
                damage[t] += 5
            for t in range(n):
                if mon[t]:
                    mon_after[t] += 5
    if dispel:
        for t in range(n):
            remove[t] = True
    for t in range(n):
        if remove[t]:
            new_pfe[t] = dis[t] = poi[t] = new_blind[t] = new_invis[t] = 0
            flags[t] &= ~(RES_HEAT | RES_COLD)
            mind[t] = M_NONE
            anti[t] = False

    # monsters attack (after spells): an opponent's pool attacks us, ours the weakest
    if any(mon) or elem:
        for o in range(n):
            if mon[o] <= 0:
                continue
            if o == 0:
                target = -1
                for t in range(1, n):
                    if hp[t] > 0 and not invis[t] and (target < 0 or hp[t] < hp[target]):
                        target = t
            else:
                target = 0
            if target >= 0 and not shield[target] and not invis[target]:
                damage[target] += mon[o]
        if elem:
            resist = RES_HEAT if elem >> 3 == FIRE else RES_COLD
            for t in range(n):
                if not shield[t] and not flags[t] & resist:
                    damage[t] += 3
                if mon[t]:
                    mon_after[t] += 3
    if dispel:
        mon = [0] * n
        elem = 0
    else:
        for t in range(n):
            if mon_after[t]:
                mon[t] = max(mon[t] - mon_after[t], 0)

    out = []
    for t in range(n):
        h = hp[t]
        if h > 0:
            h -= damage[t]
            if heal[t]:
                h = min(h + heal[t], MAX_HP)
            if killed[t]:
                h = DEAD
            d, p = dis[t], poi[t]
            if d:
                d -= 1
                if not d:
                    h = DEAD
            if p:
                p -= 1
                if not p:
                    h = DEAD
        else:
            d = p = 0
        out.append((h, 0 if anti[t] else hist[t], mon[t], new_pfe[t], d, p,
                    new_blind[t], new_invis[t], flags[t], mind[t]))
    return (tuple(out), elem)


def countered_or_dispelled(t: int, casts: list) -> bool:
    """Whether a Counter-Spell was cast at wizard t (storms pass it by)."""
    for c in casts:
        if c[1] in _COUNTERS and c[2] == t:
            return True
    return False
