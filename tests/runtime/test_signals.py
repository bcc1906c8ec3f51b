"""until_sigterm: a SIGTERM cancels the run as Ctrl-C would, and says so."""

import os
import signal

import trio

from runtime import until_sigterm


async def test_sigterm_cancels_the_run_and_says_so():
    """A SIGTERM to the process cancels what ``until_sigterm`` runs, as Ctrl-C would,
    and is reported; a run that ends first returns its result untouched."""
    async def forever():
        await trio.sleep_forever()

    async def kill_soon():
        await trio.sleep(0.05)
        os.kill(os.getpid(), signal.SIGTERM)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(kill_soon)
        with trio.fail_after(5):
            assert (None, True) == await until_sigterm(forever)

    async def quick():
        await trio.sleep(0)
        return 42

    assert (42, False) == await until_sigterm(quick)
