"""The score distribution of a Rogue tournament, as text and as a box plot.

The figures are the seed's (Rog-O-Matic's Figure 5-1 and its table): median,
quartiles, 10th and 90th percentiles and the best game; the deepest level reached;
and the causes of death. Every recorded game counts, whatever ended it — a game
the tournament quit at its time cap keeps the gold it had, and a crashed one the
gold last seen — so no failure flatters the median; the outcome counts say how
many ended each way.

The plot draws one box per group (the tournament, and with learning each
parameter set with enough games): a box from the lower to the upper quartile,
a line at the median, whiskers at the 10th and 90th percentiles and asterisks for
the games beyond, groups sorted by median, on a log axis when every score is
positive, as in the paper (linear below 10 gold when some games scored nothing).
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import numpy as np

from ._chronicle import CROWD, EVENT_NAMES, LONG_STAY


@attrs.frozen
class GameLine:
    """What the report needs of one recorded game."""

    score: float
    depth: int
    outcome: str
    #: For a death, the killer's description; else why it ended ("quit", a crash).
    cause: str = ""
    capped: str = ""
    seeded: bool = False
    group: str = ""
    #: What the chronicle counted (``_chronicle``), by name; None for a record made
    #: before games kept one.
    events: tuple[tuple[str, int], ...] | None = None

    @classmethod
    def from_record(cls, outcome: str, score: float, cause: str,
                    detail: Iterable[tuple[str, Any]], group: str = "") -> GameLine:
        """From a stored session (``runtime.daemon.SessionRecord`` fields)."""
        facts = dict(detail)
        if outcome == "death":
            why = str(facts.get("killer") or facts.get("cause") or "unknown")
        elif outcome == "quit":
            why = "quit" + (f" at the {facts['capped']} cap" if facts.get("capped") else "")
        else:
            why = cause.split(":")[0].split(" (")[0] if cause else outcome
        events = facts.get("events")
        return cls(score=float(score), depth=int(facts.get("depth") or 0), outcome=outcome,
                   cause=why, capped=str(facts.get("capped") or ""),
                   seeded=bool(facts.get("seeded")), group=group,
                   events=None if events is None else tuple(sorted(dict(events).items())))


@attrs.frozen
class Summary:
    games: int
    p10: float
    q1: float
    median: float
    q3: float
    p90: float
    mean: float
    best: float
    worst: float
    depth_median: float
    depth_q1: float
    depth_q3: float
    depth_max: int
    outcomes: tuple[tuple[str, int], ...]
    deaths: tuple[tuple[str, int], ...]
    seeded: int
    #: Why games ended otherwise (a crash, a hang, a failed quit), by cause.
    failures: tuple[tuple[str, int], ...] = ()
    #: Games the tournament ended at a bound, by bound ("time", "actions").
    capped: tuple[tuple[str, int], ...] = ()
    #: Per chronicle count: its total over the games, and how many games had any.
    events: tuple[tuple[str, int, int], ...] = ()
    #: How many games kept a chronicle (records made before they did keep none).
    chronicled: int = 0
    #: Games that ended on the last level where a crowd was in view, and how many
    #: of them in death.
    crowd_endings: tuple[int, int] = (0, 0)
    #: Games with a long stay (``_chronicle.LONG_STAY`` screens or more) on one level.
    long_stays: int = 0


def summarize(lines: Sequence[GameLine]) -> Summary:
    """The distribution of ``lines`` (ValueError if there are none)."""
    if not lines:
        raise ValueError("no games to summarize")
    scores = np.asarray([g.score for g in lines], dtype=float)
    depths = np.asarray([g.depth for g in lines], dtype=float)
    p10, q1, median, q3, p90 = (float(v) for v in np.percentile(scores, [10, 25, 50, 75, 90]))
    d1, dm, d3 = (float(v) for v in np.percentile(depths, [25, 50, 75]))
    outcomes = Counter(g.outcome for g in lines)
    deaths = Counter(g.cause for g in lines if g.outcome == "death")
    return Summary(
        games=len(lines), p10=p10, q1=q1, median=median, q3=q3, p90=p90,
        mean=float(scores.mean()), best=float(scores.max()), worst=float(scores.min()),
        depth_median=dm, depth_q1=d1, depth_q3=d3, depth_max=int(depths.max()),
        outcomes=_ranked(outcomes), deaths=_ranked(deaths),
        seeded=sum(1 for g in lines if g.seeded),
        capped=_ranked(Counter(g.capped for g in lines if g.capped)),
        failures=_ranked(Counter(f"{g.outcome}: {g.cause}" for g in lines
                                 if g.outcome not in ("death", "quit", "win"))),
        events=_event_totals(lines),
        chronicled=sum(1 for g in lines if g.events is not None),
        crowd_endings=_crowd_endings(lines),
        long_stays=sum(1 for g in lines if dict(g.events or ()).get("longest_stay")),
    )


def _crowd_endings(lines: Sequence[GameLine]) -> tuple[int, int]:
    ended = [g for g in lines if dict(g.events or ()).get("last_crowd") == g.depth]
    return len(ended), sum(1 for g in ended if g.outcome == "death")


def _event_totals(lines: Sequence[GameLine]) -> tuple[tuple[str, int, int], ...]:
    totals: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for g in lines:
        for name, n in g.events or ():
            totals[name] += n
            games[name] += 1
    return tuple((name, totals[name], games[name]) for name in EVENT_NAMES if totals[name])


def _ranked(counts: Counter[str]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def format_summary(summary: Summary, *, title: str = "rogue", top_causes: int = 8) -> str:
    """The distribution as a few lines of text."""
    s = summary
    lines = [
        f"{title}: {_games(s.games)}, {s.seeded} on fixed dungeons",
        f"  score   median {s.median:,.0f}   quartiles {s.q1:,.0f} - {s.q3:,.0f}   "
        f"10th-90th {s.p10:,.0f} - {s.p90:,.0f}",
        f"          mean {s.mean:,.0f}   best {s.best:,.0f}   worst {s.worst:,.0f}",
        f"  deepest level   median {s.depth_median:g}   quartiles {s.depth_q1:g} - "
        f"{s.depth_q3:g}   deepest {s.depth_max}",
        "  ended: " + ", ".join(f"{o} {n}" for o, n in s.outcomes)
        + ("" if not s.capped else " (quit by the tournament at its cap: "
           + ", ".join(f"{c} {n}" for c, n in s.capped) + ")"),
    ]
    if s.deaths:
        shown = ", ".join(f"{c} {n}" for c, n in s.deaths[:top_causes])
        rest = sum(n for _, n in s.deaths[top_causes:])
        lines.append("  causes of death: " + shown + (f", others {rest}" if rest else ""))
    if s.chronicled:
        told = ", ".join(_event_text(*e) for e in s.events) or "nothing of note"
        lines += textwrap.wrap(f"  on the way ({_games(s.chronicled)} chronicled): {told}",
                               width=100, subsequent_indent="    ", break_on_hyphens=False)
        ended, died = s.crowd_endings
        if ended:
            lines.append(f"  ended on a level with a crowd in view: {_games(ended)} "
                         f"({died} of them deaths)")
        if s.long_stays:
            lines.append(f"  {LONG_STAY:,}+ screens on one level (a walk to and fro, or a "
                         f"long hunt for the stairs): {_games(s.long_stays)}")
    for cause, n in s.failures:
        lines.append(f"  not ended by the game: {n} x {cause}")
    return "\n".join(lines)


#: How the report names each chronicle count.
_EVENT_WORDS = {
    "gold_thefts": "purse lightened", "gold_stolen": "gold stolen",
    "item_thefts": "items stolen", "armor_rusted": "armor rusted", "freezes": "frozen",
    "faints": "fainted", "strength_drained": "strength drained",
    "gold_left": "gold piles left on levels behind",
    "crowds": f"levels with a crowd ({CROWD}+ monsters) in view",
    "scare_read": "scrolls of scare monster read", "sanctuaries": "scare monster dropped",
    "walks": "walks to and fro noticed",
}


def _games(n: int) -> str:
    return f"{n} game{'' if n == 1 else 's'}"


def _event_text(name: str, total: int, games: int) -> str:
    return f"{_EVENT_WORDS[name]} {total:,} in {_games(games)}"


def plot_scores(groups: Mapping[str, Sequence[float]], path: Path, *, title: str) -> Path:
    """Save the box plot of each group's scores to ``path`` (PNG).

    ImportError (saying which extra to install) if matplotlib is missing.
    """
    try:
        import matplotlib
    except ImportError:
        raise ImportError("the box plot needs matplotlib: pip install 'belligerent[plot]' "
                          "(the table above does not)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stats = []
    for label, values in groups.items():
        a = np.asarray(values, dtype=float)
        if not len(a):
            continue
        p10, q1, med, q3, p90 = np.percentile(a, [10, 25, 50, 75, 90])
        stats.append({"label": f"{label}\n(n={len(a)})", "med": med, "q1": q1, "q3": q3,
                      "whislo": p10, "whishi": p90, "fliers": a[(a < p10) | (a > p90)]})
    if not stats:
        raise ValueError("no scores to plot")
    stats.sort(key=lambda st: -st["med"])
    positive = all(min(v) > 0 for v in groups.values() if len(v))
    spread = max(max(v) for v in groups.values() if len(v)) > 100
    fig, ax = plt.subplots(figsize=(max(6.4, 1.2 * len(stats) + 2), 4.8))
    ax.bxp(stats, showfliers=True,
           flierprops={"marker": "*", "markersize": 6, "linestyle": "none"},
           medianprops={"color": "black", "linewidth": 2})
    if positive:
        ax.set_yscale("log")
        scale = " (log scale)"
    elif spread:  # zero scores: logarithmic above 10 gold, linear below
        ax.set_yscale("symlog", linthresh=10)
        scale = " (log scale above 10)"
    else:
        scale = ""
    ax.set_ylabel("score in gold" + scale)
    ax.set_title(f"{title}\nbox: quartiles, line: median, whiskers: 10th and 90th "
                 "percentiles, *: beyond", fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    plt.setp(ax.get_xticklabels(), fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
