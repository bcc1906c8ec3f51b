"""``belligerent tournament rogue`` and ``play rogue``: options, errors, and live runs.

The live runs play the user's Rogue and skip unless ``BELLIGERENT_ROGUE`` is set.
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from actors.rogue._agents import ROGOMATIC_VERSION
from actors.rogue.plugin import learned_tactics, load_tactics
from protocols.rogue import ROGUE_ENV
from runtime import SessionResult
from runtime.cli import main
from runtime.daemon import Records

needs_rogue = pytest.mark.skipif(
    not os.environ.get(ROGUE_ENV),
    reason=f"no Rogue binary configured: set {ROGUE_ENV} to a Rogue 5.4.4 binary",
)


def test_learning_with_the_minimal_agent_is_refused(capsys):
    """--learn needs tactics to learn, which the minimal agent does not have."""
    assert 2 == main(["tournament", "rogue", "--learn", "--agent", "minimal"])
    assert ("belligerent: error: --learn needs the rogomatic agent; 'minimal' has no "
            "tactics") == capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(("option", "text"), [
    (["--games", "0"], "expected a number >= 1, got 0"),
    (["--seed", "-5"], "a Rogue dungeon seed must be in 0..2147483647, got -5"),
    (["--seed", "x"], "expected a whole number, got 'x'"),
    (["--time-limit", "0"], "expected seconds > 0, got 0"),
])
def test_bad_option_values_are_refused_by_the_parser(capsys, option, text):
    """Each bad value exits 2 before any game, saying what was expected."""
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "rogue", *option])
    assert 2 == exc.value.code
    assert text in capsys.readouterr().err


def test_tactics_file_with_an_unknown_name_is_refused(tmp_path):
    """A misspelt tactic is named, with the known ones."""
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"rest_below": 0.4, "rest_blow": 1}))
    with pytest.raises(ValueError, match=r"names unknown tactics: rest_blow; known: "):
        load_tactics(str(path))
    path.write_text(json.dumps({"rest_below": 0.4}))
    assert 0.4 == load_tactics(str(path)).rest_below


def test_a_missing_tactics_file_is_named_with_what_to_give(tmp_path):
    with pytest.raises(ValueError, match=r"^tactics file '.*none\.json' cannot be read: No such "
                                         r"file or directory; give a JSON file of name: value"):
        load_tactics(str(tmp_path / "none.json"))


@pytest.mark.parametrize(("values", "text"), [
    ({"flee_risk": 2}, "flee_risk is 2, outside its range 0.0 to 1.0"),
    ({"search_turns": 2.5}, "search_turns is 2.5, outside its range 3 to 40"),
    ({"search_turns": 1}, "search_turns is 1, outside its range 3 to 40"),
    ({"wear_armor": 1}, "wear_armor is 1, outside its range False to True"),
    ({"rest_below": "high"}, "rest_below is 'high', outside its range 0.2 to 0.95"),
])
def test_tactics_file_with_a_value_out_of_range_is_refused(tmp_path, values, text):
    """A value outside its field's range (or of the wrong type) is named with the range."""
    path = tmp_path / "t.json"
    path.write_text(json.dumps(values))
    with pytest.raises(ValueError, match=r"^tactics file .*t\.json': " + text.replace(".", r"\.")):
        load_tactics(str(path))


@pytest.mark.parametrize(("option", "text"), [
    (["--learn"], "give --tactics or --learn, not both: --learn chooses each game's "
                  "tactics itself"),
    (["--agent", "minimal"], "--tactics needs the rogomatic agent; 'minimal' has no tactics"),
])
def test_tournament_tactics_file_conflicts_are_refused(tmp_path, capsys, option, text):
    """--tactics fixes every game's set: not with --learn, nor for an agent without one."""
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"flee_risk": 0.2}))
    assert 2 == main(["tournament", "rogue", "--tactics", str(path), *option])
    assert f"belligerent: error: {text}" == capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(("option", "text"), [
    (["--learn"], "--resume replays no learning: --learn chooses each game's tactics afresh; "
                  "start a new --learn tournament instead"),
    (["--unseeded"], "--resume needs fixed dungeons: an --unseeded game cannot be matched with "
                     "the one it would replace"),
])
def test_resume_conflicts_are_refused(capsys, option, text):
    """--resume matches games by dungeon and tactics: not with --learn or --unseeded."""
    assert 2 == main(["tournament", "rogue", "--resume", *option])
    assert f"belligerent: error: {text}" == capsys.readouterr().err.strip().splitlines()[-1]


def test_resume_closes_the_rows_a_killed_run_left_running(tmp_path, capsys):
    """A run killed outright (SIGKILL) cannot close its rows; --resume records them as
    interrupted and says so, so no row stays "running" for good. (Here both dungeons
    were finished by a later run: nothing is left to play, so no Rogue is started.)"""
    db = tmp_path / "r.sqlite3"
    records = Records(db)
    label = f"rogomatic {ROGOMATIC_VERSION}"
    records.add_batch("killed", "rogue", 2, 1, 30, {"agent": label}, "tournament",
                      ["killed-0", "killed-1"])
    records.start("killed-0")
    records.add_batch("later", "rogue", 2, 1, 30, {"agent": label}, "tournament",
                      ["later-0", "later-1"])
    for i in range(2):
        records.finish(SessionResult(f"later-{i}", "rogue", "rogomatic", ROGOMATIC_VERSION,
                                     30 + i, "death", 10.0, 50, 1.0), (("dungeon", 30 + i),))
    records.close()
    assert 0 == main(["tournament", "rogue", "--seed", "30", "--games", "2", "--db", str(db),
                      "--no-plot", "--resume", "--rogue-bin", sys.executable])
    err = capsys.readouterr().err
    assert "resuming: 2 games a killed run left queued or running" in err
    assert "playing the other 0" in err
    with sqlite3.connect(db) as conn:
        states = conn.execute("SELECT state, outcome, COUNT(*) FROM sessions "
                              "GROUP BY state, outcome").fetchall()
    assert [("done", "death", 2), ("done", "interrupted", 2)] == sorted(states)


def test_learned_tactics_need_learning_records(tmp_path):
    """--learned on a missing file says how to make one."""
    missing = tmp_path / "none.sqlite3"
    with pytest.raises(LookupError, match=r"^no learning records at .*none\.sqlite3; run "
                                          r"`belligerent tournament rogue --learn` first$"):
        learned_tactics(missing)


def test_report_adds_each_versions_causes_and_chronicle_under_the_table(tmp_path, capsys):
    """``report rogue`` prints the score table, then per version what the records keep
    beside the score: depths, causes of death, and the chronicle's totals."""
    pytest.importorskip("matplotlib")
    db = tmp_path / "r.sqlite3"
    records = Records(db)
    games = [("1.0", "death", 40.0, {"depth": 1, "killer": "hobgoblin", "events": {}}),
             ("1.0", "quit", 1900.0, {"depth": 12, "events": {"gold_thefts": 1,
                                                                "gold_stolen": 300}}),
             ("2.0", "death", 900.0, {"depth": 8, "killer": "centaur",
                                      "events": {"armor_rusted": 2}})]
    records.add_batch("t", "rogue", 3, 1, 0, {}, "inline", [f"t-{i}" for i in range(3)])
    for i, (version, outcome, score, detail) in enumerate(games):
        records.finish(SessionResult(session=f"t-{i}", game="rogue", agent="rogomatic",
                                     agent_version=version, seed=i, outcome=outcome,
                                     score=score, turns=10, wall_time=1.0,
                                     detail=tuple(detail.items())))
    records.close()
    assert 0 == main(["report", "rogue", "--db", str(db), "--out", str(tmp_path / "r.png")])
    out = capsys.readouterr().out
    first, second = out.index("rogue, rogomatic 1.0: 2 games"), out.index(
        "rogue, rogomatic 2.0: 1 game,")
    assert out.index("score by agent version") < first < second
    assert "  causes of death: hobgoblin 1\n" in out[first:second]
    assert ("on the way (2 games chronicled): purse lightened 1 in 1 game, gold stolen 300 "
            "in 1 game") in out[first:second]
    assert "armor rusted 2 in 1 game" in out[second:]


@needs_rogue
def test_live_tournament_records_every_game_and_prints_the_distribution(tmp_path, capsys):
    """Three short live games: three rows, the distribution, and a box plot."""
    db, png = tmp_path / "r.sqlite3", tmp_path / "box.png"
    assert 0 == main(["tournament", "rogue", "--games", "3", "--jobs", "2", "--seed", "30",
                      "--agent", "minimal", "--max-actions", "60", "--db", str(db),
                      "--plot", str(png)])
    out = capsys.readouterr().out
    assert "3 games, 3 on fixed dungeons" in out
    assert "  score   median " in out and "  deepest level   median " in out
    assert f"box plot: {png}" in out
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT seed, state, outcome, agent FROM sessions "
                            "ORDER BY seed").fetchall()
    assert [30, 31, 32] == [r[0] for r in rows]
    assert {("done", "rogue-minimal")} == {(r[1], r[3]) for r in rows}
    assert {r[2] for r in rows} <= {"quit", "death"}
    assert png.exists()


@needs_rogue
def test_live_learning_tournament_then_play_with_the_learned_set(tmp_path, capsys):
    """--learn scores each game's set in --db; play --learned then picks the best."""
    db = tmp_path / "r.sqlite3"
    assert 0 == main(["tournament", "rogue", "--games", "2", "--learn", "--max-actions",
                      "40", "--db", str(db), "--no-plot"])
    out = capsys.readouterr().out
    assert "learning: 8 sets in the pool, 2 games scored in all" in out
    tactics, which = learned_tactics(db)
    assert which.startswith("learned set ")


@needs_rogue
def test_live_tournament_with_a_tactics_file_plays_and_records_the_variant(tmp_path, capsys):
    """--tactics: every game plays the file's set, recorded with it; the title names it."""
    db, path = tmp_path / "r.sqlite3", tmp_path / "t.json"
    path.write_text(json.dumps({"flee_risk": 0.2, "flee_unexplored": False}))
    assert 0 == main(["tournament", "rogue", "--games", "2", "--seed", "40", "--max-actions",
                      "30", "--tactics", str(path), "--db", str(db), "--no-plot"])
    out = capsys.readouterr().out
    variant = "(flee_risk=0.2, flee_unexplored=False)"
    assert f"{variant}, seed 40" in out
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT parameters, agent_version FROM sessions "
                            "ORDER BY seed").fetchall()
    played = [json.loads(r[0])["tactics"] for r in rows]
    assert 2 == len(played)
    assert {(0.2, False)} == {(t["flee_risk"], t["flee_unexplored"]) for t in played}
    assert all(r[1].endswith(f" {variant}") for r in rows)
    # The report shows the variant under its own name, not pooled with the defaults.
    assert 0 == main(["report", "rogue", "--db", str(db), "--out", str(tmp_path / "r.png")])
    table = capsys.readouterr().out
    assert f"rogomatic {rows[0][1]}" in table and "     2 " in table


@needs_rogue
def test_live_tournament_resumed_plays_only_the_missing_dungeons(tmp_path, capsys):
    """Three games, then the same tournament grown to five with --resume: two more games
    are played, each dungeon once, and the summary covers all five."""
    db = tmp_path / "r.sqlite3"
    base = ["tournament", "rogue", "--seed", "30", "--agent", "minimal", "--max-actions", "40",
            "--db", str(db), "--no-plot"]
    assert 0 == main([*base, "--games", "3"])
    capsys.readouterr()
    assert 0 == main([*base, "--games", "5", "--resume"])
    captured = capsys.readouterr()
    assert "resuming: 3 of 5 dungeons already played" in captured.err
    assert "playing the other 2" in captured.err
    assert "5 games, 5 on fixed dungeons" in captured.out
    with sqlite3.connect(db) as conn:
        seeds = [r[0] for r in conn.execute("SELECT seed FROM sessions ORDER BY seed")]
    assert [30, 31, 32, 33, 34] == seeds


@needs_rogue
def test_live_tournament_stopped_by_sigterm_records_and_resumes(tmp_path):
    """``kill`` (SIGTERM) mid-tournament: the process says so and exits 143, every row
    is closed (none left running), and --resume then plays what was not finished."""
    db = tmp_path / "r.sqlite3"
    command = [sys.executable, "-c", "import sys; from runtime.cli import main; "
               "sys.exit(main())", "tournament", "rogue", "--games", "3", "--seed", "50",
               "--db", str(db), "--no-plot", "--time-limit", "120"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # until a game is under way
        time.sleep(0.2)
        if db.exists():
            with sqlite3.connect(db) as conn:
                try:
                    if conn.execute("SELECT 1 FROM sessions WHERE state='running'").fetchone():
                        break
                except sqlite3.OperationalError:  # the schema is not written yet
                    continue
    time.sleep(1.0)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=120)
    assert 143 == process.returncode, err[-2000:]
    assert "stopped by SIGTERM" in err and "--resume" in err
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT seed, state, outcome FROM sessions ORDER BY seed").fetchall()
    assert {"done"} == {r[1] for r in rows}
    unfinished = {r[0] for r in rows if r[2] in ("interrupted", "unplayed")}
    assert unfinished, rows
    resumed = subprocess.run([*command, "--resume", "--max-actions", "40"], capture_output=True,
                             text=True, timeout=300)
    assert 0 == resumed.returncode, resumed.stderr[-2000:]
    assert f"playing the other {len(unfinished)}" in resumed.stderr
