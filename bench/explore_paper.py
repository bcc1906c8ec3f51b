"""The paper's experiment (Campbell and Verbrugge, shared seed 002), reproduced and beaten.

On seeded level-1 maps from ``games.dungeon`` (seeds FIRST..FIRST+N-1, 200 by
default as in the paper), through ``actors.explore``'s agents:

1. **Exhaustive room discovery** (secrets off): the greedy baseline, the paper's
   occupancy map with its fastest exhaustive parameters, ours, and the
   full-knowledge tour (the lower bound). Average actions, room coverage, the
   "exhaustive" metric (levels with every room found), processor time per level
   as a ratio to greedy's measured in the same run.
2. **Non-exhaustive** trade-off: the paper's 80% model, ours with higher
   thresholds, and ours stopped after an action budget (read off the runs).
3. **Secret doors and corridors on**: greedy with several searches per wall,
   the paper's secret-searching occupancy map, ours; secret rooms found against
   actions, and the budget at which 90% of secret rooms are found.
4. **Parameter sweep** of the occupancy map over a grid of the paper's
   parameters (fewer levels: ``--sweep-levels``), with its best models.

Prints each table beside the paper's figures and saves the plots (like the
paper's Figures 7, 8, 10 and 11) to ``--out``.

    python bench/explore_paper.py --jobs 2                  # everything, 200 levels
    python bench/explore_paper.py --levels 50 --no-sweep    # quicker
    python bench/explore_paper.py --parts exhaustive        # one part
"""

from __future__ import annotations

import argparse
import itertools
import pickle
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from actors.explore import (  # noqa: E402
    GreedyParams,
    OccupancyParams,
    RoomSpaceParams,
    default_params,
)
from actors.explore._experiment import (  # noqa: E402
    TOUR,
    Contender,
    Run,
    Summary,
    budget_for,
    run_many,
    summarize,
)
from runtime import ProgressBar, configure_logging  # noqa: E402

PARTS = ("exhaustive", "tradeoff", "secrets", "sweep")
#: The paper's fastest non-exhaustive model at 80% of rooms (section V).
PAPER_80 = OccupancyParams(diffusion=0.75, alpha=0.25, border=0.5, min_room_size=7,
                           min_neighbours=8, threshold=0.5)
BUDGETS = (100, 120, 140, 160, 180, 200, 230)
#: Ours as it stopped before: when no frontier had p >= 0.1.
PREVIOUS = RoomSpaceParams(p_min=0.1, any_min=None, follow_min=None)


def _run(contenders: list[Contender], seeds: range, jobs: int, label: str
         ) -> tuple[dict[str, list[Run]], float]:
    bar = ProgressBar(len(contenders) * len(seeds), label=label)
    t0 = time.perf_counter()
    out = run_many(contenders, seeds, jobs=jobs, progress=lambda d, n: bar.update(d, n[:24]))
    wall = time.perf_counter() - t0
    print(file=sys.stderr)
    return out, wall


def _line(s: Summary, paper: str = "", base_cpu: float | None = None) -> str:
    ratio = f"{s.cpu_per_level / base_cpu:5.2f}x" if base_cpu else "     "
    return (f"{s.label:<34} {s.actions:6.1f} ± {s.actions_sd:5.1f} {s.rooms:7.1%} "
            f"{s.complete:8.1%} {s.secret_rooms:7.1%} {s.hidden:7.1%} "
            f"{s.cpu_per_level * 1000:6.0f}ms {ratio}  {paper}")


def _header(title: str) -> None:
    print(f"\n== {title}")
    print(f"{'explorer':<34} {'actions':>14} {'rooms':>7} {'complete':>8} {'secret':>7} "
          f"{'hidden':>7} {'cpu/lvl':>8} {'vs greedy':>6}  paper")


def exhaustive(seeds: range, jobs: int) -> dict[str, list[Run]]:
    contenders = [
        Contender("greedy (paper's baseline)", "greedy"),
        Contender("occupancy map (paper's best exh.)", "occupancy"),
        Contender("ours (room space + utility)", "room-space"),
        Contender("ours, previous stop rule (p_min 0.1)", "room-space", PREVIOUS),
        Contender("optimal tour (knows the map)", TOUR),
    ]
    runs, wall = _run(contenders, seeds, jobs, "exhaustive")
    paper = {"greedy (paper's baseline)": "324",
             "occupancy map (paper's best exh.)": "292 at 99.5% complete (282 in the text)",
             "optimal tour (knows the map)": "122"}
    base = summarize("greedy", runs[contenders[0].label]).cpu_per_level
    _header(f"1. exhaustive room discovery, {len(seeds)} levels (seeds {seeds.start}-"
            f"{seeds.stop - 1}), secrets off; {wall:.0f} s wall for all four, {jobs} job(s)")
    for c in contenders:
        s = summarize(c.label, runs[c.label])
        print(_line(s, paper.get(c.label, ""), base if c.algorithm != TOUR else None))
    ours = summarize("", runs[contenders[2].label])
    total_cpu = sum(r.cpu for r in runs[contenders[2].label])
    met = ours.complete >= 0.995 and ours.actions <= 230
    print(f"target: >= 99.5% of levels complete in <= 230 actions: ours {ours.complete:.1%} "
          f"in {ours.actions:.1f} -> {'MET' if met else 'NOT MET'}")
    print(f"target: {len(seeds)} levels in under a minute: ours took {total_cpu:.1f} s of "
          f"processor time ({total_cpu / len(seeds) * 1000:.0f} ms a level, "
          f"{total_cpu / max(sum(r.actions for r in runs[contenders[2].label]), 1) * 1e3:.2f} "
          f"ms an action) -> {'MET' if total_cpu * 200 / len(seeds) < 60 else 'NOT MET'} "
          f"(one process)")
    return runs


def tradeoff(seeds: range, jobs: int, exhaustive_runs: dict[str, list[Run]] | None
             ) -> dict[str, list[Run]]:
    contenders = [Contender("occupancy, paper's 80% model", "occupancy", PAPER_80)]
    for any_min in (0.5, 0.7, 0.9):
        contenders.append(Contender(f"ours, any_min {any_min}", "room-space",
                                    RoomSpaceParams(any_min=any_min)))
    for p_min in (0.2, 0.45):
        contenders.append(Contender(f"ours, p_min {p_min}", "room-space",
                                    RoomSpaceParams(p_min=p_min, any_min=None,
                                                    follow_min=None)))
    runs, wall = _run(contenders, seeds, jobs, "trade-off")
    _header(f"2. non-exhaustive trade-off, {len(seeds)} levels; {wall:.0f} s wall")
    for c in contenders:
        paper = "167 actions at 80% of rooms" if c.algorithm == "occupancy" else ""
        print(_line(summarize(c.label, runs[c.label]), paper))
    if exhaustive_runs is not None:
        ours = exhaustive_runs["ours (room space + utility)"]
        greedy = exhaustive_runs["greedy (paper's baseline)"]
        for budget in BUDGETS:
            print(_line(summarize(f"ours, stopped after {budget}", ours, budget=budget)))
        for budget in (140, 167):
            print(_line(summarize(f"greedy, stopped after {budget}", greedy, budget=budget)))
        b80 = budget_for(ours, 0.8)
        at140 = summarize("", ours, budget=140).rooms
        print(f"target: 80% of rooms in <= 140 actions: ours reaches 80% on average at "
              f"{b80} actions (rooms at 140: {at140:.1%}) -> "
              f"{'MET' if b80 is not None and b80 <= 140 else 'NOT MET'}")
        runs = {**runs, **{f"ours, stopped after {b}": ours for b in BUDGETS}}
    return runs


def secrets(seeds: range, jobs: int) -> dict[str, list[Run]]:
    contenders = [Contender(f"greedy, {n} searches per wall", "greedy", GreedyParams(n), True)
                  for n in (3, 10)]
    contenders += [
        Contender("occupancy map, 5 searches per spot", "occupancy",
                  OccupancyParams(searches_per_spot=5), True),
        Contender("ours, searching", "room-space", default_params("room-space", secrets=True),
                  True),
    ]
    runs, wall = _run(contenders, seeds, jobs, "secrets")
    _header(f"3. secret doors and corridors on, {len(seeds)} levels; {wall:.0f} s wall")
    for c in contenders:
        print(_line(summarize(c.label, runs[c.label])))
    print("paper: greedy about 95% of secret rooms at about 2250 actions, 90% at over 1600; "
          "occupancy map about 90% of secret rooms at about 500 actions")
    for c in contenders:
        b90 = budget_for(runs[c.label], 0.9, secret=True)
        print(f"  {c.label:<40} 90% of secret rooms by {b90 if b90 is not None else 'never'}"
              f" actions")
    ours = runs["ours, searching"]
    b90 = budget_for(ours, 0.9, secret=True)
    s = summarize("", ours)
    met = (s.secret_rooms >= 0.9 and s.actions <= 350) or (b90 is not None and b90 <= 350)
    print(f"target: 90% of secret rooms in <= 350 actions: ours finds {s.secret_rooms:.1%} in "
          f"{s.actions:.1f} actions on average; 90% reached at a budget of {b90} -> "
          f"{'MET' if met else 'NOT MET'}")
    return runs


def sweep(seeds: range, jobs: int) -> list[tuple[OccupancyParams, Summary]]:
    # A slice of the paper's grid (it ran 6,763 models): the parameters its
    # regression found to matter (diffusion, border, threshold) and the DFS rule.
    grid = list(itertools.product((0.5, 1.0), (0.75,), (0.5, 1.0),
                                  (0.05, 0.15, 0.3, 0.5), (4, 8)))
    contenders = [
        Contender(f"occ d{d} a{a} b{b} t{t} n{n}", "occupancy",
                  OccupancyParams(diffusion=d, alpha=a, border=b, threshold=t, min_neighbours=n))
        for d, a, b, t, n in grid
    ]
    runs, wall = _run(contenders, seeds, jobs, "sweep")
    results = [(c.params, summarize(c.label, runs[c.label])) for c in contenders]
    print(f"\n== 4. occupancy-map parameter sweep: {len(grid)} models (diffusion x alpha x "
          f"border x threshold x DFS neighbours) on {len(seeds)} levels; {wall:.0f} s wall")
    front = _pareto(results)
    print("models on the upper-left curve (fewest actions for their room coverage):")
    for _, s in front:
        print(_line(s))
    complete = [r for r in results if r[1].complete >= 0.995]
    if complete:
        best = min(complete, key=lambda r: r[1].actions)
        print(f"fastest model with >= 99.5% complete levels: {best[1].label}: "
              f"{best[1].actions:.1f} actions")
    near80 = [r for r in results if r[1].rooms >= 0.8]
    if near80:
        best = min(near80, key=lambda r: r[1].actions)
        print(f"fastest model with >= 80% of rooms: {best[1].label}: {best[1].actions:.1f} "
              f"actions ({best[1].rooms:.1%} of rooms)")
    return results


def _pareto(results):
    front = []
    for params, s in sorted(results, key=lambda r: (r[1].actions, -r[1].rooms)):
        if not front or s.rooms > front[-1][1].rooms:
            front.append((params, s))
    return front


def plots(out: Path, exh, trade, secret, swept) -> list[Path]:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (pip install -e '.[plot]'): no plots")
        return []
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    if exh:
        fig, ax = plt.subplots(figsize=(7, 4))
        labels = list(exh)
        sums = [summarize(k, exh[k]) for k in labels]
        ax.bar(range(len(labels)), [s.actions for s in sums],
               yerr=[s.actions_sd for s in sums], color="0.7", ecolor="red", capsize=4)
        ax.set_xticks(range(len(labels)), [k.split(" (")[0] for k in labels])
        ax.set_ylabel("average actions (all rooms)")
        ax.set_title("Exhaustive room discovery (cf. paper Fig. 7)")
        saved.append(out / "explore_fig7_exhaustive.png")
        fig.tight_layout()
        fig.savefig(saved[-1])
        plt.close(fig)
    if trade or swept:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        if swept:
            ax.scatter([s.actions for _, s in swept], [s.rooms * 100 for _, s in swept],
                       s=8, color="0.75", label="occupancy map sweep (rooms %)")
            front = _pareto(swept)
            ax.plot([s.actions for _, s in front], [s.rooms * 100 for _, s in front], "b.-",
                    label="occupancy map, best models")
            ax.plot([s.actions for _, s in front], [s.complete * 100 for _, s in front], "ks",
                    ms=3, label="... exhaustive metric")
        if trade:
            ours = [summarize(k, v, budget=int(k.rsplit(" ", 1)[1]))
                    for k, v in trade.items() if k.startswith("ours, stopped")]
            ours += [summarize(k, v) for k, v in trade.items()
                     if k.startswith(("ours, p_min", "ours, any_min"))]
            ours.sort(key=lambda s: s.actions)
            ax.plot([s.actions for s in ours], [s.rooms * 100 for s in ours], "go-",
                    label="ours (rooms %)")
        ax.set_xlabel("average actions")
        ax.set_ylabel("rooms explored (%)")
        ax.set_title("Actions against rooms explored (cf. paper Fig. 8)")
        ax.legend(fontsize=7)
        saved.append(out / "explore_fig8_tradeoff.png")
        fig.tight_layout()
        fig.savefig(saved[-1])
        plt.close(fig)
    if secret:
        for name, keys, fig_no in (("greedy", [k for k in secret if k.startswith("greedy")], 10),
                                   ("occupancy map and ours",
                                    [k for k in secret if not k.startswith("greedy")], 11)):
            fig, ax = plt.subplots(figsize=(7, 4.5))
            for k in keys:
                s = summarize(k, secret[k])
                ax.plot([s.actions], [s.secret_rooms * 100], "D", label=f"{k}: secret rooms")
                ax.plot([s.actions], [s.hidden * 100], "*", ms=9, label=f"{k}: hidden squares")
            ax.set_xlabel("average actions")
            ax.set_ylabel("found (%)")
            ax.set_title(f"Secret rooms and hidden squares, {name} (cf. paper Fig. {fig_no})")
            ax.legend(fontsize=6)
            saved.append(out / f"explore_fig{fig_no}_secrets.png")
            fig.tight_layout()
            fig.savefig(saved[-1])
            plt.close(fig)
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--parts", default=",".join(PARTS),
                        help=f"comma-separated: {', '.join(PARTS)} (default: all)")
    parser.add_argument("--no-sweep", action="store_true", help="leave the sweep out")
    parser.add_argument("--sweep-levels", type=int, default=20)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    parser.add_argument("--replot", action="store_true",
                        help="only redraw the plots from the runs saved in --out")
    args = parser.parse_args(argv)
    parts = {p.strip() for p in args.parts.split(",") if p.strip()}
    if args.no_sweep:
        parts.discard("sweep")
    unknown = parts - set(PARTS)
    if unknown:
        parser.error(f"unknown part(s) {', '.join(sorted(unknown))}; choose from "
                     f"{', '.join(PARTS)}")
    configure_logging(level="warning")
    seeds = range(args.first_seed, args.first_seed + args.levels)
    t0 = time.perf_counter()
    saved = args.out / "explore_runs.pickle"
    if args.replot:
        exh, trade, secret, swept = (pickle.loads(saved.read_bytes()).get(k) for k in
                                     ("exhaustive", "tradeoff", "secrets", "sweep"))
    else:
        exh = exhaustive(seeds, args.jobs) if parts & {"exhaustive", "tradeoff"} else None
        trade = tradeoff(seeds, args.jobs, exh) if "tradeoff" in parts else None
        secret = secrets(seeds, args.jobs) if "secrets" in parts else None
        swept = sweep(range(args.first_seed, args.first_seed + args.sweep_levels), args.jobs) \
            if "sweep" in parts else None
        # Keep the runs (merged with earlier parts') so plots can combine separate runs.
        args.out.mkdir(parents=True, exist_ok=True)
        kept = pickle.loads(saved.read_bytes()) if saved.exists() else {}
        for key, value in (("exhaustive", exh), ("tradeoff", trade), ("secrets", secret),
                           ("sweep", swept)):
            if value is not None:
                kept[key] = value
        saved.write_bytes(pickle.dumps(kept))
        exh, trade, secret, swept = (kept.get(k) for k in
                                     ("exhaustive", "tradeoff", "secrets", "sweep"))
    for path in plots(args.out, exh, trade, secret, swept):
        print(f"saved {path}")
    print(f"({time.perf_counter() - t0:.0f} s in all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
