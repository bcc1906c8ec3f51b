"""Records: one row per session, finished once, recovered after a crash; and the report."""

from __future__ import annotations

import pytest
import trio
from daemon_helpers import running_daemon, short_dir

from runtime import SessionResult
from runtime.daemon import Records, RunRequest
from runtime.daemon._report import distributions, report


def result(session: str, outcome: str = "win", score: float = 1.0, **extra) -> SessionResult:
    fields = dict(session=session, game="roshambo", agent="granite", agent_version="1.0",
                  seed=0, outcome=outcome, score=score, turns=10, wall_time=0.5)
    fields.update(extra)
    return SessionResult(**fields)


@pytest.fixture
def records():
    store = Records(short_dir() / "records.sqlite3")
    yield store
    store.close()


def test_a_session_is_recorded_exactly_once(records):
    """The first end of a session is kept; a second one is refused and changes nothing."""
    records.add_batch("b1", "roshambo", 1, 1, 5, {"turns": "10"}, "inline", ["b1-1"])
    assert {"queued": 1} == records.counts()
    records.start("b1-1")
    assert {"running": 1} == records.counts()
    assert records.finish(result("b1-1", "win", 7.0), (("turns", 10),))
    assert not records.finish(result("b1-1", "loss", -3.0))
    (row,) = records.results(limit=0)
    assert ("win", 7.0, 5, (("turns", 10),)) == (row.outcome, row.score, row.seed,
                                                  row.parameters)
    assert row.started <= row.ended


def test_a_session_never_queued_is_not_recorded(records):
    """A record for an unknown session id is refused, so no orphan rows appear."""
    assert not records.finish(result("nobody-1"))
    assert {} == records.counts()


def test_a_recording_path_in_the_detail_goes_to_its_own_column(records):
    """A game that names its recording (cast, transcript) gets it stored as the recording."""
    records.add_batch("b2", "rogue", 1, 1, 0, {}, "process", ["b2-1"])
    records.finish(result("b2-1", detail=(("cast", "/tmp/b2-1.cast"), ("depth", 4))))
    (row,) = records.results(limit=0)
    assert "/tmp/b2-1.cast" == row.recording
    assert (("depth", 4),) == row.detail


def test_recovery_closes_what_a_dead_daemon_left_queued_or_running(records):
    """Rows left queued or running are marked interrupted with a cause; finished ones stay."""
    records.add_batch("b3", "roshambo", 3, 3, 0, {}, "process", ["b3-1", "b3-2", "b3-3"])
    records.start("b3-1")
    records.finish(result("b3-3"))
    assert 2 == records.recover()
    outcomes = {r.session: (r.outcome, r.cause) for r in records.results(limit=0)}
    assert ("interrupted", "the daemon stopped before this session ended (found running "
            "when the next daemon started)") == outcomes["b3-1"]
    assert ("interrupted", "the daemon stopped before this session ended (found queued "
            "when the next daemon started)") == outcomes["b3-2"]
    assert ("win", "") == outcomes["b3-3"]
    assert 0 == records.recover()


def test_a_resumed_run_closes_only_its_own_killed_rows(records):
    """``close_abandoned``: the rows a killed run of this agent left on these seeds are
    closed; another agent's (a run sharing the file), other seeds and other games stay."""
    records.add_batch("k", "rogue", 3, 1, 10, {"agent": "bot 1.0"}, "tournament",
                      ["k-0", "k-1", "k-2"])  # seeds 10, 11, 12
    records.start("k-0")
    records.add_batch("o", "rogue", 1, 1, 10, {"agent": "bot 1.0 (x=1)"}, "tournament", ["o-0"])
    records.add_batch("g", "roshambo", 1, 1, 10, {"agent": "bot 1.0"}, "tournament", ["g-0"])
    assert 2 == records.close_abandoned(game="rogue", seeds=[10, 11], agent="bot 1.0")
    closed = {r.session: (r.outcome, r.cause) for r in records.results(limit=0)}
    assert ("interrupted", "a run killed before this session ended (found running when it "
            "was resumed)") == closed["k-0"]
    assert "interrupted" == closed["k-1"][0]
    assert {"k-0", "k-1"} == set(closed)
    assert {"queued": 3, "done": 2} == records.counts()
    assert 0 == records.close_abandoned(game="rogue", seeds=[], agent="bot 1.0")
    # a tournament of tens of thousands of games (beyond SQLite's bound-variable limit)
    assert 1 == records.close_abandoned(game="rogue", seeds=range(40000), agent="bot 1.0")


async def test_a_daemon_started_on_stale_records_recovers_them():
    """Starting a daemon on records a killed daemon left behind closes every stale row."""
    folder = short_dir()
    stale = Records(folder / "records.sqlite3")
    stale.add_batch("old", "roshambo", 2, 2, 0, {}, "process", ["old-1", "old-2"])
    stale.start("old-1")
    stale.close()
    async with running_daemon(database=folder / "records.sqlite3") as daemon:
        assert 2 == daemon.recovered
        assert {"done": 2} == daemon.records.counts()


async def test_every_session_of_a_run_has_one_row_with_its_parameters():
    """A batch of six leaves six done rows, each with the game's own filled-in parameters."""
    async with running_daemon() as daemon:
        accepted = daemon.submit(RunRequest("roshambo", games=6, concurrency=3, seed=100,
                                            engine="inline", parameters=(("turns", "20"),),
                                            follow=False))
        while daemon.sessions:
            await trio.sleep(0.02)
        rows = daemon.records.results(batch=accepted.batch, limit=0)
    assert sorted(accepted.sessions) == sorted(r.session for r in rows)
    assert all(dict(r.parameters)["turns"] == 20 and dict(r.parameters)["opponent"]
               for r in rows)
    assert list(range(100, 106)) == sorted(r.seed for r in rows)


def test_distributions_are_sorted_by_median_with_percentile_whiskers():
    """Per agent version: quartiles, 10th/90th percentiles, and the best median first."""
    scores = {("a", "1"): [float(x) for x in range(1, 101)], ("b", "2"): [500.0, 600.0]}
    first, second = distributions(scores)
    assert ("b", "2") == (first.agent, first.version)
    assert (100, 10.9, 25.75, 50.5, 75.25, 90.1) == (
        second.n, round(second.p10, 2), second.q1, second.median, second.q3,
        round(second.p90, 2))


def test_report_prints_the_table_and_saves_a_box_plot(records, tmp_path):
    """report counts only games ended by the rules, lists the others apart, and saves a PNG."""
    pytest.importorskip("matplotlib")
    sessions = [f"r-{i}" for i in range(30)]
    records.add_batch("r", "roshambo", 30, 4, 0, {}, "inline", sessions)
    for i, session in enumerate(sessions):
        agent = ("granite", "1.0") if i % 2 else ("iocaine-plus", "1.0")
        outcome = "failed" if i == 29 else "win"
        records.finish(result(session, outcome, float(i + 1), agent=agent[0],
                              agent_version=agent[1]))
    table, path, note = report("roshambo", records.path, tmp_path / "box.png")
    lines = table.splitlines()
    assert lines[3].startswith("granite 1.0") and " 14 " in lines[3]  # median 16, one failed
    assert lines[4].startswith("iocaine-plus 1.0")
    assert "not counted (cut short by the daemon): granite 1.0: failed 1" == lines[-1]
    assert path == tmp_path / "box.png"
    assert path.read_bytes().startswith(b"\x89PNG")
    assert "" == note


def test_report_pools_several_databases(records, tmp_path):
    """Tournaments run side by side keep a file each: given all of them, the report counts
    every game once, in one distribution per agent version, with the outcomes summed."""
    other = Records(short_dir() / "other.sqlite3")
    try:
        for store, batch, scores in ((records, "p", (1.0, 2.0, 3.0)),
                                     (other, "q", (10.0, 20.0, 30.0, 40.0))):
            sessions = [f"{batch}-{i}" for i in range(len(scores))]
            store.add_batch(batch, "rogue", len(scores), 1, 0, {}, "inline", sessions)
            for session, score in zip(sessions, scores, strict=True):
                store.finish(result(session, "death", score, game="rogue"))
        table, _, _ = report("rogue", [records.path, other.path], tmp_path / "both.png")
        alone, _, _ = report("rogue", other.path, tmp_path / "one.png")
    finally:
        other.close()
    pooled_row, single_row = table.splitlines()[3].split(), alone.splitlines()[3].split()
    assert ["7", "10"] == [pooled_row[2], pooled_row[5]]  # games, median of all seven
    assert ["4", "25"] == [single_row[2], single_row[5]]
    assert pooled_row[-2:] == ["death", "7"]


def test_report_on_a_game_never_played_says_how_to_play_it(records):
    """An empty report is a LookupError that says which command fills it."""
    with pytest.raises(LookupError, match="hold no rogue games; run some with "
                       "`belligerent run rogue --games 20`"):
        report("rogue", records.path, None)
