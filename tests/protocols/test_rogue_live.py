"""Rogue 5.4.4 live in a pseudo-terminal; skipped unless a binary is configured.

Set ``BELLIGERENT_ROGUE`` to the user's Rogue 5.4.4 binary to run these.
"""

import os

import pytest
from pty_helpers import assert_reaped, children, new_children, open_fds

from actors.rogue._agents import minimal_agent
from protocols.rogue import ROGUE_ENV, RogueAdapter, find_rogue_binary, read_screen
from runtime import GameProcessError, Session

needs_rogue = pytest.mark.skipif(
    not os.environ.get(ROGUE_ENV),
    reason=f"no Rogue binary configured: set {ROGUE_ENV} to a Rogue 5.4.4 binary",
)


def test_missing_binary_is_a_clear_error(monkeypatch):
    """Without --rogue-bin or the variable, the error says how to configure one."""
    monkeypatch.delenv(ROGUE_ENV, raising=False)
    with pytest.raises(LookupError, match=r"^no Rogue binary configured: pass --rogue-bin "
                                          r"PATH or set BELLIGERENT_ROGUE "):
        find_rogue_binary(None)


def test_binary_that_does_not_exist_is_named(tmp_path):
    """A path to nothing is reported with the path."""
    missing = str(tmp_path / "rogue")
    with pytest.raises(FileNotFoundError, match=f"^Rogue binary '{missing}' does not exist$"):
        find_rogue_binary(missing)


@needs_rogue
async def test_live_game_quits_cleanly_with_its_own_save_file():
    """The minimal agent plays, quits (Q, y) or dies, and the game's directory is removed."""
    before = open_fds()
    kids = children()
    adapter = RogueAdapter.live()
    workdir = adapter.workdir
    result = await Session(adapter, minimal_agent(limit=60), seed=1).run()
    assert "" == result.cause
    assert result.outcome in ("quit", "death")
    assert dict(result.detail)["depth"] >= 1
    assert 0 == adapter.terminal.exit_status
    assert not os.path.exists(workdir)
    assert_reaped(adapter.terminal.pid)
    assert before == open_fds()
    assert [] == new_children(kids)


@needs_rogue
async def test_live_esc_after_a_prompt_is_not_lost(tmp_path):
    """ESC at "Really quit?" declines it: the next key is taken as a command."""
    async with RogueAdapter.live(record=str(tmp_path / "esc.cast")) as adapter:
        await adapter.act("Q")
        assert "Really quit?" == read_screen(adapter.frame).prompt
        await adapter.act("\x1b")
        await adapter.act("Q")
        assert "Really quit?" == read_screen(adapter.frame).prompt
        await adapter.act("y")
        assert adapter.over
    assert "quit" == adapter.result().outcome


async def test_program_that_dies_at_start_is_aborted_and_cleaned_up(tmp_path):
    """A "Rogue" that exits at once raises GameProcessError; its directory is removed."""
    fake = tmp_path / "rogue"
    fake.write_text("#!/bin/sh\necho 'Sorry, the screen must be at least 24x80'\nexit 1\n")
    fake.chmod(0o755)
    before = open_fds()
    adapter = RogueAdapter.live(str(fake))
    with pytest.raises(GameProcessError, match=r"^Rogue ended before a tombstone or quit "
                                               r"screen: the game process \(pid \d+\) exited "
                                               r"with status 1$"):
        async with adapter:
            pass
    assert not os.path.exists(adapter.workdir)
    assert_reaped(adapter.terminal.pid)
    assert before == open_fds()
