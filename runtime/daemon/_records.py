"""The records: one SQLite row per session, from queued to its end.

A row is written when a session is queued (``state='queued'``), marked
``running`` when it starts and ``done`` with its outcome when it ends, so a
daemon that dies leaves rows that say so. At start-up :meth:`Records.recover`
closes every row a previous daemon left queued or running (outcome
``interrupted``); nothing stays "running" forever. :meth:`Records.finish` only
ever finishes a row once: a second record for one session is refused.

SQLite in WAL mode: readers (``belligerent report``, another process) never block
the daemon's writes. Writes are small and synchronous; the daemon makes a few per
session, well under a millisecond each.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from runtime._session import SessionResult

from ._control import SessionRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS batches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    games INTEGER NOT NULL,
    concurrency INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    parameters TEXT NOT NULL,
    engine TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    batch TEXT NOT NULL,
    game TEXT NOT NULL,
    agent TEXT NOT NULL DEFAULT '',
    agent_version TEXT NOT NULL DEFAULT '',
    -- JSON object: as requested while queued, as the game understood them once done
    parameters TEXT NOT NULL,
    seed INTEGER NOT NULL,
    -- queued -> running -> done; only 'done' rows have an outcome
    state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done')),
    queued REAL NOT NULL,
    started REAL,
    ended REAL,
    outcome TEXT,
    score REAL,
    turns INTEGER,
    wall_time REAL,
    cause TEXT NOT NULL DEFAULT '',
    -- JSON object of the game's own figures (SessionResult.detail)
    detail TEXT NOT NULL DEFAULT '{}',
    -- a recording of the session (asciinema cast, transcript), if the game made one
    recording TEXT NOT NULL DEFAULT '',
    engine TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS sessions_by_game ON sessions (game, agent, agent_version);
CREATE INDEX IF NOT EXISTS sessions_by_state ON sessions (state);
CREATE INDEX IF NOT EXISTS sessions_by_batch ON sessions (batch);
"""

#: Detail keys that name a recording file rather than a figure.
RECORDING_KEYS = ("recording", "cast", "transcript")


class Records:
    """The daemon's database of sessions. One instance per process; not thread-safe."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._db = sqlite3.connect(self.path, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    # -- writing (the daemon) -------------------------------------------------

    def recover(self) -> int:
        """Close the rows a previous daemon left unfinished; returns how many."""
        return self._close_unfinished("the daemon stopped before this session ended (found ",
                                      " when the next daemon started)")

    def close_abandoned(self, *, game: str, seeds: Iterable[int], agent: str) -> int:
        """Close the rows of ``game`` on ``seeds``, queued by ``agent`` (the batch's
        ``agent`` parameter), that a run killed outright (SIGKILL, a machine that went
        down) left queued or running: its own clean stop would have closed them. For a
        run resumed in its place, so that nothing says "running" forever; returns how
        many. Rows of other games, seeds or agents (another run sharing the file) are
        left alone."""
        # One JSON parameter, not one per seed: a tournament of thousands of games
        # would pass SQLite's limit on bound variables.
        return self._close_unfinished(
            "a run killed before this session ended (found ", " when it was resumed)",
            " AND game=? AND seed IN (SELECT value FROM json_each(?))"
            " AND json_extract(parameters, '$.agent')=?",
            (game, json.dumps(sorted(set(seeds))), agent))

    def _close_unfinished(self, before: str, after: str, where: str = "",
                          args: tuple[Any, ...] = ()) -> int:
        """Mark the unfinished rows matching ``where`` done as ``interrupted``, the cause
        ``before`` + their state + ``after``."""
        now = time.time()
        cursor = self._db.execute(
            "UPDATE sessions SET state='done', outcome='interrupted', ended=?, "
            "score=COALESCE(score, 0), turns=COALESCE(turns, 0), "
            "wall_time=CASE WHEN started IS NULL THEN 0 ELSE ? - started END, "
            "cause=? || CASE state WHEN 'running' THEN 'running' ELSE 'queued' END || ? "
            "WHERE state != 'done'" + where,
            (now, now, before, after, *args),
        )
        return cursor.rowcount

    def add_batch(self, batch: str, game: str, games: int, concurrency: int, seed: int,
                  parameters: dict[str, str], engine: str, sessions: Iterable[str],
                  seeds: Iterable[int] | None = None) -> None:
        """The batch and one queued row per session, in one transaction. Session ``i``
        plays ``seed + i`` unless ``seeds`` names each session's own (a resumed
        tournament plays only the dungeons it has not finished)."""
        now = time.time()
        params = json.dumps(parameters, sort_keys=True)
        sessions = list(sessions)
        seeds = [seed + i for i in range(len(sessions))] if seeds is None else list(seeds)
        with self._transaction():
            self._db.execute(
                "INSERT INTO batches VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (batch, game, games, concurrency, seed, params, engine, now),
            )
            self._db.executemany(
                "INSERT INTO sessions (id, batch, game, parameters, seed, state, queued, engine) "
                "VALUES (?, ?, ?, ?, ?, 'queued', ?, ?)",
                [(s, batch, game, params, n, now, engine)
                 for s, n in zip(sessions, seeds, strict=True)],
            )

    def start(self, session: str) -> float:
        now = time.time()
        self._db.execute(
            "UPDATE sessions SET state='running', started=? WHERE id=? AND state='queued'",
            (now, session),
        )
        return now

    def finish(self, result: SessionResult, parameters: Iterable[tuple[str, Any]] = ()) -> bool:
        """Record how ``result``'s session ended. False (nothing written) if it was
        already finished or was never queued: a session has exactly one record."""
        detail = dict(result.detail)
        recording = ""
        for key in RECORDING_KEYS:
            if isinstance(detail.get(key), str):
                recording = detail.pop(key)
                break
        values: list[Any] = [
            result.agent, result.agent_version, result.outcome, float(result.score),
            int(result.turns), float(result.wall_time), result.cause,
            json.dumps(detail, default=repr, sort_keys=True), recording, time.time(),
        ]
        params = dict(parameters)
        set_params = ""
        if params:
            set_params = ", parameters=?"
            values.append(json.dumps(params, default=repr, sort_keys=True))
        cursor = self._db.execute(
            "UPDATE sessions SET state='done', agent=?, agent_version=?, outcome=?, score=?, "
            "turns=?, wall_time=?, cause=?, detail=?, recording=?, ended=?, "
            "started=COALESCE(started, queued)" + set_params +
            " WHERE id=? AND state != 'done'",
            (*values, result.session),
        )
        return cursor.rowcount == 1

    # -- reading --------------------------------------------------------------

    def record(self, session: str) -> SessionRecord | None:
        rows = list(self._select("WHERE id=?", (session,)))
        return rows[0] if rows else None

    def results(self, *, game: str = "", batch: str = "", limit: int = 20,
                ) -> list[SessionRecord]:
        """Finished sessions, newest first."""
        where, args = ["state='done'"], []
        if game:
            where.append("game=?")
            args.append(game)
        if batch:
            where.append("batch=?")
            args.append(batch)
        clause = "WHERE " + " AND ".join(where) + " ORDER BY ended DESC, id DESC"
        if limit > 0:
            clause += f" LIMIT {int(limit)}"
        return list(self._select(clause, tuple(args)))

    def counts(self) -> dict[str, int]:
        """Rows by state (``queued``, ``running``, ``done``)."""
        return dict(self._db.execute("SELECT state, COUNT(*) FROM sessions GROUP BY state"))

    def scores(self, game: str) -> dict[tuple[str, str], list[float]]:
        """Scores of finished sessions of ``game`` by ``(agent, version)``; sessions
        the daemon cut short (failed, stopped, interrupted, error, timeout) are left out."""
        found: dict[tuple[str, str], list[float]] = {}
        for agent, version, score in self._db.execute(
            "SELECT agent, agent_version, score FROM sessions WHERE state='done' AND game=? "
            "AND outcome NOT IN ('failed', 'stopped', 'interrupted', 'error', 'timeout', "
            "'cancelled') ORDER BY agent, agent_version",
            (game,),
        ):
            found.setdefault((agent, version), []).append(float(score))
        return found

    def outcomes(self, game: str) -> dict[tuple[str, str], dict[str, int]]:
        found: dict[tuple[str, str], dict[str, int]] = {}
        for agent, version, outcome, count in self._db.execute(
            "SELECT agent, agent_version, outcome, COUNT(*) FROM sessions "
            "WHERE state='done' AND game=? GROUP BY agent, agent_version, outcome",
            (game,),
        ):
            found.setdefault((agent, version), {})[outcome] = count
        return found

    def _select(self, clause: str, args: tuple[Any, ...]) -> Iterator[SessionRecord]:
        for row in self._db.execute(
            "SELECT id, batch, game, agent, agent_version, parameters, seed, started, ended, "
            "outcome, score, turns, wall_time, cause, detail, recording, engine "
            "FROM sessions " + clause, args,
        ):
            (session, batch, game, agent, version, params, seed, started, ended, outcome,
             score, turns, wall, cause, detail, recording, engine) = row
            yield SessionRecord(
                session=session, batch=batch, game=game, agent=agent, agent_version=version,
                parameters=_pairs(params), seed=seed, started=started or 0.0,
                ended=ended or 0.0, outcome=outcome or "", score=score or 0.0,
                turns=turns or 0, wall_time=wall or 0.0, cause=cause, detail=_pairs(detail),
                recording=recording, engine=engine,
            )

    def _transaction(self) -> Any:
        db = self._db

        class _Tx:
            def __enter__(self) -> None:
                db.execute("BEGIN")

            def __exit__(self, kind: Any, *rest: Any) -> None:
                db.execute("COMMIT" if kind is None else "ROLLBACK")

        return _Tx()


def _pairs(text: str) -> tuple[tuple[str, Any], ...]:
    """A JSON object as immutable ``(key, value)`` pairs (lists become tuples)."""
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return ()
    return tuple((k, _frozen(v)) for k, v in value.items()) if isinstance(value, dict) else ()


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    return value
