"""NetHack (Debian's nethack-console) in a pseudo-terminal, behind the game interface.

Each game runs in a slot of a private playground (:class:`PlaygroundPool`) under a
unique player name, with its own options file (``NETHACKOPTIONS``) and home
directory. The agent decides every key of the game, including ``#quit`` and its
``y``; the adapter answers the goodbye screen's ``--More--`` and reads the result
off it, and takes the killer from NetHack's own xlogfile entry for the game.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

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

from ._playground import (
    Playground,
    PlaygroundPool,
    find_nethack_binary,
    options_text,
    unique_name,
)
from ._screen import NetHackView, frame_ready, killer_on, read_screen


class NetHackResultMixin:
    """Keeps what a NetHack game has shown of its progress and end (both adapters)."""

    game = "nethack"

    def _reset_tracking(self) -> None:
        self.deepest = 0
        self.last_status = None
        self.end: dict[str, object] = {}
        self.killer = ""

    def _note(self, view: NetHackView) -> None:
        if view.status is not None:
            self.last_status = view.status
            self.deepest = max(self.deepest, view.status.dlvl)
        if view.kind == "end" and not self.end:
            self.end = dict(view.end)

    def _result(self, actions: int) -> GameResult:
        end = self.end
        how = str(end.get("how", ""))
        outcome = ("quit" if how == "quit" else "death") if end else "unfinished"
        status = self.last_status
        turns = int(end.get("moves", status.turn if status else 0))  # type: ignore[arg-type]
        detail: list[tuple[str, object]] = [
            ("depth", self.deepest), ("actions", actions),
            ("dlvl", int(end.get("dlvl", status.dlvl if status else 0))),  # type: ignore[arg-type]
            ("gold", int(end.get("gold", status.gold if status else 0))),  # type: ignore[arg-type]
        ]
        if how:
            detail.append(("how", how))
        if self.killer:
            detail.append(("killer", self.killer))
        return GameResult(outcome=outcome, score=float(end.get("points", 0)),  # type: ignore[arg-type]
                          turns=turns, detail=tuple(detail))


class NetHackAdapter(NetHackResultMixin, ScreenGameAdapter):
    """One game of NetHack in a pty. Actions are key strings ("h", "#quit\\r", "y").

    Build with :meth:`live`. Observations are :class:`NetHackView` messages.
    ``aclose`` hangs up on an unfinished game (NetHack saves it in the playground,
    which the pool removes) and releases the playground slot.
    """

    def __init__(self, terminal: Terminal, *, name: str = "",
                 playground: Playground | None = None, pool: PlaygroundPool | None = None,
                 owns_pool: bool = False) -> None:
        super().__init__(terminal)
        self.name = name
        self.playground = playground
        self.pool = pool
        self.owns_pool = owns_pool
        self._reset_tracking()

    @classmethod
    def live(
        cls, *, pool: PlaygroundPool | None = None, binary: str | None = None,
        name: str | None = None, record: str | None = None, bus: Bus | None = None,
        watchdog: Watchdog = DEFAULT_WATCHDOG, options: Sequence[str] = (),
        wrapper: Sequence[str] = (), grace: float = 1.0,
    ) -> NetHackAdapter:
        """A new game in a slot of ``pool`` (a private pool of its own if None).

        ``options`` are extra lines for the options file; ``wrapper`` is a command
        prefix that must exec its arguments (tests use it to put noise on the
        terminal before NetHack starts).
        """
        program = find_nethack_binary(binary)
        owns = pool is None
        pool = pool if pool is not None else PlaygroundPool(per_playground=1)
        playground = pool.acquire()
        try:
            name = name or unique_name()
            home = os.path.join(playground.path, f"home-{name}")
            os.mkdir(home)
            options_file = os.path.join(home, "nethackrc")
            with open(options_file, "w") as f:
                f.write(options_text(name, tuple(options)))
            env = {
                "HOME": home, "USER": name, "LOGNAME": name, "NETHACKOPTIONS": options_file,
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            }
            argv = [*wrapper, program, "-d", playground.path, "-u", name]
            terminal = PtyTerminal(argv, env=env, cwd=playground.path, size=(24, 80),
                                   record=record, bus=bus, watchdog=watchdog, grace=grace,
                                   title=f"NetHack 3.6, {name}")
        except BaseException:
            pool.release(playground)
            if owns:
                pool.close()
            raise
        return cls(terminal, name=name, playground=playground, pool=pool, owns_pool=owns)

    @classmethod
    def nle(cls, *, seeds: tuple[int, int] | None = None, name: str | None = None,
            options: Sequence[str] = (), bus: Bus | None = None) -> NetHackAdapter:
        """A game in-process through NLE (see :class:`NleTerminal`); seedable."""
        from ._nle import NleTerminal

        terminal = NleTerminal(seeds=seeds, name=name, options=options, bus=bus)
        return cls(terminal, name=terminal.name)

    def frame_ready(self, snapshot: ScreenSnapshot) -> bool:
        return frame_ready(snapshot)

    def read(self, snapshot: ScreenSnapshot) -> NetHackView:
        return read_screen(snapshot)

    async def settle(self, snapshot: ScreenSnapshot) -> ScreenSnapshot:
        while True:
            view = self.view(snapshot)
            self._note(view)
            if snapshot.exited:
                self.over = True
                if self.playground is not None and self.name:
                    record = self.playground.xlog(self.name)
                    if record is not None:
                        self.killer = record.get("death", "")
                if not self.killer:
                    self.killer = killer_on(snapshot.lines)
                if not self.end:
                    said = next((line.strip() for line in snapshot.lines if line.strip()), "")
                    raise GameProcessError(
                        f"NetHack ended before its goodbye screen: "
                        f"{self.terminal.exit_description}"
                        + (f"; it said {said!r}" if said else "")
                    )
                return snapshot
            if view.kind == "end" or (self.end and view.kind == "more"):
                snapshot = await self.press_to_end("\r")
                continue
            return snapshot

    def result(self) -> GameResult:
        return self._result(self.actions)

    async def aclose(self) -> None:
        with trio.CancelScope(shield=True):
            try:
                await super().aclose()
            finally:
                if self.pool is not None and self.playground is not None:
                    self.pool.release(self.playground)
                    self.playground = None
                    if self.owns_pool:
                        self.pool.close()
