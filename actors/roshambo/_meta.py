"""The meta-strategy: score every rotated guess, follow the best recent performer.

Each guess ``g`` of the opponent's next throw (from :mod:`._predictors`) yields
three *strategies*: throw ``beater(g) + r`` for rotation ``r`` in 0, 1, 2.
Rotation 0 trusts the guess; rotations 1 and 2 assume the opponent has read the
guess (once or twice) and will counter it — Iocaine Powder's "Sicilian
reasoning". Together with the "-self" guesses (which model the opponent modelling
us) this gives Iocaine's six variants per predictor.

Every strategy is scored after every turn (+1 win, -1 loss, 0 tie) over several
*horizons* — sliding windows of the last ``w`` turns, and the whole match — as
in Iocaine Powder and Greenberg: a short window follows an opponent that changes
its mind, a long one trusts what has worked all along. Each horizon nominates its
best strategy, and the horizons are themselves scored by how their nominees did
(decayed, the "meta-meta" level). The horizon with the best record leads.

Speed: a match needs a few hundred strategies scored under several horizons
every turn, which is too slow as a Python loop. So all strategies' cumulative
scores live in *one* big integer with a 32-bit field per strategy (each field
holds ``score + turns``, so it never goes negative and never borrows from its
neighbour). A turn's update is one big-integer addition of a byte string built
by table look-up; a window's scores are one subtraction of the total ``w`` turns
ago. The best strategy is found without unpacking: adding ``2**31 - t`` to every
field (one multiply-add by a constant with a 1 in each field) sets a field's top
bit exactly when it holds at least ``t``, so ``& top_bits`` tests "does any
strategy score ``t`` or more" in one C-level pass, and the lowest set bit of the
result names the first such strategy. A field moves by at most 2 a turn, so the
best value is found in two or three such tests around last turn's.
"""

from __future__ import annotations

from array import array
from collections import deque

import attrs

from ._predictors import Guesses
from ._rules import outcome

#: An array typecode with 4-byte items (the field width of the packed scores).
_TYPECODE = next(code for code in "IL" if array(code).itemsize == 4)
_WIDTH = 4


def _field_bytes(guess: int | None, opp_move: int) -> bytes:
    """The packed per-turn increments (outcome + 1) of ``guess``'s three rotations."""
    if guess is None:  # abstaining: scores as a tie
        return b"".join((1).to_bytes(_WIDTH, "little") for _ in range(3))
    return b"".join(
        (outcome((guess + 1 + r) % 3, opp_move) + 1).to_bytes(_WIDTH, "little") for r in range(3)
    )


#: _INCREMENTS[opp_move][guess]: the packed increments of the guess's rotations.
_INCREMENTS: tuple[dict[int | None, bytes], ...] = tuple(
    {g: _field_bytes(g, o) for g in (0, 1, 2, None)} for o in range(3)
)


@attrs.frozen(slots=True)
class HorizonPick:
    """One horizon's nominee: strategy index ``3 * guess + rotation`` (-1 for none).

    ``window`` is the horizon's length in turns (0 = the whole match); ``score`` is
    the nominee's wins minus losses over it; ``merit`` is the horizon's own
    decayed record from following its nominees.
    """

    window: int
    strategy: int
    score: int
    merit: float

    @property
    def span(self) -> str:
        """The horizon in words: ``"50 turns"`` or ``"the whole match"``."""
        return f"{self.window} turns" if self.window else "the whole match"


@attrs.frozen(slots=True)
class MetaView:
    """The meta-strategy's standing before a turn: one nominee per horizon and the leader."""

    picks: tuple[HorizonPick, ...]
    leader: int
    turns: int


class MetaScorer:
    """Scores rotated guesses under several horizons, and the horizons themselves.

    Per turn: :meth:`expect` the guesses for the coming throw (it fixes each
    horizon's nominee), :meth:`snapshot` the standing, and after the throw
    :meth:`observe` the outcome to score everything that was expected.
    ``size`` is the number of guesses; ``windows`` the horizons (0 = whole match).
    """

    __slots__ = (
        "windows",
        "meta_decay",
        "_size",
        "_total",
        "_past",
        "_expected",
        "_nominees",
        "_scores",
        "_merit",
        "_turns",
        "_unit",
        "_top_bits",
        "_best",
    )

    def __init__(
        self,
        size: int,
        windows: tuple[int, ...] = (5, 20, 100, 0),
        meta_decay: float = 0.99,
    ) -> None:
        self.windows = windows
        self.meta_decay = meta_decay
        self._size = size
        self._total = 0  # packed: field 3i+r = score + turns of strategy 3i+r
        self._past: deque[int] = deque([0], maxlen=max(windows) + 1)
        self._expected: tuple[int | None, ...] = (None,) * size
        self._nominees: list[int] = [-1] * len(windows)
        self._scores: list[int] = [0] * len(windows)
        self._merit: list[float] = [0.0] * len(windows)
        self._turns = 0
        # A 1 in every field, and every field's top bit.
        self._unit = sum(1 << (8 * _WIDTH * f) for f in range(3 * size))
        self._top_bits = self._unit << (8 * _WIDTH - 1)
        self._best: list[int] = [0] * len(windows)  # each horizon's best field value

    def _window_packed(self, window: int) -> int:
        """Every strategy's ``score + n`` over the last ``window`` turns (n turns in it), packed."""
        past = self._past
        if window and window < len(past):
            return self._total - past[-1 - window]
        return self._total

    def _fields(self, packed: int) -> array:
        """The packed fields as an array (slow path)."""
        fields = array(_TYPECODE)
        fields.frombytes(packed.to_bytes(_WIDTH * 3 * self._size, "little"))
        return fields

    def _top(self, packed: int, guess: int) -> tuple[int, int]:
        """The largest field value and the first field holding it, searching from ``guess``."""
        unit, top_bits = self._unit, self._top_bits
        offset = top_bits  # + (2**31 - t) per field, as top_bits - t * unit
        t = guess
        hits = (packed + offset - t * unit) & top_bits
        if hits:
            while True:
                above = (packed + offset - (t + 1) * unit) & top_bits
                if not above:
                    break
                t, hits = t + 1, above
        else:
            while not hits:  # t == 0 always hits: every field is >= 0
                t -= 1
                hits = (packed + offset - t * unit) & top_bits
        return t, ((hits & -hits).bit_length() - 1) // (8 * _WIDTH)

    def expect(self, guesses: Guesses) -> None:
        """Register the guesses for the coming turn and fix each horizon's nominee."""
        moves = guesses.moves
        if len(moves) != self._size:
            raise ValueError(f"expected {self._size} guesses, got {len(moves)}")
        self._expected = moves
        abstaining = [i for i, g in enumerate(moves) if g is None] if None in moves else []
        for h, window in enumerate(self.windows):
            if len(abstaining) == len(moves):
                self._nominees[h] = -1
                continue
            packed = self._window_packed(window)
            if abstaining:  # rare: only the first turns of a match
                fields = self._fields(packed)
                valid = [3 * i + r for i, g in enumerate(moves) if g is not None for r in range(3)]
                nominee = max(valid, key=fields.__getitem__)
                best = fields[nominee]
            else:
                best, nominee = self._top(packed, self._best[h])
            self._best[h] = best
            self._nominees[h] = nominee
            n = min(window, self._turns) if window else self._turns
            self._scores[h] = best - n

    def observe(self, my_move: int, opp_move: int) -> None:
        """Score every expected strategy and every horizon's nominee against ``opp_move``."""
        expected = self._expected
        decay = self.meta_decay
        merit = self._merit
        for h, nominee in enumerate(self._nominees):
            merit[h] *= decay
            if nominee >= 0:
                g = expected[nominee // 3]
                assert g is not None
                merit[h] += outcome((g + 1 + nominee % 3) % 3, opp_move)
        increments = _INCREMENTS[opp_move]
        packed = b"".join(map(increments.__getitem__, expected))
        self._total += int.from_bytes(packed, "little")
        self._past.append(self._total)
        self._turns += 1

    def snapshot(self) -> MetaView:
        """Each horizon's nominee with its score and merit; the leader by merit."""
        merit = self._merit
        picks = tuple(
            HorizonPick(w, self._nominees[h], self._scores[h], merit[h])
            for h, w in enumerate(self.windows)
        )
        return MetaView(picks, merit.index(max(merit)), self._turns)
