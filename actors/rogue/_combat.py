"""The fighting experts: weapon, melee, battlestations, retreat.

Melee decides that a monster next to the hero must be dealt with and first asks
battlestations (the seed's hierarchy) whether to use magic or run; only if it has
nothing better does melee strike. Battlestations also stands alone in the static
order, for the monster that is coming but not yet adjacent. Retreat uses the path
field, the connectivity analyser's loops and the stairs: a monster that follows
never gets a blow in, so running along a loop or down the stairs outlasts it while
the hero heals. Which step keeps it so is planned moves ahead (``_kite``): a room
is a trap (the follower stays straight behind), passages and doorways are not.
The target and missile experts, which fight from a distance, are in ``_archery``;
the choice of wand, in ``_wands``.
"""

from __future__ import annotations

from runtime import Proposal

from ._archery import archery_target, bow_to_carry, coming_to_be_shot, pace
from ._base import RogueExpert, SentAware
from ._context import Situation, Threat
from ._escape import (
    fight_on_stairs,
    flee_by_stairs,
    leave_freezer,
    leave_from_stairs,
    leave_unseen,
    walk_on_unseen,
)
from ._facts import BLOWS
from ._gamble import gamble, zap_beats_striking
from ._grid import KEYS, Pos, chebyshev, index, key_towards, neighbours
from ._inventory import MELEE_WEAPONS, best_melee, melee_worth
from ._kite import Kite
from ._paths import compute, path_to
from ._wands import ATTACK_WANDS, once_zapped, unknown_zapped, zap_at, zap_early


def weapon_choice(s: Situation) -> tuple[str, str] | None:
    """(letter, why) of a better melee weapon than the one in hand, if any.

    A stale pack will do: weapons keep their letters, and the bow must be put away
    mid-fight, when there is no time to look at the pack.
    """
    if s.inventory is None:
        return None
    weapons = s.inventory.of_kind("weapon")
    current = next((w for w in weapons if w.wielded), None)
    cost = s.tactics.unknown_weapon_cost
    best = best_melee(s.inventory, cost)
    if best is None or best.wielded:
        return None
    now = melee_worth(current, cost) if current is not None else 0.0
    if current is not None and current.name not in MELEE_WEAPONS:
        now = 0.0  # a bow in hand is no melee weapon
    if melee_worth(best, cost) > now + 0.9:
        return best.letter, f"{best.text!r} beats {current.text if current else 'bare hands'!r}"
    return None


def escape_moves(s: Situation, threats: tuple[Threat, ...],
                 long_walks: frozenset[Pos] = frozenset()) -> list[tuple[int, Pos, str]]:
    """Steps that leave every threat out of reach, best first, with their merits.

    A step must end two squares from every monster. Rogue lets no one strike
    diagonally past a doorway or a corner of rock either, and ``_kite`` plans with
    that, but a first step there measured worse (docs/rogomatic.md: 1.14, 1.60), so the step
    taken keeps the two squares unless ``Tactics.corner_first_step`` lets it pass
    (toward the stairs, always, or only onto ``long_walks``: the steps the
    look-ahead keeps out of reach for a whole loop or to the stairs, so that a walk
    planned round a bend is walked; the caller passes none where the tactic does not
    apply). By default (1.91) that is before the first faint only: after it, a plan
    that counted on a bend can end at it.
    Merit: toward the stairs (a real escape), along a loop, away from choke-point
    dead ends. Toward the stairs means fewer steps from them by the known map: a
    straight line drew the hero away along a passage whose far end lay nearer them
    as the crow flies (dungeon 1129 of 1.81: "toward the stairs" from 26 squares to
    31, then a turn to fight at 15 of 21, dead on level 1).
    No step ends on a known trap (:meth:`Situation.safe_step`).
    """
    here = s.player
    occupied = s.occupied
    options = []
    stairs = s.terrain.stairs if s.terrain is not None else None
    cycles = s.connect.cycles if s.connect is not None else frozenset()
    dead = s.terrain.dead_ends if s.terrain is not None else frozenset()
    stairs_now = len(path_to(s.paths, stairs)) if s.paths and stairs else -1
    from_stairs = compute(s.terrain, stairs, {}).dist if stairs_now > 0 else ()

    def nearer_stairs(n: Pos) -> bool:
        return bool(from_stairs) and 0 <= from_stairs[index(n)] < from_stairs[index(here)]

    past_corners = s.tactics.corner_first_step
    for n in neighbours(here):
        if n in occupied or not s.safe_step(here, n):
            continue
        beside = [t.seen.pos for t in threats if chebyshev(n, t.seen.pos) < 2]
        if beside:
            if past_corners == 0 or (past_corners == 1 and not nearer_stairs(n)) or \
                    (past_corners >= 3 and n not in long_walks):
                continue  # beside it: the plan's later moves may pass a corner, not this one
            if any(s.step_ok(m, n) for m in beside):
                continue  # it could step here, so it can strike here
        merit = 0
        why = "away"
        if nearer_stairs(n):
            merit += 20
            why = f"toward the stairs ({stairs_now} squares)"
        if n in cycles:
            merit += 5
            if why == "away":
                why = "along a loop"
        if n in dead:
            merit -= 30
        merit += min(chebyshev(n, t.seen.pos) for t in threats) if threats else 0
        options.append((merit, n, why))
    return sorted(options, key=lambda o: -o[0])


#: Moves a retreat must be good for (``_kite``) to count as a loop: walking it lets
#: the hero heal up to ``Tactics.kite_until`` before he turns to fight.
KITE_MOVES = 24


def _retreat(s: Situation, threats: tuple[Threat, ...]) -> tuple[Proposal, int] | None:
    """The retreat step and how many moves (up to ``KITE_MOVES``) it keeps the
    awake ``threats`` from striking, by ``_kite``'s look-ahead."""
    if any("holds" in t.info.flags for t in threats) or (s.intern and s.intern.held):
        return None
    if any("erratic" in t.info.flags for t in threats):
        return None  # a bat's random moves may land a blow from beside us at any step
    # A flier is no exception: Rogue moves it twice only while it is not yet beside the
    # hero, and a monster strikes only from beside him, so the second move catches up.
    if s.intern is not None and s.intern.confused:
        return None
    if s.terrain is not None and s.player == s.terrain.stairs and not s.levitating:
        return Proposal(">", "retreat: down the stairs, out of reach"), 0
    if s.terrain is None:
        return None
    # Corner steps onto whole loops (``corner_first_step`` 3, or 4 while monsters still
    # get their +4 on the hero: no running flag yet) need the look-ahead first.
    past_corners = s.tactics.corner_first_step
    onto_loops = past_corners == 3 or (
        past_corners == 4 and not (s.intern is not None and s.intern.steady))
    if not onto_loops:
        moves = escape_moves(s, threats)
        if not moves:
            return None  # no step: the look-ahead is not needed
    awake = [t for t in threats if t.awake]
    chasers = tuple(t.seen.pos for t in awake)
    others = s.occupied - set(chasers)
    flying = frozenset(i for i, t in enumerate(awake) if "flies" in t.info.flags)
    # The terrain map already counts the squares monsters stand on as walkable.
    way_out = None if s.levitating else s.terrain.stairs
    good = Kite(s.terrain.rows, others, flying, way_out,
                avoid=s.terrain.traps).first_steps(s.player, chasers, KITE_MOVES)
    if onto_loops:
        long_walks = frozenset(n for n, lasts in good.items() if lasts >= KITE_MOVES)
        moves = escape_moves(s, threats, long_walks)
        if not moves:
            return None
    merit, n, why = max(moves, key=lambda m: (good.get(m[1], 0), m[0]))
    if merit < -10 and good.get(n, 0) < KITE_MOVES:
        return None
    lasts = good.get(n, 0)
    return Proposal(key_towards(s.player, n), f"retreat {why} (out of reach for "
                                              f"{lasts} moves)"), lasts


def retreat_move(s: Situation, threats: tuple[Threat, ...]) -> Proposal | None:
    found = _retreat(s, threats)
    return None if found is None else found[0]


def fight_looks_fine(s: Situation, threats: tuple[Threat, ...]) -> bool:
    """No death possible within ``Tactics.retreat_rounds`` rounds, and the worst of
    ``threats`` would cost under 80% of the hit points: battlestations stands down (and
    the sanctuary keeps its scroll)."""
    worst = max(threats, key=lambda t: t.info.max_damage)
    return not s.die_in(s.tactics.retreat_rounds, threats) and \
        s.expected_loss(worst) < s.hp * 0.8


def battlestations(s: Situation, spent: frozenset[str] = frozenset(),
                   walking: bool = False,
                   done: frozenset[tuple[str, str]] = frozenset()) -> Proposal | None:
    """Special attacks, escapes and retreat when a fight goes badly.

    ``spent``: unidentified wands (by text) already zapped to no visible effect.
    ``walking``: our last retreat step was sent. The walk goes on (to the stairs, or
    round a loop until ``Tactics.kite_until``) even once the fight no longer looks
    bad: a hero healing on the way crossed back over the line that started it and
    turned to fight. Before 1.40 a level-8 hero walking toward the stairs, 26 squares
    off, at 24 of 35 hit points healed one, struck the centaur that followed him, and
    died (dungeon 12 of 1.36).
    """
    adjacent = s.adjacent
    near = s.awake_within(2)
    threats = adjacent or near
    if not threats:
        return None
    escape = (leave_from_stairs(s, "battlestations") or flee_by_stairs(s, "battlestations")
              or fight_on_stairs(s))
    if escape is not None:
        return escape
    early = zap_early(s, threats, spent, done)
    if early is not None:
        return early
    worst = max(threats, key=lambda t: t.info.max_damage)
    tactics = s.tactics
    looks_fine = fight_looks_fine(s, threats)
    if looks_fine and not walking:
        return None
    name = worst.info.name
    one_round = s.die_in(1, threats)
    if one_round:
        heal = s.has("potion", "extra healing") or s.has("potion", "healing")
        if heal:
            return Proposal("q" + heal, f"battlestations: could die in one round to the "
                                        f"{name}: quaff healing")
        if worst.adjacent:
            zap = zap_at(s, worst, ("teleport away", "slow monster"), done=done)
            if zap is not None:
                return Proposal(zap.action, "battlestations: could die in one round: "
                                + zap.rationale)
        scroll = s.has("scroll", "teleportation")
        if scroll and worst.adjacent:
            return Proposal("r" + scroll, f"battlestations: could die in one round to the "
                                          f"{name}: read teleportation")
    haste = s.has("potion", "haste self")
    if haste and not looks_fine and not (s.intern is not None and s.intern.hasted):
        # Rogue lets the hero drink it without a turn passing, then gives him two moves
        # a turn: two blows for each of the monster's, or a walk it cannot keep up with.
        return Proposal("q" + haste, f"battlestations: could die in "
                                     f"{'one round' if one_round else 'a few rounds'} to "
                                     f"the {name}: quaff haste self")
    found = _retreat(s, threats)
    retreat = None if found is None else found[0]
    kite = found is not None and found[1] >= KITE_MOVES
    if retreat is not None and s.hp_fraction < (tactics.kite_until if kite else 0.7):
        rounds = "one round" if one_round else f"{tactics.retreat_rounds} rounds"
        return Proposal(retreat.action, f"battlestations: could die in {rounds} to the "
                                        f"{name}; {retreat.rationale}")
    if looks_fine:
        return None  # the walk is over (healed, or no step left): the fight looks fine
    if s.hp_fraction < tactics.zap_below:
        zap = zap_at(s, worst, ATTACK_WANDS, spent, done)
        if zap is None and zap_beats_striking(s, worst, adjacent):
            zap = zap_at(s, worst, ("",), spent, done)
        if zap is not None:
            return Proposal(zap.action, "battlestations: losing: " + zap.rationale)
    if one_round and worst.adjacent:
        found = gamble(s, worst, adjacent)
        if found is not None:
            key, letter, death = found
            kind = "potion" if key == "q" else "scroll"
            return Proposal(key + letter, f"battlestations: could die in one round to the "
                                          f"{name}, no escape: try the unknown {kind} "
                                          f"{letter} (death {death:.0%} against "
                                          f"{s.odds(worst).death:.0%} striking on)")
    return None


class Weapon(SentAware):
    """Wields the best melee weapon; puts the bow away when a monster comes close."""

    name = "weapon"
    #: The same wield sent this many times running means it is not working.
    max_repeats = 2

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.tried: set[str] = set()
        self.last: tuple[str, int] = ("", 0)

    def advise(self, s: Situation) -> Proposal | None:
        proposal = self._advise(s)
        action = proposal.action if proposal is not None else ""
        # Only a wield that was sent counts: one proposed while a higher expert acted
        # (clearing a message, listing the pack) was never tried (1.16's first build
        # counted those, and fought level 1 with the bow in hand).
        if action and action == self.last[0]:
            repeats = self.last[1] + (action in self.sent)
        else:
            repeats = 1
        self.last = (action, repeats)
        if proposal is not None and repeats > self.max_repeats:
            return None
        return proposal

    def _advise(self, s: Situation) -> Proposal | None:
        carried = bow_to_carry(s)
        if carried is not None and not carried.wielded:
            return Proposal("w" + carried.letter,
                            f"weapon: ready the bow in a lit room on level {s.level}, "
                            f"no monster a turn from the hero")
        choice = weapon_choice(s)
        if choice is None:
            return None
        letter, why = choice
        assert s.inventory is not None
        bow = any(w.wielded and w.name == "short bow" for w in s.inventory.of_kind("weapon"))
        if bow:
            coming = any(t.awake and t.distance <= 1 + pace(t) for t in s.threats)
            busy = carried is not None or archery_target(s) is not None or coming_to_be_shot(s)
            if not s.adjacent and not coming and busy:
                return None  # carrying, still shooting, or waiting for one to come into line
            return Proposal("w" + letter, f"weapon: bow away, wield {why}")
        if s.awake_within(2) or s.adjacent:
            return None  # no changing weapons mid-fight for an upgrade
        text = next(i.text for i in s.inventory.items if i.letter == letter)
        if text in self.tried:
            return None
        self.tried.add(text)
        return Proposal("w" + letter, f"weapon: wield {why}")


class WandMemory(SentAware):
    """Asks battlestations, keeping the unidentified wands already zapped for nothing
    (:func:`unknown_zapped`): every zap sent counts, whichever expert sent it."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.spent: set[str] = set()
        #: Known wands zapped at a monster (by name) on this level whose effect does
        #: not add up (:func:`once_zapped`), and the level.
        self.done: set[tuple[str, str]] = set()
        self.level = 0
        #: Our last retreat step, and whether it was sent (a walk under way).
        self.step: str | None = None
        self.walking = False

    def remember(self, s: Situation) -> None:
        """Note the zaps sent since we last advised (first thing in ``advise``), and
        whether the retreat step we proposed last was sent."""
        self.spent |= unknown_zapped(s, self.sent)
        if s.level and s.level != self.level:
            self.level, self.done = s.level, set()
        self.done |= once_zapped(s, self.sent)
        self.walking = self.step is not None and self.step in self.sent
        self.step = None

    def battlestations(self, s: Situation) -> Proposal | None:
        proposal = battlestations(s, frozenset(self.spent), self.walking, frozenset(self.done))
        if proposal is not None and "retreat" in proposal.rationale:
            self.step = proposal.action
        return proposal


class Melee(WandMemory):
    """Fights the monster next to us, after asking battlestations."""

    name = "melee"
    #: Screens to keep striking at an unseen attacker after its last blow message.
    unseen_memory = 3
    #: Decisions to keep walking on after a blow from something unseen, with no stairs
    #: to leave by: a follower never strikes while the hero walks.
    walk_on_turns = 30
    #: Steps away from ice monsters before fighting the next one met.
    max_ice_steps = 3

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.grope = 0
        #: Screens left to keep striking at an unseen attacker without a new blow.
        self.unseen_turns = 0
        #: Where we stood when we last stepped away from an ice monster.
        self.stepped_from: tuple[int, int] | None = None
        #: Steps away from ice monsters since we last struck one: the walkers
        #: below may lead us straight back (to the square it stands on), so after
        #: ``max_ice_steps`` we fight it.
        self.ice_steps = 0
        #: The dungeon level on which we are walking to the stairs away from an
        #: attacker we cannot see (``_escape.leave_unseen``), if we are: no blow
        #: comes while it follows, and the walk must not stop for that.
        self.leaving_unseen: int | None = None
        #: Decisions left to keep walking after the last blow from something unseen
        #: (``_escape.walk_on_unseen``), and the square the hero stood on before this
        #: one and this one (a follower stands on the one he left).
        self.walk_on = 0
        self.behind: Pos | None = None
        self.here: Pos | None = None

    def advise(self, s: Situation) -> Proposal | None:
        self.remember(s)
        adjacent = s.adjacent
        events = s.events.events if s.events is not None else ()
        kinds = frozenset(e.kind for e in events)
        blind = s.intern is not None and s.intern.blind
        unseen = bool(s.events is not None and s.events.blows_with() & {"something", "it"})
        if s.player is not None and s.player != self.here:
            self.behind, self.here = self.here, s.player
        if adjacent or self.leaving_unseen != s.level:
            self.leaving_unseen = None
            self.walk_on = 0
        if not adjacent and not blind and (unseen or self.leaving_unseen is not None):
            # Something we cannot see fights us (deep, a phantom): the known stairs.
            leave = leave_unseen(s)
            if leave is not None:
                self.leaving_unseen, self.unseen_turns = s.level, 0
                return leave
            self.leaving_unseen = None
        if not adjacent and not blind and (unseen or self.walk_on > 0):
            # No stairs to go to: keep walking, since it strikes only when we stand.
            self.walk_on = self.walk_on_turns if unseen else self.walk_on - 1
            self.leaving_unseen = s.level  # the stairs, once seen, take the walk over
            walk = walk_on_unseen(s, self.behind)
            if walk is not None:
                self.unseen_turns = 0
                return walk
            self.walk_on = 0
        if not adjacent and (unseen or blind and kinds & BLOWS):
            # Something we cannot see fights us: strike around until a blow lands on
            # something, then keep striking that way.
            if not kinds & {"we_hit", "we_missed"}:
                self.grope = (self.grope + 1) % len(KEYS)
            self.unseen_turns = self.unseen_memory
            key = "hjklyubn"[self.grope]
            return Proposal(key, f"melee: attacked by something unseen: strike {key}")
        if not adjacent and self.unseen_turns > 0 and (blind or self.unseen_turns > 1):
            # A screen without a blow message (its turn, a --More-- in between) does
            # not mean it went away: waiting there gave it free blows until we died.
            self.unseen_turns -= 1
            key = "hjklyubn"[self.grope]
            return Proposal(key, f"melee: something unseen was fighting us: strike {key} again")
        self.unseen_turns = 0
        if not adjacent:
            return None
        advice = self.battlestations(s)
        if advice is not None:
            return advice
        stuck = self.stepped_from == s.player or self.ice_steps >= self.max_ice_steps
        self.stepped_from = None
        quiet = not kinds & BLOWS  # no blow either way this turn
        freezers = all("freezes" in t.info.flags and (t.seen.moves or not quiet)
                       for t in adjacent)
        # In company a blow this turn may be the other monster's: an ice monster is
        # awake there if it moved or the blow named it.
        struck = s.events.blows_with() if s.events is not None else frozenset()
        awake_freezers = [t for t in adjacent if "freezes" in t.info.flags
                          and (t.seen.moves or t.info.name in struck)]
        if freezers:
            leave = leave_freezer(s, "melee")  # the stairs: a follower never strikes
            if leave is not None:
                return leave
        if freezers and not stuck:
            # An ice monster awake (asleep, it is let lie: Situation.let_lie) does no
            # damage but freezes: each blow we trade risks a long freeze. Step away.
            # One still asleep that we mean to fight (it may lie on the stairs) is
            # struck at once, while it cannot strike back.
            away = escape_moves(s, adjacent)
            if away:
                _, n, _ = away[0]
                self.stepped_from = s.player
                self.ice_steps += 1
                return Proposal(key_towards(s.player, n),
                                "melee: step away from the ice monster (it freezes)")
        self.ice_steps = 0
        # An awake ice monster in company is struck first: a blow at the other one
        # is a turn it swings in, and a freeze among them is the end (dungeon 189 of
        # 1.52, walking to the stairs at full health with one following, stopped for
        # a kestrel in the way and froze to death). Its 1d8 hit points at armor
        # class 9 mostly fall to one blow.
        target = awake_freezers[0] if awake_freezers else min(
            adjacent, key=lambda t: (t.info.level, -t.info.max_damage))
        key = key_towards(s.player, target.seen.pos)
        hp = s.hp
        return Proposal(key, f"melee: strike the {target.info.name} ({key}); hp {hp}, "
                             f"it can do {target.info.max_damage} a round")


class Battlestations(WandMemory):
    name = "battlestations"

    def advise(self, s: Situation) -> Proposal | None:
        self.remember(s)
        return self.battlestations(s)


class Retreat(RogueExpert):
    """Runs from awake monsters we cannot afford to fight while hurt."""

    name = "retreat"

    def advise(self, s: Situation) -> Proposal | None:
        if s.hp_fraction >= s.tactics.rest_below:
            return None
        coming = tuple(t for t in s.awake_within(5) if t.info.max_damage > 0)
        if not coming:
            return None
        worst = max(coming, key=lambda t: t.info.max_damage)
        if s.expected_loss(worst) < s.hp * 0.5:
            return None
        return retreat_move(s, coming)
