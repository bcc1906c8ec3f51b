"""The Iocaine-plus decision: follow the leading horizon's nominee, or go random.

A pure function of the current guesses (:class:`._predictors.Guesses`), the
meta-strategy's standing (:class:`._meta.MetaView`) and a seeded
``random.Random``.
"""

from __future__ import annotations

import random

from ._meta import MetaView
from ._predictors import Guesses
from ._rules import MOVE_NAMES, beater

#: Below this merit the leading horizon is itself being beaten: play at random.
FALLBACK_MERIT = -5.0


def choose_iocaine(
    guesses: Guesses,
    view: MetaView,
    rng: random.Random,
    fallback_merit: float = FALLBACK_MERIT,
) -> tuple[int, str]:
    """The throw and a one-line rationale.

    The leading horizon's nominee strategy ``3 * i + r`` throws
    ``beater(guess_i) + r``. When no strategy can be nominated yet, or the leading
    horizon's merit is below ``fallback_merit`` (we are being read), the throw is
    uniformly random — the one strategy that cannot be exploited.
    """
    pick = view.picks[view.leader]
    if pick.strategy < 0 or pick.merit < fallback_merit:
        move = rng.randrange(3)
        why = "no strategy yet" if pick.strategy < 0 else f"best merit {pick.merit:.1f}"
        return move, f"iocaine: {why}, playing at random → {MOVE_NAMES[move]}"
    index, rotation = divmod(pick.strategy, 3)
    guess = guesses.moves[index]
    assert guess is not None
    move = (beater(guess) + rotation) % 3
    rotated = f" rotated +{rotation}" if rotation else ""
    return move, (
        f"iocaine: predictor {guesses.names[index]}{rotated} leads"
        f" (score {pick.score:+d} over {pick.span}) → {MOVE_NAMES[move]}"
    )
