"""Log events as they travel from a session to a viewer, and the filter viewers apply.

Every structlog event of every session becomes a :class:`LogEvent`: the fields a
viewer filters on (level, session, game, agent, actor) pulled out once where the
event is made, plus the whole event as one JSON line. Workers build them, the
daemon fans them out, ``belligerent tail`` prints them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import structlog

from runtime._messages import message

#: Level names in increasing severity, as structlog's ``add_log_level`` spells them.
LEVELS = ("debug", "info", "warning", "error", "critical")
LEVEL_NUMBER = {name: 10 * (i + 1) for i, name in enumerate(LEVELS)}
LEVEL_NUMBER["exception"] = LEVEL_NUMBER["error"]
#: What a viewer sees unless it asks for more or less.
DEFAULT_LEVEL = "info"


def level_number(level: str) -> int:
    """Severity of ``level`` (unknown names count as info, so they are never hidden)."""
    return LEVEL_NUMBER.get(level, LEVEL_NUMBER["info"])


@message("daemon.log_event")
class LogEvent:
    """One structured event of a session (or of the daemon), ready to filter and show.

    ``actor`` is the knowledge source or expert the event is about (its ``actor``,
    ``expert`` or, for a decision, ``winner`` field); ``json`` is the whole event.
    """

    time: str
    level: str
    event: str
    session: str
    game: str
    agent: str
    actor: str
    json: str


@message("daemon.tail")
class TailRequest:
    """Ask for the live stream; empty strings match everything.

    ``level`` is the lowest level wanted; asking for ``debug`` also turns on
    blackboard tracing (knowledge-source reads and writes) in sessions started
    while the viewer is attached.
    """

    session: str = ""
    game: str = ""
    actor: str = ""
    level: str = DEFAULT_LEVEL


def matches(request: TailRequest, event: LogEvent) -> bool:
    """Whether ``event`` passes the viewer's filter.

    ``session`` matches a session id or a batch id prefix of the event's session
    (batches name their sessions ``<batch>-<n>``); ``actor`` matches the event's
    actor or its agent.
    """
    if level_number(event.level) < level_number(request.level):
        return False
    if request.session and not (
        event.session == request.session or event.session.startswith(request.session + "-")
    ):
        return False
    if request.game and event.game != request.game:
        return False
    if request.actor and request.actor not in (event.actor, event.agent):
        return False
    return True


_exceptions = structlog.processors.ExceptionRenderer(
    structlog.tracebacks.ExceptionDictTransformer(show_locals=False)
)


def event_from_dict(event_dict: Mapping[str, Any], method: str = "info") -> LogEvent:
    """Build a :class:`LogEvent` from a structlog event dict (tracebacks as data)."""
    fields = dict(event_dict)
    if "exc_info" in fields:
        fields = _exceptions(None, method, fields)
    level = str(fields.get("level") or method)
    actor = fields.get("actor") or fields.get("expert") or fields.get("winner") or ""
    return LogEvent(
        time=str(fields.get("timestamp", "")),
        level=level,
        event=str(fields.get("event", "")),
        session=str(fields.get("session", "")),
        game=str(fields.get("game", "")),
        agent=str(fields.get("agent", "")),
        actor=str(actor),
        json=json.dumps(fields, default=repr, separators=(",", ":")),
    )


#: Fields every line shows in its own column, not as ``key=value``.
_COLUMNS = ("timestamp", "level", "event", "session", "game", "agent", "actor")


def format_line(event: LogEvent) -> str:
    """One readable line: ``time level game session [actor] event key=value ...``."""
    try:
        fields = json.loads(event.json)
    except ValueError:
        fields = {}
    clock = event.time[11:23] if len(event.time) >= 23 else event.time
    where = " ".join(part for part in (event.game, event.session) if part)
    who = f"[{event.actor}]" if event.actor else ""
    rest = []
    if event.event == "decision" and "rationale" in fields:
        # The canonical decision event, compactly: the winner's reason (which names
        # the action), then who else had a proposal.
        others = [p.get("expert") for p in fields.get("proposals") or ()
                  if isinstance(p, dict) and p.get("expert") != fields.get("winner")]
        rest.append(f"#{fields.get('generation')} {fields['rationale']}")
        if others:
            rest.append(f"(also proposed: {', '.join(map(str, others))})")
        fields = {}
    for key, value in fields.items():
        if key in _COLUMNS or key == "exception":
            continue
        if key == "proposals" and isinstance(value, list):
            value = "; ".join(
                f"{p.get('expert')}:{p.get('status')}" for p in value if isinstance(p, dict)
            )
        text = value if isinstance(value, str) else json.dumps(value, default=repr)
        if len(text) > 120:
            text = text[:117] + "..."
        rest.append(f"{key}={text}")
    line = " ".join(p for p in (clock, f"{event.level:7}", where, who, event.event, *rest) if p)
    exception = fields.get("exception")
    if exception:
        line += "\n" + _format_exception(exception)
    return line


def _format_exception(exception: Any) -> str:
    """The last frame and message of a structlog exception dict, indented."""
    if not isinstance(exception, list) or not exception:
        return f"    {exception}"
    lines = []
    for exc in exception:
        if not isinstance(exc, dict):
            continue
        frames = exc.get("frames") or []
        if frames and isinstance(frames[-1], dict):
            last = frames[-1]
            where = f"{last.get('filename')}:{last.get('lineno')}"
            lines.append(f"    at {where} in {last.get('name')}")
        lines.append(f"    {exc.get('exc_type')}: {exc.get('exc_value')}")
    return "\n".join(lines)
