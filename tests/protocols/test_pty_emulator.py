"""The emulator: pyte plus xterm's REP and alternate screen, rendered as snapshots."""

import random

from protocols.pty import Emulator, ScreenSnapshot
from runtime import decode, encode


def test_rep_repeats_the_last_character():
    """``CSI n b`` draws the previous character n more times, as ncurses expects."""
    emulator = Emulator(20, 3)
    emulator.feed(b"-\x1b[6b+--")
    assert "-------+--" == emulator.render()[0].rstrip()


def test_alternate_screen_keeps_the_normal_screen_underneath():
    """Leaving ``?1049`` brings back the normal screen and the saved cursor."""
    emulator = Emulator(20, 3)
    emulator.feed(b"hello")
    emulator.feed(b"\x1b[?1049h\x1b[H\x1b[2Jgame screen")
    assert "game screen" == emulator.render()[0].rstrip()
    emulator.feed(b"\x1b[?1049l")
    assert ("hello", (0, 5)) == (emulator.render()[0].rstrip(), emulator.cursor)


def test_device_status_query_is_answered_to_the_program():
    """A cursor-position query is answered through the reply callback, not drawn."""
    replies = []
    emulator = Emulator(20, 3, reply=replies.append)
    emulator.feed(b"ab\x1b[6n")
    assert [b"\x1b[1;3R"] == replies
    assert "ab" == emulator.render()[0].rstrip()


def test_garbage_bytes_never_raise_and_keep_the_screen_shape():
    """Random bytes (seeded) leave a screen of exactly 24 lines of 80 characters."""
    rng = random.Random(7)
    emulator = Emulator()
    for _ in range(200):
        emulator.feed(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
    snap = emulator.snapshot(1)
    assert 24 == len(snap.lines)
    assert {80} == {len(line) for line in snap.lines}
    assert 0 <= snap.cursor[0] < 24


def test_render_refreshes_only_dirty_lines_and_clears_them():
    """Rendering consumes ``dirty``; an untouched screen renders without work."""
    emulator = Emulator(10, 3)
    emulator.feed(b"\x1b[2;1Hxy")
    assert emulator.render()[1].startswith("xy")
    assert set() == emulator.screen.dirty


def test_snapshot_round_trips_through_the_codec():
    """A snapshot is a message: the msgpack codec carries it unchanged."""
    snap = ScreenSnapshot(lines=("ab", "cd"), cursor=(1, 1), generation=3)
    assert snap == decode(encode(snap))
