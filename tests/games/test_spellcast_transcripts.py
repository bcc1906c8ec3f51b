"""The gestures of the two recorded lithium/spellcast games, replayed on the engine.

Source: /work/shared/spellcast/transcript_lithium.txt and transcript_lithium_quit.txt (real
games on github.com/lithium/spellcast's server). Rounds where that server follows Plotkin's
rules must resolve the same here; where it has the defects its protocol notes list, the
engine follows Plotkin and the test says how the outcome differs:
- lithium offers P+P as a choosable "surrender" spell and never ends the game; Plotkin
  surrenders automatically (the shields of the two P's are still cast);
- lithium reports a Missile completed by D+D as cast "with both" hands, and casts one
  Missile when both hands complete it; Plotkin casts one per hand.
"""

from __future__ import annotations

from spellcast_cases import kinds

import games.spellcast as sc

K = sc.EventKind


def _casts(events: tuple[sc.Event, ...]) -> list[tuple[str | None, str | None, str | None]]:
    return [(e.actor, e.spell, e.target) for e in kinds(events, K.CAST)]


def test_transcript_lithium_six_rounds() -> None:
    """Rounds 1-5 match the recorded game exactly; round 6 is bob's P+P surrender."""
    m = sc.Match(["bob", "alice"], seed=1001)
    # round 1: bob P F (shield), alice S W
    ev = sc.play_turn(m, {"alice": "SW", "bob": "PF"}, {("bob", "left:target"): "bob"})
    assert _casts(ev) == [("bob", "shield", "bob")]
    assert (m.hp("bob"), m.hp("alice")) == (15, 15)
    # round 2: alice D P: missile (left) at bob, shield (right) on herself
    ev = sc.play_turn(
        m,
        {"alice": "DP", "bob": "WF"},
        {("alice", "left:target"): "bob", ("alice", "right:target"): "alice"},
    )
    assert _casts(ev) == [("alice", "missile", "bob"), ("alice", "shield", "alice")]
    assert [e.target for e in kinds(ev, K.DAMAGE)] == ["bob"]
    assert (m.hp("bob"), m.hp("alice")) == (14, 15)
    # round 3: bob P F: shield + paralysis (F-F-F) at alice's right hand; alice P _ shield
    ev = sc.play_turn(
        m,
        {"alice": "P_", "bob": "PF"},
        {
            ("bob", "left:target"): "bob",
            ("bob", "right:target"): "alice",
            ("bob", "right:paralysis-hand"): "right",
            ("alice", "left:target"): "alice",
        },
    )
    assert sorted(_casts(ev)) == [
        ("alice", "shield", "alice"),
        ("bob", "paralysis", "alice"),
        ("bob", "shield", "bob"),
    ]
    assert m.view("alice").paralysed_hand == "right"
    # round 4: alice tries F K, her paralysed right hand repeats "nothing": revealed F _
    m.submit_gestures("alice", "F", "K")
    m.submit_gestures("bob", "S", "_")
    assert m.gestures() == (("bob", "S", "_"), ("alice", "F", "_"))
    assert m.questions() == ()
    assert kinds(m.resolve(), K.CAST) == []
    # round 5: bob D D completes S-D (missile) on his left hand; alice S S
    ev = sc.play_turn(m, {"alice": "SS", "bob": "DD"}, {("bob", "left:target"): "alice"})
    assert _casts(ev) == [("bob", "missile", "alice")]
    assert (m.hp("bob"), m.hp("alice")) == (14, 14)
    # round 6: bob P P surrenders; alice's D D completes S-D on both hands (two missiles),
    # both blocked by bob's own shields. lithium instead let bob pick "surrender" as a spell,
    # cast one missile (bob 13/15) and carried on until both players quit.
    ev = sc.play_turn(
        m,
        {"alice": "DD", "bob": "PP"},
        {("alice", "left:target"): "bob", ("alice", "right:target"): "bob"},
    )
    assert kinds(ev, K.SURRENDER)[0].actor == "bob"
    assert _casts(ev).count(("alice", "missile", "bob")) == 2
    assert len(kinds(ev, K.BLOCKED)) == 2
    assert m.over and m.winner == "alice" and m.outcome is sc.Outcome.WIN
    assert (m.hp("bob"), m.hp("alice")) == (14, 14)


def test_transcript_lithium_quit_stab_against_shield() -> None:
    """Alice stabs, bob makes P P: the stab slides off his shield and alice wins.

    lithium offered bob "shield" instead of the surrender and alice won when bob quit on the
    next round; Plotkin's rules end the match on the P P itself, with the same winner.
    """
    m = sc.Match(["alice", "bob"], seed=1001)
    m.submit_gestures("alice", "K", "_")
    m.submit_gestures("bob", "P", "P")
    assert m.gestures() == (("alice", "K", "_"), ("bob", "P", "P"))
    stab = [q for q in m.questions("alice")]
    assert [(q.id, q.spell, q.choices) for q in stab] == [
        ("left:target", "stab", ("alice", "bob", "nobody"))
    ]
    m.answer("alice", "left:target", "bob")
    ev = m.resolve()
    blocked = kinds(ev, K.BLOCKED)
    assert [(e.actor, e.target, e.spell) for e in blocked] == [("bob", "alice", "stab")]
    assert m.over and m.winner == "alice"
    assert (m.hp("alice"), m.hp("bob")) == (15, 15)


def test_transcript_data_file_matches_the_gestures_replayed_here() -> None:
    """The recorded GESTURE lines of transcript_lithium are the ones replayed above."""
    from pathlib import Path

    text = Path(__file__).parent.parent / "data" / "spellcast" / "transcript_gestures.txt"
    lines = text.read_text().split()
    assert lines == ["SW", "PF", "DP", "WF", "P_", "PF", "FK", "S_", "SS", "DD", "DD", "PP"]
