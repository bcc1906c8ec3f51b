"""The spell interactions listed in RULES_NOTES.md, and the per-turn resolution order."""

from __future__ import annotations

import pytest
from spellcast_cases import cast, duel, kinds

import games.spellcast as sc

K = sc.EventKind


def _prime(m: sc.Match, wizard: str, slug: str, hand: str = "left") -> str:
    """Preload all but the last gesture of ``slug``; return the final (left+right) pair."""
    spell = sc.spell_by_slug(slug)
    left, right = sc.spell_rows(spell, hand)
    if len(left) > 1:
        m.preload_gestures(wizard, left[:-1], right[:-1])
    return left[-1] + right[-1]


def _turn(m: sc.Match, answers: dict[tuple[str, str], str], **gestures: str) -> tuple:
    moves = {w: "__" for w in m.movers}
    moves.update(gestures)
    return sc.play_turn(m, moves, answers)


def test_counter_spell_beats_magic_mirror_on_the_same_subject() -> None:
    """With Counter-Spell and Magic Mirror on bob, a Missile at him is countered, not reflected."""
    m = duel("alice", "bob", "carol")
    a = _prime(m, "alice", "missile")
    b = _prime(m, "bob", "magic-mirror")
    c = _prime(m, "carol", "counter-spell")
    events = _turn(
        m,
        {
            ("alice", "left:target"): "bob",
            ("bob", "both:target"): "bob",
            ("carol", "left:target"): "bob",
        },
        alice=a,
        bob=b,
        carol=c,
    )
    assert (m.hp("alice"), m.hp("bob")) == (15, 15)
    assert not kinds(events, K.REFLECTED)
    assert any("destroyed by the Counter-Spell" in e.text for e in kinds(events, K.FIZZLE))


def test_two_mirrored_wizards_dissipate_each_others_spells() -> None:
    """alice (mirrored) casts at bob (mirrored) through a released Delayed Effect: it dissipates."""
    m = duel()
    cast(m, "delayed-effect", target="alice")
    cast(m, "missile")  # banked
    m.preload_gestures("alice", "C", "C")
    m.preload_gestures("bob", "C", "C")
    events = _turn(
        m,
        {
            ("alice", "delay-release"): "yes",
            ("alice", "delayed:target"): "bob",
            ("alice", "both:target"): "alice",
            ("bob", "both:target"): "bob",
        },
        alice="WW",
        bob="WW",
    )
    assert (m.hp("alice"), m.hp("bob")) == (15, 15)
    assert any("two Magic Mirrors" in e.text for e in kinds(events, K.FIZZLE))


def test_reflected_spell_is_rechecked_against_the_casters_counter_spell() -> None:
    """A Missile reflected back at a counter-spelled caster is destroyed."""
    m = duel("alice", "bob", "carol")
    a = _prime(m, "alice", "missile")
    b = _prime(m, "bob", "magic-mirror")
    c = _prime(m, "carol", "counter-spell")
    events = _turn(
        m,
        {
            ("alice", "left:target"): "bob",
            ("bob", "both:target"): "bob",
            ("carol", "left:target"): "alice",
        },
        alice=a,
        bob=b,
        carol=c,
    )
    assert (m.hp("alice"), m.hp("bob")) == (15, 15)
    assert kinds(events, K.REFLECTED)
    assert "Counter-Spell around alice" in kinds(events, K.FIZZLE)[-1].text


def test_mirror_does_not_reflect_stabs_or_storms() -> None:
    """A stab and a Fire Storm still hurt a mirrored wizard."""
    m = duel()
    b = _prime(m, "bob", "magic-mirror")
    m.preload_gestures("alice", "SWW", "___")
    _turn(m, {("bob", "both:target"): "bob"}, alice="CC", bob=b)
    assert (m.hp("alice"), m.hp("bob")) == (10, 10)
    b = _prime(m, "bob", "magic-mirror")
    _turn(m, {("bob", "both:target"): "bob"}, alice="K_", bob=b)
    assert m.hp("bob") == 9


def test_dispel_magic_cancels_counter_spells_and_mirrors_but_not_stabs() -> None:
    """Under Dispel Magic the Counter-Spell and Mirror vanish; a stab still lands."""
    m = duel("alice", "bob", "carol")
    a = _prime(m, "alice", "dispel-magic")
    b = _prime(m, "bob", "counter-spell")
    events = _turn(
        m,
        {
            ("alice", "left:target"): "alice",
            ("bob", "left:target"): "bob",
            ("carol", "left:target"): "bob",
        },
        alice=a,
        bob=b,
        carol="K_",
    )
    assert m.hp("bob") == 14
    assert any("Counter-Spell on bob is dispelled" in e.text for e in events)


def test_dispel_magic_disintegrates_corpses() -> None:
    """After Dispel Magic a dead goblin's corpse can no longer be raised."""
    m = duel()
    cast(m, "summon-goblin", by="bob", target="bob")
    cast(m, "missile", target="goblin-1")
    assert [mon.id for mon in m.view("alice").monsters] == ["goblin-1"]
    cast(m, "dispel-magic", target="alice")
    assert m.view("alice").monsters == ()


def test_storms_are_stopped_locally_by_counter_spell() -> None:
    """A counter-spelled wizard is spared by a Fire Storm; everyone else is hit."""
    m = duel()
    b = _prime(m, "bob", "counter-spell")
    m.preload_gestures("alice", "SWW", "___")
    _turn(m, {("bob", "left:target"): "bob"}, alice="CC", bob=b)
    assert (m.hp("alice"), m.hp("bob")) == (10, 15)


def test_two_fire_storms_act_as_one() -> None:
    """Two Fire Storms in one turn do 5, not 10."""
    m = duel()
    m.preload_gestures("alice", "SWW", "___")
    m.preload_gestures("bob", "SWW", "___")
    _turn(m, {}, alice="CC", bob="CC")
    assert (m.hp("alice"), m.hp("bob")) == (10, 10)


def _elemental(m: sc.Match, kind: str, by: str = "alice") -> None:
    cast(m, "summon-elemental", by=by, target=by, answers={(by, f"elemental:{by}:left"): kind})


def test_same_type_elementals_merge_into_one() -> None:
    """A second fire elemental merges with the first: one elemental at full strength."""
    m = duel()
    _elemental(m, "fire")
    _elemental(m, "fire", by="bob")
    alive = [mon for mon in m.view("alice").monsters if mon.alive]
    assert len(alive) == 1 and alive[0].hp == 3
    assert m.hp("alice") == 15 - 3 - 3


def test_opposite_elementals_destroy_each_other_before_attacking() -> None:
    """A fire and an ice elemental annihilate each other before either attacks."""
    m = duel()
    _elemental(m, "fire")
    hp = m.hp("alice")
    _elemental(m, "ice", by="bob")
    assert not [mon for mon in m.view("alice").monsters if mon.alive]
    assert m.hp("alice") == hp


def test_fire_storm_absorbs_a_fire_elemental_and_still_hits() -> None:
    """A Fire Storm destroys a fire elemental (which doesn't attack) and still does 5."""
    m = duel()
    _elemental(m, "fire")
    m.preload_gestures("bob", "SWW", "___")
    _turn(m, {}, bob="CC")
    assert not m.alive("fire-elemental-1")
    assert (m.hp("alice"), m.hp("bob")) == (12 - 5, 12 - 5)


def test_ice_storm_and_fire_elemental_cancel_each_other() -> None:
    """An Ice Storm and a fire elemental cancel: no storm damage, no elemental attack."""
    m = duel()
    _elemental(m, "fire")
    m.preload_gestures("bob", "WSS", "___")
    _turn(m, {}, bob="CC")
    assert not m.alive("fire-elemental-1")
    assert (m.hp("alice"), m.hp("bob")) == (12, 12)


def test_fire_and_ice_storms_with_an_elemental_all_cancel() -> None:
    """Two opposite storms and an elemental all cancel out."""
    m = duel()
    _elemental(m, "ice")
    m.preload_gestures("alice", "SWW", "___")
    m.preload_gestures("bob", "WSS", "___")
    _turn(m, {}, alice="CC", bob="CC")
    assert not m.alive("ice-elemental-1")
    assert (m.hp("alice"), m.hp("bob")) == (12, 12)


def test_resist_heat_or_cold_on_an_elemental_destroys_it() -> None:
    """Resist Heat cast at a fire elemental, or Fireball at an ice one, destroys it unharmed."""
    m = duel()
    _elemental(m, "fire")
    cast(m, "resist-heat", by="bob", target="fire-elemental-1")
    assert not m.alive("fire-elemental-1") and m.hp("bob") == 12
    m = duel()
    _elemental(m, "ice")
    cast(m, "fireball", by="bob", target="ice-elemental-1")
    assert not m.alive("ice-elemental-1") and m.hp("bob") == 12


def test_elementals_ignore_paralysis_and_are_blocked_by_shields() -> None:
    """A shielded wizard takes nothing from an elemental; paralysis doesn't stop it."""
    m = duel()
    _elemental(m, "fire")
    cast(m, "paralysis", by="bob", target="fire-elemental-1", others={"alice": "P_"})
    assert m.hp("alice") == 12
    _turn(m, {})
    assert m.hp("alice") == 9


def test_blindness_or_invisibility_destroys_a_monster_before_it_attacks() -> None:
    """A goblin made blind is destroyed at once and does not attack."""
    m = duel()
    cast(m, "summon-goblin", by="bob", target="bob")
    hp = m.hp("alice")
    cast(m, "blindness", target="goblin-1", answers={("bob", "monster:goblin-1"): "alice"})
    assert not m.alive("goblin-1") and m.hp("alice") == hp


def test_remove_enchantment_destroys_a_monster_after_it_attacks() -> None:
    """A goblin hit by Remove Enchantment still attacks that turn, then dies."""
    m = duel()
    cast(m, "summon-goblin", by="bob", target="bob")
    hp = m.hp("alice")
    cast(m, "remove-enchantment", target="goblin-1", answers={("bob", "monster:goblin-1"): "alice"})
    assert not m.alive("goblin-1") and m.hp("alice") == hp - 1


def test_raise_dead_and_finger_of_death_on_one_subject_cancel() -> None:
    """Finger of Death and Raise Dead at the same wizard cancel each other."""
    m = duel()
    a = _prime(m, "alice", "finger-of-death")
    b = _prime(m, "bob", "raise-dead")
    _turn(m, {("alice", "left:target"): "bob", ("bob", "both:target"): "bob"}, alice=a, bob=b)
    assert not m.over and m.hp("bob") == 15


def test_fireball_is_snuffed_by_ice_storm_sparing_its_subject() -> None:
    """With an Ice Storm, the Fireball's subject takes nothing; everyone else takes the storm."""
    m = duel()
    a = _prime(m, "alice", "fireball")
    m.preload_gestures("bob", "WSS", "___")
    _turn(m, {("alice", "left:target"): "bob"}, alice=a, bob="CC")
    assert (m.hp("alice"), m.hp("bob")) == (10, 15)


def test_two_different_mind_spells_on_one_subject_both_fizzle() -> None:
    """Amnesia and Fear on bob in the same turn interfere: neither takes effect."""
    m = duel("alice", "bob", "carol")
    a = _prime(m, "alice", "amnesia")
    c = _prime(m, "carol", "fear")
    events = _turn(
        m, {("alice", "left:target"): "bob", ("carol", "left:target"): "bob"}, alice=a, carol=c
    )
    v = m.view("bob")
    assert not v.amnesia and not v.fear
    assert "interfere" in kinds(events, K.FIZZLE)[0].text


def test_two_charm_persons_or_two_first_paralyses_fizzle_but_two_amnesias_work() -> None:
    """Duplicate Charm Person (or Paralysis on a free hand) cancel; duplicate Amnesia doesn't."""
    for slug, ok in (("charm-person", False), ("paralysis", False), ("amnesia", True)):
        m = duel("alice", "bob", "carol")
        a = _prime(m, "alice", slug)
        c = _prime(m, "carol", slug)
        _turn(
            m, {("alice", "left:target"): "bob", ("carol", "left:target"): "bob"}, alice=a, carol=c
        )
        v = m.view("bob")
        assert bool(v.amnesia or v.paralysed_hand or v.charmed_hand) is ok, slug


def test_remove_enchantment_and_fireball_together_fry_a_heat_resistant_wizard() -> None:
    """Resistance removed the same turn as a Fireball lands does not protect."""
    m = duel("alice", "bob", "carol")
    cast(m, "resist-heat", by="bob", target="bob")
    a = _prime(m, "alice", "fireball")
    c = _prime(m, "carol", "remove-enchantment")
    _turn(m, {("alice", "left:target"): "bob", ("carol", "left:target"): "bob"}, alice=a, carol=c)
    assert m.hp("bob") == 10


def test_resist_heat_cast_with_a_fireball_saves_the_subject() -> None:
    """Resist Heat and a Fireball landing together: the resistance starts in time."""
    m = duel()
    a = _prime(m, "alice", "fireball")
    b = _prime(m, "bob", "resist-heat")
    _turn(m, {("alice", "left:target"): "bob", ("bob", "left:target"): "bob"}, alice=a, bob=b)
    assert m.hp("bob") == 15


def test_monster_attacks_are_blocked_by_counter_spell_shields() -> None:
    """A Counter-Spell's shield effect blocks a goblin's attack."""
    m = duel()
    cast(m, "summon-goblin", target="alice")
    b = _prime(m, "bob", "counter-spell")
    _turn(m, {("bob", "left:target"): "bob", ("alice", "monster:goblin-1"): "bob"}, bob=b)
    assert m.hp("bob") == 14


def test_paralysed_monster_skips_its_next_attack() -> None:
    """Paralysis on a goblin stops its attack on the following turn only."""
    m = duel()
    cast(m, "summon-goblin", by="bob", target="bob")
    cast(m, "paralysis", target="goblin-1", answers={("bob", "monster:goblin-1"): "alice"})
    assert m.hp("alice") == 13
    _turn(m, {})
    assert m.hp("alice") == 13
    _turn(m, {("bob", "monster:goblin-1"): "alice"})
    assert m.hp("alice") == 12


def test_amnesiac_monster_repeats_its_last_target() -> None:
    """An amnesiac goblin attacks whoever it attacked the turn before."""
    m = duel()
    cast(m, "summon-goblin", by="bob", target="bob", answers={("bob", "summon:bob:left"): "bob"})
    assert m.hp("bob") == 14
    cast(m, "amnesia", target="goblin-1", answers={("bob", "monster:goblin-1"): "bob"})
    _turn(m, {})
    assert m.hp("bob") == 12 and m.hp("alice") == 15


def test_confused_monster_attacks_a_random_target_deterministically() -> None:
    """A confused goblin picks its victim with the match's seeded generator."""
    hps = set()
    for _ in range(2):
        m = duel(seed=3)
        cast(
            m,
            "summon-goblin",
            by="bob",
            target="bob",
            answers={("bob", "summon:bob:left"): "nobody"},
        )
        cast(m, "confusion", target="goblin-1", answers={("bob", "monster:goblin-1"): "nobody"})
        _turn(m, {})
        hps.add((m.hp("alice"), m.hp("bob"), m.alive("goblin-1")))
    assert len(hps) == 1


def test_simultaneous_death_is_a_draw() -> None:
    """Both wizards dying in the same turn is a (posthumous) draw."""
    m = duel()
    a = _prime(m, "alice", "finger-of-death")
    b = _prime(m, "bob", "finger-of-death")
    events = _turn(
        m, {("alice", "left:target"): "bob", ("bob", "left:target"): "alice"}, alice=a, bob=b
    )
    assert m.over and m.outcome is sc.Outcome.DRAW and m.winner is None
    assert kinds(events, K.MATCH_OVER)[0].text == "Everyone is dead: the match is a draw."


def test_mutual_surrender_is_a_draw_and_a_lone_surrender_loses() -> None:
    """P+P by both wizards draws; P+P by one hands the win to the other."""
    m = duel()
    _turn(m, {}, alice="PP", bob="PP")
    assert m.over and m.outcome is sc.Outcome.DRAW
    m = duel("alice", "bob", "carol")
    _turn(m, {}, bob="PP")
    assert not m.over and not m.alive("bob") and m.movers == ("alice", "carol")
    assert m.view("alice").wizards[1].surrendered


def test_a_surrendering_wizard_who_kills_his_opponent_wins() -> None:
    """A surrender's spells still resolve; if they kill the last opponent, he wins."""
    m = duel()
    m._wizards["bob"].hp = 2  # noqa: SLF001 - set up a near-death opponent
    m.preload_gestures("alice", "WF", "__")
    events = _turn(m, {("alice", "left:target"): "bob"}, alice="PP")
    assert kinds(events, K.SURRENDER)[0].actor == "alice"
    assert m.over and m.winner == "alice"
    m = duel()
    m._wizards["bob"].hp = 2  # noqa: SLF001
    _turn(m, {}, alice="PP")
    assert m.over and m.winner == "bob"


def test_heals_happen_after_damage_and_monsters_after_spells() -> None:
    """Order: a goblin summoned this turn attacks after the spells; cures apply after damage."""
    m = duel()
    m._wizards["bob"].hp = 2  # noqa: SLF001
    a = _prime(m, "alice", "summon-goblin")
    b = _prime(m, "bob", "cure-light-wounds")
    events = _turn(
        m,
        {
            ("alice", "left:target"): "alice",
            ("bob", "left:target"): "bob",
            ("alice", "summon:alice:left"): "bob",
        },
        alice=a,
        bob=b,
    )
    order = [e.kind for e in events if e.kind in (K.HEAL, K.ATTACK, K.SUMMON)]
    assert order == [K.SUMMON, K.HEAL, K.ATTACK]
    assert m.hp("bob") == 2


def test_six_wizards_may_play_and_seven_may_not() -> None:
    """Matches take 2 to 6 wizards."""
    names = [f"w{i}" for i in range(6)]
    m = sc.Match(names, seed=1)
    assert m.movers == tuple(names)
    with pytest.raises(ValueError, match="a match needs 2 to 6 wizards, got 7"):
        sc.Match([*names, "w6"])
    with pytest.raises(ValueError, match="a match needs 2 to 6 wizards, got 1"):
        sc.Match(["solo"])


def test_a_clap_counts_only_when_both_hands_clap() -> None:
    """C then W with one hand is no Magic Mirror; the same with both hands is."""
    m = duel()
    m.preload_gestures("alice", "C", "_")
    events = _turn(m, {}, alice="WW")
    assert not kinds(events, K.CAST)
    m.preload_gestures("alice", "C", "C")
    events = _turn(m, {}, alice="WW")
    assert [e.spell for e in kinds(events, K.CAST)] == ["magic-mirror"]


def test_a_destroyed_elemental_leaves_no_corpse_but_a_goblin_does() -> None:
    """Elementals vanish when killed; a dead goblin stays as a corpse that may be raised."""
    m = duel()
    _elemental(m, "fire")
    cast(m, "lightning-bolt", by="bob", target="fire-elemental-1")
    assert not m.alive("fire-elemental-1")
    assert m.view("bob").monsters == ()
    cast(m, "summon-goblin", by="bob", target="bob")
    cast(m, "missile", target="goblin-2")
    assert [(mon.id, mon.alive) for mon in m.view("bob").monsters] == [("goblin-2", False)]


def test_a_blind_wizards_counter_spell_on_another_goes_wild() -> None:
    """Counter-Spell, Dispel Magic and Mirror need the caster to see the subject."""
    m = duel("alice", "bob", "carol")
    cast(m, "blindness", target="bob")
    b = _prime(m, "bob", "counter-spell")
    a = _prime(m, "alice", "missile")
    events = _turn(
        m, {("bob", "left:target"): "carol", ("alice", "left:target"): "carol"}, alice=a, bob=b
    )
    assert "goes wild" in kinds(events, K.FIZZLE)[0].text
    assert m.hp("carol") == 14
