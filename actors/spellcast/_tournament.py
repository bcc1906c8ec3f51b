"""Matches between agents on a local Spellcast server, through real sockets.

One server (``protocols.spellcast.serve`` on an ephemeral port) hosts every match;
each match is a room of 2..4 wizards, each wizard a runtime session with its own
:class:`~protocols.spellcast.SpellcastAdapter`. Matches run ``concurrency`` at a
time (1 keeps thinking times honest: the searches share one interpreter).
Results come back per match, from each seat's own session record.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

import attrs
import trio

from protocols.spellcast import SpellcastAdapter, serve
from runtime import AgentSpec, Session

Progress = Callable[[int, str], None]


@attrs.frozen(slots=True)
class Entrant:
    """An agent in a tournament under a label (the wizards' names are derived from it)."""

    label: str
    spec: AgentSpec


@attrs.frozen(slots=True)
class MatchRecord:
    """One match: the labels in seat order, the winner's seat (None: a draw or no result)."""

    seats: tuple[str, ...]
    winner: int | None
    rounds: int
    outcomes: tuple[str, ...]
    wall_time: float


async def play_match(host: str, port: int, entrants: Sequence[Entrant], *, room: str,
                     seed: int, timeout: float = 120.0) -> MatchRecord:
    """One match of ``entrants`` (in seat order) in room ``room`` of the server."""
    n = len(entrants)
    records: list = [None] * n

    async def seat(i: int) -> None:
        name = re.sub(r"\W", "_", f"{entrants[i].label}_{room}_{i}")[-32:]
        adapter = SpellcastAdapter(host, port, name, room=room, wizards=n, timeout=timeout)
        records[i] = await Session(adapter, entrants[i].spec, seed=seed * 8 + i).run()

    async with trio.open_nursery() as nursery:
        for i in range(n):
            nursery.start_soon(seat, i)
            await trio.sleep(0.01)  # join in seat order
    outcomes = tuple(r.outcome for r in records)
    winner = outcomes.index("win") if outcomes.count("win") == 1 else None
    return MatchRecord(
        seats=tuple(e.label for e in entrants), winner=winner,
        rounds=max(r.turns for r in records), outcomes=outcomes,
        wall_time=max(r.wall_time for r in records),
    )


async def run_matches(lineups: Sequence[Sequence[Entrant]], *, seed: int = 0,
                      concurrency: int = 1, max_turns: int = 100,
                      progress: Progress | None = None) -> list[MatchRecord]:
    """Play every lineup (seat order) on a fresh local server; results in lineup order."""
    results: list = [None] * len(lineups)
    done = 0
    limiter = trio.CapacityLimiter(max(1, concurrency))
    async with trio.open_nursery() as server:
        port = await server.start(
            lambda task_status: serve("127.0.0.1", 0, seed=seed, max_turns=max_turns,
                                      task_status=task_status))

        async def one(k: int) -> None:
            nonlocal done
            async with limiter:
                results[k] = await play_match("127.0.0.1", port, lineups[k], room=f"t{k}",
                                              seed=seed + k)
            done += 1
            if progress is not None:
                r = results[k]
                who = "draw" if r.winner is None else f"{r.seats[r.winner]} won"
                progress(done, f"{' v '.join(r.seats)}: {who}")

        async with trio.open_nursery() as games:
            for k in range(len(lineups)):
                games.start_soon(one, k)
        server.cancel_scope.cancel()
    return results


def lineups(entrants: Sequence[Entrant], games: int, wizards: int) -> list[list[Entrant]]:
    """``games`` matches of ``wizards`` seats: two-wizard round robins (seats swapped
    every other game), or for 3+ wizards rotations of the entrant list."""
    out: list[list[Entrant]] = []
    if wizards == 2 and len(entrants) >= 2:
        pairs = [(a, b) for i, a in enumerate(entrants) for b in entrants[i + 1:]]
        k = 0
        while len(out) < games:
            a, b = pairs[k % len(pairs)]
            out.append([a, b] if (k // len(pairs)) % 2 == 0 else [b, a])
            k += 1
        return out
    for k in range(games):
        out.append([entrants[(k + i) % len(entrants)] for i in range(wizards)])
    return out


@attrs.frozen(slots=True)
class Standing:
    label: str
    played: int
    wins: int
    draws: int
    losses: int
    rounds: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def standings(results: Sequence[MatchRecord]) -> list[Standing]:
    """Per label: matches played (a label twice in one match counts twice), W/D/L."""
    table: dict[str, list] = {}
    for r in results:
        for seat, label in enumerate(r.seats):
            row = table.setdefault(label, [0, 0, 0, 0, 0])
            row[0] += 1
            row[4] += r.rounds
            if r.winner is None:
                row[2] += 1
            elif r.winner == seat:
                row[1] += 1
            else:
                row[3] += 1
    out = [Standing(label, p, w, d, lo, rounds / p) for label, (p, w, d, lo, rounds)
           in table.items()]
    return sorted(out, key=lambda s: -s.win_rate)


def format_table(results: Sequence[MatchRecord]) -> str:
    lines = [f"{'agent':<16} {'played':>6} {'won':>5} {'drawn':>5} {'lost':>5} "
             f"{'win %':>6}  {'95% CI':>13} {'rounds':>6}"]
    for s in standings(results):
        lo, hi = wilson(s.wins, s.played)
        lines.append(f"{s.label:<16} {s.played:>6} {s.wins:>5} {s.draws:>5} {s.losses:>5} "
                     f"{100 * s.win_rate:>5.1f}%  [{100 * lo:4.1f}, {100 * hi:5.1f}] "
                     f"{s.rounds:>6.1f}")
    return "\n".join(lines)
