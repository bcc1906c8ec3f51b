"""The Critter virtual machine: runs a genome once per throw, under an energy budget.

Execution model (Davidson 1999, part III): before each throw the registers are
zeroed and the energy is set to :data:`MAX_ENERGY`; each instruction spends its
cost. The program ends when it executes THROW (explicit action), HALT, runs out of
statements, or runs out of energy (forced termination); in the last three cases
the action register r0 is read and thrown mod 3. Memory persists for the match.

Speed: a genome is compiled once, per machine, into a list of Python closures, one
per instruction, each doing its work and returning the next program counter, with
operands, jump targets and table references bound at compile time. The run loop
is then a few bytecodes per instruction (about 0.1 us). Rejected alternative:
generating Python source and ``exec``-ing it, which has no cheap way to express
arbitrary backward jumps.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ._isa import (
    MAX_ENERGY,
    MEMORY,
    OPCODES,
    REGISTERS,
    VALUE_LIMIT,
    Genome,
    check_genome,
)
from ._record import GameRecord

#: The program counter meaning "stop now" (THROW, HALT).
_END = 1 << 30
#: What the registers are reset to before every throw.
_ZEROS = [0] * REGISTERS

Step = Callable[[], int]


def _clamp(value: int) -> int:
    if value > VALUE_LIMIT:
        return VALUE_LIMIT
    if value < -VALUE_LIMIT:
        return -VALUE_LIMIT
    return value


class _Compiler:
    """Builds one closure per instruction over a machine's registers, memory and record."""

    def __init__(self, machine: Machine) -> None:
        self.regs = machine.regs
        self.mem = machine.mem
        self.record = machine.record
        self.rng = machine.rng

    def compile(self, genome: Genome) -> list[Step]:
        n = len(genome)
        steps = []
        for pc, (op, a, b, c) in enumerate(genome):
            build = getattr(self, "op_" + OPCODES[op].name.lower())
            steps.append(build(a, b, c, pc, n))
        return steps

    @staticmethod
    def _target(pc: int, offset: int, n: int) -> int:
        """A jump's destination, clamped to the program (past the end means: stop)."""
        return min(max(pc + offset, 0), n)

    # -- flow control -------------------------------------------------------------

    def op_nop(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        nxt = pc + 1
        return lambda: nxt

    def op_halt(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        return lambda: _END

    def op_throw(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs = self.regs

        def throw() -> int:
            regs[0] = regs[a]
            return _END
        return throw

    def op_jmp(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        target = self._target(pc, a, n)
        return lambda: target

    def op_jz(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, target, nxt = self.regs, self._target(pc, b, n), pc + 1
        return lambda: target if regs[a] == 0 else nxt

    def op_jnz(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, target, nxt = self.regs, self._target(pc, b, n), pc + 1
        return lambda: target if regs[a] != 0 else nxt

    def op_jneg(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, target, nxt = self.regs, self._target(pc, b, n), pc + 1
        return lambda: target if regs[a] < 0 else nxt

    def op_jlt(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, target, nxt = self.regs, self._target(pc, c, n), pc + 1
        return lambda: target if regs[a] < regs[b] else nxt

    def op_jeq(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, target, nxt = self.regs, self._target(pc, c, n), pc + 1
        return lambda: target if regs[a] == regs[b] else nxt

    # -- memory -------------------------------------------------------------------

    def op_set(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def set_() -> int:
            regs[a] = b
            return nxt
        return set_

    def op_mov(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def mov() -> int:
            regs[a] = regs[b]
            return nxt
        return mov

    def op_load(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, mem, nxt = self.regs, self.mem, pc + 1

        def load() -> int:
            regs[a] = mem[b]
            return nxt
        return load

    def op_store(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, mem, nxt = self.regs, self.mem, pc + 1

        def store() -> int:
            mem[b] = regs[a]
            return nxt
        return store

    def op_ldi(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, mem, nxt = self.regs, self.mem, pc + 1

        def ldi() -> int:
            regs[a] = mem[regs[b] % MEMORY]
            return nxt
        return ldi

    def op_sti(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, mem, nxt = self.regs, self.mem, pc + 1

        def sti() -> int:
            mem[regs[b] % MEMORY] = regs[a]
            return nxt
        return sti

    # -- arithmetic -----------------------------------------------------------------

    def op_add(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def add() -> int:
            regs[a] = _clamp(regs[b] + regs[c])
            return nxt
        return add

    def op_sub(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def sub() -> int:
            regs[a] = _clamp(regs[b] - regs[c])
            return nxt
        return sub

    def op_mul(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def mul() -> int:
            regs[a] = _clamp(regs[b] * regs[c])
            return nxt
        return mul

    def op_div(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def div() -> int:
            d = regs[c]
            regs[a] = regs[b] // d if d else 0
            return nxt
        return div

    def op_mod(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def mod() -> int:
            d = regs[c]
            regs[a] = regs[b] % d if d else 0
            return nxt
        return mod

    def op_max(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def max_() -> int:
            x, y = regs[b], regs[c]
            regs[a] = x if x >= y else y
            return nxt
        return max_

    def op_min(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def min_() -> int:
            x, y = regs[b], regs[c]
            regs[a] = x if x <= y else y
            return nxt
        return min_

    def op_addi(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def addi() -> int:
            regs[a] = _clamp(regs[a] + b)
            return nxt
        return addi

    def op_subi(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def subi() -> int:
            regs[a] = _clamp(regs[a] - b)
            return nxt
        return subi

    def op_beat(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def beat() -> int:
            regs[a] = (regs[b] + 1) % 3
            return nxt
        return beat

    def op_mod3(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def mod3() -> int:
            regs[a] = regs[b] % 3
            return nxt
        return mod3

    # -- the game -------------------------------------------------------------------

    def op_len(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, mine, nxt = self.regs, self.record.mine, pc + 1

        def len_() -> int:
            regs[a] = len(mine)
            return nxt
        return len_

    def _history_at(self, history: list[int], a: int, b: int, pc: int) -> Step:
        regs, nxt, back = self.regs, pc + 1, b + 1

        def at() -> int:
            regs[a] = history[-back] if len(history) >= back else -1
            return nxt
        return at

    def _history_indexed(self, history: list[int], a: int, b: int, pc: int) -> Step:
        regs, nxt = self.regs, pc + 1

        def indexed() -> int:
            back = regs[b] + 1
            regs[a] = history[-back] if 0 < back <= len(history) else -1
            return nxt
        return indexed

    def op_opp(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        return self._history_at(self.record.theirs, a, b, pc)

    def op_my(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        return self._history_at(self.record.mine, a, b, pc)

    def op_oppx(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        return self._history_indexed(self.record.theirs, a, b, pc)

    def op_myx(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        return self._history_indexed(self.record.mine, a, b, pc)

    def op_res(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, results, nxt, back = self.regs, self.record.results, pc + 1, b + 1

        def res() -> int:
            regs[a] = results[-back] if len(results) >= back else 0
            return nxt
        return res

    def op_score(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, cumulative, nxt, window = self.regs, self.record.cumulative, pc + 1, 10 * b

        def score() -> int:
            turns = len(cumulative) - 1
            start = turns - window if window and turns > window else 0
            regs[a] = cumulative[turns] - cumulative[start]
            return nxt
        return score

    def op_ocnt(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, counts, nxt = self.regs, self.record.opp_counts, pc + 1

        def ocnt() -> int:
            regs[a] = counts[b]
            return nxt
        return ocnt

    def op_mcnt(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, counts, nxt = self.regs, self.record.my_counts, pc + 1

        def mcnt() -> int:
            regs[a] = counts[b]
            return nxt
        return mcnt

    def op_match(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        record, regs, nxt = self.record, self.regs, pc + 1
        source, length = b % 3, c
        target = record.theirs if b < 3 else record.mine
        table, codes, modulus = record.match_table(source, length), record.codes, \
            record.modulus(source, length)

        def match() -> int:
            if len(target) < length:
                regs[a] = -1
            else:
                turn = table.get(codes[source] % modulus)
                regs[a] = -1 if turn is None else target[turn]
            return nxt
        return match

    def op_freq(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        record, regs, nxt = self.record, self.regs, pc + 1
        source, length, first = b % 3, c, 3 * (b // 3)
        table, codes, modulus = record.freq_table(source, length), record.codes, \
            record.modulus(source, length)
        history = record.mine

        def freq() -> int:
            counts = table.get(codes[source] % modulus) if len(history) >= length else None
            if counts is None:
                regs[a] = -1
            else:
                x, y, z = counts[first], counts[first + 1], counts[first + 2]
                regs[a] = 0 if x >= y and x >= z else (1 if y >= z else 2)
            return nxt
        return freq

    def op_rand(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, rng, nxt = self.regs, self.rng, pc + 1

        def rand() -> int:
            regs[a] = int(rng.random() * 3)
            return nxt
        return rand

    def op_coin(self, a: int, b: int, c: int, pc: int, n: int) -> Step:
        regs, rng, nxt, chance = self.regs, self.rng, pc + 1, b / 16

        def coin() -> int:
            regs[a] = 1 if rng.random() < chance else 0
            return nxt
        return coin


class Machine:
    """One critter, ready to play a match: ``reset``, then ``decide``/``observe`` per turn.

    Owns its registers, memory, game record and random generator; the compiled
    program refers to them, so they are cleared in place, never replaced.
    """

    def __init__(self, genome: Genome, *, seed: int = 0, max_energy: int = MAX_ENERGY) -> None:
        self.genome = check_genome(genome)
        if max_energy < 1:
            raise ValueError(f"max_energy must be >= 1 (got {max_energy})")
        self.max_energy = max_energy
        self.regs = [0] * REGISTERS
        self.mem = [0] * MEMORY
        self.record = GameRecord()
        self.rng = random.Random(seed)
        self._steps = _Compiler(self).compile(self.genome)
        self._costs = [OPCODES[op].cost for op, *_ in self.genome]
        #: Throws decided this match, energy they spent, and how many ran out of energy.
        self.decisions = 0
        self.energy_spent = 0
        self.exhausted = 0
        #: Instructions executed for the last throw.
        self.last_steps = 0

    def reset(self, seed: int) -> None:
        """Start a new match: empty record, zeroed memory, counters, a reseeded generator."""
        self.record.clear()
        self.mem[:] = [0] * MEMORY
        self.rng.seed(seed)
        self.decisions = self.energy_spent = self.exhausted = self.last_steps = 0

    def observe(self, mine: int, theirs: int) -> None:
        """Record the turn just played."""
        self.record.observe(mine, theirs)

    def decide(self) -> int:
        """Run the program once and return its throw (0 rock, 1 paper, 2 scissors)."""
        regs = self.regs
        regs[:] = _ZEROS
        steps, costs = self._steps, self._costs
        n = len(steps)
        energy = self.max_energy
        pc = 0
        count = 0
        while pc < n:
            cost = costs[pc]
            if cost > energy:
                self.exhausted += 1
                energy = 0
                break
            energy -= cost
            count += 1
            pc = steps[pc]()
        self.decisions += 1
        self.energy_spent += self.max_energy - energy
        self.last_steps = count
        return regs[0] % 3

    @property
    def average_energy(self) -> float:
        """Energy spent per throw this match (0 before the first)."""
        return self.energy_spent / self.decisions if self.decisions else 0.0

