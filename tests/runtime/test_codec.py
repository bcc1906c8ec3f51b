"""The msgpack codec: messages cross a byte boundary unchanged, and bad bytes are refused."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import (
    RUNTIME_MESSAGE_CLASSES,
    assert_identical,
    field_values,
    runtime_messages,
)

from runtime import (
    CodecError,
    Decision,
    EntryChanged,
    FrameDecoder,
    GameResult,
    Observation,
    Proposal,
    SessionResult,
    UnknownMessageTypeError,
    decode,
    encode,
)
from runtime._codec import MAX_NESTING

LIST_REFUSED = (
    r"^cannot encode list \[1, 2\]: message fields must be immutable; "
    r"use a tuple or frozenset$"
)


def test_every_runtime_message_type_is_covered():
    """The strategies generate every message class the runtime registers."""
    expected = {Decision, EntryChanged, GameResult, Observation, Proposal, SessionResult}
    assert expected <= set(RUNTIME_MESSAGE_CLASSES)


@given(runtime_messages)
def test_message_round_trips_unchanged(message):
    """Every runtime message comes back from encode/decode with the same types and values."""
    assert_identical(message, decode(encode(message)))


@given(field_values)
def test_field_value_round_trips_unchanged(value):
    """Field values (scalars, nested tuples, frozensets, messages) survive on their own."""
    assert_identical(value, decode(encode(value)))


def test_typical_decision_round_trips():
    """A decision with nested verdict tuples, a frozenset action and a message payload."""
    decision = Decision(
        7,
        "melee",
        frozenset({("hit", 1), ("hit", 2)}),
        "monster adjacent",
        (("melee", "proposed", ("hit", 1), "adjacent"), ("explore", "none", None, "")),
    )
    observation = Observation(7, decision, terminal=True)
    assert_identical(observation, decode(encode(observation)))


@pytest.mark.parametrize(
    "value",
    [
        Proposal([1, 2], "r"),
        Proposal(("ok", [1, 2]), "r"),
        Proposal(((("deep", [1, 2]),),), "r"),
        Observation(1, Proposal([1, 2], "nested message")),
        [1, 2],
    ],
    ids=["field", "in-tuple", "deep-in-tuple", "in-nested-message", "top-level"],
)
def test_lists_are_refused(value):
    """A list anywhere a tuple could be is refused, naming the remedy."""
    with pytest.raises(CodecError, match=LIST_REFUSED):
        encode(value)


@pytest.mark.parametrize(
    "value, name",
    [({1, 2}, "set"), (bytearray(b"ab"), "bytearray")],
)
def test_other_mutable_containers_are_refused(value, name):
    """Sets and bytearrays are refused too, in a field or at the top level."""
    message = f"^cannot encode {name} .*: message fields must be immutable; use a tuple"
    with pytest.raises(CodecError, match=message):
        encode(Proposal(value, "r"))
    with pytest.raises(CodecError, match=message):
        encode(value)


def test_unregistered_object_is_refused():
    """An object that is neither a message nor a msgpack type is refused by name."""

    class Thing:
        def __repr__(self) -> str:
            return "Thing()"

    with pytest.raises(
        CodecError,
        match=r"^cannot encode test_unregistered_object_is_refused.<locals>.Thing Thing\(\): "
        r"not a registered message \(decorate its class with @message\) nor a msgpack type$",
    ):
        encode(Proposal(Thing(), "r"))


def test_unknown_type_tag_raises_unknown_message_type():
    """A frame naming an unregistered tag raises UnknownMessageTypeError, a CodecError."""
    frame = msgpack.packb(msgpack.ExtType(1, msgpack.packb(["no.such.type", 1, 2])))
    with pytest.raises(
        UnknownMessageTypeError,
        match=r"^unknown message type 'no.such.type': no class is registered under that tag "
        r"\(known: .*runtime.proposal.*\); is the module that defines it imported\?$",
    ):
        decode(frame)
    assert issubclass(UnknownMessageTypeError, CodecError)


def test_wrong_field_count_is_refused():
    """A frame with too few fields for its tag is malformed."""
    frame = msgpack.packb(msgpack.ExtType(1, msgpack.packb(["runtime.proposal", 1])))
    with pytest.raises(
        CodecError,
        match=r"^malformed frame: 'runtime.proposal' has 2 fields, the frame carries 1$",
    ):
        decode(frame)


def test_trailing_bytes_are_refused():
    """decode takes exactly one frame; more bytes point to FrameDecoder."""
    frame = encode(Proposal(1, "r")) * 2
    with pytest.raises(
        CodecError,
        match=r"^malformed frame: \d+ bytes after the first message; use FrameDecoder",
    ):
        decode(frame)


@given(runtime_messages, st.data())
def test_truncated_frame_raises_codec_error(message, data):
    """Any strict prefix of a frame is refused as malformed."""
    frame = encode(message)
    cut = data.draw(st.integers(min_value=0, max_value=len(frame) - 1))
    with pytest.raises(CodecError):
        decode(frame[:cut])


@given(st.binary(max_size=200))
@settings(max_examples=500)
def test_garbage_raises_only_codec_error(garbage):
    """Random bytes decode to something or raise CodecError, never another exception."""
    try:
        decode(garbage)
    except CodecError:
        pass


@given(st.binary(max_size=200), st.integers(min_value=1, max_value=17))
def test_garbage_in_a_stream_raises_only_codec_error(garbage, chunk):
    """FrameDecoder fed random bytes yields values or raises CodecError, nothing else."""
    decoder = FrameDecoder()
    try:
        for start in range(0, len(garbage), chunk):
            decoder.feed(garbage[start : start + chunk])
            for _ in decoder:
                pass
    except CodecError:
        pass


def _nested_frozensets(depth: int) -> bytes:
    frame = msgpack.packb(())
    for _ in range(depth):
        frame = msgpack.packb(msgpack.ExtType(2, frame))
    return frame


def test_deeply_nested_frame_is_refused_not_a_crash():
    """A tiny frame of deeply nested extensions raises CodecError instead of overflowing the
    C stack (it used to kill the interpreter with a segfault at ~200 levels)."""
    too_deep = (
        rf"^messages and frozensets nest more than {MAX_NESTING} levels deep; flatten the value$"
    )
    frame = _nested_frozensets(5000)
    assert len(frame) < 30_000
    with pytest.raises(CodecError, match=too_deep):
        decode(frame)
    decoder = FrameDecoder()
    decoder.feed(frame)
    with pytest.raises(CodecError, match=too_deep):
        list(decoder)


def test_nesting_limit_is_the_same_for_encode_and_decode():
    """Whatever nesting encode accepts, decode accepts; one level more, both refuse."""
    value: object = None
    for _ in range(MAX_NESTING):
        value = Proposal(value, "r")
    assert_identical(value, decode(encode(value)))
    with pytest.raises(CodecError, match=r"nest more than \d+ levels deep"):
        encode(Proposal(value, "r"))
    assert frozenset() == decode(_nested_frozensets(MAX_NESTING))
    with pytest.raises(CodecError, match=r"nest more than \d+ levels deep"):
        decode(_nested_frozensets(MAX_NESTING + 1))


@given(st.lists(runtime_messages, max_size=5), st.data())
@settings(max_examples=50)
def test_frame_decoder_splits_a_stream_fed_in_random_chunks(messages, data):
    """Messages concatenated on a stream come out whole and in order, however it is cut."""
    stream = b"".join(encode(m) for m in messages)
    cuts = sorted(
        data.draw(st.lists(st.integers(min_value=0, max_value=len(stream)), max_size=10))
    )
    decoder = FrameDecoder()
    received = []
    start = 0
    for end in [*cuts, len(stream)]:
        decoder.feed(stream[start:end])
        received.extend(decoder)
        start = end
    assert len(messages) == len(received)
    for sent, got in zip(messages, received, strict=True):
        assert_identical(sent, got)


def test_frame_decoder_holds_a_partial_message_until_the_rest_arrives():
    """A message missing its last byte is not yielded; the last byte completes it."""
    frame = encode(Proposal(("a", 1), "because"))
    decoder = FrameDecoder()
    decoder.feed(frame[:-1])
    assert [] == list(decoder)
    decoder.feed(frame[-1:])
    assert [Proposal(("a", 1), "because")] == list(decoder)
