"""Where the daemon keeps its socket and records, unless told otherwise.

* socket: ``$BELLIGERENT_SOCKET``, else ``$XDG_RUNTIME_DIR/belligerent/daemon.sock``,
  else ``~/.local/state/belligerent/daemon.sock``;
* records: ``$BELLIGERENT_DB``, else ``~/.local/state/belligerent/records.sqlite3``.

Both folders are created with mode 0700, and the socket itself is 0600: only its
owner can talk to the daemon.
"""

from __future__ import annotations

import os
from pathlib import Path

SOCKET_ENV = "BELLIGERENT_SOCKET"
DB_ENV = "BELLIGERENT_DB"
#: The longest path a Unix socket address can hold on Linux (108 bytes with the NUL).
MAX_SOCKET_PATH = 107


def state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                             "state")
    return Path(base) / "belligerent"


def default_socket() -> Path:
    explicit = os.environ.get(SOCKET_ENV)
    if explicit:
        return Path(explicit)
    runtime_dir = os.environ.get("XDG_RUNTIME_DIR")
    if runtime_dir and os.path.isdir(runtime_dir):
        return Path(runtime_dir) / "belligerent" / "daemon.sock"
    return state_dir() / "daemon.sock"


def default_database() -> Path:
    explicit = os.environ.get(DB_ENV)
    return Path(explicit) if explicit else state_dir() / "records.sqlite3"


def check_socket_path(path: Path) -> None:
    """Refuse a path too long for a Unix socket, saying how to pick another."""
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise OSError(
            f"socket path {str(path)!r} is {len(os.fsencode(path))} bytes, longer than the "
            f"{MAX_SOCKET_PATH} a Unix socket allows; choose a shorter one with --socket "
            f"or ${SOCKET_ENV}"
        )
