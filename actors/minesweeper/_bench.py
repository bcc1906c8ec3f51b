"""Many games through the runtime: win rates with confidence intervals, and who made the moves.

Every game is a full runtime session (adapter, sensor, the rule chain, the
arbiter). A game's seed is ``seed + i`` for the i-th game of a level and rule,
so a run is reproducible and two runs with the same seed play the same boards.
With ``jobs > 1`` games are played in worker processes, in chunks.

Win rates carry 95% Wilson score intervals. The share of moves by rule counts
every reveal and flag a rule's expert proposed and the game played (cascades
that open by themselves are not moves).
"""

from __future__ import annotations

import concurrent.futures
import math
import multiprocessing
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import trio

from protocols.minesweeper import BoardSpec, FirstClick, MinesweeperAdapter, MoveSet
from runtime import AgentSpec, Session, configure_logging

from ._agents import SWEEPER

#: Published win rates to compare with: the best solver measured on these rules.
#: Keyed by (level, first-click rule); the safe rule's first click is in a corner.
TARGETS: dict[tuple[str, str], float] = {
    ("beginner", "safe"): 0.913,
    ("intermediate", "safe"): 0.796,
    ("expert", "safe"): 0.415,
    ("beginner", "opening"): 0.971,
    ("intermediate", "opening"): 0.888,
    ("expert", "opening"): 0.553,
}

#: Games a worker plays before reporting back (the progress bar's step with --jobs).
CHUNK = 20

Progress = Callable[[int, str], None]


@attrs.frozen
class GameRecord:
    """One game's outcome, as the bench keeps it."""

    seed: int
    won: bool
    moves: tuple[tuple[str, int], ...]
    decisions: tuple[tuple[str, int], ...]
    wall_time: float
    outcome: str = ""


@attrs.frozen
class BenchLine:
    """One level and first-click rule: the games played and what they add up to."""

    level: str
    first_click: str
    games: tuple[GameRecord, ...]

    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def wins(self) -> int:
        return sum(g.won for g in self.games)

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def moves_by_rule(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for g in self.games:
            total.update(dict(g.moves))
        return total

    def decisions_by_rule(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for g in self.games:
            total.update(dict(g.decisions))
        return total


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


async def play_game(spec: BoardSpec, first_click: FirstClick, seed: int,
                    agent: AgentSpec = SWEEPER) -> GameRecord:
    """One game through a runtime session, counting moves by the rule that made them."""
    moves: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    session: Session | None = None

    def count(action: object, opened: int) -> None:
        decision = session.last_decision if session is not None else None
        rule = decision.expert if decision is not None and decision.expert else "?"
        decisions[rule] += 1
        moves[rule] += len(action) if isinstance(action, MoveSet) else 1

    adapter = MinesweeperAdapter(spec, first_click, seed=seed, on_act=count)
    session = Session(adapter, agent, seed=seed)
    record = await session.run()
    if record.outcome not in ("win", "loss"):
        raise RuntimeError(
            f"minesweeper game {spec} {first_click.value} seed {seed} ended "
            f"{record.outcome}: {record.cause}"
        )
    return GameRecord(
        seed=seed,
        won=record.outcome == "win",
        moves=tuple(sorted(moves.items())),
        decisions=tuple(sorted(decisions.items())),
        wall_time=record.wall_time,
        outcome=record.outcome,
    )


def play_chunk(spec: BoardSpec, first_click: str, seeds: Sequence[int]) -> list[GameRecord]:
    """Several games in one worker process (its own trio loop, warnings-only logging)."""
    configure_logging(level="warning")
    rule = FirstClick(first_click)

    async def run() -> list[GameRecord]:
        return [await play_game(spec, rule, s) for s in seeds]

    return trio.run(run)


async def run_bench(
    specs: Sequence[BoardSpec],
    rules: Sequence[FirstClick],
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[BenchLine]:
    """``games`` games per board and first-click rule; one :class:`BenchLine` each."""
    if games < 1:
        raise ValueError(f"games must be >= 1 (got {games})")
    for spec in specs:
        for rule in rules:
            spec.check(rule)
    plan = [(spec, rule) for spec in specs for rule in rules]
    results: dict[tuple[int, int], list[GameRecord]] = {}
    done = 0

    def tick(n: int, note: str) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, note)

    if jobs <= 1:
        for p, (spec, rule) in enumerate(plan):
            for i in range(games):
                record = await play_game(spec, rule, seed + i)
                results[(p, i)] = [record]
                tick(1, f"{spec.name} {rule.value}")
    else:
        # Spawned, not forked: a forked child would inherit this process's running trio loop.
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = {}
            for p, (spec, rule) in enumerate(plan):
                for start in range(0, games, CHUNK):
                    seeds = [seed + i for i in range(start, min(games, start + CHUNK))]
                    future = pool.submit(play_chunk, spec, rule.value, seeds)
                    futures[future] = (p, start, spec, rule)
            pending = set(futures)
            try:
                while pending:
                    finished, pending = await trio.to_thread.run_sync(
                        _wait_some, pending, abandon_on_cancel=True)
                    for future in finished:
                        p, start, spec, rule = futures[future]
                        records = future.result()
                        results[(p, start)] = records
                        tick(len(records), f"{spec.name} {rule.value}")
            finally:
                for future in pending:
                    future.cancel()
    lines = []
    for p, (spec, rule) in enumerate(plan):
        records = [r for key in sorted(k for k in results if k[0] == p) for r in results[key]]
        lines.append(BenchLine(spec.name, rule.value, tuple(records)))
    return lines


def _wait_some(futures: set[concurrent.futures.Future[list[GameRecord]]]) -> tuple[
    set[concurrent.futures.Future[list[GameRecord]]],
    set[concurrent.futures.Future[list[GameRecord]]],
]:
    done, pending = concurrent.futures.wait(
        futures, timeout=1.0, return_when=concurrent.futures.FIRST_COMPLETED)
    return set(done), set(pending)


def format_results(lines: Sequence[BenchLine]) -> str:
    """The win-rate table, then the share of moves (and of decisions) by rule."""
    head = (f"{'level':<13} {'first click':<11} {'games':>6} {'wins':>6} {'win rate':>8} "
            f"{'95% CI':>15} {'target':>7} {'s/game':>7}")
    rows = [head, "-" * len(head)]
    for line in lines:
        lo, hi = line.interval
        target = TARGETS.get((line.level, line.first_click))
        wall = sum(g.wall_time for g in line.games) / max(1, line.n)
        rows.append(
            f"{line.level:<13} {line.first_click:<11} {line.n:>6} {line.wins:>6} "
            f"{100 * line.rate:>7.1f}% {f'[{100 * lo:.1f}, {100 * hi:.1f}]':>15} "
            f"{f'{100 * target:.1f}%' if target is not None else '-':>7} {wall:>7.3f}"
        )
    moves: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for line in lines:
        moves.update(line.moves_by_rule())
        decisions.update(line.decisions_by_rule())
    total_moves = sum(moves.values()) or 1
    total_decisions = sum(decisions.values()) or 1
    rows += ["", f"{'rule':<16} {'moves':>9} {'share':>7} {'decisions':>10} {'share':>7}"]
    for rule, count in moves.most_common():
        rows.append(f"{rule:<16} {count:>9} {100 * count / total_moves:>6.1f}% "
                    f"{decisions[rule]:>10} {100 * decisions[rule] / total_decisions:>6.1f}%")
    return "\n".join(rows)
