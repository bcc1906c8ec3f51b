"""The immutable screen snapshot every terminal adapter publishes."""

from __future__ import annotations

from runtime import message


@message("pty.screen")
class ScreenSnapshot:
    """What a terminal shows at one moment: the lines, the cursor, and a generation.

    ``lines`` are exactly the screen's width each (24 of 80 for the games here);
    ``cursor`` is ``(row, column)`` from 0. ``generation`` counts the frames the
    terminal has completed, so two snapshots with the same generation show the same
    frame. ``exited`` is set once the program behind the terminal has gone.
    """

    lines: tuple[str, ...]
    cursor: tuple[int, int]
    generation: int
    alternate: bool = False
    exited: bool = False

    def row(self, index: int) -> str:
        return self.lines[index]

    def char_at(self, row: int, column: int) -> str:
        """The character at (row, column), or a space when off the screen."""
        if 0 <= row < len(self.lines) and 0 <= column < len(self.lines[row]):
            return self.lines[row][column]
        return " "

    def under_cursor(self) -> str:
        return self.char_at(*self.cursor)

    def text(self) -> str:
        """The screen as text, trailing spaces removed (for logs and failure messages)."""
        return "\n".join(line.rstrip() for line in self.lines)
