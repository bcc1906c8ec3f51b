"""``belligerent play``, ``tournament`` and ``evolve roshambo`` (the last from actors.critter).

Registered as the ``roshambo`` entry point of ``belligerent.games``.
"""

from __future__ import annotations

import argparse
import sys

from actors.critter.commands import COMMAND as CRITTER_EVOLVE
from protocols.roshambo import (
    COMPETITION_TURNS,
    TableAdapter,
    dummy_names,
    make_opponent,
    openspiel_available,
    openspiel_bot_names,
)
from runtime import AgentSpec, GameCommand, GamePlugin, ProgressBar, Session, whole_number

from ._agents import AGENTS
from ._plan import plan_session
from ._rules import MOVE_NAMES
from ._tournament import format_table, run_tournament

_OUTCOME_SIGN = {1: "+1", -1: "-1", 0: " 0"}


_positive = whole_number(1)


#: ``--agent critter:FILE`` plays the critter saved in FILE.
_CRITTER = "critter:"


def _resolve(text: str) -> AgentSpec:
    """The agent named ``text``: one of AGENTS, or ``critter:FILE`` (ValueError/OSError)."""
    if text.startswith(_CRITTER):
        from actors.critter import critter_agent

        return critter_agent(text[len(_CRITTER):])
    if text not in AGENTS:
        raise ValueError(
            f"unknown agent {text!r}; choose from {', '.join(AGENTS)} or critter:FILE"
        )
    return AGENTS[text]


def _agent(text: str) -> str:
    if text not in AGENTS and not text.startswith(_CRITTER):
        raise argparse.ArgumentTypeError(
            f"unknown agent {text!r}; choose from {', '.join(AGENTS)} or critter:FILE"
        )
    return text


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=0,
                        help="seed for the match (the agent's and the opponent's randomness)")
    parser.add_argument("--turns", type=_positive, default=COMPETITION_TURNS,
                        help=f"throws per match (default {COMPETITION_TURNS}, as in 1999)")


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--opponent", default="rotate", metavar="NAME",
        help="the bot to play: one of the suite (" + ", ".join(dummy_names())
        + ") or, with the bench extra installed, a real 1999 entrant such as "
        "iocainebot or greenberg (default: rotate)",
    )
    parser.add_argument("--agent", type=_agent, default=next(iter(AGENTS)),
                        help=f"our agent: {', '.join(AGENTS)}, or critter:FILE for an evolved "
                        "critter (default: %(default)s)")
    _add_common(parser)
    parser.add_argument("--quiet", action="store_true",
                        help="print only the result, not every turn's reasoning")


async def play(args: argparse.Namespace) -> int:
    opponent = make_opponent(args.opponent)
    agent = _resolve(args.agent)
    session: Session | None = None

    def show(turn: int, mine: int, theirs: int, score: int) -> None:
        decision = session.last_decision if session is not None else None
        why = decision.rationale if decision is not None else ""
        result = (mine - theirs + 4) % 3 - 1
        print(
            f"{turn:5d} {MOVE_NAMES[mine]:>8} vs {MOVE_NAMES[theirs]:<8} "
            f"{_OUTCOME_SIGN[result]} {score:+5d}  {why}"
        )

    adapter = TableAdapter(opponent, turns=args.turns, seed=args.seed,
                           player_name=agent.name, on_turn=None if args.quiet else show)
    session = Session(adapter, agent, seed=args.seed)
    if not args.quiet:
        print(f"{agent.name} {agent.version} vs {opponent.name}, {args.turns} throws, "
              f"seed {args.seed}")
        print(f"{'turn':>5} {'ours':>8}    {'theirs':<8} +/- score  reasoning")
    record = await session.run()
    detail = dict(record.detail)
    print(
        f"{agent.name} vs {opponent.name}: {record.outcome}, score {record.score:+.0f} "
        f"({detail.get('wins')} won, {detail.get('losses')} lost, {detail.get('draws')} tied) "
        f"in {record.wall_time:.2f}s"
    )
    if record.cause:
        print(f"ended early: {record.cause}", file=sys.stderr)
        return 1
    return 0


def _field(text: str) -> list[str]:
    if text == "suite":
        return dummy_names()
    if text == "openspiel":
        if not openspiel_available():
            raise argparse.ArgumentTypeError(
                "the openspiel field needs the bench extra: pip install -e '.[bench]'"
            )
        return openspiel_bot_names()
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("expected 'suite', 'openspiel' or a list of bot names")
    return names


def add_tournament_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--agents", default=",".join(AGENTS), metavar="A,B",
        help=f"our agents to enter, comma-separated (default: {','.join(AGENTS)})",
    )
    parser.add_argument(
        "--field", type=_field, default="suite", metavar="FIELD",
        help="the bots: 'suite' (our Python versions of the 1999 dummy bots, the default), "
        "'openspiel' (the 43 real 1999 programs; needs the bench extra) or NAME,NAME,...",
    )
    parser.add_argument("--rounds", type=_positive, default=1,
                        help="round robins to average over, each with its own seed")
    parser.add_argument("--jobs", type=_positive, default=1,
                        help="worker processes for the bot-versus-bot rounds")
    parser.add_argument("--top", type=_positive, default=None,
                        help="show only the first N lines of each table (our agent always shown)")
    _add_common(parser)


async def tournament(args: argparse.Namespace) -> int:
    names = [a.strip() for a in args.agents.split(",") if a.strip()]
    unknown = [n for n in names if n not in AGENTS and not n.startswith(_CRITTER)]
    if unknown or not names:
        raise ValueError(
            f"unknown agent(s) {', '.join(unknown) or '(none given)'}; "
            f"choose from {', '.join(AGENTS)} or critter:FILE"
        )
    field = args.field if isinstance(args.field, list) else _field(args.field)
    agents = [_resolve(n) for n in names]
    n = len(field)
    total = args.rounds * (n * (n - 1) // 2 + n * len(agents))
    bar = ProgressBar(total, label="tournament")
    results = await run_tournament(
        agents, field, seed=args.seed, rounds=args.rounds, turns=args.turns,
        jobs=args.jobs, progress=lambda done, note: bar.update(done, note[:40]),
    )
    for result in results:
        line = result.line(result.agent)
        print()
        print(
            f"{result.agent}: rank {line.rank_by_points}/{len(result.lines)} by match points, "
            f"{line.rank_by_score}/{len(result.lines)} by total score "
            f"(averaged over {result.rounds} round robin(s); "
            f"{result.wall_time_per_match:.2f}s per {args.turns}-throw match)"
        )
        print(format_table(result, top=args.top))
    return 0


PLUGIN = GamePlugin(
    name="roshambo",
    description="RoShamBo (rock-paper-scissors) as in the 1999 International RoShamBo "
    "Programming Competition",
    commands=(
        GameCommand("play", play, add_play_arguments,
                    help="play one match against a bot, showing the agent's reasoning"),
        GameCommand("tournament", tournament, add_tournament_arguments,
                    help="enter our agents in a round robin of bots and rank them"),
        CRITTER_EVOLVE,
    ),
    plan_session=plan_session,
)
