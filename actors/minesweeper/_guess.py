"""The probability expert: when no move is certain, the guess most likely to win.

Three tiers, from exact to heuristic:

1. *End game.* With at most :data:`ENDGAME_LAYOUTS` layouts left, search them all
   (:mod:`._endgame`) and play the square with the best chance of winning the game.
2. *One guess ahead.* Otherwise take the candidates — frontier squares within
   :data:`CUTOFF` of the safest, and a few interior squares (those with fewest
   covered neighbours, and those next to the frontier) when the interior is that
   safe too — and score each by its *secondary safety*: for every number it could
   show, the chance of surviving it and showing that number (exact, by running the
   probability engine on the board with that number added) times how good the
   next position is — 1 if that number makes some square certain (progress), else
   a blend of the two safest squares there. This prefers, among nearly equal
   guesses, the ones that give information: a square that would show the same
   number in every layout (a "dead" square) scores no better than its safety times
   today's best safety.
3. *Best so far.* The safest candidate is scored first and the look-ahead stops
   after :data:`MAX_WHAT_IFS` what-if positions (a deterministic bound, so a seed
   replays the same game on any machine) or, as a last resort, when
   :attr:`Guesser.time_budget` seconds run out; there is always an answer.

Ties go to higher safety, then to fewer covered neighbours (corners and edges
open areas more often), then to the lowest square.
"""

from __future__ import annotations

import time

from ._endgame import BudgetExceeded, EndgameSearch, layouts
from ._field import Field, Square
from ._probability import Analysis, ProbabilityEngine
from ._rules import Finding

#: Candidates must be at least this share of the best safety.
CUTOFF = 0.9
#: At most this many frontier candidates, and this many interior ones, are looked ahead.
MAX_FRONTIER = 12
MAX_INTERIOR = 6
#: A bonus for the chance of progress: the score is multiplied by 1 + this * progress.
PROGRESS_WEIGHT = 0.0
#: How much more the safest square of a what-if counts than the second safest.
BLEND = 4
#: At most this many what-if positions per guess (a deterministic bound on the look-ahead).
MAX_WHAT_IFS = 400
#: Search the end game exactly when at most this many layouts remain...
ENDGAME_LAYOUTS = 150
#: ...and the search takes at most this many positions.
ENDGAME_NODES = 4000


def analyse(engine: ProbabilityEngine, field: Field) -> Analysis:
    """The engine's analysis of ``field``: its constraints and the mine counter."""
    rules = [(c.cells, c.mines) for c in field.constraints]
    return engine.analyse(field.width, field.height, field.covered, rules, field.mines_left)


def enumeration(field: Field, analysis: Analysis) -> Finding | None:
    """Rule 6: the squares safe, or mined, in every layout."""
    safe = analysis.safe_squares()
    mines = analysis.mine_squares()
    if not safe and not mines:
        return None
    thoughts = []
    count = f"{analysis.solutions:,}" if analysis.solutions < 10**9 else "all"
    if safe:
        thoughts.append(f"none of the {count} layouts of the {field.mines_left} hidden mines "
                        f"puts one on {field.names(safe)} → reveal")
    if mines:
        thoughts.append(f"all {count} layouts put a mine on {field.names(mines)} → flag")
    return Finding("enumeration", tuple(sorted(safe)), tuple(sorted(mines)), tuple(thoughts))


def _next_value(analysis: Analysis) -> tuple[float, bool]:
    """How good a position is to be in: (1, True) with a certain square, else a blend of
    the two best safeties (the best counts :data:`BLEND` times as much)."""
    if analysis.solutions == 0:
        return 0.0, False
    z = analysis.solutions
    best1 = best2 = 0.0
    for b, cells in enumerate(analysis.boxes):
        m = analysis.box_mines[b]
        if m == 0:
            return 1.0, True
        p = 1.0 - m / (len(cells) * z)
        if p > best1:
            best1, best2 = p, (p if len(cells) > 1 else best1)
        elif p > best2:
            best2 = p
    if analysis.interior:
        p = analysis.interior_safety
        if p >= 1.0:
            return 1.0, True
        if p > best1:
            best1, best2 = p, (p if len(analysis.interior) > 1 else best1)
        elif p > best2:
            best2 = p
    return (BLEND * best1 + best2) / (BLEND + 1), False


def forced_fifty_fifty(field: Field) -> tuple[Square, Square] | None:
    """Two squares sharing one mine that no future number can ever tell apart, if any.

    A number says "one of these two", and every square next to either, open or
    covered, is next to both (only flags may differ): every number, shown or still
    to come, counts both or neither, so the guess is 50/50 now and forever.
    """
    values = field.values
    neighbours = field.neighbours
    for c in field.constraints:
        if c.mines != 1 or len(c.cells) != 2:
            continue
        a, b = sorted(c.cells)
        around_a, around_b = set(neighbours[a]), set(neighbours[b])
        if all(values[j] == -2 or (j in around_a and j in around_b)
               for j in (around_a | around_b) - {a, b}):
            return a, b
    return None


class Guesser:
    """Chooses guesses; keeps its own probability engine (and its cache) for the what-ifs.

    ``time_budget`` seconds bound the look-ahead of one guess.
    """

    def __init__(self, engine: ProbabilityEngine | None = None, *, lookahead: bool = True,
                 endgame: bool = True, fifty_fifty: bool = True,
                 time_budget: float = 10.0) -> None:
        self.engine = engine or ProbabilityEngine()
        self.fifty_fifty = fifty_fifty
        self.lookahead = lookahead
        self.endgame = endgame
        self.time_budget = time_budget
        #: Positions the look-ahead analysed, and end games searched exactly (for the bench).
        self.evaluations = 0
        self.endgames = 0

    def secondary_safety(
        self, field: Field, analysis: Analysis, square: Square, bar: float = 0.0
    ) -> tuple[float, float]:
        """(secondary safety, chance of progress) of revealing ``square``.

        Stops early, returning an upper bound, once the score can't reach ``bar``.
        """
        values = field.values
        around = frozenset(j for j in field.neighbours[square] if values[j] == -1)
        base = []
        for c in field.constraints:
            if square in c.cells:
                cells = c.cells - {square}
                if cells:
                    base.append((cells, c.mines))
            else:
                base.append((c.cells, c.mines))
        covered = field.covered - {square}
        z = analysis.solutions
        unseen = analysis.safety(square)  # the safe mass not yet scored
        total = progress = 0.0
        for k in range(len(around) + 1):
            if total + unseen < bar:
                return total + unseen, progress
            rules = base + [(around, k)] if around else base
            what_if = self.engine.analyse(field.width, field.height, covered, rules,
                                          field.mines_left)
            self.evaluations += 1
            if what_if.solutions:
                share = what_if.solutions / z
                unseen -= share
                value, certain = _next_value(what_if)
                total += share * value
                if certain:
                    progress += share
            if not around:
                break
        return total, progress

    def candidates(self, field: Field, analysis: Analysis) -> list[Square]:
        """The squares worth looking ahead from, safest first."""
        values = field.values
        neighbours = field.neighbours

        def covered_around(s: Square) -> int:
            return sum(1 for j in neighbours[s] if values[j] == -1)

        safety = {s: analysis.safety(s) for s in field.covered}
        best = max(safety.values())
        cutoff = best * CUTOFF
        frontier = [s for s in field.covered if analysis.box_of[s] >= 0 and safety[s] >= cutoff]
        frontier.sort(key=lambda s: (-safety[s], covered_around(s), s))
        chosen = frontier[:MAX_FRONTIER]
        if analysis.interior and analysis.interior_safety >= cutoff:
            near = {j for c in field.constraints for s in c.cells for j in neighbours[s]}
            inner = sorted(analysis.interior, key=lambda s: (covered_around(s), s not in near, s))
            chosen += inner[:MAX_INTERIOR]
        chosen.sort(key=lambda s: (-safety[s], covered_around(s), s))
        return chosen

    def _endgame(self, field: Field, analysis: Analysis) -> Finding | None:
        cases = layouts(field, ENDGAME_LAYOUTS)
        if not cases or len(cases) < 2:
            return None
        search = EndgameSearch(field, cases, ENDGAME_NODES)
        try:
            square, chance = search.best_move()
        except BudgetExceeded:
            return None
        if square is None:
            return None
        self.endgames += 1
        p = analysis.safety(square)
        return Finding("guess", (square,), (), (
            f"{len(cases)} layouts left, searched them all: {field.name(square)} is safe "
            f"with probability {p:.3f} and wins {float(chance):.3f} of games from here "
            f"with best play → reveal",), safety=p)

    def guess(self, field: Field, analysis: Analysis) -> Finding:
        """The guess to play when no square is certain (``analysis`` is ``field``'s)."""
        if self.endgame and analysis.solutions <= ENDGAME_LAYOUTS:
            found = self._endgame(field, analysis)
            if found is not None:
                return found
        if self.fifty_fifty:
            pair = forced_fifty_fifty(field)
            if pair is not None:
                a, b = pair
                return Finding("guess", (a,), (), (
                    f"{field.name(a)} and {field.name(b)} hold one mine between them and no "
                    f"square can ever tell them apart: an unavoidable 50/50, taken now so "
                    f"its number can help elsewhere → reveal {field.name(a)}",), safety=0.5)
        options = self.candidates(field, analysis)
        values = field.values
        neighbours = field.neighbours
        chosen = options[0]
        detail = ""
        if self.lookahead and len(options) > 1:
            started = time.perf_counter()
            best_key: tuple[float, ...] | None = None
            first = self.evaluations
            for s in options:
                if best_key is not None and time.perf_counter() - started > self.time_budget:
                    detail += f" (look-ahead stopped after {self.time_budget:.0f}s)"
                    break
                if best_key is not None and self.evaluations - first >= MAX_WHAT_IFS:
                    detail += f" (look-ahead stopped after {MAX_WHAT_IFS} what-ifs)"
                    break
                score, progress = self.secondary_safety(
                    field, analysis, s, best_key[0] / (1 + PROGRESS_WEIGHT) if best_key else 0.0)
                covered = sum(1 for j in neighbours[s] if values[j] == -1)
                key = (score * (1 + PROGRESS_WEIGHT * progress), score, progress,
                       analysis.safety(s), -covered, -s)
                if best_key is None or key > best_key:
                    best_key, chosen = key, s
                    detail = (f"; looking one guess ahead, it survives this and the next with "
                              f"{score:.3f} and makes progress {progress:.0%} of the time "
                              f"(best of {len(options)} candidates)")
        p = analysis.safety(chosen)
        where = "off the frontier" if analysis.box_of[chosen] < 0 else "on the frontier"
        return Finding("guess", (chosen,), (), (
            f"no certain move: {field.name(chosen)} ({where}) is safe with probability "
            f"{p:.3f}{detail} → reveal",), safety=p)
