"""Named sets of opponents a run can evolve against."""

from __future__ import annotations

from protocols.roshambo import dummy_names, make_opponent, openspiel_available

#: The four predictable dummies of the headline experiment.
BASIC = ("rock", "rotate", "beat-last", "beat-frequent")

#: 17 of the 43 real 1999 programs (pyspiel names), in about the proportions of the
#: whole field: three of the strongest, six from the upper middle of the table, and
#: eight exploitable ones (weak entrants and dummies). The proportions matter.
#: Against strong bots alone, exploiting loses and random play is the best a program
#: can do, so evolution settles on random critters that are lucky on the fixed match
#: seeds; the easy bots (rockbot, rotatebot, freqbot2...) are the stepping stones
#: towards history matching, as in the ``basic`` set. The other 26 bots are never seen
#: in evolution, so a critter's rank in the full round robin is mostly out of sample.
FIELD = (
    "iocainebot", "greenberg", "phasenbott",
    "mod1bot", "biopic", "halbot", "shofar", "russrocker4", "granite",
    "sunCrazybot", "peterbot", "copybot", "switchbot", "foxtrotbot",
    "rockbot", "rotatebot", "freqbot2",
)

#: The preset names :func:`resolve_opponents` understands.
PRESETS = ("basic", "suite", "field")


def _preset(name: str) -> tuple[str, ...]:
    if name == "basic":
        return BASIC
    if name == "suite":
        return tuple(dummy_names())
    if not openspiel_available():
        raise ValueError(
            "the 'field' opponents are real 1999 bots from open-spiel: "
            "pip install -e '.[bench]'"
        )
    return FIELD


def resolve_opponents(text: str) -> tuple[str, ...]:
    """A comma-separated list of presets and bot names, expanded, repeats dropped.

    Presets: ``basic``, ``suite`` (every Python dummy), ``field`` (real bots); so
    ``field,basic`` is the 17 real bots and the four dummies. ValueError for an
    unknown name (listing the known ones) or for ``field`` without pyspiel.
    """
    items = [n.strip() for n in text.split(",") if n.strip()]
    if not items:
        raise ValueError(f"expected one of {', '.join(PRESETS)} or NAME,NAME,...; got {text!r}")
    names: list[str] = []
    for item in items:
        if item in PRESETS:
            names.extend(_preset(item))
        else:
            make_opponent(item)  # ValueError naming the known players
            names.append(item)
    return tuple(dict.fromkeys(names))
