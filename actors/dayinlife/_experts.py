"""The Day in the Life experts: one per personality, and a last resort.

A personality expert scores every occupation with its person's equation over
the believed odds and proposes the best affordable one, with the scores in its
rationale (``"eddy: day job +0.980 beats stunt show +0.925 ..."``).
"""

from __future__ import annotations

from typing import ClassVar

from runtime import BoardView, Expert, Proposal

from ._choice import choose
from ._personalities import PERSONALITIES, Personality


class PersonalityExpert(Expert):
    """Proposes the affordable occupation its personality scores highest."""

    reads = frozenset({"observation", "odds"})
    personality: ClassVar[Personality]

    def propose(self, view: BoardView) -> Proposal | None:
        morning = view.read("observation")
        odds = view.read("odds")
        if morning is None or odds is None or not morning.affordable:
            return None
        choice = choose(self.personality, morning, odds, self.rng)
        return Proposal(choice.occupation, choice.rationale)


class Eddy(PersonalityExpert):
    name = "eddy"
    personality = PERSONALITIES["eddy"]


class Gary(PersonalityExpert):
    name = "gary"
    personality = PERSONALITIES["gary"]


class Mike(PersonalityExpert):
    name = "mike"
    personality = PERSONALITIES["mike"]


class Carl(PersonalityExpert):
    name = "carl"
    personality = PERSONALITIES["carl"]


class Larry(PersonalityExpert):
    name = "larry"
    personality = PERSONALITIES["larry"]


class Barry(PersonalityExpert):
    name = "barry"
    personality = PERSONALITIES["barry"]


#: The personality experts, by person.
PERSONALITY_EXPERTS: dict[str, type[PersonalityExpert]] = {
    e.name: e for e in (Eddy, Gary, Mike, Carl, Larry, Barry)
}


class Cheapest(Expert):
    """The last resort when no belief about the odds is on the board: the cheapest
    affordable occupation (the Street, which costs nothing)."""

    name = "cheapest"
    reads = frozenset({"observation"})

    def propose(self, view: BoardView) -> Proposal | None:
        morning = view.read("observation")
        if morning is None or not morning.affordable:
            return None
        cost = {t.key: t.cost for t in morning.tariffs}
        pick = min(morning.affordable, key=lambda k: cost[k])
        return Proposal(pick, f"cheapest: no odds to go on; {pick} costs {cost[pick]:.2f}")
