"""Our adapter on the real lithium/spellcast server (opt-in: needs a running one).

Set ``SPELLCAST_LITHIUM=host:port`` to a NettySpellcastServer built from
github.com/lithium/spellcast (Java; not part of the project). The match there is lithium's
rules, not ours; the point is that our client speaks its protocol well enough to play a
whole match. lithium handles each connection on its own thread without locking, so two
gestures arriving at the same instant can wedge a round on its side: hence the sitter's
delay and the reruns.
"""

import os

import pytest
import trio

from protocols.spellcast import Answer, Gestures, SpellcastAdapter
from runtime import AgentSpec, Expert, Proposal, Session

LITHIUM = os.environ.get("SPELLCAST_LITHIUM", "")

pytestmark = pytest.mark.skipif(not LITHIUM, reason="set SPELLCAST_LITHIUM=host:port")


class _Stabber(Expert):
    """Stabs with the left hand every round and aims everything at the other wizard."""

    name = "stabber"
    reads = frozenset({"observation"})
    gestures = Gestures("K", "_")

    def propose(self, view):
        turn = view.read("observation")
        if turn.phase == "gestures":
            return Proposal(self.gestures, "stab")
        question = turn.questions[0]
        foe = next((c for c in question.choices if c not in (turn.me, "nobody")),
                   question.choices[0])
        return Proposal(Answer(question.id, foe), "at the foe")


class _Sitter(_Stabber):
    """Does nothing, a little later than the stabber (see the module docstring)."""

    name = "sitter"
    gestures = Gestures("_", "_")

    async def propose(self, view):
        await trio.sleep(0.15)
        return super().propose(view)


@pytest.mark.flaky(reruns=2)
async def test_our_adapter_plays_a_whole_match_on_lithium():
    """Fifteen stabs kill the sitter: both sessions end with lithium's 390 for the stabber."""
    host, _, port = LITHIUM.rpartition(":")
    results = {}

    async def play(name, expert):
        adapter = SpellcastAdapter(host, int(port), name, timeout=20)
        spec = AgentSpec(name=name, version="test", knowledge_sources=(), experts=(expert,))
        results[name] = await Session(adapter, spec, seed=1).run()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(play, "lstabber", _Stabber)
        await trio.sleep(0.3)
        nursery.start_soon(play, "lsitter", _Sitter)
    assert results["lstabber"].outcome == "win" and results["lsitter"].outcome == "loss"
    assert results["lstabber"].turns == 15
