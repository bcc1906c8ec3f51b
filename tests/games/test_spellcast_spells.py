"""Every spell in the table, cast through the engine, has its documented effect."""

from __future__ import annotations

import pytest
from spellcast_cases import cast, duel, idle, kinds

import games.spellcast as sc

K = sc.EventKind


@pytest.mark.parametrize("spell", sc.SPELLS, ids=lambda s: f"{s.index}-{s.slug}")
def test_every_row_is_detected_and_cast_by_its_gestures(spell: sc.Spell) -> None:
    """Making a row's gestures casts that row (surrender ends the match instead)."""
    m = duel()
    events = cast(m, spell)
    if spell.index == 17:
        assert m.over and m.winner == "bob"
        assert kinds(events, K.SURRENDER)[0].actor == "alice"
        return
    slugs = [e.spell for e in kinds(events, K.CAST) if e.actor == "alice"]
    assert slugs == [spell.slug]


def test_sc_ruleset_lacks_haste_time_stop_delayed_effect_and_permanency() -> None:
    """Under Ruleset.SC those four gesture sequences cast nothing."""
    for slug in ("haste", "time-stop", "delayed-effect", "permanency"):
        m = duel(ruleset=sc.Ruleset.SC)
        assert not [e for e in kinds(cast(m, slug), K.CAST) if e.spell == slug]
    assert len(sc.spells_for(sc.Ruleset.SC)) == 39


def test_missile_does_one_damage_and_shield_blocks_it() -> None:
    """Missile hits for 1; a Shield on the subject the same turn blocks it."""
    m = duel()
    cast(m, "missile", target="bob")
    assert m.hp("bob") == 14
    events = cast(m, "missile", target="bob", others={"bob": "P_"})
    assert m.hp("bob") == 14
    assert kinds(events, K.BLOCKED)[0].actor == "bob"


def test_stab_does_one_damage_blocked_by_shield_and_only_one_hand_may_stab() -> None:
    """A stab hits for 1; two stabs in one turn become one (the right hand does nothing)."""
    m = duel()
    events = sc.play_turn(m, {"alice": "KK", "bob": "__"})
    assert m.hp("bob") == 14
    assert [e.hand for e in kinds(events, K.CAST)] == ["left"]
    assert m.view("bob").wizards[0].right == "_"
    sc.play_turn(m, {"alice": "_K", "bob": "P_"})
    assert m.hp("bob") == 14


@pytest.mark.parametrize(
    ("slug", "damage"),
    [("cause-light-wounds", 2), ("cause-heavy-wounds", 3), ("lightning-bolt", 5), ("fireball", 5)],
)
def test_damage_spells_do_their_damage_through_a_shield(slug: str, damage: int) -> None:
    """Cause Light/Heavy Wounds, Lightning Bolt and Fireball ignore Shield."""
    m = duel()
    cast(m, slug, target="bob", others={"bob": "P_"})
    assert m.hp("bob") == 15 - damage


def test_short_lightning_bolt_works_once_per_battle() -> None:
    """W-D-D-(c casts Lightning Bolt once; the second use by the same wizard fizzles."""
    short = sc.SPELLS[33]
    m = duel()
    cast(m, short, target="bob")
    assert m.hp("bob") == 10
    events = cast(m, short, target="bob")
    assert m.hp("bob") == 10
    assert "once per battle" in kinds(events, K.FIZZLE)[0].text
    cast(m, sc.SPELLS[3], target="bob")
    assert m.hp("bob") == 5


def test_finger_of_death_kills_outright() -> None:
    """Finger of Death kills a full-health wizard and ends the duel."""
    m = duel()
    events = cast(m, "finger-of-death", target="bob")
    assert m.over and m.winner == "alice" and m.outcome is sc.Outcome.WIN
    assert kinds(events, K.DIES)[0].actor == "bob"


def test_cure_wounds_heal_after_damage_capped_at_maximum() -> None:
    """Cure Light heals 1 and Cure Heavy 2, never above 15; heals apply after damage."""
    m = duel()
    cast(m, "cause-heavy-wounds", target="bob")
    assert m.hp("bob") == 12
    cast(m, "cure-light-wounds", by="bob", target="bob")
    assert m.hp("bob") == 13
    cast(m, "cure-heavy-wounds", by="bob", target="bob")
    assert m.hp("bob") == 15
    cast(m, "cure-heavy-wounds", by="bob", target="bob")
    assert m.hp("bob") == 15


def test_cure_saves_a_wizard_at_zero_in_the_same_turn() -> None:
    """Damage to 0 and a Cure Light the same turn leave the wizard alive at 1."""
    m = duel()
    m._wizards["bob"].hp = 5  # noqa: SLF001 - set up a near-death position
    cast(m, "fireball", target="bob", others={"bob": "__"})
    assert m.over
    m = duel()
    m._wizards["bob"].hp = 5  # noqa: SLF001
    m.preload_gestures("bob", "DF", "__")
    cast(m, "fireball", target="bob", others={"bob": "W_"})
    assert not m.over and m.hp("bob") == 1


def test_disease_kills_at_the_end_of_the_sixth_turn_unless_cured() -> None:
    """Disease: dead after the casting turn plus five more; Cure Heavy Wounds cures it."""
    m = duel()
    cast(m, "disease", target="bob")
    idle(m, 4)
    assert m.alive("bob") and ("disease", 1) in m.view("alice").wizards[1].effects
    idle(m, 1)
    assert m.over and m.winner == "alice"
    m = duel()
    cast(m, "disease", target="bob")
    idle(m, 2)
    cast(m, "cure-heavy-wounds", by="bob", target="bob")
    idle(m, 4)
    assert not m.over and m.alive("bob")


def test_poison_is_not_cured_by_cure_heavy_wounds_but_by_remove_enchantment() -> None:
    """Poison kills like disease; Cure Heavy Wounds does not stop it, Remove Enchantment does."""
    m = duel()
    cast(m, "poison", target="bob")
    cast(m, "cure-heavy-wounds", by="bob", target="bob")
    idle(m, 4)
    assert m.over and m.winner == "alice"
    m = duel()
    cast(m, "poison", target="bob")
    cast(m, "remove-enchantment", by="bob", target="bob")
    idle(m, 6)
    assert not m.over


def test_shield_blocks_monster_attacks() -> None:
    """A goblin's attack on a shielded wizard is blocked."""
    m = duel()
    events = cast(m, "summon-goblin", target="alice", others={"bob": "P_"})
    assert m.hp("bob") == 15
    assert kinds(events, K.BLOCKED)


@pytest.mark.parametrize(
    ("slug", "kind", "hp"),
    [
        ("summon-goblin", "goblin", 1),
        ("summon-ogre", "ogre", 2),
        ("summon-troll", "troll", 3),
        ("summon-giant", "giant", 4),
    ],
)
def test_summoned_monster_attacks_on_the_turn_it_appears(slug: str, kind: str, hp: int) -> None:
    """Goblin/Ogre/Troll/Giant: owned by the subject, hit for their hit points, attack at once."""
    m = duel()
    cast(m, slug, target="alice")
    (monster,) = m.view("alice").monsters
    assert (monster.kind, monster.hp, monster.damage, monster.owner) == (kind, hp, hp, "alice")
    assert m.hp("bob") == 15 - hp


def test_summoned_monsters_owner_picks_its_first_victim() -> None:
    """The summon's subject (new owner) chooses whom the new monster attacks."""
    m = duel()
    cast(m, "summon-troll", target="alice", answers={("alice", "summon:alice:left"): "nobody"})
    assert m.hp("bob") == 15
    sc.play_turn(m, {"alice": "__", "bob": "__"}, {("alice", "monster:troll-1"): "bob"})
    assert m.hp("bob") == 12


def test_elemental_hits_every_being_including_its_owner() -> None:
    """A fire elemental hits everyone (owner too) for 3; the subject may choose ice."""
    m = duel()
    cast(m, "summon-elemental", target="alice")
    assert (m.hp("alice"), m.hp("bob")) == (12, 12)
    assert m.view("bob").monsters[0].kind == "fire-elemental"
    m = duel()
    cast(m, "summon-elemental", target="bob", answers={("bob", "elemental:alice:left"): "ice"})
    assert m.view("bob").monsters[0].kind == "ice-elemental"
    assert m.view("bob").monsters[0].owner == "bob"


def test_resist_heat_protects_from_fireball_fire_storm_and_fire_elementals() -> None:
    """Resist Heat is permanent and stops all heat damage; it does nothing against cold."""
    m = duel()
    cast(m, "resist-heat", by="bob", target="bob")
    assert ("resist-heat", -1) in m.view("alice").wizards[1].effects
    cast(m, "fireball", target="bob")
    cast(m, "fire-storm")
    assert m.hp("bob") == 15 and m.hp("alice") == 10
    cast(m, "ice-storm")
    assert m.hp("bob") == 10


def test_resist_cold_protects_from_ice_storm_and_ice_elementals() -> None:
    """Resist Cold stops Ice Storm damage and an ice elemental's attack."""
    m = duel()
    cast(m, "resist-cold", by="bob", target="bob")
    cast(m, "ice-storm")
    assert m.hp("bob") == 15
    cast(m, "summon-elemental", target="alice", answers={("alice", "elemental:alice:left"): "ice"})
    assert m.hp("bob") == 15


def test_protection_from_evil_shields_for_this_turn_and_three_more() -> None:
    """Protection from Evil blocks stabs on the casting turn and the next three, not the fifth."""
    m = duel()
    cast(m, "protection-from-evil", by="bob", target="bob", others={"alice": "K_"})
    for _ in range(3):
        sc.play_turn(m, {"alice": "K_", "bob": "__"})
    assert m.hp("bob") == 15
    sc.play_turn(m, {"alice": "K_", "bob": "__"})
    assert m.hp("bob") == 14


def test_counter_spell_stops_spells_at_its_subject_and_shields() -> None:
    """Both Counter-Spell forms stop a Cause Heavy Wounds at the subject and block a stab."""
    for index in (37, 41):
        m = duel()
        m.preload_gestures("alice", "WPF", "___")
        spell = sc.SPELLS[index]
        events = cast(m, spell, by="bob", target="bob", others={"alice": "DK"})
        assert m.hp("bob") == 15, spell.gestures
        assert kinds(events, K.FIZZLE) and kinds(events, K.BLOCKED)


def test_finger_of_death_is_not_stopped_by_counter_spell() -> None:
    """Counter-Spell does not stop Finger of Death."""
    m = duel()
    m.preload_gestures("bob", "WP", "__")
    cast(m, "finger-of-death", target="bob", others={"bob": "P_"})
    assert m.over and m.winner == "alice"


def test_magic_mirror_reflects_a_spell_back_at_its_caster() -> None:
    """A Missile at a mirrored wizard hits its caster instead."""
    m = duel()
    m.preload_gestures("bob", "C", "C")
    m.preload_gestures("alice", "S", "_")
    events = sc.play_turn(m, {"alice": "D_", "bob": "WW"}, {("alice", "left:target"): "bob"})
    assert (m.hp("alice"), m.hp("bob")) == (14, 15)
    assert kinds(events, K.REFLECTED)[0].target == "alice"


def test_dispel_magic_stops_other_spells_destroys_monsters_and_shields_subject() -> None:
    """Dispel Magic: Cause Heavy Wounds fails; the goblin attacks (blocked by the shield), dies."""
    m = duel()
    cast(m, "summon-goblin", by="bob", target="bob", answers={("bob", "summon:bob:left"): "nobody"})
    m.preload_gestures("bob", "WPF", "___")
    m.preload_gestures("alice", "CDP", "C__")
    events = sc.play_turn(
        m,
        {"alice": "WK", "bob": "D_"},
        {
            ("alice", "left:target"): "alice",
            ("bob", "left:target"): "alice",
            ("bob", "monster:goblin-1"): "alice",
        },
    )
    assert m.hp("alice") == 15 and m.hp("bob") == 14
    assert kinds(events, K.ATTACK)[0].actor == "goblin-1"
    assert not m.alive("goblin-1")
    assert m.view("alice").monsters == ()
    assert any("dispelled" in e.text for e in kinds(events, K.FIZZLE))


def test_remove_enchantment_ends_enchantments_and_destroys_a_monster() -> None:
    """Remove Enchantment strips Resist Heat from a wizard and kills a goblin."""
    m = duel()
    cast(m, "resist-heat", by="bob", target="bob")
    cast(m, "remove-enchantment", target="bob")
    assert not [e for e in m.view("alice").wizards[1].effects if e[0] == "resist-heat"]
    cast(m, "summon-goblin", by="bob", target="bob")
    cast(m, "remove-enchantment", target="goblin-1")
    assert not m.alive("goblin-1")


def test_amnesia_makes_the_subject_repeat_his_gestures() -> None:
    """Next turn, the amnesiac wizard's gestures are last turn's, whatever he submits."""
    m = duel()
    cast(m, "amnesia", target="bob", others={"bob": "WS"})
    assert m.view("bob").amnesia
    sc.play_turn(m, {"alice": "__", "bob": "PP"})
    bob = m.view("alice").wizards[1]
    assert (bob.left[-1], bob.right[-1]) == ("W", "S")
    assert not bob.surrendered


def test_confusion_changes_one_hand_at_random_deterministically() -> None:
    """A confused wizard's gestures differ from his choice in one hand; the seed fixes how."""
    rows = []
    for _ in range(2):
        m = duel(seed=7)
        cast(m, "confusion", target="bob")
        sc.play_turn(m, {"alice": "__", "bob": "KK"})
        bob = m.view("alice").wizards[1]
        rows.append((bob.left[-1], bob.right[-1]))
    assert rows[0] == rows[1]
    assert sum(g in "PDFWCS" for g in rows[0]) == 1


def test_paralysis_freezes_the_chosen_hand_with_c_s_w_becoming_f_d_p() -> None:
    """The caster picks the hand; next turn it repeats its gesture, W turned into P."""
    m = duel()
    cast(
        m,
        "paralysis",
        target="bob",
        others={"bob": "SW"},
        answers={("alice", "left:paralysis-hand"): "right"},
    )
    assert m.view("bob").paralysed_hand == "right"
    sc.play_turn(m, {"alice": "__", "bob": "DD"})
    bob = m.view("alice").wizards[1]
    assert (bob.left[-1], bob.right[-1]) == ("D", "P")


def test_repeated_paralysis_is_forced_onto_the_same_hand() -> None:
    """Paralysing an already paralysed wizard asks no hand: it stays the same hand."""
    m = duel()
    cast(m, "paralysis", target="bob", answers={("alice", "left:paralysis-hand"): "right"})
    m.submit_gestures("alice", "F", "_")
    m.submit_gestures("bob", "_", "_")
    (target_q,) = m.questions("alice")
    m.answer("alice", target_q.id, "bob")
    assert not m.questions()
    m.resolve()
    assert m.view("bob").paralysed_hand == "right"


def test_charm_person_lets_the_caster_choose_the_hand_and_gesture() -> None:
    """The charmer picks bob's hand now and, next turn, its gesture (asked before the reveal)."""
    m = duel()
    cast(m, "charm-person", target="bob", answers={("alice", "left:charm-hand"): "left"})
    assert m.view("bob").charmed_hand == "left"
    m.submit_gestures("alice", "_", "_")
    m.submit_gestures("bob", "W", "W")
    assert m.phase is sc.Phase.CHARM
    (q,) = m.questions()
    assert (q.wizard, q.id, q.kind) == ("alice", "charm:bob", sc.QuestionKind.CHARM_GESTURE)
    with pytest.raises(sc.IllegalAction, match="not revealed yet"):
        m.gestures()
    m.answer("alice", "charm:bob", "K")
    assert m.gestures() == (("alice", "_", "_"), ("bob", "K", "W"))
    m.answer("bob", "left:target", "alice")
    m.resolve()
    assert m.hp("alice") == 14 and not m.over


def test_fear_turns_c_d_f_s_into_nothing() -> None:
    """A frightened wizard's D and C become nothing; P and W survive."""
    m = duel()
    cast(m, "fear", target="bob")
    assert m.view("bob").fear
    sc.play_turn(m, {"alice": "__", "bob": "DW"})
    bob = m.view("alice").wizards[1]
    assert (bob.left[-1], bob.right[-1]) == ("_", "W")


def test_anti_spell_breaks_the_subjects_gesture_history() -> None:
    """After Anti-Spell, gestures made on or before that turn can't complete a spell."""
    m = duel()
    cast(m, "anti-spell", target="bob", others={"bob": "S_"})
    assert m.view("alice").wizards[1].barrier == 1
    events = sc.play_turn(m, {"alice": "__", "bob": "D_"})
    assert not kinds(events, K.CAST)
    events = sc.play_turn(m, {"alice": "__", "bob": "_S"})
    assert [e.spell for e in kinds(events, K.CAST)] == []
    events = sc.play_turn(m, {"alice": "__", "bob": "_D"})
    assert [e.spell for e in kinds(events, K.CAST)] == ["missile"]


def test_blindness_hides_others_gestures_and_makes_spells_go_wild() -> None:
    """For three turns after the casting turn the blind wizard sees '?' and his spells miss."""
    m = duel()
    cast(m, "blindness", target="bob")
    for _ in range(3):
        sc.play_turn(m, {"alice": "P_", "bob": "__"})
    alice_seen_by_bob = m.view("bob").wizards[0].left
    assert alice_seen_by_bob.endswith("???")
    assert m.view("alice").wizards[0].left.endswith("PPP")
    m2 = duel()
    cast(m2, "blindness", target="bob")
    m2.preload_gestures("bob", "S", "_")
    events = sc.play_turn(m2, {"alice": "__", "bob": "D_"}, {("bob", "left:target"): "alice"})
    assert m2.hp("alice") == 15 and "goes wild" in kinds(events, K.FIZZLE)[0].text
    idle(m, 1)
    assert m.view("bob").wizards[0].left.endswith("???_")


def test_invisibility_hides_gestures_and_protects_from_spells_and_monsters() -> None:
    """An invisible wizard's gestures show as '?', spells at him go wild, goblins can't see him."""
    m = duel()
    cast(m, "invisibility", target="alice")
    cast(
        m,
        "summon-goblin",
        by="bob",
        target="bob",
        others={"alice": "P_"},
        answers={("bob", "summon:bob:left"): "alice"},
    )
    assert m.view("bob").wizards[0].left[-1] == "?"
    assert m.view("alice").wizards[0].left[-1] == "P"
    assert m.hp("alice") == 15
    events = cast(
        m, "missile", by="bob", target="alice", answers={("bob", "monster:goblin-1"): "nobody"}
    )
    assert m.hp("alice") == 15 and "goes wild" in kinds(events, K.FIZZLE)[0].text
    sc.play_turn(m, {"alice": "__", "bob": "__"}, {("bob", "monster:goblin-1"): "nobody"})
    cast(m, "missile", by="bob", target="alice", answers={("bob", "monster:goblin-1"): "nobody"})
    assert m.hp("alice") == 14
    assert m.view("bob").wizards[0].left[-1] == "_"


def test_raise_dead_heals_the_living_by_five_and_revives_corpses() -> None:
    """Raise Dead on a living wizard heals 5; on a dead goblin it revives it for the caster."""
    m = duel()
    cast(m, "lightning-bolt", target="bob")
    cast(m, "raise-dead", by="bob", target="bob")
    assert m.hp("bob") == 15
    cast(m, "summon-goblin", by="bob", target="bob")
    cast(m, "missile", target="goblin-1")
    assert not m.alive("goblin-1")
    assert m.view("alice").monsters[0].alive is False
    cast(m, "raise-dead", target="goblin-1", answers={("alice", "both:monster-target"): "bob"})
    monster = m.view("alice").monsters[0]
    assert (monster.alive, monster.owner, monster.hp) == (True, "alice", 1)


def test_raise_dead_revives_a_dead_wizard_in_a_three_wizard_match() -> None:
    """A dead wizard raised by another comes back at full health and moves again."""
    m = duel("alice", "bob", "carol")
    cast(m, "finger-of-death", target="carol")
    assert not m.alive("carol") and m.movers == ("alice", "bob")
    cast(m, "raise-dead", by="bob", target="carol")
    assert m.alive("carol") and m.hp("carol") == 15 and "carol" in m.movers


def test_charm_monster_takes_control_of_a_monster_this_turn() -> None:
    """The charmer chooses the charmed goblin's victim on the casting turn."""
    m = duel()
    cast(m, "summon-goblin", by="bob", target="bob", answers={("bob", "summon:bob:left"): "nobody"})
    cast(
        m,
        "charm-monster",
        target="goblin-1",
        answers={("alice", "left:monster-target"): "bob", ("bob", "monster:goblin-1"): "alice"},
    )
    assert m.view("alice").monsters[0].owner == "alice"
    assert (m.hp("alice"), m.hp("bob")) == (15, 14)


def test_haste_gives_extra_half_turns_resolved_with_the_next_turn() -> None:
    """After Haste, three haste half-turns follow in which only the hasted wizard moves."""
    m = duel()
    cast(m, "haste", target="alice")
    assert m.turn_kind is sc.TurnKind.HASTE and m.movers == ("alice",)
    turn = m.turn
    events = sc.play_turn(m, {"alice": "K_"}, {("alice", "left:target"): "bob"})
    assert not kinds(events, K.CAST) and m.hp("bob") == 15
    assert m.turn_kind is sc.TurnKind.NORMAL and m.turn == turn
    sc.play_turn(m, {"alice": "K_", "bob": "__"})
    assert m.hp("bob") == 13
    kinds_seen = []
    for _ in range(6):
        kinds_seen.append(m.turn_kind)
        idle(m, 1)
    assert kinds_seen.count(sc.TurnKind.HASTE) == 2


def test_time_stop_gives_its_subject_an_extra_turn_alone() -> None:
    """After Time Stop the subject alone moves, unseen, and the turn resolves at once."""
    m = duel()
    cast(m, "time-stop", target="alice")
    assert m.turn_kind is sc.TurnKind.TIME_STOP and m.movers == ("alice",)
    sc.play_turn(m, {"alice": "K_"})
    assert m.hp("bob") == 14
    assert m.view("bob").wizards[0].left[-1] == "?"
    assert m.turn_kind is sc.TurnKind.NORMAL


def test_delayed_effect_banks_the_next_spell_for_release_later() -> None:
    """The next completed spell is banked; a later turn asks whether to release it."""
    m = duel()
    cast(m, "delayed-effect", target="alice")
    events = cast(m, "missile")
    assert m.hp("bob") == 15 and not kinds(events, K.CAST)
    assert ("banked", -1) in m.view("alice").wizards[0].effects
    m.submit_gestures("alice", "_", "_")
    m.submit_gestures("bob", "_", "_")
    (q,) = m.questions("alice")
    assert q.kind is sc.QuestionKind.DELAY_RELEASE and q.spell == "missile"
    m.answer("alice", "delay-release", "yes")
    m.answer("alice", "delayed:target", "bob")
    m.resolve()
    assert m.hp("bob") == 14


def test_permanency_makes_the_next_enchantment_permanent() -> None:
    """A Protection from Evil cast under Permanency never expires."""
    m = duel()
    cast(m, "permanency", target="alice")
    cast(m, "protection-from-evil", target="alice")
    idle(m, 6)
    assert ("protection-from-evil", -1) in m.view("bob").wizards[0].effects
    sc.play_turn(m, {"alice": "__", "bob": "K_"})
    assert m.hp("alice") == 15


def test_fire_storm_and_ice_storm_hit_everyone_and_cancel_each_other() -> None:
    """Each storm does 5 to every being; together they cancel."""
    m = duel()
    cast(m, "fire-storm")
    assert (m.hp("alice"), m.hp("bob")) == (10, 10)
    m = duel()
    m.preload_gestures("bob", "WSS", "___")
    m.preload_gestures("alice", "SWW", "___")
    sc.play_turn(m, {"alice": "CC", "bob": "CC"})
    assert (m.hp("alice"), m.hp("bob")) == (15, 15)


def test_permanent_paralysis_freezes_the_same_hand_every_turn() -> None:
    """Paralysis extended by Permanency keeps bob's right hand frozen turn after turn."""
    m = duel()
    cast(m, "permanency", target="alice")
    events = cast(
        m, "paralysis", target="bob", answers={("alice", "left:paralysis-hand"): "right"}
    )
    assert "Permanent Paralysis" in kinds(events, K.CAST)[0].text
    for _ in range(4):
        sc.play_turn(m, {"alice": "__", "bob": "WW"})
    bob = m.view("alice").wizards[1]
    assert (bob.left[-4:], bob.right[-4:]) == ("WWWW", "____")
    assert m.view("bob").paralysed_hand == "right"


def test_time_stopped_wizard_ignores_others_protections() -> None:
    """During a time-stop turn, Protection from Evil doesn't shield the wizards left behind."""
    m = duel()
    cast(m, "protection-from-evil", by="bob", target="bob")
    cast(m, "time-stop", target="alice")
    assert m.turn_kind is sc.TurnKind.TIME_STOP
    sc.play_turn(m, {"alice": "K_"})
    assert m.hp("bob") == 14
    sc.play_turn(m, {"alice": "K_", "bob": "__"})
    assert m.hp("bob") == 14
