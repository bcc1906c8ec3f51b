"""What an explorer sees of a dungeon level, and the referee's whole map for the oracle."""

from __future__ import annotations

from runtime import message


@message("dungeon.view")
class DungeonView:
    """The level as the player sees it after each action.

    ``rows`` is the remembered map, 21 lines of 80 characters in NetHack's symbols
    (the player is not drawn on it; ``player`` says where it stands, as
    ``(row, column)``). Blank means never seen, or seen and solid rock: as on a
    NetHack screen, the two look the same.
    """

    rows: tuple[str, ...]
    player: tuple[int, int]
    #: Game turns so far (refused moves take none).
    turn: int
    #: Actions taken so far, refused ones included.
    actions: int
    #: What the game said about the last action ("You find a hidden door.").
    message: str = ""


@message("dungeon.full_map")
class FullMap:
    """The ground truth a full-knowledge tour plans on; never given to an explorer.

    ``rows`` draws hidden doors as ``+`` and hidden corridor squares as ``#``;
    ``intact_doors`` are the doorways holding a door (no diagonal steps through
    them); ``rooms`` are the explorable rooms' floors as (top, left, bottom, right).
    """

    rows: tuple[str, ...]
    intact_doors: tuple[tuple[int, int], ...]
    rooms: tuple[tuple[int, int, int, int], ...]
    start: tuple[int, int]
