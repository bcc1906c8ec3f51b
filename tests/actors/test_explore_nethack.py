"""Integration: our exploration expert on real NetHack 3.6 level 1, in-process through NLE.

The level is NetHack's own (seeded), with what the paper's modified game removed
still in it (monsters, objects, locked doors), so the checks are what any level
must give: the explorer walks out of its room, finds others, and quits by itself.
"""

import pytest

from actors.explore import DirectAgent
from actors.explore._geometry import rooms
from actors.explore._nethack import QUIT, nethack_explorer
from protocols.nethack import NetHackAdapter, nle_available
from runtime import Session

pytestmark = pytest.mark.skipif(not nle_available(),
                                reason="nle is not installed: pip install 'belligerent[nle]'")


async def explore(seeds, limit=600):
    agent = DirectAgent(nethack_explorer(limit))
    adapter = NetHackAdapter.nle(seeds=seeds, name="explorer")
    actions = []
    async with adapter:
        while True:
            observed = await adapter.observe()
            if observed.terminal:
                break
            proposal = agent.decide(observed.payload)
            actions.append(proposal.action)
            await adapter.act(proposal.action)
    return agent, adapter, actions


@pytest.mark.parametrize("seeds", [(2, 3), (4, 5), (8, 9)])
async def test_the_explorer_maps_several_rooms_of_a_real_level_and_quits(
        seeds, tmp_path, monkeypatch):
    """On NetHack's own level 1 the same expert finds at least four rooms, then quits."""
    monkeypatch.chdir(tmp_path)
    agent, adapter, actions = await explore(seeds)
    m = agent.board["level_map"]
    result = adapter.result()
    assert len(rooms(m)) >= 4
    assert int(m.known.sum()) >= 300
    assert QUIT in actions and actions[-1] == "y"
    assert (result.outcome, dict(result.detail)["how"]) == ("quit", "quit")


async def test_a_session_drives_the_explorer_on_nethack_to_a_clean_end(tmp_path, monkeypatch):
    """Through the runtime, with a budget of 40 decisions, the game ends by quitting."""
    monkeypatch.chdir(tmp_path)
    adapter = NetHackAdapter.nle(seeds=(2, 3), name="explorer")
    record = await Session(adapter, nethack_explorer(40), seed=1).run()
    assert record.outcome == "quit" and not record.cause
    assert 41 <= dict(record.detail)["actions"] <= 44  # 40 moves, then #quit and y
