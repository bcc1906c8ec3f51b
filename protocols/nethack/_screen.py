"""Reading NetHack 3.6's tty screen: messages, prompts, menus, status, map, the end.

One reader for both NetHack adapters: the Debian binary in a pseudo-terminal and
NLE in-process both give 24 rows of 80 characters and a cursor. The layout
(``windowtype:tty``, 24 lines): row 0 messages and prompts, rows 1-21 the map,
rows 22-23 the two status lines (``showexp`` and ``time`` on), e.g.::

    Agent1 the Stripling           St:16 Dx:13 Co:18 In:11 Wi:10 Ch:10 Neutral
    Dlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:1

NetHack writes a whole turn and then waits with the cursor on the hero, after a
``--More--``, after a question on row 0, or after a menu's ``(end)`` / ``(n of m)``.
"""

from __future__ import annotations

import re

from protocols.pty import ScreenSnapshot
from runtime import message

MORE = "--More--"
MAP_ROWS = range(1, 22)
#: How NetHack's questions end: "[yn] (n)", "In what direction?", "[fg or ?*]", "Call it:".
PROMPT_ENDINGS = frozenset("?]):")

_BOTTOM = re.compile(
    r"^Dlvl:(?P<dlvl>\d+) +\$:(?P<gold>\d+) +HP:(?P<hp>-?\d+)\((?P<hp_max>\d+)\) +"
    r"Pw:(?P<pw>\d+)\((?P<pw_max>\d+)\) +AC:(?P<ac>-?\d+) +"
    r"(?:Xp:(?P<xl>\d+)/(?P<exp>\d+)|HD:(?P<hd>\d+)) *(?:T:(?P<turn>\d+))? *(?P<flags>.*?)\s*$"
)
_TOP = re.compile(r"^(?P<title>.+?) +St:(?P<st>[\d/*]+) +Dx:(?P<dx>\d+) +Co:(?P<co>\d+) +"
                  r"In:(?P<in>\d+) +Wi:(?P<wi>\d+) +Ch:(?P<ch>\d+) +(?P<align>\w+)")
_MENU_END = re.compile(r"\((?:end|\d+ of \d+)\)")
_END = re.compile(
    r"You (?P<how>quit|died|were \w+|starved|drowned|\w+) in (?P<where>.+?) on dungeon level "
    r"(?P<dlvl>\d+) with (?P<points>\d+) points?,"
)
_END_GOLD = re.compile(r"and (?P<gold>\d+) pieces? of gold, after (?P<moves>\d+) moves?")

KINDS = ("end", "menu", "more", "prompt", "map", "other")


@message("nethack.status")
class NetHackStatus:
    """The two status lines, field by field."""

    dlvl: int
    gold: int
    hp: int
    hp_max: int
    pw: int
    pw_max: int
    ac: int
    xl: int
    exp: int
    turn: int
    #: Hunger, encumbrance and conditions, as shown ("Hungry Burdened").
    flags: str = ""
    title: str = ""
    strength: str = ""
    alignment: str = ""

    @classmethod
    def parse(cls, top: str, bottom: str) -> NetHackStatus | None:
        """The status in the two lines, or None if ``bottom`` is not a status line."""
        m = _BOTTOM.match(bottom.rstrip())
        if m is None:
            return None
        g = m.groupdict()
        t = _TOP.match(top.rstrip())
        return cls(
            dlvl=int(g["dlvl"]), gold=int(g["gold"]), hp=int(g["hp"]), hp_max=int(g["hp_max"]),
            pw=int(g["pw"]), pw_max=int(g["pw_max"]), ac=int(g["ac"]),
            xl=int(g["xl"] or g["hd"] or 0), exp=int(g["exp"] or 0), turn=int(g["turn"] or 0),
            flags=g["flags"], title=t.group("title").strip() if t else "",
            strength=t.group("st") if t else "", alignment=t.group("align") if t else "",
        )


@message("nethack.view")
class NetHackView:
    """One complete NetHack screen as a player reads it.

    ``kind`` is one of :data:`KINDS`: ``end`` (the goodbye screen), ``menu`` (a
    window waiting with ``(end)`` or ``(n of m)``), ``more``, ``prompt`` (a question
    on row 0 waiting for an answer), ``map`` (waiting for a command), ``other``.
    """

    kind: str
    generation: int
    lines: tuple[str, ...]
    cursor: tuple[int, int]
    message: str = ""
    more: bool = False
    prompt: str = ""
    status: NetHackStatus | None = None
    map: tuple[str, ...] = ()
    player: tuple[int, int] | None = None
    #: From the goodbye screen: how, where, dlvl, points, gold, moves.
    end: tuple[tuple[str, object], ...] = ()

    def at(self, row: int, column: int) -> str:
        if 0 <= row < len(self.lines) and 0 <= column < len(self.lines[row]):
            return self.lines[row][column]
        return " "


def _more_at(snapshot: ScreenSnapshot) -> bool:
    row, col = snapshot.cursor
    if not 0 <= row < len(snapshot.lines):
        return False
    line = snapshot.lines[row]
    return col >= len(MORE) and line[col - len(MORE):col] == MORE


def _menu_at(snapshot: ScreenSnapshot) -> bool:
    row, col = snapshot.cursor
    if not 0 <= row < len(snapshot.lines):
        return False
    ends = [m.end() for m in _MENU_END.finditer(snapshot.lines[row][:col + 1])]
    return bool(ends) and ends[-1] in (col, col - 1)


def prompt_text(snapshot: ScreenSnapshot) -> str:
    """Row 0's question when the cursor waits right after it, else ""."""
    row, col = snapshot.cursor
    line = snapshot.lines[0]
    text = line.rstrip()
    if row != 0 or not text or MORE in line:
        return ""
    if col not in (len(text), len(text) + 1) and not text.startswith("#"):
        return ""
    # A question ends like one; a message written just before its --More-- ("You
    # die..." then, in a second write, "--More--") does not.
    if text[-1] in PROMPT_ENDINGS or text.startswith(("#", "Count:")):
        return text
    return ""


def find_player(lines: tuple[str, ...], cursor: tuple[int, int]) -> tuple[int, int] | None:
    """The hero's (row, column): NetHack leaves the cursor on it when it waits."""
    row, col = cursor
    if row in MAP_ROWS and 0 <= col < len(lines[row]) and lines[row][col] == "@":
        return (row, col)
    return None


def parse_end(lines: tuple[str, ...]) -> tuple[tuple[str, object], ...] | None:
    """What the goodbye screen says of the game, or None if it is not showing."""
    text = " ".join(line.strip() for line in lines)
    m = _END.search(text)
    if m is None:
        return None
    fields: list[tuple[str, object]] = [
        ("how", m.group("how")), ("where", m.group("where")),
        ("dlvl", int(m.group("dlvl"))), ("points", int(m.group("points"))),
    ]
    g = _END_GOLD.search(text)
    if g is not None:
        fields += [("gold", int(g.group("gold"))), ("moves", int(g.group("moves")))]
    return tuple(fields)


def killer_on(lines: tuple[str, ...]) -> str:
    """The cause of death from a score list on the screen ("killed by a jackal"), or ""."""
    text = " ".join(line.strip() for line in lines)
    m = re.search(r"\b((?:[Kk]illed|[Cc]hoked|[Pp]oisoned|[Ss]tarved|[Dd]rowned|[Pp]etrified)"
                  r"\b[^.]*)\.", text)
    if m is None:
        return "quit" if re.search(r"\bquit\b", text) else ""
    cause = m.group(1)
    return cause[0].lower() + cause[1:]


def classify(snapshot: ScreenSnapshot) -> str:
    """The kind of screen (one of :data:`KINDS`)."""
    lines = snapshot.lines
    if parse_end(lines) is not None:
        return "end"
    if _menu_at(snapshot):
        return "menu"
    if _more_at(snapshot):
        return "more"
    if prompt_text(snapshot):
        return "prompt"
    if find_player(lines, snapshot.cursor) is not None:
        return "map"
    return "other"


def read_screen(snapshot: ScreenSnapshot) -> NetHackView:
    """Everything a player reads off one screen."""
    lines = snapshot.lines
    kind = classify(snapshot)
    status = NetHackStatus.parse(lines[-2], lines[-1]) if len(lines) >= 2 else None
    top = lines[0]
    at = top.find(MORE)
    view: dict[str, object] = {
        "message": (top[:at] if at >= 0 else top).strip(),
        "more": kind == "more",
        "prompt": prompt_text(snapshot) if kind == "prompt" else "",
    }
    if kind in ("map", "more", "prompt", "other"):
        view["map"] = tuple(lines[r] for r in MAP_ROWS)
        view["player"] = find_player(lines, snapshot.cursor)
    if kind == "end":
        view["end"] = parse_end(lines) or ()
    return NetHackView(kind=kind, generation=snapshot.generation, lines=lines,
                       cursor=snapshot.cursor, status=status, **view)  # type: ignore[arg-type]


def frame_ready(snapshot: ScreenSnapshot) -> bool:
    """NetHack's frame rule: the cursor rests on the hero (no ``--More--`` up), after a
    ``--More--``, after a menu's ``(end)``/``(n of m)``, or after a question on row 0."""
    lines = snapshot.lines
    row, col = snapshot.cursor
    if not 0 <= row < len(lines):
        return False
    if _more_at(snapshot) or _menu_at(snapshot):
        return True
    if row == 0:
        return bool(prompt_text(snapshot))
    if row in MAP_ROWS and 0 <= col < len(lines[row]) and lines[row][col] == "@":
        return MORE not in lines[0]
    return False
