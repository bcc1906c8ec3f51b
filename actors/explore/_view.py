"""What the explorer reads from an observation: the map rows, where the player is, the turn.

Two views are understood, both of them a player's screen:

* ``protocols.dungeon.DungeonView``: rows indexed by NetHack's map column, so
  used as they are;
* ``protocols.nethack.NetHackView`` (real NetHack): screen rows 1-21 are map rows
  0-20 and NetHack draws map column x on screen column x-1, so each row gets a
  blank in front; the turn is the status line's ``T:``. Screens that are not the
  map (a ``--More--``, a menu) give None: nothing to explore on them.
"""

from __future__ import annotations

from typing import Any

import attrs

Pos = tuple[int, int]


@attrs.frozen
class Sight:
    """One look at the level: 21 map rows (index = map column), the player, the turn."""

    rows: tuple[str, ...]
    player: Pos
    turn: int
    message: str = ""


def sight_of(observation: Any) -> Sight | None:
    """The :class:`Sight` in ``observation``, or None if it shows no map."""
    if observation is None:
        return None
    rows = getattr(observation, "rows", None)
    if rows is not None:
        return Sight(tuple(rows), tuple(observation.player), int(observation.turn),
                     getattr(observation, "message", ""))
    screen_map = getattr(observation, "map", None)
    player = getattr(observation, "player", None)
    if screen_map and player is not None and getattr(observation, "kind", "map") == "map":
        status = getattr(observation, "status", None)
        turn = int(status.turn) if status is not None else 0
        return Sight(tuple(" " + line for line in screen_map), (player[0] - 1, player[1] + 1),
                     turn, getattr(observation, "message", ""))
    return None
