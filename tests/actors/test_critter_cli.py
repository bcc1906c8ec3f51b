"""``belligerent evolve roshambo`` and ``play --agent critter:FILE`` from the command line."""

import json
import sys

import pytest

from actors.critter import Evolution, assemble, load_critter, save_critter
from actors.critter._plot import plot_fitness
from runtime.cli import main

TINY = ["--population", "8", "--islands", "2", "--turns", "30", "--opponents", "rock,rotate",
        "--jobs", "1", "--seed", "2"]


def test_evolve_writes_the_best_critter_run_log_and_plot(tmp_path, capsys):
    """An evolve run leaves best.critter, run.json, log.txt and fitness.png in --out."""
    out = tmp_path / "run"
    assert 0 == main(["evolve", "roshambo", "--generations", "3", "--out", str(out), *TINY])
    printed = capsys.readouterr().out
    assert "best critter: generation" in printed
    assert f"play it: belligerent play roshambo --agent critter:{out / 'best.critter'}" in printed
    run = Evolution.load(out / "run.json")
    assert 3 == run.generation
    assert load_critter(out / "best.critter") == run.champion.genome
    log = (out / "log.txt").read_text()
    assert [f"generation {g}:" for g in range(3)] == [
        line.split(" best")[0] for line in log.splitlines() if line.startswith("generation")
    ]
    # The champion's disassembly follows the line of the generation that found it.
    assert any(line.startswith("    ") for line in log.splitlines())
    assert (out / "fitness.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_evolve_resumes_a_saved_run(tmp_path):
    """--resume continues the run in the file for --generations more."""
    out = tmp_path / "run"
    assert 0 == main(["evolve", "roshambo", "--generations", "2", "--out", str(out),
                      "--no-plot", *TINY])
    assert 0 == main(["evolve", "roshambo", "--generations", "2", "--out", str(out),
                      "--no-plot", "--resume", str(out / "run.json")])
    data = json.loads((out / "run.json").read_text())
    assert [0, 1, 2, 3] == [r["generation"] for r in data["history"]]
    assert 4 == len([x for x in (out / "log.txt").read_text().splitlines()
                     if x.startswith("generation")])


def test_resuming_something_that_is_not_a_run_is_a_one_line_error(tmp_path, capsys):
    """A --resume file that is not a run exits 2 with the reason."""
    bogus = tmp_path / "x.json"
    bogus.write_text("[]")
    assert 2 == main(["evolve", "roshambo", "--resume", str(bogus), "--out", str(tmp_path)])
    assert "not a critter run" in capsys.readouterr().err


def test_unknown_opponent_is_refused(tmp_path, capsys):
    """--opponents with an unknown bot exits 2 naming it."""
    assert 2 == main(["evolve", "roshambo", "--opponents", "rock,nobody",
                      "--out", str(tmp_path)])
    assert "unknown RoShamBo player 'nobody'" in capsys.readouterr().err


def test_play_a_saved_critter(tmp_path, capsys):
    """play --agent critter:FILE plays the critter, explaining each throw."""
    path = tmp_path / "c.critter"
    save_critter(path, assemble("MATCH r1, both:opp, 2\nBEAT r0, r1"))
    assert 0 == main(["play", "roshambo", "--agent", f"critter:{path}", "--opponent", "rotate",
                      "--turns", "30", "--seed", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert 30 == len([line for line in lines if "critter: 2 instructions" in line])
    assert lines[-1].startswith("critter vs rotate: win, score +")


def test_play_a_missing_critter_is_a_one_line_error(tmp_path, capsys):
    """A critter file that is not there exits 2 with one line, no traceback."""
    assert 2 == main(["play", "roshambo", "--agent", f"critter:{tmp_path}/none.critter",
                      "--turns", "5"])
    err = capsys.readouterr().err
    assert "none.critter" in err
    assert "Traceback" not in err


def test_tournament_enters_a_critter(tmp_path, capsys):
    """tournament --agents critter:FILE ranks the critter in the field."""
    path = tmp_path / "c.critter"
    save_critter(path, assemble("MATCH r1, both:opp, 2\nBEAT r0, r1"))
    assert 0 == main(["tournament", "roshambo", "--agents", f"critter:{path}",
                      "--field", "rock,rotate,random", "--turns", "100"])
    assert "critter: rank 1/4 by match points" in capsys.readouterr().out


def test_missing_matplotlib_is_explained(tmp_path, monkeypatch):
    """Without matplotlib the plot fails with the extra to install."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install -e '\.\[plot\]'"):
        plot_fitness([], tmp_path / "f.png")


def test_evolve_can_start_from_a_critter(tmp_path):
    """--init FILE.critter starts the run from that critter and its mutants."""
    seed_file = tmp_path / "seed.critter"
    genome = assemble("MATCH r1, both:opp, 2\nBEAT r0, r1")
    save_critter(seed_file, genome)
    out = tmp_path / "run"
    assert 0 == main(["evolve", "roshambo", "--generations", "1", "--out", str(out),
                      "--no-plot", "--init", str(seed_file), *TINY])
    history = json.loads((out / "run.json").read_text())["history"]
    assert assemble(history[0]["best"]) == genome
    assert "starting from" in (out / "best.critter").read_text().splitlines()[0]


def test_init_and_resume_together_are_refused(tmp_path, capsys):
    """--init starts a run and --resume continues one: both at once is an error."""
    assert 2 == main(["evolve", "roshambo", "--init", "a.critter", "--resume", "b.json",
                      "--out", str(tmp_path)])
    assert "give only one" in capsys.readouterr().err
