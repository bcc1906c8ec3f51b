"""Archery: the target and missile experts, and when the bow is in hand.

Each arrow is a blow a monster cannot return. The target expert walks to a square
in line with a monster worth fighting (:func:`line_up_square`) or waits, bow in
hand, for an awake one to come into line (:func:`coming_to_be_shot`); the missile
expert readies the bow and shoots along a clear line (:func:`missile_plan`); the
weapon expert (``_combat``) puts the bow away as the monster closes, and keeps it in
hand while one is coming into line (or, by ``Tactics.bow_in_rooms``, in lit rooms:
:func:`bow_to_carry`).
"""

from __future__ import annotations

from runtime import Proposal

from ._base import SentAware
from ._context import Situation, Threat
from ._facts import Item
from ._grid import KEYS, Pos, chebyshev, direction, position
from ._inventory import THROWABLE
from ._watch import room_around


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
    Over 200 dungeons it measured no better than walking up (docs/rogomatic.md, 1.10): most
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
            # A sleeper we are lining up a shot at stays the target out to the range of
            # the shot: the square in line may lie beyond the chase distance, and 1.94
            # stepped toward one seven squares off, dropped the monster there, let the
            # explorer step back, and took it up again, twenty times over (dungeons 2076
            # and 2085; one game in four had such a walk of 40 decisions).
            lining = not t.awake and 0 < self.lining_up.get(t.seen.pos, 0) <= self.max_line_up
            reach = max(s.tactics.chase_distance, s.tactics.throw_range) if lining \
                else s.tactics.chase_distance
            if t.distance > reach or t.left_asleep:
                continue
            if s.distance_to(t.seen.pos) > reach:
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
