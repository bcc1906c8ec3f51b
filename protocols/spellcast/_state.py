"""A player's memory of a Spellcast match, rebuilt from the server's lines alone.

:class:`PlayerState` is fed every line the server sends (:meth:`PlayerState.feed`) and
keeps what a careful person at a telnet prompt would keep: the wizards' hit points and
whole gesture histories, the monsters and their owners, the visible effects, the open
questions with their legal choices, and how the match ended. It counts *prompts* — the
moments the server waits for us (our ``320``, a complete ``340..349`` block, an error
after a gesture, the end of the match) — so an adapter can tell a fresh decision point
from one it has already answered. For the player the match is over when it ends (``390``,
``391..393``) or, in a free-for-all that goes on without him, at the first round he is
no longer in after dying or surrendering (a loss). Pure and synchronous; no sockets.
"""

from __future__ import annotations

import attrs

from ._messages import MonsterState, QuestionView, TurnView, WizardState

__all__ = ["PlayerState", "ServerLine"]

#: Resolution and expiry lines kept as the round's events.
_EVENT_CODES = frozenset({"351", "352", "353", "354", "355", "356", "357", "358", "359",
                          "360", "361", "380", "303"})
#: Complaints about a gesture the server will not re-ask for by itself.
_REPROMPT_ERRORS = frozenset({"402", "403", "406"})


@attrs.frozen
class ServerLine:
    """``<code> <args...> [:<text>]`` split up; ``code`` stays a string (lithium sends
    ``XX1``)."""

    code: str
    args: tuple[str, ...]
    text: str

    @classmethod
    def parse(cls, line: str) -> ServerLine:
        head, sep, text = line.partition(" :")
        if not sep and head.startswith(":"):
            head, text = "", head[1:]
        parts = [p for p in head.split(" ") if p]
        if not parts:
            return cls("", (), text)
        return cls(parts[0], tuple(parts[1:]), text)


@attrs.define
class _Wizard:
    name: str
    visible: str = ""
    gender: str = "none"
    hp: int = 0
    max_hp: int = 0
    left: list[str] = attrs.field(factory=list)
    right: list[str] = attrs.field(factory=list)
    fighting: bool = True
    effects: list[tuple[str, int]] = attrs.field(factory=list)
    alive: bool = True
    surrendered: bool = False
    cut: int = 0

    def frozen(self) -> WizardState:
        return WizardState(self.name, self.visible, self.gender, self.hp, self.max_hp,
                           "".join(self.left), "".join(self.right), self.fighting,
                           tuple(self.effects), self.alive, self.surrendered, self.cut)


@attrs.define
class _Question:
    id: str
    kind: str
    hand: str | None = None
    spell: str | None = None
    prompt: str = ""
    choices: list[str] = attrs.field(factory=list)

    def frozen(self) -> QuestionView:
        return QuestionView(self.id, self.kind, tuple(self.choices), self.hand, self.spell,
                            self.prompt)


@attrs.define
class PlayerState:
    """What ``me`` knows; see the module docstring."""

    me: str = ""
    server: str = ""
    named: bool = False
    name_error: str = ""
    match: str = ""
    round: int = 0
    phase: str = "lobby"
    wizards: dict[str, _Wizard] = attrs.field(factory=dict)
    monsters: list[MonsterState] = attrs.field(factory=list)
    movers: list[str] = attrs.field(factory=list)
    questions: list[_Question] = attrs.field(factory=list)
    events: list[str] = attrs.field(factory=list)
    outcome: str = ""
    winner: str | None = None
    draw: list[str] = attrs.field(factory=list)
    error: str = ""
    #: Increases at every decision point; see the module docstring.
    prompts: int = 0
    matches_played: int = 0
    _pending_events: list[str] = attrs.field(factory=list)
    _block: list[_Question] | None = None
    _roster: list[str] | None = None
    _monster_block: list[MonsterState] | None = None
    _effects: dict[str, list[tuple[str, int]]] = attrs.field(factory=dict)

    # -- the view ----------------------------------------------------------------------
    def view(self) -> TurnView:
        """The current decision point as an immutable message."""
        return TurnView(
            me=self.me,
            match=self.match,
            round=self.round,
            phase=self.phase,
            wizards=tuple(w.frozen() for w in self.wizards.values()),
            monsters=tuple(self.monsters),
            movers=tuple(self.movers),
            questions=tuple(q.frozen() for q in self.questions),
            events=tuple(self.events),
            outcome=self.outcome,
            winner=self.winner,
            error=self.error,
        )

    @property
    def over(self) -> bool:
        return self.phase == "over"

    # -- feeding -----------------------------------------------------------------------
    def feed(self, raw: str) -> None:
        """Take in one server line (anything unknown is ignored, as a lenient client should)."""
        line = ServerLine.parse(raw)
        code, args = line.code, line.args
        handler = _HANDLERS.get(code)
        if handler is not None:
            handler(self, line)
        elif code == "357":
            self._success(line, raw)
        elif code in _EVENT_CODES:
            self._pending_events.append(raw)
        elif code.startswith("4") and len(code) == 3:
            self.error = raw
            if code in _REPROMPT_ERRORS and self.phase == "gestures":
            # The server will not ask again by itself: the same decision, retried.
                self._prompt()
        del args

    def _prompt(self) -> None:
        self.prompts += 1

    # 2xx: handshake and lobby
    def _hello(self, line: ServerLine) -> None:
        self.server = " ".join(line.args[1:])

    def _welcome(self, line: ServerLine) -> None:
        # "200 Hello <nick>"
        if len(line.args) >= 2:
            self.me = line.args[1]
        self.named = True

    def _match_start(self, line: ServerLine) -> None:
        self.match = line.args[0] if line.args else ""
        self.round = 0
        self.phase = "waiting"
        self.wizards.clear()
        self.monsters.clear()
        self.questions.clear()
        self.events.clear()
        self._pending_events.clear()
        self.outcome, self.winner, self.error = "", None, ""
        self.draw.clear()

    def _round_start(self, line: ServerLine) -> None:
        me = self.wizards.get(self.me)
        if me is not None and not me.fighting and self.phase != "over":
            # We died or surrendered last round and the match goes on without us:
            # our game is over (a 390/391 would have come before this 251).
            self.outcome = "loss"
            self._end()
        self.round = _round_number(line.args[0]) if line.args else self.round + 1
        self.movers.clear()
        self.questions.clear()
        if self.phase != "over":
            self.phase = "waiting"

    # 30x/31x: state blocks
    def _wizards_start(self, line: ServerLine) -> None:
        self._roster = []
        self._effects.clear()

    def _wizard(self, line: ServerLine) -> None:
        if len(line.args) < 2 or "/" not in line.args[1] or not self.match:
            return  # a lobby line ("+", "-", "*"): not about the match
        name, hp = line.args[0], line.args[1]
        now, _, most = hp.partition("/")
        wizard = self.wizards.get(name)
        if wizard is None:
            wizard = self.wizards[name] = _Wizard(name)
            # A wizard first seen late gets histories as long as everyone else's.
            longest = max((len(w.left) for w in self.wizards.values()), default=0)
            wizard.left += ["?"] * longest
            wizard.right += ["?"] * longest
        wizard.hp, wizard.max_hp = _int(now), _int(most)
        wizard.gender = line.args[2] if len(line.args) > 2 else "none"
        wizard.visible = line.text or name
        wizard.fighting = True
        if self._roster is not None:
            self._roster.append(name)

    def _wizards_end(self, line: ServerLine) -> None:
        if self._roster is not None and self.match and self.phase != "over":
            for name, wizard in self.wizards.items():
                if name not in self._roster:
                    wizard.fighting = False
        self._roster = None

    def _quits(self, line: ServerLine) -> None:
        self._pending_events.append(f"303 {' '.join(line.args)} :{line.text}")
        if line.args and line.args[0] in self.wizards:
            self.wizards[line.args[0]].fighting = False

    def _monsters_start(self, line: ServerLine) -> None:
        self._monster_block = []

    def _monster(self, line: ServerLine) -> None:
        if len(line.args) < 3:
            return
        ident, owner, hp = line.args[0], line.args[1], line.args[2]
        now, _, most = hp.partition("/")
        monster = MonsterState(ident, owner, _int(now), _int(most or now), line.text or ident)
        if self._monster_block is not None:
            self._monster_block.append(monster)

    def _monsters_end(self, line: ServerLine) -> None:
        if self._monster_block is not None:
            self.monsters = self._monster_block
        self._monster_block = None

    def _effect(self, line: ServerLine) -> None:
        if len(line.args) < 2:
            return
        being, effect = line.args[0], line.args[1]
        turns = _int(line.args[2]) if len(line.args) > 2 else -1
        self._effects.setdefault(being, []).append((effect, turns))

    def _effects_end(self, line: ServerLine) -> None:
        for name, wizard in self.wizards.items():
            wizard.effects = list(self._effects.get(name, ()))
        self.monsters = [attrs.evolve(m, effects=tuple(self._effects.get(m.id, ())))
                         for m in self.monsters]

    # 32x/33x: gestures
    def _gestures_asked(self, line: ServerLine) -> None:
        if len(line.args) < 2:
            return
        nick = line.args[1]
        self.movers.append(nick)
        if nick in self.wizards or self.match:
            self.wizards.setdefault(nick, _Wizard(nick))
        if nick == self.me:
            # No 315 block means no visible effects this round.
            if not self._effects:
                for wizard in self.wizards.values():
                    wizard.effects = []
            self.phase = "gestures"
            self.error = ""
            self.events = self._pending_events
            self._pending_events = []
            self._prompt()

    def _gestures_ready(self, line: ServerLine) -> None:
        if len(line.args) >= 2 and line.args[1] == self.me and self.phase == "gestures":
            self.phase = "waiting"

    def _reveal(self, line: ServerLine) -> None:
        if len(line.args) < 4:
            return
        wizard = self.wizards.setdefault(line.args[1], _Wizard(line.args[1]))
        wizard.left.append(_gesture(line.args[2]))
        wizard.right.append(_gesture(line.args[3]))

    # 34x: questions
    def _questions_start(self, line: ServerLine) -> None:
        self._block = []

    def _new_question(self, kind: str, ident: str, line: ServerLine, *,
                      hand: str | None = None, spell: str | None = None) -> None:
        if self._block is None:
            self._block = []
        self._block.append(_Question(ident, kind, hand, spell, line.text))

    def _spell_question(self, line: ServerLine) -> None:
        hand = line.args[0] if line.args else "?"
        self._new_question("spell", hand, line, hand=hand)

    def _target_question(self, line: ServerLine) -> None:
        hand = line.args[0] if line.args else "?"
        spell = line.args[1] if len(line.args) > 1 else None
        self._new_question("target", hand, line, hand=hand, spell=spell)

    def _monster_question(self, line: ServerLine) -> None:
        ident = line.args[0] if line.args else "?"
        self._new_question("monster", ident, line)

    def _sub_question(self, line: ServerLine) -> None:
        ident = line.args[0] if line.args else "?"
        hand, dollar, rest = ident.partition("$")
        spell = rest.partition(".")[0] if dollar else None
        self._new_question("choice", ident, line, hand=hand if dollar else None, spell=spell)

    def _choice(self, line: ServerLine) -> None:
        if self._block and len(line.args) >= 2:
            self._block[-1].choices.append(line.args[1])

    def _questions_end(self, line: ServerLine) -> None:
        self.questions = self._block or []
        self._block = None
        if self.questions and self.phase != "over":
            self.phase = "questions"
            self.error = ""
            self._prompt()

    def _finished_answering(self, line: ServerLine) -> None:
        if len(line.args) >= 2 and line.args[1] == self.me:
            self.questions = []
            if self.phase == "questions":
                self.phase = "waiting"

    # 35x..39x: resolution and the end
    def _success(self, line: ServerLine, raw: str) -> None:
        # "357 <caster> <slug> <target> :<text>": a spell took effect. An Anti-Spell
        # cuts the target's gestures so far off from every spell.
        self._pending_events.append(raw)
        if len(line.args) >= 3 and line.args[1] == "anti-spell":
            wizard = self.wizards.get(line.args[2])
            if wizard is not None:
                wizard.cut = len(wizard.left)

    def _round_complete(self, line: ServerLine) -> None:
        self.questions = []

    def _dies(self, line: ServerLine) -> None:
        self._pending_events.append(f"380 {' '.join(line.args)} :{line.text}")
        if line.args and line.args[0] in self.wizards:
            wizard = self.wizards[line.args[0]]
            wizard.fighting = wizard.alive = False
            wizard.hp = min(wizard.hp, 0)

    def _surrenders(self, line: ServerLine) -> None:
        self._pending_events.append(f"354 {' '.join(line.args)} :{line.text}")
        if line.args and line.args[0] in self.wizards:
            self.wizards[line.args[0]].fighting = False
            self.wizards[line.args[0]].surrendered = True

    def _wins(self, line: ServerLine) -> None:
        self.winner = line.args[1] if len(line.args) > 1 else None
        if self.phase == "over":
            return  # we were out already; the match has ended for the others too
        self.outcome = "win" if self.winner == self.me else "loss"
        self._end()

    def _draw_start(self, line: ServerLine) -> None:
        self.draw = []

    def _draw_member(self, line: ServerLine) -> None:
        if line.args:
            self.draw.append(line.args[0])

    def _draw_end(self, line: ServerLine) -> None:
        self.winner = None
        if self.phase == "over":
            return
        self.outcome = "draw" if self.me in self.draw else "loss"
        self._end()

    def _end(self) -> None:
        self.phase = "over"
        self.questions = []
        self.events = self._pending_events
        self._pending_events = []
        self.matches_played += 1
        self._prompt()

    def _name_error(self, line: ServerLine) -> None:
        self.name_error = f"{line.code} {line.text}".strip()
        self.error = self.name_error


_HANDLERS = {
    "222": PlayerState._hello,
    "200": PlayerState._welcome,
    "250": PlayerState._match_start,
    "251": PlayerState._round_start,
    "300": PlayerState._wizards_start,
    "301": PlayerState._wizard,
    "302": PlayerState._wizards_end,
    "303": PlayerState._quits,
    "354": PlayerState._surrenders,
    "310": PlayerState._monsters_start,
    "311": PlayerState._monster,
    "312": PlayerState._monsters_end,
    "316": PlayerState._effect,
    "317": PlayerState._effects_end,
    "320": PlayerState._gestures_asked,
    "321": PlayerState._gestures_ready,
    "331": PlayerState._reveal,
    "340": PlayerState._questions_start,
    "341": PlayerState._spell_question,
    "342": PlayerState._choice,
    "345": PlayerState._target_question,
    "346": PlayerState._choice,
    "335": PlayerState._monster_question,
    "336": PlayerState._choice,
    "XX1": PlayerState._sub_question,
    "XX2": PlayerState._choice,
    "349": PlayerState._questions_end,
    "348": PlayerState._finished_answering,
    "350": PlayerState._round_complete,
    "380": PlayerState._dies,
    "390": PlayerState._wins,
    "391": PlayerState._draw_start,
    "392": PlayerState._draw_member,
    "393": PlayerState._draw_end,
    "400": PlayerState._name_error,
    "401": PlayerState._name_error,
}


def _gesture(shown: str) -> str:
    if shown == "*":
        return "?"
    return shown.upper()[:1] or "?"


def _round_number(round_id: str) -> int:
    return _int(round_id.rpartition(".")[2])


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0
