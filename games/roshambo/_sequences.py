"""Fixed throw sequences some dummy bots replay: pi, De Bruijn strings, text.

They are generated here rather than stored as tables, so what each sequence is
stays readable (and testable).
"""

from __future__ import annotations

import functools
import itertools
import random

#: How many decimal digits of pi the pi bot draws from before starting over
#: (as in 1999: about 1090 non-zero digits, more than a match needs).
PI_DIGITS = 1200

#: Order of the De Bruijn strings: every run of 4 throws appears once in 81.
DE_BRUIJN_ORDER = 4
DE_BRUIJN_LENGTH = 3**DE_BRUIJN_ORDER


def _arctan_inverse(x: int, unity: int) -> int:
    """``arctan(1/x) * unity`` in integer arithmetic (Taylor series)."""
    total = term = unity // x
    x_squared = x * x
    n = 1
    sign = -1
    while term:
        term //= x_squared
        n += 2
        total += sign * (term // n)
        sign = -sign
    return total


@functools.cache
def pi_digits(count: int = PI_DIGITS) -> tuple[int, ...]:
    """The first ``count`` decimal digits of pi, 3 first (Machin's formula)."""
    guard = 10
    unity = 10 ** (count - 1 + guard)
    pi = 4 * (4 * _arctan_inverse(5, unity) - _arctan_inverse(239, unity))
    return tuple(int(d) for d in str(pi // 10**guard)[:count])


@functools.cache
def pi_throws() -> tuple[int, ...]:
    """The non-zero digits of pi, each mod 3: the pi bot's throws, in order."""
    return tuple(d % 3 for d in pi_digits() if d)


def de_bruijn(symbols: int, order: int) -> tuple[int, ...]:
    """The lexicographically least De Bruijn string B(symbols, order).

    Built by concatenating, in order, the Lyndon words whose length divides
    ``order`` (Fredricksen, Kessler and Maiorana). Read cyclically, it holds
    every string of ``order`` symbols exactly once.
    """
    result: list[int] = []
    word = [0] * (order + 1)

    def extend(t: int, p: int) -> None:
        if t > order:
            if order % p == 0:
                result.extend(word[1 : p + 1])
            return
        word[t] = word[t - p]
        extend(t + 1, p)
        for symbol in range(word[t - p] + 1, symbols):
            word[t] = symbol
            extend(t + 1, t)

    extend(1, 1)
    return tuple(result)


def random_de_bruijn(symbols: int, order: int, rng: random.Random) -> tuple[int, ...]:
    """A De Bruijn string B(symbols, order) drawn at random with ``rng``.

    Every De Bruijn string is an Eulerian circuit of the De Bruijn graph (nodes:
    strings of ``order - 1`` symbols; edges: strings of ``order``); Hierholzer's
    algorithm with shuffled edge order picks one of them.
    """
    unused = {
        node: rng.sample(range(symbols), symbols)
        for node in itertools.product(range(symbols), repeat=order - 1)
    }
    start = tuple(rng.randrange(symbols) for _ in range(order - 1))
    stack = [start]
    circuit: list[tuple[int, ...]] = []
    while stack:
        node = stack[-1]
        if unused[node]:
            stack.append(node[1:] + (unused[node].pop(),))
        else:
            circuit.append(stack.pop())
    circuit.reverse()
    # Each step of the circuit appends one symbol: the last of the new node.
    return tuple(node[-1] for node in circuit[1:])


#: How many different De Bruijn strings the De Bruijn bot plays in a row
#: (12 x 81 = 972 throws, close to a match, as in 1999).
DE_BRUIJN_BLOCKS = 12


@functools.cache
def de_bruijn_blocks() -> tuple[tuple[int, ...], ...]:
    """Twelve different 81-throw De Bruijn strings, played one after another.

    They are drawn at random (from fixed seeds, so the bot never changes), which
    keeps longer runs from repeating between blocks: within a block no run of
    4 throws repeats, and the blocks are unrelated to each other.
    """
    return tuple(
        random_de_bruijn(3, DE_BRUIJN_ORDER, random.Random(f"de-bruijn/{index}"))
        for index in range(DE_BRUIJN_BLOCKS)
    )


@functools.cache
def de_bruijn_throws() -> tuple[int, ...]:
    """The De Bruijn bot's throws: the blocks of :func:`de_bruijn_blocks` in a row."""
    return tuple(throw for block in de_bruijn_blocks() for throw in block)


#: The text bot's text, written for this project. Letters map to throws by
#: their place in the alphabet (a rock, b paper, c scissors, d rock, ...), so
#: English letter frequencies leave the sequence biased, as in 1999.
TEXT = (
    "In the autumn of nineteen ninety nine Darse Billings invited programmers "
    "everywhere to send him a function that plays rock paper scissors. Each "
    "program would meet every other one in a match of one thousand throws, "
    "and the winner would be whoever took the most from the field. Playing at "
    "random guarantees a score of zero on average, so a random player can "
    "never lose by much, but it can never win either. To finish near the top "
    "a program had to find the weaknesses of the others and punish them, "
    "while hiding its own. Billings seeded the field with dummy programs that "
    "were weak on purpose: one always throws rock, one rotates through the "
    "three throws, one copies its opponent, one replays the digits of pi, and "
    "one, like this very sentence, simply spells out a piece of English text. "
    "The strong entries learned to recognise such habits within a few dozen "
    "throws and then to exploit them without mercy, and the best of them also "
    "guarded against opponents who were trying to do the same thing to them. "
    "Iocaine Powder by Dan Egnor won by keeping several predictors, imagining "
    "how each could be second guessed, and trusting whichever had been doing "
    "best lately. A good player in this game is a good detective and a good "
    "liar at the same time, and the contest showed how hard that is to build."
)


@functools.cache
def text_throws() -> tuple[int, ...]:
    """:data:`TEXT` as throws: each letter's alphabet index mod 3."""
    return tuple((ord(c) - ord("a")) % 3 for c in TEXT.lower() if "a" <= c <= "z")
