"""A fault-injecting test-double game for the daemon's tests and soak, beside the real games.

``faulty`` echoes each action through a real child process (``cat``), so the
daemon meets real process trouble. Its ``fault`` parameter picks what goes wrong,
and each fault has the outcome the record must show (:data:`EXPECTED`):

========== ==================================================== ============
fault      what happens                                         outcome
========== ==================================================== ============
none       plays ``turns`` turns                                win
print      writes binary garbage to stdout and stderr each turn win
ks-flaky   a knowledge source raises once; it is restarted      win
ks-raise   a knowledge source raises every time                 crashed
hang       the game stops answering (needs a request timeout)   timeout
abort      the adapter reports a broken game protocol           aborted
game-killed the game process is killed mid-game                 aborted
game-hung  the game process is stopped (SIGSTOP) mid-game       aborted
block      an expert blocks the worker's event loop             failed
exit       the worker process dies (``os._exit``)               failed
========== ==================================================== ============

``fault=mix`` picks the fault from the seed (:func:`fault_for`), so one batch
carries them all. Registered for the soak and tests only, with the daemon's
``--game faulty=daemon_doubles:PLUGIN``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from typing import Any

import trio

from runtime import (
    AgentSpec,
    Expert,
    GameAdapter,
    GamePlugin,
    GameProcessError,
    GameResult,
    KnowledgeSource,
    Observed,
    Proposal,
    SessionPlan,
    message,
)

FAULTS = ("none", "print", "ks-flaky", "ks-raise", "hang", "abort", "game-killed",
          "game-hung", "block", "exit")
EXPECTED = {
    "none": "win", "print": "win", "ks-flaky": "win", "ks-raise": "crashed",
    "hang": "timeout", "abort": "aborted", "game-killed": "aborted", "game-hung": "aborted",
    "block": "failed", "exit": "failed",
}
#: The turn on which a fault strikes.
FAULT_TURN = 3
#: Seconds the adapter waits for its game process to echo before calling it hung.
ECHO_TIMEOUT = 1.0
_CYCLE = ("none",) * 6 + ("print", "ks-flaky", "ks-raise", "hang", "abort", "game-killed",
                          "game-hung")


def fault_for(seed: int) -> str:
    """The fault ``fault=mix`` gives seed ``seed``: the lethal ones (that take a whole
    worker down) are rare, the rest cycle."""
    if seed % 250 == 60:
        return "exit"
    if seed % 500 == 373:
        return "block"
    return _CYCLE[seed % len(_CYCLE)]


@message("test.echo_view")
class EchoView:
    turn: int
    fault: str


class EchoAdapter(GameAdapter):
    game = "faulty"

    def __init__(self, turns: int, fault: str, delay: float) -> None:
        self.turns = turns
        self.fault = fault
        self.delay = delay
        self.turn = 0
        self.process: trio.Process | None = None
        self._buffer = b""

    async def start(self) -> None:
        self.process = await trio.lowlevel.open_process(
            ["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    async def observe(self) -> Observed:
        if self.fault == "hang" and self.turn == FAULT_TURN:
            await trio.sleep_forever()
        if self.fault == "abort" and self.turn == FAULT_TURN:
            raise GameProcessError("the game sent a screen the adapter can't parse")
        if self.fault == "print":
            os.write(1, b"\x1b[2J\x00\xff garbage \x1b[31m" + bytes(range(0, 256, 7)) + b"\n")
            sys.stderr.write("\x1b[H\x07 more garbage\n")
        return Observed(EchoView(self.turn, self.fault), self.turn >= self.turns)

    async def act(self, action: Any) -> None:
        process = self.process
        assert process is not None and process.stdin and process.stdout
        if self.turn == FAULT_TURN and self.fault == "game-killed":
            process.kill()
        if self.turn == FAULT_TURN and self.fault == "game-hung":
            process.send_signal(signal.SIGSTOP)
        try:
            await process.stdin.send_all(f"{self.turn} {action}\n".encode())
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            raise GameProcessError(f"game process {process.pid} is gone "
                                   f"(status {process.poll()})") from None
        with trio.move_on_after(ECHO_TIMEOUT):
            while b"\n" not in self._buffer:
                data = await process.stdout.receive_some(4096)
                if not data:
                    raise GameProcessError(f"game process {process.pid} died "
                                           f"(status {await process.wait()})")
                self._buffer += data
            _, _, self._buffer = self._buffer.partition(b"\n")
            self.turn += 1
            if self.delay:
                await trio.sleep(self.delay)
            return
        raise GameProcessError(f"game process {process.pid} hung: no echo within "
                               f"{ECHO_TIMEOUT:g}s")

    def result(self) -> GameResult:
        won = self.turn >= self.turns
        return GameResult("win" if won else "aborted", float(self.turn), self.turn,
                          (("fault", self.fault),))

    async def aclose(self) -> None:
        process = self.process
        if process is None:
            return
        with trio.CancelScope(shield=True):
            if process.returncode is None:
                process.kill()  # SIGKILL works on a stopped process too
            await process.wait()
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    await stream.aclose()


class Counter(KnowledgeSource):
    name = "counter"
    reads = frozenset({"observation"})
    writes = frozenset({"count"})
    budget = 1.0
    fault = "none"

    async def activate(self, activation: Any) -> None:
        view = activation.read("observation")
        if self.fault == "ks-raise":
            raise RuntimeError(f"counter fails on turn {view.turn}, as asked")
        if self.fault == "ks-flaky" and view.turn == FAULT_TURN:  # one generation: once
            raise RuntimeError("counter fails once, as asked")
        await activation.write("count", view.turn)


class Echo(Expert):
    name = "echo"
    reads = frozenset({"observation"})
    fault = "none"

    def propose(self, view: Any) -> Proposal | None:
        seen = view.read("observation")
        if seen.turn == FAULT_TURN and self.fault == "block":
            time.sleep(3600)  # blocks the worker's whole event loop
        if seen.turn == FAULT_TURN and self.fault == "exit":
            os._exit(7)
        return Proposal(("echo", seen.turn), f"echo turn {seen.turn}")


def _agent(fault: str) -> AgentSpec:
    counter = type(f"Counter_{fault}", (Counter,), {"fault": fault})
    echo = type(f"Echo_{fault}", (Echo,), {"fault": fault})
    return AgentSpec("echoer", "1.0", (counter,), (echo,), decision_deadline=5.0,
                     settle_timeout=2.0)


PARAMETERS = ("turns", "fault", "delay")


def plan_session(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    unknown = sorted(set(parameters) - set(PARAMETERS))
    if unknown:
        raise ValueError(f"unknown faulty parameter(s) {', '.join(unknown)}; "
                         f"known: {', '.join(PARAMETERS)}")
    fault = parameters.get("fault", "none")
    if fault == "mix":
        fault = fault_for(seed)
    if fault not in FAULTS:
        raise ValueError(f"unknown fault {fault!r}; choose from mix, {', '.join(FAULTS)}")
    turns = int(parameters.get("turns", "10"))
    delay = float(parameters.get("delay", "0"))
    return SessionPlan(
        adapter=lambda: EchoAdapter(turns, fault, delay),
        agent=_agent(fault),
        parameters=(("turns", turns), ("fault", fault), ("delay", delay)),
    )


PLUGIN = GamePlugin("faulty", "a test double that injects faults", plan_session=plan_session)


def _plan_fails(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    raise RuntimeError("this plugin is broken")


#: A plugin whose planning raises something it shouldn't: the daemon must survive it.
BROKEN = GamePlugin("broken", "a test double whose plan_session raises", plan_session=_plan_fails)
