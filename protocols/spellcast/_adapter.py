"""The Spellcast adapter: one wizard in one match on a server, behind the game interface.

A background task reads the server all the time, so the connection stays live while the
agent thinks: the server's lines are taken in as they come (other wizards' gestures,
questions, chat), nothing piles up in the socket, and a decision point that arrives while
the agent is busy is waiting for it at the next :meth:`observe`. ``observe`` returns at
each decision point — our ``320`` (make gestures), a complete question block, the end of
the match — with a :class:`TurnView`; ``act`` sends ``GESTURE`` or ``ANSWER`` lines.

Ownership: the reader task lives in a nursery that :meth:`start` opens and :meth:`aclose`
closes (so use the adapter as ``async with adapter:`` from one task, as the session does).
Closing sends ``QUIT`` when it can, then closes the socket even if that fails or the task
is being cancelled; the server counts a wizard who leaves mid-match as out.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

import structlog
import trio

from games.spellcast.server import SERVER_NAME
from runtime import GameAdapter, GameOver, GameProcessError, GameResult, Observed

from ._client import SpellcastClient
from ._messages import Answer, Answers, Gestures, TurnView
from ._state import PlayerState

__all__ = ["SpellcastAdapter"]

_log = structlog.get_logger("belligerent.spellcast.adapter")

_SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}


class SpellcastAdapter(GameAdapter):
    """Plays one match as ``name`` on the server at ``host``:``port``.

    ``room`` / ``wizards`` send ``JOIN <room> [<wizards>]`` before ``READY`` (our server's
    extension, for running matches side by side; leave both None on a lithium server).
    ``timeout`` bounds the wait for one decision point (None: forever); when it runs out,
    or the server goes away mid-match, observe raises GameProcessError. ``record_to``
    names a file that gets the raw traffic when the adapter closes, in the format of the
    lithium transcripts (``<name> S> ...`` / ``<name> C> ...``).
    """

    game = "spellcast"

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        gender: str = "none",
        visible: str | None = None,
        room: str | None = None,
        wizards: int | None = None,
        timeout: float | None = None,
        connect_timeout: float = 10.0,
        record_to: str | os.PathLike[str] | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.name = name
        self.gender = gender
        self.visible = visible or name
        self.room = room
        self.wizards = wizards
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        self.record_to = record_to
        self.state = PlayerState()
        self.client: SpellcastClient | None = None
        self._stack = contextlib.AsyncExitStack()
        self._changed = trio.Event()
        self._eof = False
        #: The prompt count of the decision point we last acted on (and last showed):
        #: a later prompt is a new decision point.
        self._acted_at = 0
        self._observed_at = 0

    # -- lifecycle ---------------------------------------------------------------------
    async def start(self) -> None:
        try:
            await self._start()
        except BaseException:
            await self._stack.aclose()
            raise

    async def _start(self) -> None:
        client = await SpellcastClient.connect(self.host, self.port,
                                               timeout=self.connect_timeout, label=self.name)
        self.client = client
        self._stack.push_async_callback(client.aclose)
        nursery = await self._stack.enter_async_context(trio.open_nursery())
        self._stack.callback(nursery.cancel_scope.cancel)
        nursery.start_soon(self._read)
        await client.send(f"NAME {self.name} {self.gender} :{self.visible}")
        with trio.fail_after(self.connect_timeout):
            await self._wait(lambda: self.state.named or bool(self.state.name_error))
        if not self.state.named:
            raise ValueError(f"the server refused the name {self.name!r}: "
                             f"{self.state.name_error or 'connection closed'}")
        if self.room is not None:
            wanted = f" {self.wizards}" if self.wizards else ""
            await client.send(f"JOIN {self.room}{wanted}")
        await client.send("READY")

    async def aclose(self) -> None:
        client = self.client
        if client is not None and not self._eof:
            with trio.move_on_after(1.0) as scope:
                scope.shield = True
                with contextlib.suppress(GameProcessError):
                    await client.send("QUIT")
        await self._stack.aclose()
        if self.record_to is not None and client is not None:
            # The lithium transcripts' format: "<name> S> line" / "<name> C> line".
            text = "".join(f"{self.name} {line}\n" for line in client.transcript)
            await trio.Path(self.record_to).write_text(text, encoding="utf-8")

    async def _read(self) -> None:
        assert self.client is not None
        try:
            while True:
                line = await self.client.receive()
                if line is None:
                    break
                if line:
                    self.state.feed(line)
                    self._notify()
        finally:
            self._eof = True
            self._notify()

    def _notify(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    async def _wait(self, condition: Any) -> None:
        while not condition():
            if self._eof:
                return
            await self._changed.wait()

    # -- playing -----------------------------------------------------------------------
    def _fresh(self) -> bool:
        return self.state.over or self.state.prompts > self._acted_at

    async def observe(self) -> Observed:
        """Wait for the next decision point (or the end) and show it."""
        if self.client is None:
            raise RuntimeError("the adapter is not started; use `async with adapter:`")
        deadline = trio.current_time() + self.timeout if self.timeout else float("inf")
        with trio.move_on_at(deadline):
            await self._wait(self._fresh)
        if not self._fresh():
            if self._eof:
                raise GameProcessError(
                    f"the Spellcast server closed the connection before {self.name!r}'s "
                    f"match ended ({self.state.error or 'no reason given'})")
            raise GameProcessError(f"no decision point from the Spellcast server within "
                                   f"{self.timeout} s")
        self._observed_at = self.state.prompts
        view = self.view()
        _log.debug("decision_point", wizard=self.name, match=view.match, round=view.round,
                   phase=view.phase, questions=len(view.questions))
        return Observed(view, terminal=self.state.over)

    def view(self) -> TurnView:
        """The current decision point (also between observations, for tools)."""
        return self.state.view()

    async def act(self, action: Any) -> None:
        """Send ``Gestures``, ``Answer`` or ``Answers`` as protocol lines."""
        if self.client is None:
            raise RuntimeError("the adapter is not started; use `async with adapter:`")
        if self.state.over:
            raise GameOver(f"match {self.state.match} is over ({self.state.outcome})")
        # Our server takes a whole block of answers in one line (one reply); lithium
        # takes at most two pairs a line.
        ours = self.state.server.startswith(SERVER_NAME)
        lines = _lines_for(action, pairs_per_line=1_000 if ours else 2)
        # The decision answered is the one last shown, not whatever arrived since (a
        # prompt that came in while the agent thought must not be swallowed).
        self._acted_at = self._observed_at
        for line in lines:
            await self.client.send(line)

    def result(self) -> GameResult:
        state = self.state
        outcome = state.outcome or ("aborted" if self._eof else "unfinished")
        me = state.wizards.get(state.me)
        opponents = tuple(n for n in state.wizards if n != state.me)
        return GameResult(
            outcome=outcome,
            score=_SCORES.get(outcome, 0.0),
            turns=state.round,
            detail=(
                ("match", state.match),
                ("winner", state.winner or ""),
                ("hp", me.hp if me else 0),
                ("opponents", opponents),
                ("server", state.server),
            ),
        )

    @property
    def transcript(self) -> tuple[str, ...]:
        """Every line both ways so far (``S> ...`` / ``C> ...``)."""
        return tuple(self.client.transcript) if self.client else ()


def _lines_for(action: Any, *, pairs_per_line: int) -> list[str]:
    if isinstance(action, Gestures):
        return [f"GESTURE {action.left} {action.right}"]
    if isinstance(action, Answer):
        return [f"ANSWER {action.question} {action.choice}"]
    if isinstance(action, Answers):
        pairs = [f"{q} {c}" for q, c in action.pairs]
        return ["ANSWER " + " ".join(pairs[i:i + pairs_per_line])
                for i in range(0, len(pairs), pairs_per_line)]
    raise ValueError(f"a Spellcast action is Gestures, Answer or Answers, not {action!r}")
