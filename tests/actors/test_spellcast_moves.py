"""Becky's gesture-pair lists, spell detection and move generation."""

from __future__ import annotations

import random

import pytest

from actors.spellcast._detect import BOTH, LEFT, detect, detect_plain
from actors.spellcast._gestures import (
    CLAP,
    CODE,
    KNIFE,
    NOTHING,
    PALM,
    POSS_GP,
    POSS_GP_CONFUSED,
    POSS_GP_NOSWAP,
    POSS_GP_PARA,
    WAVE,
    encode_history,
    left_of,
    pair,
    right_of,
)
from actors.spellcast._model import M_FEAR, M_PARA_L, position, wizard
from actors.spellcast._moves import generate, gesture_pairs, paralysis_hand
from actors.spellcast._spells import (
    CAUSE_LIGHT,
    DISEASE,
    FINGER_OF_DEATH,
    MISSILE,
    PARALYSIS,
    SHIELD,
    SPELL_INFO,
    STAB,
)
from protocols.spellcast import SPELLS


def test_there_are_35_sensible_gesture_pairs():
    """Claps only together, one knife, no surrender: 49 - 12 - 1 - 1 = 35 pairs."""
    assert len(POSS_GP) == len(set(POSS_GP)) == 35
    assert pair(PALM, PALM) not in POSS_GP
    assert pair(KNIFE, KNIFE) not in POSS_GP
    assert pair(CLAP, WAVE) not in POSS_GP and pair(CLAP, CLAP) in POSS_GP


def test_mirror_images_leave_20_pairs():
    """Without mirror images (same history on both hands) 20 pairs remain."""
    assert len(POSS_GP_NOSWAP) == 20
    assert all(pair(right_of(gp), left_of(gp)) in POSS_GP for gp in POSS_GP_NOSWAP)
    assert gesture_pairs(0, 0) == POSS_GP_NOSWAP
    assert gesture_pairs(encode_history("W", "S"), 0) == POSS_GP


def test_paralysed_list_adds_nothing_and_half_claps():
    """The paralysed list holds the 35 plus the pairs with nothing or a half-clap."""
    assert set(POSS_GP) < set(POSS_GP_PARA)
    assert len(POSS_GP_PARA) == 62
    assert pair(NOTHING, WAVE) in POSS_GP_PARA and pair(CLAP, WAVE) in POSS_GP_PARA


def test_confused_list_drops_every_palm():
    """A confused wizard avoids palms: a random palm on the other hand would surrender."""
    assert len(POSS_GP_CONFUSED) == 25
    assert all(PALM not in (left_of(gp), right_of(gp)) for gp in POSS_GP_CONFUSED)


def test_a_paralysed_hand_repeats_its_gesture_with_wave_turned_to_palm():
    """Left hand paralysed after a wave: every move has the left palm."""
    pairs = gesture_pairs(encode_history("SW", "DD"), M_PARA_L)
    assert pairs and all(left_of(gp) == PALM for gp in pairs)
    assert len({right_of(gp) for gp in pairs}) == len(pairs)


def test_fear_leaves_only_palm_wave_knife_and_nothing():
    """Under Fear no hand can make C, D, F or S."""
    allowed = {PALM, WAVE, KNIFE, NOTHING}
    pairs = gesture_pairs(0, M_FEAR)
    assert pairs and all({left_of(gp), right_of(gp)} <= allowed for gp in pairs)


def test_finger_of_death_is_detected_with_the_missile_it_ends_with():
    """PWPFSSSD completes Finger of Death and Missile on that hand; the table finds both."""
    left, right, both = detect(encode_history("PWPFSSSD", "_______D"))
    assert set(left) == {FINGER_OF_DEATH, MISSILE}
    assert right == () and both == ()


def test_finger_of_death_trumps_missile_in_the_moves():
    """Move generation offers Finger of Death, not the Missile it contains."""
    state = position(wizard(history=encode_history("PWPFSSS", "FFFFFFF")), wizard())
    moves = generate(state[0], 0, (1,))
    casts = {c[0] for m in moves if left_of(m[0]) == CODE["D"] for c in m[1]}
    assert FINGER_OF_DEATH in casts and MISSILE not in casts


def test_two_handed_spells_need_both_hands_on_the_last_gesture():
    """Disease ends with a clap by both hands, and is reported as two-handed."""
    assert detect(encode_history("DSFFFC", "WWWWWC"))[BOTH] == (DISEASE,)
    assert DISEASE not in detect(encode_history("DSFFFC", "WWWWWW"))[LEFT]


def test_a_choice_of_spells_becomes_separate_moves():
    """WFP completes Cause Light Wounds and Shield: both are offered as moves."""
    state = position(wizard(history=encode_history("WF", "SS")), wizard())
    moves = [m for m in generate(state[0], 0, (1,)) if m[0] == pair(PALM, KNIFE)]
    options = {tuple(sorted(c[0] for c in m[1])) for m in moves}
    assert (CAUSE_LIGHT, STAB) in options and (SHIELD, STAB) in options


def test_table_detection_agrees_with_string_matching():
    """The 65,536-entry table finds exactly what comparing strings finds."""
    rng = random.Random(5)
    letters = "DFPSWCK_"
    for _ in range(3000):
        left = "".join(rng.choice(letters) for _ in range(8))
        right = "".join(rng.choice(letters) for _ in range(8))
        h = encode_history(left, right)
        assert tuple(map(set, detect(h))) == tuple(map(set, detect_plain(h))), (left, right)


def test_spell_gestures_match_the_shared_spell_table():
    """Becky's compact spell list has the gestures of the game's table."""
    for index, info in SPELL_INFO.items():
        assert SPELLS[index].gestures == info.gestures, info.name


def test_paralysis_prefers_a_hand_that_will_not_shield_forever():
    """Paralysing a palm hand gives a free shield each turn; the other hand is chosen."""
    assert paralysis_hand(wizard(history=encode_history("DP", "FS"))) == 1
    assert paralysis_hand(wizard(history=encode_history("DS", "FP"))) == 0


@pytest.mark.parametrize(("left", "right", "expected"), [("DDDD", "FFDP", 0), ("FFDP", "DDDD", 1)])
def test_paralysis_targets_carry_the_hand(left, right, expected):
    """A Paralysis move names the hand it will paralyse (not the one that just made a palm)."""
    state = position(wizard(history=encode_history("FF", "SS")),
                     wizard(history=encode_history(left, right)))
    casts = [c for m in generate(state[0], 0, (1,)) for c in m[1] if c[0] == PARALYSIS]
    assert casts and {c[2] for c in casts} == {expected}
