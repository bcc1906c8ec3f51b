"""The Match state machine: validation, the question stages, views, copies and forfeits."""

from __future__ import annotations

import pytest
from spellcast_cases import cast, duel, idle, kinds

import games.spellcast as sc

K = sc.EventKind


def test_spell_table_has_all_43_rows_in_plotkin_order() -> None:
    """SPELLS holds the 43 rows; lookups by slug and name agree."""
    assert [s.index for s in sc.SPELLS] == list(range(43))
    assert sc.spell_by_name("Magic Mirror").gestures == "cw"
    assert sc.spell_by_slug("counter-spell").index == 37
    assert sc.SPELLS[41].slug == "counter-spell"
    with pytest.raises(LookupError, match="unknown spell 'xyzzy'"):
        sc.spell_by_slug("xyzzy")


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["alice", "alice"], "wizard names must be unique"),
        (["alice", "bo b"], "invalid wizard name 'bo b'"),
        (["alice", "nobody"], "invalid wizard name 'nobody'"),
    ],
)
def test_bad_wizard_names_are_rejected(names: list[str], message: str) -> None:
    """Names must be unique, without spaces, and not the 'nobody' target."""
    with pytest.raises(ValueError, match=message):
        sc.Match(names)


def test_invalid_and_illegal_gestures_raise_clear_errors() -> None:
    """Unparsable gestures, unknown wizards and non-movers are told apart."""
    m = duel()
    with pytest.raises(sc.InvalidGesture, match="invalid left-hand gesture 'X'"):
        m.submit_gestures("alice", "X", "P")
    with pytest.raises(sc.IllegalAction, match="unknown wizard 'carol'"):
        m.submit_gestures("carol", "P", "P")
    with pytest.raises(sc.IllegalAction, match="waiting for gestures from alice, bob"):
        m.resolve()
    cast(m, "haste", target="alice")
    with pytest.raises(sc.IllegalAction, match="'bob' does not move this haste turn"):
        m.submit_gestures("bob", "P", "_")


def test_gestures_are_case_insensitive_and_resubmission_replaces() -> None:
    """Lower case and '-' are accepted; the last submission before everyone moved counts."""
    m = duel()
    m.submit_gestures("alice", "k", "-")
    m.submit_gestures("alice", "w", ".")
    assert m.waiting_for_gestures() == ("bob",)
    m.submit_gestures("bob", "_", "_")
    assert m.gestures() == (("alice", "W", "_"), ("bob", "_", "_"))
    with pytest.raises(sc.IllegalAction, match="gestures for turn 1 are closed"):
        m.submit_gestures("bob", "P", "P")


def test_spell_choice_comes_before_its_target_question() -> None:
    """When a hand completes two spells, the choice is asked first, then the target."""
    m = duel()
    m.preload_gestures("alice", "PWPFSSS", "_______")
    m.submit_gestures("alice", "D", "_")
    m.submit_gestures("bob", "_", "_")
    (q,) = m.questions()
    assert (q.id, q.kind, q.choices, q.default) == (
        "left:spell",
        sc.QuestionKind.SPELL,
        ("finger-of-death", "missile"),
        "finger-of-death",
    )
    with pytest.raises(sc.IllegalAction, match="'fireball' is not a choice for 'left:spell'"):
        m.answer("alice", "left:spell", "fireball")
    with pytest.raises(sc.IllegalAction, match="'bob' has no question 'left:spell' open"):
        m.answer("bob", "left:spell", "missile")
    m.answer("alice", "left:spell", "MISSILE")
    (t,) = m.questions("alice")
    assert (t.id, t.spell, t.default) == ("left:target", "missile", "bob")
    m.answer("alice", "left:target", "bob")
    assert not m.pending_questions()
    m.resolve()
    assert m.hp("bob") == 14 and not m.over


def test_two_handed_spell_is_cast_only_if_both_hands_choose_it() -> None:
    """P-P-(w-(s with W-W-S on the left: choosing Counter-Spell on the left drops Invisibility."""
    m = duel()
    m.preload_gestures("alice", "WWW", "PPW")
    m.submit_gestures("alice", "S", "S")
    m.submit_gestures("bob", "_", "_")
    ids = sorted(q.id for q in m.questions("alice"))
    assert ids == ["left:spell"]
    m.answer("alice", "left:spell", "counter-spell")
    events = m.resolve()
    assert [e.spell for e in kinds(events, K.CAST)] == ["counter-spell"]
    m = duel()
    m.preload_gestures("alice", "WWW", "PPW")
    events = sc.play_turn(
        m, {"alice": "SS", "bob": "__"}, {("alice", "left:spell"): "invisibility"}
    )
    assert [(e.spell, e.hand) for e in kinds(events, K.CAST)] == [("invisibility", "both")]


def test_view_shows_histories_hit_points_and_monsters() -> None:
    """A view lists both wizards' histories oldest first, hit points and monsters with owners."""
    m = duel()
    sc.play_turn(m, {"alice": "SW", "bob": "PF"})
    cast(m, "summon-goblin", target="alice")
    v = m.view("bob")
    assert v.viewer == "bob" and v.turn == 3 and v.movers == ("alice", "bob")
    alice, bob = v.wizards
    assert (alice.left, alice.right) == ("SSFW", "W___")
    assert (bob.left, bob.right, bob.hp) == ("P_", "F_", 14)
    (goblin,) = v.monsters
    assert (goblin.id, goblin.owner, goblin.hp) == ("goblin-1", "alice", 1)


def test_same_seed_and_moves_give_the_same_game_and_copies_are_independent() -> None:
    """Two matches with one seed agree event by event; a copy diverges, leaving its source alone."""

    def play(m: sc.Match) -> list[str]:
        out = [e.text for e in cast(m, "confusion", target="bob")]
        out += [e.text for e in idle(m, 2)]
        return out

    a, b = duel(seed=11), duel(seed=11)
    assert play(a) == play(b)
    c = a.copy()
    cast(c, "lightning-bolt", target="bob")
    assert c.hp("bob") == a.hp("bob") - 5
    assert [e.text for e in idle(a, 1)] == [e.text for e in idle(b, 1)]


def test_forfeit_ends_a_duel_and_moves_a_bigger_match_on() -> None:
    """A leaver loses a duel at once; in a three-way match the turn proceeds without him."""
    m = duel()
    events = m.forfeit("bob")
    assert [e.kind for e in events] == [K.DIES, K.MATCH_OVER]
    assert m.over and m.winner == "alice" and m.phase is sc.Phase.OVER
    m = duel("alice", "bob", "carol")
    cast(m, "summon-goblin", by="carol", target="carol")
    m.submit_gestures("alice", "K", "_")
    m.submit_gestures("bob", "_", "_")
    assert m.phase is sc.Phase.GESTURES
    m.forfeit("carol")
    assert m.phase is sc.Phase.QUESTIONS and m.movers == ("alice", "bob")
    assert m.view("alice").monsters[0].owner is None
    m.resolve()
    assert m.movers == ("alice", "bob")
    with pytest.raises(sc.IllegalAction, match="'carol' is already out of the match"):
        m.forfeit("carol")


def test_max_turns_ends_the_match_in_a_draw() -> None:
    """With max_turns=2 the match is drawn after the second turn."""
    m = sc.Match(["alice", "bob"], seed=0, max_turns=2)
    idle(m, 1)
    assert not m.over
    events = idle(m, 1)
    assert m.over and m.outcome is sc.Outcome.DRAW
    assert kinds(events, K.MATCH_OVER)[0].text == "The match is a draw after 2 turns."


def test_spell_rows_builds_both_hand_sequences() -> None:
    """spell_rows makes the free hand join two-handed gestures."""
    assert sc.spell_rows(sc.spell_by_slug("dispel-magic")) == ("CDPW", "C___")
    assert sc.spell_rows(sc.spell_by_slug("missile"), "right") == ("__", "SD")


def test_copy_mid_turn_keeps_answers_and_random_state_separate() -> None:
    """A copy taken while questions are open resolves independently of its original."""
    m = duel(seed=5)
    m.preload_gestures("alice", "S", "_")
    m.submit_gestures("alice", "D", "_")
    m.submit_gestures("bob", "_", "_")
    twin = m.copy()
    m.answer("alice", "left:target", "bob")
    twin.answer("alice", "left:target", "alice")
    m.resolve()
    twin.resolve()
    assert (m.hp("alice"), m.hp("bob")) == (15, 14)
    assert (twin.hp("alice"), twin.hp("bob")) == (14, 15)
    assert m._rng.random() == twin._rng.random()  # noqa: SLF001 - same seeded stream


def test_embedded_spell_table_matches_spells_tsv() -> None:
    """Every row of the reference spells.tsv is transcribed exactly into SPELLS."""
    from pathlib import Path

    path = Path(__file__).parent.parent / "data" / "spellcast" / "spells.tsv"
    rows = [
        line.split("\t")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert len(rows) == len(sc.SPELLS) == 43
    for row, spell in zip(rows, sc.SPELLS, strict=True):
        index, name, gestures, hands, target, default, perm = row[:7]
        sc_status = row[8] if len(row) > 8 else ""
        assert (int(index), name, gestures, hands, target, default) == (
            spell.index,
            spell.name,
            spell.gestures,
            spell.hands,
            spell.target,
            spell.default,
        )
        assert spell.extendable is (perm == "1")
        assert spell.in_sc is (sc_status != "absent?")
