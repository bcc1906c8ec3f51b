"""Rog-O-Matic's knowledge sources and experts on screens of real recorded games
(tests/data/rogue: twelve games of Rogue 5.4.4, checkpoint screens in the sidecars)."""

import json
import os

import pytest
from test_rogomatic_support import ROGUE_DATA, fed, inventory_screen, sidecar_screen

from actors.rogue import rogomatic
from actors.rogue._sense import interpret
from runtime import Arbiter

SEEDS = tuple(range(101, 113))
COMBAT = {"hit_by", "missed_by", "we_hit", "we_missed", "killed"}
KEYS = set("hjklyubn")


def labels(seed: int) -> list[str]:
    with open(os.path.join(ROGUE_DATA, f"seed-{seed}.json")) as f:
        return [c["label"] for c in json.load(f)["checkpoints"]]


def with_label(label: str) -> list[int]:
    return [s for s in SEEDS if label in labels(s)]


@pytest.mark.parametrize("seed", with_label("fight_message"))
def test_every_recorded_fight_message_is_read_as_combat(seed):
    """The pattern table places each recorded fight message among the combat events."""
    view = sidecar_screen(seed, "fight_message")
    kinds = {e.kind for e in interpret(view.message)}
    assert kinds & COMBAT, view.message


@pytest.mark.parametrize("seed", with_label("inventory"))
async def test_recorded_inventories_show_the_starting_kit(seed):
    """Each recorded pack holds the mace in hand and the ring mail worn (and food)."""
    known = inventory_screen(["a) Some food"])
    pipeline = await fed(known, sidecar_screen(seed, "inventory"))
    inv = pipeline.read("inventory")
    assert any(i.kind == "weapon" and i.name == "mace" and i.wielded for i in inv.items)
    assert any(i.kind == "armor" and i.name == "ring mail" and i.worn for i in inv.items)
    assert any(i.kind == "food" for i in inv.items)


@pytest.mark.parametrize("seed", SEEDS)
async def test_first_recorded_screen_gives_a_map_a_path_field_and_a_first_move(seed):
    """On each game's first screen the hero is placed, paths computed, and a move chosen."""
    view = sidecar_screen(seed, "first_screen")
    pipeline = await fed(inventory_screen(["a) Some food", "c) A +1,+1 mace (weapon in hand)"]),
                         view)
    terrain, paths = pipeline.read("terrain"), pipeline.read("paths")
    assert view.player in terrain.visited
    assert paths.origin == view.player and len(paths.order) > 1
    spec = rogomatic()
    arbiter = Arbiter([factory(seed=0) for factory in spec.experts])
    decision = await arbiter.decide(pipeline.board, pipeline.generation)
    assert decision.expert is not None and decision.rationale
    if decision.expert in ("explore", "object", "target"):
        assert decision.action in KEYS | {"s", "10s"}


@pytest.mark.parametrize("seed", with_label("new_level"))
async def test_terrain_starts_a_new_map_on_each_recorded_new_level(seed):
    """Going down resets the terrain map to the new level's squares only."""
    first, deeper = sidecar_screen(seed, "first_screen"), sidecar_screen(seed, "new_level")
    pipeline = await fed(first, deeper)
    terrain = pipeline.read("terrain")
    assert terrain.level == deeper.status.level > first.status.level
    assert terrain.visited == frozenset({deeper.player})


@pytest.mark.parametrize(("label", "key"), [("more_prompt", " "), ("call_it", "\x1b")])
async def test_screen_handler_answers_recorded_more_and_call_it_screens(label, key):
    """Every recorded --More-- is dismissed with a space, every 'call it' with ESC."""
    for seed in with_label(label):
        pipeline = await fed(sidecar_screen(seed, label))
        assert pipeline.ask("screens").action == key, seed
