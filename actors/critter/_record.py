"""The match as the critter machine sees it: both histories and the tables built from them.

Kept incrementally, one :meth:`GameRecord.observe` per turn, so every game
instruction costs O(1) however long the match: counts, cumulative score, and the
context tables behind MATCH and FREQ. A context of the last k turns of a history
is a base-3 (base-9 for pairs) number, the low digits of a rolling code, so
looking one up builds no tuple. Only the tables a program names are kept: the
machine asks for them with :meth:`match_table` / :meth:`freq_table` when it
compiles the program, before the match starts.
"""

from __future__ import annotations

from ._isa import MAX_CONTEXT

#: The base of each context source's code: opp and me one throw per digit, both a pair.
_BASES = (3, 3, 9)


class GameRecord:
    """Both histories of one match, oldest first, and what the game instructions read."""

    def __init__(self) -> None:
        self.mine: list[int] = []
        self.theirs: list[int] = []
        #: Our score after each turn; ``cumulative[0] == 0``.
        self.cumulative: list[int] = [0]
        #: Our result of each turn: +1, 0, -1.
        self.results: list[int] = []
        self.my_counts = [0, 0, 0]
        self.opp_counts = [0, 0, 0]
        #: The rolling codes of the last MAX_CONTEXT turns, per source (opp, me, both).
        self.codes = [0, 0, 0]
        self._moduli = tuple(base**MAX_CONTEXT for base in _BASES)
        self._match: dict[tuple[int, int], dict[int, int]] = {}
        self._freq: dict[tuple[int, int], dict[int, list[int]]] = {}
        # What observe() walks: (table, source, modulus, length) per registered table.
        self._match_walk: list[tuple[dict[int, int], int, int, int]] = []
        self._freq_walk: list[tuple[dict[int, list[int]], int, int, int]] = []

    def __len__(self) -> int:
        return len(self.mine)

    def clear(self) -> None:
        """Forget the match (tables stay registered, emptied in place)."""
        self.mine.clear()
        self.theirs.clear()
        self.cumulative[:] = [0]
        self.results.clear()
        self.my_counts[:] = [0, 0, 0]
        self.opp_counts[:] = [0, 0, 0]
        self.codes[:] = [0, 0, 0]
        for table in self._match.values():
            table.clear()
        for counts in self._freq.values():
            counts.clear()

    def match_table(self, source: int, length: int) -> dict[int, int]:
        """Context code -> index of the turn that followed its latest occurrence."""
        table = self._match.get((source, length))
        if table is None:
            table = self._match[source, length] = {}
            self._match_walk.append((table, source, self.modulus(source, length), length))
        return table

    def freq_table(self, source: int, length: int) -> dict[int, list[int]]:
        """Context code -> counts of the throws that followed it: opp's 3, then ours."""
        table = self._freq.get((source, length))
        if table is None:
            table = self._freq[source, length] = {}
            self._freq_walk.append((table, source, self.modulus(source, length), length))
        return table

    @staticmethod
    def modulus(source: int, length: int) -> int:
        """The number the code is reduced by to keep the last ``length`` turns."""
        return _BASES[source] ** length

    def observe(self, mine: int, theirs: int) -> None:
        """Record one turn: our throw and the opponent's."""
        turn = len(self.mine)
        codes = self.codes
        # The context of this turn is the `length` turns before it.
        for table, source, modulus, length in self._match_walk:
            if turn >= length:
                table[codes[source] % modulus] = turn
        for table, source, modulus, length in self._freq_walk:
            if turn >= length:
                key = codes[source] % modulus
                counts = table.get(key)
                if counts is None:
                    counts = table[key] = [0, 0, 0, 0, 0, 0]
                counts[theirs] += 1
                counts[3 + mine] += 1
        self.mine.append(mine)
        self.theirs.append(theirs)
        self.my_counts[mine] += 1
        self.opp_counts[theirs] += 1
        result = (mine - theirs + 4) % 3 - 1
        self.results.append(result)
        self.cumulative.append(self.cumulative[-1] + result)
        moduli = self._moduli
        codes[0] = (codes[0] * 3 + theirs) % moduli[0]
        codes[1] = (codes[1] * 3 + mine) % moduli[1]
        codes[2] = (codes[2] * 9 + mine * 3 + theirs) % moduli[2]
