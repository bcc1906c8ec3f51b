"""Replay, alone, the games a Rogue tournament quit at its time cap; write their results.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_uncap.py IN.sqlite3 OUT.sqlite3``

The cap is wall-clock time, so on a loaded machine (two or more tournaments side by
side on two cores) a long game can be quit at the cap that would have ended by itself.
Games are repeatable by dungeon, so this replays each such game on its own, with a
longer cap (``--time-limit``, 900 s), and writes a copy of the database with the real
result in place of the quit. Run it with the same agent version that played the
tournament (``PYTHONPATH`` pointing at that version's copy): the replay must be the
same game. ``bench/rogue_pairs.py`` then compares the copies. A game still quit at the
longer cap is a livelock, and stays recorded so.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import sys

import trio
from rogue_last_moves import require_rogue

from actors.rogue import DEFAULT_TACTICS, rogomatic
from actors.rogue._tournament_game import CappedAdapter
from protocols.rogue import SeededRogueAdapter, find_rogue_binary
from runtime import Session, SessionResult, configure_logging


async def replay(dungeon: int, time_limit: float) -> SessionResult:
    inner = SeededRogueAdapter.live_seeded(find_rogue_binary(None), seed=dungeon)
    adapter = CappedAdapter(inner, time_limit=time_limit)
    return await Session(adapter, rogomatic(DEFAULT_TACTICS), seed=dungeon).run()


def main(args: argparse.Namespace) -> int:
    configure_logging(level="error", stream=sys.stderr)
    shutil.copy(args.source, args.target)
    db = sqlite3.connect(args.target)
    capped = [(sid, json.loads(detail)) for sid, detail in db.execute(
        "select id, detail from sessions where state = 'done' and outcome = 'quit'")]
    capped = [(sid, d) for sid, d in capped if d.get("capped") == "time"]
    print(f"{len(capped)} games quit at the time cap in {args.source}")
    for sid, detail in capped:
        result = trio.run(replay, detail["dungeon"], args.time_limit)
        new = dict(result.detail)
        print(f"dungeon {detail['dungeon']}: quit on level {detail.get('depth')} with "
              f"{detail.get('status', '').split('Gold:')[-1].split()[0] or '?'} gold -> "
              f"{result.outcome}, score {result.score:.0f}, level {new.get('depth')}, "
              f"{new.get('killer') or new.get('cause') or ''}")
        db.execute("update sessions set outcome = ?, score = ?, turns = ?, detail = ? "
                   "where id = ?", (result.outcome, result.score, result.turns,
                                    json.dumps(new), sid))
    db.commit()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="the tournament's database")
    parser.add_argument("target", help="where to write the copy with replayed results")
    parser.add_argument("--time-limit", type=float, default=900.0,
                        help="the cap for each replay, in seconds (default: 900)")
    arguments = parser.parse_args()
    require_rogue("rogue_uncap")
    sys.exit(main(arguments))
