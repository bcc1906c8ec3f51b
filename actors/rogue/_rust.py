"""Armor off for an aquator: its touch rusts armor, and it does no other harm.

Rogue 5.4.4's aquator (``A``) has no damage dice. Each of its hits calls
``rust_armor`` instead, which makes the worn armor one point worse, down to armor
class 9 (``Arm: 1``), unless the armor is leather or protected. It hits three
times in four against ring mail (level 5, and +4 while the hero lacks Rogue's
running flag), and has some 22 hit points, so one fight ruins a suit: in 1.14's
games, 49 of the 76 heroes who reached level 10 died at ``Arm: 1``.

A known ring of maintain armor does better: it goes on instead (``P``, one turn,
and the rings expert takes it off again in peace), and while it is worn the armor
stays on. Naked, the hero loses nothing to an aquator. So the armor comes off (``T``, two
turns: Rogue's ``dropcheck`` lets the monsters move once with the armor still on before it
comes off) while an aquator is near, and goes back on (``W``, two turns) once none is. An
aquator first seen beside the hero (a dark room, a passage) gets that swing: dungeon 14 of
1.47 lost its chain mail from ``Arm: 5`` to ``Arm: 1`` to four of them on levels 10 and 11,
each met so. From two squares off it only closes in.
The two distances differ, so that an aquator at the edge of reach does not make the
hero dress and undress by turns. Another monster about does not change this: the
blows it lands on a naked hero heal, the rust does not (an early build put the
armor back on for one, and the aquator beside him took banded mail from ``Arm: 6``
to ``Arm: 1``: dungeon 1). ``Tactics.rust_company_risk`` prices that instead: the
armor stays on (and goes back on, the aquator not beside him) while the others
awake about would kill a naked hero that much more often than a dressed one. While
the hero hallucinates, Rogue draws each monster as
a random letter, and the armor stays on.

A rust trap does what an aquator's hit does, each time the hero steps on it, and the
paths cross a known one where the only other way is dearer (a sleeping ice monster
beside it in a two-row room: dungeon 2260 of 1.92 crossed one five times on level 6,
Arm 4 to 1). Once the terrain map knows a trap to rust (``Terrain.rust_traps``), the
armor comes off while the hero stands beside or on it with no monster awake about,
and goes back on two squares away.
"""

from __future__ import annotations

import attrs

from runtime import Proposal

from ._base import SentAware
from ._context import Situation, Threat
from ._facts import Item
from ._grid import chebyshev
from ._inventory import expected_armor
from ._rings import free_hand, put_on

#: An aquator this near (squares, as the king moves): take the armor off.
SHED_WITHIN = 3
#: No aquator this near any more: put it back on.
WEAR_BEYOND = 5
#: Sending the same change this many times without the pack showing it done means
#: something keeps it from happening: stop asking for this encounter.
MAX_ASKS = 2


def rusts(item: Item) -> bool:
    """Whether an aquator's touch can make ``item`` worse (leather never rusts)."""
    return item.kind == "armor" and item.name != "leather armor"


class RustGuard(SentAware):
    """Takes the armor off while an aquator is near, and puts it back on after."""

    name = "rust"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: The letter of the armor we asked to take off: once the pack shows nothing
        #: worn, it is the one to put back on.
        self.shed: str | None = None
        #: How often each change (``"T" + letter`` or ``"W" + letter``) was sent in
        #: this encounter without the pack showing it done.
        self.asks: dict[str, int] = {}
        #: Armor Rogue would not let us take off ("It appears to be cursed").
        self.cursed: set[str] = set()

    def advise(self, s: Situation) -> Proposal | None:
        if self.shed is not None and s.events is not None and any(
                "cursed" in e.subject.lower() for e in s.events.events):
            self.cursed.add(self.shed)  # our T was refused
        inv = s.inventory
        status = s.sensed.status
        # A stale pack will do: each rusting hit makes it stale ("your armor appears to
        # be weaker"), and it is listed again only once no monster is near.
        if inv is None or status is None:
            return None
        armor = inv.of_kind("armor")
        worn = next((a for a in armor if a.worn), None)
        # (Tripping, no threat has the flag: Situation takes none by its letter.)
        nearest = min((t.distance for t in s.threats if "rusts" in t.info.flags), default=None)
        if worn is not None:
            return self._take_off(s, worn, nearest)
        self.asks = {k: v for k, v in self.asks.items() if not k.startswith("T")}
        item = next((a for a in armor if a.letter == self.shed), None)
        if item is None:
            self.shed = None  # never taken off by us, or gone from the pack
            return None
        if _over_rust_trap(s, nearest):
            return None  # on the way over the trap
        if nearest is not None and nearest <= WEAR_BEYOND:
            company = company_cost(s, expected_armor(item))
            if nearest <= 1 or company is None or not self._ask("W" + item.letter):
                return None
            others, cost = company
            return Proposal("W" + item.letter,
                            f"rust: put {item.text!r} back on: the {others} would kill "
                            f"a naked hero {cost:.0%} more often")
        if not self._ask("W" + item.letter):
            self.shed = None
            return None
        return Proposal("W" + item.letter, f"rust: put {item.text!r} back on (no aquator "
                                            f"within {WEAR_BEYOND} squares, no rust trap "
                                            f"beside us)")

    def _take_off(self, s: Situation, worn: Item, nearest: int | None) -> Proposal | None:
        self.asks.pop("W" + worn.letter, None)
        status = s.sensed.status
        assert status is not None
        trap = _over_rust_trap(s, nearest)
        if ((not trap and (nearest is None or nearest > SHED_WITHIN)) or not rusts(worn)
                or status.armor <= 1 or worn.letter in self.cursed):
            self.shed = None
            self.asks.pop("T" + worn.letter, None)
            return None
        inv = s.inventory
        assert inv is not None
        rings = inv.of_kind("ring")
        if any(r.worn and r.name == "maintain armor" for r in rings):
            return None  # the ring keeps the rust off
        keeper = next((r for r in rings if r.name == "maintain armor"), None)
        if keeper is not None and free_hand(inv) and self._ask("P" + keeper.letter):
            return Proposal(put_on(keeper), f"rust: put on {keeper.text!r} before the "
                                            f"aquator {nearest} squares off rusts "
                                            f"{worn.text!r} (Arm {status.armor})")
        if not trap and company_cost(s, status.armor) is not None:
            return None  # the others about would make a naked hero pay more than rust
        if not self._ask("T" + worn.letter):
            return None
        self.shed = worn.letter
        if trap:
            return Proposal("T", f"rust: take off {worn.text!r} (Arm {status.armor}) beside "
                                 f"a rust trap, before the way crosses it")
        return Proposal("T", f"rust: take off {worn.text!r} (Arm {status.armor}) before the "
                             f"aquator {nearest} squares off rusts it; it does no other harm")

    def _ask(self, change: str) -> bool:
        """Whether to ask for ``change`` again: not once it was sent ``MAX_ASKS`` times."""
        action = "T" if change.startswith("T") else change
        # (A ring goes on with "P" and its letter, as the change is written.)
        if action in self.sent:
            self.asks[change] = self.asks.get(change, 0) + 1
        return self.asks.get(change, 0) < MAX_ASKS


def beside_rust_trap(s: Situation) -> bool:
    """Is the hero on or beside a trap known to rust armor?"""
    if s.terrain is None or s.player is None:
        return False
    return any(chebyshev(trap, s.player) <= 1 for trap in s.terrain.rust_traps)


def _over_rust_trap(s: Situation, nearest_aquator: int | None) -> bool:
    """Armor off for a rust trap: no aquator in view, the hero on or beside a known
    rust trap, and no company (against one, armor is worth more than a point of rust)."""
    return nearest_aquator is None and beside_rust_trap(s) and not _company(s)


def _company(s: Situation) -> tuple[Threat, ...]:
    """The monsters about that hurt, awake (or beside him) within ``WEAR_BEYOND``,
    other than aquators."""
    return tuple(t for t in s.threats if _hurts(t) and t.distance <= WEAR_BEYOND)


def company_cost(s: Situation, arm: int) -> tuple[str, float] | None:
    """The others about and how much more often they would kill the hero naked than
    in armor showing ``arm``, when that is above ``Tactics.rust_company_risk``.

    The others are the monsters that hurt, awake (or beside him) within
    ``WEAR_BEYOND`` squares, other than aquators; they are priced as the hero fights
    them one after another from his hit points now (``Situation.fight_death``).
    """
    if s.tactics.rust_company_risk >= 1.0:
        return None
    others = _company(s)
    if not others:
        return None
    hero = s.melee_hero
    cost = (s.fight_death(others, attrs.evolve(hero, armor=10), trials=PRICE_TRIALS)
            - s.fight_death(others, attrs.evolve(hero, armor=10 - arm), trials=PRICE_TRIALS))
    if cost <= s.tactics.rust_company_risk:
        return None
    return ", ".join(sorted({t.info.name for t in others})), cost


def _hurts(t: Threat) -> bool:
    """An awake (or adjacent) monster with damage dice that is not an aquator."""
    return ("rusts" not in t.info.flags and t.info.max_damage > 0
            and (t.awake or t.distance <= 1))



#: Fights simulated for each price: the difference of two deaths is what is priced,
#: and at the odds' usual 300 it is mostly noise (a hobgoblin against a level-1 hero,
#: naked and in ring mail: 21.7% and 19.3% at 300, 25.2% and 18.2% at 20,000).
PRICE_TRIALS = 2000
