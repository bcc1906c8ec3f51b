"""How the server names questions on the wire and reads ANSWER lines (pure functions)."""

import pytest

from games.spellcast import Question, QuestionKind
from games.spellcast.server._wire import AnswerError, match_answers, question_lines, wire_id


def _q(qid, kind, choices, *, hand=None, spell=None, subject=None):
    return Question(id=qid, wizard="alice", kind=kind, choices=tuple(choices), default=choices[0],
                    text="?", hand=hand, spell=spell, subject=subject)


LEFT_SPELL = _q("left:spell", QuestionKind.SPELL, ("counter-spell", "shield"), hand="left")
LEFT_TARGET = _q("left:target", QuestionKind.TARGET, ("alice", "bob", "nobody"), hand="left",
                 spell="missile")
RIGHT_TARGET = _q("right:target", QuestionKind.TARGET, ("alice", "bob", "nobody"), hand="right",
                  spell="shield")
PARALYSIS = _q("right:paralysis-hand", QuestionKind.PARALYSIS_HAND, ("left", "right"),
               hand="right", spell="paralysis")
GOBLIN = _q("monster:goblin-1", QuestionKind.MONSTER_TARGET, ("alice", "bob"),
            subject="goblin-1")
GOBLIN_AGAIN = _q("monster:goblin-1:1", QuestionKind.MONSTER_TARGET, ("alice", "bob"),
                  subject="goblin-1")
CHARM = _q("charm:bob", QuestionKind.CHARM_GESTURE, ("P", "K", "_"), hand="left",
           subject="bob")


def test_questions_go_out_under_lithium_names_where_it_had_them():
    """Hands for spells and targets, monster ids, hand$spell.hand; the engine id otherwise."""
    assert [wire_id(q) for q in (LEFT_SPELL, LEFT_TARGET, PARALYSIS, GOBLIN, GOBLIN_AGAIN,
                                 CHARM)] == [
        "left", "left", "right$paralysis.hand", "goblin-1", "monster:goblin-1:1", "charm:bob"]


def test_a_block_asks_each_hand_spell_first_then_details_then_target():
    """Spell choice (341) before the paralysis hand (XX1) before targets (345), per hand."""
    lines = question_lines("m1.2", [RIGHT_TARGET, PARALYSIS, LEFT_SPELL], lambda n: n.title())
    assert [ln.split(" ")[0] for ln in lines] == [
        "340", "341", "342", "342", "343", "XX1", "XX2", "XX2", "XX3", "345", "346", "346",
        "346", "347", "349"]
    assert lines[10] == "346 right alice :Alice"


def test_a_hand_names_its_spell_choice_before_its_target():
    """ANSWER left <x> answers the left hand's spell choice while one is open."""
    assert match_answers(["left", "shield"], [LEFT_SPELL, LEFT_TARGET]) == [(LEFT_SPELL, "shield")]


def test_lithium_spellings_of_spells_are_understood():
    """lithium wrote "counterspell"; our slug is "counter-spell"."""
    assert match_answers(["left", "CounterSpell"], [LEFT_SPELL]) == [
        (LEFT_SPELL, "counter-spell")]


def test_both_answers_each_hand_where_no_two_handed_question_is_open():
    """ANSWER both bob sets every hand's question that takes bob."""
    assert match_answers(["both", "bob"], [LEFT_TARGET, RIGHT_TARGET]) == [
        (LEFT_TARGET, "bob"), (RIGHT_TARGET, "bob")]


def test_any_number_of_pairs_fit_on_one_line():
    """Three question/choice pairs in one ANSWER line."""
    assert match_answers(["left", "bob", "right", "alice", "goblin-1", "alice"],
                         [LEFT_TARGET, RIGHT_TARGET, GOBLIN]) == [
        (LEFT_TARGET, "bob"), (RIGHT_TARGET, "alice"), (GOBLIN, "alice")]


@pytest.mark.parametrize("tokens, message", [
    (["left"], r"^expected ANSWER <question> <choice> \[<question> <choice>\]\.\.\.$"),
    (["left", "carol"], r"^'carol' is not a choice for left$"),
    (["middle", "bob"], r"^no open question 'middle'$"),
    (["both", "carol"], r"^no open question 'both' takes 'carol'$"),
])
def test_answers_that_name_nothing_open_are_refused(tokens, message):
    """Odd arguments, unknown questions and choices not offered raise AnswerError."""
    with pytest.raises(AnswerError, match=message):
        match_answers(tokens, [LEFT_TARGET, RIGHT_TARGET])
