"""The paper's experiment: explorers on many seeded levels, and what they achieved.

One :class:`Run` per (explorer, level): the referee's tally and the action at
which each room (and each secret room) was first entered, so any action budget
can be read off afterwards (the room fraction at 140 actions is the room
fraction of the same explorer stopped after 140 actions). :func:`run_many`
plays a batch, in worker processes when ``jobs > 1``; :func:`summarize`
averages it with the paper's metrics (average actions, average room fraction,
the "exhaustive" metric: share of levels with every room found).

Explorers are named by :class:`Contender`: an algorithm of :data:`ALGORITHMS`
with its parameters, or ``tour`` (the full-knowledge lower bound).
"""

from __future__ import annotations

import concurrent.futures
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np

from protocols.dungeon import DungeonAdapter, full_map

from ._agents import ALGORITHMS, explorer
from ._direct import play_direct
from ._tour import optimal_tour

#: The lower bound's name in tables: the tour that knows the whole map.
TOUR = "tour"


@attrs.frozen
class Contender:
    """One explorer to run: ``algorithm`` (or ``tour``) with ``params`` (None: defaults)."""

    label: str
    algorithm: str
    params: Any = None
    secrets: bool = False

    def __attrs_post_init__(self) -> None:
        if self.algorithm != TOUR and self.algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm {self.algorithm!r}; choose from "
                             f"{', '.join(ALGORITHMS)} or {TOUR}")


@attrs.frozen
class Run:
    """One explorer on one level (``secret_*`` count rooms behind hidden squares)."""

    label: str
    seed: int
    actions: int
    rooms: int
    rooms_explored: int
    secret_rooms: int
    secret_rooms_explored: int
    hidden_spots: int
    hidden_found: int
    searches: int
    #: (actions, rooms entered so far), one per room entered after the start.
    progress: tuple[tuple[int, int], ...]
    secret_progress: tuple[tuple[int, int], ...]
    #: Processor seconds the explorer and the game took (not the wall clock).
    cpu: float

    @property
    def complete(self) -> bool:
        return self.rooms_explored == self.rooms

    def rooms_by(self, budget: int) -> int:
        """Rooms entered within ``budget`` actions (the start room counts)."""
        found = 1 if self.rooms else 0
        for actions, rooms in self.progress:
            if actions <= budget:
                found = rooms
        return min(found, self.rooms)

    def secret_rooms_by(self, budget: int) -> int:
        found = 0
        for actions, rooms in self.secret_progress:
            if actions <= budget:
                found = rooms
        return found


def play_one(contender: Contender, seed: int) -> Run:
    """Run ``contender`` on the level of ``seed`` (the searches' luck from ``seed`` too)."""
    t0 = time.process_time()
    if contender.algorithm == TOUR:
        fm = full_map(seed, secrets=contender.secrets)
        tour = optimal_tour(fm)
        rooms = len(fm.rooms)
        progress = tuple((leg, k + 2) for k, leg in enumerate(tour.legs))
        return Run(contender.label, seed, tour.actions, rooms, rooms, 0, 0, 0, 0, 0,
                   progress, (), time.process_time() - t0)
    adapter = DungeonAdapter(seed, secrets=contender.secrets)
    spec = explorer(contender.algorithm, contender.params, secrets=contender.secrets)
    play_direct(spec, adapter, seed=seed)
    t = adapter.tally()
    return Run(contender.label, seed, t.actions, t.rooms, t.rooms_explored, t.secret_rooms,
               t.secret_rooms_explored, t.hidden_spots, t.hidden_found, t.searches,
               tuple(adapter.progress), tuple(adapter.secret_progress),
               time.process_time() - t0)


def _play_batch(contender: Contender, seeds: Sequence[int]) -> list[Run]:
    return [play_one(contender, seed) for seed in seeds]


def run_many(contenders: Sequence[Contender], seeds: Sequence[int], *, jobs: int = 1,
             progress: Callable[[int, str], None] | None = None,
             chunk: int = 10) -> dict[str, list[Run]]:
    """Every contender on every seed; runs by contender label, in seed order.

    With ``jobs > 1`` chunks of ``chunk`` levels go to worker processes; the
    results are the same as with one (everything is seeded). ``progress`` is
    called with the number of runs done and a note.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    labels = [c.label for c in contenders]
    if len(set(labels)) != len(labels):
        raise ValueError(f"contender labels must be distinct, got {labels}")
    seeds = list(seeds)
    tasks = [(c, seeds[i:i + chunk]) for c in contenders for i in range(0, len(seeds), chunk)]
    out: dict[str, list[Run]] = {c.label: [] for c in contenders}
    done = 0
    if jobs == 1:
        for contender, batch in tasks:
            out[contender.label].extend(_play_batch(contender, batch))
            done += len(batch)
            if progress is not None:
                progress(done, contender.label)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(_play_batch, c, batch): c for c, batch in tasks}
            for future in concurrent.futures.as_completed(futures):
                runs = future.result()
                out[futures[future].label].extend(runs)
                done += len(runs)
                if progress is not None:
                    progress(done, futures[future].label)
        for runs in out.values():
            runs.sort(key=lambda r: r.seed)
    return out


@attrs.frozen
class Summary:
    """The paper's metrics over one contender's runs (fractions in [0, 1])."""

    label: str
    levels: int
    actions: float
    actions_sd: float
    #: Average fraction of rooms entered.
    rooms: float
    #: The "exhaustive" metric: share of levels with every room entered.
    complete: float
    #: Average fraction of secret rooms entered (1 on a level without any).
    secret_rooms: float
    #: Average fraction of hidden squares found (1 on a level without any).
    hidden: float
    cpu_per_level: float


def _fraction(found: int, total: int) -> float:
    return found / total if total else 1.0


def summarize(label: str, runs: Sequence[Run], budget: int | None = None) -> Summary:
    """Average ``runs``; with ``budget``, as if each explorer stopped after that many
    actions (the rooms it had entered by then count, and at most ``budget`` actions)."""
    if not runs:
        raise ValueError(f"no runs to summarize for {label!r}")
    if budget is None:
        actions = np.array([r.actions for r in runs], dtype=float)
        rooms = [_fraction(r.rooms_explored, r.rooms) for r in runs]
        secret = [_fraction(r.secret_rooms_explored, r.secret_rooms) for r in runs]
    else:
        actions = np.array([min(r.actions, budget) for r in runs], dtype=float)
        rooms = [_fraction(r.rooms_by(budget), r.rooms) for r in runs]
        secret = [_fraction(r.secret_rooms_by(budget), r.secret_rooms) for r in runs]
    return Summary(
        label=label,
        levels=len(runs),
        actions=float(actions.mean()),
        actions_sd=float(actions.std()),
        rooms=float(np.mean(rooms)),
        complete=float(np.mean([x == 1.0 for x in rooms])),
        secret_rooms=float(np.mean(secret)),
        hidden=float(np.mean([_fraction(r.hidden_found, r.hidden_spots) for r in runs])),
        cpu_per_level=float(np.mean([r.cpu for r in runs])),
    )


def budget_for(runs: Sequence[Run], fraction: float, *, secret: bool = False,
               limit: int = 5000) -> int | None:
    """The smallest action budget at which the average (secret) room fraction of
    ``runs`` reaches ``fraction``, or None if it never does within ``limit``."""
    def reached(budget: int) -> float:
        if secret:
            return float(np.mean([_fraction(r.secret_rooms_by(budget), r.secret_rooms)
                                  for r in runs]))
        return float(np.mean([_fraction(r.rooms_by(budget), r.rooms) for r in runs]))

    if reached(limit) < fraction:
        return None
    low, high = 0, limit
    while low < high:
        mid = (low + high) // 2
        if reached(mid) >= fraction:
            high = mid
        else:
            low = mid + 1
    return low
