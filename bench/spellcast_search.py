"""Becky's search against a plain minimax, on fixed Spellcast positions.

For each position: Becky's search (table-driven spell detection, cut-offs, move
ordering and its reuse, transposition table, iterative deepening) and a plain
Python minimax over the same model (full matrices, string-matched spells, the
score without its lookup table) each get ``--seconds`` of wall time. Printed:
positions evaluated per second, the deepest complete depth, and the time each
needs to finish depth 0 and depth 1 (the plain one's depth 1 is measured up to
``--cap`` seconds, else estimated from its exact tree size and its speed).

    nice -n 10 python bench/spellcast_search.py --seconds 1
"""

from __future__ import annotations

import argparse
import time

from actors.spellcast._gestures import encode_history
from actors.spellcast._model import apply, position, wizard
from actors.spellcast._moves import generate
from actors.spellcast._search import PlainMinimax, Searcher, Stopped, opponents

POSITIONS = {
    "opening": position(wizard(), wizard()),
    "midgame": position(
        wizard(hp=11, history=encode_history("PWPFS", "SDFFD")),
        wizard(hp=9, history=encode_history("WWPSF", "DSFFF"), monsters=2),
    ),
    "enchanted": position(
        wizard(hp=8, history=encode_history("DFWSD", "WPFPS"), pfe=2, monsters=3),
        wizard(hp=12, history=encode_history("SWWFP", "FFSDW"), disease=3),
    ),
    "three wizards": position(
        wizard(hp=13, history=encode_history("PSDF", "WWSS")),
        wizard(hp=10, history=encode_history("DFFD", "SPFP")),
        wizard(hp=7, history=encode_history("WFPS", "FSSD")),
    ),
}


def tree_size(state: tuple, depth: int) -> int:
    """Positions the plain minimax evaluates to finish ``depth`` (no cut-offs)."""
    opps = opponents(state)
    wizards = state[0]
    ours = generate(wizards, 0, tuple(opps))
    total = 0
    for m in ours:
        for a in opps:
            for t in generate(wizards, a, (0,)):
                total += 1
                if depth > 0:
                    slots = [None] * len(wizards)
                    slots[0], slots[a] = m, t
                    child = apply(state, tuple(slots))
                    if child[0][0][0] > 0 and opponents(child):
                        total += tree_size(child, depth - 1)
    return total


def becky_time_to(state: tuple, depth: int) -> tuple[float, int]:
    searcher = Searcher()
    start = time.monotonic()
    searcher.search(state, 3600.0, max_depth=depth)
    return time.monotonic() - start, searcher.nodes


def plain_time_to(state: tuple, depth: int, cap: float) -> tuple[float, int, bool]:
    plain = PlainMinimax()
    plain.deadline = time.monotonic() + cap
    start = time.monotonic()
    try:
        plain.value(state, depth)
        done = True
    except Stopped:
        done = False
    return time.monotonic() - start, plain.nodes, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--cap", type=float, default=20.0,
                        help="longest a plain depth-1 search may run before it is estimated")
    args = parser.parse_args()
    print(f"{'position':<14} {'search':<7} {'pos/s':>8} {'depth in 1s':>11} "
          f"{'t(depth0)':>10} {'t(depth1)':>12} {'nodes(depth1)':>14}")
    factors = []
    for name, state in POSITIONS.items():
        searcher = Searcher()
        result = searcher.search(state, args.seconds)
        b_rate = result.nodes / max(result.elapsed, 1e-9)
        b0, _ = becky_time_to(state, 0)
        b1, b1_nodes = becky_time_to(state, 1)
        plain = PlainMinimax()
        start = time.monotonic()
        p_depth, p_nodes = plain.search(state, args.seconds)
        p_elapsed = time.monotonic() - start
        p_rate = p_nodes / max(p_elapsed, 1e-9)
        p0, _, _ = plain_time_to(state, 0, 3600.0)
        p1, p1_nodes, finished = plain_time_to(state, 1, args.cap)
        if not finished:
            p1_nodes = tree_size(state, 1)
            p1 = p1_nodes / p_rate
        mark = "" if finished else " (est.)"
        print(f"{name:<14} {'becky':<7} {b_rate:>8.0f} {result.depth:>11} {b0:>9.3f}s "
              f"{b1:>11.2f}s {b1_nodes:>14}")
        print(f"{'':<14} {'plain':<7} {p_rate:>8.0f} {p_depth:>11} {p0:>9.3f}s "
              f"{p1:>11.2f}s{mark} {p1_nodes:>8}{mark}")
        factors.append((name, p0 / b0, p1 / b1, p1_nodes / max(b1_nodes, 1)))
    print()
    for name, f0, f1, fn in factors:
        print(f"{name:<14} becky is {f0:6.1f}x faster to depth 0, {f1:7.1f}x faster to depth 1 "
              f"({fn:.0f}x fewer positions)")


if __name__ == "__main__":
    main()
