"""Rogue 5.4.4 in a pseudo-terminal (or a recording of one), behind the game interface.

The Rogue binary is the user's: no registry ships it. :func:`find_rogue_binary`
takes a path from an option or the ``BELLIGERENT_ROGUE`` environment variable.
Each game runs in its own temporary directory, which is its working directory and
``HOME`` and holds its save file (``ROGUEOPTS=file=...``) and, for a build whose
score file path is relative (the default ``rogue.scr``), its score list and lock.

The agent decides every key of the game proper. The adapter itself answers the
screens after the game is decided — the tombstone's and the score list's
``[Press return to continue]`` and the quit screen's — reading the result off them
as it goes, so the last observation the agent gets is the final score list.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import trio

from protocols.pty import (
    DEFAULT_WATCHDOG,
    PtyTerminal,
    ScreenGameAdapter,
    ScreenSnapshot,
    Terminal,
    Watchdog,
)
from runtime import Bus, GameProcessError, GameResult

from ._screen import PRESS_RETURN, RogueView, frame_ready, read_screen

#: The environment variable naming the Rogue binary.
ROGUE_ENV = "BELLIGERENT_ROGUE"


def find_rogue_binary(path: str | None = None) -> str:
    """The Rogue binary to run: ``path``, else ``$BELLIGERENT_ROGUE``.

    Raises LookupError when neither is given, FileNotFoundError or PermissionError
    when the file is missing or not executable.
    """
    chosen = path or os.environ.get(ROGUE_ENV, "")
    if not chosen:
        raise LookupError(
            f"no Rogue binary configured: pass --rogue-bin PATH or set {ROGUE_ENV} "
            "(Rogue 5.4.4 is not shipped with belligerent; build it from its public source)"
        )
    if not os.path.isfile(chosen):
        raise FileNotFoundError(f"Rogue binary {chosen!r} does not exist")
    if not os.access(chosen, os.X_OK):
        raise PermissionError(f"Rogue binary {chosen!r} is not executable")
    return os.path.abspath(chosen)


class RogueAdapter(ScreenGameAdapter):
    """One game of Rogue. Actions are key strings ("h", "Q", " ", "\\x1b"...).

    Build with :meth:`live` (a real game) or :meth:`replay` (a cast), or give any
    :class:`Terminal`. Observations are :class:`RogueView` messages.
    """

    game = "rogue"

    def __init__(self, terminal: Terminal, *, workdir: str | None = None) -> None:
        super().__init__(terminal)
        self.workdir = workdir
        self.deepest = 0
        self.level = 0
        self.last_status = None
        self.outcome = "unfinished"
        self.gold: int | None = None
        self.cause = ""
        self.killer = ""
        self.scores: tuple[tuple[int, int, str, str], ...] = ()

    @classmethod
    def live(
        cls, binary: str | None = None, *, name: str = "belligerent",
        record: str | None = None, bus: Bus | None = None,
        watchdog: Watchdog = DEFAULT_WATCHDOG, options: str = "",
    ) -> RogueAdapter:
        """A new game of the Rogue at ``binary`` (or ``$BELLIGERENT_ROGUE``).

        ``options`` are extra ``ROGUEOPTS`` entries (comma-separated); the name and
        save file are always set. ``record`` names a cast file for the session.
        """
        program = find_rogue_binary(binary)
        workdir = tempfile.mkdtemp(prefix="belligerent-rogue-")
        opts = f"name={name},file={os.path.join(workdir, 'rogue.save')}"
        if options:
            opts += "," + options
        env = {
            "HOME": workdir, "USER": name, "LOGNAME": name, "ROGUEOPTS": opts,
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        }
        terminal = PtyTerminal(
            [program], env=env, cwd=workdir, size=(24, 80), record=record, bus=bus,
            watchdog=watchdog, title="Rogue 5.4.4",
        )
        return cls(terminal, workdir=workdir)

    @classmethod
    def replay(cls, cast: str, *, strict: bool = False) -> RogueAdapter:
        """A recorded game, played back (see :class:`protocols.pty.ReplayTerminal`)."""
        from protocols.pty import ReplayTerminal

        return cls(ReplayTerminal(cast, strict=strict))

    # -- screens -----------------------------------------------------------

    def frame_ready(self, snapshot: ScreenSnapshot) -> bool:
        return frame_ready(snapshot)

    def read(self, snapshot: ScreenSnapshot) -> RogueView:
        return read_screen(snapshot)

    def _note(self, view: RogueView) -> None:
        if view.status is not None:
            self.last_status = view.status
            self.level = view.status.level
            self.deepest = max(self.deepest, view.status.level)
        end = dict(view.end)
        if view.kind == "tombstone":
            self.outcome = "death"
            self.gold = int(end["gold"])  # type: ignore[call-overload]
            self.cause = str(end["cause"])
            self.killer = str(end["killer"])
        elif view.kind == "quit":
            self.outcome = "quit"
            self.gold = int(end["gold"])  # type: ignore[call-overload]
            self.cause = "quit"
        elif view.kind == "scores":
            self.scores = end.get("scores", ())  # type: ignore[assignment]

    async def settle(self, snapshot: ScreenSnapshot) -> ScreenSnapshot:
        while True:
            view = self.view(snapshot)
            self._note(view)
            if snapshot.exited:
                self.over = True
                if self.outcome == "unfinished":
                    raise GameProcessError(
                        f"Rogue ended before a tombstone or quit screen: "
                        f"{self.terminal.exit_description}"
                    )
                return snapshot
            waits_for_return = any(line.startswith(PRESS_RETURN) for line in view.lines)
            if view.kind in ("tombstone", "quit") or (view.kind == "scores" and waits_for_return):
                snapshot = await self.press_to_end("\r")
                continue
            return snapshot

    def result(self) -> GameResult:
        detail: list[tuple[str, object]] = [
            ("depth", self.deepest), ("level", self.level), ("keys", self.terminal.keys_sent),
        ]
        if self.killer:
            detail.append(("killer", self.killer))
        if self.cause:
            detail.append(("cause", self.cause))
        if self.last_status is not None:
            detail.append(("status", self.last_status.format()))
        gold = self.gold if self.gold is not None else (
            self.last_status.gold if self.last_status is not None else 0)
        return GameResult(outcome=self.outcome, score=float(gold), turns=self.actions,
                          detail=tuple(detail))

    async def aclose(self) -> None:
        with trio.CancelScope(shield=True):
            try:
                await super().aclose()
            finally:
                if self.workdir is not None:
                    shutil.rmtree(self.workdir, ignore_errors=True)
