"""``belligerent report GAME``: the score distribution per agent version, and a plot.

The figures follow Rog-O-Matic's Figure 5-1: per player (here, agent version),
a box from the lower to the upper quartile with a line at the median, whiskers
at the 10th and 90th percentiles, the games beyond them drawn as asterisks, and
players sorted by median score. The score axis is logarithmic when every score
is positive, as in the paper, and linear otherwise (RoShamBo scores go below 0).

Only sessions that ended by the game's rules count; those the daemon cut short
(failed, stopped, timeout, error, interrupted, cancelled) are listed apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs
import numpy as np

from ._records import Records

#: Outcomes the daemon gives to sessions it cut short (never the game's own).
CUT_SHORT = ("failed", "stopped", "interrupted", "error", "timeout", "cancelled")


@attrs.frozen
class Distribution:
    agent: str
    version: str
    n: int
    minimum: float
    p10: float
    q1: float
    median: float
    q3: float
    p90: float
    maximum: float
    mean: float

    @property
    def label(self) -> str:
        return f"{self.agent} {self.version}".strip()


def distributions(scores: dict[tuple[str, str], list[float]]) -> list[Distribution]:
    """One :class:`Distribution` per agent version, highest median first."""
    found = []
    for (agent, version), values in scores.items():
        if not values:
            continue
        a = np.asarray(values, dtype=float)
        p10, q1, median, q3, p90 = np.percentile(a, [10, 25, 50, 75, 90])
        found.append(Distribution(agent, version, len(a), float(a.min()), float(p10),
                                  float(q1), float(median), float(q3), float(p90),
                                  float(a.max()), float(a.mean())))
    return sorted(found, key=lambda d: (-d.median, d.label))


def pooled(game: str, paths: Sequence[Path]) -> tuple[dict[tuple[str, str], list[float]],
                                                      dict[tuple[str, str], dict[str, int]]]:
    """Scores and outcome counts of ``game`` by agent version, over every database."""
    scores: dict[tuple[str, str], list[float]] = {}
    outcomes: dict[tuple[str, str], dict[str, int]] = {}
    for path in paths:
        records = Records(path)
        try:
            for key, values in records.scores(game).items():
                scores.setdefault(key, []).extend(values)
            for key, counts in records.outcomes(game).items():
                merged = outcomes.setdefault(key, {})
                for outcome, n in counts.items():
                    merged[outcome] = merged.get(outcome, 0) + n
        finally:
            records.close()
    return scores, outcomes


def format_table(game: str, dists: list[Distribution],
                 outcomes: dict[tuple[str, str], dict[str, int]]) -> str:
    # As wide as the longest label: a tactics variant is part of its version's name.
    width = max([28] + [len(d.label) for d in dists])
    header = (f"{'agent version':{width}} {'games':>6} {'p10':>9} {'q1':>9} {'median':>9} "
              f"{'q3':>9} {'p90':>9} {'mean':>9}  outcomes")
    lines = [f"{game}: score by agent version, sorted by median", header, "-" * len(header)]
    for d in dists:
        counts = outcomes.get((d.agent, d.version), {})
        shown = ", ".join(f"{o} {n}" for o, n in sorted(counts.items(), key=lambda x: -x[1]))
        lines.append(f"{d.label:{width}} {d.n:6d} {d.p10:9.4g} {d.q1:9.4g} {d.median:9.4g} "
                     f"{d.q3:9.4g} {d.p90:9.4g} {d.mean:9.4g}  {shown}")
    cut = {key: {o: n for o, n in counts.items() if o in CUT_SHORT}
           for key, counts in outcomes.items()}
    cut = {key: counts for key, counts in cut.items() if counts}
    if cut:
        lines.append("not counted (cut short by the daemon): " + "; ".join(
            f"{(a + ' ' + v).strip() or '(unplanned)'}: "
            + ", ".join(f"{o} {n}" for o, n in sorted(c.items()))
            for (a, v), c in sorted(cut.items())
        ))
    return "\n".join(lines)


def plot(game: str, scores: dict[tuple[str, str], list[float]], dists: list[Distribution],
         path: Path) -> Path:
    """Save the box plot to ``path`` (PNG). ImportError if matplotlib is missing."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError(
            "plots need matplotlib: pip install 'belligerent[plot]' (the table above "
            "does not)"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stats = []
    for d in dists:
        values = np.asarray(scores[(d.agent, d.version)], dtype=float)
        stats.append({
            "label": d.label, "med": d.median, "q1": d.q1, "q3": d.q3,
            "whislo": d.p10, "whishi": d.p90,
            "fliers": values[(values < d.p10) | (values > d.p90)],
        })
    positive = all(d.minimum > 0 for d in dists)
    fig, ax = plt.subplots(figsize=(max(6.4, 1.1 * len(stats) + 2), 4.8))
    ax.bxp(stats, showfliers=True,
           flierprops={"marker": "*", "markersize": 6, "linestyle": "none"},
           medianprops={"color": "black", "linewidth": 2})
    if positive:
        ax.set_yscale("log")
    ax.set_ylabel("score" + (" (log scale)" if positive else ""))
    ax.set_xlabel("agent version, sorted by median")
    total = sum(d.n for d in dists)
    ax.set_title(f"{game}: scores of {total} games\nbox: quartiles, line: median, "
                 f"whiskers: 10th and 90th percentiles, *: beyond", fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    plt.setp(ax.get_xticklabels(), rotation=20, ha="right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def report(game: str, databases: Path | Sequence[Path], out: Path | None, *, fill: str = ""
           ) -> tuple[str, Path | None, str]:
    """The table (text), the saved plot's path, and a note on why there is no plot
    (nothing to plot, or matplotlib missing).

    Several databases are pooled: tournaments run side by side each keep their own
    file, and a version's figures are wanted over all of them at once.

    LookupError if a database is missing or none holds a finished game of ``game``;
    its message names ``fill``, the command that would record some (by default the
    daemon's ``run``).
    """
    paths = [databases] if isinstance(databases, Path) else list(databases)
    fill = fill or f"belligerent run {game} --games 20"
    for database in paths:
        if not database.exists():
            raise LookupError(f"no records at {database}; run some games first (`{fill}`)")
    scores, outcomes = pooled(game, paths)
    if not outcomes:
        where = " or ".join(str(p) for p in paths)
        raise LookupError(f"the records at {where} hold no {game} games; "
                          f"run some with `{fill}`")
    dists = distributions(scores)
    table = format_table(game, dists, outcomes)
    if not dists:
        return table, None, "no game ended by the rules: nothing to plot"
    target = out or Path(f"report-{game}.png")
    try:
        return table, plot(game, scores, dists, target), ""
    except ImportError as exc:
        return table, None, str(exc)
