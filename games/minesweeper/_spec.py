"""Board sizes and the first-click rule: what a game of Minesweeper is set up with.

The three classic levels are Microsoft's (beginner 9x9 with 10 mines, intermediate
16x16 with 40, expert 30x16 with 99); custom sizes are checked here, once, so a
game never starts on a board it could not fill.
"""

from __future__ import annotations

import enum

import attrs

#: The classic levels: name -> (width, height, mines).
LEVELS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (30, 16, 99),
}

#: Largest side accepted for a custom board (keeps a typo from allocating millions of squares).
MAX_SIDE = 200


class FirstClick(enum.Enum):
    """What the game promises about the first square revealed.

    ``SAFE``: the first square is never a mine (mines are placed after the click,
    uniformly among the other squares). ``OPENING``: the first square is a zero —
    neither it nor its neighbours hold a mine — so the first click always opens an
    area (mines are placed uniformly outside that 3x3 block).
    """

    SAFE = "safe"
    OPENING = "opening"

    @classmethod
    def parse(cls, text: str) -> FirstClick:
        """``"safe"`` or ``"opening"`` (any case); ValueError names the choices."""
        key = text.strip().lower()
        for rule in cls:
            if key == rule.value:
                return rule
        raise ValueError(
            f"unknown first-click rule {text!r}; choose from "
            f"{', '.join(r.value for r in cls)}"
        )


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _largest_block(width: int, height: int) -> int:
    """Squares in the largest 3x3 neighbourhood (clipped) a board has."""
    return min(3, width) * min(3, height)


@attrs.frozen
class BoardSpec:
    """A board's size and mine count, valid for the first-click rule it was checked for.

    Build with :meth:`level` or :meth:`custom`; both raise ValueError saying what is
    wrong and what would be accepted.
    """

    width: int
    height: int
    mines: int
    #: The level's name, or ``"custom"``.
    name: str = "custom"

    @property
    def squares(self) -> int:
        return self.width * self.height

    @classmethod
    def level(cls, name: str) -> BoardSpec:
        """One of :data:`LEVELS`, by name (any case)."""
        key = name.strip().lower()
        if key not in LEVELS:
            raise ValueError(
                f"unknown level {name!r}; choose from {', '.join(LEVELS)} "
                f"or give a custom size"
            )
        width, height, mines = LEVELS[key]
        return cls(width, height, mines, key)

    @classmethod
    def custom(
        cls, width: int, height: int, mines: int, first_click: FirstClick = FirstClick.SAFE
    ) -> BoardSpec:
        """A custom board; checks that ``mines`` leave room for the first click's promise."""
        for label, side in (("width", width), ("height", height)):
            if not 1 <= side <= MAX_SIDE:
                raise ValueError(f"board {label} must be between 1 and {MAX_SIDE} (got {side})")
        if width * height < 2:
            raise ValueError(
                f"a {width}x{height} board has no room for a game; use 2 squares or more"
            )
        kept = _largest_block(width, height) if first_click is FirstClick.OPENING else 1
        most = width * height - kept
        if not 0 <= mines <= most:
            raise ValueError(
                f"a {width}x{height} board with {_article(first_click.value)} first click holds "
                f"0 to {most} mines (got {mines})"
            )
        name = next((n for n, v in LEVELS.items() if v == (width, height, mines)), "custom")
        return cls(width, height, mines, name)

    def check(self, first_click: FirstClick) -> None:
        """Raise ValueError if this board can't keep ``first_click``'s promise."""
        BoardSpec.custom(self.width, self.height, self.mines, first_click)

    def __str__(self) -> str:
        size = f"{self.width}x{self.height}/{self.mines}"
        return size if self.name == "custom" else f"{self.name} {size}"
