"""The probability expert: when no move is certain, the guess most likely to survive."""

from __future__ import annotations

from ._field import Field, Square
from ._probability import Analysis, ProbabilityEngine
from ._rules import Finding


def analyse(engine: ProbabilityEngine, field: Field) -> Analysis:
    rules = [(c.cells, c.mines) for c in field.constraints]
    return engine.analyse(field.width, field.height, field.covered, rules, field.mines_left)


def enumeration(field: Field, analysis: Analysis) -> Finding | None:
    safe = analysis.safe_squares()
    mines = analysis.mine_squares()
    if not safe and not mines:
        return None
    thoughts = []
    if safe:
        thoughts.append(f"no layout of the {field.mines_left} hidden mines puts one on "
                        f"{field.names(safe)} → reveal them")
    if mines:
        thoughts.append(f"every layout puts a mine on {field.names(mines)} → flag them")
    return Finding("enumeration", tuple(sorted(safe)), tuple(sorted(mines)), tuple(thoughts))


CUTOFF = 0.9
MAX_CANDIDATES = 16


class Guesser:
    def __init__(self, engine: ProbabilityEngine, lookahead: bool = True) -> None:
        self.engine = engine
        self.lookahead = lookahead
        self.evaluations = 0

    def _next_value(self, analysis: Analysis) -> tuple[float, bool]:
        """How good the position after a safe reveal is: 1 with a certain move, else
        a blend of the two best safeties."""
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
                best1, best2 = p, (best1 if len(cells) == 1 else p)
            elif p > best2:
                best2 = p
        if analysis.interior:
            p = analysis.interior_safety
            if p >= 1.0:
                return 1.0, True
            if p > best1:
                best1, best2 = p, (best1 if len(analysis.interior) == 1 else p)
            elif p > best2:
                best2 = p
        return (4 * best1 + best2) / 5, False

    def _score(self, field: Field, analysis: Analysis, square: Square, bar: float) -> tuple[float, float]:
        """(secondary safety, progress) of revealing ``square``; stops early under ``bar``."""
        nb = field.neighbours[square]
        values = field.values
        around = frozenset(j for j in nb if values[j] == -1)
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
        left_mass = analysis.safety(square)
        total = 0.0
        progress = 0.0
        for k in range(len(around) + 1):
            if total + left_mass < bar:
                return total + left_mass, progress
            rules = base + [(around, k)] if around else base
            if not around and k:
                break
            hypo = self.engine.analyse(field.width, field.height, covered, rules, field.mines_left)
            self.evaluations += 1
            if hypo.solutions == 0:
                continue
            share = hypo.solutions / z
            left_mass -= share
            nxt, certain = self._next_value(hypo)
            total += share * nxt
            if certain:
                progress += share
        return total, progress

    def guess(self, field: Field, analysis: Analysis) -> Finding:
        nb = field.neighbours
        values = field.values
        safety = {s: analysis.safety(s) for s in field.covered}
        best = max(safety.values())

        def covered_around(s: Square) -> int:
            return sum(1 for j in nb[s] if values[j] == -1)

        cutoff = best * CUTOFF
        frontier = [s for s in field.covered if analysis.box_of[s] >= 0 and safety[s] >= cutoff]
        interior = []
        if analysis.interior and analysis.interior_safety >= cutoff:
            interior = sorted(analysis.interior, key=lambda s: (covered_around(s), s))
        candidates = sorted(frontier, key=lambda s: (-safety[s], covered_around(s), s))
        candidates = candidates[:MAX_CANDIDATES] + interior[:max(4, MAX_CANDIDATES - len(candidates))]
        candidates.sort(key=lambda s: (-safety[s], covered_around(s), s))
        if not self.lookahead or len(candidates) == 1:
            square = candidates[0]
            p = safety[square]
            return Finding("guess", (square,), (), (f"no certain move: {field.name(square)} is "
                                                     f"safe with probability {p:.3f}",), safety=p)
        best_key = None
        chosen = candidates[0]
        details = ""
        for s in candidates:
            score, progress = self._score(field, analysis, s, best_key[0] if best_key else 0.0)
            key = (score, progress, safety[s], -covered_around(s), -s)
            if best_key is None or key > best_key:
                best_key, chosen = key, s
                details = f"survives this and the next guess with {score:.3f}, progress {progress:.2f}"
        p = safety[chosen]
        return Finding("guess", (chosen,), (), (f"no certain move: {field.name(chosen)} is "
                                                 f"safe with probability {p:.3f} and {details}",),
                       safety=p)
