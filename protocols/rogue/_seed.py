"""Rogue on a fixed dungeon: the project's own preload library, built on demand.

Rogue 5.4.4 seeds itself from ``time() + getpid()``. ``fixed_seed.c`` (beside this
module) makes the program's own ``getpid()`` return ``seed - time()``, so the
dungeon, the monsters and every roll depend only on the seed (see the C file for
the details and why the clock is left alone). :func:`preload_library` compiles it
with the system C compiler into ``$XDG_CACHE_HOME/belligerent`` (once per version
of the source); :class:`SeededRogueAdapter` runs a game with it.

Where the platform does not allow it — not Linux, no C compiler, a set-user-id or
statically linked Rogue — :func:`seed_support` says why, and the adapter plays
Rogue's own random dungeon and says so in its result (``seeded`` is False, with
``unseeded`` giving the reason). The library acknowledges the seed by writing a
file, so a preload that silently did not take is noticed too.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import attrs
import trio

from protocols.pty import DEFAULT_WATCHDOG, PtyTerminal, ScreenSnapshot, Watchdog
from runtime import Bus, GameResult

from ._adapter import RogueAdapter, find_rogue_binary

#: The environment variables the library reads.
SEED_ENV = "BELLIGERENT_ROGUE_SEED"
ACK_ENV = "BELLIGERENT_ROGUE_SEED_ACK"
#: Seeds the library accepts (Rogue adds them to an int).
MAX_SEED = 2**31 - 1
SOURCE = Path(__file__).with_name("fixed_seed.c")


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/belligerent``, else ``~/.cache/belligerent``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "belligerent"


def preload_library(directory: Path | None = None, *, compiler: str | None = None) -> Path:
    """The compiled library, built now if this version of the source is not cached.

    The file name carries a hash of the source, so an edited source is rebuilt; the
    build writes a temporary file and renames it, so concurrent callers never see
    half a library. OSError (with the compiler's message) if it cannot be built.
    """
    source = SOURCE.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:16]
    target = (directory or cache_dir()) / f"rogue-fixed-seed-{digest}.so"
    if target.exists():
        return target
    cc = compiler or os.environ.get("CC") or "cc"
    found = shutil.which(cc)
    if found is None:
        raise OSError(f"cannot build the fixed-seed library: no C compiler {cc!r} on PATH "
                      "(install one, e.g. gcc, or play without a fixed dungeon)")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, partial = tempfile.mkstemp(prefix=target.name, suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        run = subprocess.run(
            [found, "-shared", "-fPIC", "-O2", "-o", partial, str(SOURCE), "-ldl"],
            capture_output=True, text=True, timeout=120, check=False,
        )
        if run.returncode != 0:
            detail = (run.stderr or run.stdout).strip().splitlines()
            raise OSError(f"cannot build the fixed-seed library: {cc} exited with status "
                          f"{run.returncode}: {detail[0] if detail else 'no message'}")
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return target


@attrs.frozen
class SeedSupport:
    """Whether a Rogue binary can be played on a fixed seed here, and if not why."""

    library: Path | None
    reason: str = ""

    @property
    def available(self) -> bool:
        return self.library is not None


def seed_support(binary: str | None = None, *, directory: Path | None = None) -> SeedSupport:
    """Check the platform and ``binary`` and build the library; never raises for a
    platform that cannot do it (the reason says why), only for a missing binary."""
    program = find_rogue_binary(binary)
    if not sys.platform.startswith("linux"):
        return SeedSupport(None, f"fixed seeds need Linux's LD_PRELOAD (this is {sys.platform})")
    mode = os.stat(program).st_mode
    if mode & 0o6000:
        return SeedSupport(None, f"{program} is set-user-id or set-group-id; the loader "
                           "ignores LD_PRELOAD for it")
    if not _dynamically_linked(program):
        return SeedSupport(None, f"{program} is not a dynamically linked ELF program; "
                           "a preload library cannot reach its time() and getpid()")
    try:
        return SeedSupport(preload_library(directory))
    except (OSError, subprocess.SubprocessError) as exc:
        return SeedSupport(None, str(exc))


def _anything(snapshot: ScreenSnapshot) -> bool:
    """A frame rule that takes the screen as soon as new output has been read."""
    return True


def _dynamically_linked(program: str) -> bool:
    """True if ``program`` is an ELF file with an interpreter (PT_INTERP)."""
    try:
        with open(program, "rb") as f:
            head = f.read(64)
            if head[:4] != b"\x7fELF" or head[4] != 2:  # 64-bit ELF only
                return False
            order = "little" if head[5] == 1 else "big"
            phoff = int.from_bytes(head[32:40], order)
            phentsize = int.from_bytes(head[54:56], order)
            phnum = int.from_bytes(head[56:58], order)
            f.seek(phoff)
            table = f.read(phentsize * phnum)
    except OSError:
        return False
    return any(int.from_bytes(table[i:i + 4], order) == 3  # PT_INTERP
               for i in range(0, len(table), phentsize))


def check_seed(seed: int) -> int:
    """``seed`` if the library accepts it, else ValueError naming the range."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a Rogue dungeon seed must be in 0..{MAX_SEED}, got {seed}")
    return seed


class SeededRogueAdapter(RogueAdapter):
    """A live Rogue game on dungeon ``seed``, or on Rogue's own random one when the
    platform cannot fix it (then ``seeded`` is False and ``unseeded`` says why).

    ``seeded`` is known once the game has started: the library acknowledges the
    seed when Rogue asks for its process id, before the first screen.

    ``strict_frames`` makes whole games repeatable, not only their dungeons: a
    frame is complete only when Rogue is blocked reading its next key (the
    terminal's second rule), never on the cursor resting on ``@`` alone (Rogue
    sometimes refreshes twice in one turn, and an agent shown the first half
    decides on a screen that depends on timing); and a frame is taken again if
    output turns up within ``confirm`` seconds after it (the kernel hands a pty's
    output to its reader asynchronously, so under load a game can look blocked on
    its next key before its last output is readable). It costs several times the
    time per key; bench/rogue_repeatability.py measures both effects.
    """

    def __init__(self, terminal: PtyTerminal, *, workdir: str, seed: int,
                 support: SeedSupport, strict_frames: bool = False) -> None:
        super().__init__(terminal, workdir=workdir)
        self.seed = seed
        self.support = support
        self.strict_frames = strict_frames
        #: Frames taken again because output arrived after them (strict mode).
        self.late_frames = 0
        self.seeded = False
        self.unseeded = support.reason

    #: In strict mode, how long a frame must stay quiet after it was taken (seconds).
    confirm = 0.01

    def frame_ready(self, snapshot: ScreenSnapshot) -> bool:
        if self.strict_frames and getattr(self.terminal, "keys_sent", 0):
            return False
        return super().frame_ready(snapshot)

    async def press(self, keys: str | bytes) -> ScreenSnapshot:
        frame = await super().press(keys)
        if not self.strict_frames:
            return frame
        # Output that the kernel had not yet handed over when the frame was taken
        # turns up within moments: take the frame again with it, as often as it comes.
        process = getattr(self.terminal, "process", None)
        for _ in range(50):  # bounded: Rogue has no animations, but be safe
            if frame.exited or process is None:
                break
            late = False
            with trio.move_on_after(self.confirm):
                await process.wait_readable()
                late = True
            if not late:
                break
            frame = await self.terminal.wait_frame(_anything)
            self.late_frames += 1
        return frame

    @classmethod
    def live_seeded(
        cls, binary: str | None = None, *, seed: int, name: str = "belligerent",
        record: str | None = None, bus: Bus | None = None,
        watchdog: Watchdog = DEFAULT_WATCHDOG, options: str = "",
        support: SeedSupport | None = None, strict_frames: bool = False,
    ) -> SeededRogueAdapter:
        """Like :meth:`RogueAdapter.live`, on dungeon ``seed`` where possible.

        ``support`` (from :func:`seed_support`) saves re-checking the binary for
        every game of a tournament.
        """
        check_seed(seed)
        program = find_rogue_binary(binary)
        support = support if support is not None else seed_support(program)
        workdir = tempfile.mkdtemp(prefix="belligerent-rogue-")
        opts = f"name={name},file={os.path.join(workdir, 'rogue.save')}"
        if options:
            opts += "," + options
        env = {
            "HOME": workdir, "USER": name, "LOGNAME": name, "ROGUEOPTS": opts,
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        }
        if support.library is not None:
            env.update({
                "LD_PRELOAD": str(support.library), SEED_ENV: str(seed),
                ACK_ENV: os.path.join(workdir, "seed.ack"),
            })
        terminal = PtyTerminal(
            [program], env=env, cwd=workdir, size=(24, 80), record=record, bus=bus,
            watchdog=watchdog, title="Rogue 5.4.4",
        )
        return cls(terminal, workdir=workdir, seed=seed, support=support,
                   strict_frames=strict_frames)

    async def start(self) -> None:
        await super().start()
        if self.support.library is None:
            return
        assert self.workdir is not None
        try:
            with open(os.path.join(self.workdir, "seed.ack")) as f:
                acknowledged = f.read().strip()
        except FileNotFoundError:
            acknowledged = ""
        self.seeded = acknowledged == f"seed {self.seed}"
        if not self.seeded:
            self.unseeded = ("the preload library did not take effect "
                             f"(acknowledgement {acknowledged!r})")

    def result(self) -> GameResult:
        base = super().result()
        extra: tuple[tuple[str, object], ...] = (("dungeon", self.seed), ("seeded", self.seeded))
        if not self.seeded and self.unseeded:
            extra += (("unseeded", self.unseeded),)
        return attrs.evolve(base, detail=base.detail + extra)
