"""The pty terminal: spawning, frames, key timing, the watchdog and teardown.

Every test runs a small scripted program in a real pseudo-terminal and checks that
the child is reaped and no descriptor is left open, however the session ended.
"""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
import trio
from pty_helpers import assert_reaped, open_fds

from protocols.pty import (
    KeyTiming,
    PtyTerminal,
    ReplayMismatchError,
    ReplayTerminal,
    Watchdog,
    any_output,
    read_cast,
)
from runtime import GameProcessError

ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}


def script(tmp_path, body: str) -> list[str]:
    """argv running ``body`` as a Python program with its terminal in raw mode."""
    path = tmp_path / "game.py"
    path.write_text("import os, sys, time, tty\ntty.setraw(0)\n" + textwrap.dedent(body))
    return [sys.executable, str(path)]


def ready_on(text: str):
    return lambda snap: text in snap.text()


async def test_size_and_term_are_pinned(tmp_path):
    """The program sees the terminal size and TERM it was given, whatever ours are."""
    argv = ["sh", "-c", "stty size; echo TERM=$TERM; read x"]
    async with PtyTerminal(argv, env=ENV, size=(30, 100), term="vt100") as terminal:
        snap = await terminal.wait_frame(ready_on("TERM="))
    assert "30 100" == snap.lines[0].rstrip()
    assert "TERM=vt100" == snap.lines[1].rstrip()
    assert (30, 100) == (len(snap.lines), len(snap.lines[0]))


async def test_exit_is_reported_with_its_status_and_the_child_reaped(tmp_path):
    """A program that exits ends the frame with ``exited`` and its status in words."""
    before = open_fds()
    terminal = PtyTerminal(["sh", "-c", "echo bye; exit 3"], env=ENV)
    async with terminal:
        snap = await terminal.wait_frame(ready_on("never shown"))
        assert snap.exited
        assert "bye" == snap.lines[0].rstrip()
        assert terminal.exit_description.endswith("exited with status 3")
    assert_reaped(terminal.pid)
    assert before == open_fds()


async def test_key_without_output_completes_once_the_program_waits_again(tmp_path):
    """A key that produces no output ends its frame within milliseconds, not at a timeout."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        while True:
            os.read(0, 1)
    """)
    watchdog = Watchdog(hang_timeout=5.0)
    async with PtyTerminal(argv, env=ENV, watchdog=watchdog) as terminal:
        await terminal.wait_frame(ready_on("ready"))
        started = time.perf_counter()
        for _ in range(5):
            await terminal.exchange("s", ready_on("never shown"))
        elapsed = time.perf_counter() - started
    assert elapsed < 1.0


async def test_a_turn_drawn_in_two_refreshes_is_one_frame(tmp_path):
    """A screen that looks at rest while the program still works on the key is not taken:
    the frame waits for what the program writes before it reads its next key."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        for turn in range(3):
            os.read(0, 1)
            os.write(1, b"\\r\\nturn %d @" % turn)
            end = time.monotonic() + 0.05
            while time.monotonic() < end:   # busy: the rest of the turn
                pass
            os.write(1, b" --More--")
        os.read(0, 1)
    """)
    async with PtyTerminal(argv, env=ENV) as terminal:
        await terminal.wait_frame(ready_on("ready"))
        frames = [await terminal.exchange("k", ready_on("@")) for _ in range(3)]
    for turn, snap in enumerate(frames):
        assert snap.lines[turn + 1].rstrip() == f"turn {turn} @ --More--"


async def test_bytes_written_to_a_file_do_not_hold_up_the_frame(tmp_path):
    """Written bytes that never reach the terminal (a save file) delay a frame by at most
    ``Watchdog.in_flight``: they are not taken for output still on its way."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        os.read(0, 1)
        with open("save.dat", "wb") as f:
            f.write(b"x" * 100_000)
        os.write(1, b" saved @")
        os.read(0, 1)
    """)
    watchdog = Watchdog(hang_timeout=5.0, in_flight=0.2)
    async with PtyTerminal(argv, env=ENV, cwd=str(tmp_path), watchdog=watchdog) as terminal:
        await terminal.wait_frame(ready_on("ready"))
        started = time.perf_counter()
        snap = await terminal.exchange("s", ready_on("@"))
        elapsed = time.perf_counter() - started
    assert "ready saved @" == snap.lines[0].rstrip()
    assert 0.2 <= elapsed < 2.0


async def test_bare_esc_is_followed_by_silence(tmp_path):
    """The byte after a trailing ESC reaches the program only after ``esc_silence``.

    Measured from before the ESC is sent to when the program reads the next byte,
    both on the system's monotonic clock: a loaded machine can only make that
    later, so the bound holds however slowly the program is scheduled (timing the
    gap between the program's own two reads made it flaky: a late first read
    shortens it)."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        os.read(0, 1)
        os.read(0, 1)
        os.write(1, b"at=%.6f" % time.monotonic())
        os.read(0, 1)
    """)
    timing = KeyTiming(esc_silence=0.3)
    async with PtyTerminal(argv, env=ENV, timing=timing) as terminal:
        await terminal.wait_frame(ready_on("ready"))
        before_esc = time.monotonic()
        await terminal.send("\x1b")
        snap = await terminal.exchange("x", ready_on("at="))
    read_at = float(snap.lines[0].split("at=")[1].split()[0])
    assert read_at - before_esc >= 0.3


async def test_program_that_stops_reading_is_a_hang(tmp_path):
    """A program that takes a key and then neither answers nor reads again (asleep,
    but not in a read) ends the wait with GameProcessError after hang_timeout."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        os.read(0, 1)
        time.sleep(60)
    """)
    before = open_fds()
    terminal = PtyTerminal(argv, env=ENV, watchdog=Watchdog(hang_timeout=0.5), grace=0.2)
    async with terminal:
        await terminal.wait_frame(ready_on("ready"))
        with pytest.raises(GameProcessError, match=r"^game hung: no complete frame within "
                                                   r"0\.5 s \(pid \d+, state busy\)$"):
            await terminal.exchange("a", ready_on("never shown"))
    assert_reaped(terminal.pid)
    assert before == open_fds()


async def test_busy_program_is_a_hang(tmp_path):
    """A program that computes forever after a key is reported hung, then killed."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        os.read(0, 1)
        while True:
            pass
    """)
    terminal = PtyTerminal(argv, env=ENV, watchdog=Watchdog(hang_timeout=0.5), grace=0.2)
    async with terminal:
        await terminal.wait_frame(ready_on("ready"))
        with pytest.raises(GameProcessError, match=r"no complete frame within 0\.5 s"):
            await terminal.exchange("a", ready_on("never shown"))
    assert_reaped(terminal.pid)


async def test_stopped_program_is_reported_at_once_and_still_reaped(tmp_path):
    """A SIGSTOPped game is a hang found by its state, well before the timeout."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        while True:
            os.read(0, 1)
            os.write(1, b".")
    """)
    terminal = PtyTerminal(argv, env=ENV, watchdog=Watchdog(hang_timeout=30.0), grace=0.2)
    async with terminal:
        await terminal.wait_frame(ready_on("ready"))
        os.kill(terminal.pid, signal.SIGSTOP)
        started = time.perf_counter()
        with pytest.raises(GameProcessError, match=r"the game process is stopped"):
            await terminal.exchange("a", ready_on("never shown"))
        assert time.perf_counter() - started < 5.0
    assert_reaped(terminal.pid)


#: A debugger in a few lines: attach to the pid, say so once it holds it, let go later.
DEBUGGER = """
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
pid = int(sys.argv[1])
if libc.ptrace(16, pid, None, None) != 0:  # PTRACE_ATTACH
    print("refused", os.strerror(ctypes.get_errno()), flush=True)
    sys.exit(0)
os.waitpid(pid, 0)
print("held", flush=True)
time.sleep(float(sys.argv[2]))
libc.ptrace(17, pid, None, None)  # PTRACE_DETACH
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's ptrace")
async def test_a_game_held_by_a_debugger_is_waited_for_not_called_stopped(tmp_path):
    """A debugger's hold (state "t": gdb attaching, or stopped at a breakpoint) is not a
    SIGSTOP: the frame comes once the debugger lets go, within the timeout."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        while True:
            os.read(0, 1)
            os.write(1, b"got it")
    """)
    terminal = PtyTerminal(argv, env=ENV, watchdog=Watchdog(hang_timeout=30.0), grace=0.2)
    async with terminal:
        await terminal.wait_frame(ready_on("ready"))
        debugger = subprocess.Popen([sys.executable, "-c", DEBUGGER, str(terminal.pid), "0.5"],
                                    stdout=subprocess.PIPE, text=True)
        said = debugger.stdout.readline().split()
        if said[:1] != ["held"]:
            debugger.wait()
            pytest.skip(f"ptrace not permitted here: {' '.join(said[1:])}")
        assert _state_letter(terminal.pid) == "t"
        started = time.perf_counter()
        snap = await terminal.exchange("a", ready_on("got it"))
        assert "got it" in snap.text()
        assert time.perf_counter() - started >= 0.3  # it waited out the hold
        debugger.wait()
    assert_reaped(terminal.pid)


def _state_letter(pid: int) -> str:
    with open(f"/proc/{pid}/stat", "rb") as f:
        return f.read().rsplit(b")", 1)[1].split()[0].decode()


async def test_cancelling_a_wait_reaps_the_child_and_closes_everything(tmp_path):
    """Cancellation in the middle of a frame still tears the program down."""
    argv = script(tmp_path, """
        os.write(1, b"ready")
        os.read(0, 1)
        time.sleep(60)
    """)
    before = open_fds()
    terminal = PtyTerminal(argv, env=ENV, grace=0.2)
    with trio.move_on_after(0.5) as scope:
        async with terminal:
            await terminal.wait_frame(ready_on("ready"))
            await terminal.exchange("a", ready_on("never shown"))
            await terminal.exchange("b", ready_on("never shown"))
    assert scope.cancelled_caught
    assert_reaped(terminal.pid)
    assert before == open_fds()


async def test_missing_program_raises_and_leaves_nothing_open(tmp_path):
    """A program that cannot be started raises FileNotFoundError and leaks no descriptor."""
    before = open_fds()
    with pytest.raises(FileNotFoundError):
        async with PtyTerminal([str(tmp_path / "no-such-game")], env=ENV):
            pass
    assert before == open_fds()


async def test_recorded_session_replays_to_the_same_screen(tmp_path):
    """A cast written by the terminal plays back to the same screen, key by key."""
    argv = script(tmp_path, """
        os.write(1, b"\\x1b[2J\\x1b[Hready")
        for i in range(3):
            k = os.read(0, 1)
            os.write(1, b"\\x1b[%d;1Hgot %s" % (i + 2, k))
    """)
    cast_path = tmp_path / "session.cast"
    async with PtyTerminal(argv, env=ENV, record=cast_path) as terminal:
        await terminal.wait_frame(ready_on("ready"))
        for key in "abc":
            live = await terminal.exchange(key, ready_on(f"got b'{key}'"))
    cast = read_cast(cast_path)
    assert (b"a", b"b", b"c") == cast.inputs()
    replay = ReplayTerminal(cast, strict=True)
    async with replay:
        await replay.wait_frame(any_output)
        for key in "abc":
            replayed = await replay.exchange(key, any_output)
    assert live.lines == replayed.lines


async def test_strict_replay_refuses_a_key_the_recording_does_not_have(tmp_path):
    """A strict replay names the key, the recorded one and where they differ."""
    replay = ReplayTerminal(os.path.join(os.path.dirname(__file__), "..", "data", "rogue",
                                         "seed-107.cast"), strict=True)
    async with replay:
        await replay.wait_frame(any_output)
        with pytest.raises(ReplayMismatchError,
                           match=r"^key 1 is b'k', but the recording has b'j' at event 2$"):
            await replay.send("k")
