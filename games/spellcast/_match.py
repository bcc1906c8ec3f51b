"""The match: a synchronous state machine for one Spellcast duel (or free-for-all).

Flow of a turn (mirrors Plotkin's ``RunTurn`` and the lithium protocol):

1. ``phase`` is ``GESTURES``: every wizard in ``movers`` calls :meth:`Match.submit_gestures`.
2. ``CHARM``: if a charmed wizard moved, his charmer answers a ``CHARM_GESTURE`` question
   (Plotkin asks it before the gestures are revealed). Skipped when nobody is charmed.
3. ``QUESTIONS``: :meth:`Match.gestures` now reveals this turn's (final) gestures;
   :meth:`Match.questions` lists the open decisions (spell choice per hand, targets, paralysis
   and charm hands, elemental type, monster targets, Delayed Effect / Permanency). Answering
   a spell choice may open target questions for it, so re-read the list after each answer.
4. :meth:`Match.resolve` applies defaults to whatever is unanswered, resolves the turn in
   Plotkin's order and returns the events; the next turn starts (or ``phase`` is ``OVER``).

No I/O, no clocks: randomness (Confusion, confused monsters) comes from the seed.
"""

from __future__ import annotations

import copy
import enum
import random
from collections.abc import Sequence

import attrs

from ._detect import candidates, find_spells
from ._records import (
    Event,
    EventKind,
    MatchView,
    MonsterView,
    Outcome,
    Question,
    QuestionKind,
    TurnKind,
    WizardView,
)
from ._resolve import Resolver
from ._spells import GESTURES, NOBODY, SP, SPELLS, Ruleset, spells_for
from ._state import NO_SPELL, Being, CastSpell, Monster, Row, Wizard

__all__ = ["IllegalAction", "InvalidGesture", "Match", "Phase", "SpellcastError"]


class SpellcastError(ValueError):
    """Base of the engine's errors (a ValueError: bad input from a player)."""


class InvalidGesture(SpellcastError):
    """A gesture string that cannot be parsed (quotes the input)."""


class IllegalAction(SpellcastError):
    """A well-formed action that is not allowed now (wrong phase, not a mover, bad choice)."""


class Phase(enum.Enum):
    """Where the current turn is."""

    GESTURES = "gestures"
    CHARM = "charm"
    QUESTIONS = "questions"
    OVER = "over"


# Question stages: each stage's questions depend on the answers of the earlier ones.
_CHARM, _SPELLS, _BANK, _PERM, _TARGETS, _DETAILS, _DONE = range(7)

_HANDS = ("left", "right")
_NOTHING_ALIASES = {"-": "_", ".": "_", " ": "_"}
_CHARM_CHOICES = tuple("PDFWSCK_")
_SUMMONS = {
    SP.SUMMON_GOBLIN: "goblin",
    SP.SUMMON_OGRE: "ogre",
    SP.SUMMON_TROLL: "troll",
    SP.SUMMON_GIANT: "giant",
}


class Match(Resolver):
    """One match between 2 to 6 wizards, deterministic given ``seed``.

    Wizard names must be unique, non-empty, without whitespace, and not ``nobody``.
    ``max_turns`` (optional) ends the match as a draw after that many normal turns.
    See the module docstring for the turn flow.
    """

    def __init__(
        self,
        wizard_names: Sequence[str],
        seed: int = 0,
        ruleset: Ruleset = Ruleset.FULL,
        *,
        max_turns: int | None = None,
    ) -> None:
        names = tuple(wizard_names)
        if not 2 <= len(names) <= 6:
            raise ValueError(f"a match needs 2 to 6 wizards, got {len(names)}: {names!r}")
        for name in names:
            if not name or any(ch.isspace() for ch in name) or name.lower() == NOBODY:
                raise ValueError(
                    f"invalid wizard name {name!r}: non-empty, no spaces, not 'nobody'"
                )
        if len(set(names)) != len(names):
            raise ValueError(f"wizard names must be unique, got {names!r}")
        if max_turns is not None and max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        self._seed = seed
        self._ruleset = ruleset
        self._spells = spells_for(ruleset)
        self._max_turns = max_turns
        self._rng = random.Random(seed)
        self._wizards: dict[str, Wizard] = {n: Wizard(name=n, hp=15, max_hp=15) for n in names}
        self._monsters: dict[str, Monster] = {}
        self._monster_seq = 0
        self._turn = 1
        self._kind = TurnKind.NORMAL
        self._over = False
        self._winner: str | None = None
        self._outcome: Outcome | None = None
        self._hastelist: list[CastSpell] = []
        self._events: list[Event] = []
        self._start_turn()

    # -- state -------------------------------------------------------------------------
    @property
    def wizards(self) -> tuple[str, ...]:
        """All wizard names in seating order (dead and surrendered included)."""
        return tuple(self._wizards)

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def ruleset(self) -> Ruleset:
        return self._ruleset

    @property
    def turn(self) -> int:
        """The current turn number, from 1 (haste / time-stop turns don't advance it)."""
        return self._turn

    @property
    def turn_kind(self) -> TurnKind:
        """Whether this turn is normal, a haste half-turn or a time-stop turn."""
        return self._kind

    @property
    def phase(self) -> Phase:
        """GESTURES, CHARM, QUESTIONS or OVER."""
        if self._over:
            return Phase.OVER
        if self._submitting:
            return Phase.GESTURES
        return Phase.CHARM if self._stage == _CHARM else Phase.QUESTIONS

    @property
    def movers(self) -> tuple[str, ...]:
        """The wizards who must submit gestures this turn."""
        return self._movers

    def waiting_for_gestures(self) -> tuple[str, ...]:
        """Movers who have not submitted gestures yet."""
        if not self._submitting:
            return ()
        return tuple(n for n in self._movers if n not in self._pending)

    @property
    def over(self) -> bool:
        """True once the match has ended."""
        return self._over

    @property
    def winner(self) -> str | None:
        """The winning wizard, or None (running or a draw)."""
        return self._winner

    @property
    def outcome(self) -> Outcome | None:
        """WIN or DRAW once over, else None."""
        return self._outcome

    def hp(self, being: str) -> int:
        """Hit points of a wizard or monster (may be <= 0 for the dead)."""
        return self._being(being).hp

    def alive(self, being: str) -> bool:
        """Whether a wizard or monster is alive (a surrendered wizard is not, after his turn)."""
        return self._being(being).alive

    def _being(self, name: str) -> Being:
        found = self._wizards.get(name) or self._monsters.get(name)
        if found is None:
            raise LookupError(f"no wizard or monster named {name!r}")
        return found

    def _wizard(self, name: str) -> Wizard:
        try:
            return self._wizards[name]
        except KeyError:
            raise IllegalAction(
                f"unknown wizard {name!r}; wizards are {', '.join(self._wizards)}"
            ) from None

    # -- turn --------------------------------------------------------------------------
    def _start_turn(self) -> None:
        if self._kind is TurnKind.NORMAL:
            movers = [w.name for w in self._wizards.values() if w.alive]
        elif self._kind is TurnKind.HASTE:
            movers = [w.name for w in self._wizards.values() if w.alive and w.haste]
        else:
            movers = [w.name for w in self._wizards.values() if w.alive and w.timestop]
        self._movers = tuple(movers)
        self._pending: dict[str, tuple[str, str]] = {}
        self._submitting = True
        self._stage = _CHARM
        self._stage_questions: tuple[Question, ...] = ()
        self._answers: dict[tuple[str, str], str] = {}
        self._castlist: list[CastSpell] = []
        self._found: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._turn_events: list[Event] = []
        self._detail_casts: dict[tuple[str, str], CastSpell] = {}
        if not movers:
            # only a time-stopped monster acts: no gestures, straight to its questions
            self._submitting = False
            self._stage_questions = self._build_stage(_CHARM)
            self._advance()

    def submit_gestures(self, wizard: str, left: str, right: str) -> None:
        """Record ``wizard``'s gestures for this turn (one of ``PDFWSCK_`` each, any case;
        ``-`` and ``.`` also mean nothing). Resubmitting before everyone has moved replaces
        the earlier gestures. Raises InvalidGesture / IllegalAction.
        """
        if self._over:
            raise IllegalAction(f"the match is over; {wizard!r} cannot gesture")
        self._wizard(wizard)
        if not self._submitting:
            raise IllegalAction(
                f"gestures for turn {self._turn} are closed (phase {self.phase.value});"
                " answer the questions or resolve the turn"
            )
        if wizard not in self._movers:
            raise IllegalAction(
                f"{wizard!r} does not move this {self._kind.value} turn;"
                f" movers are {', '.join(self._movers)}"
            )
        pair = (_parse_gesture(left, "left"), _parse_gesture(right, "right"))
        self._pending[wizard] = pair
        if all(n in self._pending for n in self._movers):
            self._submitting = False
            self._stage = _CHARM
            self._stage_questions = self._build_stage(_CHARM)
            self._advance()

    def preload_gestures(self, wizard: str, left: str, right: str) -> None:
        """Unchecked: append history rows for ``wizard`` without resolving them.

        ``left``/``right`` are equal-length gesture strings, oldest first. No spell is cast,
        nothing is validated against the turn; only for setting up tests, puzzles and search
        positions before the first :meth:`submit_gestures` of a turn.
        """
        wiz = self._wizard(wizard)
        if len(left) != len(right):
            raise ValueError(f"left {left!r} and right {right!r} differ in length")
        for lg, rg in zip(left, right, strict=True):
            wiz.rows.append(Row(_parse_gesture(lg, "left"), _parse_gesture(rg, "right")))

    def gestures(self, viewer: str | None = None) -> tuple[tuple[str, str, str], ...]:
        """This turn's final gestures ``(wizard, left, right)`` for every mover, after
        paralysis/charm/amnesia/confusion/fear and the one-stab rule; ``?`` where ``viewer``
        cannot see them (``viewer=None``: an omniscient referee). Only in QUESTIONS.
        """
        if self._submitting or self._stage == _CHARM:
            raise IllegalAction(
                f"turn {self._turn} gestures are not revealed yet (phase {self.phase.value})"
            )
        out = []
        for name in self._movers:
            row = self._wizards[name].rows[-1]
            out.append((name, *self._seen(row, name, viewer)))
        return tuple(out)

    @staticmethod
    def _seen(row: Row, owner: str, viewer: str | None) -> tuple[str, str]:
        if viewer is None or viewer == owner or not (row.invisible or viewer in row.blind):
            return row.left, row.right
        return "?", "?"

    def questions(self, wizard: str | None = None) -> tuple[Question, ...]:
        """The open (unanswered) questions of the current stage, for one wizard or all.

        Stages (each asked only once the earlier ones are answered): charm gestures; spell
        choices and Delayed Effect release; Delayed Effect banking; Permanency; targets of
        spells, stabs and existing monsters; details (paralysis/charm hand, elemental type,
        targets of monsters summoned, charmed or raised this turn).
        """
        if self._over or self._submitting:
            return ()
        return tuple(
            q
            for q in self._stage_questions
            if (q.wizard, q.id) not in self._answers and (wizard is None or q.wizard == wizard)
        )

    def pending_questions(self) -> bool:
        """True while some question of the turn is still open (``resolve`` would default it)."""
        return bool(self.questions())

    def answer(self, wizard: str, question_id: str, choice: str) -> None:
        """Answer (or re-answer) a question of the current stage; ``choice`` must be one of its
        ``choices`` (case-insensitive). Raises IllegalAction for unknown questions or choices.
        """
        self._wizard(wizard)
        if self._over or self._submitting:
            raise IllegalAction(
                f"no questions are open for {wizard!r} now (phase {self.phase.value})"
            )
        for q in self._stage_questions:
            if q.wizard == wizard and q.id == question_id:
                break
        else:
            open_ids = [q.id for q in self._stage_questions if q.wizard == wizard]
            raise IllegalAction(
                f"{wizard!r} has no question {question_id!r} open;"
                f" open: {', '.join(open_ids) or 'none'}"
            )
        picked = _pick(q, choice)
        self._answers[(wizard, question_id)] = picked
        self._advance()

    def _advance(self) -> None:
        """Leave every stage whose questions are all answered (running its action)."""
        while self._stage < _DONE and not self.questions():
            self._leave_stage(self._stage)
            self._stage += 1
            self._stage_questions = self._build_stage(self._stage) if self._stage < _DONE else ()

    def _default_all(self) -> None:
        while self._stage < _DONE:
            for q in self.questions():
                self._answers[(q.wizard, q.id)] = q.default
            self._advance()

    def _got(self, wizard: str, qid: str, default: str) -> str:
        return self._answers.get((wizard, qid), default)

    def resolve(self) -> tuple[Event, ...]:
        """Finish the turn: default every open question, resolve, start the next turn.

        Allowed once every mover has submitted gestures (CHARM or QUESTIONS phase).
        """
        if self._over:
            raise IllegalAction("the match is over")
        if self._submitting:
            raise IllegalAction(
                f"turn {self._turn} cannot resolve: waiting for gestures from"
                f" {', '.join(self.waiting_for_gestures())}"
            )
        self._default_all()
        events = list(self._turn_events)
        if self._kind is TurnKind.HASTE:
            self._hastelist.extend(self._castlist)
            self._kind = TurnKind.NORMAL
            self._start_turn()
            self._events.extend(events)
            return tuple(events)
        castlist = self._castlist + self._hastelist
        self._hastelist = []
        events.extend(self._execute(castlist))
        self._events.extend(events)
        return tuple(events)

    def forfeit(self, wizard: str) -> tuple[Event, ...]:
        """Take ``wizard`` out at once (quit, disconnect, idle timeout), in any phase.

        He counts as surrendered and dead (no corpse to raise); he stops being a mover, his
        open questions and this turn's casts are dropped, and his monsters become
        uncontrolled (they no longer attack). If the remaining movers have all submitted,
        the turn moves on exactly as after the last ``submit_gestures``. Returns the events:
        a DIES event, plus MATCH_OVER when at most one wizard remains.
        """
        wiz = self._wizard(wizard)
        if self._over:
            raise IllegalAction(f"the match is over; {wizard!r} cannot forfeit")
        if not wiz.alive:
            raise IllegalAction(f"{wizard!r} is already out of the match")
        self._out = [Event(EventKind.DIES, f"{wizard} leaves the arena.", actor=wizard)]
        wiz.alive = False
        wiz.surrendered = True
        wiz.clear_out_spells()
        for monster in self._monsters.values():
            if monster.owner == wizard:
                monster.owner = None
        self._movers = tuple(n for n in self._movers if n != wizard)
        self._pending.pop(wizard, None)
        self._castlist = [c for c in self._castlist if c.caster != wizard]
        self._hastelist = [c for c in self._hastelist if c.caster != wizard]
        self._stage_questions = tuple(
            q
            for q in self._stage_questions
            if q.wizard != wizard
            and not (q.kind is QuestionKind.CHARM_GESTURE and q.subject == wizard)
        )
        live = [w.name for w in self._wizards.values() if w.alive and not w.surrendered]
        if len(live) <= 1:
            winner = live[0] if live else None
            self._finish(winner, f"{winner} wins the match!" if winner else "The match is a draw.")
        elif self._submitting:
            if all(n in self._pending for n in self._movers):
                self._submitting = False
                self._stage = _CHARM
                self._stage_questions = self._build_stage(_CHARM)
                self._advance()
        else:
            self._advance()
        events = tuple(self._out)
        self._events.extend(events)
        return events

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event so far, in order."""
        return tuple(self._events)

    def copy(self) -> Match:
        """An independent copy of the whole state (including the random generator).

        Immutable parts (events, questions, gesture rows, which are never changed once
        written) are shared with the original, so a copy costs about the live state only
        (tens of microseconds, against milliseconds for ``copy.deepcopy``).
        """
        casts: dict[int, CastSpell] = {}

        def cast_copy(cast: CastSpell) -> CastSpell:
            if id(cast) not in casts:
                casts[id(cast)] = attrs.evolve(cast, details=dict(cast.details))
            return casts[id(cast)]

        def being_copy(being: Being) -> Being:
            twin = copy.copy(being)
            twin.perm = copy.copy(being.perm)
            twin.zap = being.zap.copy()
            twin.zap_casts = [(spell, cast_copy(cast)) for spell, cast in being.zap_casts]
            if being.enchant_cast is not None:
                twin.enchant_cast = cast_copy(being.enchant_cast)
            if isinstance(twin, Wizard):
                twin.rows = list(twin.rows)  # rows are never changed once written
            return twin

        twin = copy.copy(self)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._wizards = {n: being_copy(w) for n, w in self._wizards.items()}  # type: ignore[misc]
        twin._monsters = {n: being_copy(m) for n, m in self._monsters.items()}  # type: ignore[misc]
        twin._hastelist = [cast_copy(c) for c in self._hastelist]
        twin._castlist = [cast_copy(c) for c in self._castlist]
        twin._detail_casts = {k: cast_copy(c) for k, c in self._detail_casts.items()}
        twin._events = list(self._events)
        twin._turn_events = list(self._turn_events)
        twin._pending = dict(self._pending)
        twin._answers = dict(self._answers)
        twin._found = dict(self._found)
        return twin

    # -- stages --------------------------------------------------------------------------
    def _build_stage(self, stage: int) -> tuple[Question, ...]:
        builder = {
            _CHARM: self._charm_questions,
            _SPELLS: self._spell_questions,
            _BANK: self._bank_questions,
            _PERM: self._perm_questions,
            _TARGETS: self._target_questions,
            _DETAILS: self._detail_questions,
        }[stage]
        return tuple(builder())

    def _leave_stage(self, stage: int) -> None:
        if stage == _CHARM:
            self._write_gestures()
        elif stage == _SPELLS:
            self._build_cast_list()
        elif stage == _BANK:
            self._apply_bank()
        elif stage == _PERM:
            self._apply_perm()
        elif stage == _TARGETS:
            self._apply_targets()
        elif stage == _DETAILS:
            self._apply_details()

    def _charm_questions(self) -> list[Question]:
        out = []
        for name in self._movers:
            wiz = self._wizards[name]
            if wiz.mind_spell != SP.CHARM_PERSON or wiz.mind_hand is None:
                continue
            if wiz.perm.mind_spell == SP.CHARM_PERSON and wiz.perm.mind_detail is not None:
                continue
            controller = wiz.mind_controller
            if controller is None or not self._wizards[controller].alive:
                continue
            out.append(
                Question(
                    id=f"charm:{name}",
                    wizard=controller,
                    kind=QuestionKind.CHARM_GESTURE,
                    choices=_CHARM_CHOICES,
                    default="_",
                    text=f"What gesture should {name} make with the {wiz.mind_hand} hand?",
                    hand=wiz.mind_hand,
                    subject=name,
                )
            )
        return out

    def _write_gestures(self) -> None:
        """Apply mind spells to the submitted gestures and append the rows (Plotkin RunTurn)."""
        blind = frozenset(w.name for w in self._wizards.values() if w.blindness)
        for name in self._movers:
            wiz = self._wizards[name]
            left, right = self._pending[name]
            prev = wiz.rows[-1].pair() if wiz.rows else ("_", "_")
            made = [left, right]
            wiz.hand_paralyzed = None
            spell = wiz.mind_spell
            if spell == SP.AMNESIA:
                made = list(prev)
                self._note(
                    f"{name}, absent-minded, repeats last turn's gestures: "
                    f"{prev[0]} with the left hand, {prev[1]} with the right.",
                    name,
                )
            elif spell == SP.CONFUSION:
                detail = wiz.perm.mind_detail if wiz.perm.mind_spell == SP.CONFUSION else None
                if wiz.mind_permanent and detail is not None:
                    hand, gesture = detail
                else:
                    hand = self._rng.choice(_HANDS)
                    gesture = self._rng.choice("PDFWCS")
                    if wiz.mind_permanent:
                        wiz.perm.mind_detail = (hand, gesture)
                made[_HANDS.index(hand)] = gesture
                self._note(f"{name} accidentally makes {gesture} with the {hand} hand.", name)
            elif spell == SP.CHARM_PERSON and wiz.mind_hand is not None:
                hand = wiz.mind_hand
                detail = wiz.perm.mind_detail if wiz.perm.mind_spell == SP.CHARM_PERSON else None
                if detail is not None:
                    gesture = detail
                elif wiz.mind_controller is not None and self._wizards[wiz.mind_controller].alive:
                    gesture = self._got(wiz.mind_controller, f"charm:{name}", "_")
                else:
                    gesture = made[_HANDS.index(hand)]
                if wiz.perm.mind_spell == SP.CHARM_PERSON:
                    wiz.perm.mind_detail = gesture
                made[_HANDS.index(hand)] = gesture
                self._note(f"{name} mysteriously makes {gesture} with the {hand} hand.", name)
            elif spell == SP.FEAR:
                for i in (0, 1):
                    if made[i] in "_DFSC":
                        made[i] = "_"
                self._note(f"{name} is terrified: no C, D, F or S this turn.", name)
            elif spell == SP.PARALYSIS and wiz.mind_hand is not None:
                hand = wiz.mind_hand
                i = _HANDS.index(hand)
                made[i] = _PARALYSED[prev[i]]
                wiz.hand_paralyzed = hand
                self._note(f"{name}'s {hand} hand is frozen in {made[i]}.", name)
            if self._kind is not TurnKind.HASTE:
                wiz.mind_spell = NO_SPELL
            if made[0] == "K" and made[1] == "K":
                made[1] = "_"
            wiz.rows.append(
                Row(
                    made[0],
                    made[1],
                    invisible=bool(wiz.invisibility) or self._kind is TurnKind.TIME_STOP,
                    blind=blind,
                )
            )
            found = find_spells([r.pair() for r in wiz.rows], wiz.barrier, self._spells)
            if found.pop(SP.SURRENDER, None):
                wiz.surrendered = True
                self._turn_events.append(
                    Event(
                        EventKind.SURRENDER, f"{name} makes the gesture of surrender!", actor=name
                    )
                )
            self._found[name] = candidates(found)

    def _note(self, text: str, actor: str) -> None:
        self._turn_events.append(Event(EventKind.EFFECT, text, actor=actor))

    def _spell_questions(self) -> list[Question]:
        out = []
        for name in self._movers:
            lc, rc = self._found[name]
            for hand, cands in zip(_HANDS, (lc, rc), strict=True):
                if len(cands) > 1:
                    slugs = tuple(SPELLS[i].slug for i in cands)
                    out.append(
                        Question(
                            id=f"{hand}:spell",
                            wizard=name,
                            kind=QuestionKind.SPELL,
                            choices=slugs,
                            default=SPELLS[_default_spell(cands)].slug,
                            text=f"Cast which spell with the {hand} hand?",
                            hand=hand,
                        )
                    )
            wiz = self._wizards[name]
            if wiz.delay_bank != NO_SPELL:
                out.append(
                    Question(
                        id="delay-release",
                        wizard=name,
                        kind=QuestionKind.DELAY_RELEASE,
                        choices=("yes", "no"),
                        default="no",
                        text=f"Release the banked {SPELLS[wiz.delay_bank].name}?",
                        spell=SPELLS[wiz.delay_bank].slug,
                    )
                )
        return out

    def _chosen(self, name: str, hand: str, cands: tuple[int, ...]) -> int:
        if not cands:
            return NO_SPELL
        if len(cands) == 1:
            return cands[0]
        slug = self._got(name, f"{hand}:spell", SPELLS[_default_spell(cands)].slug)
        return next(i for i in cands if SPELLS[i].slug == slug)

    def _build_cast_list(self) -> None:
        for name in self._movers:
            lc, rc = self._found[name]
            lspel = self._chosen(name, "left", lc)
            rspel = self._chosen(name, "right", rc)
            if lspel != NO_SPELL and SPELLS[lspel].two_handed:
                if lspel == rspel:
                    self._castlist.append(CastSpell(name, "both", lspel))
                    rspel = NO_SPELL
                lspel = NO_SPELL
            if rspel != NO_SPELL and SPELLS[rspel].two_handed:
                rspel = NO_SPELL
            if lspel != NO_SPELL:
                self._castlist.append(CastSpell(name, "left", lspel))
            if rspel != NO_SPELL:
                self._castlist.append(CastSpell(name, "right", rspel))
            wiz = self._wizards[name]
            if wiz.delay_bank != NO_SPELL and self._got(name, "delay-release", "no") == "yes":
                self._castlist.append(CastSpell(name, "delayed", wiz.delay_bank))
                wiz.delay_bank = NO_SPELL

    def _eligible(self, name: str, perm: bool) -> list[CastSpell]:
        return [
            c
            for c in self._castlist
            if c.caster == name
            and c.hand != "delayed"
            and (SPELLS[c.spell].extendable if perm else c.spell != SP.STAB)
        ]

    def _choice_question(self, name: str, perm: bool) -> Question | None:
        wiz = self._wizards[name]
        if not (wiz.perm_time if perm else wiz.delay_time):
            return None
        eligible = self._eligible(name, perm)
        if len(eligible) < 2:
            return None
        what = "make permanent" if perm else "bank in your Delayed Effect"
        return Question(
            id="permanency" if perm else "delay-bank",
            wizard=name,
            kind=QuestionKind.PERMANENCY if perm else QuestionKind.DELAY_BANK,
            choices=tuple(c.hand for c in eligible),
            default=eligible[0].hand,
            text=f"Which spell ({', '.join(f'{c.hand}: {SPELLS[c.spell].name}' for c in eligible)})"
            f" do you {what}?",
        )

    def _bank_questions(self) -> list[Question]:
        return [q for n in self._movers if (q := self._choice_question(n, perm=False))]

    def _perm_questions(self) -> list[Question]:
        return [q for n in self._movers if (q := self._choice_question(n, perm=True))]

    def _pick_eligible(self, name: str, perm: bool) -> CastSpell | None:
        eligible = self._eligible(name, perm)
        if not eligible:
            return None
        hand = self._got(name, "permanency" if perm else "delay-bank", eligible[0].hand)
        return next(c for c in eligible if c.hand == hand)

    def _apply_bank(self) -> None:
        for name in self._movers:
            wiz = self._wizards[name]
            if not wiz.delay_time:
                continue
            chosen = self._pick_eligible(name, perm=False)
            if chosen is None:
                continue
            self._castlist.remove(chosen)
            spell = SPELLS[chosen.spell].name
            self._note(f"{name} casts {spell}; it is caught in the Delayed Effect.", name)
            if wiz.delay_bank != NO_SPELL:
                self._note(f"The {SPELLS[wiz.delay_bank].name} {name} had banked is lost.", name)
            wiz.delay_time = 0
            wiz.delay_bank = chosen.spell

    def _apply_perm(self) -> None:
        for name in self._movers:
            wiz = self._wizards[name]
            if not wiz.perm_time:
                continue
            chosen = self._pick_eligible(name, perm=True)
            if chosen is None:
                continue
            chosen.permanent = True
            wiz.perm_time = 0

    def _living_wizards(self) -> list[str]:
        return [w.name for w in self._wizards.values() if w.alive]

    def _living_monsters(self) -> list[str]:
        return [m.name for m in self._monsters.values() if m.alive]

    def _corpses(self) -> list[str]:
        dead_wizards = [w.name for w in self._wizards.values() if not w.alive and not w.surrendered]
        dead_monsters = [m.name for m in self._monsters.values() if not m.alive and not m.nocorpse]
        return dead_wizards + dead_monsters

    def _target_choices(self, target_class: str) -> tuple[str, ...]:
        if target_class == "wizard":
            return tuple(self._living_wizards())
        if target_class == "wizard|none":
            return (*self._living_wizards(), NOBODY)
        beings = self._living_wizards() + self._living_monsters()
        if target_class == "being|corpse":
            return (*beings, *self._corpses(), NOBODY)
        return (*beings, NOBODY)

    def _opponent(self, name: str) -> str:
        """The default victim: the next living wizard after ``name`` in seating order."""
        names = list(self._wizards)
        start = names.index(name) if name in names else 0
        for step in range(1, len(names) + 1):
            other = names[(start + step) % len(names)]
            if other != name and self._wizards[other].alive:
                return other
        return NOBODY

    def _target_questions(self) -> list[Question]:
        out = []
        for cast in self._castlist:
            spell = SPELLS[cast.spell]
            if spell.target in ("area", "none"):
                continue
            choices = self._target_choices(spell.target)
            default = cast.caster if spell.default == "self" else self._opponent(cast.caster)
            if default not in choices:
                default = choices[0] if choices else NOBODY
            verb = "stab" if cast.spell == SP.STAB else f"cast {spell.name} at"
            out.append(
                Question(
                    id=f"{cast.hand}:target",
                    wizard=cast.caster,
                    kind=QuestionKind.TARGET,
                    choices=choices,
                    default=default,
                    text=f"Whom do you {verb} with the {cast.hand} hand?"
                    if cast.hand != "delayed"
                    else f"Whom do you cast the released {spell.name} at?",
                    hand=cast.hand,
                    spell=spell.slug,
                )
            )
        for monster in self._monsters.values():
            for qid in self._monster_attack_ids(monster):
                out.append(self._monster_question(qid, monster.owner or "", monster.name))
        return out

    def _monster_attack_ids(self, monster: Monster) -> list[str]:
        """Ids of the target questions this monster's owner gets this turn (0, 1 or 2)."""
        if not monster.alive or monster.elemental or monster.owner is None:
            return []
        if self._kind is TurnKind.HASTE:
            return []  # monsters attack when the casts resolve, in the normal turn
        if not self._wizards[monster.owner].alive:
            return []
        if monster.nowm_spell in (SP.CONFUSION, SP.PARALYSIS, SP.AMNESIA):
            return []
        return [
            f"monster:{monster.name}:{n}" if n else f"monster:{monster.name}"
            for n in range(self._attacks(monster))
        ]

    def _attacks(self, monster: Monster) -> int:
        if self._kind is TurnKind.TIME_STOP:
            return 1 if monster.timestop == 1 else 0
        return 2 if 1 <= monster.haste <= 4 else 1

    def _monster_question(self, qid: str, owner: str, subject: str) -> Question:
        choices = (*self._living_wizards(), *self._living_monsters(), NOBODY)
        return Question(
            id=qid,
            wizard=owner,
            kind=QuestionKind.MONSTER_TARGET,
            choices=choices,
            default=self._opponent(owner),
            text=f"Whom should {subject} attack?",
            subject=subject,
        )

    def _apply_targets(self) -> None:
        for cast in self._castlist:
            spell = SPELLS[cast.spell]
            if spell.target in ("area", "none"):
                cast.area = spell.target == "area"
                continue
            choice = self._got(cast.caster, f"{cast.hand}:target", NOBODY)
            cast.target = None if choice == NOBODY else choice

    def _detail_questions(self) -> list[Question]:
        self._detail_casts: dict[tuple[str, str], CastSpell] = {}
        out = []
        for cast in self._castlist:
            for q in self._details_for(cast):
                self._detail_casts[(q.wizard, q.id)] = cast
                out.append(q)
        return out

    def _details_for(self, cast: CastSpell) -> list[Question]:
        target = self._wizards.get(cast.target) if cast.target else None
        monster = self._monsters.get(cast.target) if cast.target else None
        hand = cast.hand
        caster = cast.caster or ""
        if cast.spell == SP.PARALYSIS and target is not None and target.hand_paralyzed is None:
            return [
                Question(
                    id=f"{hand}:paralysis-hand",
                    wizard=caster,
                    kind=QuestionKind.PARALYSIS_HAND,
                    choices=_HANDS,
                    default="left",
                    text=f"Which of {target.name}'s hands do you paralyse?",
                    hand=hand,
                    spell="paralysis",
                    subject=target.name,
                )
            ]
        if cast.spell == SP.CHARM_PERSON and target is not None:
            return [
                Question(
                    id=f"{hand}:charm-hand",
                    wizard=caster,
                    kind=QuestionKind.CHARM_HAND,
                    choices=_HANDS,
                    default="left",
                    text=f"Which of {target.name}'s hands do you charm?",
                    hand=hand,
                    spell="charm-person",
                    subject=target.name,
                )
            ]
        if cast.spell == SP.SUMMON_ELEMENTAL and target is not None:
            return [
                Question(
                    id=f"elemental:{caster}:{hand}",
                    wizard=target.name,
                    kind=QuestionKind.ELEMENTAL,
                    choices=("fire", "ice"),
                    default="fire",
                    text=f"{caster} summons an elemental for you: fire or ice?",
                    hand=hand,
                    spell="summon-elemental",
                    subject=caster,
                )
            ]
        if cast.spell in _SUMMONS and target is not None:
            qid = f"summon:{caster}:{hand}"
            q = self._monster_question(qid, target.name, qid)
            kind = _SUMMONS[cast.spell]
            return [
                attrs.evolve(
                    q,
                    hand=hand,
                    spell=SPELLS[cast.spell].slug,
                    text=f"Whom should your new {kind} attack?",
                )
            ]
        charmable = monster is not None and monster.alive and not monster.elemental
        raisable = monster is not None and not monster.alive
        if (cast.spell == SP.CHARM_MONSTER and charmable) or (
            cast.spell == SP.RAISE_DEAD and raisable
        ):
            assert monster is not None
            q = self._monster_question(f"{hand}:monster-target", caster, monster.name)
            return [attrs.evolve(q, hand=hand, spell=SPELLS[cast.spell].slug)]
        return []

    def _apply_details(self) -> None:
        asked = {(q.wizard, q.id): q for q in self._stage_questions}
        for key, cast in self._detail_casts.items():
            if key in asked:
                q = asked[key]
                cast.details[q.kind.value] = self._got(q.wizard, q.id, q.default)

    # -- views -------------------------------------------------------------------------
    def view(self, viewer: str) -> MatchView:
        """What ``viewer`` knows now (hidden gestures masked)."""
        me = self._wizard(viewer)
        wizards = []
        for wiz in self._wizards.values():
            seen = [self._seen(row, wiz.name, viewer) for row in wiz.rows]
            wizards.append(
                WizardView(
                    name=wiz.name,
                    hp=wiz.hp,
                    max_hp=wiz.max_hp,
                    alive=wiz.alive,
                    surrendered=wiz.surrendered,
                    left="".join(s[0] for s in seen),
                    right="".join(s[1] for s in seen),
                    barrier=wiz.barrier,
                    effects=_effects(wiz),
                )
            )
        monsters = [
            MonsterView(
                id=m.name,
                kind=m.kind,
                hp=m.hp,
                max_hp=m.max_hp,
                damage=m.damage,
                owner=m.owner,
                alive=m.alive,
                effects=_effects(m),
            )
            for m in self._monsters.values()
            if m.alive or not m.nocorpse
        ]
        mind = me.mind_spell if me.alive else NO_SPELL
        return MatchView(
            viewer=viewer,
            turn=self._turn,
            turn_kind=self._kind,
            movers=self._movers,
            wizards=tuple(wizards),
            monsters=tuple(monsters),
            paralysed_hand=me.mind_hand if mind == SP.PARALYSIS else None,
            charmed_hand=me.mind_hand if mind == SP.CHARM_PERSON else None,
            fear=mind == SP.FEAR,
            amnesia=mind == SP.AMNESIA,
            confusion=mind == SP.CONFUSION,
            over=self._over,
            winner=self._winner,
        )


_PARALYSED = {"P": "P", "W": "P", "D": "D", "S": "D", "F": "F", "C": "F", "K": "K", "_": "_"}
_MIND_NAMES = {
    SP.AMNESIA: "amnesia",
    SP.CONFUSION: "confusion",
    SP.CHARM_PERSON: "charm",
    SP.CHARM_MONSTER: "charmed",
    SP.PARALYSIS: "paralysis",
    SP.FEAR: "fear",
}


def _effects(being: Being) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    perm = being.perm
    if being.prot_from_evil:
        out.append(("protection-from-evil", -1 if perm.prot_evil else being.prot_from_evil))
    if being.invisibility:
        out.append(("invisibility", -1 if perm.invisibility else being.invisibility))
    if being.blindness:
        out.append(("blindness", -1 if perm.blindness else being.blindness))
    if being.resistant_heat:
        out.append(("resist-heat", -1))
    if being.resistant_cold:
        out.append(("resist-cold", -1))
    if being.disease >= 0:
        out.append(("disease", being.disease))
    if being.poison >= 0:
        out.append(("poison", being.poison))
    if being.haste:
        out.append(("haste", -1 if perm.haste else min(being.haste, 3)))
    if being.timestop:
        out.append(("time-stop", being.timestop))
    mind = being.mind_spell
    if isinstance(being, Monster) and mind == NO_SPELL:
        mind = being.nowm_spell
    if mind in _MIND_NAMES:
        name = _MIND_NAMES[mind]
        if mind in (SP.PARALYSIS, SP.CHARM_PERSON) and being.mind_hand:
            name = f"{name}-{being.mind_hand}"
        out.append((name, -1 if being.mind_permanent else 1))
    if isinstance(being, Wizard):
        if being.delay_time:
            out.append(("delayed-effect", being.delay_time))
        if being.delay_bank != NO_SPELL:
            out.append(("banked", -1))
        if being.perm_time:
            out.append(("permanency", being.perm_time))
    return tuple(out)


def _default_spell(cands: tuple[int, ...]) -> int:
    """The longest completed spell (ties: table order): the one the gestures most likely meant."""
    return max(cands, key=lambda i: (len(SPELLS[i].gestures), -i))


def _parse_gesture(text: str, hand: str) -> str:
    raw = text.strip().upper() if text.strip() else text
    raw = _NOTHING_ALIASES.get(raw, raw)
    if len(raw) != 1 or raw not in GESTURES:
        raise InvalidGesture(
            f"invalid {hand}-hand gesture {text!r}: expected one of P D F W S C K _"
            " (palm, digit, fingers, wave, snap, clap, stab, nothing)"
        )
    return raw


def _pick(question: Question, choice: str) -> str:
    wanted = choice.strip()
    for option in question.choices:
        if option.lower() == wanted.lower():
            return option
    raise IllegalAction(
        f"{choice!r} is not a choice for {question.id!r};"
        f" choose one of {', '.join(question.choices)}"
    )
