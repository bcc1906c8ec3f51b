"""Answering the server's questions once everyone's gestures are known.

At question time this turn's gestures are on the table, so the best spell choices
and targets are found by a one-turn look-ahead in Becky's model: every way of
casting what our hands completed, against what the opponents' hands completed
(their most likely casts, aimed at us), scored statically. The winning casts give
the answers (spell per hand, target, paralysis or charm hand); questions the model
has nothing to say about get rules of thumb (an elemental of a type we resist,
monsters at the weakest enemy, a charmed hand made to do nothing).
"""

from __future__ import annotations

import random

import attrs

from ._model import FLAGS, HIST, HP, MON, MONSTERS, NOBODY, SHORT_USED, apply
from ._moves import _expand, charm_hand, paralysis_hand, spell_options
from ._score import static_score
from ._search import terminal
from ._seen import Seen, to_position
from ._spells import OTHER, SLUGS, SPELL_INFO


@attrs.frozen(slots=True)
class Ask:
    """A question in the agent's terms (from ``protocols.spellcast.QuestionView``)."""

    id: str
    kind: str
    choices: tuple[str, ...]
    hand: str | None = None
    spell: str | None = None
    prompt: str = ""


def _their_move(wizards: tuple, i: int) -> tuple:
    w = wizards[i]
    options = spell_options(w[HIST], bool(w[FLAGS] & SHORT_USED))
    best = max(options, key=lambda o: sum(SPELL_INFO[s].rank for s, _h in o), default=())
    casts = []
    for spell, _hand in best:
        aim = SPELL_INFO[spell].aim
        casts.append((spell, 0 if aim == OTHER else (NOBODY if aim == "area" else i), 0))
    return (w[HIST] & 0xFF, tuple(casts))


def plan_casts(seen: Seen) -> tuple[tuple, tuple[str, ...]]:
    """Our best casts for this turn's (already made) gestures, and the index->name order."""
    state = to_position(seen)
    order = seen.order()
    wizards, elem = state
    before = (tuple(w[:HIST] + (w[HIST] >> 8,) + w[HIST + 1:] for w in wizards), elem)
    me = wizards[0]
    enemies = tuple((e, wizards[e][MON] > 0, paralysis_hand(wizards[e]),
                     charm_hand(wizards[e]))
                    for e in range(1, len(wizards)) if wizards[e][HP] > 0)
    moves: list[tuple | None] = [None] + [
        _their_move(wizards, i) if wizards[i][HP] > 0 else None for i in range(1, len(wizards))
    ]
    best, best_value = (), None
    gp = me[HIST] & 0xFF
    for option in spell_options(me[HIST], bool(me[FLAGS] & SHORT_USED)):
        for move in _expand(gp, option, 0, me[FLAGS], enemies):
            moves[0] = move
            after = apply(before, tuple(moves))
            v = terminal(after, 0)
            if v is None:
                v = static_score(after)
            if best_value is None or v > best_value:
                best, best_value = move[1], v
    return best, order


def choose_answers(seen: Seen, asks: tuple[Ask, ...], rng: random.Random) -> tuple[
        tuple[tuple[str, str], ...], str]:
    """(question id, choice) for every open question, and a one-line reason."""
    casts, order = plan_casts(seen)
    me = seen.wizard(seen.me)
    enemies = [w for w in seen.wizards if w.name != seen.me and w.alive]
    weakest = min(enemies, key=lambda w: w.hp).name if enemies else seen.me
    slug_of = _slug_table()
    planned = {}
    for spell, target, extra in casts:
        planned.setdefault(slug_of[spell], (spell, target, extra))
    answers: list[tuple[str, str]] = []
    for ask in asks:
        answers.append((ask.id, _answer(ask, seen, planned, order, weakest, me.name, rng)))
    plan = ", ".join(f"{SPELL_INFO[s].name}->{_name(t, order, seen)}" for s, t, _x in casts)
    return tuple(answers), f"answers by one-turn look-ahead: {plan or 'nothing to cast'}"


def _name(target: int, order: tuple[str, ...], seen: Seen) -> str:
    if target == NOBODY:
        return "nobody"
    if target >= MONSTERS:
        owner = order[target - MONSTERS]
        mine = [m for m in seen.monsters if m.owner == owner and m.hp > 0
                and "elemental" not in m.kind]
        return max(mine, key=lambda m: m.hp).id if mine else owner
    return order[target]


def _answer(ask: Ask, seen: Seen, planned: dict, order: tuple[str, ...], weakest: str,
            me: str, rng: random.Random) -> str:
    choices = ask.choices
    if not choices:
        return ""
    if ask.kind == "spell":
        wanted = [c for c in choices if c in planned]
        if wanted:
            return max(wanted, key=lambda c: SPELL_INFO[planned[c][0]].rank)
        return max(choices, key=_rank_of_slug)
    if ask.kind == "target":
        plan = planned.get(ask.spell or "")
        if plan is not None:
            name = _name(plan[1], order, seen)
            if name in choices:
                return name
        aim = _aim_of_slug(ask.spell or "")
        preferred = weakest if aim == OTHER else me
        if preferred in choices:
            return preferred
        others = [c for c in choices if c != me and c != "nobody"]
        return others[0] if aim == OTHER and others else choices[0]
    if ask.kind == "monster":
        if weakest in choices and weakest != me:
            return weakest
        others = [c for c in choices if c != me]
        return others[0] if others else choices[0]
    text = f"{ask.id} {ask.prompt}".lower()
    if "hand" in text and {"left", "right"} <= set(choices):
        spell = "paralysis" if "paral" in text else "charm-person"
        plan = planned.get(spell)
        hand = "right" if plan is not None and plan[2] else "left"
        return hand
    if "elemental" in text and {"fire", "ice"} <= set(choices):
        resist_cold = any(name == "resist-cold" for name, _t in seen.wizard(me).effects)
        return "ice" if resist_cold else "fire"
    if "_" in choices:
        return "_"
    if "no" in choices:
        return "no"
    return rng.choice(choices)


def _slug_table() -> dict[int, str]:
    return SLUGS


def _rank_of_slug(slug: str) -> int:
    ranks = [SPELL_INFO[s].rank for s, v in _slug_table().items() if v == slug]
    return max(ranks, default=0)


def _aim_of_slug(slug: str) -> str:
    for s, v in _slug_table().items():
        if v == slug:
            return SPELL_INFO[s].aim
    return OTHER

