"""What a game's hero read that its record should keep: thefts, rust, freezes, crowds.

A tournament's record says how a game ended (score, depth, killer); over thousands
of games the questions that follow are about what happened on the way: how much
gold leprechauns took, how often an aquator rusted the armor, how often the hero
was frozen or fainted. Until now each answer took a replay of every game. The
:class:`Chronicle` reads the same screens the agent reads — the message line, by
the message interpreter's pattern table (``_sense.interpret``), and the status
line — and keeps a few counts, which the tournament stores with the game
(``detail["events"]``) and the report sums.

A scroll of scare monster read (Rogue's laughter) names the kind (``_screens.CALLS``);
one dropped is a sanctuary (``_sanctuary``): the record counts both.

A crowd is :data:`CROWD` or more monsters in view at once. Rogue's treasure room (one
level in twenty, ``treas_room``) holds at least two more monsters than treasures, of
the next level down, every one of them mean: they wake as the hero comes in view and
come together. The chronicle keeps how many levels showed a crowd and the last such
level, so the report can say how many games ended on one.

A walk to and fro is the hero pacing between a few squares, the same keys on the
same squares over and over (``_pacing``: the rule the agent itself watches for and
breaks off); the record counts each one noticed, whichever agent played.

A long stay is :data:`LONG_STAY` or more screens on one dungeon level. A level takes
some 300 to 1,500; the stays past 3,000 found so far were the hero walking to and
fro between two plans until he starved (dungeons 523, 530 and 1293 of 1.70), so the
record keeps the longest stay when it is that long, and the report counts such games.

Gold left behind is the piles (``*``) still drawn on the map when the hero leaves a
level (the last screen with the map before the status line shows another level):
Rogue keeps an object on the map once seen, so these are piles seen and not picked up,
passed by for a monster beside them, or left when patience or hunger took the hero
down. (A hallucinating hero's map shows objects as random symbols.)

Only fresh messages count (``_sense.ScreenSequence``): a message left on the screen under a
closed inventory list, or an answered item question, is not news. Gold stolen is
the drop of the status line's gold after "your purse feels lighter": Rogue takes
it in the same turn, but the status line may show it a screen later, under a
``--More--``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ._pacing import StepLog
from ._sanctuary import SCARE
from ._sense import ScreenSequence, interpret, is_faint, message_parts

#: The counts a chronicle keeps, in the order the report prints them.
EVENT_NAMES = ("gold_thefts", "gold_stolen", "item_thefts", "armor_rusted", "freezes",
               "faints", "strength_drained", "gold_left", "crowds", "scare_read",
               "sanctuaries", "walks")
#: Rogue's symbol for gold.
GOLD = "*"
#: Monsters in view at once that make a crowd.
CROWD = 5
#: Screens on one dungeon level that make a long stay.
LONG_STAY = 3000


class Chronicle:
    """Counts notable events from the screens of one game, as a player reads them."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(EVENT_NAMES, 0)
        self._screens = ScreenSequence()
        #: The status line's gold before the last theft, until the status shows the drop.
        self._gold_before_theft: int | None = None
        self._gold: int | None = None
        #: Dungeon levels on which a crowd was in view.
        self.crowded: set[int] = set()
        #: Screens seen on each dungeon level.
        self.stays: Counter[int] = Counter()
        #: The dungeon level of the last status line, and the gold piles on the last
        #: map seen there.
        self._level: int | None = None
        self._piles = 0
        #: The squares stood on and keys pressed on this level, for the walks to and fro.
        self._steps = StepLog()
        self._where: Any = None

    def note(self, view: Any) -> None:
        """Read one screen (any view without a message line or status is skipped)."""
        if not hasattr(view, "lines") or not hasattr(view, "message"):
            return
        sensed = self._screens.sense(view)
        if sensed.player is not None:
            self._where = sensed.player
        gold_before = self._gold
        if sensed.fresh:
            for part in message_parts(view.message):
                for event in interpret(part):
                    self._count(event.kind, part, gold_before)
        status = view.status
        if status is None:
            return
        self.stays[status.level] += 1
        if status.level != self._level:
            if self._level is not None:
                self.counts["gold_left"] += self._piles
            self._level, self._piles = status.level, 0
            self._steps.clear()
        if sensed.rows:
            self._piles = sum(1 for symbol, _ in sensed.objects if symbol == GOLD)
        if len(sensed.monsters) >= CROWD:
            self.crowded.add(status.level)
        if self._gold_before_theft is not None and status.gold < self._gold_before_theft:
            self.counts["gold_stolen"] += self._gold_before_theft - status.gold
            self._gold_before_theft = None
        self._gold = status.gold

    def acted(self, action: Any) -> None:
        """Note the key sent on the last screen read: a walk to and fro is counted when
        the keys and squares repeat one cycle as the pacing watch's rule says."""
        if not isinstance(action, str):
            return
        self._steps.append(self._where, action)
        if self._steps.walk() is not None:
            self.counts["walks"] += 1

    def _count(self, kind: str, text: str, gold_before: int | None) -> None:
        low = text.lower()
        if kind == "stolen":
            if "purse" in low:
                self.counts["gold_thefts"] += 1
                self._gold_before_theft = gold_before
            else:
                self.counts["item_thefts"] += 1
        elif kind == "armor_changed" and "weaker" in low:
            self.counts["armor_rusted"] += 1
        elif kind == "frozen" and "frozen" in low:
            self.counts["freezes"] += 1
        elif is_faint(text):
            self.counts["faints"] += 1
        elif kind == "weaker":
            self.counts["strength_drained"] += 1
        elif kind == "scared" and "laughter" in low:
            self.counts["scare_read"] += 1
        elif kind == "dropped" and SCARE in low:
            self.counts["sanctuaries"] += 1

    def summary(self) -> dict[str, int]:
        """The counts that are not zero (an empty dict for an uneventful game), with a
        crowd seen, the last level it was seen on (``last_crowd``), and after a long
        stay, the screens of the longest (``longest_stay``)."""
        counts = {**self.counts, "crowds": len(self.crowded)}
        out = {name: n for name, n in counts.items() if n}
        if self.crowded:
            out["last_crowd"] = max(self.crowded)
        longest = max(self.stays.values(), default=0)
        if longest >= LONG_STAY:
            out["longest_stay"] = longest
        return out
