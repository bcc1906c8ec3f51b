"""The msgpack codec: messages to bytes and back, unchanged.

Wire format. A message is a msgpack extension (code 1) whose data is the msgpack
array ``[tag, field_1, ..., field_n]`` in attrs field order; fields may hold nested
messages. Tuples travel as arrays and come back as tuples; frozensets use extension
code 2. Lists, sets and other mutable containers are refused at encode time:
messages are immutable, and a list would come back as a tuple, which is not
"unchanged". Dicts are allowed as plain msgpack maps (keys must be str or int).

A frame on a stream is the msgpack object itself; msgpack is self-delimiting, so
:class:`FrameDecoder` can cut a byte stream into messages without a length prefix.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterator
from typing import Any, NoReturn

import attrs
import msgpack

from ._exceptions import CodecError, UnknownMessageTypeError
from ._messages import message_class, message_tag, registered_tags

_MESSAGE_EXT = 1
_FROZENSET_EXT = 2

#: Frames larger than this are refused, so a corrupt length can't make us allocate
#: gigabytes. Sixteen MiB is far above any screen or game state we send.
MAX_FRAME_BYTES = 16 * 1024 * 1024

#: How deeply messages and frozensets may nest inside one another. Each level is a
#: nested msgpack call holding tens of KiB of C stack, so without a bound a crafted
#: frame of a few hundred bytes (~200 nested extensions) overflows the stack and
#: kills the process with a segfault instead of raising CodecError. Encoding checks
#: the same bound, so every frame we write, we can read.
MAX_NESTING = 32

# msgpack packs these natively even with ``strict_types``, so ``_default`` never
# sees them; they are checked by hand where they can appear (fields, tuple items).
_MUTABLE_NATIVE = (list, bytearray)


def _refuse_lists(values: Any) -> None:
    for value in values:
        if type(value) in _MUTABLE_NATIVE:
            _refuse(value)


def _refuse(obj: Any) -> NoReturn:
    raise CodecError(
        f"cannot encode {type(obj).__name__} {obj!r:.60}: message fields must be "
        f"immutable; use a tuple or frozenset"
    )


def _too_deep() -> CodecError:
    return CodecError(
        f"messages and frozensets nest more than {MAX_NESTING} levels deep; "
        f"flatten the value"
    )


def _default(obj: Any, depth: int = 0) -> Any:
    if type(obj) is tuple:
        _refuse_lists(obj)
        return list(obj)
    tag = message_tag(obj)
    if tag is not None and attrs.has(type(obj)):
        fields = [getattr(obj, f.name) for f in attrs.fields(type(obj))]
        _refuse_lists(fields)
        return msgpack.ExtType(_MESSAGE_EXT, _pack([tag, *fields], depth + 1))
    if isinstance(obj, frozenset):
        return msgpack.ExtType(_FROZENSET_EXT, _pack(sorted(obj, key=repr), depth + 1))
    if isinstance(obj, (list, set, bytearray)):
        _refuse(obj)
    if isinstance(obj, enum.Enum):
        return obj.value
    raise CodecError(
        f"cannot encode {type(obj).__qualname__} {obj!r:.60}: not a registered message "
        f"(decorate its class with @message) nor a msgpack type"
    )


def _pack(obj: Any, depth: int = 0) -> bytes:
    # ``strict_types`` hands tuples, enums and other subclasses of builtins to
    # ``_default``, which checks them; a list nested in a dict slips through and
    # comes back as a tuple.
    if depth > MAX_NESTING:
        raise _too_deep()
    return msgpack.packb(obj, default=_DEFAULTS[depth], strict_types=True, use_bin_type=True)


def _ext_hook(code: int, data: bytes, depth: int = 0) -> Any:
    if code == _FROZENSET_EXT:
        return frozenset(_unpack(data, depth + 1))
    if code != _MESSAGE_EXT:
        raise CodecError(f"malformed frame: unknown msgpack extension code {code}")
    parts = _unpack(data, depth + 1)
    if not isinstance(parts, tuple) or not parts or not isinstance(parts[0], str):
        raise CodecError(f"malformed frame: message body is not [tag, fields...]: {parts!r:.80}")
    tag, *values = parts
    try:
        cls = message_class(tag)
    except KeyError:
        raise UnknownMessageTypeError(
            f"unknown message type {tag!r}: no class is registered under that tag "
            f"(known: {', '.join(sorted(registered_tags()))}); is the module that "
            f"defines it imported?"
        ) from None
    fields = attrs.fields(cls)
    if len(values) != len(fields):
        raise CodecError(
            f"malformed frame: {tag!r} has {len(fields)} fields, the frame carries {len(values)}"
        )
    try:
        return cls(*values)
    except (TypeError, ValueError) as exc:
        raise CodecError(f"malformed frame: cannot build {tag!r}: {exc}") from exc


def _unpack(data: bytes, depth: int = 0) -> Any:
    if depth > MAX_NESTING:
        raise _too_deep()
    return msgpack.unpackb(
        data, ext_hook=_EXT_HOOKS[depth], use_list=False, raw=False, strict_map_key=False
    )


# One callback per nesting level, made once: msgpack calls them with two arguments.
_DEFAULTS = tuple(functools.partial(_default, depth=d) for d in range(MAX_NESTING + 1))
_EXT_HOOKS = tuple(functools.partial(_ext_hook, depth=d) for d in range(MAX_NESTING + 1))


def encode(obj: Any) -> bytes:
    """Encode a message (or any immutable msgpack-able value) to one frame."""
    try:
        if type(obj) in _MUTABLE_NATIVE:
            _refuse(obj)
        return _pack(obj)
    except CodecError:
        raise
    except (TypeError, ValueError, OverflowError) as exc:
        raise CodecError(f"cannot encode {obj!r:.80}: {exc}") from exc


def decode(frame: bytes) -> Any:
    """Decode exactly one frame; raises :class:`CodecError` on anything malformed."""
    if len(frame) > MAX_FRAME_BYTES:
        raise CodecError(f"frame of {len(frame)} bytes exceeds the limit of {MAX_FRAME_BYTES}")
    try:
        return _unpack(frame)
    except CodecError:
        raise
    except msgpack.ExtraData as exc:
        raise CodecError(
            f"malformed frame: {len(exc.extra)} bytes after the first message; "
            f"use FrameDecoder for streams"
        ) from None
    except (ValueError, TypeError, msgpack.UnpackException) as exc:
        raise CodecError(f"malformed frame: {exc or type(exc).__name__}") from exc


class FrameDecoder:
    """Cut a byte stream (socket, pipe) into messages as bytes arrive.

    Feed bytes with :meth:`feed`, then iterate to get every complete message;
    a partial message waits for more bytes.
    """

    def __init__(self) -> None:
        self._unpacker = msgpack.Unpacker(
            ext_hook=_ext_hook,
            use_list=False,
            raw=False,
            strict_map_key=False,
            max_buffer_size=MAX_FRAME_BYTES,
        )

    def feed(self, data: bytes) -> None:
        try:
            self._unpacker.feed(data)
        except msgpack.BufferFull:
            raise CodecError(f"frame exceeds the limit of {MAX_FRAME_BYTES} bytes") from None

    def __iter__(self) -> Iterator[Any]:
        while True:
            try:
                yield next(self._unpacker)
            except StopIteration:
                return
            except CodecError:
                raise
            except (ValueError, TypeError, msgpack.UnpackException) as exc:
                raise CodecError(f"malformed frame in stream: {exc}") from exc
