"""bench/rogue_halves.py: a side's games split at the first faint, and what the median asks."""

import json

import pytest
from bench_loader import load_bench

rogue_halves = load_bench("rogue_halves")


def _export(path, games):
    """An exported side (the ``--export`` JSON lines ``rogue_pairs`` reads back)."""
    with open(path, "w", encoding="utf-8") as out:
        for dungeon, (score, depth, faints, killer) in enumerate(games):
            events = {"faints": faints} if faints else {}
            out.write(json.dumps({"dungeon": dungeon, "score": score, "depth": depth,
                                  "outcome": "death", "killer": killer, "turns": 100,
                                  "wall": 1.0, "events": events}) + "\n")
    return str(path)


def test_the_median_target_splits_into_what_each_half_must_do():
    """With 40% of games ended before the first faint, half of all games at the mark needs
    5 in 6 of the rest there; with 60% of the rest there, at most a sixth may end early."""
    later, early = rogue_halves.requirement(0.4, 0.6)
    assert later == pytest.approx(0.5 / 0.6)
    assert early == pytest.approx(1 - 0.5 / 0.6)
    # With half or fewer of the rest at the mark, no early share is small enough.
    assert rogue_halves.requirement(0.4, 0.5)[1] is None
    # Past half ended early, the rest cannot make it up.
    assert rogue_halves.requirement(0.6, 0.9)[0] > 1.0


def test_the_report_reads_the_faints_from_the_chronicle(tmp_path):
    """Two games with no faint (dead on level 1), three after one: two of those reach 1,500."""
    path = _export(tmp_path / "side.jsonl", [
        (40, 1, 0, "hobgoblin"), (12, 1, 0, "kestrel"),
        (1600, 12, 1, "quit (surrendered)"), (2100, 14, 3, "troll"), (800, 7, 1, "centaur"),
    ])
    text = rogue_halves.report(rogue_halves.load(path), 1500)
    assert "5 games, median score 800; 40.0% at 1500 or more" in text
    assert "ended before the first faint: 40.0%: 2 games, median score 26" in text
    assert "(2 on level 1)" in text
    assert "after it: 3 games, median score 1600, median depth 12, 66.7% at 1500" in text
    # 0.5 / 0.6 of the rest, and at most 1 - 0.5 / (2/3) = 25% ended early.
    assert "asks 83.3% of the rest at 1500 or more (now 66.7%)" in text
    assert "at most 25.0% ended before the first faint (now 40.0%)" in text


def test_no_records_say_so(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("", encoding="utf-8")
    assert rogue_halves.report(rogue_halves.load(str(path)), 1500).startswith("no finished")
