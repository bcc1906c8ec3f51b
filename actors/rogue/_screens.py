"""Screen handlers, above every expert: what is not a move in the dungeon.

``--More--`` is dismissed; questions are answered (an identify scroll's question
with an unknown item, the quit confirmation with yes, which hand for a ring with the
left, "what do you want to call it?" with the kind a scroll just gave away
(``CALLS``), anything else with ESC);
the inventory list is closed once read. The inventory expert asks for a fresh
list (``i``) when the database is stale and nothing threatens; the budget expert
quits after a set number of decisions.
"""

from __future__ import annotations

import re
from typing import ClassVar

from runtime import Proposal

from ._base import ESC, RogueExpert
from ._context import Situation
from ._inventory import IDENTIFY_KINDS

#: The letters Rogue gives pack items.
PACK_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_UNKNOWN_FIRST = ("scroll", "potion", "wand", "ring", "armor", "weapon")
#: Scroll kinds Rogue 5.4.4 reads without naming, by the message that gives each away,
#: and the name to give the kind when Rogue then asks what to call it: its inventory
#: shows the next one so ("A scroll called scare monster"), where it would show a
#: title. Rog-O-Matic inferred the same from the laughter (``mess.c``). Only the scare
#: monster matters to an expert (``_sanctuary``): read, it does nothing; dropped, no
#: monster can strike the hero standing on it.
CALLS = ((re.compile(r"you hear maniacal laughter", re.IGNORECASE), "scare monster"),)
_CALL_PROMPTS = ("what do you want to call it", "call it")
_IDENTIFY = re.compile(r"identify (potion|scroll|weapon|armor|ring, wand or staff) scroll|"
                       r"you must identify an? (potion|scroll|weapon|suit of armor|"
                       r"ring, wand or staff)", re.IGNORECASE)


class ScreenHandler(RogueExpert):
    name = "screens"
    needs_map = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: The kinds the identify scroll being read insists on ("" for any).
        self.identify: tuple[str, ...] = ()
        #: Letters already offered at this identify prompt.
        self.offered: set[str] = set()
        #: The name for the kind a message just gave away ("" for none), kept over its
        #: --More-- until Rogue's question or the map.
        self.call = ""

    def _identify(self, s: Situation) -> Proposal:
        """A letter for the identify prompt, a different one each time it is asked.

        Rogue insists on an item of the scroll's kind and asks again after a wrong
        letter. ``*`` lists the kind: with none in the pack it says so and the scroll
        gives up; otherwise it shows them (a single item on the message line, without
        its letter) and asks again. So: the known items of the kind first, else
        ``*``, then each letter once, those the pack view does not know (an item it
        has never seen listed) before the rest.
        """
        kinds = self.identify or _UNKNOWN_FIRST
        items = s.inventory.items if s.inventory is not None else ()
        matching = [i for i in items if i.kind in kinds]
        unknown = [i for i in matching if i.unidentified]
        for item in unknown + matching:
            if item.letter not in self.offered:
                self.offered.add(item.letter)
                return Proposal(item.letter, f"identify {item.text!r}")
        known = {i.letter for i in items}
        letters = ["*"] + [c for c in PACK_LETTERS if c not in known] + sorted(known)
        for letter in letters:
            if letter not in self.offered:
                self.offered.add(letter)
                what = "list the kind" if letter == "*" else f"offer item {letter!r}"
                return Proposal(letter, f"identify: no {'/'.join(kinds)} known in the "
                                        f"pack; {what}")
        self.offered.clear()
        return Proposal(ESC, "identify: every letter offered; escape")

    def advise(self, s: Situation) -> Proposal | None:
        sensed = s.sensed
        m = _IDENTIFY.search(sensed.message)
        if m is not None:
            self.identify = IDENTIFY_KINDS[(m.group(1) or m.group(2)).lower()]
        asking = sensed.kind == "prompt" or bool(sensed.prompt)
        called = next((name for pattern, name in CALLS if pattern.search(sensed.message)), "")
        if called or not (sensed.more or asking):
            self.call = called
        if sensed.more:
            return Proposal(" ", f"dismiss --More-- after {sensed.message[:40]!r}")
        if sensed.kind == "inventory":
            return Proposal(" ", f"inventory read ({len(sensed.items)} items): close the list")
        if asking:
            prompt = sensed.prompt.lower()
            if prompt.startswith("really quit"):
                return Proposal("y", "confirm the quit")
            if "identify" in prompt:
                return self._identify(s)
            if prompt.startswith(("left hand or right hand", "left or right ring")):
                # Putting a ring on with both hands free (the rings expert sends a
                # hand with its R when two are worn).
                return Proposal("l", "the left hand")
            self.offered.clear()
            call, self.call = self.call, ""
            if call and prompt.startswith(_CALL_PROMPTS):
                # The line typed ends in a newline; Rogue reads it without a turn passing.
                return Proposal(call + "\n", f"call the kind just read {call!r}")
            return Proposal(ESC, f"decline {sensed.prompt!r}")
        if sensed.kind == "map" and not sensed.message:
            self.offered.clear()
        if sensed.kind == "other":
            return Proposal(ESC, "an unknown screen: escape")
        if sensed.kind == "map" and sensed.player is None:
            return Proposal("s", "the hero is not on the map (blind or hidden): wait a turn")
        return None


class InventoryCheck(RogueExpert):
    """Lists the pack when its contents are in doubt and nothing is near.

    Rogue 5.4.4 draws a list asked for while a message shows with row 0 blank: the
    pack's first item (the armor worn, once the first ration is eaten) is missing. So
    a message is cleared first with ESC, which Rogue reads without a turn passing.
    A pack Rogue broke (``Inventory.broken``) is never listed: the list crashes it.
    """

    name = "inventory"
    #: ESCs in a row after which the list is asked for anyway.
    max_escapes = 2

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.escapes = 0

    def advise(self, s: Situation) -> Proposal | None:
        if s.inventory is None or not s.inventory.stale or s.inventory.broken:
            self.escapes = 0
            return None
        if s.awake_within(4) or s.adjacent:
            return None
        if s.sensed.message.strip() and self.escapes < self.max_escapes:
            self.escapes += 1
            return Proposal(ESC, "the pack changed: clear the message, then read the inventory "
                                 "(a list under a message loses its first line)")
        self.escapes = 0
        return Proposal("i", "the pack changed: read the inventory")


class Budget(RogueExpert):
    """Quits (``Q``, then ``y`` to the question) after ``limit`` decisions."""

    name = "budget"
    limit: ClassVar[int] = 10**9
    #: Every decision counts; the quit itself waits for the map screen.
    needs_map = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decisions = 0

    def advise(self, s: Situation) -> Proposal | None:
        self.decisions += 1
        if self.decisions > self.limit and s.on_map:
            return Proposal("Q", f"played {self.limit} decisions: quit")
        return None
