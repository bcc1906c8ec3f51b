"""Becky's state transitions, static scoring and minimax search."""

from __future__ import annotations

import time

from actors.spellcast._gestures import CODE, encode_history, pair
from actors.spellcast._model import DIS, HP, MON, apply, position, wizard
from actors.spellcast._score import (
    LOSS,
    STATE_TABLE,
    STATE_WEIGHTS,
    WIN,
    static_score,
    static_score_plain,
)
from actors.spellcast._search import PlainMinimax, Searcher
from actors.spellcast._spells import (
    CAUSE_HEAVY,
    COUNTER_SPELL,
    DISEASE,
    LIGHTNING_BOLT,
    MAGIC_MIRROR,
    MISSILE,
    SHIELD,
    STAB,
    SUMMON_GOBLIN,
)


def _move(gestures: str, *casts: tuple[int, int, int]) -> tuple:
    return (pair(CODE[gestures[0]], CODE[gestures[1]]), tuple(casts))


def test_a_shield_blocks_a_stab_but_not_cause_heavy_wounds():
    """Shield stops the knife; Cause Heavy Wounds still does 3."""
    start = position(wizard(), wizard())
    after = apply(start, (_move("PD", (SHIELD, 0, 0)), _move("KD", (STAB, 0, 0))))
    assert after[0][0][HP] == 15
    after = apply(start, (_move("PD", (SHIELD, 0, 0)), _move("DD", (CAUSE_HEAVY, 0, 0))))
    assert after[0][0][HP] == 12


def test_counter_spell_stops_spells_at_its_subject():
    """A Counter-Spell on ourselves makes a Lightning Bolt at us fail."""
    start = position(wizard(), wizard())
    after = apply(start, (_move("PD", (COUNTER_SPELL, 0, 0)),
                          _move("DD", (LIGHTNING_BOLT, 0, 0))))
    assert after[0][0][HP] == 15


def test_magic_mirror_reflects_a_spell_onto_its_caster():
    """Cause Heavy Wounds at a mirrored wizard hits the caster."""
    start = position(wizard(), wizard())
    after = apply(start, (_move("WW", (MAGIC_MIRROR, 0, 0)),
                          _move("DD", (CAUSE_HEAVY, 0, 0))))
    assert after[0][0][HP] == 15 and after[0][1][HP] == 12


def test_disease_kills_at_the_end_of_the_sixth_turn():
    """Diseased on turn 1, the subject is alive after turn 5 and dead after turn 6."""
    state = apply(position(wizard(), wizard()), (_move("CC", (DISEASE, 1, 0)), None))
    assert state[0][1][DIS] == 5
    for _ in range(4):
        state = apply(state, (None, None))
    assert state[0][1][HP] == 15
    state = apply(state, (None, None))
    assert state[0][1][HP] <= 0


def test_a_summoned_goblin_attacks_on_its_first_turn():
    """Monsters attack the turn they appear: a goblin takes a hit point at once."""
    after = apply(position(wizard(), wizard()), (_move("WD", (SUMMON_GOBLIN, 0, 0)), None))
    assert after[0][0][MON] == 1 and after[0][1][HP] == 14


def test_the_state_table_is_the_sum_of_the_state_weights():
    """Every entry of the 2**15 lookup table is the sum of its bits' weights."""
    assert len(STATE_TABLE) == 1 << 15
    for key in (0, 1, 0b101, 1 << 14, (1 << 15) - 1, 12345):
        assert STATE_TABLE[key] == sum(w for b, w in enumerate(STATE_WEIGHTS) if key >> b & 1)


def test_more_hit_points_and_no_disease_score_higher():
    """Damage to the opponent raises our score, disease on us lowers it."""
    even = position(wizard(), wizard())
    assert static_score(even) == 0
    assert static_score(position(wizard(), wizard(hp=10))) > 0
    assert static_score(position(wizard(disease=4), wizard())) < 0
    state = position(wizard(hp=7, history=encode_history("PWPFS", "SDF")), wizard(hp=11))
    assert static_score(state) == static_score_plain(state)


def test_minimax_takes_a_forced_win():
    """One D from a Lightning Bolt at an opponent on 5 HP who cannot stop it: Becky casts it."""
    us = wizard(history=encode_history("DFFD", "WWWW"))
    them = wizard(hp=5, history=encode_history("SSSS", "SSSS"))
    result = Searcher().search(position(us, them), 0.5)
    assert result.value >= WIN - 100
    assert any(c[0] == LIGHTNING_BOLT and c[1] == 1 for c in result.move[1])


def test_minimax_avoids_a_forced_loss():
    """On 3 HP facing a Cause Heavy Wounds one gesture away, Becky counter-spells herself."""
    us = wizard(hp=3, history=encode_history("DWP", "SSS"))
    them = wizard(history=encode_history("SWPF", "SSSS"))
    result = Searcher().search(position(us, them), 0.5)
    assert result.value > LOSS + 100
    assert any(c[0] == COUNTER_SPELL and c[1] == 0 for c in result.move[1])


def test_cut_offs_do_not_change_the_minimax_value():
    """Becky's pruned, ordered, cached search gives the plain minimax's value."""
    us = wizard(hp=9, history=encode_history("PSD", "WFP"))
    them = wizard(hp=8, history=encode_history("SWW", "DFF"), monsters=2)
    state = position(us, them)
    searcher = Searcher()
    for depth in (0,):
        assert searcher.value(state, depth, -10 * WIN, 10 * WIN) == PlainMinimax().value(
            state, depth)
    # one ply deeper on a position where amnesia leaves one move each at the root
    state = position(wizard(hp=9, history=encode_history("WS", "SD"), mind=1),
                     wizard(hp=6, history=encode_history("PS", "FS"), mind=1))
    assert Searcher().value(state, 1, -10 * WIN, 10 * WIN) == PlainMinimax().value(state, 1)


def test_iterative_deepening_always_has_a_move():
    """With no time at all, depth 0 is still completed and a move returned."""
    result = Searcher().search(position(wizard(), wizard()), 0.0)
    assert result.move is not None and result.depth == 0


def test_the_stop_flag_ends_the_search_with_the_best_move_so_far():
    """A set stop flag ends a long search after depth 0, with a move ready."""
    searcher = Searcher()
    searcher.stop.set()
    started = time.monotonic()
    result = searcher.search(position(wizard(), wizard(history=encode_history("SD", "FF"))),
                             60.0)
    assert time.monotonic() - started < 5.0
    assert result.move is not None and result.depth == 0


def test_several_opponents_are_searched_and_the_weakest_is_finished():
    """Against two opponents, a Missile kills the one on 1 HP."""
    us = wizard(history=encode_history("WWS", "FFS"))
    state = position(us, wizard(hp=1), wizard(hp=15))
    result = Searcher().search(state, 0.3)
    assert any(c[0] in (MISSILE, STAB) and c[1] == 1 for c in result.move[1])


def test_a_match_inside_the_model_ends_with_becky_standing():
    """Becky (0.02 s a turn) against the random wizard, refereed by her own model."""
    import random

    from actors.spellcast._baselines import random_move
    from actors.spellcast._modelplay import play_model_match

    searcher, rng = Searcher(), random.Random(2)
    final, turns = play_model_match(
        position(wizard(), wizard()),
        [lambda v: searcher.search(v, 0.02).move, lambda v: random_move(v, rng)],
    )
    assert turns < 60
    assert final[0][0][HP] > 0 >= final[0][1][HP]
