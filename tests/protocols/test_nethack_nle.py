"""NetHack in-process through NLE, behind the same adapter and views as the pty game."""

import pytest

from protocols.nethack import NetHackAdapter, NetHackView, nle_available

pytestmark = pytest.mark.skipif(not nle_available(),
                                reason="nle is not installed: pip install 'belligerent[nle]'")


async def play(seeds, keys):
    adapter = NetHackAdapter.nle(seeds=seeds, name="nletest")
    screens = []
    async with adapter:
        for key in keys:
            view = (await adapter.observe()).payload
            screens.append(view.lines)
            if adapter.over:
                break
            await adapter.act("\r" if view.kind in ("more", "menu") else key)
    return adapter, screens


async def test_same_seeds_and_keys_give_the_same_game(tmp_path, monkeypatch):
    """Two games with the same seeds and keys show the same screens throughout."""
    monkeypatch.chdir(tmp_path)
    _, first = await play((5, 6), "hjklyubn" * 4)
    _, second = await play((5, 6), "hjklyubn" * 4)
    assert first == second


async def test_nle_views_are_the_pty_views(tmp_path, monkeypatch):
    """The first NLE observation is a NetHackView on the map, with status and hero."""
    monkeypatch.chdir(tmp_path)
    adapter = NetHackAdapter.nle(seeds=(1, 2))
    async with adapter:
        view = (await adapter.observe()).payload
    assert isinstance(view, NetHackView)
    assert "map" == view.kind
    assert (1, 1) == (view.status.dlvl, view.status.turn)
    assert "@" == view.at(*view.player)


async def test_nle_game_quits_cleanly(tmp_path, monkeypatch):
    """#quit and y end the NLE game with a quit result read off the goodbye screen."""
    monkeypatch.chdir(tmp_path)
    adapter = NetHackAdapter.nle(seeds=(3, 4))
    async with adapter:
        await adapter.act("#quit\r")
        await adapter.act("y")
        assert adapter.over
    result = adapter.result()
    assert ("quit", 1) == (result.outcome, dict(result.detail)["dlvl"])
