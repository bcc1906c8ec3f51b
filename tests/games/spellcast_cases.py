"""Shared scripting for the Spellcast engine tests (plain helpers, not fixtures)."""

from __future__ import annotations

import games.spellcast as sc


def duel(*names: str, seed: int = 0, ruleset: sc.Ruleset = sc.Ruleset.FULL) -> sc.Match:
    """A fresh match (alice and bob unless other names are given)."""
    return sc.Match(list(names or ("alice", "bob")), seed=seed, ruleset=ruleset)


def hand_id(spell: sc.Spell, hand: str) -> str:
    return "both" if spell.two_handed else hand


def cast(
    match: sc.Match,
    spell: sc.Spell | str,
    *,
    by: str = "alice",
    hand: str = "left",
    target: str | None = None,
    others: dict[str, str] | None = None,
    answers: dict[tuple[str, str], str] | None = None,
) -> tuple[sc.Event, ...]:
    """Preload all but the last gesture of ``spell`` for ``by``, then play the final turn."""
    if isinstance(spell, str):
        spell = sc.spell_by_slug(spell)
    left, right = sc.spell_rows(spell, hand)
    if len(left) > 1:
        match.preload_gestures(by, left[:-1], right[:-1])
    gestures = {w: "__" for w in match.movers}
    gestures.update(others or {})
    gestures[by] = left[-1] + right[-1]
    todo = dict(answers or {})
    if target is not None:
        todo[(by, f"{hand_id(spell, hand)}:target")] = target
    return sc.play_turn(match, gestures, todo)


def idle(match: sc.Match, turns: int = 1, **overrides: str) -> list[sc.Event]:
    """Everyone does nothing (unless overridden) for ``turns`` turns."""
    events: list[sc.Event] = []
    for _ in range(turns):
        gestures = {w: "__" for w in match.movers}
        gestures.update(overrides)
        events.extend(sc.play_turn(match, gestures))
    return events


def kinds(events: tuple[sc.Event, ...] | list[sc.Event], kind: sc.EventKind) -> list[sc.Event]:
    return [e for e in events if e.kind is kind]
