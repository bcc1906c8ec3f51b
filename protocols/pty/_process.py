"""A program in a pseudo-terminal, under trio: spawn, read, write, reap.

Spawning. ``posix_spawn`` starts the child in a new session (``setsid``) and opens
the pty's slave by name as its stdin — the first terminal a session leader opens
becomes its controlling terminal — then duplicates it to stdout and stderr. The
screen size is set on the pty before the child starts, and the environment is the
caller's, so TERM, LINES and COLUMNS are pinned. The parent keeps only the master
(close-on-exec, non-blocking); the slave is closed once the child holds it, so the
master reads end (EIO) when the child and its descendants have closed the terminal.

Reading never blocks the event loop: :meth:`PtyProcess.read_nowait` reads what is
there, and :meth:`PtyProcess.wait_readable` parks on the master in trio's epoll.

Reaping. The child is watched through a pidfd, so waiting for it is an epoll
wait too. :meth:`PtyProcess.aclose` is the one way out and is shielded from
cancellation: hang up and terminate the child, give it ``grace`` seconds, kill it
(logging a warning that names the ``grace`` knob), wait for it, then close the
master and the pidfd. After ``aclose`` no zombie and no descriptor is left,
whether the game ended, hung, crashed or the caller was cancelled.
"""

from __future__ import annotations

import errno
import fcntl
import os
import platform
import signal
import struct
import termios
from collections.abc import Mapping, Sequence

import structlog
import trio

_log = structlog.get_logger("belligerent.pty")

#: Bytes asked for per read; a full 80x24 redraw is about 2 KB.
READ_SIZE = 65536

#: System calls in which a terminal program waits for a key (read, poll, select and
#: their variants), by machine. A game asleep in anything else (nanosleep for an
#: animation, a lock) is not waiting for input.
_INPUT_WAIT_SYSCALLS = {
    "x86_64": frozenset({0, 7, 23, 270, 271}),
    "aarch64": frozenset({63, 72, 73}),
}
_READ_SYSCALL = {"x86_64": 0, "aarch64": 63}


def describe_status(status: int | None) -> str:
    """``0`` -> "exited with status 0"; ``-9`` -> "was killed by signal SIGKILL"."""
    if status is None:
        return "is still running"
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return f"was killed by signal {name}"
    return f"exited with status {status}"


class PtyProcess(trio.abc.AsyncResource):
    """One child process attached to a pseudo-terminal of a fixed size.

    Build it with :meth:`spawn`. Invariant: while the object is open, ``fd`` is the
    master and ``pid`` is a child of ours not yet reaped unless ``returncode`` is set.
    """

    def __init__(self, pid: int, master_fd: int, pidfd: int, argv: Sequence[str],
                 size: tuple[int, int], slave_path: str) -> None:
        self.pid = pid
        self._slave_path = slave_path
        self.fd = master_fd
        self._pidfd = pidfd
        self.argv = tuple(argv)
        self.size = size
        #: Like subprocess: the exit status, or minus the signal number; None while running.
        self.returncode: int | None = None
        self.eof = False
        self._closed = False

    @classmethod
    def spawn(cls, argv: Sequence[str], *, env: Mapping[str, str], cwd: str | None = None,
              size: tuple[int, int] = (24, 80)) -> PtyProcess:
        """Start ``argv`` in a new pty of ``size`` (lines, columns) with exactly ``env``.

        Raises OSError (FileNotFoundError, PermissionError...) if the program cannot
        be started; nothing is left open then.
        """
        lines, columns = size
        master, slave = os.openpty()
        pidfd = -1
        try:
            fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
            slave_path = os.ttyname(slave)
            actions = [
                (os.POSIX_SPAWN_OPEN, 0, slave_path, os.O_RDWR, 0),
                (os.POSIX_SPAWN_DUP2, 0, 1),
                (os.POSIX_SPAWN_DUP2, 0, 2),
            ]
            program = argv[0]
            if cwd is not None and os.sep in program and not os.path.isabs(program):
                program = os.path.abspath(program)
            cwd_fd = os.open(cwd, os.O_RDONLY | os.O_DIRECTORY) if cwd else None
            try:
                if cwd_fd is not None:
                    # posix_spawn has no chdir action before Python 3.13: spawn from
                    # the directory by changing ours around the call (the call is
                    # synchronous and trio runs one task at a time).
                    here = os.open(".", os.O_RDONLY | os.O_DIRECTORY)
                    os.fchdir(cwd_fd)
                try:
                    pid = os.posix_spawnp(program, list(argv), dict(env),
                                          file_actions=actions, setsid=True,
                                          setsigdef=(signal.SIGINT, signal.SIGPIPE,
                                                     signal.SIGHUP, signal.SIGTERM))
                finally:
                    if cwd_fd is not None:
                        os.fchdir(here)
                        os.close(here)
            finally:
                if cwd_fd is not None:
                    os.close(cwd_fd)
            try:
                pidfd = os.pidfd_open(pid)
            except OSError:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise
        except BaseException:
            os.close(master)
            os.close(slave)
            raise
        os.close(slave)
        os.set_blocking(master, False)
        _log.debug("pty.spawn", pid=pid, argv=list(argv), size=size)
        return cls(pid, master, pidfd, argv, size, slave_path)

    # -- reading and writing -------------------------------------------------

    def read_nowait(self) -> bytes:
        """What the program has written and we have not read; b"" if nothing yet.

        Raises EOFError once the terminal is closed on the other side (the
        program and all its children have exited or closed it).
        """
        if self.eof:
            raise EOFError("the terminal is closed")
        try:
            data = os.read(self.fd, READ_SIZE)
        except BlockingIOError:
            return b""
        except OSError as exc:
            if exc.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self.eof = True
            raise EOFError("the terminal is closed")
        return data

    async def wait_readable(self) -> None:
        """Park until the master has output (or has hung up)."""
        if self.eof:
            await trio.lowlevel.checkpoint()
            return
        await trio.lowlevel.wait_readable(self.fd)

    def write_nowait(self, data: bytes) -> int:
        """Write what the pty takes now; returns the count (a pty takes about 4 KB)."""
        try:
            return os.write(self.fd, data)
        except BlockingIOError:
            return 0

    async def write(self, data: bytes) -> None:
        """Write all of ``data``. Cancellation may leave part of it written."""
        view = memoryview(data)
        while view:
            sent = self.write_nowait(view)
            view = view[sent:]
            if view:
                await trio.lowlevel.wait_writable(self.fd)
        await trio.lowlevel.checkpoint_if_cancelled()

    # -- the child's life ----------------------------------------------------

    def poll(self) -> int | None:
        """Reap the child if it has exited, without waiting; returns ``returncode``."""
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # reaped by someone else: the status is lost
                self.returncode = -255
                return self.returncode
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
                _log.debug("pty.exit", pid=self.pid, status=self.returncode)
        return self.returncode

    async def wait(self) -> int:
        """Wait for the child to exit and reap it; returns ``returncode``."""
        while self.poll() is None:
            await trio.lowlevel.wait_readable(self._pidfd)
        await trio.lowlevel.checkpoint()
        return self.returncode  # type: ignore[return-value]

    def send_signal(self, sig: int) -> None:
        """Signal the child (no-op once it is reaped, so a recycled pid is never hit)."""
        if self.poll() is None:
            signal.pidfd_send_signal(self._pidfd, sig)

    def state(self, *, read_since: int = -1) -> str:
        """What the child is doing, from /proc and the terminal's input queue.

        ``"waiting"``: asleep with every key we sent read (and, if ``read_since``
        is a :meth:`chars_read` count taken when the keys were sent, having read
        more since), which for a terminal game means blocked on its next key;
        ``"stopped"``: SIGSTOP or SIGTSTP; ``"busy"``: running, asleep with keys
        still unread, or held by a debugger; ``"gone"``: exited.
        """
        if self.returncode is not None:
            return "gone"
        state = _proc_state(self.pid)
        if state == "T":
            return "stopped"
        if state == "t":
            # Held by a debugger (a breakpoint, an attach): slow, not hung; the frame's
            # timeout still bounds how long it may be held.
            return "busy"
        if state in ("Z", "X", ""):
            return "gone"
        if state in ("S", "I") and self.unread_input() == 0:
            if (read_since < 0 or self.chars_read() > read_since) and self._in_input_wait():
                return "waiting"
        return "busy"

    def _in_input_wait(self) -> bool:
        """Is the child blocked in a read or poll (not, say, sleeping for an animation)?

        From /proc/PID/syscall; where that cannot be read (another architecture, no
        permission) the answer is yes and the other signs decide.
        """
        waits = _INPUT_WAIT_SYSCALLS.get(platform.machine())
        if waits is None:
            return True
        try:
            with open(f"/proc/{self.pid}/syscall", "rb") as f:
                fields = f.read().split()
        except OSError:
            return True
        if not fields or not fields[0].isdigit():
            return False  # "running": it woke up since /proc said it slept
        number = int(fields[0])
        if number not in waits:
            return False
        if number != _READ_SYSCALL.get(platform.machine()):
            return True
        # A read: of the terminal, or of a file (a score list being read)?
        try:
            fd = int(fields[1], 16)
            return os.readlink(f"/proc/{self.pid}/fd/{fd}") == self._slave_path
        except (OSError, IndexError, ValueError):
            return True

    def chars_read(self) -> int:
        """The bytes the child has read so far (``rchar`` in /proc), -1 if unknown.

        A key sent to the terminal is first queued by the kernel and only then
        delivered to the program; a count that grew since the key was sent proves
        the program has taken it, where an empty input queue alone could not.
        """
        return self._io_count(b"rchar:")

    def chars_written(self) -> int:
        """The bytes the child has written so far (``wchar`` in /proc), -1 if unknown.

        Output a program wrote to its terminal reaches the master side through a
        kernel worker, a moment later: written bytes not yet read by us are output
        still on its way (or written to a file).
        """
        return self._io_count(b"wchar:")

    def _io_count(self, field: bytes) -> int:
        try:
            with open(f"/proc/{self.pid}/io", "rb") as f:
                for line in f:
                    if line.startswith(field):
                        return int(line.split()[1])
        except (OSError, ValueError):
            pass
        return -1

    def unread_input(self) -> int:
        """Bytes we wrote that the program has not read yet (-1 if unknown)."""
        try:
            fd = os.open(self._slave_path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError:
            return -1
        try:
            buf = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
            return struct.unpack("i", buf)[0]
        except OSError:
            return -1
        finally:
            os.close(fd)

    async def aclose(self, *, grace: float = 1.0) -> None:
        """Make sure the child is gone and reaped and every descriptor closed.

        Shielded: cancellation cannot interrupt it. SIGHUP (with SIGCONT, so a
        stopped child can act on it), then SIGTERM after ``grace`` seconds, then
        SIGKILL after ``grace`` more. A game that saves on SIGHUP (NetHack) leaves
        a save file behind.
        """
        if self._closed:
            await trio.lowlevel.checkpoint()
            return
        with trio.CancelScope(shield=True):
            try:
                if self.poll() is None:
                    # A hangup first, as when a terminal goes away: games save and
                    # release their locks on it, and a SIGTERM arriving during that
                    # save would cut it short and leave the locks behind.
                    for sig in (signal.SIGHUP, signal.SIGCONT):
                        self.send_signal(sig)
                    with trio.move_on_after(grace):
                        await self.wait()
                if self.poll() is None:
                    self.send_signal(signal.SIGTERM)
                    with trio.move_on_after(grace):
                        await self.wait()
                    if self.returncode is None:
                        _log.warning(
                            "pty.kill", pid=self.pid, argv=list(self.argv),
                            note=f"the child outlived SIGHUP and SIGTERM by {grace} s each "
                            "and was killed; raise PtyProcess.aclose(grace=...) if it "
                            "needs longer to save",
                        )
                        self.send_signal(signal.SIGKILL)
                        await self.wait()
            finally:
                self._closed = True
                os.close(self.fd)
                os.close(self._pidfd)

    @property
    def closed(self) -> bool:
        return self._closed


def _proc_state(pid: int) -> str:
    """The one-letter state of ``pid`` from /proc ("S", "R", "T"...), "" if unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError):
        return ""
