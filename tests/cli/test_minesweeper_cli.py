"""``belligerent play minesweeper`` and ``belligerent bench minesweeper``: output and errors."""

import subprocess
import sys

import pytest

from runtime.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "runtime.cli", *args],
        capture_output=True, text=True, timeout=120,
    )


def test_play_shows_thoughts_boards_and_the_result(capsys):
    """A played game prints each decision's thought, boards after guesses, and the result."""
    assert 0 == main(["play", "minesweeper", "--level", "beginner", "--seed", "3"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "sweeper 1.0 on beginner 9x9/10, first click safe, seed 3"
    assert out[1].startswith("[1] first-click: nothing is open and the game promises a safe")
    assert any(line.startswith("[2] single-square: ") for line in out)
    assert "  0 1 2 3 4 5 6 7 8" in out
    assert out[-1].startswith("sweeper: win after ")


def test_quiet_play_prints_only_the_board_and_result(capsys):
    """--quiet leaves out the thoughts."""
    assert 0 == main(["play", "minesweeper", "--size", "8x8", "--mines", "6", "--seed", "1",
                      "--first-click", "opening", "--quiet"])
    out = capsys.readouterr().out.splitlines()
    assert not any(line.startswith("[") for line in out)
    assert len(out) == 8 + 2 + 1


@pytest.mark.parametrize(("args", "message"), [
    (("--level", "hard"), "argument --level: unknown level 'hard'; choose from beginner, "
                          "intermediate, expert"),
    (("--first-click", "zero"), "argument --first-click: unknown first-click rule 'zero'; "
                                "choose from safe, opening"),
    (("--size", "30by16"), "argument --size: expected a size WIDTHxHEIGHT such as 30x16, "
                           "got '30by16'"),
])
def test_bad_options_are_refused_by_the_parser(args, message, capsys):
    """Malformed options exit 2 before anything is played, saying what is expected."""
    with pytest.raises(SystemExit) as exit_:
        main(["play", "minesweeper", *args])
    assert 2 == exit_.value.code
    assert capsys.readouterr().err.strip().endswith(message)


@pytest.mark.parametrize(("args", "message"), [
    (("--size", "5x5", "--mines", "20", "--first-click", "opening"),
     "a 5x5 board with an opening first click holds 0 to 16 mines (got 20)"),
    (("--size", "5x5"), "a custom board needs both --size WIDTHxHEIGHT and --mines N"),
    (("--size", "0x5", "--mines", "1"), "board width must be between 1 and 200 (got 0)"),
])
def test_impossible_boards_are_one_error_line(args, message, capsys):
    """A board the game can't set up is one 'belligerent: error:' line, no traceback."""
    assert 2 == main(["play", "minesweeper", *args])
    assert capsys.readouterr().err == f"belligerent: error: {message}\n"


def test_bench_prints_win_rates_with_intervals_and_moves_by_rule(capsys):
    """A tiny bench prints one line per level and rule, then the moves by rule."""
    assert 0 == main(["bench", "minesweeper", "--games", "4", "--level", "beginner",
                      "--first-click", "both", "--runtime-check", "2"])
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["level", "first", "click", "games"]
    assert lines[2].startswith("beginner      safe             4")
    assert lines[3].startswith("beginner      opening          4")
    assert "single-square" in out and "first-click" in out
    assert "8 games (direct) in " in out
    assert "beginner      safe     2/2 games move for move the same" in out


def test_bench_rejects_an_unknown_level():
    """An unknown level in the bench's list is one error line naming the levels."""
    proc = run("bench", "minesweeper", "--level", "beginner,huge", "--games", "1")
    assert 2 == proc.returncode
    assert proc.stderr.startswith("belligerent: error: unknown level 'huge'; choose from")
