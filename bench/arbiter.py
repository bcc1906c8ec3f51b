"""The arbiter's overhead: one decision over 12 trivial experts vs calling them directly.

Baseline: the 12 ``propose`` functions called one after another in a plain loop
(what the rules themselves cost). Ours: ``await arbiter.decide(board, g)`` with the
same 12 experts, which adds a board view per expert, the deadline check, a
checkpoint, the Decision record and the canonical ``decision`` log event.

Two logging set-ups, both measured in the same run:

* ``cli``  as the CLI configures structlog by default: JSON lines at "warning", so
  the info-level ``decision`` event is filtered out;
* ``json`` the ``decision`` event rendered as JSON at "info" into an in-memory sink
  (what ``--log-level info`` costs, without the disk).

The ratio is time per decision over time per direct loop; the aim is < 20x with
the CLI's logging.

    python bench/arbiter.py            # full run
    python bench/arbiter.py --quick    # a second or two, for a smoke test
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import sys
import time

import structlog
import trio

from runtime import Arbiter, Blackboard, BoardView, Expert, Proposal, configure_logging

N_EXPERTS = 12


def make_experts() -> list[Expert]:
    """Twelve rules: every third one proposes, the others have no advice."""
    experts = []
    for i in range(N_EXPERTS):

        class Rule(Expert):
            name = f"rule{i:02}"
            reads = frozenset({"hp"})
            index = i

            def propose(self, view: BoardView) -> Proposal | None:
                if self.index % 3 == 2:
                    return Proposal(("move", self.index), "rule fired")
                return None

        experts.append(Rule())
    return experts


def time_direct(experts: list[Expert], board: Blackboard, n: int) -> float:
    """Seconds per loop calling every expert's propose once, with one shared view."""
    view = BoardView(board, experts[0], 1)
    proposes = [e.propose for e in experts]
    start = time.perf_counter()
    for _ in range(n):
        for propose in proposes:
            propose(view)
    return (time.perf_counter() - start) / n


async def _decide_loop(arbiter: Arbiter, board: Blackboard, n: int) -> float:
    start = time.perf_counter()
    for generation in range(n):
        await arbiter.decide(board, generation)
    return (time.perf_counter() - start) / n


def time_arbiter(experts: list[Expert], board: Blackboard, n: int) -> float:
    """Seconds per ``arbiter.decide`` over the same experts."""
    return trio.run(_decide_loop, Arbiter(experts), board, n)


def time_arbiter_logged(
    experts: list[Expert], board: Blackboard, n: int, level: str
) -> tuple[float, int]:
    """``time_arbiter`` with logging configured at ``level`` into memory; also returns
    how many lines were written."""
    sink = io.StringIO()
    configure_logging(level=level, stream=sink, json=True)
    try:
        return time_arbiter(experts, board, n), sink.getvalue().count("\n")
    finally:
        structlog.reset_defaults()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Arbiter decision cost vs calling the experts directly (ratios).",
    )
    parser.add_argument("--quick", action="store_true", help="fewer decisions and repeats")
    args = parser.parse_args(argv)
    n, repeats = (2_000, 2) if args.quick else (20_000, 5)

    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"trio {trio.__version__}, structlog {structlog.__version__}, "
          f"{os.cpu_count()} cores, {platform.machine()}")
    print(f"{N_EXPERTS} sync experts, {n} decisions per run, best of {repeats}")
    print()

    experts = make_experts()
    board = Blackboard()
    board.write_nowait("hp", 10, writer="sensor", generation=1)
    setups = (
        ("cli", "warning", "JSON at warning: decision event filtered"),
        ("json", "info", "decision event rendered as JSON into memory"),
    )
    # Interleaved, so drift in the machine's speed hits baseline and arbiter alike.
    direct = float("inf")
    ours = dict.fromkeys((label for label, _, _ in setups), float("inf"))
    lines = dict.fromkeys(ours, 0)
    for _ in range(repeats):
        direct = min(direct, time_direct(experts, board, n * 10))
        for label, level, _ in setups:
            elapsed, written = time_arbiter_logged(experts, board, n, level)
            ours[label] = min(ours[label], elapsed)
            lines[label] = written
    print(f"{'logging':8} {'direct µs':>10} {'decide µs':>10} {'ratio':>8}  note")
    ratios = {}
    for label, _, note in setups:
        ratios[label] = ours[label] / direct
        print(f"{label:8} {direct * 1e6:10.2f} {ours[label] * 1e6:10.2f} "
              f"{ratios[label]:7.1f}x  {note} ({lines[label]} lines per run)")
    print()
    print("aim: ratio < 20x with the CLI's logging:", "met" if ratios["cli"] < 20 else "NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
