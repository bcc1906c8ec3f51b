"""Becky on the runtime: what she sees, answering, thinking in a thread, a real match."""

from __future__ import annotations

import argparse
import random
import time

import pytest
import trio

from actors.spellcast._agents import make_agent
from actors.spellcast._answers import Ask, choose_answers
from actors.spellcast._model import BLIND, HIST, HP, M_PARA_R, MIND_ON, MON, PFE, position, wizard
from actors.spellcast._search import Searcher
from actors.spellcast._seen import from_turn_view, to_position
from actors.spellcast._thinking import think
from actors.spellcast._tournament import Entrant, lineups, run_matches, wilson
from actors.spellcast.plugin import PLUGIN, THINKING_TIME, _agents, _wizards
from protocols.spellcast import MonsterState, TurnView, WizardState


def _view(phase: str = "gestures", questions: tuple = ()) -> TurnView:
    return TurnView(
        me="becky", match="m1", round=4, phase=phase,
        wizards=(
            WizardState("becky", "Becky", "female", 12, 15, "WFP", "SDK",
                        effects=(("protection-from-evil", 2),)),
            WizardState("zed", "Zed", "male", 9, 15, "FFF", "PPW",
                        effects=(("paralysis-right", 1), ("blindness", 2))),
        ),
        monsters=(MonsterState("goblin-1", "zed", 1, 1, "goblin"),
                  MonsterState("ogre-2", "zed", 2, 2, "ogre")),
        questions=questions,
    )


def test_the_turn_view_becomes_a_position_with_us_first():
    """Hit points, effects and monster pools reach Becky's model, us as wizard 0."""
    state = to_position(from_turn_view(_view()))
    us, zed = state[0]
    assert us[HP] == 12 and us[PFE] == 2
    assert zed[HP] == 9 and zed[MIND_ON] == M_PARA_R and zed[BLIND] == 2
    assert zed[MON] == 3 and us[MON] == 0


def test_gestures_an_anti_spell_cut_off_complete_no_spell_in_her_model():
    """Zed's S P then F would be an Anti-Spell; cut after S P, Becky's model sees none."""
    from actors.spellcast._detect import detect
    from actors.spellcast._gestures import CODE, pair, push
    from actors.spellcast._spells import ANTI_SPELL

    def zed_casts(cut: int) -> tuple[int, ...]:
        view = _view()
        zed = WizardState("zed", "Zed", "male", 9, 15, "SP", "WW", cut=cut)
        view = TurnView(me=view.me, match=view.match, round=view.round, phase=view.phase,
                        wizards=(view.wizards[0], zed), monsters=view.monsters)
        history = to_position(from_turn_view(view))[0][1][HIST]
        return detect(push(history, pair(CODE["F"], CODE["W"])))[0]

    assert ANTI_SPELL in zed_casts(0)
    assert ANTI_SPELL not in zed_casts(2)


def test_answers_aim_the_spell_our_gestures_completed():
    """With WFP on the left (Cause Light Wounds or Shield) Becky answers for the wound."""
    asks = (Ask("left", "spell", ("cause-light-wounds", "shield"), "left"),)
    pairs, why = choose_answers(from_turn_view(_view("questions")), asks, random.Random(1))
    assert pairs == (("left", "cause-light-wounds"),)
    assert "look-ahead" in why


def test_target_questions_pick_the_enemy_for_an_attack():
    """A stab's target is the opponent, never ourselves."""
    asks = (Ask("right", "target", ("becky", "zed", "nobody"), "right", "stab"),)
    pairs, _ = choose_answers(from_turn_view(_view("questions")), asks, random.Random(1))
    assert pairs == (("right", "zed"),)


async def test_the_event_loop_keeps_ticking_while_becky_thinks():
    """A trio task ticking every 10 ms is never held up long by a 1 s search.

    A search that held the loop would leave one gap of a second; the count only asks
    that the ticker ran through the search (on a machine loaded with 16 busy processes
    the ticks came some 70 ms apart, 17 in the second, and a count of 20 failed)."""
    ticks: list[float] = []

    async def ticker() -> None:
        while True:
            ticks.append(time.monotonic())
            await trio.sleep(0.01)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(ticker)
        result = await think(Searcher(), position(wizard(), wizard()), 1.0)
        nursery.cancel_scope.cancel()
    gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    assert result.move is not None
    assert len(ticks) >= 5 and max(gaps) < 0.5


async def test_cancelling_a_search_stops_its_thread():
    """Cancelled from trio, the search thread is told to stop."""
    searcher = Searcher()
    with trio.move_on_after(0.2):
        await think(searcher, position(wizard(), wizard()), 30.0)
    assert searcher.stop.is_set()


async def test_becky_plays_a_real_match_through_a_socket():
    """Becky against the random wizard on our server: the match ends and she is not beaten."""
    entrants = [Entrant("becky", make_agent("becky", 0.05)),
                Entrant("random", make_agent("random"))]
    with trio.fail_after(120):
        (record,) = await run_matches(lineups(entrants, 1, 2), seed=3, max_turns=60)
    assert record.seats == ("becky", "random")
    assert record.rounds >= 1
    assert record.outcomes[0] in ("win", "draw")
    assert sorted(record.outcomes) in (["draw", "draw"], ["loss", "win"])


def test_lineups_swap_seats_and_rotate_free_for_alls():
    """Two-wizard lineups alternate seats; four-wizard ones rotate the field."""
    a, b, c = (Entrant(n, make_agent("random")) for n in "abc")
    assert [[e.label for e in lu] for lu in lineups([a, b], 2, 2)] == [["a", "b"], ["b", "a"]]
    assert [e.label for e in lineups([a, b, c], 2, 4)[1]] == ["b", "c", "a", "b"]


def test_wilson_interval_brackets_the_rate():
    """199 wins of 200 give an interval around 99.5% that excludes 95%."""
    lo, hi = wilson(199, 200)
    assert 0.96 < lo < 0.995 < hi <= 1.0


def test_cli_rejects_bad_values_with_a_clear_message():
    """Unknown agents, 5 wizards and zero seconds are refused."""
    with pytest.raises(argparse.ArgumentTypeError, match="unknown agent"):
        _agents("becky,bob")
    with pytest.raises(argparse.ArgumentTypeError, match="expected 2 to 4 wizards, got 5"):
        _wizards("5")
    with pytest.raises(argparse.ArgumentTypeError, match="expected 0 < seconds"):
        THINKING_TIME("0")
    assert {c.name for c in PLUGIN.commands} == {"play", "tournament", "serve"}


def test_a_repeated_move_that_changes_nothing_is_set_aside():
    """Four turns of the same gestures with nobody hurt: that pair is avoided next."""
    from actors.spellcast._experts import BeckySearch

    expert = BeckySearch(seed=0, seconds=0.01)
    state = position(wizard(hp=10), wizard(hp=4))
    assert expert._stalemate(state) == frozenset()
    expert.recent = [(0x72, (10, 4))] * 4
    assert expert._stalemate(state) == frozenset({0x72})
    expert.recent[-1] = (0x72, (10, 5))
    assert expert._stalemate(state) == frozenset()
