"""The benchmark: every personality lives many lives; the spread of their fortunes.

Life ``i`` of every person uses seed ``seed + i``, so on each seed all six face
the same dice (the game draws one number a day whatever the occupation) and the
differences between them come from their choices. Lives are lived by the
runtime-free driver (:mod:`._direct`), which makes the runtime agent's choices
day for day; with ``jobs > 1`` they are shared among worker processes.
"""

from __future__ import annotations

import concurrent.futures
import csv
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from protocols.dayinlife import DAYS, PUBLISHED, LifeReport, occupation_keys

from ._direct import live
from ._ks import DEFAULT_TRIALS

Progress = Callable[[int, str], None]

#: Short column names for the seven occupations.
SHORT = {"day-job": "day job", "street": "street", "stunt-show": "stunt",
         "lotto": "lotto", "crime": "crime", "rock-band": "rock", "financier": "financier"}


@attrs.frozen
class PersonStats:
    """One personality's lives, summed up (money in days' wages)."""

    person: str
    runs: int
    #: Every life's final cash, in seed order.
    final_cash: tuple[float, ...]
    median: float
    q1: float
    q3: float
    mean: float
    maximum: float
    #: Mean bankruptcies per life.
    bankruptcies: float
    #: Share of lives ending in each bracket, ``(bracket, share)``.
    brackets: tuple[tuple[str, float], ...]
    #: Mean days per life in each occupation, ``(key, days)`` in the table's order.
    days: tuple[tuple[str, float], ...]

    @classmethod
    def of(cls, person: str, lives: Sequence[LifeReport]) -> PersonStats:
        cash = tuple(life.final_cash for life in lives)
        n = len(lives)
        if n >= 2:
            q1, median, q3 = statistics.quantiles(cash, n=4, method="inclusive")
        else:
            q1 = median = q3 = cash[0]
        keys = occupation_keys()
        days = tuple(
            (k, sum(dict(life.days_by_occupation)[k] for life in lives) / n) for k in keys
        )
        names = ("rich", "doing okay", "poor", "almost broke")
        brackets = tuple((b, sum(life.bracket == b for life in lives) / n) for b in names)
        return cls(person, n, cash, median, q1, q3, statistics.fmean(cash), max(cash),
                   statistics.fmean(life.bankruptcies for life in lives), brackets, days)


@attrs.frozen
class BenchResult:
    """The benchmark's figures, and how they were made."""

    stats: tuple[PersonStats, ...]
    seed: int
    runs: int
    days: int
    odds: str
    trials: int
    wall_time: float
    lives: tuple[tuple[str, LifeReport], ...] = attrs.field(repr=False, default=())


def _live_batch(person: str, seeds: Sequence[int], days: int, odds: str,
                trials: int) -> list[LifeReport]:
    """Some lives of one person (runs in a worker process when jobs > 1)."""
    return [live(person, s, days=days, odds=odds, trials=trials) for s in seeds]


def run_bench(
    persons: Sequence[str],
    *,
    runs: int,
    seed: int = 0,
    days: int = DAYS,
    odds: str = PUBLISHED,
    trials: int = DEFAULT_TRIALS,
    jobs: int = 1,
    progress: Progress | None = None,
) -> BenchResult:
    """Live ``runs`` lives as each of ``persons`` and sum them up."""
    started = time.perf_counter()
    seeds = [seed + i for i in range(runs)]
    batch = max(1, min(50, runs // (4 * jobs) or 1))
    work = [(p, seeds[i:i + batch]) for p in persons for i in range(0, runs, batch)]
    results: dict[str, dict[int, LifeReport]] = {p: {} for p in persons}
    done = 0

    def collect(person: str, lives: list[LifeReport]) -> None:
        nonlocal done
        for report in lives:
            results[person][report.seed] = report
        done += len(lives)
        if progress is not None:
            progress(done, person)

    if jobs <= 1:
        for person, chunk in work:
            collect(person, _live_batch(person, chunk, days, odds, trials))
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(_live_batch, p, chunk, days, odds, trials): p
                       for p, chunk in work}
            for future in concurrent.futures.as_completed(futures):
                collect(futures[future], future.result())
    ordered = {p: [results[p][s] for s in seeds] for p in persons}
    return BenchResult(
        stats=tuple(PersonStats.of(p, ordered[p]) for p in persons),
        seed=seed, runs=runs, days=days, odds=odds, trials=trials,
        wall_time=time.perf_counter() - started,
        lives=tuple((p, life) for p in persons for life in ordered[p]),
    )


def format_table(result: BenchResult) -> str:
    """The final-cash distribution and the mean days per occupation, one line per person."""
    head = (f"{'person':7} {'median':>9} {'q1':>9} {'q3':>9} {'mean':>9} {'max':>9} "
            f"{'bankrupt':>8} {'rich':>5} {'okay':>5} {'poor':>5} {'broke':>5}")
    lines = [f"final cash in days' wages ({result.runs} lives each, {result.days} days, "
             f"odds {result.odds}); bankruptcies per life; share ending in each bracket",
             head]
    for s in result.stats:
        b = dict(s.brackets)
        lines.append(
            f"{s.person:7} {s.median:9.2f} {s.q1:9.2f} {s.q3:9.2f} {s.mean:9.2f} "
            f"{s.maximum:9.2f} {s.bankruptcies:8.1f} {b['rich']:5.0%} {b['doing okay']:5.0%} "
            f"{b['poor']:5.0%} {b['almost broke']:5.0%}"
        )
    keys = occupation_keys()
    lines.append("")
    lines.append("mean days per life in each occupation")
    lines.append(f"{'person':7} " + " ".join(f"{SHORT[k]:>9}" for k in keys))
    for s in result.stats:
        d = dict(s.days)
        lines.append(f"{s.person:7} " + " ".join(f"{d[k]:9.1f}" for k in keys))
    return "\n".join(lines)


def write_csv(result: BenchResult, path: Path) -> Path:
    """One row per life: person, seed, final cash, bracket, bankruptcies, days per occupation."""
    keys = occupation_keys()
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["person", "seed", "final_cash", "bracket", "bankruptcies",
                         "peak_cash", *keys])
        for person, life in result.lives:
            days = dict(life.days_by_occupation)
            writer.writerow([person, life.seed, f"{life.final_cash:.2f}", life.bracket,
                             life.bankruptcies, f"{life.peak_cash:.2f}",
                             *(days[k] for k in keys)])
    return path


def matplotlib_available() -> bool:
    """Whether the ``plot`` extra (matplotlib) is installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def plot(result: BenchResult, out: Path) -> list[Path]:
    """Two PNGs in ``out``: box plots of final cash, and mean days per occupation.

    Uses matplotlib's Agg backend (no display needed); raises ImportError when
    matplotlib is not installed — check :func:`matplotlib_available` first.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    names = [s.person for s in result.stats]
    paths = []

    fig, ax = plt.subplots(figsize=(8, 5))
    ax.boxplot([s.final_cash for s in result.stats], showmeans=True, whis=(5, 95),
               flierprops={"markersize": 2, "alpha": 0.3})
    ax.set_xticks(range(1, len(names) + 1), names)
    ax.set_yscale("symlog", linthresh=1.0)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("final cash (days' wages, symlog)")
    ax.set_title(f"Day in the Life: final cash after {result.days} days "
                 f"({result.runs} lives each; box = quartiles, whiskers 5-95%, ▲ mean)")
    ax.title.set_fontsize(9)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    paths.append(out / "dayinlife_final_cash.png")
    fig.savefig(paths[-1], dpi=120)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(8, 5))
    left = [0.0] * len(names)
    for key in occupation_keys():
        widths = [dict(s.days)[key] for s in result.stats]
        ax.barh(names, widths, left=left, label=SHORT[key])
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.invert_yaxis()
    ax.set_xlabel(f"mean days per life (of {result.days})")
    ax.set_title(f"Day in the Life: how each personality spends its days "
                 f"({result.runs} lives each)")
    ax.title.set_fontsize(9)
    ax.legend(ncol=4, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12))
    fig.tight_layout()
    paths.append(out / "dayinlife_days.png")
    fig.savefig(paths[-1], dpi=120)
    plt.close(fig)
    return paths
