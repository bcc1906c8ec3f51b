"""Fixed Rogue dungeons: the preload library, its fallbacks, and live games on a seed.

The live tests run the user's Rogue 5.4.4 and skip unless ``BELLIGERENT_ROGUE`` is set.
"""

import os
import shutil
import stat

import pytest

from protocols.rogue import ROGUE_ENV
from protocols.rogue._seed import (
    MAX_SEED,
    SeededRogueAdapter,
    check_seed,
    preload_library,
    seed_support,
)

needs_rogue = pytest.mark.skipif(
    not os.environ.get(ROGUE_ENV),
    reason=f"no Rogue binary configured: set {ROGUE_ENV} to a Rogue 5.4.4 binary",
)
needs_cc = pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")


@needs_cc
def test_library_is_built_once_per_source_version(tmp_path):
    """A second call finds the cached library instead of compiling again."""
    first = preload_library(tmp_path)
    built = first.stat().st_mtime_ns
    again = preload_library(tmp_path)
    assert first == again
    assert built == again.stat().st_mtime_ns
    assert first.name.startswith("rogue-fixed-seed-") and first.suffix == ".so"
    assert [first.name] == os.listdir(tmp_path)


def test_missing_compiler_is_a_clear_error(tmp_path):
    """Without a compiler the error names it and says what to do."""
    with pytest.raises(OSError, match=r"^cannot build the fixed-seed library: no C compiler "
                                      r"'no-such-cc' on PATH \(install one, e.g. gcc, or "
                                      r"play without a fixed dungeon\)$"):
        preload_library(tmp_path, compiler="no-such-cc")


def test_script_binary_falls_back_with_the_reason(tmp_path):
    """A Rogue that is no dynamically linked program plays unseeded, and says why."""
    fake = tmp_path / "rogue"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    support = seed_support(str(fake), directory=tmp_path)
    assert not support.available
    assert f"{fake} is not a dynamically linked ELF program; a preload library cannot " \
           "reach its time() and getpid()" == support.reason


def test_setuid_binary_falls_back_with_the_reason(tmp_path):
    """The loader ignores LD_PRELOAD for set-user-id programs, so those play unseeded."""
    fake = tmp_path / "rogue"
    shutil.copy("/bin/true", fake)
    fake.chmod(0o755 | stat.S_ISUID)
    if not os.stat(fake).st_mode & stat.S_ISUID:
        pytest.skip("this file system drops the set-user-id bit")
    support = seed_support(str(fake), directory=tmp_path)
    assert support.reason.endswith("is set-user-id or set-group-id; the loader ignores "
                                   "LD_PRELOAD for it")


@needs_cc
def test_dynamically_linked_program_is_supported(tmp_path):
    """An ordinary dynamically linked program can be played on a fixed seed."""
    support = seed_support("/bin/true", directory=tmp_path)
    assert support.available and "" == support.reason
    assert support.library.parent == tmp_path


def test_seed_outside_an_int_is_refused():
    """Rogue adds the seed to an int, so seeds beyond 2**31 - 1 are refused by name."""
    assert MAX_SEED == check_seed(MAX_SEED)
    with pytest.raises(ValueError, match=r"^a Rogue dungeon seed must be in 0\.\.2147483647, "
                                         r"got -1$"):
        check_seed(-1)


async def _first_screen(seed: int) -> tuple[str, bool]:
    adapter = SeededRogueAdapter.live_seeded(seed=seed)
    async with adapter:
        text = adapter.frame.text()
    return text, adapter.seeded


@needs_rogue
@needs_cc
async def test_same_seed_gives_the_same_dungeon_and_another_seed_another():
    """Two games on seed 5 open on the same screen; seed 6 opens on a different one."""
    first, seeded = await _first_screen(5)
    again, _ = await _first_screen(5)
    other, _ = await _first_screen(6)
    assert seeded
    assert "Level: 1" in first
    assert first == again
    assert first != other


@needs_rogue
@needs_cc
async def test_same_seed_and_keys_give_the_same_game():
    """The seed fixes every roll: the same keys on the same dungeon end on the same screen."""
    keys = "s" * 5 + "hjkl" * 10 + "i" + " " + "s" * 20

    async def play() -> tuple[str, int]:
        adapter = SeededRogueAdapter.live_seeded(seed=77)
        async with adapter:
            for key in keys:
                await adapter.act(key)
            return adapter.frame.text(), dict(adapter.result().detail)["dungeon"]

    assert await play() == await play()


@needs_rogue
@needs_cc
async def test_strict_frames_replay_the_same_game_with_the_same_agent():
    """Same dungeon, same agent, strict frames: two runs send the same keys."""
    from actors.rogue._agents import minimal_agent
    from runtime import Session

    async def keys() -> tuple[str, ...]:
        adapter = SeededRogueAdapter.live_seeded(seed=8, strict_frames=True)
        sent = []
        original = adapter.act

        async def act(action):
            sent.append(action)
            await original(action)

        adapter.act = act
        await Session(adapter, minimal_agent(120), seed=8).run()
        return tuple(sent)

    first = await keys()
    assert len(first) > 50
    assert first == await keys()


@needs_rogue
async def test_unseeded_result_says_why(tmp_path):
    """When the library cannot be built the game still plays, and its record says why."""
    from protocols.rogue._seed import SeedSupport

    adapter = SeededRogueAdapter.live_seeded(seed=3, support=SeedSupport(None, "no compiler"))
    async with adapter:
        pass
    detail = dict(adapter.result().detail)
    assert (3, False, "no compiler") == (detail["dungeon"], detail["seeded"], detail["unseeded"])
