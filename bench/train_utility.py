"""Fit the room-space explorer's two models: frontier utility and where to search.

``frontier`` (the default) fits ``actors/explore/_utility.py``'s WEIGHTS;
``search`` fits ``actors/explore/_secrets.py``'s SEARCH_WEIGHTS.

Frontier utility:
For each training level (``games.dungeon.generate`` with seeds from 100000, so
disjoint from every benchmark seed) the room-space explorer plays with
``p_min=0`` (it goes wherever room space is left, so every kind of frontier is
seen), and each time it plans, every frontier it considers is recorded with its
features and a label from the ground truth: 1 if a path of squares the explorer
has not walked on leads from the frontier to the floor of a room it has not
seen. A logistic regression (Newton's method, a little L2) is fitted to those
and its weights printed, ready to paste.

Where to search: the explorer plays levels with secrets on, and every fifth
time it plans, every square it could search from is recorded with its features
and a label: 1 if a hidden square beside it, once found, would open the way to a
room not yet seen. The kinds of hidden square that do so are counted too.

    python bench/train_utility.py                 # frontier model, 100 levels
    python bench/train_utility.py search          # search model, 100 levels
    python bench/train_utility.py --levels 300    # more data, slower
    python bench/train_utility.py --weights zero  # collect with untrained weights
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from actors.explore import DirectAgent, RoomSpaceParams, explorer  # noqa: E402
from actors.explore._secrets import (  # noqa: E402
    SEARCH_FEATURES,
    SEARCH_WEIGHTS,
    SearchParams,
    spot_features,
)
from actors.explore._utility import FEATURES, WEIGHTS  # noqa: E402
from games.dungeon import DoorState, Terrain, generate, reachable  # noqa: E402
from protocols.dungeon import DungeonAdapter  # noqa: E402
from runtime import configure_logging  # noqa: E402

FIRST_SEED = 100_000
_WALK = {int(Terrain.DOOR), int(Terrain.CORRIDOR), int(Terrain.FLOOR),
         int(Terrain.UPSTAIRS), int(Terrain.DOWNSTAIRS)}


def _label(level, room_of: np.ndarray, m, seen_rooms: set[int], f) -> int:
    """1 if unwalked true squares lead from ``f`` to a room not yet seen."""
    terrain = level.terrain
    queue = deque([f])
    reached = {f}
    while queue:
        r, c = queue.popleft()
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                n = (r + dr, c + dc)
                if n in reached or not (0 <= n[0] < 21 and 0 <= n[1] < 80):
                    continue
                if int(terrain[n]) not in _WALK or m.visited[n]:
                    continue
                room = int(room_of[n])
                if room >= 0 and room not in seen_rooms:
                    return 1
                if room >= 0:
                    continue  # through a room already seen: another frontier's business
                reached.add(n)
                queue.append(n)
    return 0


def collect(levels: int, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for i in range(levels):
        seed = FIRST_SEED + i
        level = generate(seed, secrets=False)
        room_of = np.full(level.terrain.shape, -1, dtype=np.int32)
        for k, room in enumerate(level.rooms):
            if room.vault:
                continue
            for r in range(room.top - 1, room.bottom + 2):
                for c in range(room.left - 1, room.right + 2):
                    room_of[r, c] = k
        adapter = DungeonAdapter(level=level, seed=seed)
        agent = DirectAgent(explorer("room-space", RoomSpaceParams(
            p_min=0.0, any_min=None, follow_min=None)), seed=seed)
        planner = agent.experts[0].planner
        planner.weights = weights

        def observe(m, cands, level=level, room_of=room_of):
            seen = {int(k) for k in np.unique(room_of[m.room]) if k >= 0}
            for cand in cands:
                xs.append(cand.x)
                ys.append(_label(level, room_of, m, seen, cand.pos))

        planner.observer = observe
        adapter.begin()
        while not adapter.finished:
            proposal = agent.decide(adapter.view())
            if proposal is None:
                break
            adapter.apply(proposal.action)
    return np.array(xs), np.array(ys, dtype=float)


def collect_search(levels: int, weights: np.ndarray, counts: dict[str, int]
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Search-spot features and labels (see the module docstring)."""
    xs, ys = [], []
    prm = SearchParams()
    for i in range(levels):
        seed = FIRST_SEED + i
        level = generate(seed, secrets=True)
        room_of = np.full(level.terrain.shape, -1, dtype=np.int32)
        for k, room in enumerate(level.rooms):
            if not room.vault:
                room_of[room.top:room.bottom + 1, room.left:room.right + 1] = k
        adapter = DungeonAdapter(level=level, seed=seed)
        agent = DirectAgent(explorer("room-space", RoomSpaceParams(
            p_min=0.1, any_min=None, follow_min=None, cost=1, min_rate=0.003, search=prm)),
            seed=seed)
        planner = agent.experts[0].planner
        planner.search_weights = weights
        calls = [0]

        def observe(m, cands, level=level, room_of=room_of, adapter=adapter, calls=calls,
                    agent=agent):
            calls[0] += 1
            if calls[0] % 5:
                return
            space = agent.board["room_space"]
            x, mask = spot_features(m, space, prm)
            if not mask.any():
                return
            game = adapter._game
            terrain = game.terrain
            doors = dict(game.doors)
            seen = {int(k) for k in np.unique(room_of[m.room]) if k >= 0}
            now = reachable(terrain, m.player, doors)
            rooms_now = {int(room_of[p]) for p in now if room_of[p] >= 0}
            useful = np.zeros(mask.shape, dtype=bool)
            for r, c in zip(*np.nonzero((terrain == Terrain.SDOOR) | (terrain == Terrain.SCORR)),
                            strict=True):
                t = terrain.copy()
                kind = int(t[r, c])
                t[r, c] = Terrain.DOOR if kind == Terrain.SDOOR else Terrain.CORRIDOR
                d = dict(doors)
                d[(int(r), int(c))] = DoorState.CLOSED
                after = reachable(t, m.player, d)
                new = {int(room_of[p]) for p in after if room_of[p] >= 0} - rooms_now - seen
                if new:
                    useful[r, c] = True
            near = np.zeros(mask.shape, dtype=bool)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if dr or dc:
                        near |= np.roll(np.roll(useful, -dr, 0), -dc, 1)
            for r, c in zip(*np.nonzero(mask), strict=True):
                xs.append(x[:, r, c])
                ys.append(1.0 if near[r, c] else 0.0)
            for r, c in zip(*np.nonzero(useful), strict=True):
                owner = level.room_at((int(r), int(c)))
                if terrain[r, c] == Terrain.SCORR:
                    counts["hidden corridor square"] += 1
                elif owner is not None and level.rooms.index(owner) in seen:
                    counts["hidden door, seen room's wall"] += 1
                else:
                    counts["hidden door, unseen room's wall"] += 1

        planner.observer = observe
        adapter.begin()
        while not adapter.finished:
            proposal = agent.decide(adapter.view())
            if proposal is None:
                break
            adapter.apply(proposal.action)
    return np.array(xs), np.array(ys)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 50) -> np.ndarray:
    """Logistic regression by Newton's method with a small L2 penalty (not on the bias)."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40)))
        grad = x.T @ (p - y) + penalty * w * len(y)
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty * len(y))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def auc(score: np.ndarray, y: np.ndarray) -> float:
    order = np.argsort(score)
    ranks = np.empty(len(score))
    ranks[order] = np.arange(1, len(score) + 1)
    pos = y == 1
    n_pos, n_neg = pos.sum(), (~pos).sum()
    if not n_pos or not n_neg:
        return float("nan")
    return float((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?", choices=("frontier", "search"), default="frontier")
    parser.add_argument("--levels", type=int, default=100)
    parser.add_argument("--weights", choices=("zero", "current"), default="current",
                        help="weights to play with while collecting (default: current)")
    args = parser.parse_args(argv)
    configure_logging(level="warning")
    t0 = time.perf_counter()
    counts: dict[str, int] = {"hidden corridor square": 0, "hidden door, seen room's wall": 0,
                              "hidden door, unseen room's wall": 0}
    if args.model == "frontier":
        names = FEATURES
        weights = WEIGHTS if args.weights == "current" else np.zeros(len(FEATURES))
        x, y = collect(args.levels, weights)
    else:
        names = SEARCH_FEATURES
        weights = (SEARCH_WEIGHTS if args.weights == "current"
                   else np.zeros(len(SEARCH_FEATURES)))
        x, y = collect_search(args.levels, weights, counts)
    n = len(y)
    cut = int(n * 0.8)
    w = fit(x[:cut], y[:cut])
    test_p = 1 / (1 + np.exp(-(x[cut:] @ w)))
    what = "frontier decisions" if args.model == "frontier" else "search spots"
    loss = -np.mean(y[cut:] * np.log(test_p + 1e-12)
                    + (1 - y[cut:]) * np.log(1 - test_p + 1e-12))
    print(f"{n} {what} from {args.levels} levels, {y.mean():.1%} lead to a new "
          f"room; held-out AUC {auc(test_p, y[cut:]):.3f}, log-loss {loss:.3f} "
          f"({time.perf_counter() - t0:.0f} s)")
    if args.model == "search":
        total = sum(counts.values()) or 1
        print("hidden squares that would open a room, when the explorer planned: "
              + ", ".join(f"{k} {v / total:.0%}" for k, v in counts.items()))
    w = fit(x, y)
    for name, value in zip(names, w, strict=True):
        print(f"    {value:+.4f},  # {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
