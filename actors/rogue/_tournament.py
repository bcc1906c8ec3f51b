"""Rogue tournaments: N games, J at a time, every one recorded in SQLite.

Game ``i`` of a tournament seeded ``S`` plays dungeon ``S + i`` (see
``protocols.rogue._seed``), so two agent versions run with the same seed meet the
same dungeons. Each game is played by a :data:`Player` (live: its own pty; in
tests: a fake), with its tactics chosen by the learner when learning is on.

The records are the daemon's (:class:`runtime.daemon.Records`): the tournament is
a batch, each game a session row, queued at the start, running while it plays and
done with its outcome, score, turns, depth, cause of death, dungeon, tactics and
agent version at the end — so ``belligerent report rogue --db PATH`` reads them
too. A tournament that is stopped (Ctrl-C) finishes the rows of the games it did
not finish as ``interrupted`` (or ``unplayed``, never started) before it goes, and
abandons their learning trials; nothing is left "running". With a time budget, no
game starts after it runs out and the rest are recorded ``unplayed``.

A tournament stopped part-way (Ctrl-C, SIGTERM, a budget, a machine that went
down) is resumed by playing only the games it has not finished
(``TournamentConfig.skip``, found by :func:`finished_games`): games are repeatable,
so the games already recorded are the ones a rerun would play. The rows a run
killed outright left queued or running are closed as ``interrupted`` when it is
resumed (:func:`close_killed_run`, called by the CLI).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import attrs
import structlog
import trio

from runtime import AgentSpec, SessionResult
from runtime.daemon import Records, SessionRecord

from ._learning import Chooser, as_dict
from ._tournament_game import GameSpec, Player

_log = structlog.get_logger("belligerent.rogue.tournament")

#: Outcomes decided by the game's rules; only these teach the learner anything.
LEARNABLE = frozenset({"death", "quit", "win"})
#: Outcomes a rerun of the same agent on the same dungeon would only repeat (Rogue's
#: own crash included), so a resumed tournament does not play them again. ``error``
#: and ``timeout`` it does: a mended bug or a quieter machine may end those games.
FINISHED = LEARNABLE | {"aborted"}
#: The largest dungeon seed (Rogue adds it to an int); seeds wrap around past it.
SEED_LIMIT = 2**31

Progress = Callable[[int, str], None]


def dungeon_seed(seed: int, index: int) -> int:
    """The dungeon of game ``index`` in a tournament seeded ``seed``."""
    return (seed + index) % SEED_LIMIT


@attrs.frozen
class TournamentConfig:
    games: int
    seed: int = 0
    jobs: int = 1
    #: The agent's own budget and the adapter's backstop (None: play to the end).
    max_actions: int | None = None
    #: Seconds before the adapter quits a game itself (None: no limit).
    time_limit: float | None = 1800.0
    #: Seconds after which no new game starts (None: play them all); the games
    #: in flight finish, and those never started are recorded as ``unplayed``.
    budget: float | None = None
    #: Indexes of games not to play, already finished in an earlier run (resume).
    skip: frozenset[int] = frozenset()

    def __attrs_post_init__(self) -> None:
        if self.games < 1:
            raise ValueError(f"a tournament needs at least 1 game, got {self.games}")
        if self.jobs < 1:
            raise ValueError(f"jobs must be >= 1, got {self.jobs}")
        if any(not 0 <= i < self.games for i in self.skip):
            raise ValueError(f"games to skip must be in 0..{self.games - 1}, "
                             f"got {sorted(self.skip)}")

    @property
    def to_play(self) -> list[int]:
        """The indexes of the games this run plays, in order."""
        return [i for i in range(self.games) if i not in self.skip]


def dungeons(seed: int, games: int) -> dict[int, int]:
    """The dungeons of the tournament seeded ``seed`` with ``games`` games: each
    dungeon's seed to the index of its game."""
    return {dungeon_seed(seed, i): i for i in range(games)}


def agent_label(agent: AgentSpec) -> str:
    """The agent as a tournament's batch names it (its ``agent`` parameter)."""
    return f"{agent.name} {agent.version}"


def close_killed_run(records: Records, *, agent: AgentSpec, seed: int, games: int) -> int:
    """Record as ``interrupted`` the rows an earlier run of this tournament, killed
    outright, left queued or running (see the module); returns how many."""
    return records.close_abandoned(game="rogue", seeds=dungeons(seed, games),
                                   agent=agent_label(agent))


def finished_games(records: Records, *, agent: str, version: str, seed: int,
                   games: int) -> dict[int, SessionRecord]:
    """The games of the tournament seeded ``seed`` (indexes ``0..games-1``) that
    ``records`` holds played to their end (:data:`FINISHED`) by this agent and version,
    by index, the latest of each. The version carries the tactics of a variant (see
    ``plugin.variant_of``), so a variant resumes its own games, not the defaults'."""
    wanted = dungeons(seed, games)
    found: dict[int, SessionRecord] = {}
    for record in records.results(game="rogue", limit=0):  # newest first
        if (record.agent, record.agent_version) != (agent, version):
            continue
        if record.outcome not in FINISHED:
            continue
        dungeon = dict(record.parameters).get("dungeon")
        if isinstance(dungeon, int) and dungeon in wanted:
            found.setdefault(wanted[dungeon], record)
    return found


async def run_tournament(
    config: TournamentConfig,
    *,
    player: Player,
    agent_for: Callable[[Any], AgentSpec],
    default_tactics: Any,
    records: Records,
    chooser: Chooser | None = None,
    progress: Progress | None = None,
    batch: str | None = None,
) -> str:
    """Play the tournament; return its batch id (its rows in ``records``).

    ``agent_for(tactics)`` builds the agent for one game; without a ``chooser``
    every game uses ``default_tactics``. ``progress(done, note)`` follows each game.
    """
    batch = batch or uuid.uuid4().hex[:12]
    indexes = config.to_play
    sessions = {i: f"{batch}-{i:04d}" for i in indexes}
    probe = agent_for(default_tactics)
    parameters = {"agent": agent_label(probe), "learn": str(chooser is not None),
                  "max_actions": str(config.max_actions), "time_limit": str(config.time_limit)}
    if config.skip:
        parameters["resumed"] = f"{len(config.skip)} of {config.games} already played"
    records.add_batch(
        batch, "rogue", len(indexes), config.jobs, config.seed, parameters, "tournament",
        [sessions[i] for i in indexes], seeds=[dungeon_seed(config.seed, i) for i in indexes],
    )
    unfinished = set(sessions.values())
    started: set[str] = set()
    done = 0
    stop_at = float("inf") if config.budget is None else trio.current_time() + config.budget
    send, receive = trio.open_memory_channel[int](max(1, len(indexes)))
    for i in indexes:
        send.send_nowait(i)
    send.close()

    async def worker() -> None:
        nonlocal done
        async for index in receive:
            if trio.current_time() >= stop_at:
                break
            session = sessions[index]
            started.add(session)
            seed = dungeon_seed(config.seed, index)
            tactics, parameters = default_tactics, [("tactics", as_dict(default_tactics))]
            if chooser is not None:
                choice = chooser.choose(session, seed, probe.name)
                tactics = choice.tactics
                parameters = [("tactics", as_dict(tactics)), ("tactics_set", choice.arm),
                              ("choice", choice.reason)]
            spec = GameSpec(index=index, session=session, seed=seed, agent=agent_for(tactics),
                            max_actions=config.max_actions, time_limit=config.time_limit,
                            parameters=(("dungeon", seed), *parameters))
            records.start(session)
            result = await player(spec)
            records.finish(result, spec.parameters)
            unfinished.discard(session)
            if chooser is not None:
                if result.outcome in LEARNABLE:
                    depth = int(dict(result.detail).get("depth") or 0)
                    chooser.score(session, score=result.score, depth=depth,
                                  outcome=result.outcome)
                else:
                    chooser.abandon(session)
            done += 1
            _log.info("rogue.tournament.game", index=index, outcome=result.outcome,
                      score=result.score, seed=seed)
            if progress is not None:
                progress(done, f"#{index} {result.outcome} {result.score:.0f}")

    try:
        async with trio.open_nursery() as nursery:
            for _ in range(min(config.jobs, len(indexes))):
                nursery.start_soon(worker)
    finally:
        if unfinished:
            _close_unfinished(records, chooser, sorted(unfinished), started)
    return batch


#: Outcomes of rows for games that were never played to an end by anyone.
NOT_PLAYED = frozenset({"interrupted", "unplayed"})


def _close_unfinished(records: Records, chooser: Chooser | None, sessions: list[str],
                      started: set[str]) -> None:
    """Close the rows (and learning trials) of games the tournament did not finish:
    ``interrupted`` if they had started, ``unplayed`` if the budget ran out first."""
    for session in sessions:
        if session in started:
            outcome, cause = "interrupted", "the tournament stopped before this game ended"
        else:
            outcome, cause = "unplayed", "the tournament stopped before this game started"
        records.finish(SessionResult(
            session=session, game="rogue", agent="", agent_version="", seed=0,
            outcome=outcome, score=0.0, turns=0, wall_time=0.0, cause=cause,
        ))
        if chooser is not None:
            chooser.abandon(session)
    _log.warning("rogue.tournament.unfinished", games=len(sessions),
                 interrupted=len(started.intersection(sessions)))
