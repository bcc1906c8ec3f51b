"""The 1999 competition's dummy bots that react to the game so far.

Each has a deliberate, detectable flaw: it follows one simple rule about the
previous turn or the opponent's counts, some with noise or a slow drift that
defeats a naive detector. Written from the published descriptions.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._moves import beater, outcome
from ._player import Player


def best_reply(weights: Sequence[float]) -> list[int]:
    """The throws with the best expected outcome against ``weights`` (r, p, s)."""
    value = [
        sum(w * outcome(mine, theirs) for theirs, w in enumerate(weights)) for mine in range(3)
    ]
    top = max(value)
    return [m for m in range(3) if value[m] == top]


class BeatLastBot(Player):
    """Assumes the opponent repeats itself, so plays what beats its last throw."""

    name = "beat-last"
    description = "throws what beats the opponent's previous throw"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        if not opp_history:
            return self.rng.randrange(3)
        return beater(opp_history[-1])


class CopyLastBot(Player):
    """A mirror: throws the opponent's previous throw, so it loses to whoever
    plays what beats their own last throw."""

    name = "copy-last"
    description = "throws the opponent's previous throw"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        if not opp_history:
            return self.rng.randrange(3)
        return opp_history[-1]


class BeatFrequentBot(Player):
    """Beats the opponent's most frequent throw so far (ties: lowest number)."""

    name = "beat-frequent"
    description = "throws what beats the opponent's most frequent throw"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        counts = [opp_history.count(m) for m in range(3)]
        return beater(counts.index(max(counts)))


class AntiFlatBot(Player):
    """Assumes the opponent evens out its counts, so its least-used throw comes next.

    It plays the best reply to the opponent's least-used throws (all tied:
    random). Devastating against flat, hopeless against most others.
    """

    name = "anti-flat"
    description = "exploits an opponent that keeps its counts flat"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        counts = [opp_history.count(m) for m in range(3)]
        least = min(counts)
        if counts.count(least) == 3:
            return self.rng.randrange(3)
        replies = best_reply([1.0 if c == least else 0.0 for c in counts])
        return replies[0]


class WinStayLoseShiftBot(Player):
    """A common human habit: keep a winning throw, change after a loss or tie."""

    name = "win-stay-lose-shift"
    description = "repeats a throw that won; otherwise moves to the next throw"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        if not my_history:
            return self.rng.randrange(3)
        if outcome(my_history[-1], opp_history[-1]) > 0:
            return my_history[-1]
        return (my_history[-1] + 1) % 3


class _Incremental(Player):
    """A player whose state is updated once per completed turn.

    ``observe`` sees each turn exactly once, in order. If the histories it is
    shown ever shrink (a new match without a ``reset``), it starts over.
    """

    def __init__(self) -> None:
        super().__init__()
        self._seen = 0
        self.restart()

    def reset(self, seed: int, turns: int) -> None:
        super().reset(seed, turns)
        self._seen = 0
        self.restart()

    def restart(self) -> None:
        """Forget the state built from the turns seen so far."""

    def observe(self, turn: int, mine: Sequence[int], theirs: Sequence[int]) -> None:
        """Take account of the turn at index ``turn`` of the histories."""

    def catch_up(self, mine: Sequence[int], theirs: Sequence[int]) -> None:
        """Observe every turn of the histories not seen yet."""
        seen = self._seen
        if len(mine) < seen:
            seen = 0
            self.restart()
        for turn in range(seen, len(mine)):
            self.observe(turn, mine, theirs)
        self._seen = len(mine)


class AntiRotationBot(_Incremental):
    """Counts how the opponent's throw changes from turn to turn (same, up, down).

    It replies to the rotation profile (the best reply to "last throw shifted
    by each rotation, weighted by its count"), and falls back on random play
    once losing by more than 4% of the match.
    """

    name = "anti-rotation"
    description = "exploits the opponent's most or least common change between throws"

    #: Give up and play randomly when losing by more than this share of the match.
    FAIL_SAFE = 0.04

    def restart(self) -> None:
        self._rotations = [0, 0, 0]  # opponent's throw minus its previous: 0, +1, +2
        self._score = 0

    def observe(self, turn: int, mine: Sequence[int], theirs: Sequence[int]) -> None:
        self._score += outcome(mine[turn], theirs[turn])
        if turn > 0:
            self._rotations[(theirs[turn] - theirs[turn - 1]) % 3] += 1

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        self.catch_up(my_history, opp_history)
        if self._score < -self.FAIL_SAFE * self.turns or len(set(self._rotations)) == 1:
            return self.rng.randrange(3)
        last = opp_history[-1]
        weights = [0.0, 0.0, 0.0]
        for rotation, count in enumerate(self._rotations):
            weights[(last + rotation) % 3] = count
        return self.rng.choice(best_reply(weights))


class CopyDriftBot(Player):
    """Half the time copies the opponent's last throw, shifted by a drifting gear.

    The gear moves on every 111 turns, so a detector that learnt the relation
    must relearn it. Deterministic half the time: worth up to 500 a match.
    """

    name = "copy-drift"
    description = "copies the opponent's last throw half the time, drifting every 111 turns"

    #: Turns between gear changes.
    PERIOD = 111

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        if not opp_history:
            return self.rng.randrange(3)
        gear = 2 * (len(opp_history) // self.PERIOD)
        base = opp_history[-1] if self.rng.random() < 0.5 else self.rng.randrange(3)
        return (base + gear) % 3


class AddDriftBot(Player):
    """Half the time throws the sum of the last pair of throws plus a drifting gear.

    The gear moves every 200 turns.
    """

    name = "add-drift"
    description = "sum of the previous pair of throws half the time, drifting every 200 turns"

    #: Turns between gear changes.
    PERIOD = 200

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        if not my_history:
            return self.rng.randrange(3)
        if self.rng.random() < 0.5:
            return self.rng.randrange(3)
        gear = 2 * (len(my_history) // self.PERIOD)
        return (my_history[-1] + opp_history[-1] + gear) % 3


class AddReactBot(_Incremental):
    """80% of the time throws the sum of the last pair plus a gear; shifts when losing.

    The gear moves on as soon as the rule is being exploited: 3 net losses
    within 20 turns of the last shift, or a loss rate of 10% after that.
    """

    name = "add-react"
    description = "sum of the previous pair 80% of the time, shifting gear when losing"

    #: Chance of a random throw instead of the rule.
    NOISE = 0.2

    def restart(self) -> None:
        self._gear = 0
        self._recent = 0  # turns since the last shift
        self._score = 0  # net wins since the last shift

    def observe(self, turn: int, mine: Sequence[int], theirs: Sequence[int]) -> None:
        self._score += outcome(mine[turn], theirs[turn])
        self._recent += 1
        if (self._recent <= 20 and self._score <= -3) or (
            self._recent > 20 and self._score <= -(self._recent // 10)
        ):
            self._gear += 2
            self._recent = 0
            self._score = 0

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        self.catch_up(my_history, opp_history)
        if not my_history or self.rng.random() < self.NOISE:
            return self.rng.randrange(3)
        return (my_history[-1] + opp_history[-1] + self._gear) % 3
