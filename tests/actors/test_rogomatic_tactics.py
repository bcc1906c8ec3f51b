"""The tactics the Rog-O-Matic experts play by: data a learner can sample and score."""

import attrs
import pytest
from test_rogomatic_support import screen

from actors.rogue import DEFAULT_TACTICS, Tactics, rogomatic, tactic_ranges
from actors.rogue._context import Situation
from actors.rogue._sense import sense


def test_every_tactic_has_a_default_inside_its_range():
    """Each field's default lies in its declared (lo, hi) range, of the same type."""
    ranges = tactic_ranges()
    assert set(ranges) == {f.name for f in attrs.fields(Tactics)}
    for name, (lo, hi) in ranges.items():
        value = getattr(DEFAULT_TACTICS, name)
        assert type(lo) is type(hi) is type(value), name
        assert lo <= value <= hi, name


def test_rogomatic_binds_the_tactics_to_every_expert():
    """The agent built for a set of tactics gives it to each of its experts."""
    tactics = attrs.evolve(DEFAULT_TACTICS, search_turns=33, fight_sleeping=False)
    spec = rogomatic(tactics)
    assert spec.name == "rogomatic"
    assert all(e.tactics == tactics for e in spec.experts)
    assert all(e.tactics == DEFAULT_TACTICS for e in rogomatic().experts)


@pytest.mark.parametrize(("budget", "present"), [(None, False), (50, True)])
def test_an_action_budget_adds_the_budget_expert_under_the_screen_handlers(budget, present):
    """With max_actions the second expert is the budget; without it there is none."""
    names = [e.name for e in rogomatic(max_actions=budget).experts]
    assert ("budget" in names) is present
    if present:
        assert names.index("budget") == 1


def test_the_budget_expert_quits_after_its_limit():
    """Past max_actions decisions the budget expert proposes Q (the quit question follows)."""
    spec = rogomatic(max_actions=2)
    budget = next(e for e in spec.experts if e.name == "budget")(seed=0)
    s = Situation(sensed=sense(screen(["|.@.|"], top=3)), tactics=DEFAULT_TACTICS)
    assert [budget.advise(s) for _ in range(2)] == [None, None]
    assert budget.advise(s).action == "Q"
