"""Reading Rogue 5.4.4's screen: status line, messages, prompts, lists and the end.

Everything here is a pure function of a :class:`protocols.pty.ScreenSnapshot`, so
the same code reads a live game and a recording. The facts it relies on (from
shared/rogue/NOTES.md and Rogue's source, checked against the recordings):

* row 0 is the message line; ``--More--`` is written straight after the text and
  the cursor waits after it; older text to its right may stay;
* rows 1-22 are the map, the cursor rests on ``@`` when Rogue waits for a command;
* row 23 is the status line, ``Level: %d  Gold: %-5d  Hp: %*d(%*d)  Str: %2d(%d)
  Arm: %-2d  Exp: %d/%d  %s`` with the Hp fields as wide as max Hp;
* ``i`` clears the screen, lists ``x) item`` lines from row 0 and ends with
  ``--Press space to continue--``;
* a death draws the tombstone (name, ``N Au``, two cause lines) and
  ``[Press return to continue]``; a quit shows ``You quit with N gold pieces``;
  both end with ``Top Ten Scores:`` on the normal screen.
"""

from __future__ import annotations

import re

from protocols.pty import ScreenSnapshot
from runtime import message

MORE = "--More--"
PRESS_SPACE = "--Press space to continue--"
PRESS_RETURN = "[Press return to continue]"
CALL_IT_PROMPTS = ("What do you want to call it?", "Call it:")
REALLY_QUIT = "Really quit?"
#: The rows of the map on an 80x24 screen.
MAP_ROWS = range(1, 23)

_STATUS = re.compile(
    r"^Level: (?P<level>\d+) +Gold: (?P<gold>\d+) +Hp: +(?P<hp>-?\d+)\( *(?P<hp_max>\d+)\) +"
    r"Str: +(?P<str>\d+)\((?P<str_max>\d+)\) +Arm: (?P<arm>-?\d+) +"
    r"Exp: (?P<exp_level>\d+)/(?P<exp>\d+) *(?P<hunger>Hungry|Weak|Faint)? *$"
)
_ITEM = re.compile(r"^([a-zA-Z])\) (\S.*?)\s*$")
_SCORE = re.compile(r"^ ?\s*(\d+)\s+(\d+)\s+(.+?): (.+?)\s*$")
_QUIT = re.compile(r"You quit with (\d+) gold pieces")
_AU = re.compile(r"^\|\s*(\d+) Au\s*\|$")

#: Screen kinds, in the order :func:`classify` tests them.
KINDS = ("tombstone", "quit", "scores", "inventory", "more", "prompt", "map", "other")


@message("rogue.status")
class RogueStatus:
    """The status line (row 23), field by field."""

    level: int
    gold: int
    hp: int
    hp_max: int
    strength: int
    strength_max: int
    armor: int
    exp_level: int
    exp: int
    #: "", "Hungry", "Weak" or "Faint".
    hunger: str = ""

    @classmethod
    def parse(cls, line: str) -> RogueStatus | None:
        """The status in ``line``, or None if it is not a status line."""
        m = _STATUS.match(line.rstrip())
        if m is None:
            return None
        g = m.groupdict()
        return cls(
            level=int(g["level"]), gold=int(g["gold"]), hp=int(g["hp"]),
            hp_max=int(g["hp_max"]), strength=int(g["str"]), strength_max=int(g["str_max"]),
            armor=int(g["arm"]), exp_level=int(g["exp_level"]), exp=int(g["exp"]),
            hunger=g["hunger"] or "",
        )

    def format(self) -> str:
        """The line as Rogue prints it (``parse(s.format()) == s``)."""
        width = len(str(self.hp_max))
        return (
            f"Level: {self.level}  Gold: {self.gold:<5d}  Hp: {self.hp:{width}d}"
            f"({self.hp_max:{width}d})  Str: {self.strength:2d}({self.strength_max})  "
            f"Arm: {self.armor:<2d}  Exp: {self.exp_level}/{self.exp}  {self.hunger}"
        ).rstrip()


@message("rogue.view")
class RogueView:
    """One complete Rogue screen as a player reads it.

    ``kind`` is one of :data:`KINDS`. ``message`` is row 0 without ``--More--``
    (and without what an older message left to its right); ``more`` says a
    ``--More--`` waits for a space; ``prompt`` holds a question awaiting an answer
    ("Really quit?", "What do you want to call it?"...). ``map`` is rows 1-22 (empty
    on screens that are not the map), ``player`` the ``@``'s (row, column).
    """

    kind: str
    generation: int
    lines: tuple[str, ...]
    cursor: tuple[int, int]
    message: str = ""
    more: bool = False
    prompt: str = ""
    status: RogueStatus | None = None
    map: tuple[str, ...] = ()
    player: tuple[int, int] | None = None
    #: ``(letter, description)`` pairs of an inventory or item list.
    items: tuple[tuple[str, str], ...] = ()
    #: Tombstone, quit screen or score list details, as ``(key, value)`` pairs.
    end: tuple[tuple[str, object], ...] = ()

    def at(self, row: int, column: int) -> str:
        if 0 <= row < len(self.lines) and 0 <= column < len(self.lines[row]):
            return self.lines[row][column]
        return " "


def more_position(line: str) -> int:
    """The column of ``--More--`` in ``line``, or -1."""
    return line.find(MORE)


def message_text(line: str) -> str:
    """Row 0's message: the text before ``--More--`` (if any), trimmed."""
    at = line.find(MORE)
    return (line[:at] if at >= 0 else line).rstrip()


def prompt_text(snapshot: ScreenSnapshot) -> str:
    """The question on row 0 when the cursor waits right after it, else ""."""
    row, col = snapshot.cursor
    line = snapshot.lines[0]
    text = line.rstrip()
    if row != 0 or not text or MORE in line:
        return ""
    if col not in (len(text), len(text) + 1):
        # "What do you want to call it? <name>" keeps the prompt text after ESC,
        # but then the cursor has moved on: not a prompt any more.
        return ""
    return text if text[-1] in "?:" else ""


def find_player(lines: tuple[str, ...], cursor: tuple[int, int]) -> tuple[int, int] | None:
    """Where ``@`` is on the map: under the cursor if it is there, else the first one."""
    row, col = cursor
    if row in MAP_ROWS and 0 <= col < len(lines[row]) and lines[row][col] == "@":
        return (row, col)
    for r in MAP_ROWS:
        c = lines[r].find("@")
        if c >= 0:
            return (r, c)
    return None


def parse_tombstone(lines: tuple[str, ...]) -> tuple[tuple[str, object], ...] | None:
    """Name, gold and cause from a tombstone screen, or None if there is none."""
    if not any("REST" in line for line in lines) or not any("PEACE" in line for line in lines):
        return None
    stone = [line.strip() for line in lines]
    for i, text in enumerate(stone):
        m = _AU.match(text)
        if m is None:
            continue
        name = stone[i - 1].strip("|").strip() if i > 0 else ""
        cause = " ".join(
            s.strip("|").strip() for s in stone[i + 1:i + 3] if s.strip("|").strip()
        )
        killer = re.sub(r"^killed by (an? |the )?", "", cause)
        return (("name", name), ("gold", int(m.group(1))), ("cause", cause),
                ("killer", killer))
    return None


def parse_scores(lines: tuple[str, ...]) -> tuple[tuple[int, int, str, str], ...] | None:
    """``(rank, score, name, how)`` rows of the Top Ten list, or None if none is shown."""
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith("Top Ten Scores:"))
    except StopIteration:
        return None
    rows = []
    for line in lines[start + 1:]:
        m = _SCORE.match(line)
        if m is not None and m.group(1).isdigit():
            rows.append((int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)))
    return tuple(rows)


def classify(snapshot: ScreenSnapshot) -> str:
    """The kind of screen (one of :data:`KINDS`)."""
    lines = snapshot.lines
    bottom = lines[-1]
    if bottom.startswith(PRESS_RETURN) and parse_tombstone(lines) is not None:
        return "tombstone"
    if any(_QUIT.search(line) for line in lines[-3:]):
        return "quit"
    if any(line.startswith("Top Ten Scores:") for line in lines):
        return "scores"
    if bottom.startswith(PRESS_SPACE):
        return "inventory"
    if MORE in lines[0]:
        return "more"
    if prompt_text(snapshot):
        return "prompt"
    if RogueStatus.parse(bottom) is not None:
        return "map"
    return "other"


def read_screen(snapshot: ScreenSnapshot) -> RogueView:
    """Everything a player reads off one screen."""
    lines = snapshot.lines
    kind = classify(snapshot)
    view: dict[str, object] = {}
    status = RogueStatus.parse(lines[-1])
    if kind in ("map", "more", "prompt"):
        view["map"] = tuple(lines[r] for r in MAP_ROWS)
        view["player"] = find_player(lines, snapshot.cursor)
        view["message"] = message_text(lines[0])
        view["more"] = MORE in lines[0]
        view["prompt"] = prompt_text(snapshot)
    elif kind == "inventory":
        items = []
        for line in lines[:-1]:
            m = _ITEM.match(line)
            if m is not None:
                items.append((m.group(1), m.group(2)))
        view["items"] = tuple(items)
    elif kind == "tombstone":
        view["end"] = parse_tombstone(lines) or ()
    elif kind == "quit":
        m = next(_QUIT.search(line) for line in lines[-3:] if _QUIT.search(line))
        view["end"] = (("gold", int(m.group(1))),)
    elif kind == "scores":
        view["end"] = (("scores", parse_scores(lines) or ()),)
    return RogueView(kind=kind, generation=snapshot.generation, lines=lines,
                     cursor=snapshot.cursor, status=status, **view)  # type: ignore[arg-type]


def frame_ready(snapshot: ScreenSnapshot) -> bool:
    """Rogue's frame rule: is this screen at rest, waiting for a key?

    At rest: the cursor on ``@`` with no ``--More--`` showing; the cursor right
    after ``--More--``; the cursor after a question on row 0; the cursor at the end
    of ``--Press space to continue--`` or ``[Press return to continue]``. A bare
    message with the cursor after it is *not* at rest: Rogue writes the message,
    then (in a second write) the ``--More--`` or the map.
    """
    lines = snapshot.lines
    row, col = snapshot.cursor
    if not 0 <= row < len(lines):
        return False
    if lines[-1].startswith(PRESS_SPACE):
        # The list is drawn before the prompt; Rogue may then blank row 0 and
        # leave the cursor home (seeds 102 and 108 of the recordings).
        return (row, col) in ((len(lines) - 1, len(PRESS_SPACE)), (0, 0))
    line = lines[row]
    if row == 0:
        at = line.find(MORE)
        if at >= 0:
            return col == at + len(MORE)
        return bool(prompt_text(snapshot))
    if line.startswith(PRESS_RETURN):
        return col == len(PRESS_RETURN)
    if row in MAP_ROWS and 0 <= col < len(line) and line[col] == "@":
        return MORE not in lines[0]
    return False
