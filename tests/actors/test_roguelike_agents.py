"""The minimal Rogue and NetHack agents: walking a screen map, answering screens."""

import os

import pytest

from actors.nethack._agents import NETHACK_GEOMETRY, NetHackAnswers
from actors.nethack._agents import minimal_agent as nethack_agent
from actors.rogue._agents import ROGUE_GEOMETRY, RogueAnswers
from actors.roguelike import DungeonMemory, step_towards
from protocols.nethack import find_nethack_binary
from protocols.rogue import RogueAdapter
from runtime import Session

ROOM = (
    "          ",
    " -------  ",
    " |.....+# ",
    " |..@..|  ",
    " -------  ",
)


class _View:
    def __init__(self, **entries):
        self.entries = entries

    def read(self, name, default=None):
        return self.entries.get(name, default)


class _Screen:
    def __init__(self, kind, more=False, prompt="", message=""):
        self.kind, self.more, self.prompt, self.message = kind, more, prompt, message


def test_frontier_walk_heads_for_the_door_without_cutting_its_corner():
    """From inside a room the first step goes toward the unexplored passage, and the
    door itself is entered straight, never diagonally."""
    memory = DungeonMemory(level=1, player=(3, 4), visited=frozenset({(3, 4)}))
    key, target = step_towards(ROOM, 0, (3, 4), ROGUE_GEOMETRY, memory, goal="frontier")
    assert key in "lu" and target in ((3, 5), (2, 5))
    memory = DungeonMemory(level=1, player=(3, 6), visited=frozenset({(3, 6)}))
    key, _ = step_towards(ROOM, 0, (3, 6), ROGUE_GEOMETRY, memory, goal="frontier")
    assert "k" == key  # not "u" into the door at (2, 7)


def test_stairs_walk_goes_to_remembered_stairs():
    """With the stairs remembered, the walk heads for them."""
    rows = (" ---- ", " |@.%| ", " ---- ")
    memory = DungeonMemory(level=1, player=(1, 2), stairs=(1, 4))
    assert ("l", (1, 3)) == step_towards(rows, 0, (1, 2), NETHACK_GEOMETRY, memory,
                                         goal="stairs")


def test_answers_dismiss_more_and_confirm_only_the_quit_question():
    """--More-- gets the game's key; "Really quit?" gets y, any other question ESC."""
    rogue, nethack = RogueAnswers(), NetHackAnswers()
    more = _View(observation=_Screen("more", more=True, message="You hit it"))
    assert " " == rogue.propose(more).action
    assert "\r" == nethack.propose(more).action
    quit_q = _View(observation=_Screen("prompt", prompt="Really quit? [yn] (n)"))
    assert "y" == nethack.propose(quit_q).action
    other_q = _View(observation=_Screen("prompt", prompt="What do you want to call it?"))
    assert "\x1b" == rogue.propose(other_q).action
    assert rogue.propose(_View(observation=_Screen("map"))) is None


async def test_rogue_agent_answers_a_recorded_game_key_for_key_until_its_end():
    """Fed a real recording, the adapter and the agent's screen answers never stall:
    every --More-- the recording shows is one the agent would dismiss with space."""
    adapter = RogueAdapter.replay(os.path.join(os.path.dirname(__file__), "..", "data",
                                               "rogue", "seed-107.cast"))
    answers = RogueAnswers()
    dismissed = 0
    async with adapter:
        while not (await adapter.observe()).terminal:
            view = (await adapter.observe()).payload
            proposal = answers.propose(_View(observation=view))
            recorded = adapter.terminal.next_key().decode()
            if view.more:
                assert " " == proposal.action == recorded
                dismissed += 1
            await adapter.act(recorded)
    assert dismissed >= 5


async def test_nethack_agent_plays_and_quits_within_its_budget():
    """The minimal NetHack agent explores live and ends by #quit or death, cleanly."""
    try:
        find_nethack_binary()
    except FileNotFoundError as exc:
        pytest.skip(f"need nethack-console: {exc}")
    from protocols.nethack import NetHackAdapter

    result = await Session(NetHackAdapter.live(), nethack_agent(limit=80), seed=9).run()
    assert "" == result.cause
    assert result.outcome in ("quit", "death")
    assert result.turns >= 1
