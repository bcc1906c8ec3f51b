"""The belligerent command: help, errors for bad input, a played match, a tournament."""

import subprocess
import sys

import pytest
import structlog

from runtime.cli import main


@pytest.fixture(autouse=True)
def _reset_logging():
    """main() configures structlog for the process; leave it as other tests expect."""
    yield
    structlog.reset_defaults()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "runtime.cli", *args],
        capture_output=True, text=True, timeout=120,
    )


def test_help_lists_the_commands_and_games():
    """--help names every command; the game list includes roshambo."""
    assert {"games", "play", "tournament"} <= set(run("--help").stdout.split())
    assert "roshambo" in [line.split()[0] for line in run("games").stdout.splitlines()]


def test_a_command_of_fewer_games_is_described_by_its_own_help():
    """A command outside the common set shows its game's help, naming the game."""
    from runtime import GameCommand, GamePlugin
    from runtime.cli import build_parser

    async def noop(args):
        return 0

    games = {
        "a": GamePlugin("a", "game a", (GameCommand("levels", noop, help="draw the levels"),)),
        "b": GamePlugin("b", "game b", (GameCommand("mutate", noop),)),
        "c": GamePlugin("c", "game c", (GameCommand("mutate", noop),)),
    }
    text = build_parser(games).format_help()
    assert "draw the levels (a)" in text
    assert "a command of b, c" in text


def test_unknown_opponent_is_one_line_that_lists_the_choices():
    """A bad opponent name exits 2 with one line naming the known players, no traceback."""
    proc = run("play", "roshambo", "--opponent", "nobody")
    assert 2 == proc.returncode
    assert proc.stderr.startswith("belligerent: error: unknown RoShamBo player 'nobody'")
    assert "rotate" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert 1 == len(proc.stderr.strip().splitlines())


def test_bad_number_is_refused_by_the_parser():
    """--turns 0 is refused before anything is played, saying what is expected."""
    proc = run("play", "roshambo", "--turns", "0")
    assert 2 == proc.returncode
    assert "expected a number >= 1, got 0" in proc.stderr


def test_unknown_game_is_refused():
    """A game nobody installed is refused by the parser with the installed choices."""
    proc = run("play", "chess")
    assert 2 == proc.returncode
    assert "invalid choice: 'chess'" in proc.stderr


def test_play_shows_each_turns_reasoning_and_the_result(capsys):
    """A played match prints one line per turn with the winning expert's rationale."""
    assert 0 == main(["play", "roshambo", "--agent", "granite", "--opponent", "rotate",
                      "--turns", "40", "--seed", "3"])
    lines = capsys.readouterr().out.splitlines()
    turns = [line for line in lines if "granite:" in line]
    assert 40 == len(turns)
    assert lines[-1].startswith("granite vs rotate: win, score +")


def test_tournament_ranks_agents_in_the_field(capsys):
    """A small tournament prints a ranking table with our agent marked."""
    assert 0 == main(["tournament", "roshambo", "--agents", "granite",
                      "--field", "rock,rotate,random", "--turns", "200"])
    out = capsys.readouterr().out
    assert "granite: rank 1/4 by match points" in out
    assert "*granite" in out


@pytest.mark.parametrize("agents", ["nobody", ""])
def test_tournament_rejects_unknown_agents(agents, capsys):
    """An unknown agent name is one error line listing the agents."""
    assert 2 == main(["tournament", "roshambo", "--agents", agents, "--field", "rock"])
    assert "choose from iocaine-plus, granite" in capsys.readouterr().err


def test_game_may_come_before_its_command(capsys):
    """`belligerent roshambo play` plays the same match as `belligerent play roshambo`."""
    argv = ["--agent", "granite", "--opponent", "rotate", "--turns", "30", "--seed", "5",
            "--quiet"]
    assert 0 == main(["roshambo", "play", *argv])
    game_first = capsys.readouterr().out.rsplit(" in ", 1)[0]  # drop the wall time
    assert 0 == main(["play", "roshambo", *argv])
    assert game_first == capsys.readouterr().out.rsplit(" in ", 1)[0]
    assert game_first.startswith("granite vs rotate: win, score +")


def test_reader_closing_the_pipe_stops_quietly():
    """Piping a long match into a reader that exits early ends without an error or log."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "runtime.cli", "play", "roshambo", "--opponent", "rock"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # what `| head -1` does after its line
    err = proc.stderr.read().decode()
    assert 141 == proc.wait(timeout=60)
    assert first.startswith(b"iocaine-plus 1.0 vs rock")
    assert "" == err


def test_an_empty_report_names_the_command_that_records_that_game(tmp_path, monkeypatch):
    """A game the daemon can run is filled by `run`; one it cannot, by its own tournament."""
    from runtime import GameCommand, GamePlugin
    from runtime.daemon import _commands

    async def noop(args):
        return 0

    local = GamePlugin("local", "no daemon", (GameCommand("tournament", noop),))
    monkeypatch.setattr(_commands, "available_games", lambda: {"local": local})
    missing = tmp_path / "none.sqlite3"
    assert (f"belligerent tournament local --games 20 --db {missing}"
            == _commands._recording_command("local", missing))
    roshambo = run("report", "roshambo", "--db", str(missing))
    assert 2 == roshambo.returncode
    assert "`belligerent run roshambo --games 20`" in roshambo.stderr
