"""Where the gold a Rog-O-Matic hero never took lay: Rogue's own memory against his view.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_gold_truth.py --from 1300 --to 1320``

Plays each fixed dungeon (the same game as a tournament's dungeon N) with gdb attached
to Rogue (``rogue_gold_probe_gdb.py``: the binary needs its debug information, as a
default build has), which reads, as each level is left and as the game ends, the gold
piles still lying there and the level's rooms. Each pile left is then judged against
the last screen the hero saw on that level:

- ``seen``: the pile shows on that screen (he saw it and left it);
- ``unswept``: its room shows (walls, floor or doors) but the pile does not: a dark
  room not walked through;
- ``unfound``: nothing of its room shows: a room never found (behind a secret door or
  passage, or the level left before getting there).

The gold each level held is what the purse gained there plus the piles left, so
the share taken is exact but for thefts and a leprechaun's gold (both count as
gained or lost on the level they happen). Levels are also grouped by why the hero
left them: the last decision there ("level 6 explored", "600 actions on level 5",
"short of food", ...). This reads the game's memory, which the agent never does; it
only measures. Needs gdb and permission to attach to one's own processes. The log
goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import attrs
import trio
from rogue_last_moves import (
    add_dungeon_range,
    run_replay,
    witness_game,
)

from protocols.rogue import find_rogue_binary

PROBE = Path(__file__).with_name("rogue_gold_probe_gdb.py")
#: Seconds to wait for Rogue's process to appear, and for gdb after the game ends.
FIND_TIMEOUT = 30.0
GDB_GRACE = 20.0
#: The glyphs that show a square of a room once seen.
ROOM_GLYPHS = frozenset("-|+.#%")
#: Reasons for leaving a level, by a phrase of the last decision taken on it.
REASONS = (("explored", "explored"), ("actions on level", "patience"),
           ("short of food", "food"), ("hungry with no food", "food"))


@attrs.frozen
class Pile:
    """A gold pile left on a level, and what the hero's last screen there showed of it."""

    value: int
    kind: str  # "seen", "unswept" or "unfound"
    dark: bool


@attrs.frozen
class Level:
    """One dungeon level: the gold taken there, the piles left, why it was left."""

    level: int
    gained: int
    left: tuple[Pile, ...]
    reason: str
    #: The food left there (a Pile's value is the item's count).
    food_left: tuple[Pile, ...] = ()
    #: Hidden ways on still hidden when the level was left, by what the hero's last
    #: screen showed beside them (:func:`hidden_clues`).
    hidden: tuple[str, ...] = ()

    @property
    def held(self) -> int:
        return self.gained + sum(p.value for p in self.left)


def classify(lines: list[str], pile: list[int], rooms: list[list[int]],
             glyph_shown: str = "*") -> Pile:
    """Judge one probed pile ``[row, column, value, room]`` against a screen's lines
    (``glyph_shown`` is how Rogue draws it: ``*`` gold, ``:`` food)."""
    row, column, value, room = pile

    def glyph(r: int, c: int) -> str:
        return lines[r][c] if 0 <= r < len(lines) and 0 <= c < len(lines[r]) else " "

    dark = room >= 0 and bool(rooms[room][4])
    if glyph(row, column) == glyph_shown:
        return Pile(value, "seen", dark)
    if room >= 0:
        top, left, height, width = rooms[room][:4]
        for r in range(top, top + height):
            for c in range(left, left + width):
                if glyph(r, c) in ROOM_GLYPHS:
                    return Pile(value, "unswept", dark)
    return Pile(value, "unfound", dark)


def hidden_clues(lines: list[str], doors: list[list[int]],
                 passages: list[list[int]]) -> tuple[str, ...]:
    """Each hidden way on, named by the clue the hero had to it on his last screen:

    - a secret door: ``door by passage`` when a passage (``#``) shows on a square beside
      it (a passage that ends at a wall), ``door in wall`` when only the wall it is in
      shows, ``door unseen`` otherwise;
    - a hidden passage square: ``passage by known`` when a passage or door shows on a
      square beside it (a passage that stops short), ``passage unseen`` otherwise.
    """

    def glyph(r: int, c: int) -> str:
        return lines[r][c] if 0 <= r < len(lines) and 0 <= c < len(lines[r]) else " "

    def beside(r: int, c: int, marks: str) -> bool:
        return any(glyph(r + dr, c + dc) in marks
                   for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)

    out = []
    for r, c in doors:
        if any(glyph(r + dr, c + dc) == "#" for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))):
            out.append("door by passage")
        elif glyph(r, c) in "-|":
            out.append("door in wall")
        else:
            out.append("door unseen")
    for r, c in passages:
        out.append("passage by known" if beside(r, c, "#+") else "passage unseen")
    return tuple(out)


def reason_of(rationale: str, final: bool) -> str:
    """A short name for why a level was left, from the last decision taken there."""
    if final:
        return "game over"
    for phrase, name in REASONS:
        if phrase in rationale:
            return name
    return "other"


def last_screens(log: list[tuple[Any, Any, Any]]) -> dict[int, tuple[list[str], int, str]]:
    """For each dungeon level of a witnessed log: the last map screen's lines, the gold
    on the status line when the level was first seen, and the last decision's rationale."""
    out: dict[int, tuple[list[str], int, str]] = {}
    for view, _action, decision in log:
        status = getattr(view, "status", None)
        if status is None:
            continue
        lines, gold_in, why = out.get(status.level, ([], status.gold, ""))
        if getattr(view, "map", ()):
            lines = list(getattr(view, "lines", ()))
        if decision is not None:
            why = decision.rationale
        out[status.level] = (lines, gold_in, why)
    return out


def levels_of(records: list[dict[str, Any]], log: list[tuple[Any, Any, Any]]) -> list[Level]:
    """Join the probe's records (one per level left, then the game's end) with the
    witnessed log."""
    screens = last_screens(log)
    out = []
    purse = 0
    for record in records:
        final = record["at"] == "score"
        level = record["level"] if final else record["level"] - 1
        lines, _gold_in, why = screens.get(level, ([], 0, ""))
        piles = tuple(classify(lines, p, record["rooms"]) for p in record["piles"])
        food = tuple(classify(lines, f, record["rooms"], ":") for f in record.get("food", ()))
        hidden = hidden_clues(lines, record.get("secret_doors", []),
                              record.get("hidden_passages", []))
        out.append(Level(level, record["purse"] - purse, piles, reason_of(why, final), food,
                         hidden))
        purse = record["purse"]
    return out


def summarise(games: dict[int, list[Level]]) -> list[str]:
    """The share of the gold taken, and where the rest lay, overall, by depth and by
    why the level was left."""
    levels = [lv for game in games.values() for lv in game]
    if not levels:
        return ["no levels probed"]

    def line(label: str, group: list[Level]) -> str:
        held = sum(lv.held for lv in group)
        gained = sum(lv.gained for lv in group)
        by_kind: Counter[str] = Counter()
        for lv in group:
            for p in lv.left:
                by_kind[p.kind] += p.value
        food: Counter[str] = Counter()
        for lv in group:
            for f in lv.food_left:
                food[f.kind] += f.value
        share = gained / held if held else 0.0
        kinds = ", ".join(f"{k} {by_kind[k]}" for k in ("seen", "unswept", "unfound"))
        text = (f"{label}: {len(group)} levels, held {held}, taken {gained} ({share:.0%}); "
                f"left {held - gained}: {kinds}")
        if food:
            text += "; food left: " + ", ".join(f"{k} {food[k]}" for k in
                                                ("seen", "unswept", "unfound"))
        return text

    out = [line("all", levels)]
    for lo, hi in ((1, 1), (2, 4), (5, 7), (8, 10), (11, 26)):
        group = [lv for lv in levels if lo <= lv.level <= hi]
        if group:
            out.append(line(f"levels {lo}-{hi}", group))
    by_reason: dict[str, list[Level]] = defaultdict(list)
    for lv in levels:
        by_reason[lv.reason].append(lv)
    for reason, group in sorted(by_reason.items(), key=lambda kv: -len(kv[1])):
        out.append(line(f"left: {reason}", group))
    dark = sum(p.value for lv in levels for p in lv.left if p.kind == "unswept" and p.dark)
    out.append(f"unswept piles in dark rooms: {dark} gold")
    clues = Counter(h for lv in levels if lv.reason != "game over" for h in lv.hidden)
    if clues:
        out.append("still hidden on the levels left (not the last): " + ", ".join(
            f"{k} {clues[k]}" for k in sorted(clues)))
    return out


def find_rogue_pid(binary: str, dungeon: int) -> int | None:
    """The pid of the Rogue process playing ``dungeon`` (its seed in its environment)."""
    target = os.path.realpath(binary)
    mark = f"BELLIGERENT_ROGUE_SEED={dungeon}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if os.path.realpath(f"/proc/{entry}/exe") != target:
                continue
            environ = Path(f"/proc/{entry}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if mark in environ:
            return int(entry)
    return None


async def probe(binary: str, dungeon: int, out: Path) -> None:
    """Attach gdb to the Rogue process of ``dungeon`` as soon as it appears; its lines
    go to ``out``."""
    with trio.move_on_after(FIND_TIMEOUT):
        while (pid := find_rogue_pid(binary, dungeon)) is None:
            await trio.sleep(0.02)
    if pid is None:
        print(f"dungeon {dungeon}: no Rogue process found to probe", file=sys.stderr)
        return
    env = {k: v for k, v in os.environ.items()
           if k != "LD_PRELOAD" and not k.startswith("BELLIGERENT_ROGUE_SEED")}
    with out.open("wb") as sink:
        await trio.run_process(["gdb", "-p", str(pid), "-batch", "-nx", "-x", str(PROBE)],
                               stdin=b"", stdout=sink, stderr=subprocess.STDOUT, env=env,
                               check=False)


def read_records(path: Path) -> list[dict[str, Any]]:
    """The probe's JSON lines (gdb's own chatter skipped)."""
    records = []
    for raw in path.read_text(errors="replace").splitlines():
        if raw.startswith('{"at"'):
            records.append(json.loads(raw))
    return records


def cannot_probe(binary: str) -> str | None:
    """Why gdb cannot read ``binary``'s Rogue, with what to do; ``None`` when it can.

    Checked before any game is played: otherwise each dungeon would be played in full
    and then left out for want of the probe's lines."""
    if shutil.which("gdb") is None:
        return "gdb is not installed: install it (Debian: apt-get install gdb)"
    scope = Path("/proc/sys/kernel/yama/ptrace_scope")
    if scope.exists() and scope.read_text().strip() not in ("", "0"):
        return (f"{scope} is {scope.read_text().strip()}: gdb may not attach to a process "
                f"it did not start; allow it with: sysctl kernel.yama.ptrace_scope=0")
    found = subprocess.run(["gdb", "-batch", "-nx", "-ex", "info address Lvl_obj", binary],
                           capture_output=True, text=True, check=False)
    if "is static storage" not in found.stdout:
        said = (found.stdout + found.stderr).strip().splitlines() or ["nothing"]
        return (f"{binary} has no debug information for Rogue's variables (gdb said: "
                f"{said[-1]}); build it with -g, as Rogue's own configure does by default")
    return None


async def main(args: argparse.Namespace) -> int:
    binary = find_rogue_binary(None)
    problem = cannot_probe(binary)
    if problem is not None:
        print(f"rogue_gold_truth: {problem}", file=sys.stderr)
        return 2
    games: dict[int, list[Level]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        if args.keep:
            tmp = args.keep
            os.makedirs(tmp, exist_ok=True)
        for dungeon in range(args.start, args.stop):
            out = Path(tmp) / f"{dungeon}.jsonl"
            async with trio.open_nursery() as nursery:
                nursery.start_soon(probe, binary, dungeon, out)
                watched = await witness_game(dungeon, args.time_limit, tactics=args.tactics)
                with trio.move_on_after(GDB_GRACE):
                    while not out.exists() or not any(
                            r["at"] == "score" for r in read_records(out)):
                        await trio.sleep(0.1)
                nursery.cancel_scope.cancel()
            records = read_records(out) if out.exists() else []
            if not records or not any(r["at"] == "score" for r in records):
                print(f"dungeon {dungeon}: the probe saw no end of game; left out", flush=True)
                continue
            if records[0]["at"] != "score" and records[0]["level"] != 2:
                print(f"dungeon {dungeon}: the probe attached late; left out", flush=True)
                continue
            games[dungeon] = levels_of(records, watched.log)
            for lv in games[dungeon]:
                kinds = ", ".join(f"{p.kind} {p.value}" for p in lv.left) or "none"
                food = "".join(f", food {f.kind}" for f in lv.food_left)
                print(f"  level {lv.level}: held {lv.held}, taken {lv.gained}, "
                      f"left [{kinds}]{food}, {lv.reason}", flush=True)
    print(f"\n{len(games)} dungeons")
    for line in summarise(games):
        print(line)
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_dungeon_range(parser, stop=10, time_limit=3000.0)
    parser.add_argument("--keep", metavar="DIR", help="keep the probe's lines (one DUNGEON.jsonl "
                        "each, with gdb's own messages) in DIR")
    run_replay(parser, "rogue_gold_truth", main)
