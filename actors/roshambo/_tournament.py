"""Tournaments: our agents entered, one at a time, in a field of RoShamBo bots.

Each agent enters the field alone, as a 1999 entrant did: the field's bots play
each other once (a plain round robin, hosted by the game), and the agent plays
every bot once through a full runtime session. Rankings are by total match score
and by match points, averaged over several rounds with different seeds.

Bot-versus-bot rounds don't depend on the agents, so a round is computed once and
shared by every agent; with ``jobs > 1`` rounds run in worker processes.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Sequence

import attrs
import trio

from protocols.roshambo import (
    COMPETITION_TURNS,
    MatchResult,
    Standings,
    TableAdapter,
    derive_seed,
    draw_margin,
    make_opponent,
    round_robin,
)
from runtime import AgentSpec, Session, SessionResult

Progress = Callable[[int, str], None]


def round_seed(seed: int, round_index: int) -> int:
    """The seed of round ``round_index`` of a tournament seeded ``seed``."""
    return derive_seed(seed, "round", round_index)


def agent_match_seed(seed: int, opponent: str) -> int:
    """The seed of an agent's match against ``opponent`` in a round seeded ``seed``.

    The same for every agent, so agents face the same opponent randomness.
    """
    return derive_seed(seed, "agent-vs", opponent)


async def play_agent_match(
    agent: AgentSpec,
    opponent: str,
    *,
    seed: int,
    turns: int = COMPETITION_TURNS,
    player_name: str | None = None,
) -> tuple[MatchResult, SessionResult]:
    """One match of ``agent`` against the bot ``opponent``, through a runtime session.

    ``player_name`` is the agent's name in the match result (default: the agent's).
    """
    adapter = TableAdapter(
        make_opponent(opponent), turns=turns, seed=seed, player_name=player_name or agent.name
    )
    record = await Session(adapter, agent, seed=seed).run()
    if record.outcome in ("crashed", "aborted", "stuck"):
        raise RuntimeError(f"{agent.name} vs {opponent} ended {record.outcome}: {record.cause}")
    match = adapter.table.result() if adapter.table is not None else None
    assert match is not None
    return match, record


def bot_round(field: Sequence[str], turns: int, seed: int) -> tuple[MatchResult, ...]:
    """Every bot-versus-bot match of one round (runs in a worker process)."""
    players = [make_opponent(name) for name in field]
    return round_robin(players, turns=turns, seed=seed).matches


@attrs.frozen
class Line:
    """One player's averages over the rounds, in one agent's field."""

    name: str
    score: float
    points: float
    wins: float
    draws: float
    losses: float
    rank_by_score: int
    rank_by_points: int
    is_agent: bool


@attrs.frozen
class FieldResult:
    """One agent's tournament: the table of averages, best by match points first."""

    agent: str
    rounds: int
    lines: tuple[Line, ...]
    wall_time_per_match: float

    def line(self, name: str) -> Line:
        return next(line for line in self.lines if line.name == name)


async def run_tournament(
    agents: Sequence[AgentSpec],
    field: Sequence[str],
    *,
    seed: int = 0,
    rounds: int = 1,
    turns: int = COMPETITION_TURNS,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[FieldResult]:
    """Enter each agent in ``field`` for ``rounds`` round robins; return one table per agent.

    ``progress(done, note)`` is called after every match (bot rounds count as
    their number of matches when they finish).
    """
    if rounds < 1:
        raise ValueError(f"rounds must be >= 1 (got {rounds})")
    if not field:
        raise ValueError("the field is empty: name at least one opponent")
    for name in field:
        make_opponent(name)  # fail fast, with the list of names, before any play
    seeds = [round_seed(seed, r) for r in range(rounds)]
    done = 0

    def tick(n: int, note: str) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, note)

    bot_matches = await _bot_rounds(field, turns, seeds, jobs, tick)
    results = []
    for agent in agents:
        # An agent named like a bot (our Granite and the 1999 granite) must not merge
        # with it in the standings.
        entrant = agent.name if agent.name not in field else f"ours:{agent.name}"

        per_round: list[Standings] = []
        session_time = 0.0
        for r, s in enumerate(seeds):
            agent_matches = []
            for opponent in field:
                match, record = await play_agent_match(
                    agent, opponent, seed=agent_match_seed(s, opponent), turns=turns,
                    player_name=entrant,
                )
                session_time += record.wall_time
                agent_matches.append(match)
                tick(1, f"{agent.name} vs {opponent} {match.score:+d}")
            per_round.append(
                Standings.from_matches(
                    [*field, entrant],
                    [*bot_matches[r], *agent_matches],
                    draw_margin(turns),
                )
            )
        results.append(_average(entrant, per_round, session_time / (rounds * len(field))))
    return results


async def _bot_rounds(
    field: Sequence[str], turns: int, seeds: list[int], jobs: int, tick: Progress
) -> list[tuple[MatchResult, ...]]:
    pairs = len(field) * (len(field) - 1) // 2
    if jobs <= 1:
        rounds = []
        for s in seeds:
            rounds.append(await trio.to_thread.run_sync(bot_round, field, turns, s))
            tick(pairs, "bot round robin")
        return rounds
    results: dict[int, tuple[MatchResult, ...]] = {}
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(bot_round, list(field), turns, s): i for i, s in enumerate(seeds)}
        for future in await trio.to_thread.run_sync(
            lambda: list(concurrent.futures.as_completed(futures))
        ):
            results[futures[future]] = future.result()
            tick(pairs, "bot round robin")
    return [results[i] for i in range(len(seeds))]


def _average(agent: str, per_round: list[Standings], per_match: float) -> FieldResult:
    n = len(per_round)
    names = [entry.name for entry in per_round[0].entries]
    totals = {name: [0.0] * 5 for name in names}
    for standings in per_round:
        for entry in standings.entries:
            t = totals[entry.name]
            t[0] += entry.score
            t[1] += entry.points
            t[2] += entry.wins
            t[3] += entry.draws
            t[4] += entry.losses
    avg = {name: [v / n for v in t] for name, t in totals.items()}
    by_score = sorted(names, key=lambda x: (-avg[x][0], -avg[x][1], x))
    by_points = sorted(names, key=lambda x: (-avg[x][1], -avg[x][0], x))
    lines = tuple(
        Line(
            name=name,
            score=avg[name][0],
            points=avg[name][1],
            wins=avg[name][2],
            draws=avg[name][3],
            losses=avg[name][4],
            rank_by_score=by_score.index(name) + 1,
            rank_by_points=by_points.index(name) + 1,
            is_agent=name == agent,
        )
        for name in by_points
    )
    return FieldResult(agent=agent, rounds=n, lines=lines, wall_time_per_match=per_match)


def format_table(result: FieldResult, *, top: int | None = None) -> str:
    """The table as text: rank by points, rank by score, averages; our agent marked."""
    head = (
        f"{'pts#':>4} {'score#':>6}  {'player':<18} {'score':>9} {'points':>7} "
        f"{'W':>5} {'D':>5} {'L':>5}"
    )
    rows = [head, "-" * len(head)]
    for line in result.lines:
        if top is not None and line.rank_by_points > top and not line.is_agent:
            continue
        mark = "*" if line.is_agent else " "
        rows.append(
            f"{line.rank_by_points:>4} {line.rank_by_score:>6} {mark}{line.name:<18} "
            f"{line.score:>9.1f} {line.points:>7.1f} {line.wins:>5.1f} {line.draws:>5.1f} "
            f"{line.losses:>5.1f}"
        )
    return "\n".join(rows)
