"""Checks shared by the terminal-game tests: no child left, no descriptor leaked."""

from __future__ import annotations

import gc
import os

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
ROGUE_DATA = os.path.join(DATA, "rogue")
SEEDS = tuple(range(101, 113))


def open_fds() -> set[str]:
    """This process's open descriptors (the /proc listing itself excluded).

    Collects garbage first: a connection an earlier test dropped without closing (an
    SQLite handle, say) would otherwise be closed by the collector in the middle of the
    test that compares, and look like a change it made."""
    gc.collect()
    return set(os.listdir("/proc/self/fd"))


def assert_reaped(pid: int) -> None:
    """``pid`` is no child of ours any more and no zombie of it remains."""
    try:
        waited = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        waited = None
    assert waited is None, f"pid {pid} was still our child: {waited}"
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except FileNotFoundError:
        return
    # The pid may have been reused by an unrelated process; ours must not linger.
    assert f" {os.getpid()} " not in stat.rsplit(")", 1)[1][:20], stat


def new_children(before: list[int]) -> list[int]:
    """Our live children that were not there at ``before``: a process-lifetime helper
    started by an earlier test (multiprocessing's resource tracker, Ray) is not a leak
    of the test that checks."""
    return sorted(set(children()) - set(before))


def children() -> list[int]:
    """Our live child processes, from /proc."""
    me = os.getpid()
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me:
                kids.append(int(entry))
    return kids
