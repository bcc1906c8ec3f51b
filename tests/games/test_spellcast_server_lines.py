"""The line reader the Spellcast server (and client) read with: framing and its limits."""

import pytest
import trio
import trio.testing

from games.spellcast.server import (
    LineReader,
    MalformedLineError,
    OversizedLineError,
    encode_line,
)


async def _reader_over(data: bytes, max_line: int = 16) -> LineReader:
    send, receive = trio.testing.memory_stream_pair()
    await send.send_all(data)
    await send.aclose()
    return LineReader(receive, max_line)


async def test_lines_end_with_newline_or_crlf():
    """Both "\\n" and "\\r\\n" end a line and neither is part of it."""
    reader = await _reader_over(b"READY\r\nWHO\nSAY hi\r\n")
    assert [await reader.receive_line() for _ in range(4)] == ["READY", "WHO", "SAY hi", None]


async def test_a_last_line_without_newline_is_still_a_line():
    """Text left when the stream ends is returned before the end of stream."""
    reader = await _reader_over(b"READY\nQUIT")
    assert [await reader.receive_line() for _ in range(3)] == ["READY", "QUIT", None]


async def test_an_oversized_line_is_reported_once_and_skipped():
    """A line past the limit raises once; the next line reads normally."""
    reader = await _reader_over(b"A" * 40 + b"\nWHO\n")
    with pytest.raises(OversizedLineError, match="longer than 16 bytes"):
        await reader.receive_line()
    assert await reader.receive_line() == "WHO"
    assert await reader.receive_line() is None


async def test_a_ten_megabyte_line_never_holds_more_than_the_limit():
    """A 10 MB line streamed in chunks is discarded as it comes, the buffer stays small."""
    send, receive = trio.testing.memory_stream_pair()
    reader = LineReader(receive, 512)
    errors = []
    lines = []

    async def read_all():
        while True:
            try:
                line = await reader.receive_line()
            except OversizedLineError as exc:
                errors.append(str(exc))
                continue
            if line is None:
                return
            lines.append(line)
            assert len(reader._buffer) <= 512 + 65536

    async with trio.open_nursery() as nursery:
        nursery.start_soon(read_all)
        chunk = b"x" * 1_000_000
        for _ in range(10):
            await send.send_all(chunk)
        await send.send_all(b"\nREADY\n")
        await send.aclose()
    assert errors == ["line longer than 512 bytes"]
    assert lines == ["READY"]


async def test_text_that_is_not_utf8_is_malformed():
    """Invalid UTF-8 raises MalformedLineError naming the byte, then reading goes on."""
    reader = await _reader_over(b"NAME \xff\xfe\nWHO\n")
    with pytest.raises(MalformedLineError, match="not UTF-8 text: invalid start byte at byte 5"):
        await reader.receive_line()
    assert await reader.receive_line() == "WHO"


def test_encoded_lines_end_in_crlf_and_cannot_split():
    """A line goes out UTF-8 with "\\r\\n", embedded breaks flattened to spaces."""
    assert encode_line("201 bob :hi\r\nthere") == b"201 bob :hi  there\r\n"


async def test_a_client_whose_outbox_overflows_is_dropped_not_waited_for():
    """send() never blocks: past the outbox bound the client is dropped with a reason."""
    from games.spellcast.server._connection import Connection

    send, receive = trio.open_memory_channel(2)
    conn = Connection(1, "test", idle_timeout=None)
    conn.attach(send)
    with trio.CancelScope() as scope:
        conn.scope = scope
        for n in range(3):
            conn.send(f"201 x :line {n}")
    assert scope.cancel_called
    assert conn.drop_reason == "not reading: more than 20000 lines queued"
    assert [receive.receive_nowait() for _ in range(2)] == [b"201 x :line 0\r\n",
                                                           b"201 x :line 1\r\n"]


async def test_the_idle_clock_runs_only_while_the_server_waits(autojump_clock):
    """expect(True) starts the clock, a line restarts it, expect(False) stops it."""
    from games.spellcast.server._connection import Connection

    conn = Connection(1, "test", idle_timeout=10.0)
    assert conn.deadline == float("inf")
    conn.expect(True)
    assert conn.deadline == trio.current_time() + 10.0
    await trio.sleep(4)
    conn.expect(True)  # already running: unchanged
    assert conn.deadline == trio.current_time() + 6.0
    conn.touched()
    assert conn.deadline == trio.current_time() + 10.0
    conn.expect(False)
    assert conn.deadline == float("inf")
