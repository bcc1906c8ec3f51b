"""Terminal games behind the runtime: a pseudo-terminal under trio, a VT100 screen.

Layers, bottom up: :class:`PtyProcess` (a child in a pty: spawn, non-blocking
reads, reaping), :class:`Emulator` (pyte with xterm's REP and alternate screen,
rendering immutable :class:`ScreenSnapshot` s), the cast format
(:class:`CastWriter`, :func:`read_cast`), and :class:`Terminal` — keys in, complete
frames out — with a live :class:`PtyTerminal` and a recorded :class:`ReplayTerminal`.
Game adapters (``protocols.rogue``, ``protocols.nethack``) build on ``Terminal``.
"""

from ._cast import Cast as Cast
from ._cast import CastEvent as CastEvent
from ._cast import CastWriter as CastWriter
from ._cast import parse_cast as parse_cast
from ._cast import read_cast as read_cast
from ._emulator import Emulator as Emulator
from ._emulator import XtermScreen as XtermScreen
from ._game import ScreenGameAdapter as ScreenGameAdapter
from ._process import PtyProcess as PtyProcess
from ._process import describe_status as describe_status
from ._replay import ReplayMismatchError as ReplayMismatchError
from ._replay import ReplayTerminal as ReplayTerminal
from ._snapshot import ScreenSnapshot as ScreenSnapshot
from ._terminal import DEFAULT_TIMING as DEFAULT_TIMING
from ._terminal import DEFAULT_WATCHDOG as DEFAULT_WATCHDOG
from ._terminal import FrameRule as FrameRule
from ._terminal import KeyTiming as KeyTiming
from ._terminal import PtyTerminal as PtyTerminal
from ._terminal import Terminal as Terminal
from ._terminal import Watchdog as Watchdog
from ._terminal import any_output as any_output

__all__ = [
    "DEFAULT_TIMING",
    "DEFAULT_WATCHDOG",
    "Cast",
    "CastEvent",
    "CastWriter",
    "Emulator",
    "FrameRule",
    "KeyTiming",
    "PtyProcess",
    "PtyTerminal",
    "ReplayMismatchError",
    "ReplayTerminal",
    "ScreenGameAdapter",
    "ScreenSnapshot",
    "Terminal",
    "Watchdog",
    "XtermScreen",
    "any_output",
    "describe_status",
    "parse_cast",
    "read_cast",
]
