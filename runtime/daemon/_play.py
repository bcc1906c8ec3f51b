"""One session from a request: find the game, plan, play, and always produce a record.

Shared by every engine — the worker processes, the daemon's own loop (``inline``)
and Ray tasks — so a session ends the same way wherever it runs. Whatever
happens, :func:`play_session` returns a :class:`SessionResult`: the game's own, or
one whose outcome says how the session was cut short:

* ``stopped`` — someone asked (``belligerent stop``, a daemon shutting down);
* ``timeout`` — it ran past the request's time limit;
* ``error`` — the game could not be planned or built, or the session raised.

The session's cancel scope is the handle for stopping it; cancellation closes the
game (the adapter's ``aclose`` runs shielded) before this returns.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Mapping
from typing import Any

import attrs
import structlog
import trio

from runtime._adapter import GameAdapter, GameResult
from runtime._registry import GamePlugin, SessionPlan, load_game
from runtime._session import Session, SessionResult

from ._workerproto import StartSession

_log = structlog.get_logger("belligerent.daemon")


def resolve_game(name: str, extra_games: Mapping[str, str] = {}) -> GamePlugin:  # noqa: B006
    """The plugin for ``name``: an installed entry point, or one of ``extra_games``
    (``name -> "module:attribute"``, for games not installed as entry points, such
    as test doubles). Raises LookupError naming what is missing."""
    target = extra_games.get(name)
    if target is None:
        plugin = load_game(name)
    else:
        module_name, _, attribute = target.partition(":")
        try:
            plugin = getattr(importlib.import_module(module_name), attribute or "PLUGIN")
        except (ImportError, AttributeError) as exc:
            raise LookupError(f"game {name!r} from {target!r} could not be loaded: {exc}") from exc
        if not isinstance(plugin, GamePlugin):
            raise LookupError(f"{target!r} is a {type(plugin).__name__}, not a GamePlugin")
    if plugin.plan_session is None:
        raise LookupError(
            f"game {name!r} can't be run by the daemon yet: its plugin has no plan_session"
        )
    return plugin


def check_parameters(plugin: GamePlugin, parameters: Mapping[str, str], seed: int) -> SessionPlan:
    """Plan once, where the request arrives, so bad parameters are refused at once
    (ValueError naming the parameter) rather than in every session."""
    assert plugin.plan_session is not None
    return plugin.plan_session(parameters, seed)


@attrs.define
class SessionControl:
    """The handle that stops one running session: a cancel scope and the reason."""

    scope: trio.CancelScope = attrs.field(factory=trio.CancelScope)
    reason: str = ""

    def stop(self, reason: str) -> None:
        if not self.reason:
            self.reason = reason
        self.scope.cancel()


def failed(start: StartSession, outcome: str, cause: str, wall_time: float = 0.0,
           game: GameResult | None = None, agent: tuple[str, str] = ("", "")) -> SessionResult:
    """A record for a session that did not end by the game's rules."""
    return SessionResult(
        session=start.session,
        game=start.game,
        agent=agent[0],
        agent_version=agent[1],
        seed=start.seed,
        outcome=outcome,
        score=game.score if game else 0.0,
        turns=game.turns if game else 0,
        wall_time=round(wall_time, 6),
        cause=cause,
        detail=game.detail if game else (),
    )


async def play_session(
    start: StartSession,
    plugin: GamePlugin,
    control: SessionControl | None = None,
) -> tuple[SessionResult, tuple[tuple[str, Any], ...]]:
    """Play the session ``start`` asks for; returns its record and the plan's parameters.

    Never raises for the game's or the agent's failures (they become the record);
    only cancellation from outside ``control`` propagates.
    """
    control = control or SessionControl()
    began = time.perf_counter()
    with structlog.contextvars.bound_contextvars(session=start.session, game=start.game):
        assert plugin.plan_session is not None
        try:
            plan = plugin.plan_session(dict(start.parameters), start.seed)
            adapter: GameAdapter = plan.adapter()
        except Exception as exc:
            _log.error("session.plan_failed", exc_info=exc)
            return failed(start, "error", f"could not plan the session: {exc}",
                          time.perf_counter() - began), ()
        agent = (plan.agent.name, plan.agent.version)
        session = Session(adapter, plan.agent, seed=start.seed, session_id=start.session,
                          trace_blackboard=start.trace)
        result: SessionResult | None = None
        with control.scope:
            if start.timeout > 0:
                control.scope.deadline = trio.current_time() + start.timeout
            try:
                result = await session.run()
            except Exception as exc:
                _log.error("session.raised", exc_info=exc)
                result = failed(start, "error", f"the session raised {exc!r}",
                                time.perf_counter() - began, _game_result(adapter, session),
                                agent)
        if result is None:
            if control.reason:
                outcome, cause = "stopped", control.reason
            else:
                outcome, cause = "timeout", f"ran longer than its time limit of {start.timeout:g}s"
            result = failed(start, outcome, cause, time.perf_counter() - began,
                            _game_result(adapter, session), agent)
            _log.warning("session." + outcome, cause=cause, turns=result.turns,
                         agent=agent[0])
        return result, plan.parameters


def _game_result(adapter: GameAdapter, session: Session) -> GameResult:
    """The game as it stands after being cut short (the adapter's word if it has one)."""
    try:
        return adapter.result()
    except Exception:
        return GameResult("", 0.0, session.decisions, ())
