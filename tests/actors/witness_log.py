"""Stand-ins for the entries of a replay witness's log (screen, keys, decision), for
the tests of the bench tools that fold such logs (``rogue_turns``,
``rogue_camp_encounters``): only the fields those folds read."""

from types import SimpleNamespace


def map_screen(level: int) -> SimpleNamespace:
    """A map screen whose status line says dungeon ``level``."""
    return SimpleNamespace(kind="map", status=SimpleNamespace(level=level))


def decision(expert: str, why: str) -> SimpleNamespace:
    """A decision of ``expert`` with the rationale ``"expert: why"``."""
    return SimpleNamespace(expert=expert, rationale=f"{expert}: {why}")
