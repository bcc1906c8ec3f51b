"""The sensory system and message interpretation.

``Sense`` turns the adapter's screen (``observation``, a RogueView) into low-level
facts (``sensed``): where the hero, the monsters and the objects are. ``Messages``
reads row 0 through a pattern table into events (``events``): combat results,
items gained and identified, status changes. Rogue erases the message line when it
reads the next command, so a message on a map or ``--More--`` screen is the answer
to the last key (several are joined with ``".  "``), with one exception: the item
question ("which object do you want to read? (* for list):") is marked as read
once an item is chosen, so when the item says nothing it stays on row 0, turn
after turn, until the next message (:func:`stale_question`).
"""

from __future__ import annotations

import re

import attrs

from runtime import Activation, KnowledgeSource

from ._facts import Event, Events, Sensed
from ._grid import MONSTER_LETTERS, OBJECT_CHARS, TOP

#: Rogue's item question: ``get_item`` sets ``Mpos = 0`` once it has the letter.
_ITEM_QUESTION = re.compile(r"\(\* for list\):?$")


def stale_question(view) -> bool:  # noqa: ANN001 - a RogueView
    """An item question left on a map screen: already answered, not news.

    Taken for news, it marked the pack as changed on every screen: the pack was
    listed again after every step (dungeon 72 of 1.29 walked 60 screens so), and
    with a monster near, where there is no time to list it, battlestations' last
    resort (an unknown potion or scroll) waited for a pack no longer in doubt.
    """
    return view.kind == "map" and bool(_ITEM_QUESTION.search(view.message))


def sense(view) -> Sensed:  # noqa: ANN001 - a RogueView
    """The low-level facts of one screen."""
    if view.kind not in ("map", "more", "prompt") or not view.map:
        return Sensed(kind=view.kind, generation=view.generation, status=view.status,
                      items=view.items,
                      top_blank=view.kind == "inventory" and not view.lines[0].strip())
    monsters, objects = [], []
    for r, row in enumerate(view.map):
        for c, ch in enumerate(row):
            if ch in MONSTER_LETTERS:
                monsters.append((ch, (r + TOP, c)))
            elif ch in OBJECT_CHARS:
                objects.append((ch, (r + TOP, c)))
    return Sensed(
        kind=view.kind, generation=view.generation, message=view.message, more=view.more,
        prompt=view.prompt, status=view.status, rows=view.map, player=view.player,
        monsters=tuple(monsters), objects=tuple(objects),
        fresh=bool(view.message) and view.kind in ("map", "more") and not stale_question(view),
    )


class Sense(KnowledgeSource):
    """Screen to low-level facts (``observation`` to ``sensed``)."""

    name = "sense"
    reads = frozenset({"observation"})
    writes = frozenset({"sensed"})
    budget = 0.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._screens = ScreenSequence()

    async def activate(self, activation: Activation) -> None:
        await activation.write("sensed", self._screens.sense(activation.read("observation")))


class ScreenSequence:
    """:func:`sense` over the screens of one game, in order: a message is news only if
    the screen before was not a list, since closing a list restores the screen under
    it, old message and all. (The sense source and the chronicle both read so.)"""

    def __init__(self) -> None:
        self._previous = ""

    def sense(self, view) -> Sensed:  # noqa: ANN001 - a RogueView
        sensed = sense(view)
        if self._previous == "inventory" and sensed.fresh:
            sensed = attrs.evolve(sensed, fresh=False)
        self._previous = sensed.kind
        return sensed


_MON = r"(?:the |an? )?(?P<m>[a-z][a-z ]*?)"
#: The pattern table, tried in order on each message (case-insensitive).
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(rx, re.IGNORECASE)) for kind, rx in (
        ("killed", rf"^(?:you have )?defeated {_MON}$"),
        ("we_hit", rf"^you (?:hit|scored an excellent hit on|have injured|swing and hit) {_MON}$"),
        ("we_missed", rf"^you (?:miss|missed|swing and miss|barely miss|don't hit) {_MON}$"),
        ("hit_by", rf"^{_MON} (?:hits|hit|scored an excellent hit on|has injured|swings and hits)"
                   r" you$"),
        ("missed_by", rf"^{_MON} (?:misses|missed|swings and misses|barely misses|"
                      r"doesn.t hit) you$"),
        ("missile_hit", r"^the (?P<m>[a-z ]+?) hits (?:the |an? )?(?P<t>[a-z ]+)$"),
        ("missile_missed", r"^the (?P<m>[a-z ]+?) misses (?:the |an? )?(?P<t>[a-z ]+)$"),
        ("wielding", r"^(?:you are now )?wielding (?P<m>.+) \((?P<t>[a-zA-Z])\)$"),
        ("took_off", r"(?:you used to be|was) wearing (?P<t>[a-zA-Z])\) (?P<m>.+)$"),
        ("wearing", r"^(?:you are now )?wearing (?P<m>.+)$"),
        ("dropped", r"^dropped (?P<m>.+)$"),
        ("picked_up", r"^(?:you now have )?(?P<m>.+) \((?P<t>[a-zA-Z])\)$"),
        ("pack_full", r"there's no room in your pack|^no room"),
        ("moved_onto", r"^(?:you )?moved onto (?P<m>.+)$"),
        ("found_gold", r"^you found (?P<m>\d+) gold pieces?$"),
        ("freed", r"you can move again"),
        ("frozen", r"you are frozen|you fall asleep"),
        ("held", r"you are being held|you cannot move"),
        ("confused", r"what\?  who\?|you feel (?:somewhat )?confused|what a trippy feeling|"
                     r"wait, what's going on here"),
        ("unconfused", r"you feel less (?:confused|trip)"),
        ("blind", r"everything is dark|a cloak of darkness falls"),
        ("unblind", r"the veil of darkness lifts|far out"),
        ("hallucinating", r"everything seems so cosmic"),
        ("unhallucinating", r"everything looks so boring now"),
        ("levitating", r"you're floating|you start to float in the air"),
        ("landed", r"you float gently to the ground|you've hit the ground"),
        ("hasted", r"you feel yourself moving much faster"),
        ("unhasted", r"you feel yourself slowing down|you faint from exhaustion"),
        ("weaker", r"you feel (?:a bite in your leg and now feel )?weaker|has weakened you"),
        ("stolen", r"she stole (?P<m>.+)$|your purse feels lighter"),
        ("hungry", r"you are starting to (?:get hungry|feel weak)|you feel (?:too )?(?:weak|faint)|"
                   r"you faint"),
        ("ate", r"yum|that tasted good|this food tastes"),
        ("trap", r"trap door|you fell into a trap|a small dart|bear trap|beartrap|"
                 r"you are caught in|a gush of water|teleport|sleeping gas|mysterious trap"),
        ("no_stairs", r"i see no way down"),
        ("not_valid", r"^'(?P<t>.)' is not a valid item|^'(?P<m>.)' not in pack"),
        ("illegal", r"^illegal command|you can't|you don't have"),
        ("nothing_there", r"^(?:i see )?no monster there|you aren't carrying"),
        ("level_up", r"^welcome to level (?P<m>\d+)"),
        ("call_prompt", r"what do you want to call it|^call it"),
        ("identified", r"^(?P<t>[a-zA-Z])\) (?P<m>.+)$"),
        ("armor_changed", r"your armor (?:glows|is covered|appears|weakens)|"
                          r"the acid eats|your armor is damaged"),
        ("better", r"you feel (?:much )?better|you begin to feel better"),
        ("scared", r"you hear maniacal laughter|aggravat"),
    )
)


def message_parts(message: str) -> tuple[str, ...]:
    """The messages on one message line (Rogue joins several with ``".  "``)."""
    parts = (part.strip().rstrip(".!") for part in
             re.split(r"\.\s+", message.strip().rstrip(".!")))
    return tuple(part for part in parts if part)


def is_faint(part: str) -> bool:
    """Whether one message (:func:`message_parts`) says the hero fainted: from hunger
    ("You faint", "You freak out" while hallucinating) or from a second haste ("you
    faint from exhaustion"). Rogue reads no key while he lies there."""
    return part.lower().startswith(("you faint", "you freak out"))


def interpret(message: str) -> tuple[Event, ...]:
    """The events in one message line, one per message (:func:`message_parts`)."""
    events = []
    for part in message_parts(message):
        for kind, pattern in PATTERNS:
            m = pattern.search(part)
            if m is not None:
                groups = m.groupdict()
                events.append(Event(kind, (groups.get("m") or "").strip(),
                                    (groups.get("t") or "").strip()))
                break
        else:
            events.append(Event("other", part))
    return tuple(events)


class Messages(KnowledgeSource):
    """Message interpretation (``sensed`` to ``events``) by the pattern table."""

    name = "messages"
    reads = frozenset({"sensed"})
    writes = frozenset({"events"})
    budget = 0.5

    async def activate(self, activation: Activation) -> None:
        sensed: Sensed = activation.read("sensed")
        events = interpret(sensed.message) if sensed.fresh else ()
        await activation.write("events", Events(activation.generation, events))
