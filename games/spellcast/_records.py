"""The frozen records the engine hands out: questions, events and views.

Everything here is immutable and built from tuples, so a server or an adapter may keep,
compare, hash or serialise it freely. The mutable match state lives in ``_state``.
"""

from __future__ import annotations

import enum

import attrs

__all__ = [
    "Event",
    "EventKind",
    "MatchView",
    "MonsterView",
    "Outcome",
    "Question",
    "QuestionKind",
    "TurnKind",
    "WizardView",
]


class TurnKind(enum.Enum):
    """Who moves this turn: everyone, only hasted wizards, or only time-stopped ones."""

    NORMAL = "normal"
    HASTE = "haste"
    TIME_STOP = "time-stop"


class Outcome(enum.Enum):
    """How a match ended (``None`` from :attr:`Match.outcome` while it runs)."""

    WIN = "win"
    #: Simultaneous deaths, mutual surrender, or everyone gone at once.
    DRAW = "draw"


class QuestionKind(enum.Enum):
    """What a question decides. Answers are always strings from ``Question.choices``."""

    #: A charmer picks the gesture of the charmed wizard's hand (asked before spells are found).
    CHARM_GESTURE = "charm-gesture"
    #: Which spell a hand casts when its gestures complete several (choices: spell slugs).
    SPELL = "spell"
    #: Release the banked spell this turn? (``yes`` / ``no``)
    DELAY_RELEASE = "delay-release"
    #: Which spell of this turn to bank (Delayed Effect) or extend (Permanency): hand names.
    DELAY_BANK = "delay-bank"
    PERMANENCY = "permanency"
    #: Target of a cast spell or of a stab (wizard names, monster ids, corpses, ``nobody``).
    TARGET = "target"
    #: Which hand of the target wizard to paralyse (``left`` / ``right``).
    PARALYSIS_HAND = "paralysis-hand"
    #: Which hand of the target wizard to charm (``left`` / ``right``).
    CHARM_HAND = "charm-hand"
    #: Summon Elemental's subject picks ``fire`` or ``ice``.
    ELEMENTAL = "elemental"
    #: A monster's owner picks its victim.
    MONSTER_TARGET = "monster-target"


@attrs.frozen(slots=True)
class Question:
    """One decision a wizard owes before the turn resolves.

    ``id`` is unique within the turn and stable while the turn lasts (``left:target``,
    ``right:paralysis-hand``, ``monster:goblin-1``, ``charm:bob:left``); pass it back to
    :meth:`Match.answer`. ``hand`` is ``left``/``right``/``both`` when the question is about a
    hand's spell (``both`` for a two-handed spell), else ``None``. ``spell`` is the slug of the
    spell concerned (``stab`` for a stab), if any. ``subject`` names the wizard or monster the
    question is about (the charmed wizard, the monster), if any. ``default`` is used when the
    question is left unanswered at :meth:`Match.resolve`.
    """

    id: str
    wizard: str
    kind: QuestionKind
    choices: tuple[str, ...]
    default: str
    text: str
    hand: str | None = None
    spell: str | None = None
    subject: str | None = None


class EventKind(enum.Enum):
    """What an event reports; the server maps these to protocol lines (codes in brackets)."""

    #: A wizard casts a spell (or stabs) at a target with a hand [351/352].
    CAST = "cast"
    #: A wizard surrenders [no lithium code].
    SURRENDER = "surrender"
    #: A shield (or shield effect) blocks a stab, missile or monster attack [353].
    BLOCKED = "blocked"
    #: A spell fails: countered, dispelled, goes wild, cancelled, reflected into nothing [356].
    FIZZLE = "fizzle"
    #: A spell is reflected by a magic mirror (actor = mirror subject, target = new target).
    REFLECTED = "reflected"
    #: A spell takes effect [357].
    EFFECT = "effect"
    #: A being loses hit points (amount > 0).
    DAMAGE = "damage"
    #: A being regains hit points (amount > 0).
    HEAL = "heal"
    #: A monster appears (actor = owner, target = monster id).
    SUMMON = "summon"
    #: A monster attacks (actor = monster id, target = victim, amount = damage before shields).
    ATTACK = "attack"
    #: A monster is destroyed or dies [360 when dispelled].
    MONSTER_DIES = "monster-dies"
    #: An enchantment ends (expiry or removal) [355].
    EXPIRES = "expires"
    #: A wizard dies [380].
    DIES = "dies"
    #: The match ends (text says who won or that it is a draw) [390/391].
    MATCH_OVER = "match-over"


@attrs.frozen(slots=True)
class Event:
    """One thing that happened during :meth:`Match.resolve`, in resolution order.

    ``actor`` is the caster / attacker / affected being, ``target`` the subject, ``spell`` a
    slug (or ``stab``), ``hand`` ``left``/``right``/``both``, ``amount`` hit points.
    ``text`` is a human-readable sentence. ``visible_to`` is ``None`` when everyone sees the
    event, else the names of the wizards who do; the engine currently always sets ``None``
    (as Plotkin, who hides a time-stopped wizard's gestures but reports what they do).
    """

    kind: EventKind
    text: str
    actor: str | None = None
    target: str | None = None
    spell: str | None = None
    hand: str | None = None
    amount: int | None = None
    visible_to: tuple[str, ...] | None = None


@attrs.frozen(slots=True)
class WizardView:
    """A wizard as one viewer sees him.

    ``left``/``right`` are gesture histories, one character per gesture the wizard made,
    oldest first (lengths differ once haste, time stop or death intervened):
    ``PDFWSCK_`` as made, ``?`` when the viewer could not see it (blind viewer, invisible
    wizard, time stop). The two hands made a "both hands" gesture on a turn when
    ``left[i] == right[i]``. ``barrier`` is the number of leading gestures that can no longer
    be part of a spell (Anti-Spell; 0 if none). ``effects`` are ``(name, turns_left)`` pairs,
    ``-1`` for permanent; names: ``protection-from-evil``, ``invisibility``, ``blindness``,
    ``resist-heat``, ``resist-cold``, ``disease`` and ``poison`` (turns until death),
    ``haste``, ``time-stop``, ``amnesia``, ``confusion``, ``fear``, ``paralysis-left``/``-right``,
    ``charm-left``/``-right``, ``charmed`` (a monster), ``delayed-effect``, ``banked``,
    ``permanency``. Everyone sees everyone's effects (as Plotkin's status window shows them).
    """

    name: str
    hp: int
    max_hp: int
    alive: bool
    surrendered: bool
    left: str
    right: str
    barrier: int
    effects: tuple[tuple[str, int], ...]


@attrs.frozen(slots=True)
class MonsterView:
    """A monster: ``id`` like ``goblin-1`` / ``fire-elemental-3``; ``owner`` may be ``None``."""

    id: str
    kind: str
    hp: int
    max_hp: int
    damage: int
    owner: str | None
    alive: bool
    effects: tuple[tuple[str, int], ...]


@attrs.frozen(slots=True)
class MatchView:
    """Everything ``viewer`` may know at the start of a turn (what an agent is given).

    ``turn`` counts resolved turns + 1. ``movers`` are the wizards who gesture this turn.
    ``wizards`` lists every wizard (the viewer included) in seating order; ``monsters`` every
    living monster and every corpse that may still be raised (``alive`` False).
    ``paralysed_hand`` / ``charmed_hand``: the viewer's hand that will be overridden this
    turn (``left``/``right``/``None``); ``fear``, ``amnesia``, ``confusion``: the viewer is
    under that spell this turn.
    """

    viewer: str
    turn: int
    turn_kind: TurnKind
    movers: tuple[str, ...]
    wizards: tuple[WizardView, ...]
    monsters: tuple[MonsterView, ...]
    paralysed_hand: str | None
    charmed_hand: str | None
    fear: bool
    amnesia: bool
    confusion: bool
    over: bool
    winner: str | None
