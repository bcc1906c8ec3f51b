"""Where a Rog-O-Matic game's turns go, and why each dungeon level was left.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_turns.py --from 1100 --to 1110``

Plays each fixed dungeon (the same game as a tournament's dungeon N) to its end and
counts the game turns each kind of decision took: a count before a key (``20s``) is
that many turns, a key that only reads the screen (dismissing ``--More--``, listing
the pack) none, and any other action one. Kinds are the experts' own, with the
explorer's and the health expert's split by what they did: walking toward the
unknown or the stairs, searching, waiting on the stairs for the first faint (the
camp), resting. Then, for every level left, the rationale of the decision that left
it ("level 6 explored", "600 actions on level 7", "short of food"), its numbers
taken out so that like counts with like.

Food is Rogue's clock: a ration lasts 1,100 to 1,500 turns and Rogue lays about half
a food item a level, so the turns a game spends are the food it eats. The tool
behind docs/rogomatic.md's account of that budget. The log goes to stderr.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import attrs
from rogue_last_moves import run_range

#: Experts whose keys only read or clear the screen: no game turn passes.
NO_TURN = frozenset({"screens", "inventory"})
#: Keys that take no turn whoever sends them: dismiss, escape, list the pack.
FREE_KEYS = frozenset({" ", "\x1b", "i"})
#: What the explorer's and health expert's rationales say they are doing.
WAITS = ("wait on the stairs", "rest before taking the stairs", "wait here for the faint",
         "floating")


@attrs.define
class GameTurns:
    """One game's turns by kind, and the rationales that left its levels."""

    dungeon: int
    turns: Counter[str] = attrs.Factory(Counter)
    departures: list[str] = attrs.Factory(list)


def turns_taken(action: Any) -> int:
    """The game turns ``action`` takes: its count prefix, none for a free key, else one."""
    if not isinstance(action, str) or not action or action in FREE_KEYS:
        return 0
    m = re.match(r"(\d+)\D", action)
    return int(m.group(1)) if m else 1


def kind(expert: str, action: str, rationale: str) -> str:
    """The kind of decision, for the budget: the expert's name, the explorer's and
    the health expert's split into walk, search, rest and wait."""
    if expert not in ("explore", "health"):
        return expert
    if any(w in rationale for w in WAITS):
        return f"{expert}: wait"
    if action.lstrip("0123456789") == "s":
        return "explore: search" if expert == "explore" else "health: rest"
    return f"{expert}: walk"


def shape(rationale: str) -> str:
    """A rationale with its numbers (and a monster's name) taken out, so that the
    departures of many levels count together."""
    text = re.sub(r"\d+%?", "N", rationale)
    return re.sub(r"the [a-z ]+ would kill", "the monster would kill", text)


def fold(dungeon: int, log: list[tuple[Any, Any, Any]]) -> GameTurns:
    """The witness's log (screen, keys, decision) folded into turns by kind and the
    departures: the last decision taken on a level before the status line shows
    another (the ``>``, or the step onto a trapdoor)."""
    game = GameTurns(dungeon)
    level, last = None, None
    for view, action, decision in log:
        status = getattr(view, "status", None)
        if status is not None:
            if level is not None and status.level != level and last is not None:
                game.departures.append(shape(last))
            level = status.level
        if decision is None or decision.expert in NO_TURN:
            continue
        taken = turns_taken(action)
        if taken:
            game.turns[kind(decision.expert, action, decision.rationale)] += taken
            last = decision.rationale
    return game


def describe(game: GameTurns) -> str:
    total = sum(game.turns.values())
    top = ", ".join(f"{k} {v}" for k, v in game.turns.most_common(5))
    return f"dungeon {game.dungeon}: {total} turns ({top}); {len(game.departures)} levels left"


def summarise(games: list[GameTurns]) -> list[str]:
    """The turns of all games by kind (share of the whole), then the departures by
    their shaped rationale, commonest first."""
    turns: Counter[str] = Counter()
    departures: Counter[str] = Counter()
    for game in games:
        turns.update(game.turns)
        departures.update(game.departures)
    total = sum(turns.values())
    lines = [f"{total} turns in {len(games)} games"]
    lines += [f"  {k}: {v} ({v / total:.1%})" for k, v in turns.most_common()]
    lines.append(f"{sum(departures.values())} levels left")
    lines += [f"  {v}: {k}" for k, v in departures.most_common()]
    return lines


if __name__ == "__main__":
    run_range("rogue_turns", __doc__.splitlines()[0], fold, lambda game: [describe(game)],
              summarise)
