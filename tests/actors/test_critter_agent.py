"""A critter as a runtime agent: the same throws as the direct player, loaded from a file."""

import pytest
from structlog.testing import capture_logs

from actors.critter import (
    CritterPlayer,
    assemble,
    critter_agent,
    critter_agent_from_genome,
    save_critter,
)
from protocols.roshambo import TableAdapter, make_opponent, play_match
from runtime import Session, derive_seed

# Random when a coin says so, else beat what followed the last pair: exercises the RNG,
# the context tables and memory (a counter in m0).
SOURCE = """\
LOAD  r3, m0
ADDI  r3, 1
STORE r3, m0
COIN  r2, 4
JZ    r2, +3
RAND  r0
HALT
MATCH r1, both:opp, 2
JNEG  r1, -3
BEAT  r0, r1
"""


async def _play(agent, opponent, *, seed=7, table_seed=5, turns=300):
    adapter = TableAdapter(make_opponent(opponent), turns=turns, seed=table_seed,
                           player_name=agent.name)
    record = await Session(adapter, agent, seed=seed).run()
    return adapter, record


@pytest.mark.parametrize("opponent", ["rotate", "random", "beat-frequent"])
async def test_runtime_critter_throws_what_the_direct_player_throws(opponent):
    """On the runtime the critter plays exactly the match the referee-seated critter plays."""
    genome = assemble(SOURCE)
    adapter, record = await _play(critter_agent_from_genome(genome), opponent)
    # The direct player, given the seed the session gives the expert, at the same table.
    from games.roshambo import Table  # the test hosts the game; the agent may not

    player = CritterPlayer(genome)
    player.machine.reset(derive_seed(7, "critter"))
    table = Table(make_opponent(opponent), turns=300, seed=5)
    mine, theirs = [], []
    for _ in range(300):
        played = table.play(player.move(mine, theirs))
        mine.append(played.move)
        theirs.append(played.opponent_move)
    assert mine == [m for m, _ in adapter.transcript]
    assert record.score == table.result().score


async def test_critter_agent_loads_a_saved_critter_and_wins(tmp_path):
    """critter_agent(path) plays the saved program; a history matcher beats rotate."""
    path = tmp_path / "best.critter"
    save_critter(path, assemble("MATCH r1, both:opp, 2\nBEAT r0, r1"), ["a test critter"])
    agent = critter_agent(path)
    assert ("critter", 8) == (agent.name, len(agent.version))
    _, record = await _play(agent, "rotate", turns=1000)
    assert "win" == record.outcome
    assert record.score > 900
    assert record.agent_version == agent.version


def test_agent_version_names_the_program():
    """Two different programs get different versions; the same program the same one."""
    a = critter_agent_from_genome(assemble("RAND r0"))
    b = critter_agent_from_genome(assemble("RAND r1"))
    assert a.version != b.version
    assert a.version == critter_agent_from_genome(assemble("RAND r0")).version


def test_missing_critter_file_is_an_os_error(tmp_path):
    """Loading a critter that is not there raises OSError naming the file."""
    with pytest.raises(OSError, match="nothing.critter"):
        critter_agent(tmp_path / "nothing.critter")


async def test_each_decision_explains_the_run():
    """The critter expert's rationale reports instructions run, energy spent and the throw."""
    agent = critter_agent_from_genome(assemble("SET r0, 1\nADDI r1, 1\nJMP -1"))
    with capture_logs() as events:
        await _play(agent, "rock", turns=3)
    decisions = [e for e in events if e["event"] == "decision"]
    assert 3 == len(decisions)
    assert decisions[0]["rationale"] == (
        "critter: 100 instructions, energy 100/100, out of energy → paper"
    )


def test_critter_player_refuses_a_history_that_went_back():
    """Shown a shorter history than it has seen (4 of 5 turns: the last is never
    shown), the direct player asks to be reset."""
    player = CritterPlayer(assemble("RAND r0"))
    play_match(player, make_opponent("rock"), turns=5)
    with pytest.raises(ValueError, match="was shown 2 turns after 4; reset it"):
        player.move([0, 0], [0, 0])
