"""Many games: win rates with confidence intervals, who made the moves, and a runtime check.

Two ways to play a game, move for move the same:

* ``runtime`` — a full session (adapter, sensor, the rule chain of knowledge
  sources, the arbiter and its experts), as ``belligerent play`` plays.
* ``direct`` — the same rule functions in the same cost order, called by the
  plain :class:`Solver` on the adapter's synchronous interface, with no event
  loop, blackboard or arbiter. Several times faster, so the bulk of a 10,000-game
  run goes this way; :func:`check_runtime` replays a sample of the same seeds
  through the runtime and compares every move (a digest of the whole game's
  action sequence), so the figures measured directly are the runtime agent's.

A game's seed is ``seed + i`` for the i-th game of a level and rule, so a run is
reproducible and two runs with the same seed play the same boards. With
``jobs > 1`` games are played in worker processes, in chunks.

Win rates carry 95% Wilson score intervals. The share of moves by rule counts
every reveal and flag a rule's move set played (cascades that open by
themselves are not moves; a reveal of a square an earlier move of the set
already opened is not played, so not counted).
"""

from __future__ import annotations

import concurrent.futures
import math
import multiprocessing
import time
import zlib
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import trio

from protocols.minesweeper import BoardSpec, FirstClick, MinesweeperAdapter, MoveSet
from runtime import AgentSpec, Session, configure_logging

from ._agents import SWEEPER
from ._experts import to_move_set
from ._field import FieldTracker
from ._solver import RULE_NAMES, Solver

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

#: The two ways to play a game (see the module docstring).
PATHS = ("direct", "runtime")

#: Games a worker plays before reporting back (the progress bar's step with --jobs).
CHUNK = 25

Progress = Callable[[int, str], None]


@attrs.frozen
class GameRecord:
    """One game's outcome, as the bench keeps it."""

    seed: int
    won: bool
    #: Moves played, by the rule that proposed them.
    moves: tuple[tuple[str, int], ...]
    #: Decisions (move sets), by rule.
    decisions: tuple[tuple[str, int], ...]
    wall_time: float
    outcome: str = ""
    #: CRC-32 of every action the agent sent, in order: equal traces, equal games.
    trace: int = 0


@attrs.frozen
class BenchLine:
    """One level and first-click rule: the games played and what they add up to."""

    level: str
    first_click: str
    games: tuple[GameRecord, ...]
    path: str = "direct"

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

    @property
    def target(self) -> float | None:
        return TARGETS.get((self.level, self.first_click))

    def verdict(self) -> str:
        """``met`` (rate at or above the target), ``within CI`` or ``not met`` (CI below it)."""
        target = self.target
        if target is None:
            return "-"
        if self.rate >= target:
            return "met"
        return "within CI" if self.interval[1] >= target else "not met"

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


@attrs.frozen
class RuntimeCheck:
    """Games replayed through the runtime, compared with the direct path on the same seeds."""

    level: str
    first_click: str
    seeds: tuple[int, ...]
    #: Games whose every action was the same both ways.
    same_moves: int
    same_outcome: int
    direct_seconds: float
    runtime_seconds: float

    @property
    def n(self) -> int:
        return len(self.seeds)


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


class _Tally:
    """Counts one game's moves and decisions by rule, and digests its actions."""

    def __init__(self) -> None:
        self.moves: Counter[str] = Counter()
        self.decisions: Counter[str] = Counter()
        self.trace = 0

    def add(self, rule: str, action: object, played: int) -> None:
        self.decisions[rule] += 1
        self.moves[rule] += played
        actions = action.actions if isinstance(action, MoveSet) else (action,)
        text = ";".join(str(a) for a in actions) + "|"
        self.trace = zlib.crc32(text.encode(), self.trace)

    def record(self, seed: int, outcome: str, wall_time: float) -> GameRecord:
        return GameRecord(
            seed=seed,
            won=outcome == "win",
            moves=tuple(sorted(self.moves.items())),
            decisions=tuple(sorted(self.decisions.items())),
            wall_time=wall_time,
            outcome=outcome,
            trace=self.trace,
        )


def play_direct(spec: BoardSpec, first_click: FirstClick, seed: int) -> GameRecord:
    """One game by the plain :class:`Solver` on the adapter, without a session.

    The same view, the same rules in the same order and the same move sets as
    :func:`play_game`; only the runtime's machinery is left out.
    """
    started = time.perf_counter()
    adapter = MinesweeperAdapter(spec, first_click, seed=seed)
    adapter.start_now()
    tracker, solver, tally = FieldTracker(), Solver(), _Tally()
    while True:
        view = adapter.view()
        if view.status != "playing":
            break
        finding = solver.decide(tracker.update(view))
        action = to_move_set(finding, view.width)
        tally.add(finding.rule, action, adapter.act_now(action))
    outcome = adapter.result().outcome
    return tally.record(seed, outcome, time.perf_counter() - started)


async def play_game(spec: BoardSpec, first_click: FirstClick, seed: int,
                    agent: AgentSpec = SWEEPER) -> GameRecord:
    """One game through a runtime session, counting moves by the rule that made them."""
    tally = _Tally()
    session: Session | None = None
    played_before = 0

    def count(action: object, opened: int) -> None:
        nonlocal played_before
        decision = session.last_decision if session is not None else None
        rule = decision.expert if decision is not None and decision.expert else "?"
        tally.add(rule, action, adapter.played - played_before)
        played_before = adapter.played

    adapter = MinesweeperAdapter(spec, first_click, seed=seed, on_act=count)
    session = Session(adapter, agent, seed=seed)
    record = await session.run()
    if record.outcome not in ("win", "loss"):
        raise RuntimeError(
            f"minesweeper game {spec} {first_click.value} seed {seed} ended "
            f"{record.outcome}: {record.cause}"
        )
    return tally.record(seed, record.outcome, record.wall_time)


def play_chunk(spec: BoardSpec, first_click: str, seeds: Sequence[int],
               path: str = "direct") -> list[GameRecord]:
    """Several games in one worker process (its own trio loop, warnings-only logging)."""
    configure_logging(level="warning")
    rule = FirstClick(first_click)
    if path == "direct":
        return [play_direct(spec, rule, s) for s in seeds]

    async def run() -> list[GameRecord]:
        return [await play_game(spec, rule, s) for s in seeds]

    return trio.run(run)


async def _play_all(
    tasks: Sequence[tuple[BoardSpec, FirstClick, Sequence[int], str]],
    jobs: int,
    tick: Callable[[int, str], None],
) -> list[list[GameRecord]]:
    """Each task's records, in task order; in ``jobs`` worker processes if more than one."""
    out: list[list[GameRecord]] = [[] for _ in tasks]
    if jobs <= 1:
        for t, (spec, rule, seeds, path) in enumerate(tasks):
            for s in seeds:
                if path == "direct":
                    record = play_direct(spec, rule, s)
                    await trio.lowlevel.checkpoint()
                else:
                    record = await play_game(spec, rule, s)
                out[t].append(record)
                tick(1, f"{spec.name} {rule.value}")
        return out
    # Spawned, not forked: a forked child would inherit this process's running trio loop.
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = {
            pool.submit(play_chunk, spec, rule.value, seeds, path): (t, spec, rule)
            for t, (spec, rule, seeds, path) in enumerate(tasks)
        }
        pending = set(futures)
        try:
            while pending:
                finished, pending = await trio.to_thread.run_sync(
                    _wait_some, pending, abandon_on_cancel=True)
                for future in finished:
                    t, spec, rule = futures[future]
                    out[t] = future.result()
                    tick(len(out[t]), f"{spec.name} {rule.value}")
        finally:
            for future in pending:
                future.cancel()
    return out


def _check_plan(specs: Sequence[BoardSpec], rules: Sequence[FirstClick],
                games: int) -> list[tuple[BoardSpec, FirstClick]]:
    """Every (board, rule) pair to play, each checked; ValueError for a bad request."""
    if games < 1:
        raise ValueError(f"games must be >= 1 (got {games})")
    for spec in specs:
        for rule in rules:
            spec.check(rule)
    return [(spec, rule) for spec in specs for rule in rules]


async def run_bench(
    specs: Sequence[BoardSpec],
    rules: Sequence[FirstClick],
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    path: str = "runtime",
    progress: Progress | None = None,
) -> list[BenchLine]:
    """``games`` games per board and first-click rule, played ``path``; one line each."""
    if path not in PATHS:
        raise ValueError(f"unknown path {path!r}; choose from {', '.join(PATHS)}")
    plan = _check_plan(specs, rules, games)
    done = 0

    def tick(n: int, note: str) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, note)

    tasks = []
    owner = []
    for p, (spec, rule) in enumerate(plan):
        step = CHUNK if jobs > 1 else games
        for start in range(0, games, step):
            tasks.append((spec, rule, range(seed + start, seed + min(games, start + step)), path))
            owner.append(p)
    results = await _play_all(tasks, jobs, tick)
    lines = []
    for p, (spec, rule) in enumerate(plan):
        records = [r for t, rs in enumerate(results) if owner[t] == p for r in rs]
        lines.append(BenchLine(spec.name, rule.value, tuple(records), path))
    return lines


async def check_runtime(
    specs: Sequence[BoardSpec],
    rules: Sequence[FirstClick],
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[RuntimeCheck]:
    """Play ``games`` seeds per line both ways and compare every action and outcome."""
    plan = _check_plan(specs, rules, games)
    done = 0

    def tick(n: int, note: str) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, note)

    seeds = range(seed, seed + games)
    tasks = [(spec, rule, seeds, path) for spec, rule in plan for path in PATHS]
    results = await _play_all(tasks, jobs, tick)
    checks = []
    for p, (spec, rule) in enumerate(plan):
        direct, through = results[2 * p], results[2 * p + 1]
        checks.append(RuntimeCheck(
            level=spec.name,
            first_click=rule.value,
            seeds=tuple(seeds),
            same_moves=sum(a.trace == b.trace for a, b in zip(direct, through, strict=True)),
            same_outcome=sum(a.won == b.won for a, b in zip(direct, through, strict=True)),
            direct_seconds=sum(g.wall_time for g in direct),
            runtime_seconds=sum(g.wall_time for g in through),
        ))
    return checks


def _wait_some(futures: set[concurrent.futures.Future[list[GameRecord]]]) -> tuple[
    set[concurrent.futures.Future[list[GameRecord]]],
    set[concurrent.futures.Future[list[GameRecord]]],
]:
    done, pending = concurrent.futures.wait(
        futures, timeout=1.0, return_when=concurrent.futures.FIRST_COMPLETED)
    return set(done), set(pending)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def format_results(lines: Sequence[BenchLine]) -> str:
    """The win-rate table against the targets, then the share of moves by rule per line."""
    head = (f"{'level':<13} {'first click':<11} {'games':>6} {'wins':>6} {'win rate':>8} "
            f"{'95% CI':>15} {'target':>7} {'verdict':>10} {'ms/game':>8}")
    rows = [head, "-" * len(head)]
    for line in lines:
        lo, hi = line.interval
        target = line.target
        wall = sum(g.wall_time for g in line.games) / max(1, line.n)
        rows.append(
            f"{line.level:<13} {line.first_click:<11} {line.n:>6} {line.wins:>6} "
            f"{_pct(line.rate):>8} {f'[{100 * lo:.1f}, {100 * hi:.1f}]':>15} "
            f"{_pct(target) if target is not None else '-':>7} {line.verdict():>10} "
            f"{1000 * wall:>8.1f}"
        )
    moves: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for line in lines:
        moves.update(line.moves_by_rule())
        decisions.update(line.decisions_by_rule())
    used = [r for r in RULE_NAMES if moves[r] or decisions[r]]
    used += sorted(r for r in moves if r not in RULE_NAMES)
    labels = [f"{line.level[:5]} {line.first_click[:4]}" for line in lines]
    rows += ["", "share of moves (reveals and flags) by rule:",
             f"{'rule':<16}" + "".join(f"{label:>12}" for label in labels) + f"{'all':>9}"]
    per_line = [line.moves_by_rule() for line in lines]
    totals = [sum(c.values()) or 1 for c in per_line]
    everything = sum(moves.values()) or 1
    for rule in used:
        rows.append(f"{rule:<16}" + "".join(
            f"{_pct(c[rule] / t):>12}" for c, t in zip(per_line, totals, strict=True))
            + f"{_pct(moves[rule] / everything):>9}")
    all_decisions = sum(decisions.values()) or 1
    rows += ["", "share of decisions (move sets) by rule: " + ", ".join(
        f"{rule} {_pct(decisions[rule] / all_decisions)}" for rule in used if decisions[rule])]
    guesses = [sum(dict(g.decisions).get("guess", 0) for g in line.games) / max(1, line.n)
               for line in lines]
    rows.append("guesses per game: " + ", ".join(
        f"{label} {g:.2f}" for label, g in zip(labels, guesses, strict=True)))
    return "\n".join(rows)


def format_checks(checks: Sequence[RuntimeCheck]) -> str:
    """One line per level and rule: how many games the runtime played move for move alike."""
    rows = ["runtime check (the same seeds played through a full session):"]
    for c in checks:
        ratio = c.runtime_seconds / c.direct_seconds if c.direct_seconds else float("nan")
        rows.append(
            f"  {c.level:<13} {c.first_click:<8} {c.same_moves}/{c.n} games move for move "
            f"the same, {c.same_outcome}/{c.n} same outcome; runtime "
            f"{1000 * c.runtime_seconds / max(1, c.n):.0f} ms/game vs direct "
            f"{1000 * c.direct_seconds / max(1, c.n):.0f} ms/game = {ratio:.2f}x"
        )
    return "\n".join(rows)
