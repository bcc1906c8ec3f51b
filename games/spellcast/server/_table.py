"""One match on the server: the engine's turn cycle spoken as lithium protocol lines.

A round is: ``251`` round start, ``355`` expiries, the state block (``300..302`` wizards,
``310..312`` monsters, ``315..317`` effects when there are any), ``320`` to each wizard who
moves; ``GESTURE`` from each (``321`` announced); charm-gesture questions if anyone is
charmed (asked before the reveal, as in Plotkin); the reveal ``330..332``; each wizard's
questions ``340..349`` (re-sent after every ``ANSWER``, ``348`` once he is done); then the
resolution lines and ``350``; finally ``390`` (win) or ``391..393`` (draw). A round is one
gesture phase, so a haste or time-stop turn is a round of its own.

The engine asks in stages (spell choices, then targets, then details such as the hand to
paralyse or a new monster's victim), each open only once everybody has answered the one
before. So a wizard may get ``348`` and later, in the same round, a new ``340`` block; the
turn resolves when nobody present owes an answer (the engine defaults the rest).

Choices where the lithium server was silent or wrong (see also the package docstring):
the rules decide what is cast (surrender on P+P is automatic and ends the match; a spell
completed by both hands' same last gesture is not thereby "both"-handed; two hands that
complete the same spell cast it twice); a wizard who leaves (QUIT, disconnect, idle
timeout, YIELD during the match) is out of the match at once.

All methods are synchronous and run on the server's one trio thread: a command is handled
completely before the next, so a match needs no locks and its lines go out in order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import structlog

from games.spellcast import (
    EventKind,
    Match,
    Outcome,
    Phase,
    Question,
    QuestionKind,
    Ruleset,
    SpellcastError,
)

from ._wire import AnswerError, event_lines, match_answers, question_lines

if TYPE_CHECKING:
    from ._connection import Connection

__all__ = ["Table"]

_log = structlog.get_logger("belligerent.spellcast.server")

_GESTURE_CHARS = frozenset("CDFPSWK_cdfpswk")
#: Rounds in a row the match may play without any wizard's input before we call it a
#: draw (only an engine bug could get near it).
_MAX_UNATTENDED_ROUNDS = 1000
#: Sub-questions a client may answer before they are asked, and their choices.
_EARLY_CHOICES = {"hand": ("left", "right"), "element": ("fire", "ice")}
_SUB_WHAT = {
    QuestionKind.PARALYSIS_HAND: "hand",
    QuestionKind.CHARM_HAND: "hand",
    QuestionKind.ELEMENTAL: "element",
}


class Table:
    """The server side of one match: its players' connections and the engine."""

    def __init__(
        self,
        match_id: str,
        players: Sequence[Connection],
        *,
        seed: int,
        ruleset: Ruleset,
        on_over: Callable[[Table], None],
        max_turns: int | None = None,
    ) -> None:
        self.match_id = match_id
        self.players = list(players)
        self.by_nick = {c.nick: c for c in players}
        self.engine = Match(
            [c.nick for c in players], seed=seed, ruleset=ruleset, max_turns=max_turns
        )
        self.round = 0
        self.seed = seed
        self.on_over = on_over
        #: Wizards who left (quit, dropped, timed out); they no longer receive lines.
        self.gone: set[str] = set()
        #: Expiry lines held back for the next round's start.
        self._expiries: list[tuple[str, str]] = []
        #: The questions last put to each wizard this round (to see what is new).
        self._sent: dict[str, tuple[object, ...]] = {}
        #: Sub-question answers given before the question was asked (see _early_answer).
        self._early: dict[tuple[str, str, str, str], str] = {}
        #: The round whose gestures have been revealed.
        self._revealed = 0
        self.finished = False
        self.outcome: str = ""
        self.winner: str | None = None

    # -- sending -----------------------------------------------------------------------
    @property
    def round_id(self) -> str:
        return f"{self.match_id}.{self.round}"

    def present(self) -> list[Connection]:
        return [c for c in self.players if c.nick not in self.gone]

    def broadcast(self, line: str, *, only: Sequence[str] | None = None) -> None:
        for conn in self.present():
            if only is None or conn.nick in only:
                conn.send(line)

    def visible_name(self, name: str) -> str:
        conn = self.by_nick.get(name)
        if conn is not None:
            return conn.visible or conn.nick
        return name

    # -- the cycle ---------------------------------------------------------------------
    def start(self) -> None:
        _log.info(
            "match.start",
            match=self.match_id,
            seed=self.seed,
            wizards=[c.nick for c in self.players],
        )
        self.broadcast(f"250 {self.match_id} :Match start")
        self._begin_round()
        self._advance()

    def _begin_round(self) -> None:
        self.round += 1
        self._sent.clear()
        self._early.clear()
        self.broadcast(f"251 {self.round_id} :Round start")
        for being, text in self._expiries:
            self.broadcast(f"355 {self.round_id} {being} :{text}")
        self._expiries.clear()
        for conn in self.present():
            self.send_state(conn)
        movers = [w for w in self.engine.movers if w not in self.gone]
        for wizard in movers:
            self.broadcast(f"320 {self.round_id} {wizard} :What are your gestures")
        for conn in self.present():
            conn.expect(conn.nick in movers)

    def in_match(self) -> list[str]:
        """Wizards still fighting: alive, not surrendered, not gone."""
        view = self.engine.view(self.engine.wizards[0])
        return [
            w.name
            for w in view.wizards
            if w.alive and not w.surrendered and w.name not in self.gone
        ]

    def send_state(self, conn: Connection) -> None:
        """The 300/310/315 blocks as ``conn`` sees them (also the answer to WHO)."""
        view = self.engine.view(conn.nick)
        conn.send("300 Wizards")
        for w in view.wizards:
            if w.alive and not w.surrendered and w.name not in self.gone:
                other = self.by_nick[w.name]
                conn.send(f"301 {w.name} {w.hp}/{w.max_hp} {other.gender} :{other.visible}")
        conn.send("302 :End of Wizards")
        conn.send("310 Monsters")
        for m in view.monsters:
            if m.alive:
                conn.send(
                    f"311 {m.id} {m.owner or '-'} {m.hp}/{m.max_hp} "
                    f":{m.kind.replace('-', ' ').title()}"
                )
        conn.send("312 :End of Monsters")
        effects = [(w.name, e, t) for w in view.wizards if w.alive for e, t in w.effects]
        effects += [(m.id, e, t) for m in view.monsters if m.alive for e, t in m.effects]
        if effects:
            conn.send("315 Effects")
            for being, effect, turns in effects:
                left = "permanent" if turns < 0 else f"{turns} turns left"
                conn.send(f"316 {being} {effect} {turns} :{effect} on {being}, {left}")
            conn.send("317 :End of Effects")

    # -- commands ----------------------------------------------------------------------
    def gesture(self, conn: Connection, args: Sequence[str]) -> None:
        engine = self.engine
        if len(args) != 2 or any(len(a) != 1 or a not in _GESTURE_CHARS for a in args):
            conn.send("402 :Invalid gesture")
            return
        if engine.phase is not Phase.GESTURES or conn.nick not in engine.movers:
            conn.send("406 :Not waiting for your gestures")
            return
        try:
            # Resubmitting before everyone has moved replaces the earlier gestures.
            engine.submit_gestures(conn.nick, args[0].upper(), args[1].upper())
        except SpellcastError as exc:
            conn.send(f"402 :Invalid gesture ({exc})")
            return
        conn.expect(False)
        self.broadcast(f"321 {self.round_id} {conn.nick} :Gestures ready")
        self._advance()

    def answer(self, conn: Connection, args: Sequence[str]) -> None:
        if self.finished or not self._asking():
            conn.send("403 :Invalid answer (no question is open for you)")
            return
        open_questions = self.engine.questions(conn.nick)
        if not open_questions and not self._early_answer(conn, args):
            conn.send("403 :Invalid answer (no question is open for you)")
            return
        if open_questions:
            try:
                for question, choice in match_answers(args, open_questions):
                    self.engine.answer(conn.nick, question.id, choice)
            except (AnswerError, SpellcastError) as exc:
                if not self._early_answer(conn, args):
                    conn.send(f"403 :Invalid answer ({exc})")
        self._advance(answering=conn.nick)

    def _early_answer(self, conn: Connection, args: Sequence[str]) -> bool:
        """Keep a sub-question answer given before we asked it (lithium asked the
        paralysed hand together with the target; the rules ask it once the target is
        known). It is applied when the question opens this turn; a later one replaces it."""
        if len(args) != 2 or "$" not in args[0]:
            return False
        hand, _, rest = args[0].partition("$")
        spell, _, what = rest.partition(".")
        if hand not in ("left", "right", "both") or what not in _EARLY_CHOICES:
            return False
        if args[1].lower() not in _EARLY_CHOICES[what]:
            return False
        self._early[(conn.nick, hand, _norm(spell), what)] = args[1].lower()
        return True

    def who(self, conn: Connection) -> None:
        self.send_state(conn)

    # -- phases ------------------------------------------------------------------------
    def _asking(self) -> bool:
        return self.engine.phase in (Phase.CHARM, Phase.QUESTIONS)

    def _advance(self, answering: str | None = None) -> None:
        """Move the match on as far as it goes without waiting for anyone: reveal the
        gestures once the engine has them, put new questions to whoever has some (and
        re-send the block to ``answering``, as lithium does after every ANSWER), say
        348 for whoever is done, resolve when nobody present owes an answer, and go on
        into the next round if that one needs nobody's gestures either (a time-stopped
        monster acting alone)."""
        engine = self.engine
        for _ in range(_MAX_UNATTENDED_ROUNDS):
            if self.finished or engine.phase is Phase.GESTURES or engine.phase is Phase.OVER:
                return
            self._apply_early()
            if engine.phase is Phase.QUESTIONS and self._revealed != self.round:
                self._revealed = self.round
                self._reveal()
            for conn in self.present():
                questions = engine.questions(conn.nick)
                key = tuple((q.id, q.kind, q.spell) for q in questions)
                if questions and (key != self._sent.get(conn.nick) or conn.nick == answering):
                    self._sent[conn.nick] = key
                    self._ask(conn, questions)
                elif not questions and self._sent.get(conn.nick):
                    self._sent[conn.nick] = ()
                    conn.expect(False)
                    self.broadcast(f"348 {self.round_id} {conn.nick} :Finished answering")
            if any(engine.questions(c.nick) for c in self.present()):
                return
            self._resolve()
            answering = None
        _log.error("match.runaway", match=self.match_id, rounds=self.round)
        self._declare(None, self.in_match())

    def _apply_early(self) -> None:
        engine = self.engine
        applied = True
        while applied and engine.phase is not Phase.OVER:
            applied = False
            for q in engine.questions():
                what = _SUB_WHAT.get(q.kind)
                if what is None or not q.hand:
                    continue
                early = self._early.get((q.wizard, q.hand, _norm(q.spell or ""), what))
                if early is not None and early in (c.lower() for c in q.choices):
                    engine.answer(q.wizard, q.id, early)
                    applied = True
                    break

    def _reveal(self) -> None:
        self.broadcast("330 :Gestures--")
        for conn in self.present():
            for wizard, left, right in self.engine.gestures(conn.nick):
                conn.send(f"331 {self.round_id} {wizard} {_shown(left, right)}")
        self.broadcast("332 :End of Gestures")

    def _ask(self, conn: Connection, questions: Sequence[Question]) -> None:
        for line in question_lines(self.round_id, questions, self.visible_name):
            conn.send(line)
        conn.expect(True)

    def _resolve(self) -> None:
        fighting = self.in_match()
        events = self.engine.resolve()
        for event in events:
            only = event.visible_to
            if event.kind is EventKind.EXPIRES:
                self._expiries.append((event.actor or event.target or "-", event.text))
                continue
            for line in event_lines(event, self.visible_name):
                self.broadcast(line, only=only)
        self.broadcast(f"350 {self.round_id} :Round complete")
        if self.engine.over:
            self._finish(fighting)
        else:
            self._begin_round()  # _advance's loop goes on if nobody need gesture

    def _finish(self, fighting: Sequence[str]) -> None:
        engine = self.engine
        if engine.outcome is Outcome.WIN and engine.winner is not None:
            self._declare(engine.winner, [])
        else:
            self._declare(None, [w for w in fighting if w not in self.gone] or list(fighting))

    def _declare(self, winner: str | None, draw: Sequence[str]) -> None:
        if self.finished:
            return
        self.finished = True
        if winner is not None:
            self.winner, self.outcome = winner, "win"
            self.broadcast(f"390 {self.match_id} {winner} :Wins the match!")
        else:
            self.outcome = "draw"
            self.broadcast(f"391 {self.match_id} :is a draw between-")
            for nick in draw:
                self.broadcast(f"392 {nick}")
            self.broadcast("393 :End of draw")
        _log.info(
            "match.over",
            match=self.match_id,
            outcome=self.outcome,
            winner=winner,
            rounds=self.round,
        )
        for conn in self.present():
            conn.expect(False)
        self.on_over(self)

    # -- leaving -----------------------------------------------------------------------
    def leave(self, conn: Connection) -> None:
        """``conn`` is out of the match (quit, dropped, timed out, yielded)."""
        if self.finished or conn.nick in self.gone:
            return
        was_fighting = conn.nick in self.in_match()
        conn.expect(False)
        if not was_fighting:
            self.gone.add(conn.nick)
            return
        # Everyone still connected hears it, the leaver too (a YIELD is answered by 380).
        for event in self.engine.forfeit(conn.nick):
            if event.kind in (EventKind.MATCH_OVER, EventKind.EXPIRES):
                continue
            for line in event_lines(event, self.visible_name):
                self.broadcast(line, only=event.visible_to)
        self.gone.add(conn.nick)
        if self.engine.over:
            self._finish(self.in_match())
            return
        if self.engine.phase is Phase.GESTURES:
            return
        self._advance()


def _shown(left: str, right: str) -> str:
    """A wizard's two gestures as a 331 line shows them: ``*`` where unseen, lower case
    when both hands made the same gesture (lithium's convention)."""
    left = "*" if left == "?" else left
    right = "*" if right == "?" else right
    if left == right and left != "*":
        return f"{left.lower()} {right.lower()}"
    return f"{left} {right}"


def _norm(text: str) -> str:
    return text.lower().replace("-", "").replace("_", "")
