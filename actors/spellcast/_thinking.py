"""Running the search without blocking the event loop.

The search is pure Python and CPU-bound, so it runs in a worker thread
(``trio.to_thread.run_sync``); the GIL is handed back every few milliseconds, so
the trio loop keeps reading the server and answering it while Becky thinks. On
cancellation (the arbiter's deadline, the session ending) the thread is abandoned
at once and told to stop through the searcher's flag: it unwinds within a few
hundred positions, and what it leaves behind is only its transposition table,
which stays consistent (entries are written whole).
"""

from __future__ import annotations

import functools

import trio

from ._search import Searcher, SearchResult


async def think(searcher: Searcher, state: tuple, seconds: float,
                avoid: frozenset[int] = frozenset()) -> SearchResult:
    """Search ``state`` for ``seconds`` in a worker thread; cancellable at any time."""
    searcher.stop.clear()
    try:
        return await trio.to_thread.run_sync(
            functools.partial(searcher.search, state, seconds, avoid=avoid),
            abandon_on_cancel=True,
        )
    finally:
        searcher.stop.set()
