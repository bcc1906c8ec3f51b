"""bench/rogue_gold_truth.py: the gold Rogue's memory shows left, judged by the hero's view."""

import json
import os
import shutil
from types import SimpleNamespace

import pytest
from bench_loader import load_bench

gold_truth = load_bench("rogue_gold_truth")

#: One lit room (rows 2-6, columns 10-20 with its walls) and one dark one far right.
ROOMS = [[2, 10, 5, 11, 0, 0, 0], [12, 50, 5, 9, 1, 0, 0], [0, 0, -24, -80, 0, 0, 1]]


def _lines(marks=()):
    lines = [" " * 80 for _ in range(24)]
    for row, col, ch in marks:
        lines[row] = lines[row][:col] + ch + lines[row][col + 1:]
    return lines


def _screen(level, gold, lines, rationale):
    status = SimpleNamespace(level=level, gold=gold)
    return (SimpleNamespace(status=status, map=lines[1:23], lines=lines), "s",
            SimpleNamespace(rationale=rationale))


def test_a_pile_is_seen_unswept_or_unfound_by_what_the_last_screen_shows():
    """Shown as '*': seen. Its room shows (a wall, a floor square, a door) but not it:
    unswept. Nothing of its room on the screen: unfound. Outside every room: unfound."""
    shown = _lines([(4, 14, "*"), (12, 50, "-"), (2, 10, "-")])
    assert gold_truth.classify(shown, [4, 14, 30, 0], ROOMS).kind == "seen"
    dark = gold_truth.classify(shown, [14, 53, 40, 1], ROOMS)
    assert (dark.kind, dark.dark, dark.value) == ("unswept", True, 40)
    assert gold_truth.classify(_lines(), [14, 53, 40, 1], ROOMS).kind == "unfound"
    assert gold_truth.classify(shown, [20, 70, 5, -1], ROOMS).kind == "unfound"


def test_levels_join_the_probe_to_the_log_and_take_the_purse_differences():
    """A ``new_level`` record names the level entered, so its piles belong to the one
    before; ``score`` ends the game on its own level. The gold taken on a level is the
    purse's change since the last record, so a death's tenth shows on the last."""
    first = _lines([(2, 10, "-"), (3, 12, ":")])
    log = [_screen(1, 0, _lines(), "explore: toward the unknown"),
           _screen(1, 50, first, "explore: level 1 explored, down the stairs"),
           _screen(2, 50, _lines(), "melee: strike the hobgoblin")]
    records = [
        {"at": "new_level", "level": 2, "purse": 50, "rooms": ROOMS,
         "piles": [[4, 14, 30, 0], [14, 53, 40, 1]], "food": [[3, 12, 2, 0]]},
        {"at": "score", "level": 2, "purse": 45, "rooms": ROOMS, "piles": []},
    ]
    one, two = gold_truth.levels_of(records, log)
    assert (one.level, one.gained, one.reason) == (1, 50, "explored")
    assert [p.kind for p in one.left] == ["unswept", "unfound"]
    assert one.held == 120
    assert [(f.kind, f.value) for f in one.food_left] == [("seen", 2)]
    assert (two.level, two.gained, two.reason, two.held) == (2, -5, "game over", -5)


def test_reasons_come_from_the_last_decision():
    assert gold_truth.reason_of("explore: 600 actions on level 5, down the stairs",
                                False) == "patience"
    assert gold_truth.reason_of("explore: short of food, down the stairs", False) == "food"
    assert gold_truth.reason_of("explore: level 3 explored, down the stairs", False) == \
        "explored"
    assert gold_truth.reason_of("escape: hurt on the stairs, down", False) == "other"
    assert gold_truth.reason_of("explore: level 3 explored", True) == "game over"


def test_the_summary_shares_and_splits_the_gold_left():
    pile = gold_truth.Pile
    games = {7: [gold_truth.Level(1, 60, (pile(40, "unfound", False),), "explored",
                                  (pile(1, "unfound", False),)),
                 gold_truth.Level(2, 100, (pile(20, "unswept", True),
                                           pile(5, "seen", False)), "patience")]}
    lines = gold_truth.summarise(games)
    assert lines[0] == ("all: 2 levels, held 225, taken 160 (71%); left 65: seen 5, "
                        "unswept 20, unfound 40; food left: seen 0, unswept 0, unfound 1")
    assert "left: patience: 1 levels, held 125, taken 100 (80%); left 25: seen 5, " \
           "unswept 20, unfound 0" in lines
    assert lines[-1] == "unswept piles in dark rooms: 20 gold"
    assert gold_truth.summarise({}) == ["no levels probed"]


def test_probe_lines_are_picked_out_of_gdbs_chatter(tmp_path):
    record = {"at": "score", "level": 3, "purse": 10, "piles": [], "rooms": []}
    out = tmp_path / "5.jsonl"
    out.write_text("Breakpoint 1 at 0x55: file new_level.c, line 23.\n"
                   + json.dumps(record) + "\n[Inferior 1 (process 9) exited normally]\n")
    assert gold_truth.read_records(out) == [record]


def test_hidden_ways_on_are_named_by_the_clue_the_screen_gave():
    """A passage ending beside a secret door, a door in a wall seen from inside, one
    never near; a hidden passage square beside a known passage, and one far off."""
    lines = _lines([(5, 30, "#"), (8, 10, "|"), (15, 40, "#")])
    doors = [[5, 31], [8, 10], [20, 70]]
    passages = [[16, 41], [2, 2]]
    assert gold_truth.hidden_clues(lines, doors, passages) == (
        "door by passage", "door in wall", "door unseen", "passage by known",
        "passage unseen")


def test_without_gdb_the_tool_says_so_before_playing(monkeypatch, tmp_path):
    """No gdb on the PATH: the message names it and the package to install, rather than
    every dungeon being played and then left out."""
    monkeypatch.setenv("PATH", str(tmp_path))
    problem = gold_truth.cannot_probe("/bin/true")
    assert problem is not None and "gdb is not installed" in problem


@pytest.mark.skipif(shutil.which("gdb") is None, reason="needs gdb")
def test_a_binary_without_rogues_symbols_is_refused_with_the_fix():
    """A binary gdb finds no ``Lvl_obj`` in (stripped, or not Rogue) cannot be probed."""
    problem = gold_truth.cannot_probe(shutil.which("true"))
    assert problem is not None and "no debug information" in problem and "-g" in problem


@pytest.mark.skipif(shutil.which("gdb") is None or not os.environ.get("BELLIGERENT_ROGUE"),
                    reason="needs gdb and a Rogue 5.4.4 built with -g in $BELLIGERENT_ROGUE")
def test_a_rogue_built_with_debug_information_can_be_probed():
    assert gold_truth.cannot_probe(os.environ["BELLIGERENT_ROGUE"]) is None
