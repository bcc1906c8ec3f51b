"""Granite III's contextual frequency counts (seed section II, part 2).

Granite predicts the opponent's next throw from how often the opponent threw
rock, paper or scissors *in the same context* before. A context is a short
window of recent history; Granite III keeps nine of them:

==============  ============================================  =====
name            what the opponent's throw is conditioned on    depth
==============  ============================================  =====
``opp0``        nothing (overall totals)                       0
``opp1``        the opponent's last throw                      1
``my1``         our last throw                                 1
``opp2``        the opponent's last two throws                 2
``my2``         our last two throws                            2
``opp1-my2``    the opponent's last and our second-to-last     2
``my1-opp2``    our last and the opponent's second-to-last     2
``opp3``        the opponent's last three throws               3
``my3``         our last three throws                          3
==============  ============================================  =====

The seed says Granite III "adds a depth of three as well as two other simple
context counters of depth two which mix the last two observed moves between the
opponent and Granite". We read "mix the last two observed moves" as: take the two
most recent turns and draw one throw from each player — the opponent's from one
turn and ours from the other, which gives exactly the two contexts above. (A
context of both players' *last* throws would be depth one, not two.)

Each context's counts are normalised to a probability triple and the triples are
averaged, every context with an equal vote (the seed: "each context is summed
equally"). Where the seed is silent we chose:

* a context that has never been seen before (all three counts zero) abstains
  rather than voting uniform: it carries no evidence, and letting it vote would
  dilute the contexts that do;
* a context needs as many past turns as its depth before it exists at all;
* with no voting context (the very first turn) the triple is uniform.

The model is incremental: ``observe`` updates nine small dicts in O(1) and never
rescans the history.
"""

from __future__ import annotations

import attrs

Triple = tuple[float, float, float]
Counts = tuple[int, int, int]

#: The contexts in vote order: (name, depth, [(player, lag), ...]). ``player`` is
#: ``"o"`` for the opponent or ``"m"`` for us; ``lag`` 1 is the last turn.
CONTEXTS: tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...] = (
    ("opp0", 0, ()),
    ("opp1", 1, (("o", 1),)),
    ("my1", 1, (("m", 1),)),
    ("opp2", 2, (("o", 1), ("o", 2))),
    ("my2", 2, (("m", 1), ("m", 2))),
    ("opp1-my2", 2, (("o", 1), ("m", 2))),
    ("my1-opp2", 2, (("m", 1), ("o", 2))),
    ("opp3", 3, (("o", 1), ("o", 2), ("o", 3))),
    ("my3", 3, (("m", 1), ("m", 2), ("m", 3))),
)

CONTEXT_NAMES: tuple[str, ...] = tuple(name for name, _, _ in CONTEXTS)


@attrs.frozen(slots=True)
class ContextVote:
    """One context's evidence for the opponent's next throw.

    ``counts`` are the opponent's past throws (rock, paper, scissors) seen in the
    context that holds right now; ``key`` is that context's recent throws (most
    recent first), so a rationale can say *which* situation was recognised.
    """

    name: str
    key: tuple[int, ...]
    counts: Counts


@attrs.frozen(slots=True)
class ContextPrediction:
    """Granite's prediction of the opponent's next throw.

    ``triple`` is (P(rock), P(paper), P(scissors)) — the equal-vote average of the
    normalised counts of every context in ``votes``; contexts never seen before
    abstain and are left out of ``votes``.
    """

    triple: Triple
    votes: tuple[ContextVote, ...]
    turns: int

    @property
    def likeliest(self) -> int:
        """The throw the opponent most likely makes next (lowest number on a tie)."""
        t = self.triple
        return max(range(3), key=t.__getitem__)


def combine(counts: list[Counts] | tuple[Counts, ...]) -> Triple:
    """Normalise each context's counts and average them with an equal vote.

    Contexts with no observations abstain; with none at all the triple is uniform.
    """
    r = p = s = 0.0
    votes = 0
    for cr, cp, cs in counts:
        n = cr + cp + cs
        if n:
            r += cr / n
            p += cp / n
            s += cs / n
            votes += 1
    if not votes:
        return (1 / 3, 1 / 3, 1 / 3)
    return (r / votes, p / votes, s / votes)


#: Per context, the positions of its key's throws in the recent-throws list
#: ``[opp lag 1, opp lag 2, opp lag 3, my lag 1, my lag 2, my lag 3]``.
_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple((0 if who == "o" else 3) + lag - 1 for who, lag in spec) for _, _, spec in CONTEXTS
)
#: How many contexts (a prefix of CONTEXTS, which is in depth order) exist after n turns.
_ACTIVE: tuple[int, ...] = tuple(sum(1 for _, depth, _ in CONTEXTS if depth <= n) for n in range(4))


class ContextCounts:
    """Counts the opponent's throws in each of Granite III's nine contexts.

    Feed it every turn with :meth:`observe`; ask :meth:`snapshot` for the
    prediction of the next throw. Only the last three throws of each player are
    kept besides the tallies, so memory is bounded whatever the match length.
    """

    __slots__ = ("_tallies", "_recent", "_turns", "_cached")

    def __init__(self) -> None:
        self._tallies: list[dict[tuple[int, ...], list[int]]] = [{} for _ in CONTEXTS]
        # The last three throws of each player, most recent first (0-padded).
        self._recent: list[int] = [0] * 6
        self._turns = 0
        self._cached: list[tuple[int, ...]] | None = None

    def _keys(self) -> list[tuple[int, ...]]:
        """The key of every context that exists now, in CONTEXTS order (cached per turn)."""
        keys = self._cached
        if keys is None:
            get = self._recent.__getitem__
            active = _SLOTS[: _ACTIVE[min(self._turns, 3)]]
            keys = self._cached = [tuple(map(get, slots)) for slots in active]
        return keys

    def observe(self, my_move: int, opp_move: int) -> None:
        """Tally ``opp_move`` in every context that held before this turn."""
        for key, tally in zip(self._keys(), self._tallies, strict=False):
            counts = tally.get(key)
            if counts is None:
                counts = tally[key] = [0, 0, 0]
            counts[opp_move] += 1
        r = self._recent
        self._recent = [opp_move, r[0], r[1], my_move, r[3], r[4]]
        self._turns += 1
        self._cached = None

    def counts(self, name: str) -> Counts:
        """The counts of context ``name`` in the situation that holds now ((0,0,0) if unseen)."""
        index = CONTEXT_NAMES.index(name)
        keys = self._keys()
        if index >= len(keys):
            return (0, 0, 0)
        found = self._tallies[index].get(keys[index])
        return (0, 0, 0) if found is None else (found[0], found[1], found[2])

    def current(self) -> list[Counts]:
        """The counts of every context that holds now and has been seen before (fast path)."""
        return [
            tuple(found)  # type: ignore[misc]
            for found in map(dict.get, self._tallies, self._keys())
            if found is not None
        ]

    def snapshot(self) -> ContextPrediction:
        """The equal-vote prediction of the opponent's next throw, as an immutable value."""
        votes = []
        for (name, _, _), tally, key in zip(CONTEXTS, self._tallies, self._keys(), strict=False):
            found = tally.get(key)
            if found is not None:
                votes.append(ContextVote(name, key, (found[0], found[1], found[2])))
        triple = combine([v.counts for v in votes])
        return ContextPrediction(triple=triple, votes=tuple(votes), turns=self._turns)
