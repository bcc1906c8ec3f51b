"""Random wizards on one server: many matches at once, 2 to 4 wizards, every spell reachable.

Random gestures reach spells, monsters, mind spells and odd question stages that scripted
tests don't, so this is where a server or engine bug shows up as a hang, a 500 line or
a match that never ends. The quick version runs in the default suite; the slow one plays
many more matches.
"""

import random

import pytest
import trio
from structlog.testing import capture_logs

from protocols.spellcast import Answer, Gestures, SpellcastAdapter, open_server

_GESTURES = "PDFWSCK_"


async def _random_wizard(port, name, room, wizards, seed, results):
    rng = random.Random(seed)
    adapter = SpellcastAdapter("127.0.0.1", port, name, room=room, wizards=wizards, timeout=30)
    async with adapter:
        while True:
            observed = await adapter.observe()
            view = observed.payload
            if observed.terminal:
                break
            if view.phase == "gestures":
                await adapter.act(Gestures(rng.choice(_GESTURES), rng.choice(_GESTURES)))
            else:
                question = rng.choice(view.questions)
                await adapter.act(Answer(question.id, rng.choice(question.choices)))
    results[name] = (adapter.result(), adapter.transcript)


async def _play_many(matches, seed, max_turns):
    results = {}
    async with open_server(seed=seed, max_turns=max_turns, idle_timeout=30) as (server, port):
        async with trio.open_nursery() as nursery:
            for m in range(matches):
                size = 2 + m % 3
                for w in range(size):
                    nursery.start_soon(_random_wizard, port, f"r{m}w{w}", f"room{m}", size,
                                       seed * 1000 + m * 10 + w, results)
        finished = list(server.results)
    return finished, results


def _check(matches, finished, results):
    assert len(finished) == matches
    errors = [line for _, transcript in results.values() for line in transcript
              if line.startswith("S> 500")]
    assert errors == []
    for match_id, outcome, winner, _rounds in finished:
        players = {n: r for n, (r, _) in results.items() if dict(r.detail)["match"] == match_id}
        if outcome == "win":
            assert players[winner].outcome == "win"
            assert all(r.outcome == "loss" for n, r in players.items() if n != winner)
        else:
            assert all(r.outcome in ("draw", "loss") for r in players.values())


async def test_random_wizards_finish_every_match_without_server_errors():
    """Nine concurrent random matches (2, 3 and 4 wizards) all end, and agree on who won."""
    with capture_logs() as logs, trio.fail_after(40):
        finished, results = await _play_many(9, seed=5, max_turns=40)
    _check(9, finished, results)
    assert [e for e in logs if e["log_level"] in ("error", "critical")] == []


@pytest.mark.slow
async def test_many_random_matches_finish_without_server_errors():
    """Sixty concurrent random matches with no turn limit all end cleanly."""
    with capture_logs() as logs, trio.fail_after(600):
        finished, results = await _play_many(60, seed=9, max_turns=None)
    _check(60, finished, results)
    assert [e for e in logs if e["log_level"] in ("error", "critical")] == []
