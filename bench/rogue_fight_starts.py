"""How the fatal fight of each Rog-O-Matic game began: steady or not, hit points, and the
decision before it.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_fight_starts.py 506:C 530:Q``

Each argument is a fixed dungeon and the letter of the monster that killed the hero
there (a tournament record's killer). The game is played again to its end; the fight's
start is the first screen of the last unbroken run with a monster of that letter
beside the hero. One JSON line per game says whether the hero then carried Rogue's
running flag (``InternalState.steady``: without it every monster swings with +4), his
hit points and most hit points, who struck first (the first blow message naming the
monster: its own, or the hero's at it), and the expert and rationale of the decision
before.

The internal state is not on the screen, so the tool wraps the recogniser's
``recognise`` to keep the latest state, and the witness notes it with each key sent.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import trio
from rogue_last_moves import Witness, map_distance, require_rogue, witness_game

import actors.rogue._intern as intern_module
from actors.rogue._monsters import monster

_LATEST: dict[str, Any] = {}
_recognise = intern_module.recognise


def _keeping(*args: Any, **kwargs: Any) -> Any:
    state = _recognise(*args, **kwargs)
    _LATEST["state"] = state
    return state


class StateWitness(Witness):
    """A witness that keeps the internal state current when each key was sent."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.states: list[Any] = []

    async def act(self, action: Any) -> None:
        self.states.append(_LATEST.get("state"))
        await super().act(action)


def fight_start(log: list[tuple[Any, Any, Any]], letter: str) -> int | None:
    """Index of the first screen of the last run of screens with ``letter`` beside the
    hero (gaps of up to four screens - messages, the pack - do not break a run)."""
    start = None
    for i in range(len(log) - 1, -1, -1):
        lines = getattr(log[i][0], "lines", None)
        if not lines:
            continue
        if map_distance(lines, letter) == 1:
            start = i
        elif start is not None and i < start - 4:
            break
    return start


def first_blow(log: list[tuple[Any, Any, Any]], at: int, name: str,
               within: int = 8) -> str | None:
    """Who struck first in the fight beginning at screen ``at``: "monster" if the first
    blow message naming ``name`` in the next ``within`` screens is its own ("The
    centaur hits you", "... misses you"), "hero" if it is his ("You miss the centaur"),
    None if there is none."""
    for view, _, _ in log[at:at + within]:
        lines = getattr(view, "lines", None)
        if not lines:
            continue
        message = lines[0].strip().lower()
        if name not in message:
            continue
        if message.startswith(f"the {name}") and " you" in message:
            return "monster"
        if message.startswith("you "):
            return "hero"
    return None


async def main(args: argparse.Namespace) -> int:
    intern_module.recognise = _keeping
    for item in args.games:
        dungeon, letter = item
        witness = await witness_game(dungeon, args.time_limit, witness=StateWitness,
                                     announce=False)
        at = fight_start(witness.log, letter)
        row: dict[str, Any] = {"dungeon": dungeon, "letter": letter,
                               "score": witness.played.score, "start": at,
                               "decisions": len(witness.log)}
        if at is not None:
            state = witness.states[at]
            status = getattr(witness.log[at][0], "status", None)
            before = [d for _, _, d in witness.log[max(0, at - 6):at]
                      if d is not None and d.expert != "screens"]
            row.update(steady=getattr(state, "steady", None),
                       hp=getattr(status, "hp", None), hp_max=getattr(status, "hp_max", None),
                       first=first_blow(witness.log, at, monster(letter).name),
                       before=f"{before[-1].expert}: {before[-1].rationale}" if before else None)
        print(json.dumps(row), flush=True)
    return 0


def _game(text: str) -> tuple[int, str]:
    dungeon, _, letter = text.partition(":")
    if not dungeon.isdigit() or len(letter) != 1 or not letter.isalpha():
        raise argparse.ArgumentTypeError(f"{text!r}: give DUNGEON:LETTER, as 506:C")
    return int(dungeon), letter


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=_game, nargs="+", metavar="DUNGEON:LETTER")
    parser.add_argument("--time-limit", type=float, default=1200.0)
    arguments = parser.parse_args()
    require_rogue("rogue_fight_starts")
    sys.exit(trio.run(main, arguments))
