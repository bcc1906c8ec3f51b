"""The Spellcast server: connections, the lobby, rooms, and many matches at once.

One trio task per connection reads lines and hands each to :meth:`SpellcastServer.command`,
which runs to completion without awaiting (so the state of every match changes one command
at a time, in arrival order); one more task per connection writes its outbox. A client that
sends garbage gets an error line; one that stops reading is dropped when its outbox fills;
one that the server waits for and who says nothing for ``idle_timeout`` seconds is timed
out (``409``) — none of that touches other clients or other matches. An exception raised
while handling one command is logged and answered with ``500``; the server keeps going.

Lobby and rooms. Named clients start in the room ``lobby``. As in lithium, a match starts
when every waiting (not playing) client of a room is READY and there are at least two of
them; unlike lithium, a room whose match is running keeps accepting new players, who can
start their own match, and ``JOIN <room> [<wizards>]`` (our extension) moves a client to
another room, optionally asking for matches of exactly that many wizards: such a room
starts a match for every that-many ready clients, in the order they joined (a pool). So a
tournament runs many matches side by side, one room each or all from one pool. Room chat
(``SAY``), ready changes and quits (``201``/``301``/``303``) go to everyone in the room;
match lines go to its players.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

import structlog
import trio

from games.spellcast import Ruleset

from ._connection import OUTBOX_LINES, Connection, State
from ._lines import DEFAULT_MAX_LINE, LineReader, MalformedLineError, OversizedLineError
from ._table import Table

__all__ = ["SERVER_NAME", "SERVER_VERSION", "SpellcastServer", "open_server", "serve"]

_log = structlog.get_logger("belligerent.spellcast.server")

SERVER_NAME = "belligerent"
SERVER_VERSION = "spellcast-1.0"
DEFAULT_PORT = 41075
#: Nicknames: lithium's ``^\w+$`` (ASCII), at most 32 characters.
_NICK = re.compile(r"^[A-Za-z0-9_]{1,32}$")
#: Words that mean something else in an ANSWER line, so no wizard may be called that.
_RESERVED = frozenset({"nobody", "everyone", "left", "right", "both", "me"})
_GENDERS = ("male", "female", "none")
_ROOM = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
#: How long a closing connection may take to flush its last lines.
_FLUSH_SECONDS = 2.0


def match_seed(seed: int, room: str, number: int) -> int:
    """The engine seed of the ``number``-th match (from 1) of ``room``: fixed by the
    server's seed, the room and that count, not by the order in which matches in other
    rooms happened to start (so a tournament's game in room ``g17`` replays the same)."""
    digest = hashlib.blake2b(f"{seed}:{room}:{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFF_FFFF


class SpellcastServer:
    """The state of one server: who is connected, the rooms, the running matches.

    ``seed`` fixes every match (the n-th match of a room always gets the same engine
    seed, see :func:`match_seed`);
    ``idle_timeout`` (seconds, None for never) bounds how long the server waits for a
    client to act; ``max_line`` bounds a line's length; ``max_turns`` (optional) makes a
    match a draw after that many turns.
    """

    def __init__(
        self,
        *,
        seed: int = 0,
        ruleset: Ruleset = Ruleset.FULL,
        idle_timeout: float | None = 300.0,
        max_line: int = DEFAULT_MAX_LINE,
        max_turns: int | None = None,
        name: str = SERVER_NAME,
        version: str = SERVER_VERSION,
    ) -> None:
        self.seed = seed
        self.ruleset = ruleset
        self.idle_timeout = idle_timeout
        self.max_line = max_line
        self.max_turns = max_turns
        self.name = name
        self.version = version
        self.connections: list[Connection] = []
        self.tables: dict[str, Table] = {}
        #: Every finished match: (match id, outcome, winner or None, rounds).
        self.results: list[tuple[str, str, str | None, int]] = []
        self._numbers = itertools.count(1)
        self._match_numbers = itertools.count(1001)
        #: Matches started so far in each room (for match_seed).
        self._room_matches: dict[str, int] = {}

    # -- connections -------------------------------------------------------------------
    async def handle(self, stream: trio.abc.Stream) -> None:
        """Serve one client until it quits, drops, times out or the server stops."""
        peer = _peer_name(stream)
        conn = Connection(next(self._numbers), peer, self.idle_timeout)
        send, receive = trio.open_memory_channel[bytes](OUTBOX_LINES)
        conn.attach(send)
        self.connections.append(conn)
        _log.debug("client.connect", client=conn.label, peer=peer)
        try:
            async with trio.open_nursery() as nursery:
                conn.scope = nursery.cancel_scope
                nursery.start_soon(self._write, conn, stream, receive)
                conn.send(f"222 SPELLCAST {self.name} {self.version}")
                conn.expect(True)
                await self._read(conn, stream)
                # The client is done: tell the others, let the writer flush what is
                # queued (the last error or 409 line), then stop.
                conn.closed = True
                self._forget(conn)
                await send.aclose()
                nursery.cancel_scope.deadline = trio.current_time() + _FLUSH_SECONDS
        except Exception:  # a bug here must cost one client, never the server
            _log.exception("client.crashed", client=conn.label)
        finally:
            conn.closed = True
            self._forget(conn)
            with trio.CancelScope(shield=True):
                with trio.move_on_after(_FLUSH_SECONDS):
                    await stream.aclose()
            _log.debug("client.disconnect", client=conn.label,
                       reason=conn.drop_reason or "closed")

    async def _read(self, conn: Connection, stream: trio.abc.Stream) -> None:
        reader = LineReader(stream, self.max_line)
        while not conn.closed:
            with trio.CancelScope(deadline=conn.deadline) as scope:
                conn.receive_scope = scope
                try:
                    line = await reader.receive_line()
                except OversizedLineError:
                    conn.touched()
                    conn.send(f"405 :Line too long (the limit is {self.max_line} bytes)")
                    continue
                except MalformedLineError:
                    conn.touched()
                    conn.send("408 :Malformed line (not UTF-8 text)")
                    continue
                except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                    conn.drop_reason = conn.drop_reason or "connection lost"
                    return
                finally:
                    conn.receive_scope = None
            if scope.cancelled_caught:
                if conn.awaiting and trio.current_time() >= conn.deadline:
                    conn.send("409 :Idle timeout")
                    conn.drop_reason = "idle timeout"
                    return
                continue
            if line is None:
                conn.drop_reason = conn.drop_reason or "end of stream"
                return
            conn.touched()
            try:
                self.command(conn, line)
            except Exception:
                _log.exception("server.command_failed", client=conn.label, line=line[:200])
                conn.send("500 :Internal error; the command was ignored")

    async def _write(
        self,
        conn: Connection,
        stream: trio.abc.Stream,
        receive: trio.MemoryReceiveChannel[bytes],
    ) -> None:
        try:
            async for data in receive:
                batch = [data]
                while len(batch) < 512:
                    try:
                        batch.append(receive.receive_nowait())
                    except (trio.WouldBlock, trio.EndOfChannel):
                        break
                await stream.send_all(b"".join(batch))
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            conn.drop("connection lost while writing")

    def _forget(self, conn: Connection) -> None:
        """Take a departed client out of its match and room (idempotent; never raises,
        since it runs while a connection task unwinds)."""
        if conn not in self.connections:
            return
        self.connections.remove(conn)
        try:
            self._depart(conn)
        except Exception:
            _log.exception("server.leave_failed", client=conn.label)

    def _depart(self, conn: Connection) -> None:
        if conn.nick:
            self._room_send(conn.room, f"303 {conn.nick} :Quits", but=conn)
        if conn.table is not None:
            conn.table.leave(conn)
        conn.state = State.NAMING
        self._check_room(conn.room)

    # -- commands ----------------------------------------------------------------------
    def command(self, conn: Connection, line: str) -> None:
        """Handle one line from ``conn`` completely (never awaits)."""
        parts = line.split(" ")
        verb = parts[0].upper()
        args = [p for p in parts[1:] if p]
        if not line.strip():
            return
        if verb == "QUIT":
            conn.closed = True
            conn.drop_reason = "quit"
            return
        if verb == "PING":
            # Our extension: a client (or a test) learns that every line it sent before
            # has been handled, and everything those lines caused is already queued.
            token = args[0] if args else "-"
            conn.send(f"202 {token[:64]} :Pong")
            return
        if conn.state is State.NAMING:
            if verb == "NAME":
                self._name(conn, line, args)
            elif verb in _VERBS:
                conn.send("407 :Say NAME <nick> <male|female|none> :<visible name> first")
            else:
                conn.send(f"404 :Unknown command {_quote(verb)}")
            return
        handler = _VERBS.get(verb)
        if handler is None:
            conn.send(f"404 :Unknown command {_quote(verb)}")
            return
        handler(self, conn, line, args)

    def _name(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        if not args:
            conn.send("401 :Invalid nickname")
            return
        nick = args[0]
        if not _NICK.match(nick) or nick.lower() in _RESERVED:
            conn.send("401 :Invalid nickname")
            return
        if any(c.nick.lower() == nick.lower() for c in self.connections if c is not conn):
            conn.send("400 :Nickname in use")
            return
        conn.nick = nick
        conn.gender = _gender(args[1] if len(args) > 1 else "none")
        conn.visible = _visible(line, args[2:] if len(args) > 2 else ()) or nick
        conn.state = State.WATCHING
        conn.send(f"200 Hello {nick}")
        self._room_list(conn)
        self._room_send(conn.room, _lobby_line(conn), but=conn)

    def _rename(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        """``NAME <gender> :<visible name>`` after the handshake (lithium)."""
        if not args:
            conn.send("401 :Invalid nickname")
            return
        conn.gender = _gender(args[0])
        conn.visible = _visible(line, args[1:]) or conn.visible
        self._room_send(conn.room, _lobby_line(conn))

    def _say(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        text = line.split(" ", 1)[1] if " " in line else ""
        self._room_send(conn.room, f"201 {conn.nick} :{text}")

    def _ready(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        if conn.state is not State.WATCHING:
            conn.send("406 :Already playing a match")
            return
        if not conn.ready:
            conn.ready = True
            conn.expect(False)
            self._room_send(conn.room, _lobby_line(conn))
        self._check_room(conn.room)

    def _yield(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        if conn.state is State.PLAYING and conn.table is not None:
            table = conn.table
            self._leave_table(conn)
            table.leave(conn)
            conn.expect(True)  # back in the lobby, not ready
            self._room_send(conn.room, _lobby_line(conn))
            return
        if conn.ready:
            conn.ready = False
            conn.expect(True)
            self._room_send(conn.room, _lobby_line(conn))

    def _join(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        if conn.state is not State.WATCHING:
            conn.send("406 :Leave the match (YIELD) before changing rooms")
            return
        if not args or not _ROOM.match(args[0]) or len(args) > 2:
            conn.send("410 :Usage: JOIN <room> [<wizards 2..6>]")
            return
        wanted = 0
        if len(args) == 2:
            if not args[1].isdigit() or not 2 <= int(args[1]) <= 6:
                conn.send("410 :Usage: JOIN <room> [<wizards 2..6>]")
                return
            wanted = int(args[1])
        old = conn.room
        self._room_send(old, f"303 {conn.nick} :Quits", but=conn)
        conn.room, conn.wanted, conn.ready = args[0], wanted, False
        conn.expect(True)
        conn.send(f"211 {conn.room} {wanted} :Joined room")
        self._room_list(conn)
        self._room_send(conn.room, _lobby_line(conn), but=conn)
        self._check_room(old)

    def _who(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        if conn.table is not None and conn.state is State.PLAYING:
            conn.table.who(conn)
        else:
            self._room_list(conn)

    def _gesture(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        if conn.table is None or conn.state is not State.PLAYING:
            conn.send("406 :Not in a match")
            return
        conn.table.gesture(conn, args)

    def _answer(self, conn: Connection, line: str, args: Sequence[str]) -> None:
        if conn.table is None or conn.state is not State.PLAYING:
            conn.send("403 :Invalid answer (not in a match)")
            return
        conn.table.answer(conn, args)

    # -- rooms and matches -------------------------------------------------------------
    def _members(self, room: str) -> list[Connection]:
        return [
            c
            for c in self.connections
            if c.room == room and c.state is not State.NAMING and not c.closed
        ]

    def _room_send(self, room: str, line: str, *, but: Connection | None = None) -> None:
        for member in self._members(room):
            if member is not but:
                member.send(line)

    def _room_list(self, conn: Connection) -> None:
        conn.send("300 Wizards")
        for member in self._members(conn.room):
            if member is not conn:
                conn.send(_lobby_line(member))
        conn.send("302 :End of Wizards")
        conn.send("310 Monsters")
        conn.send("312 :End of Monsters")

    def _check_room(self, room: str) -> None:
        """Start what the room's ready wizards make up. A room whose clients asked for n
        wizards (JOIN <room> <n>) starts a match for every n ready ones, in the order they
        joined (a pool); otherwise lithium's rule: everyone waiting is ready, at least 2."""
        waiting = [c for c in self._members(room) if c.state is State.WATCHING]
        wanted = max((c.wanted for c in waiting), default=0)
        if wanted:
            ready = [c for c in waiting if c.ready]
            while len(ready) >= wanted:
                self._start(ready[:wanted])
                ready = ready[wanted:]
            return
        if len(waiting) < 2 or not all(c.ready for c in waiting):
            return
        if len(waiting) > 6:
            for c in waiting:
                c.send("410 :Too many ready wizards for one match (at most 6)")
            return
        self._start(waiting)

    def _start(self, players: Sequence[Connection]) -> None:
        # Seats by name, not by who connected first, so a match replays the same however
        # the connections raced (the engine's random choices may depend on seat order).
        players = sorted(players, key=lambda c: c.nick)
        match_id = f"m{next(self._match_numbers)}"
        room = players[0].room
        self._room_matches[room] = number = self._room_matches.get(room, 0) + 1
        for conn in players:
            conn.state, conn.ready = State.PLAYING, False
        table = Table(
            match_id,
            players,
            seed=match_seed(self.seed, room, number),
            ruleset=self.ruleset,
            on_over=self._over,
            max_turns=self.max_turns,
        )
        for conn in players:
            conn.table = table
        self.tables[match_id] = table
        table.start()

    def _over(self, table: Table) -> None:
        self.tables.pop(table.match_id, None)
        self.results.append((table.match_id, table.outcome, table.winner, table.round))
        for conn in table.players:
            if conn.table is table:
                self._leave_table(conn)
                conn.expect(not conn.closed)

    def _leave_table(self, conn: Connection) -> None:
        conn.table = None
        if conn.state is State.PLAYING:
            conn.state = State.WATCHING
        conn.ready = False


_VERBS = {
    "NAME": SpellcastServer._rename,
    "SAY": SpellcastServer._say,
    "READY": SpellcastServer._ready,
    "YIELD": SpellcastServer._yield,
    "JOIN": SpellcastServer._join,
    "WHO": SpellcastServer._who,
    "GESTURE": SpellcastServer._gesture,
    "ANSWER": SpellcastServer._answer,
}


def _lobby_line(conn: Connection) -> str:
    mark = "*" if conn.state is State.PLAYING else ("+" if conn.ready else "-")
    return f"301 {conn.nick} {mark} {conn.gender} :{conn.visible}"


def _gender(text: str) -> str:
    text = text.lower()
    return text if text in _GENDERS else "none"


def _visible(line: str, rest: Sequence[str]) -> str:
    if " :" in line:
        return line.split(" :", 1)[1].strip()[:64]
    return " ".join(rest).lstrip(":")[:64]


def _quote(verb: str) -> str:
    return verb[:32] + ("..." if len(verb) > 32 else "")


def _peer_name(stream: trio.abc.Stream) -> str:
    try:
        host, port = stream.socket.getpeername()[:2]  # type: ignore[attr-defined]
        return f"{host}:{port}"
    except (AttributeError, OSError, ValueError):
        return "?"


async def serve(
    host: str | None,
    port: int,
    *,
    seed: int = 0,
    ruleset: Ruleset = Ruleset.FULL,
    idle_timeout: float | None = 300.0,
    max_line: int = DEFAULT_MAX_LINE,
    max_turns: int | None = None,
    server: SpellcastServer | None = None,
    listeners: Sequence[trio.SocketListener] | None = None,
    task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Run a Spellcast server on ``host``:``port`` until cancelled.

    Use with ``port = await nursery.start(serve, "127.0.0.1", 0, seed=...)``: it reports
    the bound port once it accepts connections. Pass ``server`` to keep a handle on the
    server's state (its ``results``, ``tables``, ``connections``); otherwise one is built
    from the keyword arguments; pass ``listeners`` (already open) to serve on those.
    Cancelling it closes the listener and every connection.
    """
    if server is None:
        server = SpellcastServer(
            seed=seed,
            ruleset=ruleset,
            idle_timeout=idle_timeout,
            max_line=max_line,
            max_turns=max_turns,
        )
    if listeners is None:
        listeners = await trio.open_tcp_listeners(port, host=host or None)
    bound = listeners[0].socket.getsockname()[1]
    _log.info(
        "server.listening",
        host=host or "*",
        port=bound,
        seed=server.seed,
        ruleset=server.ruleset.value,
    )
    async with trio.open_nursery() as nursery:
        await nursery.start(trio.serve_listeners, server.handle, list(listeners))
        task_status.started(bound)


@contextlib.asynccontextmanager
async def open_server(
    host: str = "127.0.0.1", port: int = 0, **options: Any
) -> AsyncIterator[tuple[SpellcastServer, int]]:
    """``async with open_server(seed=1) as (server, port):`` — a server running in the
    background for the block's duration (for tests, tournaments, local play). ``options``
    are :class:`SpellcastServer`'s. Leaving the block stops it and closes every connection.
    """
    server = SpellcastServer(**options)
    async with trio.open_nursery() as nursery:
        bound = await nursery.start(
            functools.partial(serve, host, port, server=server))
        try:
            yield server, bound
        finally:
            nursery.cancel_scope.cancel()
