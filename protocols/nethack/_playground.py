"""Private NetHack playgrounds: a directory of its own per batch of games.

NetHack keeps its score list, save files and per-slot lock files in its
playground (HACKDIR), and ``/etc/nethack/sysconf`` allows at most ``MAXPLAYERS``
(10) games at once in one: the 11th prints "Too many hacks running now." Run with
``-d DIR`` the binary drops its setgid and keeps everything in DIR, so giving each
batch of up to 10 games its own temporary playground keeps concurrent games —
ours and anyone else's — from meeting. A playground holds ``save/``, empty
``record``, ``logfile``, ``xlogfile`` and ``perm``, and links to the installed
game's data files (``nhdat``, ``symbols``).

Save files are named by uid and player name, so every game also gets a unique
name (a game killed by SIGHUP saves itself, and the next game with that name
would restore it).
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import uuid

import attrs
import trio

#: Where Debian's nethack-console keeps the game binary and its data files.
DEBIAN_HACKDIR = "/usr/lib/games/nethack"
#: The environment variable that overrides the NetHack binary.
NETHACK_ENV = "BELLIGERENT_NETHACK"
#: Games per playground (MAXPLAYERS in Debian's sysconf).
MAX_PLAYERS = 10

#: The options every game gets (see shared/nethack/NOTES.md): straight to the map,
#: no pet, no colours, time and experience shown, no end-of-game questions, and
#: ``mention_walls`` so that walking into a wall answers with a message.
BASE_OPTIONS = (
    "OPTIONS=windowtype:tty",
    "OPTIONS=!autopickup,pettype:none,!legacy,!news,!splash_screen",
    "OPTIONS=role:Valkyrie,race:human,gender:female,align:neutral",
    "OPTIONS=!mail,!tombstone,!rest_on_space,!number_pad,time,showexp",
    "OPTIONS=disclose:-i -a -v -g -c -o,!verbose,suppress_alert:3.4.3",
    "OPTIONS=!color,!hilite_pet",
    "OPTIONS=!bones,!checkpoint",
    "OPTIONS=mention_walls",
)

_DATA_FILES = ("nhdat", "symbols")
_names = itertools.count(1)


def find_nethack_binary(path: str | None = None) -> str:
    """The NetHack binary: ``path``, ``$BELLIGERENT_NETHACK`` or Debian's nethack-console.

    Raises FileNotFoundError with the install command when there is none.
    """
    chosen = path or os.environ.get(NETHACK_ENV, "") or os.path.join(
        DEBIAN_HACKDIR, "nethack-console")
    if not os.path.isfile(chosen):
        raise FileNotFoundError(
            f"NetHack binary {chosen!r} not found: install Debian's nethack-console "
            f"(apt-get install nethack-console) or set {NETHACK_ENV}"
        )
    return chosen


def unique_name(prefix: str = "bot") -> str:
    """A player name no other game of this process, or any other, will use."""
    return f"{prefix}{next(_names)}x{uuid.uuid4().hex[:6]}"[:24]


def options_text(name: str, extra: tuple[str, ...] = ()) -> str:
    return "\n".join((*BASE_OPTIONS, f"OPTIONS=name:{name}", *extra)) + "\n"


@attrs.define
class Playground:
    """One private playground directory, with up to :data:`MAX_PLAYERS` games in it."""

    path: str
    in_use: int = 0
    games: int = 0

    @classmethod
    def create(cls, *, data_dir: str = DEBIAN_HACKDIR, parent: str | None = None) -> Playground:
        """A new playground in a temporary directory, linked to ``data_dir``'s data files."""
        missing = [f for f in _DATA_FILES if not os.path.exists(os.path.join(data_dir, f))]
        if missing:
            raise FileNotFoundError(
                f"NetHack data files {', '.join(missing)} not found in {data_dir!r}: "
                "install Debian's nethack-console (apt-get install nethack-console)"
            )
        path = tempfile.mkdtemp(prefix="belligerent-nethack-", dir=parent)
        os.mkdir(os.path.join(path, "save"))
        for name in ("record", "logfile", "xlogfile", "perm"):
            open(os.path.join(path, name), "w").close()
        for name in _DATA_FILES:
            os.symlink(os.path.join(data_dir, name), os.path.join(path, name))
        return cls(path)

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)

    def xlog(self, name: str) -> dict[str, str] | None:
        """The xlogfile entry of player ``name`` (NetHack's own record of the game)."""
        try:
            with open(os.path.join(self.path, "xlogfile"), encoding="latin-1") as f:
                lines = f.read().splitlines()
        except OSError:
            return None
        for line in reversed(lines):
            fields = dict(part.split("=", 1) for part in line.split("\t") if "=" in part)
            if fields.get("name") == name:
                return fields
        return None


class PlaygroundPool:
    """Hands out playground slots: each playground takes ``per_playground`` games
    in its lifetime, then a new one is made.

    Use as ``async with PlaygroundPool() as pool:``; each game holds a slot from
    :meth:`acquire` to :meth:`release`. Closing the pool removes every playground it
    made (and the saves, records and logs in them).
    """

    def __init__(self, *, per_playground: int = MAX_PLAYERS, data_dir: str = DEBIAN_HACKDIR,
                 parent: str | None = None) -> None:
        if not 1 <= per_playground <= MAX_PLAYERS:
            raise ValueError(
                f"per_playground must be between 1 and {MAX_PLAYERS} (got {per_playground})")
        self.per_playground = per_playground
        self.data_dir = data_dir
        self.parent = parent
        self.playgrounds: list[Playground] = []

    def acquire(self) -> Playground:
        for playground in self.playgrounds:
            # Lifetime games, not just games running now: a game torn down hard can
            # leave its slot's lock file behind, and ten of those would fill the
            # playground ("Too many hacks running now."). Fresh directories are cheap.
            if playground.games < self.per_playground:
                break
        else:
            playground = Playground.create(data_dir=self.data_dir, parent=self.parent)
            self.playgrounds.append(playground)
        playground.in_use += 1
        playground.games += 1
        return playground

    def release(self, playground: Playground) -> None:
        """Give a slot back; a used-up playground with no game left in it is removed."""
        playground.in_use -= 1
        if playground.in_use == 0 and playground.games >= self.per_playground:
            playground.remove()
            self.playgrounds.remove(playground)

    def close(self) -> None:
        for playground in self.playgrounds:
            playground.remove()
        self.playgrounds.clear()

    async def __aenter__(self) -> PlaygroundPool:
        await trio.lowlevel.checkpoint()
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.close()
