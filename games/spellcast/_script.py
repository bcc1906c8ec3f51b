"""Scripting helpers: play a whole turn from plain data (tests, baselines, replays).

``play_turn(match, {"alice": "PF", "bob": "WS"}, {("bob", "left:target"): "alice"})`` submits
each mover's two gestures, answers questions stage by stage as they appear (the question's
default where the script gives no answer) and resolves. An answer that was never asked is an
error, so a script cannot silently drift from the game it describes.
"""

from __future__ import annotations

from collections.abc import Mapping

from ._match import IllegalAction, Match
from ._records import Event
from ._spells import Spell

__all__ = ["play_turn", "spell_rows"]


def play_turn(
    match: Match,
    gestures: Mapping[str, str],
    answers: Mapping[tuple[str, str], str] | None = None,
) -> tuple[Event, ...]:
    """Play one turn: ``gestures`` maps each mover to two characters (left, right)."""
    todo = dict(answers or {})
    for wizard, pair in gestures.items():
        if len(pair) != 2:
            raise ValueError(f"gestures for {wizard!r} must be two characters, got {pair!r}")
        match.submit_gestures(wizard, pair[0], pair[1])
    while open_questions := match.questions():
        q = open_questions[0]
        match.answer(q.wizard, q.id, todo.pop((q.wizard, q.id), q.default))
    if todo:
        raise IllegalAction(f"answers never asked this turn: {sorted(todo)}")
    return match.resolve()


def spell_rows(spell: Spell, hand: str = "left", other: str = "_") -> tuple[str, str]:
    """The (left, right) gesture strings that cast ``spell`` with ``hand`` (oldest first).

    Two-handed gestures are made by both hands; the free hand makes ``other``.
    """
    main = []
    free = []
    for g in spell.gestures:
        main.append(g.upper())
        free.append(g.upper() if g.islower() else other)
    left, right = ("".join(main), "".join(free))
    return (left, right) if hand == "left" else (right, left)
