"""The blackboard: versioned entries, monotonic generations, immutable values, announcements."""

from __future__ import annotations

import pytest
import trio
from structlog.testing import capture_logs

from runtime import Blackboard, Bus, Entry, EntryChanged, StaleWriteError


async def test_write_records_version_writer_and_generation():
    """Each write bumps the version and records who wrote it for which generation."""
    board = Blackboard()
    first = await board.write("map", (1,), writer="sensor", generation=1)
    second = await board.write("map", (1, 2), writer="mapper", generation=3)
    assert Entry("map", (1,), version=1, writer="sensor", generation=1) == first
    assert Entry("map", (1, 2), version=2, writer="mapper", generation=3) == second
    assert second == board.entry("map")
    assert (1, 2) == board.read("map")
    assert frozenset({"map"}) == board.names()


def test_unwritten_entry_reads_as_default():
    """An entry never written is None, or the default given to read."""
    board = Blackboard()
    assert board.entry("nothing") is None
    assert "fallback" == board.read("nothing", "fallback")


def test_write_for_the_same_generation_is_allowed():
    """Several writers may refine an entry within one generation."""
    board = Blackboard()
    board.write_nowait("x", 1, writer="a", generation=4)
    assert 2 == board.write_nowait("x", 2, writer="b", generation=4).version


def test_stale_write_raises_and_leaves_the_entry_unchanged():
    """A write for an older generation than the entry holds is refused."""
    board = Blackboard()
    board.write_nowait("map", "new", writer="mapper", generation=5)
    with pytest.raises(
        StaleWriteError,
        match=r"^'slow' wrote 'map' for generation 4, but it already holds generation 5 "
        r"\(written by 'mapper'\); a writer must not reason over an older world than the "
        r"board holds$",
    ):
        board.write_nowait("map", "old", writer="slow", generation=4)
    assert Entry("map", "new", 1, "mapper", 5) == board.entry("map")


@pytest.mark.parametrize("value", [[1], {"a": 1}, {1}, bytearray(b"x")])
def test_mutable_values_are_refused(value):
    """Lists, dicts, sets and bytearrays can't go on the board: readers share the object."""
    board = Blackboard()
    kind = type(value).__name__
    with pytest.raises(
        TypeError,
        match=rf"^blackboard entry 'e' from 'w' got a mutable {kind}; write an immutable "
        r"value \(tuple, frozenset, frozen attrs instance\) so readers can't be changed under$",
    ):
        board.write_nowait("e", value, writer="w", generation=1)
    assert board.entry("e") is None


async def test_write_is_announced_on_the_bus_as_entry_changed():
    """A write publishes EntryChanged on topic ``blackboard.<name>``."""
    bus = Bus()
    board = Blackboard(bus, session="s1")
    sub = bus.subscribe("blackboard.*")
    await board.write("map", (), writer="mapper", generation=2)
    await board.write("map", (1,), writer="mapper", generation=3)
    expected = ("blackboard.map", EntryChanged("s1", "map", 1, "mapper", 2))
    assert expected == await sub.receive_with_topic()
    assert EntryChanged("s1", "map", 2, "mapper", 3) == sub.receive_nowait()


async def test_write_nowait_tells_listeners_but_not_the_bus():
    """write_nowait skips the announcement but the activation scheduler still hears of it."""
    bus = Bus()
    board = Blackboard(bus)
    sub = bus.subscribe("*")
    heard = []
    board.add_listener(heard.append)
    entry = board.write_nowait("seed", 1, writer="session", generation=1)
    assert [entry] == heard
    assert 0 == sub.statistics().delivered


async def test_listener_runs_before_write_returns():
    """Listeners see the new entry synchronously, before the writer can be interrupted."""
    board = Blackboard(Bus())
    seen = []
    board.add_listener(lambda entry: seen.append(board.entry(entry.name)))
    await board.write("x", 1, writer="w", generation=1)
    assert [Entry("x", 1, 1, "w", 1)] == seen


async def test_cancelled_write_still_writes():
    """Cancellation can lose the bus announcement, never the write itself."""
    board = Blackboard(Bus())
    with trio.CancelScope() as scope:
        scope.cancel()
        await board.write("x", 1, writer="w", generation=1)
    assert scope.cancelled_caught
    assert 1 == board.read("x")


async def test_trace_logs_reads_and_writes():
    """With trace on, every read and write is a debug event naming who and which version."""
    board = Blackboard(trace=True)
    with capture_logs() as logs:
        await board.write("map", 1, writer="mapper", generation=2)
        board.read("map", reader="explorer")
        board.read("missing", reader="explorer")
    assert [
        {"event": "blackboard.write", "entry": "map", "writer": "mapper", "version": 1,
         "generation": 2, "log_level": "debug"},
        {"event": "blackboard.read", "entry": "map", "reader": "explorer", "version": 1,
         "log_level": "debug"},
        {"event": "blackboard.read", "entry": "missing", "reader": "explorer", "version": 0,
         "log_level": "debug"},
    ] == logs


async def test_no_activity_stream_without_trace():
    """Without trace, reads and writes log nothing."""
    board = Blackboard()
    with capture_logs() as logs:
        await board.write("map", 1, writer="mapper", generation=2)
        board.read("map", reader="explorer")
    assert [] == logs


def test_snapshot_is_a_copy():
    """A snapshot doesn't change when the board does."""
    board = Blackboard()
    board.write_nowait("a", 1, writer="w", generation=1)
    board.write_nowait("b", 2, writer="w", generation=1)
    snap = board.snapshot()
    only_a = board.snapshot(["a", "missing"])
    board.write_nowait("a", 3, writer="w", generation=2)
    assert {"a": Entry("a", 1, 1, "w", 1), "b": Entry("b", 2, 1, "w", 1)} == snap
    assert {"a": Entry("a", 1, 1, "w", 1)} == only_a
