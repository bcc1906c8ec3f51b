"""Our level-1 generator against real NetHack 3.6 level 1 (rooms, doors, hidden spots).

Real levels come from NetHack itself, through NLE (the NetHack Learning
Environment, NetHack 3.6.x in-process) in wizard mode: for each seed a fresh
game is started and the ``#terrain`` command's "internal levl[][].typ codes"
view is read off the screen (``games.dungeon.read_typ_dump``). Our levels come
from ``games.dungeon.generate`` with seeds 0..N-1. Both are counted by the same
code (``games.dungeon.grid_stats``) and printed side by side; the real levels
are also saved (with the player's start; ``games.dungeon.level_from_dump`` makes
them playable), and a copy is what ``tests/games/test_dungeon_generator.py``
holds the generator to.

    python bench/dungeon_levels.py              # 200 levels each (about 20 s)
    python bench/dungeon_levels.py --levels 50  # quicker
    python bench/dungeon_levels.py --ours-only  # without NLE

Needs the ``nle`` extra for the real side.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.dungeon import (  # noqa: E402
    generate,
    level_from_dump,
    level_stats,
    read_typ_dump,
    summarize,
)

PAPER = {"rooms per level": "about 8 (8-9)", "hidden spots": "about 7",
         "levels with a secret room": "about half"}


def _screen(obs: tuple) -> list[str]:
    return ["".join(chr(c) for c in row) for row in obs[0]]


def real_levels(count: int, first_seed: int = 0) -> tuple[list[np.ndarray], list[tuple[int, int]]]:
    """``count`` real NetHack level-1 grids and starts, from NLE seeds (s, s+1)."""
    os.environ.setdefault("USER", "agent")
    from nle import nethack

    env = nethack.Nethack(
        observation_keys=("tty_chars", "tty_cursor"), ttyrec=None, wizard=True,
        options=tuple(nethack.NETHACKOPTIONS) + ("pettype:none",), spawn_monsters=False,
    )
    grids, starts = [], []
    try:
        for i in range(count):
            seed = first_seed + i
            env.set_initial_seeds(2 * seed + 1, 2 * seed + 2, False)
            obs = env.reset()
            for _ in range(20):  # the character question, then the welcome messages
                text = "\n".join(_screen(obs))
                if "Shall I pick" in text:
                    obs, _ = env.step(ord("y"))
                elif "--More--" in text or "(end)" in text:
                    obs, _ = env.step(ord("\r"))
                else:
                    break
            lines = _screen(obs)
            row = next(r for r in range(1, 22) if "@" in lines[r])
            start = (row - 1, lines[row].index("@") + 1)  # screen row r, column x-1
            for _ in range(5):
                for key in "#terrain\r":
                    obs, _ = env.step(ord(key))
                text = "\n".join(_screen(obs))
                if "View which?" in text:
                    break
                obs, _ = env.step(27)  # a message in the way: dismiss it and try again
            else:
                raise RuntimeError(f"NetHack did not offer #terrain for seed {seed}")
            obs, _ = env.step(ord("e"))
            grids.append(read_typ_dump(_screen(obs)))
            starts.append(start)
            env.step(ord("\r"))
    finally:
        env.close()
    return grids, starts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=200)
    parser.add_argument("--ours-only", action="store_true")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    ours = summarize(level_stats(generate(seed)) for seed in range(args.levels))
    t_ours = time.perf_counter() - t0
    real = None
    if not args.ours_only:
        try:
            t0 = time.perf_counter()
            grids, starts = real_levels(args.levels)
            t_real = time.perf_counter() - t0
        except ImportError:
            print("nle is not installed (pip install -e '.[nle]'); showing ours only")
        else:
            real = summarize(level_stats(level_from_dump(g, tuple(s)))
                             for g, s in zip(grids, starts, strict=True))
            args.out.mkdir(parents=True, exist_ok=True)
            path = args.out / "nethack_level1.npz"
            np.savez_compressed(path, grids=np.array(grids), starts=np.array(starts))
            print(f"saved {len(grids)} real levels to {path}")
    width = 28
    print(f"{'level 1':<{width}} {'ours (games.dungeon)':>24} "
          + (f"{'real NetHack 3.6 (NLE)':>24} " if real else "") + f"{'paper':>18}")
    real_rows = dict(real.rows()) if real else {}
    for name, value in ours.rows():
        print(f"{name:<{width}} {value:>24} "
              + (f"{real_rows.get(name, '-'):>24} " if real else "")
              + f"{PAPER.get(name, ''):>18}")
    print(f"(ours: {t_ours / args.levels * 1000:.1f} ms per level"
          + (f"; NLE: {t_real / args.levels * 1000:.0f} ms per level)" if real else ")"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
