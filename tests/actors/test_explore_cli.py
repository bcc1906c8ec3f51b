"""``belligerent play | bench | levels explore``: output and errors."""

import pytest

from runtime.cli import main


def test_play_shows_each_actions_reason_and_the_result(capsys):
    """A played level prints a header, one line per action with its reason, and the tally."""
    assert 0 == main(["play", "explore", "--seed", "7", "--algorithm", "greedy"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "explore-greedy 1.0 on level 7"
    assert out[2].split()[1] in "hjklyubn" and "greedy: nearest frontier" in out[2]
    assert out[-2].split()[1] == "stop"
    assert out[-1].startswith("explore-greedy on level 7: explored after ")
    assert "the full-knowledge tour needs " in out[-1]


def test_quiet_play_with_the_map_draws_both_maps(capsys):
    """--quiet --map prints the explored map, the whole level, and the result only."""
    assert 0 == main(["explore", "play", "--seed", "2", "--quiet", "--map", "--secrets"])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 21 + 1 + 21 + 1
    assert out[21] == "the whole level (hidden doors +, hidden corridor squares #):"
    assert "secret rooms" in out[-1]


def test_bench_prints_one_line_per_explorer_and_the_budget(capsys):
    """bench on two levels: a line for each explorer asked for, and its budgeted line."""
    assert 0 == main(["bench", "explore", "--levels", "2", "--algorithms", "greedy,tour",
                      "--budget", "100"])
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "2 levels (seeds 0-1)"
    lines = [line.split()[0] for line in out[3:]]
    assert lines == ["greedy", "≤100", "tour"]
    assert out[-1].rstrip().endswith("122")  # the paper's tour beside ours


def test_levels_prints_the_generators_statistics_beside_the_papers(capsys):
    """levels shows rooms and hidden spots per level with the paper's figures."""
    assert 0 == main(["levels", "explore", "--levels", "10"])
    out = capsys.readouterr().out
    assert "rooms per level" in out and "about 8-9" in out and "about 7" in out


@pytest.mark.parametrize(("args", "message"), [
    (("play", "explore", "--algorithm", "dfs"),
     "argument --algorithm: unknown algorithm 'dfs'; choose from greedy, occupancy, "
     "room-space"),
    (("bench", "explore", "--algorithms", "greedy,bfs"),
     "argument --algorithms: unknown algorithm(s) bfs; choose from greedy, occupancy, "
     "room-space or tour"),
    (("bench", "explore", "--levels", "0"), "argument --levels: expected a number >= 1, got 0"),
])
def test_bad_options_are_refused_by_the_parser(args, message, capsys):
    """Malformed options exit 2 before anything is played, saying what is expected."""
    with pytest.raises(SystemExit) as exit_:
        main(list(args))
    assert 2 == exit_.value.code
    assert message in capsys.readouterr().err


@pytest.mark.skipif(not __import__("protocols.nethack").nethack.nle_available(),
                    reason="nle is not installed: pip install 'belligerent[nle]'")
def test_play_explores_real_nethack_through_nle(capsys, tmp_path, monkeypatch):
    """--nethack nle plays our explorer on NetHack's level 1, each decision shown."""
    monkeypatch.chdir(tmp_path)
    assert 0 == main(["play", "explore", "--nethack", "nle", "--seed", "4",
                      "--max-actions", "30"])
    out = capsys.readouterr().out.splitlines()
    assert "room space: " in out[0]
    assert out[-1].startswith("explore-nethack on NetHack (nle): quit after ")


def test_play_on_nethack_refuses_the_secret_search(capsys):
    """Our NetHack explorer does not search: --secrets with --nethack is an error."""
    assert 2 == main(["play", "explore", "--nethack", "nle", "--secrets"])
    assert capsys.readouterr().err.strip() == (
        "belligerent: error: --nethack plays our explorer (room-space) without --secrets")
