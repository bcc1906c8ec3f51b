"""The opponent suite: every player the referee can seat, by name.

Our own Python dummies are always there; the real competition bots join them
when ``pyspiel`` is installed (under their pyspiel names, e.g. "iocainebot").
"""

from __future__ import annotations

from ._dummies import (
    AlwaysSwitchBot,
    DeBruijnBot,
    FlatBot,
    FoxtrotBot,
    PiBot,
    R226Bot,
    RandomBot,
    RockBot,
    RotateBot,
    SwitchALotBot,
    TextBot,
)
from ._openspiel import (
    INSTALL_HINT,
    OPENSPIEL_BOTS,
    make_openspiel_bot,
    openspiel_available,
    openspiel_bot_names,
)
from ._player import Player
from ._reactors import (
    AddDriftBot,
    AddReactBot,
    AntiFlatBot,
    AntiRotationBot,
    BeatFrequentBot,
    BeatLastBot,
    CopyDriftBot,
    CopyLastBot,
    WinStayLoseShiftBot,
)

#: The Python dummy bots, in the order of the 1999 competition's index, then ours.
DUMMIES: tuple[type[Player], ...] = (
    RandomBot,
    RockBot,
    R226Bot,
    RotateBot,
    BeatLastBot,
    AlwaysSwitchBot,
    BeatFrequentBot,
    PiBot,
    SwitchALotBot,
    FlatBot,
    AntiFlatBot,
    FoxtrotBot,
    DeBruijnBot,
    TextBot,
    AntiRotationBot,
    CopyDriftBot,
    AddReactBot,
    AddDriftBot,
    CopyLastBot,
    WinStayLoseShiftBot,
)

_DUMMIES_BY_NAME: dict[str, type[Player]] = {cls.name: cls for cls in DUMMIES}


def dummy_names() -> list[str]:
    """Names of the Python dummy bots, always available."""
    return list(_DUMMIES_BY_NAME)


def opponent_names() -> list[str]:
    """Every name :func:`make_opponent` accepts: the dummies, then pyspiel's bots."""
    return dummy_names() + openspiel_bot_names()


def make_opponent(name: str) -> Player:
    """A fresh player called ``name``; ValueError naming the known ones otherwise."""
    cls = _DUMMIES_BY_NAME.get(name)
    if cls is not None:
        return cls()
    if name in OPENSPIEL_BOTS or name in openspiel_bot_names():
        if not openspiel_available():
            raise ValueError(f"{name!r} is a 1999 competition bot from OpenSpiel; {INSTALL_HINT}")
        return make_openspiel_bot(name)
    hint = "" if openspiel_available() else f" (more with pyspiel: {INSTALL_HINT})"
    raise ValueError(
        f"unknown RoShamBo player {name!r}; known players: {', '.join(opponent_names())}{hint}"
    )
