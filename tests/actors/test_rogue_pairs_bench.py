"""bench/rogue_pairs.py: two tournaments compared dungeon by dungeon, chronicles too."""

import json
import sqlite3

import pytest
from bench_loader import load_bench

rogue_pairs = load_bench("rogue_pairs")


def _database(path, games):
    """A tournament database holding just what the comparison reads."""
    con = sqlite3.connect(path)
    con.execute("create table sessions (parameters, outcome, score, turns, detail, wall_time, "
                "state)")
    for dungeon, score, detail in games:
        con.execute("insert into sessions values (?, 'death', ?, 100, ?, 1.0, 'done')",
                    (json.dumps({"dungeon": dungeon}), score, json.dumps(detail)))
    con.commit()
    con.close()
    return str(path)


def test_chronicle_totals_are_compared_over_dungeons_chronicled_on_both_sides(tmp_path):
    """Dungeon 2 has no chronicle on the base side, so its theft is left out."""
    base = _database(tmp_path / "a.sqlite3", [
        (0, 500, {"depth": 5, "killer": "troll", "events": {"gold_stolen": 200,
                                                           "gold_thefts": 1}}),
        (1, 900, {"depth": 8, "killer": "centaur", "events": {"armor_rusted": 2}}),
        (2, 100, {"depth": 2, "killer": "snake"}),
    ])
    new = _database(tmp_path / "b.sqlite3", [
        (0, 700, {"depth": 6, "killer": "troll", "events": {}}),
        (1, 900, {"depth": 8, "killer": "centaur", "events": {"armor_rusted": 3,
                                                             "last_crowd": 8}}),
        (2, 150, {"depth": 2, "killer": "snake", "events": {"gold_stolen": 99}}),
    ])
    text = rogue_pairs.compare(rogue_pairs.load(base), rogue_pairs.load(new), None)
    assert "dungeons 3: better 2, worse 0, same 1" in text
    assert ("on the way (2 dungeons chronicled on both sides): gold_thefts 1 -> 0, "
            "gold_stolen 200 -> 0, armor_rusted 2 -> 3") in text.splitlines()


def test_without_chronicles_there_is_no_such_line(tmp_path):
    """Records from before the chronicle compare as they always did."""
    base = _database(tmp_path / "a.sqlite3", [(0, 10, {"depth": 1, "killer": "emu"})])
    new = _database(tmp_path / "b.sqlite3", [(0, 20, {"depth": 1, "killer": "emu"})])
    text = rogue_pairs.compare(rogue_pairs.load(base), rogue_pairs.load(new), None)
    assert "on the way" not in text
    assert "better 1, worse 0, same 0" in text


def test_a_run_read_before_its_games_end_says_so(tmp_path):
    """A game still running in the new run makes the reading part-way; once it has
    ended, the warning goes."""
    base = _database(tmp_path / "a.sqlite3", [(0, 10, {"depth": 1, "killer": "emu"})])
    new = _database(tmp_path / "b.sqlite3", [(0, 20, {"depth": 1, "killer": "emu"})])
    assert rogue_pairs.partial_warning(base, new) is None
    con = sqlite3.connect(new)
    con.execute("insert into sessions values (?, NULL, NULL, NULL, '{}', NULL, 'running')",
                (json.dumps({"dungeon": 1}),))
    con.commit()
    con.close()
    warning = rogue_pairs.partial_warning(base, new)
    assert warning is not None and "1 in new" in warning and "base" not in warning
    assert 1 not in rogue_pairs.load(new)  # the running game is not compared


def test_runs_of_different_dungeons_are_refused_with_a_reason(tmp_path):
    base = _database(tmp_path / "a.sqlite3", [(0, 10, {"depth": 1, "killer": "emu"})])
    new = _database(tmp_path / "b.sqlite3", [(7, 20, {"depth": 1, "killer": "emu"})])
    text = rogue_pairs.compare(rogue_pairs.load(base), rogue_pairs.load(new), None)
    assert text.startswith("no dungeon has an ended game on both sides")


def test_long_stays_are_counted_by_games_on_each_side(tmp_path):
    """A long stay is not a total (its figure is screens): the line counts the games."""
    base = _database(tmp_path / "a.sqlite3", [
        (0, 400, {"depth": 4, "killer": "starvation", "events": {"longest_stay": 3761}}),
        (1, 600, {"depth": 7, "killer": "starvation", "events": {"longest_stay": 4369}}),
    ])
    new = _database(tmp_path / "b.sqlite3", [
        (0, 1200, {"depth": 11, "killer": "yeti", "events": {}}),
        (1, 1000, {"depth": 11, "killer": "yeti", "events": {"longest_stay": 3100}}),
    ])
    text = rogue_pairs.compare(rogue_pairs.load(base), rogue_pairs.load(new), None)
    assert ("on the way (2 dungeons chronicled on both sides): long stays 2 -> 1"
            in text.splitlines())


def test_a_game_the_tournament_stopped_is_not_compared(tmp_path):
    """A tournament stopped part-way records its game in flight as interrupted (score
    0) and the rest as unplayed; a resumed run plays them again. Only the game that
    ended counts, whichever row the database returns first."""
    new = _database(tmp_path / "b.sqlite3", [(0, 20, {"depth": 1, "killer": "emu"})])
    con = sqlite3.connect(new)
    con.execute("insert into sessions values (?, 'death', 300, 900, ?, 1.0, 'done')",
                (json.dumps({"dungeon": 1}), json.dumps({"depth": 3, "killer": "bat"})))
    for outcome, dungeon in (("interrupted", 1), ("unplayed", 2)):
        con.execute("insert into sessions values (?, ?, 0, 0, '{}', 1.0, 'done')",
                    (json.dumps({"dungeon": dungeon}), outcome))
    con.commit()
    con.close()
    games = rogue_pairs.load(new)
    assert sorted(games) == [0, 1]
    assert games[1]["score"] == 300 and games[1]["killer"] == "bat"


def test_an_exported_side_compares_as_its_databases_did(tmp_path):
    """A base side kept as JSON lines reads back game for game, and a trial compared
    with the export reads as it did with the databases."""
    base = _database(tmp_path / "a.sqlite3", [
        (0, 500, {"depth": 5, "killer": "troll", "events": {"gold_stolen": 200}}),
        (1, 900, {"depth": 8, "killer": "centaur"}),
    ])
    new = _database(tmp_path / "b.sqlite3", [
        (0, 700, {"depth": 6, "killer": "troll", "events": {}}),
        (1, 800, {"depth": 8, "killer": "centaur"}),
    ])
    kept = str(tmp_path / "base.jsonl")
    assert rogue_pairs.export(rogue_pairs.load(base), kept) == 2
    assert rogue_pairs.load(kept) == rogue_pairs.load(base)
    assert rogue_pairs.partial_warning(kept, new) is None
    assert (rogue_pairs.compare(rogue_pairs.load(kept), rogue_pairs.load(new), None)
            == rogue_pairs.compare(rogue_pairs.load(base), rogue_pairs.load(new), None))


def test_a_file_that_is_not_an_export_is_refused_with_its_line(tmp_path):
    broken = tmp_path / "base.jsonl"
    broken.write_text('{"dungeon": 3, "score": 10}\n{"score": 20}\n')
    with pytest.raises(SystemExit, match=r"base\.jsonl, line 2: .*export the side again"):
        rogue_pairs.load(str(broken))
