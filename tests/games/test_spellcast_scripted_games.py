"""Whole scripted games with known outcomes, turn by turn."""

from __future__ import annotations

from spellcast_cases import kinds

import games.spellcast as sc

K = sc.EventKind


def test_overlapping_sequences_from_the_manual_win_a_duel() -> None:
    """F-F-F (paralysis) then S-S-D-D reuses the last F for a Fireball, then more overlaps.

    alice's left hand: F F F S S D D F F D D W P F D, right hand waves, then a stab:
    Paralysis (turn 3), Missile (6, S-D inside the Fireball), Fireball (7), Lightning Bolt
    (11, D-F-F-D-D reusing the Fireball's D-D), a stray Shield (13, the P of W-P-F-D), Cause
    Heavy Wounds (15), stab (16).
    """
    left = "FFFSSDDFFDDWPFD_"
    right = "WWWWWWWWWWWWWWWK"
    expected_hp = [15, 15, 15, 15, 15, 14, 9, 9, 9, 9, 4, 4, 4, 4, 1, 0]
    expected_casts = {
        3: ["paralysis"],
        6: ["missile"],
        7: ["fireball"],
        11: ["lightning-bolt"],
        13: ["shield"],
        15: ["cause-heavy-wounds"],
        16: ["stab"],
    }
    m = sc.Match(["alice", "bob"], seed=0)
    for turn, (lg, rg) in enumerate(zip(left, right, strict=True), start=1):
        events = sc.play_turn(m, {"alice": lg + rg, "bob": "__"})
        casts = [e.spell for e in kinds(events, K.CAST) if e.actor == "alice"]
        assert casts == expected_casts.get(turn, []), turn
        assert m.hp("bob") == expected_hp[turn - 1], turn
    assert m.over and m.winner == "alice" and m.turn == 16
    assert kinds(m.history, K.DIES)[0].actor == "bob"


def test_a_second_f_repeats_paralysis() -> None:
    """F-F-F-F casts Paralysis on the third and again on the fourth F."""
    m = sc.Match(["alice", "bob"], seed=0)
    casts = []
    for _ in range(4):
        events = sc.play_turn(m, {"alice": "F_", "bob": "__"})
        casts.append([e.spell for e in kinds(events, K.CAST)])
    assert casts == [[], [], ["paralysis"], ["paralysis"]]


def test_three_wizard_free_for_all_with_monsters_ends_with_one_winner() -> None:
    """carol's troll and bob's goblin fight on; alice's Finger of Death settles it."""
    m = sc.Match(["alice", "bob", "carol"], seed=2)
    script = [
        # carol summons a troll (F-P-S-F-W) aimed at bob; bob a goblin (S-F-W) at carol
        ({"alice": "P_", "bob": "S_", "carol": "F_"}, {}),
        ({"alice": "W_", "bob": "F_", "carol": "P_"}, {}),
        ({"alice": "P_", "bob": "W_", "carol": "S_"}, {("bob", "summon:bob:left"): "carol"}),
        ({"alice": "F_", "bob": "__", "carol": "F_"}, {("bob", "monster:goblin-1"): "carol"}),
        (
            {"alice": "S_", "bob": "__", "carol": "W_"},
            {("bob", "monster:goblin-1"): "carol", ("carol", "summon:carol:left"): "bob"},
        ),
        (
            {"alice": "S_", "bob": "__", "carol": "__"},
            {("bob", "monster:goblin-1"): "carol", ("carol", "monster:troll-2"): "bob"},
        ),
        (
            {"alice": "S_", "bob": "__", "carol": "__"},
            {("bob", "monster:goblin-1"): "carol", ("carol", "monster:troll-2"): "bob"},
        ),
        (
            {"alice": "D_", "bob": "__", "carol": "__"},
            {
                ("alice", "left:target"): "carol",
                ("bob", "monster:goblin-1"): "carol",
                ("carol", "monster:troll-2"): "bob",
            },
        ),
    ]
    for gestures, answers in script:
        sc.play_turn(m, gestures, answers)
    # goblin hit carol on turns 3-8 (6), troll hit bob on turns 5-8 (12), alice's shields
    # (turns 1 and 3) never mattered; Finger of Death killed carol on turn 8.
    assert not m.alive("carol")
    assert m.hp("bob") == 15 - 12
    assert m.alive("bob") and not m.over
    sc.play_turn(m, {"alice": "K_", "bob": "PP"})
    assert m.over and m.winner == "alice"
