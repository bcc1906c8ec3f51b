"""The real 1999/2000 competition bots, borrowed from OpenSpiel's C++ port.

``pip install -e '.[bench]'`` installs ``open-spiel``, whose ``pyspiel`` module
carries the C code of all 42 programs of the first International RoShamBo
Programming Competition (dummy bots and entrants) plus Greenberg, the winner of
the second. :class:`OpenSpielBot` wraps one of them as a :class:`Player`, so the
referee, :class:`Table` and the suite treat them like any Python opponent.

How the wrapper drives a bot: a pyspiel bot's ``step(state)`` reads only the
*last* joint action of a ``repeated_game(stage_game=matrix_rps())`` state and
asserts that it has been stepped exactly once per turn. The wrapper therefore
keeps a private pyspiel state with the bot as player 0, applies the new
``(mine, theirs)`` pair from the histories it is given, and steps the bot once
per turn. If the histories it is shown jump ahead or go backwards (a caller
that does not play turn by turn), it rebuilds the bot and replays them turn by
turn, stepping it at each (the moves the bot would have thrown are discarded).

Randomness -- what we found (open-spiel 2.0.2, jhtschultz/roshambo@open_spiel):

* Every bot draws from the C library's global ``random()`` (``biased_roshambo``,
  ``flip_biased_coin``, ``random() % 3``); none ever seeds it. OpenSpiel does not
  seed it either: its own test calls ``srandom(time)`` before each game. So by
  default all bots in a process share glibc's one stream, seeded 1 at start-up,
  and a bot's throws depend on everything that called ``random()`` before it.
* ``pyspiel.so`` imports ``random`` dynamically from libc, so ``ctypes`` can
  reach the same generator. We give each wrapper its *own* 128-byte glibc
  state (``initstate(seed, buf, 128)``, which yields exactly the
  ``srandom(seed)`` stream) and swap it in with ``setstate`` around the bot's
  construction (shofar draws numbers in its constructor) and every ``step``,
  restoring the previous state afterwards. Checked: for all 43 bots the
  wrapper reproduces, throw for throw, ``srandom(seed)`` followed by a direct
  pyspiel game, even with other ``random()`` calls interleaved. A match is
  therefore reproducible from the seed passed to :meth:`OpenSpielBot.reset`, independent
  of other bots or matches interleaved with it in the same process (trio tasks
  included). It is not thread-safe: two threads stepping bots at once would
  race on libc's global state pointer.
* Deterministic regardless of seed: rockbot, rotatebot, copybot, freqbot2,
  pibot, debruijn81, textbot, boom, greenberg, and multibot (whose "random"
  strategy is an MD5 generator re-initialised at the start of each match).
* Where libc has no ``initstate``/``setstate`` (not glibc-like), we fall back
  to ``srandom(seed)`` at reset: reproducible only when one match runs at a
  time. Where even that is missing, the bots are unseeded.
* Greenberg crashes the process in matches shorter than 1000 turns (see
  ``_MIN_MATCH_LENGTH``); we build it for 1000 turns and stop asking early.
* ``restart()`` only rewinds a bot's history counter; bots re-initialise their
  own state when they see an empty history. We build a fresh bot at every
  ``reset`` anyway, so nothing can leak from one match to the next.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Sequence
from typing import Any

from ._player import Player

#: How to get the competition bots when ``pyspiel`` is missing.
INSTALL_HINT = "install the bench extra: pip install -e '.[bench]'"

#: The 43 names ``pyspiel.roshambo_bot_names()`` returns, with one line on each.
#: Kept here so the suite can recognise them (and explain how to get them)
#: without pyspiel installed. Ranks are from the 1999 results.
OPENSPIEL_BOTS: dict[str, str] = {
    "actr_lag2_decay": "ACT-R Lag2 (1999 #13): a cognitive model recalling the last two moves",
    "adddriftbot2": "dummy: sum of the previous pair, with a gear that drifts every 200 turns",
    "addshiftbot3": "dummy: sum of the previous pair, shifts gear when losing",
    "antiflatbot": "dummy: maximally exploits an opponent that plays a flat distribution",
    "antirotnbot": "dummy: exploits rotations it observes in the opponent's throws",
    "biopic": "Biopic (1999 #5): switches between context models of either history",
    "boom": "Boom (1999 #10): decayed second-order statistics with bail-out",
    "copybot": "dummy: plays what would have beaten the opponent's last throw",
    "debruijn81": "dummy: concatenated De Bruijn strings of length 81",
    "driftbot": "dummy: copies the opponent's last throw half the time, drifting",
    "flatbot3": "dummy: near-flat distribution, rarely repeating its most frequent throw",
    "foxtrotbot": "dummy: random on odd turns, a fixed shift of its previous throw on even",
    "freqbot2": "dummy: beats the opponent's most frequent throw",
    "granite": "Granite (1999 #17): context-frequency predictor with noise",
    "greenberg": "Greenberg: winner of the 2000 competition (Iocaine-style meta-strategies)",
    "halbot": "MegaHAL (1999 #3): a variable-order Markov predictor",
    "inocencio": "Inocencio (1999 #44): a simple learner",
    "iocainebot": "Iocaine Powder: winner of the 1999 competition (Sicilian reasoning)",
    "marble": "Marble (1999 #19): context-frequency predictor with noise",
    "markov5": "Majikthise (1999 #15): order-5 Markov model",
    "markovbails": "Vroomfondel (1999 #18): order-5 Markov model that bails out when losing",
    "mixed_strategy": "Mixed Strategy (1999 #28): a mix of simple predictors",
    "mod1bot": "Simple Modeller (1999 #7): plays against the most extreme context counts",
    "multibot": "Multi-strategy (1999 #38): picks among seven simple strategies",
    "peterbot": "Peterbot (1999 #50): frequency statistics",
    "phasenbott": "Phasenbott (1999 #2): Iocaine-like conjugated strategies",
    "pibot": "dummy: the digits of pi (skipping zeros) mod 3",
    "piedra": "Piedra (1999 #25): beats the opponent's most frequent follow-up",
    "predbot": "Simple Predictor (1999 #14): weighted context prediction",
    "r226bot": "dummy: 20% rock, 20% paper, 60% scissors",
    "randbot": "dummy: uniformly random (the optimal strategy)",
    "robertot": "Robertot (1999 #8): votes among history-match predictions",
    "rockbot": "dummy: always rock",
    "rotatebot": "dummy: rock, paper, scissors, rock, ...",
    "russrocker4": "RussRocker4 (1999 #4): Markov model on the last three pairs",
    "shofar": "Shofar (1999 #11): weighted ensemble of pattern strategies",
    "sunCrazybot": "Sunir's Crazybot: shuffles its strategy when it is not winning",
    "sunNervebot": "Sunir's Nervebot: nerve values attenuated by wins and losses",
    "sweetrock": "Sweet Rocky (1999 #24): frequency predictor with a confidence threshold",
    "switchalot": "dummy: seldom repeats its previous throw",
    "switchbot": "dummy: never repeats its previous throw",
    "textbot": "dummy: English text converted to throws (heavily biased)",
    "zq_move": "ZQ Bot (1999 #22): pattern tree of the recent history",
}

#: Bots that must be built for at least this many throws. Greenberg's ``init``
#: clears 1000 entries of arrays it sized to the match length: a shorter match
#: overruns the heap and aborts the interpreter. Built longer, it behaves the
#: same apart from an initial best-score sentinel (-length), which no real
#: score reaches anyway.
_MIN_MATCH_LENGTH = {"greenberg": 1000}

#: Size of a glibc TYPE_3 random state: the size ``srandom`` uses by default,
#: so ``initstate(seed, buf, 128)`` gives exactly the ``srandom(seed)`` stream.
_RANDOM_STATE_BYTES = 128


@functools.cache
def _pyspiel() -> Any:
    """Import pyspiel once; None when it is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def openspiel_available() -> bool:
    """Whether ``pyspiel`` (with the RoShamBo bots) can be imported."""
    pyspiel = _pyspiel()
    return pyspiel is not None and hasattr(pyspiel, "make_roshambo_bot")


def openspiel_bot_names() -> list[str]:
    """The competition bots pyspiel offers, sorted; empty when it is missing."""
    if not openspiel_available():
        return []
    return sorted(_pyspiel().roshambo_bot_names())


def _require_pyspiel() -> Any:
    if not openspiel_available():
        raise RuntimeError(f"the 1999 competition bots need pyspiel: {INSTALL_HINT}")
    return _pyspiel()


@functools.cache
def _game(turns: int) -> Any:
    """The repeated RPS game a wrapped bot reads its history from."""
    return _require_pyspiel().load_game(
        f"repeated_game(stage_game=matrix_rps(),num_repetitions={turns})"
    )


class _LibcRandom:
    """Access to libc's ``random()`` state, the only randomness the C bots use."""

    def __init__(self) -> None:
        try:
            libc = ctypes.CDLL(None)
        except OSError:  # pragma: no cover - no C library to talk to
            libc = None
        self.srandom = getattr(libc, "srandom", None)
        self.initstate = getattr(libc, "initstate", None)
        self.setstate = getattr(libc, "setstate", None)
        if self.srandom is not None:
            self.srandom.argtypes = [ctypes.c_uint]
            self.srandom.restype = None
        if self.initstate is not None and self.setstate is not None:
            self.initstate.argtypes = [ctypes.c_uint, ctypes.c_void_p, ctypes.c_size_t]
            self.initstate.restype = ctypes.c_void_p
            self.setstate.argtypes = [ctypes.c_void_p]
            self.setstate.restype = ctypes.c_void_p
        else:  # pragma: no cover - glibc and macOS both have them
            self.initstate = self.setstate = None

    @property
    def swappable(self) -> bool:
        """Whether each bot can own a private state (glibc's initstate/setstate)."""
        return self.setstate is not None

    def private_state(self, seed: int) -> ctypes.Array[ctypes.c_char] | None:
        """A fresh state buffer seeded with ``seed``; the current state is kept."""
        if not self.swappable:
            if self.srandom is not None:
                self.srandom(seed & 0xFFFFFFFF)
            return None
        buf = ctypes.create_string_buffer(_RANDOM_STATE_BYTES)
        previous = self.initstate(seed & 0xFFFFFFFF, buf, _RANDOM_STATE_BYTES)
        self.setstate(previous)
        return buf


@functools.cache
def _libc_random() -> _LibcRandom:
    return _LibcRandom()


class OpenSpielBot(Player):
    """One of pyspiel's competition bots, playing through our Player interface."""

    def __init__(self, bot_name: str) -> None:
        super().__init__()
        pyspiel = _require_pyspiel()
        known = pyspiel.roshambo_bot_names()
        if bot_name not in known:
            raise ValueError(
                f"unknown OpenSpiel RoShamBo bot {bot_name!r}; known: {', '.join(sorted(known))}"
            )
        self.name = bot_name
        self.description = OPENSPIEL_BOTS.get(bot_name, "1999 RoShamBo competition bot")
        self._pyspiel = pyspiel
        self._seed = 0
        self._random_state: ctypes.Array[ctypes.c_char] | None = None
        self._bot: Any = None
        self._state: Any = None
        self._seen = 0  # turns applied to self._state
        self._stepped = 0  # states the bot has been stepped at (0 .. _stepped - 1)
        self._last = 0  # the bot's answer at state _stepped - 1
        self._last_pair = (0, 0)  # the turn applied last: (mine, theirs)
        self.reset(0, self.turns)

    def reset(self, seed: int, turns: int) -> None:
        """Build a fresh bot for a ``turns``-long match with randomness from ``seed``."""
        super().reset(seed, turns)
        self._seed = seed
        self._rebuild()

    def _rebuild(self) -> None:
        self._random_state = _libc_random().private_state(self._seed)
        # Some bots (shofar) already draw random numbers in their constructor.
        length = max(self.turns, _MIN_MATCH_LENGTH.get(self.name, 1))
        self._bot = self._with_own_random(self._pyspiel.make_roshambo_bot, 0, self.name, length)
        self._state = _game(self.turns).new_initial_state()
        self._seen = 0
        self._stepped = 0

    def _with_own_random(self, call: Any, *args: Any) -> Any:
        """Run ``call(*args)`` with this wrapper's libc random state swapped in."""
        if self._random_state is None:
            return call(*args)
        libc = _libc_random()
        previous = libc.setstate(ctypes.addressof(self._random_state))
        try:
            return call(*args)
        finally:
            libc.setstate(previous)

    def _step(self) -> int:
        """Ask the bot for its throw at the current state."""
        self._stepped += 1
        return int(self._with_own_random(self._bot.step, self._state))

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        """Feed the bot the turns it has not seen yet, then return its throw."""
        played = len(my_history)
        if played != len(opp_history):
            raise ValueError(
                f"histories differ in length: {played} throws of mine, "
                f"{len(opp_history)} of the opponent's"
            )
        if played >= self.turns:
            raise ValueError(
                f"{self.name} was reset for a {self.turns}-turn match "
                f"but asked for turn {played + 1}"
            )
        if played < self._seen or self._diverged(my_history, opp_history):
            self._rebuild()
        if self._stepped == played + 1:
            return self._last  # asked twice for the same turn
        while self._seen < played:
            if self._stepped == self._seen:
                self._step()  # catching up: the bot must be stepped at every turn
            turn = self._seen
            self._last_pair = (int(my_history[turn]), int(opp_history[turn]))
            self._state.apply_actions(list(self._last_pair))
            self._seen += 1
        self._last = self._step()
        return self._last

    def _diverged(self, my_history: Sequence[int], opp_history: Sequence[int]) -> bool:
        """Whether the last turn we applied differs from the history we are shown."""
        if self._seen == 0:
            return False
        turn = self._seen - 1
        return (int(my_history[turn]), int(opp_history[turn])) != self._last_pair


def make_openspiel_bot(name: str) -> OpenSpielBot:
    """The competition bot ``name`` (a pyspiel name, e.g. ``"iocainebot"``)."""
    return OpenSpielBot(name)
