"""The board as text, for the command line."""

from __future__ import annotations

from ._messages import MinefieldView

#: How each visible character is drawn: open zeros as dots, so numbers stand out.
_GLYPHS = {"0": "."}


def render(view: MinefieldView) -> str:
    """A framed board with column and row numbers and the mines-left counter.

    ::

             0 1 2 3
           0 . 1 # #
           1 . 1 F #
    """
    digits = len(str(view.width - 1))
    gutter = len(str(view.height - 1))
    lines = []
    for d in range(digits):
        labels = [str(x).rjust(digits)[d] for x in range(view.width)]
        lines.append(" " * (gutter + 1) + " ".join(labels))
    for y, row in enumerate(view.rows):
        lines.append(f"{y:>{gutter}} " + " ".join(_GLYPHS.get(c, c) for c in row))
    lines.append(f"mines left {view.mines_left}  moves {view.moves}  {view.status}")
    return "\n".join(lines)
