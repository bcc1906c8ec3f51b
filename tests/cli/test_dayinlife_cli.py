"""``belligerent play dayinlife`` and ``belligerent bench dayinlife``: output and errors."""

import subprocess
import sys

import pytest

from actors.dayinlife import _bench
from runtime.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "runtime.cli", *args],
        capture_output=True, text=True, timeout=120,
    )


def test_play_prints_each_change_of_occupation_with_its_reason_and_the_final_cash(capsys):
    """Barry's life: a header, each change with the rationale, each stint's results, the end."""
    assert 0 == main(["play", "dayinlife", "--person", "barry", "--seed", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("barry (Bold Barry, F = P·P·G − (1−P)·(1−P)·L): 1000 days from 10.00, "
                        "seed 1, odds published")
    assert lines[1].startswith("day 1: takes up stunt show: barry: stunt show +1.135 beats")
    assert lines[2] == ("  days     1-382  stunt show  382 days: 267 paid off, 115 failed; "
                        "cash 10.00 → 200.10")
    assert lines[3].startswith("day 383: takes up financier: barry: financier +84.3")
    changes = [line for line in lines if line.startswith("day ")]
    stints = [line for line in lines if line.startswith("  days ")]
    assert len(changes) == len(stints) == 7
    assert stints[1].endswith("financier     1 day : 0 paid off, 1 failed; cash 200.10 → 0.08")
    assert lines[-2] == ("barry ends with 49.74 (poor) after 1000 days: 0 bankruptcies, "
                         "peak 200.10, 7 stints")
    assert lines[-1] == "days: day job 2, stunt show 996, financier 2"


def test_play_quiet_prints_only_the_result(capsys):
    """--quiet leaves the final cash and the days per occupation."""
    assert 0 == main(["play", "dayinlife", "--person", "mike", "--seed", "4", "--quiet"])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    assert out[0].startswith("mike ends with 0.") and "(almost broke) after 1000 days" in out[0]
    assert out[1] == "days: street 1000"


def test_play_with_hidden_odds_cites_estimates(capsys):
    """With the odds hidden, the reasons quote estimated P and their trial counts."""
    assert 0 == main(["play", "dayinlife", "--person", "eddy", "--odds", "hidden",
                      "--trials", "10", "--days", "20"])
    out = capsys.readouterr().out
    assert "odds hidden, 10 rehearsals a morning" in out
    assert "from 10 trials]" in out


def test_unknown_person_is_one_line_listing_the_six():
    """A bad --person exits 2 with the six names, no traceback."""
    proc = run("play", "dayinlife", "--person", "bob")
    assert 2 == proc.returncode
    assert ("unknown person 'bob'; choose from eddy, gary, mike, carl, larry, barry"
            in proc.stderr)
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("args, message", [
    (["bench", "dayinlife", "--runs", "0"], "expected a number >= 1, got 0"),
    (["bench", "dayinlife", "--persons", "eddy,zed"], "unknown person 'zed'"),
    (["bench", "dayinlife", "--persons", ","], "expected person names separated by commas"),
    (["play", "dayinlife", "--odds", "secret"], "invalid choice: 'secret'"),
    (["play", "dayinlife", "--days", "0"], "expected a number >= 1, got 0"),
    (["play", "dayinlife", "--trials", "-2"], "expected a number >= 0, got -2"),
])
def test_bad_options_are_refused_by_the_parser(args, message, capsys):
    """Bad values exit 2 before any life is lived, saying what is expected."""
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_bench_prints_the_distribution_and_days_per_occupation(capsys):
    """A small bench lists every person's final-cash quartiles and mean days per occupation."""
    assert 0 == main(["bench", "dayinlife", "--runs", "4", "--days", "100"])
    out = capsys.readouterr().out
    assert "final cash in days' wages (4 lives each, 100 days, odds published)" in out
    assert "mean days per life in each occupation" in out
    eddy_days = next(line for line in out.splitlines()[9:] if line.startswith("eddy"))
    assert eddy_days.split()[1:] == ["100.0"] + ["0.0"] * 6
    assert "24 lives of 100 days in" in out


def test_bench_writes_csv_and_plots_to_out(tmp_path, capsys):
    """--out DIR gets one CSV row per life and two PNG plots."""
    assert 0 == main(["bench", "dayinlife", "--runs", "3", "--days", "50",
                      "--persons", "gary,mike", "--out", str(tmp_path)])
    rows = (tmp_path / "dayinlife_lives.csv").read_text().splitlines()
    assert rows[0].startswith("person,seed,final_cash,bracket,bankruptcies,peak_cash,day-job")
    assert len(rows) == 1 + 2 * 3
    for name in ("dayinlife_final_cash.png", "dayinlife_days.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote {tmp_path / 'dayinlife_days.png'}" in capsys.readouterr().out


def test_bench_out_without_matplotlib_says_how_to_install_it(tmp_path, capsys, monkeypatch):
    """Without matplotlib, --out fails at once with the extra to install, before any life."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    assert not _bench.matplotlib_available()
    assert 2 == main(["bench", "dayinlife", "--runs", "1000", "--out", str(tmp_path)])
    assert capsys.readouterr().err == (
        "belligerent: error: --out plots need matplotlib, which is not installed; "
        "install the plot extra: pip install -e '.[plot]'\n")
    assert list(tmp_path.iterdir()) == []


def test_bench_with_jobs_gives_the_same_figures(capsys):
    """Worker processes change the time, not the lives."""
    args = ["bench", "dayinlife", "--runs", "4", "--days", "60", "--persons", "carl,barry"]
    assert 0 == main(args)
    one = capsys.readouterr().out.split("\n\n8 lives")[0]
    assert 0 == main([*args, "--jobs", "2"])
    two = capsys.readouterr().out.split("\n\n8 lives")[0]
    assert one == two
