"""What a Spellcast player sees and does, as messages the codec can carry.

Everything in a :class:`TurnView` comes from the server's lines, nothing from the engine:
an agent knows what a person at a telnet prompt could know (and remember). Gesture
histories follow the engine's convention: one character per gesture, oldest first,
``PDFWSCK_`` as made and ``?`` where the server showed ``*`` (unseen); the two hands made
the same gesture on a turn exactly when ``left[i] == right[i]``.
"""

from __future__ import annotations

from runtime import message

#: Decision points a TurnView can stand for.
PHASES = ("gestures", "questions", "over")


@message("spellcast.wizard_state")
class WizardState:
    """A wizard as the player last saw him (the 301 line and every 331 line so far).

    ``fighting`` is False once he died, surrendered or left (he is no longer in the 301
    list). ``effects`` are ``(effect, turns_left)`` pairs from the 316 lines, ``-1`` for
    permanent; the server shows a player what the rules let him see.
    """

    name: str
    visible: str
    gender: str
    hp: int
    max_hp: int
    left: str
    right: str
    fighting: bool = True
    effects: tuple[tuple[str, int], ...] = ()
    #: False once the server said he died (380).
    alive: bool = True
    #: True once the server said he surrendered (354).
    surrendered: bool = False
    #: Gestures before this index can be part of no spell: an Anti-Spell hit him after
    #: them (the server's 357 line for it). 0: none.
    cut: int = 0


@message("spellcast.monster_state")
class MonsterState:
    """A living monster from the 311 lines: ``id`` (``goblin-1``), owner (``-`` for none)."""

    id: str
    owner: str
    hp: int
    max_hp: int
    name: str
    effects: tuple[tuple[str, int], ...] = ()

    @property
    def kind(self) -> str:
        """``goblin``, ``ogre``, ``troll``, ``giant``, ``fire-elemental``, ``ice-elemental``."""
        return self.id.rsplit("-", 1)[0]


@message("spellcast.question_view")
class QuestionView:
    """One open question, as the server asked it.

    ``id`` is the token to answer with (``ANSWER <id> <choice>``): a hand for spell and
    target questions, a monster id, or a sub-question id such as
    ``right$paralysis.hand``. ``kind`` is ``spell`` (341), ``target`` (345), ``monster``
    (335) or ``choice`` (XX1: paralysis/charm hand, charm gesture, elemental, ...).
    """

    id: str
    kind: str
    choices: tuple[str, ...]
    hand: str | None = None
    spell: str | None = None
    prompt: str = ""


@message("spellcast.turn_view")
class TurnView:
    """Everything a player knows at one decision point.

    ``phase`` is ``gestures`` (make this round's gestures), ``questions`` (answer one of
    ``questions``) or ``over``. ``wizards`` lists every wizard of the match in the
    server's order, the player (``me``) included; ``movers`` those asked to gesture this
    round. ``events`` are the text of the last round's resolution lines (casts, effects,
    damage, deaths, expiries) as the server sent them. ``outcome`` is ``win``, ``loss``
    or ``draw`` once over, with ``winner`` (None for a draw). ``error`` is the server's
    last complaint about our own line (402/403/406...), if any.
    """

    me: str
    match: str
    round: int
    phase: str
    wizards: tuple[WizardState, ...]
    monsters: tuple[MonsterState, ...] = ()
    movers: tuple[str, ...] = ()
    questions: tuple[QuestionView, ...] = ()
    events: tuple[str, ...] = ()
    outcome: str = ""
    winner: str | None = None
    error: str = ""

    def wizard(self, name: str) -> WizardState:
        """The wizard called ``name`` (KeyError if there is none)."""
        for w in self.wizards:
            if w.name == name:
                return w
        raise KeyError(f"no wizard {name!r} in match {self.match}")

    @property
    def myself(self) -> WizardState:
        return self.wizard(self.me)

    @property
    def last_casts(self) -> tuple[tuple[str, str, str, str], ...]:
        """``(caster, spell slug, target, hand)`` of every 351 line among ``events``."""
        casts = []
        for line in self.events:
            parts = line.split(" ")
            if parts[0] == "351" and len(parts) >= 7:
                casts.append((parts[1], parts[3], parts[5], parts[7] if len(parts) > 7 else ""))
        return tuple(casts)

    @property
    def opponents(self) -> tuple[WizardState, ...]:
        """The other wizards still fighting."""
        return tuple(w for w in self.wizards if w.name != self.me and w.fighting)


@message("spellcast.gestures")
class Gestures:
    """Action: this round's gestures, one of ``PDFWSCK_`` per hand (``K`` stab)."""

    left: str
    right: str


@message("spellcast.answer")
class Answer:
    """Action: answer the open question ``question`` (a QuestionView.id) with ``choice``."""

    question: str
    choice: str


@message("spellcast.answers")
class Answers:
    """Action: several answers at once, sent in order (``((question, choice), ...)``)."""

    pairs: tuple[tuple[str, str], ...]
