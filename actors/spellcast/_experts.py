"""The Spellcast experts, in the static priority order the agents list them.

In the question phase only the answering experts speak; in the gesture phase the
search (Becky), the greedy caster and the random wizard propose gestures. Becky
lists the greedy caster below her search, so a search that misses the arbiter's
deadline still leaves a sensible move.
"""

from __future__ import annotations

import structlog

from protocols.spellcast import Answer, Gestures
from runtime import BoardView, Expert, Proposal

from ._answers import choose_answers
from ._baselines import greedy_move, random_move
from ._gestures import LETTERS, left_of, pair_text, right_of
from ._search import Searcher
from ._spells import SPELL_INFO
from ._thinking import think

_log = structlog.get_logger("belligerent.spellcast.becky")


def gestures_of(move: tuple) -> Gestures:
    gp = move[0]
    return Gestures(LETTERS[left_of(gp)], LETTERS[right_of(gp)])


def describe(move: tuple) -> str:
    casts = ", ".join(f"{SPELL_INFO[s].name}@{t}" for s, t, _x in move[1])
    return f"{pair_text(move[0])}{' casting ' + casts if casts else ''}"


class Answerer(Expert):
    """Answers the first open question by a one-turn look-ahead over our spell choices.

    One answer per decision: the server re-sends the rest of the block after each
    ANSWER, and the next decision answers from that fresh block.
    """

    name = "answers"
    reads = frozenset({"phase", "seen", "asks"})

    def propose(self, view: BoardView) -> Proposal | None:
        if view.read("phase") != "questions":
            return None
        seen, asks = view.read("seen"), view.read("asks")
        if seen is None or not asks:
            return None
        pairs, why = choose_answers(seen, asks, self.rng)
        return Proposal(Answer(*pairs[0]), why)


class RandomAnswers(Expert):
    """The random wizard's answers: any listed choice."""

    name = "random-answers"
    reads = frozenset({"phase", "asks"})

    def propose(self, view: BoardView) -> Proposal | None:
        asks = view.read("asks")
        if view.read("phase") != "questions" or not asks:
            return None
        ask = next((a for a in asks if a.choices), None)
        if ask is None:
            return None
        return Proposal(Answer(ask.id, self.rng.choice(ask.choices)), "random answer")


class BeckySearch(Expert):
    """Becky: iterative-deepening minimax over simultaneous moves, in a worker thread.

    ``seconds`` is the thinking time per turn; the searcher (and its transposition
    table, which carries move orderings from turn to turn) lives as long as the agent.
    """

    name = "becky"
    reads = frozenset({"phase", "position"})

    #: Turns of the same gestures with nobody's hit points changing that make a stalemate.
    STALEMATE = 4

    def __init__(self, seed: int = 0, seconds: float = 1.0) -> None:
        super().__init__(seed)
        self.seconds = seconds
        self.searcher = Searcher()
        self.recent: list[tuple[int, tuple[int, ...]]] = []

    def _stalemate(self, state: tuple) -> frozenset[int]:
        """The gesture-pair to stop repeating, if the last turns went round in a circle.

        Pessimistic minimax can settle in a loop that keeps the opponent in check without
        getting anywhere (e.g. paralysing a hand that then shields forever); the match
        would end in a draw by the turn limit. Seed §7.1 suggests mixing moves up; this
        does it only where it is needed.
        """
        hps = tuple(w[0] for w in state[0])
        recent = self.recent[-self.STALEMATE:]
        if len(recent) < self.STALEMATE or any(r[1] != hps for r in recent):
            return frozenset()
        pairs = [r[0] for r in recent]
        return frozenset({max(set(pairs), key=pairs.count)})

    async def propose(self, view: BoardView) -> Proposal | None:
        state = view.read("position")
        if view.read("phase") != "gestures" or state is None:
            return None
        avoid = self._stalemate(state)
        result = await think(self.searcher, state, self.seconds, avoid)
        if result.move is None:
            return None
        self.recent.append((result.move[0], tuple(w[0] for w in state[0])))
        stale = " (breaking a stalemate)" if avoid else ""
        return Proposal(
            gestures_of(result.move),
            f"minimax depth {result.depth} ({result.nodes} positions, "
            f"{result.elapsed:.2f}s): {describe(result.move)}, value {result.value}{stale}",
        )


class Greedy(Expert):
    """The heuristic wizard: the strongest spell it can complete now, else progress."""

    name = "greedy"
    reads = frozenset({"phase", "position"})

    def propose(self, view: BoardView) -> Proposal | None:
        state = view.read("position")
        if view.read("phase") != "gestures" or state is None:
            return None
        move = greedy_move(state, self.rng)
        return Proposal(gestures_of(move), f"greedy: {describe(move)}")


class RandomWizard(Expert):
    """The random wizard: any of the 35 sensible gesture-pairs."""

    name = "random"
    reads = frozenset({"phase", "position"})

    def propose(self, view: BoardView) -> Proposal | None:
        state = view.read("position")
        if view.read("phase") != "gestures" or state is None:
            return None
        move = random_move(state, self.rng)
        return Proposal(gestures_of(move), f"random: {pair_text(move[0])}")
