"""Behaviour of the RoShamBo agents' game-playing logic (actors/roshambo, no runtime)."""

from __future__ import annotations

import random

import pytest

from actors.roshambo._contexts import ContextCounts, combine
from actors.roshambo._direct import DirectGranite, DirectStrongest
from actors.roshambo._granite import choose_granite, reweight
from actors.roshambo._meta import MetaScorer
from actors.roshambo._predictors import (
    ContextFrequency,
    FrequencyPredictor,
    Guesses,
    HistoryMatcher,
    best_guess,
    least_guess,
)
from actors.roshambo._rules import beater, outcome
from actors.roshambo._selfeval import SelfEvaluation

ROCK, PAPER, SCISSORS = 0, 1, 2


def play(agent, opponent, turns: int = 1000, seed: int = 7) -> tuple[int, list[int], list[int]]:
    """Play ``agent`` against ``opponent(my_hist, opp_hist)``; return our score and histories."""
    agent.reset(seed)
    mine: list[int] = []
    theirs: list[int] = []
    score = 0
    for _ in range(turns):
        a = agent.move(mine, theirs)
        b = opponent(theirs, mine)
        score += outcome(a, b)
        mine.append(a)
        theirs.append(b)
    return score, mine, theirs


# --- Granite III, on the seed's worked example ----------------------------------------


def test_reweight_matches_the_seeds_worked_example():
    """Triple (0.45, 0.30, 0.25) with noise 0.2 becomes (0.89, 0.06, 0.05), as in the seed."""
    assert reweight((0.45, 0.30, 0.25), 0.2) == pytest.approx((0.89, 0.06, 0.05), abs=1e-12)


def test_reweight_without_noise_always_counters_the_prediction():
    """Noise 0 puts all the weight on the likeliest throw (Granite I's behaviour)."""
    assert reweight((0.2, 0.5, 0.3), 0.0) == (0.0, 1.0, 0.0)


def test_reweight_splits_ties_for_the_highest():
    """Throws tied for the highest share what the noise leaves; uniform stays uniform."""
    assert reweight((0.4, 0.4, 0.2), 0.5) == pytest.approx((0.45, 0.45, 0.1))
    assert reweight((1 / 3, 1 / 3, 1 / 3), 0.3) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_noise_is_losses_over_the_last_twenty():
    """Losing 4 of the last 20 games gives noise 0.2; older games fall out of the window."""
    ev = SelfEvaluation()
    for _ in range(30):  # 30 losses (rock vs paper), all but 20 forgotten
        ev.observe(ROCK, PAPER)
    assert ev.snapshot().noise == 1.0
    for i in range(20):  # 4 losses, 6 wins, 10 ties in the last 20
        opp = PAPER if i < 4 else SCISSORS if i < 10 else ROCK
        ev.observe(ROCK, opp)
    snap = ev.snapshot()
    assert (snap.losses, snap.wins, snap.games) == (4, 6, 20)
    assert snap.noise == pytest.approx(0.2)


def test_context_counts_after_a_known_sequence():
    """Each of the nine contexts counts the opponent's throws that followed it."""
    cc = ContextCounts()
    my = [ROCK, ROCK, PAPER, ROCK, ROCK]
    opp = [PAPER, SCISSORS, PAPER, SCISSORS, PAPER]
    for m, o in zip(my, opp, strict=True):
        cc.observe(m, o)
    # Now (most recent first) our last three are (rock, rock, paper), theirs (paper,
    # scissors, paper).
    assert cc.counts("opp0") == (0, 3, 2)
    assert cc.counts("opp1") == (0, 0, 2)  # after their paper: scissors, scissors
    assert cc.counts("my1") == (0, 2, 1)  # after our rock: scissors, paper, paper
    assert cc.counts("opp2") == (0, 0, 1)  # after their (scissors, paper): scissors
    assert cc.counts("my2") == (0, 1, 0)  # after our (rock, rock): paper
    assert cc.counts("opp1-my2") == (0, 0, 1)  # their last paper, our 2nd-last rock
    assert cc.counts("my1-opp2") == (0, 0, 0)  # our last rock, their 2nd-last scissors: new
    assert cc.counts("opp3") == (0, 0, 1)  # after their (paper, scissors, paper)
    assert cc.counts("my3") == (0, 0, 0)  # our (paper, rock, rock) is new
    snap = cc.snapshot()
    voters = ["opp0", "opp1", "my1", "opp2", "my2", "opp1-my2", "opp3"]
    assert [v.name for v in snap.votes] == voters
    assert snap.triple == pytest.approx(combine([v.counts for v in snap.votes]))
    assert sum(snap.triple) == pytest.approx(1.0)


def test_context_vote_is_equal_per_context_not_per_count():
    """A context seen once weighs as much as one seen a hundred times."""
    assert combine([(100, 0, 0), (0, 1, 0)]) == pytest.approx((0.5, 0.5, 0.0))
    assert combine([]) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_choose_granite_counters_the_sampled_prediction_and_says_why():
    """With noise 0 Granite throws paper against a rock prediction and explains it."""
    cc = ContextCounts()
    for _ in range(10):
        cc.observe(SCISSORS, ROCK)
    ev = SelfEvaluation()
    move, why = choose_granite(cc.snapshot(), ev.snapshot(), random.Random(1))
    assert move == PAPER
    assert why == "granite: predicts rock 100% (noise 0.00) → paper"


def test_granite_crushes_a_rock_bot():
    """Granite III wins nearly every throw against constant rock."""
    score, _, _ = play(DirectGranite(), lambda mine, theirs: ROCK)
    assert score > 950


# --- predictors ------------------------------------------------------------------------


def test_history_matcher_finds_a_repeating_pattern():
    """After one period of a 7-throw cycle, the longest match predicts every next throw."""
    cycle = [ROCK, ROCK, PAPER, SCISSORS, PAPER, ROCK, SCISSORS]
    hm = HistoryMatcher("opp", caps=(1, 8))
    rng = random.Random(3)
    hits = 0
    for t in range(70):
        guess = hm.predict().moves[2]  # cap 8, the opponent's own repeat
        actual = cycle[t % 7]
        hits += t >= 14 and guess == actual
        hm.observe(rng.randrange(3), actual)
    assert hits == 70 - 14


def test_history_matcher_self_guess_counters_our_own_repeat():
    """If we repeat a cycle, the '-self' guess is the throw that beats our next one."""
    hm = HistoryMatcher("my", caps=(3,))
    ours = [ROCK, PAPER, PAPER] * 5
    for m in ours:
        hm.observe(m, SCISSORS)
    names, moves = hm.predict().names, hm.predict().moves
    assert names == ("history-my-len3", "history-my-len3-self")
    assert moves == (SCISSORS, beater(ROCK))


def test_best_guess_maximises_the_counters_expectation():
    """Against a never-repeat-rock split of paper/scissors the best counter is scissors."""
    assert beater(best_guess([0.0, 0.5, 0.5])) == SCISSORS
    assert best_guess([0.6, 0.2, 0.2]) == ROCK
    # A flattener behind on rock and scissors throws one of them: rock covers both.
    assert beater(least_guess([3.0, 5.0, 3.0])) == ROCK


def test_frequency_models_read_a_biased_opponent():
    """Frequency sees the favourite throw; context frequency sees what follows each throw."""
    fp, cf = FrequencyPredictor(), ContextFrequency("opp", (1,))
    stream = [ROCK, SCISSORS, ROCK, ROCK] * 10  # rock 3/4; after scissors always rock
    for o in stream:
        fp.observe(PAPER, o)
        cf.observe(PAPER, o)
    assert fp.predict().moves[0] == ROCK  # frequency-d1: their favourite
    assert fp.predict().moves[1] == SCISSORS  # -self: they beat our favourite (paper)
    cf.observe(PAPER, SCISSORS)
    assert cf.predict().moves[0] == ROCK  # after scissors comes rock


# --- meta-strategy ---------------------------------------------------------------------


def test_meta_window_scores_match_a_brute_force_count():
    """The packed big-integer scores and nominees equal wins minus losses counted by hand."""
    rng = random.Random(11)
    size, windows = 5, (5, 20, 0)
    meta = MetaScorer(size, windows=windows)
    history: list[tuple[tuple[int | None, ...], int]] = []
    for turn in range(150):
        moves = tuple(
            None if turn < 3 and i == 0 else rng.randrange(3) for i in range(size)
        )  # the first guess abstains for three turns (and scores as ties)
        meta.expect(Guesses(tuple("abcde"), moves))
        for h, window in enumerate(windows):
            recent = history[-window:] if window else history
            scores = [
                sum(
                    0 if g[i] is None else outcome((g[i] + 1 + r) % 3, o)  # type: ignore[operator]
                    for g, o in recent
                )
                if moves[i] is not None
                else -(10**9)
                for i in range(size)
                for r in range(3)
            ]
            pick = meta.snapshot().picks[h]
            assert pick.score == max(scores)
            assert pick.strategy == scores.index(max(scores))
        opp = rng.randrange(3)
        meta.observe(rng.randrange(3), opp)
        history.append((moves, opp))


# --- the strong agent ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, opponent",
    [
        ("rock", lambda mine, theirs: ROCK),
        ("rotate", lambda mine, theirs: len(mine) % 3),
        ("beat-last", lambda mine, theirs: beater(theirs[-1]) if theirs else ROCK),
    ],
)
def test_strongest_crushes_dummy_strategies(name, opponent):
    """Iocaine-plus beats constant, rotating and beat-your-last bots by more than 900 of 1000."""
    score, _, _ = play(DirectStrongest(), opponent)
    assert score > 900, name


def test_strongest_is_not_exploited_by_a_mirror_of_itself():
    """Two copies with different seeds end close to even (neither reads the other)."""
    a, b = DirectStrongest(), DirectStrongest()
    a.reset(1)
    b.reset(2)
    ha: list[int] = []
    hb: list[int] = []
    score = 0
    for _ in range(1000):
        x, y = a.move(ha, hb), b.move(hb, ha)
        ha.append(x)
        hb.append(y)
        score += outcome(x, y)
    assert abs(score) < 150


@pytest.mark.parametrize("cls", [DirectGranite, DirectStrongest])
def test_agents_are_deterministic_from_their_seed(cls):
    """Same seed, same throws; another seed, other throws (against a random opponent)."""

    def opponent_for(seed):
        rng = random.Random(seed)
        return lambda mine, theirs: rng.randrange(3)

    _, first, _ = play(cls(), opponent_for(5), turns=300, seed=42)
    _, again, _ = play(cls(), opponent_for(5), turns=300, seed=42)
    _, other, _ = play(cls(), opponent_for(5), turns=300, seed=43)
    assert first == again
    assert first != other


def test_strongest_rationale_names_its_predictor():
    """Once locked on, the rationale names the leading predictor and the counter throw."""
    agent = DirectStrongest()
    play(agent, lambda mine, theirs: ROCK, turns=50)
    assert agent.rationale.startswith("iocaine: predictor ")
    assert agent.rationale.endswith("→ paper")


def test_driver_catches_up_on_unseen_turns():
    """Feeding histories in one go gives the same next throw as feeding them turn by turn."""
    rng = random.Random(9)
    mine = [rng.randrange(3) for _ in range(40)]
    theirs = [rng.randrange(3) for _ in range(40)]
    step, bulk = DirectStrongest(), DirectStrongest()
    step.reset(3)
    bulk.reset(3)
    for t in range(40):
        step.move(mine[:t], theirs[:t])
    bulk.rng.setstate(step.rng.getstate())
    assert step.move(mine, theirs) == bulk.move(mine, theirs)
