"""Rogue 5.4.4's screens, read from twelve real recorded games (tests/data/rogue).

Every checkpoint of every recording is rebuilt by our emulator exactly as an
xterm shows it, and read into the right kind of view, status, message, prompt
and end details; every game replayed through the adapter ends with the result the
recording's sidecar gives.
"""

import functools
import json
import os

import pytest
from pty_helpers import ROGUE_DATA, SEEDS

from protocols.pty import ReplayTerminal
from protocols.rogue import (
    RogueAdapter,
    RogueStatus,
    frame_ready,
    parse_scores,
    read_screen,
)
from runtime import decode, encode

#: The view kind each checkpoint label must read as.
KIND = {
    "first_screen": "map", "fight_message": "map", "new_level": "map", "before_quit": "map",
    "more_prompt": "more", "call_it": "prompt", "quit_prompt": "prompt",
    "inventory": "inventory", "item_list": "more", "tombstone": "tombstone",
    "quit_screen": "quit", "score_list": "scores",
}


@functools.cache
def sidecar(seed: int) -> dict:
    with open(os.path.join(ROGUE_DATA, f"seed-{seed}.json")) as f:
        return json.load(f)


def cast_path(seed: int) -> str:
    return os.path.join(ROGUE_DATA, f"seed-{seed}.cast")


CHECKPOINTS = [
    pytest.param(seed, index, id=f"{seed}-{c['label']}")
    for seed in SEEDS
    for index, c in enumerate(sidecar(seed)["checkpoints"])
]


@functools.cache
def checkpoint_screens(seed: int) -> tuple:
    """Every checkpoint's screen, rebuilt in one pass over the cast."""
    replay = ReplayTerminal(cast_path(seed))
    emulator = replay.emulator
    screens, fed = [], 0
    for checkpoint in sidecar(seed)["checkpoints"]:
        for event in replay.cast.events[fed:checkpoint["event_index"]]:
            if event.kind == "o":
                emulator.feed(event.data)
        fed = checkpoint["event_index"]
        screens.append(emulator.snapshot(0))
    return tuple(screens)


@pytest.fixture(scope="module")
def replays():
    return {seed: _Screens(seed) for seed in SEEDS}


class _Screens:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def screen_at(self, event_index: int):
        checkpoints = sidecar(self.seed)["checkpoints"]
        index = next(i for i, c in enumerate(checkpoints) if c["event_index"] == event_index)
        return checkpoint_screens(self.seed)[index]


@pytest.mark.parametrize(("seed", "index"), CHECKPOINTS)
def test_checkpoint_screen_is_rebuilt_exactly(replays, seed, index):
    """The emulator draws the checkpoint as an xterm does, cursor included."""
    checkpoint = sidecar(seed)["checkpoints"][index]
    snap = replays[seed].screen_at(checkpoint["event_index"])
    assert checkpoint["screen"] == list(snap.lines)
    assert checkpoint["cursor"] == list(snap.cursor)


@pytest.mark.parametrize(("seed", "index"), CHECKPOINTS)
def test_checkpoint_reads_as_its_kind_with_status_and_messages(replays, seed, index):
    """Each checkpoint parses to its kind, status line, message and prompt."""
    game = sidecar(seed)
    checkpoint = game["checkpoints"][index]
    label, screen = checkpoint["label"], checkpoint["screen"]
    view = read_screen(replays[seed].screen_at(checkpoint["event_index"]))
    assert KIND[label] == view.kind
    status_line = screen[23].rstrip()
    if status_line.startswith("Level:"):
        assert view.status is not None
        assert status_line == view.status.format()
        assert view.status.level >= 1
    else:
        assert view.status is None
    if view.kind in ("map", "more", "prompt"):
        assert view.player is not None
        assert "@" == view.at(*view.player)
        assert 22 == len(view.map)
    if label == "more_prompt":
        assert view.more
        assert screen[0].startswith(view.message)
        assert "--More--" not in view.message
    if label == "fight_message":
        assert view.message and not view.more
    if label == "call_it":
        assert "What do you want to call it?" == view.prompt
    if label == "quit_prompt":
        assert "Really quit?" == view.prompt
    if label == "first_screen":
        assert (1, 12, 12) == (view.status.level, view.status.hp, view.status.hp_max)
    if label == "new_level":
        assert view.status.level >= 2
    if label == "inventory":
        letters = [letter for letter, _ in view.items]
        assert letters and len(set(letters)) == len(letters)
        assert all("a" <= letter <= "z" for letter in letters)
        assert any("mace" in text for _, text in view.items)
    if label == "tombstone":
        end = dict(view.end)
        assert game["end"]["killer"] == end["killer"]
        assert game["end"]["tombstone_text"] == end["cause"]
        assert "Recorder" == end["name"]
    if label == "quit_screen":
        assert f"You quit with {dict(view.end)['gold']} gold pieces" in screen[22]


@pytest.mark.parametrize(("seed", "index"), CHECKPOINTS)
def test_every_checkpoint_waiting_for_a_key_is_a_complete_frame(replays, seed, index):
    """The frame rule accepts every checkpoint where Rogue waits for a key."""
    checkpoint = sidecar(seed)["checkpoints"][index]
    snap = replays[seed].screen_at(checkpoint["event_index"])
    if checkpoint["label"] == "score_list" and sidecar(seed)["end"]["how"] != "death":
        pytest.skip("after a quit the score list is the game's last output; Rogue exits")
    assert frame_ready(snap)


@pytest.mark.parametrize("seed", SEEDS)
async def test_game_replayed_through_the_adapter_ends_as_recorded(seed):
    """The adapter, fed the recorded keys, answers the end screens with the same keys
    the player sent and reports the recorded outcome, score, depth and killer."""
    game = sidecar(seed)
    adapter = RogueAdapter.replay(cast_path(seed), strict=True)
    async with adapter:
        while not (await adapter.observe()).terminal:
            await adapter.act(adapter.terminal.next_key().decode("latin-1"))
    result = adapter.result()
    detail = dict(result.detail)
    expected_outcome = "death" if game["end"]["how"] == "death" else "quit"
    assert expected_outcome == result.outcome
    assert game["deepest_level"] == detail["depth"]
    assert game["final_status_line"] == detail["status"]
    assert game["end"]["killer"] == detail.get("killer")
    assert 0 == adapter.terminal.inputs_left
    scores = parse_scores(adapter.terminal.snapshot().lines)
    if result.score:
        assert result.score == scores[0][1]
    else:
        assert () == scores  # zero scores are not listed


def test_status_line_parses_hunger_and_round_trips():
    """The hunger field is read, and formatting gives back Rogue's exact line."""
    line = "Level: 4  Gold: 123    Hp:   9(104)  Str: 12(16)  Arm: 3   Exp: 6/310  Hungry"
    status = RogueStatus.parse(line)
    assert ("Hungry", 9, 104) == (status.hunger, status.hp, status.hp_max)
    assert line == status.format()
    assert status == decode(encode(status))
