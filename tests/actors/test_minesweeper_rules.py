"""The Minesweeper rules, the probability engine and the end-game search, on built boards."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from actors.minesweeper._endgame import EndgameSearch, layouts
from actors.minesweeper._experts import to_move_set
from actors.minesweeper._field import FieldTracker, field_from_rows, neighbours_of
from actors.minesweeper._guess import Guesser, analyse, enumeration, forced_fifty_fifty
from actors.minesweeper._probability import ProbabilityEngine
from actors.minesweeper._rules import (
    first_click,
    mine_count,
    single_square,
    subset,
    two_square_far,
    two_square_near,
)
from actors.minesweeper._solver import Solver
from protocols.minesweeper import BoardSpec, FirstClick, MinesweeperAdapter

SEED_RULES = (single_square, two_square_near, two_square_far)


def squares(field, *xy):
    return tuple(sorted(y * field.width + x for x, y in xy))


def brute_force(field):
    """Every layout of the hidden mines, by trying every subset of the covered squares."""
    covered = sorted(field.covered)
    return [
        set(mines) for mines in itertools.combinations(covered, field.mines_left)
        if all(len(c.cells & set(mines)) == c.mines for c in field.constraints)
    ]


def random_field(rng: random.Random, width: int, height: int):
    """A position from a real layout: some safe squares open, maybe some mines flagged."""
    n = width * height
    mines = set(rng.sample(range(n), rng.randint(1, n // 2)))
    neighbours = neighbours_of(width, height)
    opened = set(rng.sample(sorted(set(range(n)) - mines), rng.randint(1, n - len(mines))))
    flagged = set(rng.sample(sorted(mines), rng.randint(0, len(mines) // 2)))
    rows = []
    for y in range(height):
        row = ""
        for x in range(width):
            i = y * width + x
            if i in opened:
                row += str(sum(j in mines for j in neighbours[i]))
            else:
                row += "F" if i in flagged else "#"
        rows.append(row)
    return field_from_rows(rows, len(mines))


def test_first_click_takes_a_corner_or_the_opening_square():
    """On an untouched board: a corner when safe; for an opening (3,3) on expert, else (2,2)."""
    safe = first_click(field_from_rows(["#" * 30] * 16, 99))
    assert safe.reveal == (0,)
    assert safe.thoughts == ("nothing is open and the game promises a safe first click; a "
                             "corner opens an area most often → reveal (0,0)",)
    opening = first_click(field_from_rows(["#" * 30] * 16, 99, first_click="opening"))
    assert opening.reveal == (3 * 30 + 3,)
    for size, mines in ((16, 40), (9, 10)):
        opening = first_click(field_from_rows(["#" * size] * size, mines, first_click="opening"))
        assert opening.reveal == (2 * size + 2,)
        assert opening.thoughts[0].endswith("→ reveal (2,2)")
    assert first_click(field_from_rows(["###"] * 4, 1, first_click="opening")).reveal == (4,)
    assert first_click(field_from_rows(["1#", "##"], 1)) is None


def test_single_square_flags_when_only_mines_are_left():
    """A 1 with one covered neighbour: that neighbour is a mine (the seed's first rule)."""
    field = field_from_rows(["1#", "11"], 1)
    found = single_square(field)
    assert (found.reveal, found.flag) == ((), squares(field, (1, 0)))
    assert found.thoughts[0] == ("(0,0) shows 1 and has 1 covered neighbour (only mines are "
                                 "left) → flag (1,0)")


def test_single_square_reveals_when_the_flags_are_all_placed():
    """A 1 next to a flag: its other covered neighbours are safe."""
    field = field_from_rows(["1F#", "111"], 1)
    found = single_square(field)
    assert (found.reveal, found.flag) == (squares(field, (2, 0)), ())
    assert found.thoughts == ("(1,1) shows 1, has 1 flag and has 1 covered neighbour (all "
                              "its mines are flagged) → reveal (2,0)",)


def test_two_square_near_uses_an_adjacent_helper():
    """1-1 against the wall: the second 1's squares beyond the first are safe."""
    field = field_from_rows(["####", "11##"], 3)
    assert single_square(field) is None
    found = two_square_near(field)
    assert (found.reveal, found.flag) == (squares(field, (2, 0), (2, 1)), ())
    assert found.thoughts[0].startswith("(1,1) needs 1 more mine and (0,1) needs 1 among")


def test_two_square_near_flags_private_squares():
    """1-2-1 against the wall: the 2's square beyond the first 1 is a mine."""
    field = field_from_rows(["###", "121"], 2)
    assert single_square(field) is None
    found = two_square_near(field)
    assert (found.reveal, found.flag) == ((), squares(field, (2, 0)))


def test_two_square_far_uses_a_helper_two_squares_away():
    """A lone 1 helped by 1s two columns to its left, as in the seed's figure 4.8."""
    field = field_from_rows(["1####", "1#1##"], 2)
    assert single_square(field) is None and two_square_near(field) is None
    found = two_square_far(field)
    assert (found.reveal, found.flag) == (squares(field, (2, 0), (3, 0), (3, 1)), ())


def test_subset_chains_what_the_seed_rules_miss():
    """Subset reasoning with a derived constraint settles a square no pair of numbers does."""
    field = field_from_rows(["####", "####", "12#1"], 5)
    assert all(rule(field) is None for rule in SEED_RULES)
    found = subset(field)
    assert (found.reveal, found.flag) == (squares(field, (3, 1)), ())


def test_mine_count_plays_the_seed_end_game_rules():
    """No mine left: open everything; as many mines as squares: flag everything."""
    none_left = field_from_rows(["1F#", "11#"], 1)
    found = mine_count(none_left)
    assert found.reveal == squares(none_left, (2, 0), (2, 1))
    assert found.thoughts == ("the counter shows no mine left → reveal (2,0) (2,1)",)
    all_mines = field_from_rows(["1##", "###"], 5)
    assert mine_count(all_mines).flag == tuple(sorted(all_mines.covered))


def test_mine_count_clears_squares_outside_the_numbers_that_need_every_mine():
    """The counter says 1 left and one number needs it: every square away from it is safe."""
    field = field_from_rows(["1#1", "###"], 1)
    assert all(rule(field) is None for rule in (*SEED_RULES, subset))
    found = mine_count(field)
    assert found.reveal == squares(field, (2, 1))
    assert found.thoughts == ("the counter shows 1 left and (0,0) needs 1 mine → reveal (2,1)",)


def test_enumeration_finds_what_no_pair_of_constraints_shows():
    """Counting every layout proves two mines that every cheaper rule misses."""
    field = field_from_rows(["#2##", "####", "#23#"], 5)
    assert all(rule(field) is None for rule in (*SEED_RULES, subset, mine_count))
    found = enumeration(field, analyse(ProbabilityEngine(), field))
    assert (found.reveal, found.flag) == ((), squares(field, (3, 1), (3, 2)))
    assert found.thoughts == ("all 6 layouts put a mine on (3,1) (3,2) → flag",)


def test_every_rule_is_sound_on_random_positions():
    """On 300 random positions, whatever a certain rule proves holds in every layout."""
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        field = random_field(rng, rng.randint(3, 5), rng.randint(2, 4))
        cases = brute_force(field)
        found = [rule(field) for rule in (*SEED_RULES, subset, mine_count)]
        found.append(enumeration(field, analyse(ProbabilityEngine(), field)))
        for finding in found:
            if finding:
                checked += 1
                assert all(not (set(finding.reveal) & mines) for mines in cases)
                assert all(set(finding.flag) <= mines for mines in cases)
    assert checked > 300


def test_probabilities_equal_brute_force_exactly():
    """The engine's fractions equal counting every subset of the covered squares."""
    rng = random.Random(11)
    engine = ProbabilityEngine()
    for _ in range(250):
        field = random_field(rng, rng.randint(2, 5), rng.randint(2, 5))
        analysis = analyse(engine, field)
        cases = brute_force(field)
        assert analysis.solutions == len(cases)
        for s in field.covered:
            assert analysis.mine_probability(s) == Fraction(
                sum(s in mines for mines in cases), len(cases))


def test_probabilities_on_an_expert_opening_match_the_interior_formula():
    """Off the frontier every square has the same chance, weighted by the counter."""
    field = field_from_rows(["###", "#1#", "###"] + ["###"] * 3, 3)
    analysis = analyse(ProbabilityEngine(), field)
    cases = brute_force(field)
    far = 5 * 3 + 1
    assert analysis.mine_probability(far) == Fraction(
        sum(far in m for m in cases), len(cases))


def test_impossible_position_has_no_solutions():
    """A board no layout fits says so instead of inventing probabilities."""
    field = field_from_rows(["1#", "##"], 0)
    analysis = analyse(ProbabilityEngine(), field)
    assert analysis.solutions == 0
    with pytest.raises(ValueError, match="^the position is impossible"):
        analysis.mine_probability(1)


def plain_expectimax(field, cases, values):
    """Win chance by trying every square at every step, with no shortcut at all."""
    def win(group):
        if len(group) == 1:
            return Fraction(1)
        best = Fraction(0)
        for s in field.covered:
            safe = [i for i in group if values[s][i] >= 0]
            if not safe or (len(safe) == len(group)
                            and len({values[s][i] for i in group}) == 1):
                continue
            split = {}
            for i in safe:
                split.setdefault(values[s][i], []).append(i)
            chance = sum(Fraction(len(g), len(group)) * win(g) for g in split.values())
            best = max(best, chance)
        return best
    return win(list(range(len(cases))))


def undecided_field(seed: int, most: int = 60):
    """A random 4x3 position with no certain square and 3 to ``most`` layouts left."""
    rng = random.Random(seed)
    while True:
        field = random_field(rng, 4, 3)
        cases = layouts(field, most)
        if cases and len(cases) >= 3 and not analyse(ProbabilityEngine(), field).safe_squares():
            return field, cases


@pytest.mark.parametrize("seed", range(6))
def test_endgame_search_equals_plain_expectimax(seed):
    """The pruned, memoised search wins exactly as often as trying everything."""
    field, cases = undecided_field(seed)
    assert sorted(map(sorted, cases)) == sorted(map(sorted, brute_force(field)))
    search = EndgameSearch(field, cases, 100_000)
    _, chance = search.best_move()
    values = {
        s: [-1 if s in c else sum(j in c for j in field.neighbours[s]) for c in cases]
        for s in field.covered
    }
    assert chance == plain_expectimax(field, cases, values)


def test_endgame_of_a_true_fifty_fifty_wins_half():
    """Two squares, one mine, nothing else to learn: the best play wins half the games."""
    field = field_from_rows(["##", "11", "00"], 1)
    search = EndgameSearch(field, layouts(field, 10), 100)
    square, chance = search.best_move()
    assert square in (0, 1) and chance == Fraction(1, 2)


def test_guess_takes_the_safest_square_and_says_how_safe():
    """With one clearly safest square the guess is it, with its probability in the thought."""
    field = field_from_rows(["#" * 8] * 7 + ["#1" + "0" * 6], 10)
    guess = Guesser().guess(field, analyse(ProbabilityEngine(), field))
    assert guess.rule == "guess" and len(guess.reveal) == 1
    analysis = analyse(ProbabilityEngine(), field)
    best = max(analysis.safety(s) for s in field.covered)
    assert guess.safety >= 0.9 * best
    assert f"is safe with probability {guess.safety:.3f}" in guess.thoughts[0]


def test_guess_in_the_end_game_plays_perfectly():
    """With few layouts left the guess comes from the exhaustive search."""
    field, cases = undecided_field(7)
    guess = Guesser().guess(field, analyse(ProbabilityEngine(), field))
    assert guess.thoughts[0].startswith(f"{len(cases)} layouts left, searched them all: ")
    _, chance = EndgameSearch(field, cases, 100_000).best_move()
    assert f"wins {float(chance):.3f} of games from here with best play" in guess.thoughts[0]


def test_unavoidable_fifty_fifty_is_taken_first():
    """Two squares sharing a mine that no number can ever split are guessed at once."""
    field = field_from_rows(["##F", "13F"], 3)
    assert forced_fifty_fifty(field) == (0, 1)
    guess = Guesser(endgame=False).guess(field, analyse(ProbabilityEngine(), field))
    assert guess.reveal == (0,) and guess.safety == 0.5
    assert "an unavoidable 50/50" in guess.thoughts[0]


def test_a_fifty_fifty_that_a_later_number_can_split_is_not_forced():
    """If a covered square touches only one of the two, revealing it may tell them apart."""
    assert forced_fifty_fifty(field_from_rows(["###", "13F"], 3)) is None


def test_among_equally_safe_guesses_the_one_that_tells_something_wins():
    """A square ringed by flags would show 3 in every layout; the look-ahead passes it over."""
    field = field_from_rows(["#F###", "FF###", "#####"], 6)
    analysis = analyse(ProbabilityEngine(), field)
    assert len({analysis.safety(s) for s in field.covered}) == 1  # all equally safe
    blind = Guesser(endgame=False, fifty_fifty=False, lookahead=False).guess(field, analysis)
    assert blind.reveal == (0,)  # fewest covered neighbours: the dead square
    guess = Guesser(endgame=False, fifty_fifty=False).guess(field, analysis)
    assert guess.reveal != (0,) and guess.safety == blind.safety
    assert "looking one guess ahead" in guess.thoughts[0]


def frontier_count(field):
    """Layouts by backtracking over the frontier only, each weighted by the ways to put the
    rest of the counter's mines off the frontier: C(off-frontier squares, mines left over).

    Returns (weighted layouts, {frontier square: weighted layouts with a mine there},
    weighted mines off the frontier) — independent of the engine's boxes and programme.
    """
    rules = [(sorted(c.cells), c.mines) for c in field.constraints]
    frontier = sorted({s for cells, _ in rules for s in cells})
    off = len(field.covered) - len(frontier)
    need = {i: m for i, (_, m) in enumerate(rules)}
    of = {s: [i for i, (cells, _) in enumerate(rules) if s in cells] for s in frontier}
    last = {i: max(cells) for i, (cells, _) in enumerate(rules)}
    total, on, off_mines = 0, dict.fromkeys(frontier, 0), 0
    chosen: list[int] = []

    def place(k: int) -> None:
        nonlocal total, off_mines
        if k == len(frontier):
            rest = field.mines_left - len(chosen)
            if 0 <= rest <= off:
                ways = math.comb(off, rest)
                total += ways
                off_mines += ways * rest
                for s in chosen:
                    on[s] += ways
            return
        s = frontier[k]
        for mine in (0, 1):
            for i in of[s]:
                need[i] -= mine
            if all(need[i] >= 0 and (last[i] != s or need[i] == 0) for i in of[s]):
                chosen.extend([s] * mine)
                place(k + 1)
                del chosen[len(chosen) - mine:]
            for i in of[s]:
                need[i] += mine

    place(0)
    return total, on, off_mines


def test_probabilities_on_real_intermediate_positions_equal_frontier_enumeration():
    """Mid-game 16x16/40 positions: every square's chance, on and off the frontier, is exact."""
    spec = BoardSpec.level("intermediate")
    checked = with_interior = 0
    for seed in range(10):
        adapter = MinesweeperAdapter(spec, FirstClick.SAFE, seed=seed)
        adapter.start_now()
        tracker, solver = FieldTracker(), Solver()
        while adapter.view().status == "playing":
            view = adapter.view()
            field = tracker.update(view)
            if not field.untouched and 8 <= len(field.frontier) <= 22:
                analysis = analyse(ProbabilityEngine(), field)
                total, on, off_mines = frontier_count(field)
                assert analysis.solutions == total
                interior = [s for s in field.covered if s not in on]
                with_interior += bool(interior)
                for s in field.covered:
                    expected = (Fraction(on[s], total) if s in on
                                else Fraction(off_mines, total * len(interior)))
                    assert analysis.mine_probability(s) == expected
                checked += 1
            adapter.act_now(to_move_set(solver.decide(field), view.width))
    assert checked >= 100 and with_interior >= 100
