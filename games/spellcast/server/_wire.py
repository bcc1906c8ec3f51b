"""How engine questions and events become protocol lines, and answers become choices.

The lithium protocol has codes for the common questions (341 spell choice, 345 target,
335 monster target) and a generic "sub question" form (``XX1 <hand>$<spell>.<what>``) that
it used for the paralysed hand; every other question the rules need (charm hand and
gesture, elemental type, Delayed Effect, Permanency) goes out in that generic form under
the engine's question id. Everything here is pure: no sockets, no state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games.spellcast import Event, EventKind, Question, QuestionKind, spell_by_slug

__all__ = ["AnswerError", "event_lines", "match_answers", "question_lines", "wire_id"]

_HANDS = ("left", "right", "both")
#: Sub-question names in the lithium form ``<hand>$<spell>.<name>``.
_SUB_NAMES = {
    QuestionKind.PARALYSIS_HAND: "hand",
    QuestionKind.CHARM_HAND: "hand",
    QuestionKind.ELEMENTAL: "element",
}


class AnswerError(ValueError):
    """An ANSWER that names no open question or offers a choice it doesn't allow."""


def wire_id(question: Question) -> str:
    """The token a client names ``question`` by in ``ANSWER <token> <choice>``."""
    kind = question.kind
    if kind in (QuestionKind.SPELL, QuestionKind.TARGET) and question.hand:
        return question.hand
    if kind is QuestionKind.MONSTER_TARGET and question.id == f"monster:{question.subject}":
        return question.subject  # lithium: "ANSWER <monster-id> <target>"
    if kind in _SUB_NAMES and question.hand and question.spell:
        return f"{question.hand}${question.spell}.{_SUB_NAMES[kind]}"
    return question.id


def question_lines(
    round_id: str, questions: Sequence[Question], visible: Callable[[str], str]
) -> list[str]:
    """The 340..349 block asking ``questions`` (one wizard's open ones).

    Per hand the spell choice (341) comes before anything else about that hand, as lithium
    does; ``visible`` names a target for the 346/336 lines.
    """
    lines = [f"340 {round_id} :Questions"]
    ordered = sorted(questions, key=_presentation_order)
    for q in ordered:
        token = wire_id(q)
        if q.kind is QuestionKind.SPELL:
            lines.append(f"341 {token} :Cast which spell with {token} hand")
            lines += [f"342 {token} {c} :{_spell_name(c)}" for c in q.choices]
            lines.append("343 :End of spells")
        elif q.kind is QuestionKind.TARGET:
            lines.append(f"345 {token} {q.spell or 'spell'} :Which target for {token} hand")
            lines += [f"346 {token} {c} :{visible(c)}" for c in q.choices]
            lines.append("347 :End of targets")
        elif q.kind is QuestionKind.MONSTER_TARGET:
            lines.append(f"335 {token} :Which target should monster attack")
            lines += [f"336 {token} {c} :{visible(c)}" for c in q.choices]
            lines.append("337 :End of monster targets")
        else:
            lines.append(f"XX1 {token} :{q.text or 'answer sub question'}")
            lines += [f"XX2 {token} {c}" for c in q.choices]
            lines.append("XX3 :end of sub question ")
    lines.append("349 :End of Questions")
    return lines


def _presentation_order(q: Question) -> tuple[int, int]:
    hand = _HANDS.index(q.hand) if q.hand in _HANDS else len(_HANDS)
    if q.kind is QuestionKind.SPELL:
        rank = 0
    elif q.kind is QuestionKind.TARGET:
        rank = 2
    elif q.kind is QuestionKind.MONSTER_TARGET:
        rank = 3
    else:
        rank = 1
    return (hand, rank)


def _is_spell(slug: str) -> bool:
    try:
        return spell_by_slug(slug).is_spell
    except LookupError:
        return False


def _untargeted(slug: str) -> str:
    """What a cast without a target was aimed at: everyone for the storms (area spells),
    else nobody (the spell was shot off harmlessly)."""
    try:
        return "everyone" if spell_by_slug(slug).target == "area" else "nobody"
    except LookupError:
        return "nobody"


def _spell_name(slug: str) -> str:
    return slug.replace("-", " ").title()


def _norm(text: str) -> str:
    return text.lower().replace("-", "").replace("_", "")


def match_answers(
    tokens: Sequence[str], questions: Sequence[Question]
) -> list[tuple[Question, str]]:
    """The (question, choice) pairs an ``ANSWER`` line's arguments mean.

    Accepts ``<token> <choice>``, lithium's two-pair form ``<token> <a> <token> <b>``, and
    (our extension) any number of pairs, so a client can answer a whole block in one line.
    A hand token names that hand's spell choice if one is open, else its target. ``both``
    where no two-handed question is open answers each hand's question (lithium labelled a
    spell "both" whenever the two hands made the same last gesture; a client written for
    it answers that way). Spell choices match without case or hyphens (lithium wrote
    ``counterspell``, we write ``counter-spell``). Raises AnswerError.
    """
    if not tokens or len(tokens) % 2:
        raise AnswerError("expected ANSWER <question> <choice> [<question> <choice>]...")
    pairs: list[tuple[Question, str]] = []
    for token, choice in zip(tokens[::2], tokens[1::2], strict=True):
        for question in _questions_named(token, questions):
            picked = _choice(question, choice)
            if picked is not None:
                pairs.append((question, picked))
            elif token != "both" or any(q.hand == "both" for q in questions):
                raise AnswerError(f"{choice!r} is not a choice for {token}")
        if not pairs:
            raise AnswerError(f"no open question {token!r} takes {choice!r}")
    return pairs


def _questions_named(token: str, questions: Sequence[Question]) -> list[Question]:
    exact = [q for q in questions if wire_id(q) == token or q.id == token]
    if token in _HANDS:
        spell = [q for q in exact if q.kind is QuestionKind.SPELL]
        if spell:
            return spell[:1]
        if exact:
            return exact[:1]
        if token == "both":
            found: list[Question] = []
            for hand in ("left", "right"):
                found += _questions_named(hand, questions)
            return found
        return []
    if exact:
        return exact[:1]
    if "$" in token:  # <hand>$<spell>.<what> with our slug spelled lithium's way
        hand, _, rest = token.partition("$")
        spell = rest.partition(".")[0]
        return [
            q
            for q in questions
            if q.hand == hand
            and q.spell
            and _norm(q.spell) == _norm(spell)
            and q.kind not in (QuestionKind.SPELL, QuestionKind.TARGET)
        ][:1]
    raise AnswerError(f"no open question {token!r}")


def _choice(question: Question, choice: str) -> str | None:
    for option in question.choices:
        if option.lower() == choice.lower():
            return option
    if question.kind is QuestionKind.SPELL:
        for option in question.choices:
            if _norm(option) == _norm(choice):
                return option
    return None


def event_lines(event: Event, visible: Callable[[str], str]) -> Iterable[str]:
    """The protocol lines reporting one resolution event (none for deferred kinds).

    Missing fields are written ``-`` so every line keeps its shape. ``EXPIRES`` and
    ``MATCH_OVER`` are not here: the table holds expiries back to the next round's start
    (355 carries the new round's id, as lithium sends it) and writes the end itself.
    """
    kind, text = event.kind, event.text
    actor, target = event.actor or "-", event.target or "-"
    spell, hand = event.spell or "-", event.hand or "-"
    if kind is EventKind.CAST:
        at = event.target or _untargeted(spell)
        if spell == "stab":
            yield f"352 {actor} STABS {at} WITH {hand} :{text}"
        else:
            yield f"351 {actor} CASTS {spell} AT {at} WITH {hand}"
    elif kind is EventKind.SURRENDER:
        yield f"354 {actor} SURRENDERS :{text}"
    elif kind is EventKind.BLOCKED:
        # lithium: "353 <the one protected> BLOCKS <the attacker> :how"
        yield f"353 {actor} BLOCKS {event.target or spell} :{text}"
    elif kind is EventKind.FIZZLE:
        yield f"356 {actor} {spell} {target} :{text}"
    elif kind is EventKind.REFLECTED:
        yield f"359 {actor} {spell} {target} :{text}"
    elif kind is EventKind.EFFECT:
        yield f"357 {actor} {spell} {target} :{text}"
    elif kind in (EventKind.DAMAGE, EventKind.HEAL) and _is_spell(spell) and actor != "-":
        # A spell's damage or healing is its success line, as lithium reports it.
        yield f"357 {actor} {spell} {target} :{text}"
    elif kind is EventKind.DAMAGE:
        yield f"358 {event.target or actor} -{event.amount or 0} :{text}"
    elif kind is EventKind.HEAL:
        yield f"358 {event.target or actor} +{event.amount or 0} :{text}"
    elif kind is EventKind.SUMMON:
        yield f"361 {target} {actor} :{text}"
    elif kind is EventKind.ATTACK:
        yield f"352 {actor} ATTACKS {target} :{text}"
    elif kind is EventKind.MONSTER_DIES:
        yield f"360 {event.actor or target} :{text}"
    elif kind is EventKind.DIES:
        yield f"380 {event.actor or target} :dies"
