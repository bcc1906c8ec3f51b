"""The fighting experts: weapon, melee, target, missile, battlestations, retreat.

Melee decides that a monster next to the hero must be dealt with and first asks
battlestations (the seed's hierarchy) whether to use magic or run; only if it has
nothing better does melee strike. Battlestations also stands alone in the static
order, for the monster that is coming but not yet adjacent. Retreat uses the path
field, the connectivity analyser's loops and the stairs: a monster that follows
never gets a blow in, so running along a loop or down the stairs outlasts it while
the hero heals. Which step keeps it so is planned moves ahead (``_kite``): a room
is a trap (the follower stays straight behind), passages and doorways are not.
"""

from __future__ import annotations

from runtime import Proposal

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
from ._facts import BLOWS, Item
from ._gamble import gamble
from ._grid import KEYS, Pos, chebyshev, direction, index, key_towards, neighbours, position
from ._inventory import MELEE_WEAPONS, THROWABLE, best_melee, melee_worth
from ._kite import Kite
from ._paths import compute, path_to
from ._watch import room_around


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


def escape_moves(s: Situation, threats: tuple[Threat, ...]) -> list[tuple[int, Pos, str]]:
    """Steps that leave every threat out of reach, best first, with their merits.

    A step must end two squares from every monster. Rogue lets no one strike
    diagonally past a doorway or a corner of rock either, and ``_kite`` plans with
    that, but a first step there measured worse (README: 1.14, 1.60), so by default the
    step taken keeps the two squares, and a plan that counted on a bend can end at
    it; ``Tactics.corner_first_step`` lets it pass (toward the stairs, or always).
    Merit: toward the stairs (a real escape), along a loop, away from choke-point
    dead ends. Toward the stairs means fewer steps from them by the known map: a
    straight line drew the hero away along a passage whose far end lay nearer them
    as the crow flies (dungeon 1129 of 1.81: "toward the stairs" from 26 squares to
    31, then a turn to fight at 15 of 21, dead on level 1).
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
        if n in occupied or not s.step_ok(here, n):
            continue
        beside = [t.seen.pos for t in threats if chebyshev(n, t.seen.pos) < 2]
        if beside:
            if past_corners == 0 or (past_corners == 1 and not nearer_stairs(n)):
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
    moves = escape_moves(s, threats)
    if not moves or s.terrain is None:
        return None
    awake = [t for t in threats if t.awake]
    chasers = tuple(t.seen.pos for t in awake)
    others = s.occupied - set(chasers)
    flying = frozenset(i for i, t in enumerate(awake) if "flies" in t.info.flags)
    # The terrain map already counts the squares monsters stand on as walkable.
    way_out = None if s.levitating else s.terrain.stairs
    good = Kite(s.terrain.rows, others, flying, way_out).first_steps(s.player, chasers,
                                                                  KITE_MOVES)
    merit, n, why = max(moves, key=lambda m: (good.get(m[1], 0), m[0]))
    if merit < -10 and good.get(n, 0) < KITE_MOVES:
        return None
    lasts = good.get(n, 0)
    return Proposal(key_towards(s.player, n), f"retreat {why} (out of reach for "
                                              f"{lasts} moves)"), lasts


def retreat_move(s: Situation, threats: tuple[Threat, ...]) -> Proposal | None:
    found = _retreat(s, threats)
    return None if found is None else found[0]


def _zap(s: Situation, t: Threat, names: tuple[str, ...],
         spent: frozenset[str] = frozenset()) -> Proposal | None:
    if s.inventory is None or s.inventory.stale:
        return None
    step = direction(s.player, t.seen.pos)
    if step is None:
        return None
    for item in s.inventory.of_kind("wand"):
        if not item.name and item.text in spent:
            continue
        if item.name in names or (not item.name and "" in names):
            what = item.name or "unknown"
            # Rogue 5.4.4 asks the direction first, then the wand.
            return Proposal("z" + KEYS[step] + item.letter,
                            f"zap the {what} wand ({item.letter}) at the {t.info.name}")
    return None


ATTACK_WANDS = ("teleport away", "slow monster", "lightning", "fire", "cold",
                "magic missile", "striking", "drain life", "cancellation")
#: Known wands worth a charge as soon as the odds call a fight dangerous
#: (``Tactics.zap_risk``, off by default), before it has cost any hit points: a bolt's
#: 6d6 ends most fights, slow monster gives the hero two blows for each of the
#: monster's, teleport away sends it off. Magic missile (1d4) and drain life (half the
#: hero's hit points) stay at the brink (``zap_below``).
EARLY_WANDS = ("lightning", "fire", "cold", "slow monster", "teleport away")
#: Wands whose zap does nothing more to a monster it already reached.
ONCE_A_MONSTER = ("slow monster",)
#: Wands that fire Rogue's bolt (``fire_bolt``), and the squares it flies (``BOLT_LENGTH``;
#: a bounce off a wall, a door or rock is not one of them).
BOLTS = ("lightning", "fire", "cold")
BOLT_LENGTH = 6


def bolt_comes_back(s: Situation, step: tuple[int, int]) -> bool:
    """Could a bolt zapped along ``step`` that the monster dodges come back into the hero?

    ``fire_bolt`` reverses at the first wall, door or rock and flies on: from one ``w``
    squares off it is back on the hero's square after ``2 (w - 1)`` squares, inside its
    six when ``w`` is 4 or less, and then hits him for 6d6 unless he saves (dungeon 603
    under ``zap_risk`` 0.1: a centaur in a passage dodged, "killed by a bolt").
    """
    if s.terrain is None:
        return True
    row, col = s.player
    for w in range(1, BOLT_LENGTH // 2 + 2):
        if s.terrain.at((row + step[0] * w, col + step[1] * w)) in "|-+ ":
            return True
    return False


def zap_early(s: Situation, threats: tuple[Threat, ...], spent: frozenset[str] = frozenset(),
              done: frozenset[tuple[str, str]] = frozenset()) -> Proposal | None:
    """A wand at the most dangerous of ``threats`` while the fight is young.

    By default every wand waits until the hero is losing (below ``zap_below`` of his
    hit points, after the fight looked bad): a level-5 hero met a centaur at full health
    (a fight Rogue's rules say kills him 28% of the time), traded blows down to 11 of 29,
    and only then zapped, a turn short (dungeon 555 of 1.63). With ``Tactics.zap_risk``
    below 1, a known bolt, slow monster or teleport away goes first when the odds of the
    fight to the end say it kills him at least that often; an unknown wand (not yet
    zapped to no effect: ``spent``) at ``Tactics.zap_unknown_risk``. Both measured no
    better (README): a bolt the monster dodges (three times in ten for a centaur) flies
    on, bounces off the wall behind it and can strike the hero for 6d6 (dungeon 603
    died so); since that run a known bolt goes early only along a line it cannot come
    back on (:func:`bolt_comes_back`). ``done``: (wand name, monster name) pairs zapped
    already whose effect does not add up (a slowed monster slows no further).
    """
    tactics = s.tactics
    if min(tactics.zap_risk, tactics.zap_unknown_risk) >= 1.0:
        return None
    inv = s.inventory
    if inv is None or inv.stale or not inv.of_kind("wand"):
        return None
    aimed = [(s.odds(t).death, t, step) for t in threats
             if (t.adjacent or t.awake) and (step := direction(s.player, t.seen.pos)) is not None]
    if not aimed:
        return None
    death, worst, step = max(aimed, key=lambda found: found[0])
    name = worst.info.name
    back = bolt_comes_back(s, step)
    known = tuple(w for w in EARLY_WANDS if (w, name) not in done and not (back and w in BOLTS))
    for names, risk in ((known, tactics.zap_risk), (("",), tactics.zap_unknown_risk)):
        if death >= risk:
            zap = _zap(s, worst, names, spent)
            if zap is not None:
                return Proposal(zap.action, f"battlestations: the fight with the {name} "
                                            f"kills us {death:.0%} of the time: "
                                            + zap.rationale)
    return None


def zaps(sent: tuple[object, ...]) -> list[tuple[str, str]]:
    """(direction key, wand letter) of each zap among the actions in ``sent``."""
    return [(a[1], a[2]) for a in sent if isinstance(a, str) and len(a) == 3 and a[0] == "z"]


def unknown_zapped(s: Situation, sent: tuple[object, ...]) -> set[str]:
    """The texts of unidentified wands among the zaps in ``sent``.

    A wand whose effect Rogue showed is named by the next list; one still unknown
    after a zap did nothing to see (or worse: haste monster, invisibility), so it
    is not zapped again (replays under 1.19: one zapped four times in a row while a
    centaur struck, dungeon 193; another made a centaur invisible, dungeon 189).
    """
    if s.inventory is None:
        return set()
    wands = {i.letter: i for i in s.inventory.of_kind("wand") if not i.name}
    return {wands[letter].text for _, letter in zaps(sent) if letter in wands}


def once_zapped(s: Situation, sent: tuple[object, ...]) -> set[tuple[str, str]]:
    """(wand name, monster name) for the zaps in ``sent`` of a known wand whose effect
    does not add up (:data:`ONCE_A_MONSTER`), at the nearest monster the way it went."""
    if s.inventory is None:
        return set()
    wands = {i.letter: i.name for i in s.inventory.of_kind("wand") if i.name in ONCE_A_MONSTER}
    done = set()
    for key, letter in zaps(sent):
        aimed = [t for t in s.threats if (step := direction(s.player, t.seen.pos)) is not None
                 and KEYS[step] == key]
        if letter in wands and aimed:
            done.add((wands[letter], min(aimed, key=lambda t: t.distance).info.name))
    return done


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
            zap = _zap(s, worst, ("teleport away", "slow monster"))
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
        zap = _zap(s, worst, ATTACK_WANDS + ("",), spent)
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


def bow_to_carry(s: Situation) -> Item | None:
    """The bow, if it belongs in hand now by ``Tactics.bow_in_rooms``.

    On a shallow level, in a lit room (or its doorway), with the bow and arrows in
    the pack and no monster, asleep or awake, within its closing pace of the hero:
    putting the bow away beside one gives it a free blow. A monster seen coming
    across the room is then shot at from its first square in line; readying the bow
    when it is seen costs the turn in which it may step out of line. Not on the
    passage square before a door: a monster beside the door inside meets the hero
    bow in hand (dungeon 1103: a snake, the swap's free blow, dead on level 1).
    """
    if s.level > s.tactics.bow_in_rooms or s.terrain is None or s.sensed.player is None:
        return None
    bow, arrows, _ = missiles(s)
    if bow is None or arrows is None or any(t.distance <= 1 + pace(t) for t in s.threats):
        return None
    return bow if room_around(s.sensed.rows, s.player) else None


def clear_line(s: Situation, step: tuple[int, int], goal: Pos, start: Pos | None = None) -> bool:
    """Nothing but open squares between the hero (or ``start``) and ``goal`` along ``step``."""
    pos = s.player if start is None else start
    occupied = s.occupied
    while True:
        nxt = (pos[0] + step[0], pos[1] + step[1])
        if nxt == goal:
            return True
        if not s.step_ok(pos, nxt) or nxt in occupied:
            return False
        pos = nxt


def pace(t: Threat) -> int:
    """Squares ``t`` closes on the hero in a turn: Rogue moves a flier (bat, kestrel,
    griffin) a second time while it is not yet next to him."""
    return 2 if "flies" in t.info.flags else 1


def archery_target(s: Situation) -> tuple[Threat, tuple[int, int]] | None:
    """The first monster worth a shot in a clear straight line, within range.

    Only while it will still be two squares off after the shot (a shot wakes a
    sleeper): then the bow goes away as it closes the last square, and it steps
    into the hero's first blow instead of getting a free one during the swap.
    """
    for t in s.threats:
        if not 2 + pace(t) <= t.distance <= s.tactics.throw_range or t.left_asleep:
            continue
        if not t.awake and not s.tactics.fight_sleeping:
            continue
        if not t.info.worth_engaging:
            continue
        step = direction(s.player, t.seen.pos)
        if step is not None and clear_line(s, step, t.seen.pos):
            return t, step
    return None


def coming_to_be_shot(s: Situation) -> tuple[Threat, ...]:
    """Awake monsters worth a shot within range, not yet in line, far enough off that
    they can still come into line before they are two squares off.

    Rogue's chase steps a monster to the neighbouring square nearest the hero, so one
    coming at him across a room walks the diagonal until it is level with him or on
    his diagonal, and from there straight in: in line for the last few squares. A
    hero who waits for it, bow in hand, shoots it there; one who walks to meet it
    (the target expert before 1.36) meets it out of line and fights it hand to hand
    from the first blow. A bat is left out: Rogue moves it at random half the time.
    """
    return tuple(t for t in s.threats
                 if t.awake and not t.left_asleep and t.info.worth_engaging
                 and "erratic" not in t.info.flags
                 and 2 + pace(t) <= t.distance <= s.tactics.throw_range)


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


def missiles(s: Situation) -> tuple[Item | None, Item | None, list[Item]]:
    """The bow, the arrows, and what is ready to throw now: throwing weapons not in
    hand, and the arrows when the bow is in hand."""
    if s.inventory is None:
        return None, None, []
    weapons = s.inventory.of_kind("weapon")
    bow = next((w for w in weapons if w.name == "short bow"), None)
    arrows = next((w for w in weapons if w.name == "arrow"), None)
    in_hand = bow is not None and bow.wielded
    ammo = [w for w in weapons if not w.wielded and (
        w.name in THROWABLE or (in_hand and w.name == "arrow"))]
    return bow, arrows, ammo


def can_shoot(s: Situation) -> bool:
    """Something to throw, or the bow and arrows (readied or not)."""
    bow, arrows, ammo = missiles(s)
    return bool(ammo) or (bow is not None and arrows is not None)


def line_up_square(s: Situation, t: Threat, least: int = 4, walk: int = 12,
                   within: frozenset[Pos] | None = None) -> Pos | None:
    """A square to shoot at ``t`` from: in a clear line, ``least`` to range squares off
    (and among ``within``, if given).

    Of those at most ``walk`` (weighted) steps away, the one with the most shots for
    its walk: from ``d`` squares a sleeper that wakes at the first arrow is shot at
    ``d - 2`` times before it is two squares off and the bow is put away (it then
    steps in and takes the first blow of the melee).
    """
    if s.paths is None or not s.paths.dist:
        return None
    best: tuple[int, Pos] | None = None
    goal = t.seen.pos
    for i in s.paths.order:
        cost = s.paths.dist[i]
        if cost > walk:
            break
        q = position(i)
        d = chebyshev(q, goal)
        if not least <= d <= s.tactics.throw_range or q == s.player:
            continue
        if within is not None and q not in within:
            continue
        step = direction(q, goal)
        if step is None or not clear_line(s, step, goal, start=q):
            continue
        merit = 2 * min(d, 8) - cost
        if best is None or merit > best[0]:
            best = (merit, q)
    return None if best is None else best[1]


#: The actions of the walkers under the target: a step, or a rest.
WALKS = frozenset(KEYS.values()) | {"s"}


class Target(SentAware):
    """Pursues monsters worth fighting: near, beatable, and (by tactics) asleep or not.

    A sleeping one is not walked up to while there is something to shoot: the hero
    first walks to a square in line with it, a few squares off, for the missile
    expert. Each arrow is a blow it cannot return (the first wakes it), and at
    level 1 every one takes about a quarter off the chance that a hobgoblin
    fight kills the hero (17.7% from a first blow in melee; 13.3%, 9.8%, 7.3%
    after one, two, three arrows: Rogue's own to-hit and damage rules, simulated).
    Over 200 dungeons it measured no better than walking up (README, 1.10): most
    first fights start out of line. From 1.36 an awake monster coming from out of
    line is not walked to either: the bow is readied and the hero waits for it to
    come into line (:func:`coming_to_be_shot`), up to ``max_await`` turns.
    """

    name = "target"
    #: Turns to wait for an awake monster to come to us before going to it.
    patience = 3
    #: Steps toward a shooting square for one monster before walking up to it instead.
    max_line_up = 20
    #: Turns to wait, bow in hand, for awake monsters to come into line before going
    #: to meet them (one that does not come may be stuck, or not chasing).
    max_await = 8
    #: Times running we stand back for a readying of the bow that is not sent before
    #: we stop standing back for readyings on the level (see ``stood_back``).
    max_unheeded = 3

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.waited = 0
        #: The step toward a monster we proposed last: waiting starts again only once
        #: it was sent (one outranked each time, by the pack being listed, reset the
        #: wait for ever and held the hero 2,900 turns beside a kestrel: dungeon 301).
        self.going: str | None = None
        #: Steps taken to line up a shot, by the sleeping monster's square (a dict, so
        #: two sleepers that take turns being the nearest cannot reset each other).
        self.lining_up: dict[Pos, int] = {}
        #: Monsters (level, first sighting) we found no step toward: given up.
        self.blocked: set[tuple[int, int]] = set()
        #: The squares the sleepers among them lie on: one in a dark room or passage
        #: leaves the view as the hero steps off and comes back a new sighting. By
        #: sighting alone, dungeon 184 of 1.47 waited for a bat asleep beyond an ice
        #: monster in a doorway, gave it up, stepped off and back, and waited again -
        #: a thousand decisions, until melee struck the ice monster and it froze him.
        self.blocked_squares: set[tuple[int, Pos]] = set()
        #: Our waits (and the readying of the bow) for awake monsters to come into
        #: line, sent since the last time none was coming; the action proposed last.
        self.awaited = 0
        self.awaiting: str | None = None
        #: The readying of the bow we stood back for last, and how often running the
        #: action sent was not it. The missile expert gives up the bow after failed
        #: readyings (a cursed sword in hand), and standing back for a readying it no
        #: longer proposes held dungeon 117 of 1.47 for 2,500 decisions: in the room,
        #: in line with a sleeping snake, we stood back and the explorer stepped out;
        #: at the door, out of line, we stepped back in - until he starved on level 5
        #: at full health. (A shot with the bow in hand is always stood back for.)
        self.stood_back: str | None = None
        self.unheeded = 0
        #: The level on which standing back went unheeded ``max_unheeded`` times.
        self.no_standing_back = -1

    def advise(self, s: Situation) -> Proposal | None:
        if self.going is not None and self.going in self.sent:
            self.waited = 0
        if self.stood_back is not None:
            # Unheeded only when a walker under us took the turn (a step or a rest): a
            # higher expert's listing of the pack or meal says nothing of the missile
            # expert.
            if self.stood_back in self.sent:
                self.unheeded = 0
            elif self.sent and all(a in WALKS for a in self.sent):
                self.unheeded += 1
            if self.unheeded >= self.max_unheeded:
                self.no_standing_back, self.unheeded = s.level, 0
        self.stood_back = None
        if self.awaiting is not None and self.awaiting in self.sent:
            self.awaited += 1
        coming = coming_to_be_shot(s)
        if s.adjacent or not coming:
            self.awaited = 0
        self.awaiting = None
        proposal = self._advise(s, coming)
        self.going = proposal.action if proposal is not None and proposal.action != "s" \
            and self.awaiting is None else None
        return proposal

    def _advise(self, s: Situation, coming: tuple[Threat, ...]) -> Proposal | None:
        if s.adjacent or s.hp_fraction < max(s.tactics.rest_below, 0.85):
            return None
        level = s.level
        best = None
        for t in s.threats:
            if t.distance > s.tactics.chase_distance or t.left_asleep:
                continue
            if s.distance_to(t.seen.pos) > s.tactics.chase_distance:
                # Near as the crow flies, far by the way there (round a wall): the first
                # steps take the hero out of reach of the chase, the explorer walks back,
                # and the two took turns for 2,100 decisions in dungeon 1293 of 1.70
                # until he starved. It comes to us, or is met on the explorer's way.
                continue
            if (level, t.seen.first) in self.blocked:
                continue
            if not t.awake and (level, t.seen.pos) in self.blocked_squares:
                continue
            if not t.awake and not s.tactics.fight_sleeping:
                continue
            if t.info.flags & {"steals", "freezes", "holds"} or t.info.max_damage == 0:
                continue
            if s.expected_loss(t) > s.hp * 0.35:
                continue
            best = t
            break
        if best is None:
            self.waited = 0
            return None
        plan = missile_plan(s)
        readying = plan is not None and plan.action.startswith("w")
        if plan is not None and not (readying and self.no_standing_back == level):
            if readying:
                self.stood_back = plan.action
            return None  # in line for the missile expert: shoot rather than walk up
        if best.awake and best in coming and can_shoot(s) and \
                self.awaited < self.max_await:
            return self._await(s, best)
        if best.distance <= 2 and self.waited < self.patience:
            # Asleep or not: a monster that wakes as we close the last square
            # strikes first (see _initiative); one that comes to us is struck first.
            self.waited += 1
            return Proposal("s", f"target: let the {best.info.name} come to us")
        if not best.awake and can_shoot(s):
            spot = self._line_up(s, best)
            key = None if spot is None else s.step_to(spot, spare=True)
            if spot is not None and key is not None:
                return Proposal(key, f"target: line up a shot at the asleep {best.info.name} "
                                     f"from {spot}, {chebyshev(spot, best.seen.pos)} "
                                     f"squares from it")
        key = s.step_to(best.seen.pos, spare=True)
        if key is None:
            # No step toward it: no path, or the first step is into another monster
            # (a leprechaun let lie between us and a rattlesnake: waiting for it to
            # come, then finding no step, held dungeon 371 of 1.33's first build there
            # until he starved). Given up for the level (not for paths not yet made).
            if s.paths is not None:
                self.blocked.add((level, best.seen.first))
                if not best.awake:
                    self.blocked_squares.add((level, best.seen.pos))
            return None
        state = "awake" if best.awake else "asleep"
        return Proposal(key, f"target: go for the {state} {best.info.name} "
                             f"{best.distance} squares away")

    def _await(self, s: Situation, t: Threat) -> Proposal:
        """Ready the bow for an awake monster coming, or wait for it to come into line."""
        bow, arrows, ammo = missiles(s)
        name = t.info.name
        if not ammo and bow is not None and arrows is not None and not bow.wielded and \
                t.distance >= 2 + 2 * pace(t):
            proposal = Proposal("w" + bow.letter, f"target: ready the bow for the awake "
                                                  f"{name} {t.distance} squares off")
        else:
            proposal = Proposal("s", f"target: let the awake {name} {t.distance} squares "
                                     f"off come into line for a shot")
        self.awaiting = proposal.action
        return proposal

    def _line_up(self, s: Situation, t: Threat) -> Pos | None:
        """The square to shoot ``t`` from, while lining up has not taken too long."""
        steps = self.lining_up[t.seen.pos] = self.lining_up.get(t.seen.pos, 0) + 1
        return line_up_square(s, t) if steps <= self.max_line_up else None


def missile_plan(s: Situation, *, may_ready: bool = True) -> Proposal | None:
    """Shoot or throw at a monster in line, or ready the bow for one far enough off.

    A stale pack will do: the bow and the arrows keep their letters (when the
    arrows run out, Rogue's "not a valid item" removes the letter).
    """
    if s.adjacent or s.inventory is None or s.terrain is None:
        return None
    target = archery_target(s)
    if target is None:
        return None
    t, step = target
    # Readying takes a turn an awake monster comes on in; a sleeper waits for it.
    ready = may_ready and (t.distance >= 2 + 2 * pace(t) or not t.awake)
    return shot(s, t, step, ready=ready, who="missile", what=t.info.name)


def shot(s: Situation, t: Threat, step: tuple[int, int], *, ready: bool, who: str,
         what: str) -> Proposal | None:
    """Throw what is ready to throw at ``t`` along ``step``, else (if ``ready``) ready
    the bow: the missile expert's shot, and the icebreaker's."""
    bow, arrows, ammo = missiles(s)
    if ammo:
        item = ammo[0]
        return Proposal("t" + KEYS[step] + item.letter,
                        f"{who}: throw {item.text!r} at the {what} "
                        f"{t.distance} squares {KEYS[step]}")
    if ready and bow is not None and arrows is not None and not bow.wielded:
        return Proposal("w" + bow.letter, f"{who}: ready the bow for the "
                                          f"{what} {t.distance} squares off")
    return None


class Missile(SentAware):
    """Shoots arrows (readying the bow first) or throws daggers, darts, spears along a line.

    A monster coming at us in a straight line gets shot at until it is close: each
    arrow is a blow it cannot return. The weapon expert puts the bow away again.
    """

    name = "missile"
    #: Failed attempts to ready the bow (a cursed weapon in hand) before giving up.
    max_bow_tries = 3

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.failures = 0
        #: The wield we proposed last, if any.
        self.readied: str | None = None

    def advise(self, s: Situation) -> Proposal | None:
        inv = s.inventory
        # A try counts only if our wield was sent (not outranked); Rogue's "you are now
        # wielding" marks the bow in hand at once, so a pack in doubt still tells.
        if self.readied is not None and self.readied in self.sent and inv is not None \
                and not any(w.wielded and w.name == "short bow" for w in inv.of_kind("weapon")):
            self.failures += 1
        plan = missile_plan(s, may_ready=self.failures < self.max_bow_tries)
        self.readied = plan.action if plan is not None and plan.action.startswith("w") else None
        return plan


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
