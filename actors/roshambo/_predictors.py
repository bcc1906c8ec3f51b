"""Predictors of the opponent's next throw for the Iocaine-style agent.

Every predictor is a stateful, incremental model with ``observe(my_move,
opp_move)`` and ``predict() -> Guesses``: an immutable tuple of named guesses of
the opponent's *next throw* (``None`` when a predictor has nothing to go on yet).

A predictor may model the opponent directly ("they will throw X") or model *us*
("we are about to throw Y"): a guess about our own throw Y is turned into the
guess that the opponent, having read us, throws ``beater(Y)``. This is the
second half of Iocaine Powder's six "Sicilian" variants; the other half — that
the opponent has read our reading and shifted by one or two — is the rotation the
meta-strategy (:mod:`._meta`) applies to every guess.

Everything is O(1) amortised per turn (bounded by the longest context length):
history matching keeps, for each context length, a dict from the hash of the
last ``k`` throws to the most recent turn that followed that context, so finding
the longest match is a few dict look-ups, never a rescan of the history.
"""

from __future__ import annotations

import random
from typing import Protocol

import attrs

from ._contexts import ContextCounts, combine
from ._rules import beater


@attrs.frozen(slots=True)
class Guesses:
    """Named guesses of the opponent's next throw (0/1/2, or None to abstain).

    The order of ``names`` is fixed for a whole match: the meta-strategy scores
    guesses by position.
    """

    names: tuple[str, ...]
    moves: tuple[int | None, ...]

    @staticmethod
    def concat(parts: tuple[Guesses, ...] | list[Guesses]) -> Guesses:
        """Join several predictors' guesses, in order, into one."""
        names: tuple[str, ...] = ()
        moves: tuple[int | None, ...] = ()
        for part in parts:
            names += part.names
            moves += part.moves
        return Guesses(names, moves)


class Predictor(Protocol):
    """What the meta-strategy needs of a predictor: fixed names, observe, predict."""

    names: tuple[str, ...]

    def observe(self, my_move: int, opp_move: int) -> None:
        """Take in one finished turn."""

    def predict(self) -> Guesses:
        """Guesses of the opponent's next throw, one per name."""


#: Which history a :class:`HistoryMatcher` matches on, and the alphabet size.
SOURCES: dict[str, int] = {"opp": 3, "my": 3, "both": 9}


class HistoryMatcher:
    """Iocaine Powder's history matching over one history, at several capped lengths.

    ``source`` is ``"opp"`` (the opponent's throws), ``"my"`` (ours) or ``"both"``
    (pairs of throws). For each cap ``c`` in ``caps`` the matcher finds the most
    recent earlier occurrence of the longest context of at most ``c`` turns that
    matches the last turns, and looks at what followed it. Two guesses per cap:

    * ``history-<source>-len<c>``: the opponent repeats what it threw after the match;
    * ``history-<source>-len<c>-self``: we would repeat what *we* threw after the
      match, and the opponent, having read that, throws what beats it.

    Short caps adapt quickly to opponents that change; long caps lock onto long
    deterministic cycles and sequences (de Bruijn, text, pi).
    """

    __slots__ = ("source", "caps", "_base", "_max", "_hashes", "_index", "_opp", "_my", "names")

    def __init__(self, source: str, caps: tuple[int, ...] = (1, 2, 3, 4, 6, 8, 12, 20)) -> None:
        self.source = source
        self.caps = tuple(sorted(caps))
        self._base = SOURCES[source]
        self._max = self.caps[-1]
        # _hashes[j]: hash of the last j+1 symbols (most recent is least significant).
        self._hashes: list[int] = []
        # _index[j]: hash of a (j+1)-symbol context -> the turn that followed its
        # most recent occurrence.
        self._index: list[dict[int, int]] = [{} for _ in range(self._max)]
        self._opp: list[int] = []
        self._my: list[int] = []
        self.names: tuple[str, ...] = tuple(
            f"history-{source}-len{c}{suffix}" for c in self.caps for suffix in ("", "-self")
        )

    def observe(self, my_move: int, opp_move: int) -> None:
        """Remember that the current contexts were followed by this turn, then extend them."""
        turn = len(self._opp)
        for index, h in zip(self._index, self._hashes, strict=False):
            index[h] = turn
        if self.source == "opp":
            symbol = opp_move
        elif self.source == "my":
            symbol = my_move
        else:
            symbol = 3 * opp_move + my_move
        base = self._base
        self._hashes = [symbol] + [h * base + symbol for h in self._hashes[: self._max - 1]]
        self._opp.append(opp_move)
        self._my.append(my_move)

    def match(self) -> list[int]:
        """Turns that followed the most recent earlier match of length 1, 2, … (longest last)."""
        found: list[int] = []
        for index, h in zip(self._index, self._hashes, strict=False):
            turn = index.get(h)
            if turn is None:
                break
            found.append(turn)
        return found

    def predict(self) -> Guesses:
        """Two guesses per cap (the opponent's own repeat, and its counter to our repeat)."""
        found = self.match()
        longest = len(found)
        moves: list[int | None] = []
        if not longest:
            moves = [None] * len(self.names)
        else:
            opp, my = self._opp, self._my
            for cap in self.caps:
                turn = found[(cap if cap < longest else longest) - 1]
                moves.append(opp[turn])
                moves.append(beater(my[turn]))
        return Guesses(self.names, tuple(moves))


class FrequencyPredictor:
    """Iocaine Powder's frequency analysis, with exponential forgetting instead of windows.

    For each decay ``d`` (1.0 = the whole match) it keeps decayed counts of both
    players' throws and makes four guesses:

    * ``frequency-d<d>``: the opponent throws its most frequent throw;
    * ``frequency-d<d>-self``: the opponent throws what beats *our* most frequent
      throw (it is a frequency counter itself);
    * ``frequency-d<d>-least``: the opponent throws its *least* frequent throw (it
      evens out its own distribution, like the 1999 "flat" bots);
    * ``frequency-d<d>-self-least``: it throws what beats our least frequent throw.

    Decayed counts replace Iocaine's fixed windows: same effect, O(1) per turn.
    """

    __slots__ = ("decays", "_opp", "_my", "names")

    def __init__(self, decays: tuple[float, ...] = (1.0, 0.95, 0.8)) -> None:
        self.decays = decays
        self._opp = [[0.0, 0.0, 0.0] for _ in decays]
        self._my = [[0.0, 0.0, 0.0] for _ in decays]
        self.names = tuple(
            f"frequency-d{d:g}{s}" for d in decays for s in ("", "-self", "-least", "-self-least")
        )

    def observe(self, my_move: int, opp_move: int) -> None:
        """Decay the counts and add this turn's throws."""
        for d, opp, my in zip(self.decays, self._opp, self._my, strict=True):
            if d != 1.0:
                opp[0] *= d
                opp[1] *= d
                opp[2] *= d
                my[0] *= d
                my[1] *= d
                my[2] *= d
            opp[opp_move] += 1.0
            my[my_move] += 1.0

    def predict(self) -> Guesses:
        """Most and least frequent throws, theirs and (countered) ours."""
        moves: list[int | None] = []
        for opp, my in zip(self._opp, self._my, strict=True):
            if opp[0] + opp[1] + opp[2] == 0.0:
                moves += [None, None, None, None]
                continue
            moves.append(opp.index(max(opp)))
            moves.append(beater(my.index(max(my))))
            moves.append(least_guess(opp))
            moves.append(beater(least_guess(my)))
        return Guesses(self.names, tuple(moves))


def best_guess(counts: list[float]) -> int:
    """The guess whose counter has the best expectation against ``counts``.

    Throwing ``beater(g)`` against a distribution ``c`` earns ``c[g] - c[g + 2]``
    on average; the guess maximising that is not always the likeliest throw (an
    opponent that never repeats itself splits evenly between the other two, and
    only one of our throws beats one and ties the other).
    """
    return _best(counts[0], counts[1], counts[2])


def _best(r: float, p: float, s: float) -> int:
    """:func:`best_guess` on three numbers (lowest guess on a tie)."""
    a = r - s
    b = p - r
    c = s - p
    if a >= b:
        return 0 if a >= c else 2
    return 1 if b >= c else 2


def least_guess(counts: list[float]) -> int:
    """The best guess against a player that throws what it has thrown least.

    Its throws are weighted by their *deficit* behind its most frequent throw, so
    when two throws tie for least frequent the guess covers both (the counter that
    beats one and ties the other), not just the first of them.
    """
    top = max(counts)
    return best_guess([top - counts[0], top - counts[1], top - counts[2]])


class ContextFrequency:
    """Markov-style counts: what each player threw next after each short context.

    Like Granite's contexts, but over three histories (``opp``, ``my``, ``both``)
    and several orders, with per-context forgetting (for a decay ``d`` < 1 a
    context's counts shrink by ``d`` each time it recurs, so a drifting opponent is
    followed), and acting on the *expected value* of the counter rather than on
    the likeliest throw (:func:`best_guess`). When the current context of order
    ``k`` has never been seen, the longest shorter one stands in. Two guesses per
    order ``k`` and decay ``d``:

    * ``markov-<source>-k<k>[-d<d>]``: against the opponent's next-throw distribution;
    * ``markov-<source>-k<k>[-d<d>]-self``: the opponent plays the best response to
      *our* next-throw distribution in this context.
    """

    __slots__ = ("source", "orders", "decays", "_base", "_hashes", "_tables", "names")

    def __init__(
        self,
        source: str,
        orders: tuple[int, ...] = (1, 2, 3),
        decays: tuple[float, ...] = (1.0, 0.8),
    ) -> None:
        self.source = source
        self.orders = orders
        self.decays = decays
        self._base = SOURCES[source]
        self._hashes: list[int] = []
        # _tables[o][hash] -> per decay [their r, p, s, our r, p, s] counts.
        self._tables: list[dict[int, list[list[float]]]] = [{} for _ in orders]
        self.names = tuple(
            f"markov-{source}-k{k}{'' if d == 1.0 else f'-d{d:g}'}{s}"
            for k in orders
            for d in decays
            for s in ("", "-self")
        )

    def observe(self, my_move: int, opp_move: int) -> None:
        """Count this turn's throws in every context that held before it; extend the contexts."""
        hashes = self._hashes
        mine = 3 + my_move
        for k, table in zip(self.orders, self._tables, strict=True):
            if k > len(hashes):
                continue
            h = hashes[k - 1] if k else 0
            entry = table.get(h)
            if entry is None:
                entry = table[h] = [[0.0] * 6 for _ in self.decays]
            for d, c in zip(self.decays, entry, strict=True):
                if d != 1.0:
                    c[0] *= d
                    c[1] *= d
                    c[2] *= d
                    c[3] *= d
                    c[4] *= d
                    c[5] *= d
                c[opp_move] += 1.0
                c[mine] += 1.0
        if self.source == "opp":
            symbol = opp_move
        elif self.source == "my":
            symbol = my_move
        else:
            symbol = 3 * opp_move + my_move
        base = self._base
        self._hashes = [symbol] + [h * base + symbol for h in hashes[: max(self.orders) - 1]]

    def predict(self) -> Guesses:
        """Per order and decay: the best counter to theirs, and their best counter to ours."""
        moves: list[int | None] = []
        hashes = self._hashes
        entry = None
        for k, table in zip(self.orders, self._tables, strict=True):
            if k <= len(hashes):
                found = table.get(hashes[k - 1] if k else 0)
                if found is not None:
                    entry = found
            if entry is None:
                moves += [None, None] * len(self.decays)
                continue
            for c in entry:
                moves.append(_best(c[0], c[1], c[2]))
                # Their best response to our distribution beats our best-countered guess.
                moves.append(beater(_best(c[3], c[4], c[5])))
        return Guesses(self.names, tuple(moves))


class ContextVoter:
    """Granite's contexts as a predictor — of the opponent, and of a Granite-like opponent.

    Two :class:`._contexts.ContextCounts` models: one over the opponent's throws
    (what Granite itself predicts), one over *ours* with the roles swapped (what
    an opponent running Granite's contexts predicts about us). Each is read two
    ways: the seed's Granite III equal vote of normalised contexts (``vote``), and
    Granite I/II's plain sum of the counts (``sum``). Guesses:

    * ``contexts-vote`` / ``contexts-sum``: the best counter to the opponent's
      predicted distribution (:func:`best_guess`);
    * ``contexts-vote-self`` / ``contexts-sum-self``: a Granite-like opponent
      counters the throw it finds likeliest for us.

    Context-frequency opponents of this family were common in 1999; modelling them
    with the very model they use reads them almost exactly.
    """

    __slots__ = ("_theirs", "_ours", "names")

    def __init__(self) -> None:
        self._theirs = ContextCounts()
        self._ours = ContextCounts()
        self.names = ("contexts-vote", "contexts-sum", "contexts-vote-self", "contexts-sum-self")

    def observe(self, my_move: int, opp_move: int) -> None:
        """Tally the turn in both models (ours with the players' roles swapped)."""
        self._theirs.observe(my_move, opp_move)
        self._ours.observe(opp_move, my_move)

    def predict(self) -> Guesses:
        """Counters to their distribution; a Granite-like opponent's counters to ours."""
        theirs = self._theirs.current()
        ours = self._ours.current()
        if not theirs:
            return Guesses(self.names, (None, None, None, None))
        vote_theirs = list(combine(theirs))
        sum_theirs = [float(sum(c[i] for c in theirs)) for i in range(3)]
        vote_ours = combine(ours)
        sum_ours = [sum(c[i] for c in ours) for i in range(3)]
        return Guesses(
            self.names,
            (
                best_guess(vote_theirs),
                best_guess(sum_theirs),
                beater(vote_ours.index(max(vote_ours))),
                beater(sum_ours.index(max(sum_ours))),
            ),
        )


class RandomPredictor:
    """Iocaine Powder's random guess: a strategy nobody can read, scored like the others.

    When every model is being beaten, the random guess (which scores about zero)
    ends up on top and the agent plays unpredictably.
    """

    __slots__ = ("_rng", "names", "_next")

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self.names = ("random",)
        self._next = rng.randrange(3)

    def observe(self, my_move: int, opp_move: int) -> None:
        """Draw the next random guess."""
        self._next = self._rng.randrange(3)

    def predict(self) -> Guesses:
        """This turn's random guess."""
        return Guesses(self.names, (self._next,))
