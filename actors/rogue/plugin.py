"""``belligerent play rogue`` and ``belligerent tournament rogue``.

Registered as the ``rogue`` entry point of ``belligerent.games``. The Rogue binary
is the user's: ``--rogue-bin`` or ``$BELLIGERENT_ROGUE``. ``--seed`` fixes the
dungeon where the platform allows it (the project's preload library, see
``protocols.rogue._seed``); where it does not, games use Rogue's own random
dungeon and the command says so on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from actors.roguelike._play import report, run_session
from protocols.rogue import (
    ROGUE_ENV,
    RogueAdapter,
    SeededRogueAdapter,
    SeedSupport,
    check_seed,
    find_rogue_binary,
    seed_support,
)
from runtime import (
    AgentSpec,
    Bus,
    GameCommand,
    GamePlugin,
    ProgressBar,
    Session,
    seconds,
    until_sigterm,
    whole_number,
)

from . import DEFAULT_TACTICS, Tactics, rogomatic, tactic_ranges
from ._agents import minimal_agent
from ._learning import Chooser, TacticsStore, describe, from_json
from ._plan import plan_session
from ._tournament import (
    NOT_PLAYED,
    TournamentConfig,
    close_killed_run,
    finished_games,
    run_tournament,
)
from ._tournament_game import CappedAdapter, GameSpec, play_game
from ._tournament_report import GameLine, format_summary, plot_scores, summarize

#: Our Rogue agents by name: each builds an AgentSpec from tactics and an action budget.
AGENTS: dict[str, Callable[[Any, int | None], AgentSpec]] = {
    "rogomatic": lambda tactics, budget: rogomatic(tactics, max_actions=budget),
    "minimal": lambda tactics, budget: minimal_agent(budget or 500),
}


_positive = whole_number(1)


_seconds = seconds()


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    try:
        return check_seed(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def default_database() -> Path:
    """``$XDG_STATE_HOME/belligerent/rogue.sqlite3`` (else under ``~/.local/state``)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                             "state")
    return Path(base) / "belligerent" / "rogue.sqlite3"


def load_tactics(path: str) -> Tactics:
    """Tactics from a JSON object of ``name: value`` (missing names keep their defaults)."""
    try:
        with open(path) as f:
            values = json.load(f)
    except json.JSONDecodeError as exc:
        raise ValueError(f"tactics file {path!r} is not JSON: {exc}") from None
    except OSError as exc:
        raise ValueError(f"tactics file {path!r} cannot be read: {exc.strerror}; give a JSON "
                         f"file of name: value, e.g. {{\"flee_risk\": 0.15}}") from None
    if not isinstance(values, dict):
        raise ValueError(f"tactics file {path!r} must hold a JSON object of name: value")
    names = {f.name for f in attrs.fields(Tactics)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise ValueError(f"tactics file {path!r} names unknown tactics: {', '.join(unknown)}; "
                         f"known: {', '.join(sorted(names))}")
    for name, (lo, hi) in tactic_ranges().items():
        if name in values and not _within(values[name], lo, hi):
            raise ValueError(f"tactics file {path!r}: {name} is {values[name]!r}, outside its "
                             f"range {lo} to {hi}")
    return from_json(Tactics, json.dumps(values))


def _within(value: object, lo: object, hi: object) -> bool:
    """Whether a tactic's value has its field's type and lies in ``[lo, hi]``."""
    if isinstance(lo, bool):
        return isinstance(value, bool)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if isinstance(lo, int) and not isinstance(value, int):
        return False
    return lo <= value <= hi  # type: ignore[operator]


def variant_of(spec: Any, tactics: Tactics) -> Any:
    """``spec`` with the tactics that differ from the defaults in its version, e.g.
    ``1.42 (flee_risk=0.15)``: recorded with every game, so that ``belligerent report``
    shows a variant apart from the defaults of the same version."""
    if tactics == DEFAULT_TACTICS:
        return spec
    return attrs.evolve(spec, version=f"{spec.version} ({describe(tactics, DEFAULT_TACTICS)})")


def learned_tactics(database: Path) -> tuple[Tactics, str]:
    """The best-scoring set learned in ``database``, and a line saying which it is."""
    if not database.exists():
        raise LookupError(f"no learning records at {database}; run "
                          "`belligerent tournament rogue --learn` first")
    store = TacticsStore(database, Tactics, recover=False)
    try:
        best = store.best(min_games=3) or store.best()
    finally:
        store.close()
    if best is None:
        raise LookupError(f"{database} holds no scored Rogue games to learn from")
    return best.tactics, (f"learned set {best.id}: mean fitness {best.mean:.2f} over "
                          f"{best.games} games, best score {best.best_score:.0f}")


def _support(args: argparse.Namespace, binary: str) -> SeedSupport:
    if getattr(args, "unseeded", False):
        return SeedSupport(None, "--unseeded was given")
    support = seed_support(binary)
    if not support.available:
        print(f"belligerent: dungeons are not fixed ({support.reason}); games use Rogue's "
              "own random seed", file=sys.stderr)
    return support


# -- play ------------------------------------------------------------------------


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rogue-bin", metavar="PATH", default=None,
                        help=f"the Rogue 5.4.4 binary (default: ${ROGUE_ENV})")
    parser.add_argument("--agent", choices=sorted(AGENTS), default="rogomatic",
                        help="our agent (default: %(default)s)")
    parser.add_argument("--seed", type=_seed, default=None,
                        help="play dungeon SEED (and seed the agent); default: Rogue's own "
                        "random dungeon")
    parser.add_argument("--repeatable", action="store_true",
                        help="with --seed, take frames strictly so that the same seed and "
                        "agent replay the same game (several times slower per key)")
    parser.add_argument("--tactics", metavar="FILE", default=None,
                        help="Rog-O-Matic's tactics from a JSON file of name: value")
    parser.add_argument("--learned", metavar="DB", type=Path, default=None,
                        help="play with the best tactics learned in DB "
                        "(see tournament --learn)")
    parser.add_argument("--max-actions", type=_positive, default=None,
                        help="quit (Q, y) after this many decisions (default: play to the "
                        "end; the minimal agent quits after 500)")
    parser.add_argument("--time-limit", type=_seconds, default=None, metavar="SECONDS",
                        help="quit the game cleanly after this long (default: none)")
    parser.add_argument("--record", metavar="CAST", default=None,
                        help="write the session to an asciinema v2 cast file")
    parser.add_argument("--headless", action="store_true",
                        help="do not draw the screen; print only the result")
    parser.add_argument("--delay", type=float, default=0.0,
                        help="seconds to pause after each action, to watch the game")


async def play(args: argparse.Namespace) -> int:
    binary = find_rogue_binary(args.rogue_bin)
    tactics = DEFAULT_TACTICS
    if args.tactics and args.learned:
        raise ValueError("give --tactics or --learned, not both")
    if args.tactics:
        tactics = load_tactics(args.tactics)
    elif args.learned:
        tactics, which = learned_tactics(args.learned)
        print(which, file=sys.stderr)
    agent = AGENTS[args.agent](tactics, args.max_actions)
    bus = Bus()
    inner: RogueAdapter
    if args.seed is None:
        inner = RogueAdapter.live(binary, record=args.record, bus=bus)
    else:
        inner = SeededRogueAdapter.live_seeded(binary, seed=args.seed, record=args.record,
                                               bus=bus, support=_support(args, binary),
                                               strict_frames=args.repeatable)
    inner.pace = args.delay
    adapter = CappedAdapter(inner, max_actions=args.max_actions, time_limit=args.time_limit)
    session = Session(adapter, agent, seed=args.seed or 0, bus=bus)
    result = await run_session(session, headless=args.headless)
    return report(result)


# -- tournament ------------------------------------------------------------------


def add_tournament_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rogue-bin", metavar="PATH", default=None,
                        help=f"the Rogue 5.4.4 binary (default: ${ROGUE_ENV})")
    parser.add_argument("--games", type=_positive, default=10,
                        help="games to play (default: %(default)s)")
    parser.add_argument("--seed", type=_seed, default=0,
                        help="game i plays dungeon SEED+i (default: %(default)s)")
    parser.add_argument("--jobs", type=_positive, default=1,
                        help="games played at the same time, each in its own terminal")
    parser.add_argument("--agent", choices=sorted(AGENTS), default="rogomatic",
                        help="our agent (default: %(default)s)")
    parser.add_argument("--learn", action="store_true",
                        help="choose each game's tactics from the learned pool in --db and "
                        "score them afterwards")
    parser.add_argument("--tactics", metavar="FILE", default=None,
                        help="play every game with Rog-O-Matic's tactics from a JSON file of "
                        "name: value (names left out keep their defaults), to measure a "
                        "variant against the defaults on the same dungeons")
    parser.add_argument("--db", type=Path, default=None, metavar="PATH",
                        help=f"SQLite file for the results and the learning "
                        f"(default: {default_database()})")
    parser.add_argument("--plot", type=Path, default=Path("rogue-scores.png"), metavar="PNG",
                        help="where to save the box plot of scores (default: %(default)s)")
    parser.add_argument("--no-plot", action="store_true", help="do not draw the box plot")
    parser.add_argument("--max-actions", type=_positive, default=None,
                        help="each game quits after this many decisions (default: none)")
    parser.add_argument("--time-limit", type=_seconds, default=1800.0, metavar="SECONDS",
                        help="each game is quit cleanly after this long (default: %(default)s)")
    parser.add_argument("--budget", type=_seconds, default=None, metavar="SECONDS",
                        help="start no game after this long; games in flight finish and the "
                        "rest are recorded as unplayed (default: play them all)")
    parser.add_argument("--unseeded", action="store_true",
                        help="play Rogue's own random dungeons instead of SEED+i")
    parser.add_argument("--resume", action="store_true",
                        help="play only the dungeons SEED..SEED+GAMES-1 that --db holds no "
                        "finished game of by this agent version and tactics (after Ctrl-C, "
                        "SIGTERM or a crash); the summary covers them all")
    parser.add_argument("--repeatable", action="store_true",
                        help="take frames strictly so that a rerun with the same seed and "
                        "agent replays the same games (several times slower per key)")


async def tournament(args: argparse.Namespace) -> int:
    from runtime.daemon import Records

    if args.learn and args.agent != "rogomatic":
        raise ValueError(f"--learn needs the rogomatic agent; {args.agent!r} has no tactics")
    if args.tactics and args.learn:
        raise ValueError("give --tactics or --learn, not both: --learn chooses each game's "
                         "tactics itself")
    if args.tactics and args.agent != "rogomatic":
        raise ValueError(f"--tactics needs the rogomatic agent; {args.agent!r} has no tactics")
    if args.resume and args.learn:
        raise ValueError("--resume replays no learning: --learn chooses each game's tactics "
                         "afresh; start a new --learn tournament instead")
    if args.resume and args.unseeded:
        raise ValueError("--resume needs fixed dungeons: an --unseeded game cannot be "
                         "matched with the one it would replace")
    tactics = load_tactics(args.tactics) if args.tactics else DEFAULT_TACTICS
    binary = find_rogue_binary(args.rogue_bin)
    database: Path = args.db or default_database()
    build = AGENTS[args.agent]

    def agent_for(t: Tactics) -> Any:
        spec = build(t, args.max_actions)
        return variant_of(spec, t) if args.tactics else spec

    agent = agent_for(tactics)
    earlier: dict[int, Any] = {}
    if args.resume and database.exists():
        found = Records(database)
        try:
            earlier = finished_games(found, agent=agent.name, version=agent.version,
                                     seed=args.seed, games=args.games)
            closed = close_killed_run(found, agent=agent, seed=args.seed, games=args.games)
            if closed:
                print(f"resuming: {closed} games a killed run left queued or running in "
                      f"{database} are recorded as interrupted", file=sys.stderr)
        finally:
            found.close()
    config = TournamentConfig(games=args.games, seed=args.seed, jobs=args.jobs,
                              max_actions=args.max_actions, time_limit=args.time_limit,
                              budget=args.budget, skip=frozenset(earlier))
    if args.resume:
        print(f"resuming: {len(earlier)} of {args.games} dungeons already played in {database} "
              f"by {agent.name} {agent.version}; playing the other {len(config.to_play)}",
              file=sys.stderr)
    support = _support(args, binary)

    def make_adapter(spec: GameSpec) -> RogueAdapter:
        return SeededRogueAdapter.live_seeded(binary, seed=spec.seed, support=support,
                                              strict_frames=args.repeatable)

    async def player(spec: GameSpec) -> Any:
        return await play_game(spec, make_adapter)

    records = Records(database)
    store = TacticsStore(database, Tactics) if args.learn else None
    chooser = Chooser(store, DEFAULT_TACTICS, seed=args.seed) if store is not None else None
    batch = uuid.uuid4().hex[:12]
    stopped = False
    try:
        if config.to_play:
            bar = ProgressBar(len(config.to_play), label="rogue")
            _, stopped = await until_sigterm(lambda: run_tournament(
                config, player=player, agent_for=agent_for,
                default_tactics=tactics, records=records, chooser=chooser,
                progress=lambda done, note: bar.update(done, note[:40]), batch=batch,
            ))
        rows = [*records.results(batch=batch, limit=0), *earlier.values()]
    finally:
        records.close()
    lines = [GameLine.from_record(r.outcome, r.score, r.cause, r.detail,
                                  group=f"set {dict(r.parameters).get('tactics_set', '')}")
             for r in rows if r.outcome not in NOT_PLAYED]
    skipped = sum(1 for r in rows if r.outcome in NOT_PLAYED)
    if stopped:
        print(f"stopped by SIGTERM: {skipped} games not played to an end are recorded as "
              f"such; the same command with --resume plays them", file=sys.stderr)
    elif skipped:
        print(f"{skipped} of {len(rows)} games were not played to an end (time budget or "
              "interrupted); the figures are for the rest", file=sys.stderr)
    if not lines:
        if stopped:
            return 128 + signal.SIGTERM
        raise LookupError("no game was played to an end: nothing to summarize")
    print(format_summary(summarize(lines), title=f"rogue, {agent.name} {agent.version}, "
                         f"seed {args.seed}"))
    if store is not None:
        print(_learning_table(store))
        store.close()
    which = f"batch {batch}" if config.to_play else "every game from earlier runs"
    print(f"records: {database} ({which}); again with: belligerent report rogue "
          f"--db {database}")
    if not args.no_plot:
        groups: dict[str, list[float]] = {"all games": [g.score for g in lines]}
        if args.learn:
            for g in lines:
                groups.setdefault(g.group, []).append(g.score)
            groups = {k: v for k, v in groups.items() if k == "all games" or len(v) >= 3}
        try:
            path = plot_scores(groups, args.plot, title=f"Rogue 5.4.4, {agent.name} "
                               f"{agent.version}: {len(lines)} games, seed {args.seed}")
            print(f"box plot: {path}")
        except ImportError as exc:
            print(f"no box plot: {exc}", file=sys.stderr)
    return 128 + signal.SIGTERM if stopped else 0


def _learning_table(store: TacticsStore, top: int = 5) -> str:
    arms = sorted((a for a in store.arms(include_retired=True) if a.games),
                  key=lambda a: (-a.mean, a.id))
    out = [f"learning: {len(store.arms())} sets in the pool, {store.scored_games()} games "
           "scored in all; best by mean fitness (log10 score + depth/10):"]
    for a in arms[:top]:
        state = "retired" if a.retired else "in pool"
        out.append(f"  set {a.id:3d} {a.mean:5.2f} over {a.games:3d} games, mean score "
                   f"{a.mean_score:7.0f}, best {a.best_score:6.0f} ({state}): "
                   f"{describe(a.tactics, DEFAULT_TACTICS)}")
    return "\n".join(out)


def describe_records(records: Sequence[Any]) -> str:
    """``report``'s account of Rogue records beyond the score table: per agent version,
    the depths, causes of death, and the chronicle's totals (``_tournament_report``)."""
    by_version: dict[str, list[GameLine]] = {}
    for r in records:
        if r.outcome in NOT_PLAYED:
            continue
        by_version.setdefault(f"{r.agent} {r.agent_version}", []).append(
            GameLine.from_record(r.outcome, r.score, r.cause, r.detail))
    return "\n".join(format_summary(summarize(lines), title=f"rogue, {version}")
                     for version, lines in sorted(by_version.items()))


PLUGIN = GamePlugin(
    name="rogue",
    description="Rogue 5.4.4 (the user's binary) in a pseudo-terminal",
    commands=(
        GameCommand("play", play, add_play_arguments,
                    help="play one game of Rogue to the end with Rog-O-Matic, showing the "
                    "screen"),
        GameCommand("tournament", tournament, add_tournament_arguments,
                    help="play N games of Rogue, record them, print the score distribution "
                    "and save a box plot"),
    ),
    plan_session=plan_session,
    describe_records=describe_records,
)
