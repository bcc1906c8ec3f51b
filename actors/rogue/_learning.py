"""Learning the tactics by playing: a gene pool of parameter sets in SQLite.

The seed's future work, and what Rog-O-Matic XIV's "gene pool" did: the tactical
parameters (:class:`actors.rogue.Tactics`) are data; each game is played with one
set chosen from a small pool, and scored afterwards; good sets are played more
and breed, bad ones are retired. Everything lives in one SQLite file, so learning
carries over from one tournament to the next.

The choice, in order (:meth:`Chooser.choose`):

1. a set with fewer than ``min_trials`` games (finished or in flight) is tried
   first, so every newcomer gets a fair hearing;
2. after every ``breed_every`` scored games a child is born — uniform crossover of
   two parents picked by tournament selection, then Gaussian mutation within each
   field's range — and played next; the pool's worst set is then retired;
3. otherwise the set with the best upper confidence bound (UCB1) on its fitness.

Rejected: a plain epsilon-greedy bandit over a fixed pool (it can never find a set
better than the ones it started with), and a full genetic algorithm with
generations (a Rogue game takes minutes; a pool that changes one member at a time
learns from every game). Games in flight count as plays in the bound, so choices
made concurrently spread over the pool instead of all taking the same set.

Fitness is ``log10(1 + score) + depth / 10``: scores are heavy-tailed (one lucky
game would own a mean of raw scores), and the depth term separates the many games
that die with no gold. Any field type is handled from its ``range`` metadata:
bools flip, ints stay ints, floats are kept to four decimals.
"""

from __future__ import annotations

import json
import math
import random
import sqlite3
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

SCHEMA = """
CREATE TABLE IF NOT EXISTS rogue_tactics (
    id INTEGER PRIMARY KEY,
    -- canonical JSON of the parameter values (sorted keys); one row per distinct set
    params TEXT NOT NULL UNIQUE,
    origin TEXT NOT NULL,
    created REAL NOT NULL,
    -- scored trials that existed when this set was born (for the breeding clock)
    born_after INTEGER NOT NULL DEFAULT 0,
    retired INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rogue_trials (
    session TEXT PRIMARY KEY,
    tactics INTEGER NOT NULL REFERENCES rogue_tactics (id),
    seed INTEGER NOT NULL,
    agent TEXT NOT NULL DEFAULT '',
    -- pending -> scored, or abandoned (the game was cut short, or the run stopped)
    state TEXT NOT NULL CHECK (state IN ('pending', 'scored', 'abandoned')),
    chosen REAL NOT NULL,
    score REAL,
    depth INTEGER,
    outcome TEXT,
    fitness REAL
);
CREATE INDEX IF NOT EXISTS rogue_trials_by_tactics ON rogue_trials (tactics, state);
"""


def fitness(score: float, depth: int) -> float:
    """How good one game was, for learning (see the module docstring)."""
    return math.log10(1.0 + max(score, 0.0)) + depth / 10.0


def ranges(cls: type) -> dict[str, tuple[Any, Any]]:
    """Each field's ``(lo, hi)`` from its ``range`` metadata (TypeError if one lacks it)."""
    found = {}
    for field in attrs.fields(cls):
        if "range" not in field.metadata:
            raise TypeError(f"{cls.__name__}.{field.name} has no range metadata; "
                            "learning needs metadata={'range': (lo, hi)} on every field")
        found[field.name] = tuple(field.metadata["range"])
    return found


def as_dict(tactics: Any) -> dict[str, Any]:
    """A parameter set's values by name, floats to four decimals."""
    return {name: round(value, 4) if isinstance(value, float) else value
            for name, value in attrs.asdict(tactics).items()}


def to_json(tactics: Any) -> str:
    """The canonical text of a parameter set (the store's key)."""
    return json.dumps(as_dict(tactics), sort_keys=True)


def from_json(cls: type, text: str) -> Any:
    """A parameter set from its text; fields added since get their defaults, fields
    removed since are dropped, so a store outlives changes to the class."""
    values = json.loads(text)
    names = {f.name for f in attrs.fields(cls)}
    return cls(**{k: v for k, v in values.items() if k in names})


def mutate(tactics: Any, rng: random.Random, *, sigma: float, rate: float = 1.0) -> Any:
    """A copy with each field (with probability ``rate``) moved by a Gaussian step of
    ``sigma`` times its range, clipped to the range; a bool flips with probability
    ``sigma * rate``."""
    changes = {}
    for name, (lo, hi) in ranges(type(tactics)).items():
        value = getattr(tactics, name)
        if isinstance(value, bool):
            if rng.random() < sigma * rate:
                changes[name] = not value
            continue
        if rng.random() >= rate:
            continue
        moved = value + rng.gauss(0.0, sigma * (hi - lo))
        moved = min(max(moved, lo), hi)
        changes[name] = int(round(moved)) if isinstance(value, int) else round(moved, 4)
    return attrs.evolve(tactics, **changes)


def crossover(a: Any, b: Any, rng: random.Random) -> Any:
    """Each field from ``a`` or ``b`` at random."""
    names = [f.name for f in attrs.fields(type(a))]
    return attrs.evolve(a, **{n: getattr(b, n) for n in names if rng.random() < 0.5})


@attrs.frozen
class ArmStats:
    """One parameter set in the store, with what its games say of it."""

    id: int
    tactics: Any
    origin: str
    retired: bool
    games: int
    pending: int
    mean: float
    best_score: float
    mean_score: float

    @property
    def plays(self) -> int:
        return self.games + self.pending


@attrs.frozen
class Choice:
    """The set a game plays with, and why it was chosen."""

    arm: int
    tactics: Any
    reason: str


@attrs.frozen
class Policy:
    """How the pool is run (see the module docstring)."""

    pool: int = 8
    min_trials: int = 3
    #: Scored games between births; None: never breed (a fixed pool, a plain bandit).
    breed_every: int | None = 10
    #: UCB1's exploration weight, in fitness units (log10 of score).
    exploration: float = 0.5
    #: Mutation step as a fraction of each field's range (children; the first pool
    #: is the default set and mutants of it at twice this).
    mutation: float = 0.15


class TacticsStore:
    """The pool and its trials in SQLite (WAL). One instance per process.

    Opening it to learn (``recover=True``) abandons trials a previous run left
    pending: their games never reported, and must not count as plays for ever. So
    two tournaments learning into one file at the same time are not supported
    (each would abandon the other's); readers open it with ``recover=False``.
    """

    def __init__(self, path: str | Path, cls: type, *, recover: bool = True) -> None:
        self.cls = cls
        ranges(cls)  # fail at once on a class the learner cannot handle
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self.abandoned_at_open = 0
        if recover:
            self.abandoned_at_open = self._db.execute(
                "UPDATE rogue_trials SET state='abandoned' WHERE state='pending'").rowcount

    def close(self) -> None:
        self._db.close()

    def add(self, tactics: Any, origin: str) -> int:
        """The set's id, adding it (or bringing it back from retirement) if needed."""
        key = to_json(tactics)
        row = self._db.execute("SELECT id FROM rogue_tactics WHERE params=?", (key,)).fetchone()
        if row is not None:
            self._db.execute("UPDATE rogue_tactics SET retired=0 WHERE id=?", (row[0],))
            return int(row[0])
        cursor = self._db.execute(
            "INSERT INTO rogue_tactics (params, origin, created, born_after) VALUES (?, ?, ?, ?)",
            (key, origin, time.time(), self.scored_games()),
        )
        return int(cursor.lastrowid or 0)

    def retire(self, arm: int) -> None:
        self._db.execute("UPDATE rogue_tactics SET retired=1 WHERE id=?", (arm,))

    def begin(self, session: str, arm: int, seed: int, agent: str = "") -> None:
        """A game starts with set ``arm``: a pending trial."""
        self._db.execute(
            "INSERT INTO rogue_trials (session, tactics, seed, agent, state, chosen) "
            "VALUES (?, ?, ?, ?, 'pending', ?)",
            (session, arm, seed, agent, time.time()),
        )

    def score(self, session: str, *, score: float, depth: int, outcome: str) -> float:
        """The game ended by the rules: its fitness, now counted for its set.

        LookupError if ``session`` has no pending trial (never begun, or already done).
        """
        value = fitness(score, depth)
        cursor = self._db.execute(
            "UPDATE rogue_trials SET state='scored', score=?, depth=?, outcome=?, fitness=? "
            "WHERE session=? AND state='pending'",
            (float(score), int(depth), outcome, value, session),
        )
        if cursor.rowcount != 1:
            raise LookupError(f"no pending trial for session {session!r}")
        return value

    def abandon(self, session: str) -> None:
        """The game was cut short (a crash, a timeout): it says nothing of its set."""
        self._db.execute(
            "UPDATE rogue_trials SET state='abandoned' WHERE session=? AND state='pending'",
            (session,),
        )

    def scored_games(self) -> int:
        return int(self._db.execute(
            "SELECT COUNT(*) FROM rogue_trials WHERE state='scored'").fetchone()[0])

    def last_birth(self) -> int:
        """Scored games there were when the newest set was born."""
        row = self._db.execute("SELECT MAX(born_after) FROM rogue_tactics").fetchone()
        return int(row[0] or 0)

    def arms(self, *, include_retired: bool = False) -> list[ArmStats]:
        """Every set (living ones unless ``include_retired``), by id."""
        where = "" if include_retired else "WHERE t.retired=0"
        rows = self._db.execute(
            "SELECT t.id, t.params, t.origin, t.retired, "
            "SUM(r.state='scored'), SUM(r.state='pending'), "
            "AVG(CASE WHEN r.state='scored' THEN r.fitness END), "
            "MAX(CASE WHEN r.state='scored' THEN r.score END), "
            "AVG(CASE WHEN r.state='scored' THEN r.score END) "
            "FROM rogue_tactics t LEFT JOIN rogue_trials r ON r.tactics=t.id "
            f"{where} GROUP BY t.id ORDER BY t.id"
        ).fetchall()
        return [
            ArmStats(id=arm, tactics=from_json(self.cls, params), origin=origin,
                     retired=bool(retired), games=int(games or 0), pending=int(pending or 0),
                     mean=float(mean) if mean is not None else 0.0,
                     best_score=float(best or 0.0), mean_score=float(mean_score or 0.0))
            for arm, params, origin, retired, games, pending, mean, best, mean_score in rows
        ]

    def best(self, *, min_games: int = 1) -> ArmStats | None:
        """The set with the best mean fitness over at least ``min_games`` games."""
        tried = [a for a in self.arms(include_retired=True) if a.games >= min_games]
        return max(tried, key=lambda a: (a.mean, -a.id)) if tried else None


class Chooser:
    """Chooses each game's parameter set from the store, and learns from its score.

    ``seed`` drives every random step (the first pool's mutants, breeding), so the
    same store, seed and scores give the same choices.
    """

    def __init__(self, store: TacticsStore, default: Any, *, policy: Policy | None = None,
                 seed: int = 0) -> None:
        self.store = store
        self.default = default
        self.policy = policy or Policy()
        self.rng = random.Random(seed)

    def _seed_pool(self) -> None:
        self.store.add(self.default, "default")
        tries = 0
        while len(self.store.arms()) < self.policy.pool and tries < 100 * self.policy.pool:
            tries += 1
            self.store.add(mutate(self.default, self.rng, sigma=2 * self.policy.mutation),
                           "mutant of the default")

    def choose(self, session: str, seed: int, agent: str = "") -> Choice:
        """The set for game ``session`` (dungeon ``seed``), recorded as a pending trial."""
        if not self.store.arms():
            self._seed_pool()
        choice = self._pick()
        self.store.begin(session, choice.arm, seed, agent)
        return choice

    def _pick(self) -> Choice:
        policy = self.policy
        living = self.store.arms()
        fresh = [a for a in living if a.plays < policy.min_trials]
        if fresh:
            arm = min(fresh, key=lambda a: (a.plays, a.id))
            return Choice(arm.id, arm.tactics,
                          f"set {arm.id} ({arm.origin}) has {arm.plays} of "
                          f"{policy.min_trials} trial games")
        since = self.store.scored_games() - self.store.last_birth()
        if policy.breed_every is not None and since >= policy.breed_every:
            return self._breed(living)
        total = sum(a.plays for a in living)

        def bound(a: ArmStats) -> float:
            return a.mean + policy.exploration * math.sqrt(math.log(max(total, 2)) / a.plays)

        arm = max(living, key=lambda a: (bound(a), -a.id))
        return Choice(arm.id, arm.tactics,
                      f"set {arm.id} has the best bound {bound(arm):.2f} "
                      f"(mean fitness {arm.mean:.2f} over {arm.games} games)")

    def _breed(self, living: list[ArmStats]) -> Choice:
        rated = [a for a in living if a.games > 0] or living

        def pick() -> ArmStats:
            entrants = self.rng.sample(rated, min(3, len(rated)))
            return max(entrants, key=lambda a: (a.mean, -a.id))

        mother, father = pick(), pick()
        known = {to_json(a.tactics) for a in self.store.arms(include_retired=True)}
        child = mutate(crossover(mother.tactics, father.tactics, self.rng), self.rng,
                       sigma=self.policy.mutation)
        for _ in range(20):
            if to_json(child) not in known:
                break
            child = mutate(child, self.rng, sigma=self.policy.mutation)
        arm = self.store.add(child, f"child of {mother.id} and {father.id}")
        retired = ""
        living = self.store.arms()
        if len(living) > self.policy.pool:
            judged = [a for a in living if a.games >= self.policy.min_trials and a.id != arm]
            if judged:
                worst = min(judged, key=lambda a: (a.mean, -a.id))
                self.store.retire(worst.id)
                retired = f"; retired set {worst.id} (mean fitness {worst.mean:.2f})"
        return Choice(arm, child, f"new set {arm}, child of {mother.id} and {father.id}"
                      + retired)

    def score(self, session: str, *, score: float, depth: int, outcome: str) -> float:
        return self.store.score(session, score=score, depth=depth, outcome=outcome)

    def abandon(self, session: str) -> None:
        self.store.abandon(session)


def describe(tactics: Any, default: Any | None = None) -> str:
    """``name=value`` for each field (only those that differ from ``default`` if given)."""
    values: Mapping[str, Any] = attrs.asdict(tactics)
    base = attrs.asdict(default) if default is not None else {}
    shown = [f"{k}={v}" for k, v in values.items() if k not in base or base[k] != v]
    return ", ".join(shown) or "the defaults"
