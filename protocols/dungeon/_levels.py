"""The generator's statistics, for actors that may not import ``games`` themselves.

``belligerent levels explore`` prints these beside the paper's figures for real
NetHack level 1 (rooms per level, hidden spots per level).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.dungeon import generate, level_stats, summarize


def level_statistics(seeds: Iterable[int]) -> Sequence[tuple[str, str]]:
    """(measure, value) rows of the levels ``generate(seed)`` makes for ``seeds``."""
    return summarize(level_stats(generate(seed)) for seed in seeds).rows()


def level_picture(seed: int, *, secrets: bool = True, reveal: bool = True) -> tuple[str, ...]:
    """The whole level for ``seed`` as NetHack would draw it (hidden squares as
    ``+`` and ``#`` with ``reveal``): the referee's picture, never an explorer's view."""
    return generate(seed, secrets=secrets).render(reveal=reveal)
