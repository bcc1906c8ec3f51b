"""The CLI as the daemon's client: run, status, results, stop, tail and report, end to end."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time

import pytest
import structlog
from daemon_helpers import FAULTY, short_dir, with_doubles_on_path

from runtime.cli import main


@pytest.fixture
def cli(capsys):
    """Run ``belligerent ARGS`` in this process; returns (status, stdout, stderr)."""

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        capsys.readouterr()
        try:
            status = main(list(args))
        finally:
            structlog.reset_defaults()
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(args, status, out, err)

    return run


@pytest.fixture(scope="module")
def daemon():
    """A daemon process with one worker and the test doubles, for the whole module."""
    folder = short_dir()
    with_doubles_on_path()
    process = subprocess.Popen(
        [sys.executable, "-m", "runtime.cli", "daemon", "--socket", str(folder / "d.sock"),
         "--db", str(folder / "r.sqlite3"), "--workers", "1",
         "--game", f"{FAULTY[0]}={FAULTY[1]}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while not (folder / "d.sock").exists():
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    yield folder
    process.send_signal(signal.SIGTERM)
    process.wait(30)
    shutil.rmtree(folder, ignore_errors=True)


def test_run_plays_the_batch_and_prints_a_summary(daemon, cli):
    """`run` waits for the batch, then prints outcomes and the score distribution."""
    done = cli("run", "roshambo", "--games", "4", "--concurrency", "2", "--param", "turns=30",
               "--socket", str(daemon / "d.sock"))
    assert 0 == done.returncode, done.stderr
    first, agent, *_, last = done.stdout.splitlines()
    assert first.startswith("batch ") and ": 4 roshambo sessions: " in first
    assert agent.startswith("  iocaine-plus 1.0: 4 games, score median ")
    assert last.startswith("records: belligerent results --batch ")


def test_run_exits_1_when_sessions_failed_and_names_them(daemon, cli):
    """A batch whose worker died says which session failed and why, and exits 1."""
    done = cli("run", "faulty", "--param", "fault=exit", "--socket", str(daemon / "d.sock"))
    assert 1 == done.returncode
    assert "failed: worker 0 (pid " in done.stdout
    assert ") exited with status 7" in done.stdout


def test_results_json_has_one_object_per_record(daemon, cli):
    """`results --json` prints records as JSON lines with parameters as an object."""
    cli("run", "faulty", "--games", "2", "--socket", str(daemon / "d.sock"))
    done = cli("results", "--game", "faulty", "--limit", "2", "--json",
               "--socket", str(daemon / "d.sock"))
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert 2 == len(rows)
    assert {"win"} == {r["outcome"] for r in rows}
    assert {"turns": 10, "fault": "none", "delay": 0.0} == rows[0]["parameters"]


def test_status_names_the_workers(daemon, cli):
    """`status` shows the daemon's pid and its worker."""
    done = cli("status", "--socket", str(daemon / "d.sock"))
    assert 0 == done.returncode
    assert done.stdout.startswith("daemon pid ")
    assert "workers: 1" in done.stdout


def test_stop_of_an_unknown_session_is_one_error_line(daemon, cli):
    """`stop nosuch` exits 2 with the daemon's reason on one line."""
    done = cli("stop", "nosuch", "--socket", str(daemon / "d.sock"))
    assert 2 == done.returncode
    assert ("belligerent: error: no unfinished session or batch 'nosuch'; `belligerent status` "
            "lists the running ones\n") == done.stderr


def test_a_bad_parameter_is_refused_with_the_games_own_words(daemon, cli):
    """`run roshambo --param opponent=nobody` exits 2 quoting RoShamBo's error."""
    done = cli("run", "roshambo", "--param", "opponent=nobody", "--socket",
               str(daemon / "d.sock"))
    assert 2 == done.returncode
    assert done.stderr.startswith("belligerent: error: unknown RoShamBo player 'nobody'")


def test_tail_prints_readable_lines_of_a_run(daemon, cli):
    """`tail --game faulty` shows each decision with its rationale as the games play."""
    tail = subprocess.Popen([sys.executable, "-m", "runtime.cli", "tail", "--game", "faulty",
                             "--socket", str(daemon / "d.sock")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while json.loads(cli("status", "--json", "--socket", str(daemon / "d.sock")).stdout)[
            "viewers"] < 1:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    time.sleep(0.2)  # the viewer's level reaches the worker
    cli("run", "faulty", "--param", "turns=3", "--socket", str(daemon / "d.sock"))
    time.sleep(0.5)
    tail.send_signal(signal.SIGTERM)
    out, _ = tail.communicate(timeout=30)
    decisions = [line for line in out.splitlines() if " decision " in line]
    assert 3 == len(decisions)
    assert all(" faulty " in line and "[echo]" in line for line in decisions)
    assert decisions[-1].endswith("decision #3 echo turn 2")


def test_clients_without_a_daemon_say_how_to_start_one(cli):
    """With nothing listening, every client command says to start `belligerent daemon`."""
    done = cli("status", "--socket", str(short_dir() / "none.sock"))
    assert 2 == done.returncode
    assert "no daemon is listening on " in done.stderr
    assert "start one with `belligerent daemon`" in done.stderr


def test_report_prints_a_table_and_saves_the_plot(daemon, cli, tmp_path):
    """`report roshambo` reads the records and writes the box plot where asked."""
    pytest.importorskip("matplotlib")
    cli("run", "roshambo", "--games", "3", "--param", "turns=20",
        "--socket", str(daemon / "d.sock"))
    done = cli("report", "roshambo", "--db", str(daemon / "r.sqlite3"), "--out",
               str(tmp_path / "r.png"))
    assert 0 == done.returncode, done.stderr
    assert done.stdout.startswith("roshambo: score by agent version, sorted by median")
    assert f"plot: {tmp_path / 'r.png'}" == done.stdout.splitlines()[-1]
    assert (tmp_path / "r.png").stat().st_size > 1000


@pytest.mark.slow
def test_the_demo_plays_with_the_stream_on_screen_until_interrupted():
    """`daemon --demo` plays RoShamBo matches, shows decisions as they happen, and on Ctrl-C
    stops cleanly, saying what the records hold."""
    folder = short_dir()
    demo = subprocess.Popen(
        [sys.executable, "-m", "runtime.cli", "daemon", "--demo", "--socket",
         str(folder / "d.sock"), "--db", str(folder / "r.sqlite3"), "--workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(8)
    demo.send_signal(signal.SIGINT)
    out, err = demo.communicate(timeout=60)
    shutil.rmtree(folder, ignore_errors=True)
    assert 0 == demo.returncode, err
    assert any(" roshambo " in line and " decision #" in line for line in out.splitlines())
    assert "belligerent daemon --demo: stopped; records hold " in err
