"""The fighting experts: weapon, melee, target, missile, battlestations, retreat.

Melee decides that a monster next to the hero must be dealt with and first asks
battlestations (the seed's hierarchy) whether to use magic or run; only if it has
nothing better does melee strike. Battlestations also stands alone in the static
order, for the monster that is coming but not yet adjacent. Both decide on the
odds from Rogue's own combat rules (``_odds``): the chance of dying in the
monsters' next round and of dying fighting on. Retreat follows the path field to
the stairs (steps onto loops score a little, dead ends count against): a
normal-speed monster that follows never gets a blow in, and going down the stairs
leaves it behind. With no way to the stairs there is no retreat: running only
puts the fight off, and the hero cannot rest while a monster follows.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation, Threat
from ._facts import Item
from ._grid import KEYS, Pos, chebyshev, direction, key_towards, neighbours
from ._inventory import THROWABLE, WEAPON_DAMAGE
from ._paths import first_step, path_to

MELEE_WEAPONS = ("two handed sword", "long sword", "mace", "spear", "dagger")


def _weapon_value(name: str, bonus: int | None) -> float:
    return WEAPON_DAMAGE.get(name, 0.0) + (bonus or 0) * 0.5


def weapon_choice(s: Situation) -> tuple[str, str] | None:
    """(letter, why) of a better melee weapon than the one in hand, if any.

    A stale pack will do: weapons keep their letters, and the bow must be put away
    mid-fight, when there is no time to look at the pack.
    """
    if s.inventory is None:
        return None
    weapons = s.inventory.of_kind("weapon")
    current = next((w for w in weapons if w.wielded), None)
    best = max((w for w in weapons if w.name in MELEE_WEAPONS),
               key=lambda w: _weapon_value(w.name, w.bonus), default=None)
    if best is None or best.wielded:
        return None
    now = _weapon_value(current.name, current.bonus) if current is not None else 0.0
    if current is not None and current.name not in MELEE_WEAPONS:
        now = 0.0  # a bow in hand is no melee weapon
    if _weapon_value(best.name, best.bonus) > now + 0.9:
        return best.letter, f"{best.text!r} beats {current.text if current else 'bare hands'!r}"
    return None


def archer(s: Situation) -> tuple[Item, Item] | None:
    """(bow, arrows) when the tactics say fight with the bow: enough arrows, no great sword.

    An arrow from the +1 bow does 2d3 against the mace's 2d4+1 at the same chance to
    hit, but it also reaches the monster while it comes: every shot before it is
    next to us is a blow it cannot return. So the bow stays in hand, and adjacent
    monsters are shot point-blank rather than given a free round while we change.
    """
    if not s.tactics.archery or s.inventory is None:
        return None
    weapons = s.inventory.of_kind("weapon")
    bow = next((w for w in weapons if w.name == "short bow"), None)
    arrows = next((w for w in weapons if w.name == "arrow"), None)
    if bow is None or arrows is None or arrows.count < s.tactics.min_arrows:
        return None
    best = max((_weapon_value(w.name, w.bonus) for w in weapons if w.name in MELEE_WEAPONS),
               default=0.0)
    if best >= GREAT_WEAPON:
        return None
    return bow, arrows


#: A melee weapon this good (mean damage) beats shooting point-blank: keep it in hand.
GREAT_WEAPON = 8.0


def escape_moves(s: Situation, threats: tuple[Threat, ...]) -> list[tuple[int, Pos, str]]:
    """Steps that leave every threat out of reach, best first, with their merits.

    A step must end two squares from every monster (else it strikes first). Merit:
    toward the stairs (a real escape), along a loop, away from choke-point dead ends.
    """
    here = s.player
    occupied = {t.seen.pos for t in s.threats}
    options = []
    stairs = s.terrain.stairs if s.terrain is not None else None
    cycles = s.connect.cycles if s.connect is not None else frozenset()
    dead = s.terrain.dead_ends if s.terrain is not None else frozenset()
    stairs_now = len(path_to(s.paths, stairs)) if s.paths and stairs else -1
    on_the_way = first_step(s.paths, stairs) if s.paths and stairs and stairs_now > 0 else None
    for n in neighbours(here):
        if n in occupied or not s.step_ok(here, n):
            continue
        if any(chebyshev(n, t.seen.pos) < 2 for t in threats):
            continue
        merit = 0
        why = "away"
        if stairs is not None and stairs_now > 0:
            if n == stairs or n == on_the_way:
                merit += TOWARD_STAIRS
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


def retreat_move(s: Situation, threats: tuple[Threat, ...]) -> Proposal | None:
    if any("holds" in t.info.flags for t in threats) or (s.intern and s.intern.held):
        return None
    if any("flies" in t.info.flags for t in threats):
        return None  # flyers move twice when two squares off: they always catch up
    if s.intern is not None and s.intern.confused:
        return None
    if s.terrain is not None and s.player == s.terrain.stairs:
        return Proposal(">", "retreat: down the stairs, out of reach")
    moves = escape_moves(s, threats)
    if not moves:
        return None
    merit, n, why = moves[0]
    if merit < TOWARD_STAIRS and not (s.tactics.run_anywhere and merit >= -10):
        # Running with nowhere to go only puts the fight off: a monster as fast as
        # we are follows (though it never strikes, and the hero heals slowly).
        return None
    return Proposal(key_towards(s.player, n), f"retreat {why}")


#: The merit of a step toward the stairs (see :func:`escape_moves`).
TOWARD_STAIRS = 20


def _zap(s: Situation, t: Threat, names: tuple[str, ...],
         zapped: set[str] = frozenset()) -> Proposal | None:
    if s.inventory is None or s.inventory.stale:
        return None
    step = direction(s.player, t.seen.pos)
    if step is None:
        return None
    for item in s.inventory.of_kind("wand"):
        if item.name in names or (not item.name and "" in names
                                  and item.letter not in zapped):
            what = item.name or "unknown"
            # Rogue 5.4.4 asks the direction first, then the wand.
            return Proposal("z" + KEYS[step] + item.letter,
                            f"zap the {what} wand ({item.letter}) at the {t.info.name}")
    return None


ATTACK_WANDS = ("teleport away", "slow monster", "lightning", "fire", "cold",
                "magic missile", "striking", "drain life", "cancellation")


def battlestations(s: Situation, zapped: set[str] | None = None) -> Proposal | None:
    """Special attacks, escapes and retreat when a fight goes badly.

    Two numbers from Rogue's own rules decide (see ``_odds``): the chance that the
    monsters next to us kill us in their next round, and the chance of dying if we
    fight on to the end. Below the tactics' ``fight_risk`` we fight (None).
    ``zapped`` (the caller's memory) holds unknown wands already tried: an unknown
    wand that did nothing useful once is not zapped again.
    """
    zapped = set() if zapped is None else zapped
    adjacent = s.adjacent
    near = s.awake_within(2)
    threats = adjacent or near
    if not threats:
        return None
    tactics = s.tactics
    worst = max(threats, key=lambda t: t.info.max_damage)
    name = worst.info.name
    now = s.die_next_round(adjacent) if adjacent else 0.0
    losing = s.fight_death(threats)
    if losing <= tactics.fight_risk and now <= tactics.one_round_risk:
        return None
    odds = f"death {now:.0%} next round, {losing:.0%} fighting on"
    one_round = now > tactics.one_round_risk
    if one_round:
        heal = s.has("potion", "extra healing") or s.has("potion", "healing")
        if heal:
            return Proposal("q" + heal, f"battlestations: could die in one round to the "
                                        f"{name} ({odds}): quaff healing")
    if s.terrain is not None and s.player == s.terrain.stairs and \
            not (s.intern and s.intern.held):
        return Proposal(">", f"battlestations: losing to the {name} ({odds}): "
                             f"down the stairs")
    if one_round and worst.adjacent:
        zap = _zap(s, worst, ("teleport away", "slow monster"))
        if zap is not None:
            return Proposal(zap.action, f"battlestations: could die in one round ({odds}): "
                            + zap.rationale)
        scroll = s.has("scroll", "teleportation")
        if scroll:
            return Proposal("r" + scroll, f"battlestations: could die in one round to the "
                                          f"{name} ({odds}): read teleportation")
    retreat = retreat_move(s, threats)
    if retreat is not None:
        return Proposal(retreat.action, f"battlestations: losing to the {name} ({odds}); "
                                        f"{retreat.rationale}")
    zap = _zap(s, worst, ATTACK_WANDS + ("",), zapped)
    if zap is not None and losing > tactics.fight_risk:
        zapped.add(zap.action[-1])
        return Proposal(zap.action, f"battlestations: losing ({odds}): " + zap.rationale)
    if (one_round or losing > 0.5) and worst.adjacent:
        if s.inventory is not None and not s.inventory.stale:
            for kind, key in (("potion", "q"), ("scroll", "r")):
                for item in s.inventory.of_kind(kind):
                    if not item.name:
                        return Proposal(key + item.letter,
                                        f"battlestations: losing to the {name} ({odds}), "
                                        f"no escape: try the unknown {kind} {item.letter}")
    return None


class Weapon(RogueExpert):
    """Wields the best melee weapon; puts the bow away when a monster comes close."""

    name = "weapon"
    #: The same wield proposed this many times running means it is not working.
    max_repeats = 2

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.tried: set[str] = set()
        self.last: tuple[str, int] = ("", 0)

    def advise(self, s: Situation) -> Proposal | None:
        proposal = self._advise(s)
        action = proposal.action if proposal is not None else ""
        repeats = self.last[1] + 1 if action and action == self.last[0] else 1
        self.last = (action, repeats)
        if proposal is not None and repeats > self.max_repeats:
            return None
        return proposal

    def _advise(self, s: Situation) -> Proposal | None:
        shooting = archer(s)
        if shooting is not None:
            bow, arrows = shooting
            if s.adjacent:
                return None  # taken by surprise: shoot point-blank rather than give a blow
            if not bow.wielded:
                if s.awake_within(5):
                    return None  # no time to change back before it arrives
                return Proposal("w" + bow.letter, f"weapon: ready the bow ({arrows.count} "
                                                  f"arrows): shoot monsters as they come")
            coming = s.awake_within(2)
            choice = weapon_choice(s)
            if coming and choice is not None:
                # Two squares off: it steps next to us while we change, and the mace
                # strikes first (the arrow does 2d3 point-blank, the mace 2d4+1).
                return Proposal("w" + choice[0], f"weapon: the {coming[0].info.name} is two "
                                                 f"squares off: {choice[1]}")
            return None
        choice = weapon_choice(s)
        if choice is None:
            return None
        letter, why = choice
        assert s.inventory is not None
        bow = any(w.wielded and w.name == "short bow" for w in s.inventory.of_kind("weapon"))
        if bow:
            if not s.adjacent and not s.awake_within(2) and archery_target(s) is not None:
                return None  # still shooting
            return Proposal("w" + letter, f"weapon: bow away, wield {why}")
        if s.awake_within(2) or s.adjacent:
            return None  # no changing weapons mid-fight for an upgrade
        text = next(i.text for i in s.inventory.items if i.letter == letter)
        if text in self.tried:
            return None
        self.tried.add(text)
        return Proposal("w" + letter, f"weapon: wield {why}")


def clear_line(s: Situation, step: tuple[int, int], goal: Pos) -> bool:
    """Nothing but open squares between the hero and ``goal`` along ``step``."""
    pos = s.player
    occupied = {t.seen.pos for t in s.threats}
    while True:
        nxt = (pos[0] + step[0], pos[1] + step[1])
        if nxt == goal:
            return True
        if not s.step_ok(pos, nxt) or nxt in occupied:
            return False
        pos = nxt


def archery_target(s: Situation, nearest: int = 2) -> tuple[Threat, tuple[int, int]] | None:
    """The first awake monster in a clear straight line, ``nearest``..range squares off."""
    for t in s.threats:
        if not nearest <= t.distance <= s.tactics.throw_range:
            continue
        if not t.awake and not s.tactics.fight_sleeping:
            continue
        if t.info.max_damage == 0 and not t.info.flags & {"steals", "freezes"}:
            continue
        # An ice monster's touch freezes (and frozen, we are hit more often and frozen
        # longer: Rogue kills the hero past 50 turns of it): shoot it before it comes.
        if not t.awake and "freezes" not in t.info.flags and \
                s.odds(t).death > s.tactics.sleeping_risk:
            continue  # let sleeping monsters we would likely lose to lie
        step = direction(s.player, t.seen.pos)
        if step is not None and clear_line(s, step, t.seen.pos):
            return t, step
    return None


class Melee(RogueExpert):
    """Fights the monster next to us, after asking battlestations."""

    name = "melee"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.grope = 0
        #: Quiet turns left in which an unseen attacker is assumed still next to us.
        self.unseen_turns = 0
        #: Unknown wands already zapped (by letter).
        self.zapped: set[str] = set()
        #: Where we stood when we last stepped away from an ice monster.
        self.stepped_from: tuple[int, int] | None = None

    def advise(self, s: Situation) -> Proposal | None:
        adjacent = s.adjacent
        events = s.events.events if s.events is not None else ()
        kinds = frozenset(e.kind for e in events)
        blind = s.intern is not None and s.intern.blind
        unseen = any(e.kind in ("hit_by", "missed_by", "we_hit", "we_missed")
                     and e.subject.lower() in ("something", "it") for e in events)
        fighting_blind = unseen or blind and bool(kinds & {
            "hit_by", "missed_by", "we_hit", "we_missed"})
        if "killed" in kinds:
            self.unseen_turns = 0
        elif fighting_blind:
            self.unseen_turns = 4
        elif self.unseen_turns and not adjacent and (blind or s.sensed.message == ""):
            # A quiet turn in an unseen fight: the attacker is still there.
            self.unseen_turns -= 1
            fighting_blind = self.unseen_turns > 0
        if not adjacent and fighting_blind:
            # Something we cannot see fights us: strike around until a blow lands on
            # something, then keep striking that way.
            if not kinds & {"we_hit", "we_missed"}:  # a miss still found something there
                self.grope = (self.grope + 1) % len(KEYS)
            key = "hjklyubn"[self.grope]
            return Proposal(key, f"melee: attacked by something unseen: strike {key}")
        if adjacent:
            self.unseen_turns = 0
        if not adjacent:
            return None
        advice = battlestations(s, self.zapped)
        if advice is not None:
            return advice
        stuck = self.stepped_from == s.player
        self.stepped_from = None
        if all("freezes" in t.info.flags for t in adjacent) and not stuck:
            # An ice monster does no damage but freezes: each blow we trade risks a
            # long freeze. It does not chase, so walk away if we can.
            away = escape_moves(s, adjacent)
            if away:
                _, n, _ = away[0]
                self.stepped_from = s.player
                return Proposal(key_towards(s.player, n),
                                "melee: step away from the ice monster (it freezes)")
        target = min(adjacent, key=lambda t: (t.info.level, -t.info.max_damage))
        key = key_towards(s.player, target.seen.pos)
        shooting = archer(s)
        if shooting is not None and shooting[0].wielded:
            arrows = shooting[1]
            return Proposal("t" + key + arrows.letter,
                            f"melee: shoot the {target.info.name} point-blank ({key}); "
                            f"hp {s.hp}, {arrows.count} arrows")
        hp = s.hp
        return Proposal(key, f"melee: strike the {target.info.name} ({key}); hp {hp}, "
                             f"it can do {target.info.max_damage} a round")


class Target(RogueExpert):
    """Pursues monsters worth fighting: near, beatable, and (by tactics) asleep or not."""

    name = "target"
    #: Turns to wait for an awake monster to come to us before going to it (whoever
    #: steps next to the other gives the first blow away).
    patience = 6

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.waited = 0

    def advise(self, s: Situation) -> Proposal | None:
        if s.adjacent or s.hp_fraction < max(s.tactics.rest_below, 0.85):
            return None
        best = None
        for t in s.threats:
            if t.distance > s.tactics.chase_distance:
                continue
            if not t.awake and not s.tactics.fight_sleeping:
                continue
            if t.info.flags & {"steals", "freezes", "holds"} or t.info.max_damage == 0:
                continue
            risk = s.tactics.fight_risk if t.awake else s.tactics.sleeping_risk
            if s.odds(t).death > risk:
                continue
            best = t
            break
        if best is None:
            return None
        if missile_plan(s) is not None:
            return None  # in line for the missile expert: shoot rather than walk up
        if best.awake and best.distance <= 4 and self.waited < self.patience:
            self.waited += 1
            return Proposal("s", f"target: let the {best.info.name} come to us")
        self.waited = 0
        key = s.step_to(best.seen.pos)
        if key is None:
            return None
        state = "awake" if best.awake else "asleep"
        return Proposal(key, f"target: go for the {state} {best.info.name} "
                             f"{best.distance} squares away")


def missile_plan(s: Situation, *, may_ready: bool = True) -> Proposal | None:
    """Shoot or throw at a monster in line, or ready the bow for one far enough off.

    A stale pack will do: the bow and the arrows keep their letters (when the
    arrows run out, Rogue's "not a valid item" removes the letter).
    """
    if s.adjacent or s.inventory is None or s.terrain is None:
        return None
    weapons = s.inventory.of_kind("weapon")
    bow = next((w for w in weapons if w.name == "short bow"), None)
    arrows = next((w for w in weapons if w.name == "arrow"), None)
    in_hand = bow is not None and bow.wielded
    ammo = [w for w in weapons if not w.wielded and (
        w.name in THROWABLE or (in_hand and w.name == "arrow"))]
    target = archery_target(s)
    if target is None:
        return None
    t, step = target
    if ammo:
        item = ammo[0]
        return Proposal("t" + KEYS[step] + item.letter,
                        f"missile: throw {item.text!r} at the {t.info.name} "
                        f"{t.distance} squares {KEYS[step]}")
    if bow is not None and arrows is not None and not in_hand and may_ready and (
            t.distance >= 5 or (not t.awake and t.distance >= 3)):
        return Proposal("w" + bow.letter, f"missile: ready the bow for the "
                                          f"{t.info.name} {t.distance} squares off")
    return None


class Missile(RogueExpert):
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
        self.readied = False

    def advise(self, s: Situation) -> Proposal | None:
        inv = s.inventory
        if self.readied and inv is not None and not inv.stale and not any(
                w.wielded and w.name == "short bow" for w in inv.of_kind("weapon")):
            self.failures += 1
        plan = missile_plan(s, may_ready=self.failures < self.max_bow_tries)
        self.readied = plan is not None and plan.action.startswith("w")
        return plan


class Battlestations(RogueExpert):
    name = "battlestations"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.zapped: set[str] = set()

    def advise(self, s: Situation) -> Proposal | None:
        return battlestations(s, self.zapped)


class Retreat(RogueExpert):
    """Runs from awake monsters we cannot afford to fight while hurt."""

    name = "retreat"

    def advise(self, s: Situation) -> Proposal | None:
        coming = tuple(t for t in s.awake_within(5) if t.info.max_damage > 0)
        if not coming:
            return None
        losing = s.fight_death(coming)
        if losing <= s.tactics.fight_risk:
            return None
        move = retreat_move(s, coming)
        if move is None:
            return None
        return Proposal(move.action, f"retreat: {losing:.0%} death fighting the "
                                     f"{coming[0].info.name}; {move.rationale}")

