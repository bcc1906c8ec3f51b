"""Matches played inside Becky's own model (no server): for tests and quick checks.

Each wizard decides on the position seen from its own seat (itself as wizard 0);
its move's targets are mapped back to seats before the model resolves the turn.
"""

from __future__ import annotations

from collections.abc import Callable

from ._model import HP, MONSTERS, apply

Chooser = Callable[[tuple], tuple]


def perspective(state: tuple, seat: int) -> tuple[tuple, list[int]]:
    """The position seen from ``seat`` and the list mapping its indices to seats."""
    wizards, elem = state
    order = [seat] + [i for i in range(len(wizards)) if i != seat]
    return (tuple(wizards[i] for i in order), elem), order


def to_seats(move: tuple, order: list[int]) -> tuple:
    casts = tuple(
        (s, t if t < 0 else (order[t] if t < MONSTERS else MONSTERS + order[t - MONSTERS]), x)
        for s, t, x in move[1]
    )
    return (move[0], casts)


def play_model_match(state: tuple, choosers: list[Chooser], max_turns: int = 60) -> tuple:
    """Play until at most one wizard lives (or ``max_turns``); returns (final state, turns)."""
    for turn in range(1, max_turns + 1):
        moves = []
        for seat, choose in enumerate(choosers):
            if state[0][seat][HP] <= 0:
                moves.append(None)
                continue
            view, order = perspective(state, seat)
            moves.append(to_seats(choose(view), order))
        state = apply(state, tuple(moves))
        if sum(w[HP] > 0 for w in state[0]) <= 1:
            return state, turn
    return state, max_turns
