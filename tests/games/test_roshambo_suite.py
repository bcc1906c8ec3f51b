"""The RoShamBo opponent suite: each dummy bot's defining habit, and the registry."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence

import pytest

from games.roshambo import (
    Move,
    Player,
    Table,
    _reactors,
    _suite,
    beater,
    dummy_names,
    make_opponent,
    opponent_names,
    outcome,
    play_match,
)
from games.roshambo._sequences import (
    TEXT,
    de_bruijn,
    de_bruijn_blocks,
    pi_digits,
    random_de_bruijn,
)

#: The 1999 dummy bots every suite must have.
REQUIRED = [
    "random",
    "rock",
    "r226",
    "rotate",
    "beat-last",
    "always-switch",
    "beat-frequent",
    "pi",
    "switch-a-lot",
    "flat",
    "anti-flat",
    "foxtrot",
    "de-bruijn",
    "text",
    "anti-rotation",
    "copy-drift",
    "add-react",
    "add-drift",
]


class Cycle(Player):
    """Throws a fixed pattern over and over."""

    name = "cycle"

    def __init__(self, pattern: Sequence[int]) -> None:
        super().__init__()
        self.pattern = list(pattern)

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        return self.pattern[len(my_history) % len(self.pattern)]


def throws(name: str, turns: int = 1000, against: str = "random", seed: int = 0):
    """The histories of a ``turns``-long match: (name's throws, the opponent's)."""
    table = Table(make_opponent(name), turns=turns, seed=seed)
    opponent = make_opponent(against)
    opponent.reset(seed + 1, turns)
    mine: list[int] = []
    for _ in range(turns):
        mine.append(opponent.move(tuple(mine), table.opponent_history))
        table.play(mine[-1])
    return list(table.opponent_history), mine


def freqs(moves: Sequence[int]) -> list[float]:
    """Share of rock, paper and scissors in ``moves``."""
    counts = Counter(moves)
    return [counts[m] / len(moves) for m in range(3)]


# --- registry ------------------------------------------------------------------------


def test_suite_has_the_1999_dummies_with_short_lowercase_names():
    """Every required dummy is there, named lowercase-hyphenated, with one line of description."""
    names = dummy_names()
    assert set(REQUIRED) <= set(names)
    assert len(set(names)) == len(names)
    for name in names:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name)
        player = make_opponent(name)
        assert player.name == name
        assert player.description and "\n" not in player.description
    assert opponent_names()[: len(names)] == names


def test_make_opponent_returns_fresh_players():
    """Two requests give two objects, so a player can meet its own kind."""
    assert make_opponent("flat") is not make_opponent("flat")
    play_match(make_opponent("add-react"), make_opponent("add-react"), turns=50)


def test_make_opponent_rejects_unknown_names_listing_known_ones():
    """An unknown name raises ValueError naming it and listing the known players."""
    with pytest.raises(
        ValueError,
        match=re.escape("unknown RoShamBo player 'nope'; known players: random, rock, r226"),
    ) as caught:
        make_opponent("nope")
    assert all(name in str(caught.value) for name in opponent_names())


def test_make_opponent_explains_how_to_get_competition_bots(monkeypatch):
    """Without pyspiel, asking for a competition bot says how to install it."""
    monkeypatch.setattr(_suite, "openspiel_available", lambda: False)
    monkeypatch.setattr(_suite, "openspiel_bot_names", lambda: [])
    with pytest.raises(
        ValueError,
        match=re.escape(
            "'iocainebot' is a 1999 competition bot from OpenSpiel; "
            "install the bench extra: pip install -e '.[bench]'"
        ),
    ):
        make_opponent("iocainebot")


@pytest.mark.parametrize("name", dummy_names())
def test_every_dummy_plays_legal_reproducible_matches(name):
    """Each dummy finishes a match without error and replays it from the same seed."""
    first = play_match(make_opponent(name), make_opponent("random"), seed=11)
    again = play_match(make_opponent(name), make_opponent("random"), seed=11)
    assert first == again
    assert first.turns == 1000


@pytest.mark.parametrize("name", ["anti-rotation", "add-react", "flat", "beat-frequent"])
def test_dummies_forget_the_previous_match(name):
    """A reused player replays a match exactly as a fresh one would."""
    reused = make_opponent(name)
    play_match(reused, make_opponent("rotate"), turns=300, seed=1)
    assert play_match(reused, make_opponent("random"), turns=300, seed=2) == play_match(
        make_opponent(name), make_opponent("random"), turns=300, seed=2
    )


# --- the dummies' habits -------------------------------------------------------------


def test_rock_always_throws_rock():
    """Nuthin' beats rock."""
    mine, _ = throws("rock", turns=200)
    assert set(mine) == {Move.ROCK}


def test_random_is_roughly_uniform():
    """Each throw comes about a third of the time."""
    mine, _ = throws("random", turns=6000)
    assert all(abs(f - 1 / 3) < 0.03 for f in freqs(mine))


def test_r226_throws_20_20_60():
    """Rock 20%, paper 20%, scissors 60% over many turns."""
    mine, _ = throws("r226", turns=6000)
    assert [round(f, 1) for f in freqs(mine)] == [0.2, 0.2, 0.6]


def test_rotate_cycles_rock_paper_scissors():
    """r, p, s, r, p, s, ..."""
    mine, _ = throws("rotate", turns=9)
    assert mine == [0, 1, 2] * 3


def test_beat_last_beats_the_opponents_previous_throw():
    """Every throw after the first beats what the opponent threw the turn before."""
    mine, theirs = throws("beat-last", turns=500)
    assert all(mine[t] == beater(theirs[t - 1]) for t in range(1, 500))


def test_copy_last_copies_the_opponents_previous_throw():
    """Every throw after the first is the opponent's previous throw."""
    mine, theirs = throws("copy-last", turns=500)
    assert all(mine[t] == theirs[t - 1] for t in range(1, 500))


def test_always_switch_never_repeats_and_uses_both_others():
    """No throw equals the one before it; both alternatives come up about equally."""
    mine, _ = throws("always-switch", turns=3000)
    shifts = Counter((mine[t] - mine[t - 1]) % 3 for t in range(1, 3000))
    assert shifts[0] == 0
    assert abs(shifts[1] - shifts[2]) < 200


def test_switch_a_lot_repeats_about_12_percent():
    """It repeats its previous throw 12% of the time."""
    mine, _ = throws("switch-a-lot", turns=6000)
    repeats = sum(mine[t] == mine[t - 1] for t in range(1, 6000)) / 5999
    assert abs(repeats - 0.12) < 0.02


def test_beat_frequent_beats_the_opponents_most_frequent_throw():
    """Against mostly-scissors, it plays rock; it reacts to the running counts."""
    mine, theirs = throws("beat-frequent", turns=500, against="r226")
    for t in range(1, 500):
        counts = Counter(theirs[:t])
        top = max(counts.values())
        assert counts[mine[t] - 1 if mine[t] else 2] == top
    assert Counter(mine[100:]).most_common(1)[0][0] == Move.ROCK


def test_pi_throws_the_digits_of_pi_mod_3_skipping_zeros():
    """3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4 3 3 8 3 2 7 9 5 (0) 2 ..."""
    assert pi_digits(10) == (3, 1, 4, 1, 5, 9, 2, 6, 5, 3)
    mine, _ = throws("pi", turns=40)
    digits = [d for d in pi_digits(60) if d][:40]
    assert mine == [d % 3 for d in digits]


def test_de_bruijn_strings_hold_every_4_run_once():
    """Each 81-throw block, read cyclically, contains all 81 runs of 4 throws."""
    assert len(de_bruijn(3, 4)) == 81
    assert de_bruijn(2, 3) == (0, 0, 0, 1, 0, 1, 1, 1)
    blocks = de_bruijn_blocks()
    assert len(set(blocks)) == len(blocks) == 12
    for block in blocks:
        cyclic = block + block[:3]
        assert {cyclic[i : i + 4] for i in range(81)} == set(itertools.product(range(3), repeat=4))


def test_random_de_bruijn_is_a_de_bruijn_string():
    """Random Eulerian circuits are De Bruijn strings too, for other sizes."""
    import random

    sequence = random_de_bruijn(3, 3, random.Random(4))
    cyclic = sequence + sequence[:2]
    assert len(sequence) == 27
    assert len({cyclic[i : i + 3] for i in range(27)}) == 27


def test_de_bruijn_bot_plays_the_blocks_in_order():
    """Its first 162 throws are the first two blocks."""
    mine, _ = throws("de-bruijn", turns=162)
    blocks = de_bruijn_blocks()
    assert mine == list(blocks[0] + blocks[1])


def test_text_bot_spells_its_text():
    """Letters map to throws by alphabet index mod 3 (a rock, b paper, c scissors, d rock)."""
    mine, _ = throws("text", turns=20)
    letters = [c for c in TEXT.lower() if c.isalpha()][:20]
    assert mine == [(ord(c) - ord("a")) % 3 for c in letters]
    assert TEXT.startswith("In the autumn")
    assert mine[:6] == [2, 1, 1, 1, 1, 0]  # i n t h e a: 8 13 19 7 4 0


def test_flat_keeps_its_own_counts_even():
    """Its three throw counts never drift far apart."""
    mine, _ = throws("flat", turns=1000)
    for t in range(0, 1000, 50):
        counts = Counter(mine[:t])
        assert max(counts.values(), default=0) - min(counts.get(m, 0) for m in range(3)) <= 6


def test_anti_flat_crushes_flat():
    """Beating flat's least-used throw wins most turns."""
    assert play_match(make_opponent("anti-flat"), make_opponent("flat"), seed=2).score > 400


def test_foxtrot_even_turns_shift_the_previous_throw():
    """Turns 2, 4, 6 repeat the previous throw shifted by 2, 1, 0."""
    mine, _ = throws("foxtrot", turns=600)
    for turn in range(2, 601, 2):
        assert mine[turn - 1] == (mine[turn - 2] + turn) % 3


def test_anti_rotation_exploits_a_rotator():
    """A player rotating r, p, s is read within a few turns."""
    assert play_match(make_opponent("anti-rotation"), make_opponent("rotate")).score > 900


class Mindreader(Player):
    """Runs its own copy of a player on the swapped histories and beats its throw."""

    name = "mindreader"

    def __init__(self, victim: str) -> None:
        super().__init__()
        self.copy = make_opponent(victim)

    def reset(self, seed: int, turns: int) -> None:
        super().reset(seed, turns)
        self.copy.reset(seed, turns)

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        return beater(self.copy.move(opp_history, my_history))


def test_anti_rotation_fails_safe_when_losing(monkeypatch):
    """Read perfectly, it goes random once 4% of the match (40) down, capping its loss."""
    scores = [
        play_match(make_opponent("anti-rotation"), Mindreader("anti-rotation"), seed=s).score
        for s in range(3)
    ]
    assert all(-130 < score < 0 for score in scores)
    # Without the fail-safe, the mind reader takes far more.
    monkeypatch.setattr(_reactors.AntiRotationBot, "FAIL_SAFE", 10.0)
    assert play_match(make_opponent("anti-rotation"), Mindreader("anti-rotation")).score < -300


def test_copy_drift_copies_the_last_throw_plus_a_drifting_gear():
    """About two thirds of throws are the opponent's last shifted by 2 per 111 turns."""
    mine, theirs = throws("copy-drift", turns=999)
    for start in (1, 111, 222, 555):
        gear = 2 * (start // 111)
        hits = sum(mine[t] == (theirs[t - 1] + gear) % 3 for t in range(start, start + 111))
        assert hits > 111 * 0.5


def test_add_drift_adds_the_last_pair_plus_a_drifting_gear():
    """About two thirds of throws are last pair's sum, shifted by 2 every 200 turns."""
    mine, theirs = throws("add-drift", turns=1000)
    for start in (1, 200, 400, 800):
        gear = 2 * (start // 200)
        hits = sum(
            mine[t] == (mine[t - 1] + theirs[t - 1] + gear) % 3 for t in range(start, start + 199)
        )
        assert hits > 199 * 0.5


def add_react_answers(mine: list[int], theirs: list[int]) -> Counter[int]:
    """How often add-react throws each move after these histories, over 300 seeds."""
    answers: Counter[int] = Counter()
    for seed in range(300):
        bot = make_opponent("add-react")
        bot.reset(seed, 1000)
        answers[bot.move(mine, theirs)] += 1
    return answers


def test_add_react_throws_the_sum_of_the_last_pair_80_percent():
    """After a win, about 87% (80% + a third of 20%) of throws are (mine + theirs) % 3."""
    answers = add_react_answers([Move.SCISSORS, Move.PAPER], [Move.PAPER, Move.ROCK])
    assert abs(answers[(1 + 0) % 3] / 300 - 0.867) < 0.06


def test_add_react_shifts_gear_after_three_losses():
    """Three straight losses move the gear by 2: the rule becomes (mine + theirs + 2) % 3."""
    answers = add_react_answers([0, 0, 0], [1, 1, 1])
    assert abs(answers[(0 + 1 + 2) % 3] / 300 - 0.867) < 0.06
    answers = add_react_answers([0, 0], [1, 1])  # two losses: not yet
    assert answers.most_common(1)[0][0] == (0 + 1) % 3


def test_win_stay_lose_shift():
    """It repeats a winning throw and moves on after a tie or a loss."""
    mine, theirs = throws("win-stay-lose-shift", turns=300)
    for t in range(1, 300):
        won = outcome(mine[t - 1], theirs[t - 1]) > 0
        assert mine[t] == (mine[t - 1] if won else (mine[t - 1] + 1) % 3)
