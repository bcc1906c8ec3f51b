"""One tournament game of Rogue, bounded: it ends, and leaves a correct record.

Three bounds, from gentle to hard:

* the agent's own action budget (``rogomatic(max_actions=N)`` quits with Q, y);
* :class:`CappedAdapter`: past ``max_actions`` (a backstop for an agent that
  ignores its budget) or past ``time_limit`` seconds, it takes the keyboard from
  the agent and quits the game itself — a space for ``--More--``, ESC for a
  prompt, ``Q`` then ``y`` — so the game ends on Rogue's own quit screen and the
  record has the real score, with ``capped`` saying which bound ended it;
* :func:`play_game`'s hard timeout, ``grace`` seconds after that: the session is
  cancelled, which closes the game (terminate, kill, reap), and the record says
  ``timeout`` with the gold last seen.

A game process that dies (a crash, a signal) ends the session ``aborted`` with
the exit status in ``cause``; an agent that fails ends it ``crashed``, ``stuck``
or ``error``. Every path returns a :class:`runtime.SessionResult`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import attrs
import structlog
import trio

from protocols.rogue import RogueAdapter
from runtime import (
    AgentSpec,
    GameAdapter,
    GameProcessError,
    GameResult,
    Observed,
    Session,
    SessionResult,
)

from ._chronicle import Chronicle
from ._screens import PACK_LETTERS

_log = structlog.get_logger("belligerent.rogue.tournament")

#: Keys the adapter may send while quitting before it gives up on a clean quit
#: (room for trying every item letter at a prompt that refuses ESC, with a
#: ``--More--`` after each wrong one).
QUIT_KEYS_LIMIT = 60


def quit_key(view: Any, attempt: int = 0) -> str:
    """The next key towards quitting, from the screen a player sees.

    ``attempt`` counts the keys sent so far: a prompt for an item that cannot be
    refused ("Which object do you want to identify? (* for list)" answers ESC with
    "You must identify something") is answered with ``*`` first (with nothing of the
    kind in the pack, the list says so and the scroll gives up), then item letters
    in turn.
    """
    prompt = view.prompt or ""
    if view.more:
        return " "
    if "Really quit" in prompt:
        return "y"
    if "(* for list)" in prompt and "identify" in prompt:
        return ("*" + PACK_LETTERS)[attempt // 2 % 27]
    cursor = getattr(view, "cursor", (1, 0))
    if prompt or cursor[0] == 0:
        # A question, or text being typed on the message line (the screen reader
        # stops calling "What do you want to call it?" a prompt once text follows).
        return "\x1b"
    if view.kind == "inventory":
        return " "
    return "Q"


class CappedAdapter(GameAdapter):
    """A Rogue adapter whose game is quit cleanly once a bound is passed.

    Owns ``inner``: closing this closes it. ``capped`` is "" until a bound is
    passed, then ``"actions"`` or ``"time"``; the result's detail carries it, and
    what the :class:`Chronicle` counted on the screens the agent was shown
    (``"events"``).
    """

    game = "rogue"

    def __init__(self, inner: RogueAdapter, *, max_actions: int | None = None,
                 time_limit: float | None = None) -> None:
        self.inner = inner
        self.max_actions = max_actions
        self.time_limit = time_limit
        self.capped = ""
        self.forced = 0
        #: The keys sent while quitting (for the record if the quit fails).
        self.quit_keys: list[str] = []
        self.deadline = float("inf")
        self.chronicle = Chronicle()

    async def start(self) -> None:
        await self.inner.start()
        if self.time_limit is not None:
            self.deadline = trio.current_time() + self.time_limit

    async def observe(self) -> Observed:
        observed = await self.inner.observe()
        self.chronicle.note(observed.payload)
        return observed

    async def act(self, action: Any) -> None:
        if not self.capped:
            if self.max_actions is not None and self.inner.actions >= self.max_actions:
                self.capped = "actions"
            elif trio.current_time() >= self.deadline:
                self.capped = "time"
            if self.capped:
                _log.info("rogue.capped", bound=self.capped, actions=self.inner.actions)
        if self.capped:
            assert self.inner.frame is not None
            view = self.inner.view(self.inner.frame)
            if self.forced >= QUIT_KEYS_LIMIT:
                raise GameProcessError(
                    f"Rogue did not quit after {QUIT_KEYS_LIMIT} keys at the {self.capped} cap "
                    f"(last keys {''.join(self.quit_keys[-8:])!r}; screen {view.kind}, "
                    f"message {view.message!r}, prompt {view.prompt!r})")
            action = quit_key(view, self.forced)
            self.forced += 1
            self.quit_keys.append(action)
        self.chronicle.acted(action)
        await self.inner.act(action)

    def result(self) -> GameResult:
        base = self.inner.result()
        extra: tuple[tuple[str, Any], ...] = (("events", self.chronicle.summary()),)
        if self.capped:
            extra += (("capped", self.capped),)
        return attrs.evolve(base, detail=base.detail + extra)

    async def aclose(self) -> None:
        await self.inner.aclose()


@attrs.frozen
class GameSpec:
    """What one game of a tournament is: which dungeon, which agent, which bounds."""

    index: int
    session: str
    #: The dungeon (see protocols.rogue._seed); also the session's seed.
    seed: int
    agent: AgentSpec
    max_actions: int | None = None
    time_limit: float | None = None
    #: Extra facts for the record, e.g. the tactics used.
    parameters: tuple[tuple[str, Any], ...] = ()


#: Plays one game; the tournament's only contact with a game (tests pass a fake).
Player = Callable[[GameSpec], Awaitable[SessionResult]]


async def play_game(spec: GameSpec, make_adapter: Callable[[GameSpec], RogueAdapter], *,
                    grace: float = 60.0) -> SessionResult:
    """Play ``spec`` on the adapter ``make_adapter`` builds; always a record, never a hang.

    The hard timeout is ``spec.time_limit + grace`` (none without a time limit).
    Cancellation from outside still propagates (after the game is closed).
    """
    hard = float("inf") if spec.time_limit is None else spec.time_limit + grace
    started = trio.current_time()
    adapter: CappedAdapter | None = None
    try:
        adapter = CappedAdapter(make_adapter(spec), max_actions=spec.max_actions,
                                time_limit=spec.time_limit)
        session = Session(adapter, spec.agent, seed=spec.seed, session_id=spec.session)
        with trio.move_on_after(hard):
            return await session.run()
    except Exception as exc:  # an agent or adapter bug: recorded, not fatal to the rest
        _log.error("rogue.game_failed", session=spec.session, exc_info=exc)
        return _cut_record(spec, adapter, "error", f"{type(exc).__name__}: {exc}",
                           trio.current_time() - started)
    return _cut_record(spec, adapter, "timeout",
                       f"no end within {hard:.0f} s ({spec.time_limit:.0f} s limit "
                       f"+ {grace:.0f} s to quit); the game process was stopped",
                       trio.current_time() - started)


def _cut_record(spec: GameSpec, adapter: CappedAdapter | None, outcome: str, cause: str,
                wall_time: float) -> SessionResult:
    try:
        if adapter is None:
            raise LookupError("no adapter")
        game = adapter.result()
    except Exception:
        game = GameResult(outcome, 0.0, 0, ())
    return SessionResult(
        session=spec.session, game="rogue", agent=spec.agent.name,
        agent_version=spec.agent.version, seed=spec.seed, outcome=outcome,
        score=game.score, turns=game.turns, wall_time=round(wall_time, 6), cause=cause,
        detail=game.detail,
    )
