"""Hypothesis strategies for the runtime tests.

This lives in tests/runtime/ rather than tests/: putting tests/ on sys.path (which a
tests/conftest.py would do under pytest's default import mode) makes `import runtime`
find the test folder tests/runtime/ as a namespace package instead of the real one.
"""

from __future__ import annotations

import math
from typing import Any

import attrs
from hypothesis import strategies as st

from runtime._messages import message_class, registered_tags

#: Every message type the runtime itself defines (tags in the ``runtime.`` namespace).
RUNTIME_MESSAGE_CLASSES: tuple[type, ...] = tuple(
    message_class(tag) for tag in sorted(registered_tags()) if tag.startswith("runtime.")
)

#: What msgpack can carry for an int: int64 and uint64.
ints = st.integers(min_value=-(2**63), max_value=2**64 - 1)

#: Scalars a message field may hold and the codec must return unchanged.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    ints,
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.binary(max_size=20),
)


#: Hashable values: scalars in nested tuples and frozensets.
hashables = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=3).map(tuple), st.frozensets(children, max_size=3)
    ),
    max_leaves=5,
)


def messages(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Instances of every runtime message type, with each field drawn from ``values``."""
    return st.one_of(
        [st.builds(cls, *[values for _ in attrs.fields(cls)]) for cls in RUNTIME_MESSAGE_CLASSES]
    )


# Messages nest to a fixed depth (a message holding messages holding plain values)
# rather than through ``st.recursive``: a message has up to eleven fields, and
# recursing through all of them makes Hypothesis retry most draws.
_inner_messages = messages(st.one_of(scalars, st.tuples(scalars, scalars)))

#: Any value a message field may hold: scalars, nested tuples, frozensets, messages.
field_values = st.one_of(
    hashables,
    _inner_messages,
    st.tuples(_inner_messages, hashables),
    st.frozensets(_inner_messages, max_size=2),
)

#: Any runtime message, with nested field values (messages two levels deep).
runtime_messages = messages(field_values)


def assert_identical(expected: Any, actual: Any) -> None:
    """Assert ``actual`` is ``expected`` rebuilt: same types all the way down, equal values.

    Stricter than ``==``, which would accept a list for a tuple, 1 for True or
    1.0 for 1, and 0.0 for -0.0.
    """
    assert type(expected) is type(actual), f"{expected!r} came back as {actual!r}"
    if type(expected) is tuple:
        assert len(expected) == len(actual)
        for e, a in zip(expected, actual, strict=True):
            assert_identical(e, a)
    elif type(expected) is frozenset:
        assert len(expected) == len(actual)
        unmatched = list(actual)
        for e in expected:
            for i, a in enumerate(unmatched):
                if _identical(e, a):
                    del unmatched[i]
                    break
            else:
                raise AssertionError(f"{e!r} of {expected!r} is missing from {actual!r}")
    elif attrs.has(type(expected)):
        for field in attrs.fields(type(expected)):
            assert_identical(getattr(expected, field.name), getattr(actual, field.name))
    elif type(expected) is float:
        assert math.copysign(1.0, expected) == math.copysign(1.0, actual)
        assert expected == actual
    else:
        assert expected == actual


def _identical(expected: Any, actual: Any) -> bool:
    try:
        assert_identical(expected, actual)
    except AssertionError:
        return False
    return True

