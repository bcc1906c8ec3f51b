"""bench/rogue_future.py: the break-even chance of death by dungeon level."""

import pytest
from bench_loader import load_bench

rogue_future = load_bench("rogue_future")


def _game(depth, score, outcome="death"):
    return {"depth": depth, "score": score, "outcome": outcome}


def test_the_mark_is_ten_e_over_g_plus_ten_e_and_falls_where_nothing_is_left():
    """Level 1: two deaths at 90 (purses of 100); all four games reached it, mean final
    score 995, so E = 895, E/g = 8.95 and the mark 8,950 / 9,050. Level 2: a quit with
    2,000 and a death at 1,800 (a purse of 2,000), mean 1,900 of those that reached it:
    E < 0, nothing left to expect, mark 0."""
    games = [_game(1, 90), _game(1, 90), _game(2, 2000, "quit"), _game(2, 1800)]
    rows = rogue_future.break_even(games)
    assert [r[0] for r in rows] == [1, 2]
    level, reached, purse, ratio, mark = rows[0]
    assert (reached, purse) == (4, pytest.approx(100))
    assert ratio == pytest.approx(8.95)
    assert mark == pytest.approx(8950 / 9050)
    level, reached, purse, ratio, mark = rows[1]
    assert (reached, purse, mark) == (2, pytest.approx(2000), 0.0)
    assert ratio < 0
