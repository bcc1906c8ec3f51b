"""The tactical parameters of the Rog-O-Matic agent, kept as data.

The seed's "future work": tactics (when to rest, search, retreat, fight a sleeping
monster, eat...) are numbers chosen per game and scored afterwards, so that the
system can improve by playing many games. Every field has a default (the
hand-tuned value) and ``metadata["range"]``: ``(lo, hi)`` for numbers (ints stay
ints), ``(False, True)`` for booleans, so a learner can sample and score them
without knowing what each one means (:func:`tactic_ranges`).
"""

from __future__ import annotations

import attrs


def _f(default: float, lo: float, hi: float, doc: str) -> float:
    return attrs.field(default=default, metadata={"range": (lo, hi), "doc": doc})


def _i(default: int, lo: int, hi: int, doc: str) -> int:
    return attrs.field(default=default, metadata={"range": (lo, hi), "doc": doc})


def _b(default: bool, doc: str) -> bool:
    return attrs.field(default=default, metadata={"range": (False, True), "doc": doc})


@attrs.frozen
class Tactics:
    """When the experts rest, search, retreat, fight, eat, throw and zap."""

    #: Health: rest (search in place) when hit points fall below this fraction of max.
    rest_below: float = _f(0.85, 0.2, 0.95, "rest when hp/max hp is below this")
    #: Health: resting stops once hit points reach this fraction. 0.9 measured no
    #: better on 800 dungeons (docs/rogomatic.md, 1.69).
    rest_until: float = _f(1.0, 0.5, 1.0, "rest until hp/max hp reaches this")
    #: Battlestations: retreat when a monster could kill us within this many rounds.
    retreat_rounds: int = _i(2, 1, 4, "retreat when death is possible within N rounds")
    #: Target: attack monsters that are asleep (not moving) rather than leave them.
    #: Off measured no better on 400 dungeons (docs/rogomatic.md).
    fight_sleeping: bool = _b(True, "wake and fight sleeping monsters")
    #: All experts: leave asleep a monster that does not wake by itself when a fight
    #: with it would kill us more often than this (Situation.let_lie); 1 never does.
    wake_risk: float = _f(0.03, 0.0, 1.0,
                          "leave a sleeping non-mean monster alone if fighting it risks "
                          "death above this")
    #: All experts: leave asleep a *mean* monster (one Rogue may wake when the hero
    #: enters or leaves its room, two times in three, or stands beside it) when a fight
    #: with it would kill us more often than this; 1 never does (the default play).
    #: A mean monster that stayed asleep as the hero came in is not woken by his being
    #: in the room: only the door he leaves by, or a step beside it, rolls again.
    #: Measured worse at 0.1 (docs/rogomatic.md): the hobgoblin let lie is met anyway, unshot.
    mean_wake_risk: float = _f(1.0, 0.0, 1.0,
                               "leave a sleeping mean monster alone if fighting it risks "
                               "death above this (1: never)")
    #: Explorer and walkers: never step into a monster let lie (above) whose fight would
    #: kill us at least this often, a blow that wakes it: go round it, else to the
    #: stairs and down, and wake it only when nothing else is left, at full health
    #: (``_exploration.Exploration._around``). The walkers to objects and monsters spare
    #: those that freeze or rob whatever this says; the explorer, which must get
    #: somewhere, strikes them. 1 (the default) spares none by the risk, 1.63's play:
    #: 0.1 measured no better on 600 dungeons (docs/rogomatic.md).
    spare_risk: float = _f(1.0, 0.0, 1.0, "never walk into a monster let lie whose fight "
                                          "would kill us this often: go round it or down "
                                          "the stairs (1: never)")
    #: Explorer: spare a sleeping thief (leprechaun, nymph) in the way as ``spare_risk``
    #: spares a dreaded monster: explore round it, else the stairs, and strike it only
    #: when nothing else is left. A leprechaun woken by a blow takes ``rnd(50 + 10 x
    #: level) + 2`` gold, five times that unless the hero saves, more often than it dies.
    #: Off: over 600 dungeons thefts fell 91 -> 77 and the mean score did not rise
    #: (docs/rogomatic.md).
    spare_thieves: bool = _b(False, "explore round a sleeping leprechaun or nymph in the "
                                    "way rather than step into it")
    #: Icebreaker: shoot from afar an ice monster the hero keeps coming back beside,
    #: rather than leave it to the freezer and melee. Off by default: measured no
    #: better (1.48, docs/rogomatic.md).
    break_ice: bool = _b(False, "shoot from afar an ice monster the hero keeps "
                                "coming back beside")
    #: Target: chase monsters up to this many squares away.
    chase_distance: int = _i(6, 0, 20, "pursue monsters up to N squares away")
    #: Battlestations: while a retreat that keeps the monster from striking for
    #: ``_combat.KITE_MOVES`` moves is there (a loop it follows without a blow; see
    #: ``_kite``), keep walking it, healing, until hit points reach this fraction.
    #: Without a loop the retreat stops at 0.7. 0.8 measured no better (docs/rogomatic.md, 1.69).
    kite_until: float = _f(1.0, 0.0, 1.0, "walk a loop away from a following monster "
                                          "until hp/max hp reaches this")
    #: Battlestations: may the retreat's first step end diagonally beside a monster past
    #: a doorway or a corner of rock, where Rogue lets it neither step nor strike (the
    #: look-ahead counts such squares for the later moves)? 0: never, the step keeps two
    #: squares (1.14's rule); 1: only a step toward the known stairs; 2: any step; 3:
    #: only a step the look-ahead keeps out of reach for a whole loop or to the stairs;
    #: 4: as 3, while the hero lacks Rogue's running flag (monsters' +4: before his
    #: first faint), the default from 1.91. 1 and 2 measured worse on 1.60, 3 no better
    #: on 1.90, 4 leaned up on 1.90's 500 dungeons (docs/rogomatic.md).
    corner_first_step: int = _i(4, 0, 4, "a retreat's first step may pass a doorway or "
                                         "corner beside the monster: 0 never, 1 toward "
                                         "the stairs, 2 always, 3 onto a whole loop, 4 "
                                         "onto a whole loop before the first faint")
    #: Escape: walk away (to known stairs, else toward the unexplored) from a fight this
    #: likely to kill us; 1 never does. Off by default: measured no better (docs/rogomatic.md).
    flee_risk: float = _f(1.0, 0.0, 1.0,
                          "flee from a fight this likely to kill us (1: never)")
    #: Escape: walk away only on dungeon levels up to this one (26: on every level).
    #: Shallow, the purse left behind is small and the hero's experience is what
    #: carries him; deep, a hero who leaves fights goes down poorer in it.
    flee_deepest: int = _i(26, 1, 26, "walk away from risky fights (flee_risk) only on "
                                      "dungeon levels up to N")
    #: Escape: walk away only while the hero's experience level is at most this one
    #: (26: at any). At experience level 1 a hobgoblin kills a hero at full health 18%
    #: of the time, at level 2 with 18 hit points 6% (``_odds``): a hero who leaves on
    #: level 1 meets the next hobgoblin on level 2 still at level 1.
    flee_exp_most: int = _i(26, 1, 26, "walk away from risky fights (flee_risk) only while "
                                       "the hero's experience level is at most N")
    #: Escape: hurt (below ``rest_below``) and standing on the stairs, go down rather
    #: than fight awake monsters this likely to kill us; 1 never does. Leaving from
    #: the stairs takes one key and no walk, so no monster gets a blow in.
    stairs_flee_risk: float = _f(0.1, 0.0, 1.0, "hurt and on the stairs, go down rather "
                                                "than fight this likely to kill us "
                                                "(1: never)")
    #: Battlestations: beside (or two squares from) an awake monster whose fight kills
    #: us at least this often, walk it to the known stairs first (a follower never
    #: strikes) and fight it there, where ``stairs_fight_leave`` leaves with one key if
    #: the fight goes badly; 1 never does. Off by default: measured no better (docs/rogomatic.md).
    stairs_fight_risk: float = _f(1.0, 0.0, 1.0, "beside a monster this likely to kill us, "
                                                 "take the fight to the known stairs first "
                                                 "(1: never)")
    #: Escape: with ``stairs_fight_risk`` below 1, leave a fight on the stairs (hurt or
    #: not) once it would kill us this often, instead of ``stairs_flee_risk`` when hurt.
    stairs_fight_leave: float = _f(0.3, 0.0, 1.0, "with stairs_fight_risk on, go down from a "
                                                  "fight on the stairs once it would kill us "
                                                  "this often")
    #: Battlestations: the longest walk, in squares, ``stairs_fight_risk`` takes a fight.
    stairs_fight_walk: int = _i(30, 1, 80, "take a fight to the stairs only if they are at "
                                           "most N squares off")
    #: Health: a hurt hero walks this many squares at most to rest on the known
    #: stairs (where ``stairs_flee_risk`` lets him leave); 0 rests where he stands.
    #: 80 measured no better on 400 dungeons (docs/rogomatic.md).
    rest_on_stairs: int = _i(30, 0, 80, "walk up to N squares to rest on the known stairs "
                                        "(0: rest in place)")
    #: Escape: with the stairs not known, run toward the unexplored instead.
    flee_unexplored: bool = _b(True, "flee toward unexplored squares when the stairs are unknown")
    #: Health: eat at this hunger state (1 Hungry, 2 Weak, 3 after a faint: the hero
    #: then carries Rogue's "running" flag and monsters lose their +4; see _hunger).
    eat_at: int = _i(3, 1, 3, "eat when hunger reaches 1 Hungry / 2 Weak / 3 Faint "
                              "(after a faint, monsters lose +4 to hit)")
    #: Health: with food and ``eat_at`` 3, wait in a quiet spot for the faint from this
    #: hunger state (1 Hungry, 2 Weak): the hero lost the running flag at Hungry, so
    #: from then on every monster has +4 again until he has fainted and eaten.
    faint_wait_from: int = _i(2, 1, 2, "with food, wait in a quiet spot for the faint "
                                       "from hunger state 1 Hungry / 2 Weak")
    #: Health: carrying the running flag, eat once the floor under the food clock
    #: (``InternalState.food_floor``) is this low; Hungry begins below 300 and takes the
    #: flag. A meal adds to the clock, so eating early costs food only above 2,000.
    top_up_at: int = _i(400, 0, 1000, "with the running flag, eat when the food clock's "
                                      "floor falls to N (Hungry below 300; 0 never)")
    #: Exploration: with food in the pack and without the running flag (none before the
    #: first faint), wait on the stairs of a level done rather than go down while the
    #: floor under the food clock is below this: until the faint every monster swings
    #: with +4, and there a fight gone wrong is left with one key. 0 never waits; a
    #: meal lifts the floor above 1,100, so one camp a faint. 1,000 from 1.70, with
    #: ``camp_food`` 2 (docs/rogomatic.md): alone it measured no better on 600 dungeons.
    camp_below: int = _i(1000, 0, 1300, "without the running flag, with food, wait on "
                                        "the stairs for the faint rather than go down "
                                        "while the food clock's floor is below N (0 never)")
    #: Exploration: camp (``camp_below``) only on dungeon levels up to this one (26: on
    #: every level). Under ``camp_below`` 1,000 deaths on levels 2 and 3 before a faint
    #: halved, but the waits on deeper levels cost food: starvation doubled (docs/rogomatic.md).
    #: Level 1 only measured no better on 113 dungeons (docs/rogomatic.md, 1.70).
    camp_deepest: int = _i(26, 1, 26, "camp for the first faint (camp_below) only on "
                                      "dungeon levels up to N")
    #: Exploration: camp (``camp_below``) only with at least this many food items in the
    #: pack, so that the wait leaves a meal in hand after the faint's. 2 from 1.70: with
    #: ``camp_below`` 1,000 it measured better on 300 dungeons (docs/rogomatic.md).
    camp_food: int = _i(2, 1, 4, "camp for the first faint (camp_below) only with at "
                                 "least N food items in the pack")
    #: Exploration: on dungeon levels up to this one, without the running flag and with
    #: food in the pack, walk to the stairs as soon as they are known and wait there for
    #: the first faint before exploring the rest (0 never). ``camp_below`` waits only on a
    #: level done, and level-1 deaths, nearly all on first contacts while exploring before
    #: any faint, never moved under it (docs/rogomatic.md: 1.70). Measured much worse with 1: the
    #: wanderers that do not reach a hero who waits meet him later in the passages, and
    #: the wait costs the food clock 1,300 turns (docs/rogomatic.md).
    camp_first: int = _i(0, 0, 26, "without the running flag, with food, wait on the "
                                   "stairs for the first faint before exploring, on "
                                   "dungeon levels up to N (0 never)")
    #: Exploration: with the running flag (after the first faint) and food to spare
    #: (``camp_food`` meals, not short), wait on the stairs of a level done for the
    #: wanderers while the experience level is at least this far below the dungeon
    #: level (0 never): by level 7 most centaur deaths begin at full health against a
    #: hero of experience level 4 to 6 (docs/rogomatic.md), and a fight begun on the stairs is left
    #: by one key. ``season_turns`` caps the wait on each level.
    season_behind: int = _i(0, 0, 26, "with the running flag and food to spare, wait on "
                                      "the stairs of a level done for wanderers while the "
                                      "experience level is N or more below the dungeon "
                                      "level (0 never)")
    #: Exploration: with ``season_behind``, walk the level's doors, nearest first and
    #: round again, instead of waiting on the stairs: a wanderer stalls at the exit of
    #: its room nearest the hero as the crow flies, and the wait met one in 300 to 400
    #: actions (docs/rogomatic.md).
    season_patrol: bool = _b(False, "with season_behind, walk the level's doors for "
                                    "wanderers instead of waiting on the stairs")
    #: Exploration: the most actions a ``season_behind`` wait takes on one level.
    season_turns: int = _i(400, 0, 3000, "the most actions spent waiting for wanderers "
                                         "(season_behind) on one level")
    #: Weapon: on dungeon levels up to this one, carry the bow readied (arrows at hand)
    #: in a lit room, and wield the melee weapon again in the passages (0 never). A
    #: monster seen coming across a lit room is then shot at from its first square in
    #: line, where readying the bow first costs a turn in which it may step out of
    #: line (1.86, docs/rogomatic.md); the price is the turn to put the bow away if one appears
    #: beside the hero. Measured much worse with 1 and with 3 (docs/rogomatic.md): few more fights
    #: began with arrows, more began with the monster's blow during the swap.
    bow_in_rooms: int = _i(0, 0, 26, "carry the bow readied in lit rooms on dungeon "
                                     "levels up to N (0 never)")
    #: Missile: throw missiles at monsters at most this far away in a line (Rogue's
    #: missiles fly until they hit something; more squares, more shots before melee).
    throw_range: int = _i(12, 0, 20, "throw missiles at monsters up to N squares away")
    #: Battlestations: zap unknown wands at a monster when hp falls below this fraction.
    zap_below: float = _f(0.4, 0.0, 1.0, "zap wands at monsters when hp/max hp is below this")
    #: Battlestations: zap a known bolt, slow monster or teleport away wand
    #: (``_wands.EARLY_WANDS``) at a monster beside the hero (or awake two squares off,
    #: in line) as soon as Rogue's combat rules say fighting it to the end kills him at
    #: least this often, whatever his hit points; 1 (the default) waits for
    #: ``zap_below``. Measured at 0.1 no better (docs/rogomatic.md): few heroes carry a known wand,
    #: and a bolt the monster dodges can bounce back into the hero.
    zap_risk: float = _f(1.0, 0.0, 1.0, "zap a known attack wand when the fight in hand "
                                        "kills us at least this often")
    #: Battlestations: the same for an unidentified wand (one in four Rogue makes is a
    #: bolt, slow monster or teleport away; one in six hastes the monster or hides it).
    #: Measured at 0.1 worse (docs/rogomatic.md).
    zap_unknown_risk: float = _f(1.0, 0.0, 1.0, "zap an unknown wand when the fight in "
                                                "hand kills us at least this often")
    #: Exploration: searches per spot at a dead end before moving on.
    search_turns: int = _i(10, 3, 40, "searches per dead-end spot")
    #: Exploration: with nothing left to walk to but a cell of the level unseen (behind
    #: a secret door), search for the way in before taking known stairs. On in 1.59; off
    #: from 1.60 to 1.91, as measured no better on every level; on again from 1.92, with
    #: ``seek_hidden_deepest`` 6 (two runs of 500 and 300 dungeons: docs/rogomatic.md).
    seek_hidden: bool = _b(True, "search for the way into an unseen part of the level "
                                 "before taking known stairs")
    #: Exploration: with ``seek_hidden``, search only with at least this many food
    #: items in the pack. 1.90's 500 dungeons with the search on left more levels short
    #: of food (the turns a search costs come off the food clock, and the food lies in
    #: the same unfound rooms); 0 searches whenever the hero is not short of food.
    seek_hidden_food: int = _i(0, 0, 3, "with seek_hidden: search only with at least "
                                        "this many food items in the pack")
    #: Exploration: with ``seek_hidden``, search only on dungeon levels up to this one.
    #: Rogue draws a level's monsters from level - 6 to level + 3 in its list, so no
    #: centaur, quagga or yeti is met above level 7; the search on every level (1.90,
    #: 500 dungeons) lost its gold to those met on the longer stays deep down; up to level
    #: 6 it paid (1.92, docs/rogomatic.md).
    seek_hidden_deepest: int = _i(6, 1, 26, "with seek_hidden: search only on dungeon "
                                             "levels up to this one")
    #: Exploration: searching a maze, take its dead end that faces maze squares not
    #: yet seen (a way cut by a hidden square) for a passage's dead end, where the
    #: rest of a maze's many dead ends are worth little (``_hidden``). Measured no
    #: better over 300 dungeons (docs/rogomatic.md), so off, for the learner to try.
    maze_ends: bool = _b(False, "search first a maze dead end that faces maze not "
                                "yet seen")
    #: Exploration and hold: an ice monster let lie, remembered asleep out of view
    #: (``ObjectMap.freezers``), is no goal for the explorer, and the hold expert waits
    #: for it at most twice on its square, not at each new sighting. Ends the walks to
    #: and fro at a dark room's doorway (1.71's dungeon 1184 starved so); on in 1.72 to
    #: 1.74, measured worse on 500-599 (docs/rogomatic.md), so off, for the learner to try.
    remember_ice: bool = _b(False, "remember an ice monster asleep out of view: no goal "
                                   "on its square, no second wait for it")
    #: Exploration: the goals given up for a walk to and fro (``_pacing``) come back when
    #: no other goal is left and the stairs are not known, rather than the walls being
    #: searched: 1.96's dungeon 2386 gave up the two goals of a swing on level 2, the
    #: stairs lay beyond them, and he searched for 2,500 turns. Not yet measured, so off.
    pacing_retry: bool = _b(False, "bring back the goals given up for a walk to and fro "
                                   "once nothing else is left and the stairs are unknown")
    #: Exploration: standing at a passage that stops short (or a door whose passage is
    #: not seen) while a cell of the grid is unseen, search there ``search_turns`` times
    #: before walking on: the hidden square is beside him. On in the 1.72 candidate;
    #: measured no better over 300 dungeons (docs/rogomatic.md), so off, for the learner to try.
    search_dead_ends: bool = _b(False, "search a dead end on reaching it while a part of "
                                       "the level is unseen")
    #: Exploration: from this many turns back on one level to the goal just left, the
    #: explorer holds the goal it has (``_exploration.Exploration._frontier``); 0 never does.
    #: 4 in 1.77, measured no better over 300 dungeons (docs/rogomatic.md), so 0, for the learner.
    flip_backs: int = _i(0, 0, 50, "turns back to the goal just left, on a level, before "
                                   "the explorer holds its goal (0: never)")
    #: Exploration: how many squares of walk one unknown square that a dark room's floor
    #: square would show is worth, in the choice of the next square to explore
    #: (``_exploration.best_frontier``); 0 takes the nearest. 0.34 swept dark rooms in 0.86
    #: times the steps and measured no better over 500 dungeons (docs/rogomatic.md), so 0.
    explore_gain: float = _f(0.0, 0.0, 1.0, "squares of walk worth one unknown square a "
                                            "dark room's floor square would show (0: nearest)")
    #: Exploration: actions on a level before taking known stairs anyway.
    level_patience: int = _i(600, 100, 3000, "actions on a level before descending")
    #: Exploration: from this dungeon level on, take known stairs after
    #: ``dive_patience`` actions (0: never sooner than ``level_patience``). Deep, the
    #: hero's strength hardly grows with a level explored (experience level 6 or 7 from
    #: level 8 to 14 in 1.71's games), while each level's gold grows (a pile holds
    #: ``rnd(50 + 10 x level) + 2``) and each room explored is a fight with monsters that
    #: outclass him: the quit rule ends three games in ten there.
    dive_from: int = _i(0, 0, 26, "from dungeon level N on, descend after dive_patience "
                                  "actions (0: never)")
    #: Exploration: from ``dive_from`` on, actions on a level before taking known stairs.
    dive_patience: int = _i(100, 0, 3000, "from dive_from on, actions on a level before "
                                          "descending")
    #: Exploration and health: with no food in the pack, the hero is short of food once
    #: the floor under the food clock falls below this (2,000: whenever he has none).
    #: Rogue lays about half a food item on a level (a meal lasts 1,100 to 1,500 turns)
    #: and a level explored in full takes some 650 turns, so a hero without food falls
    #: behind; short of food he rests less and leaves a level sooner
    #: (``frugal_patience``).
    food_reserve: int = _i(900, 0, 2000, "with no food, hurry down once the food clock's "
                                         "floor is below N (0 never; 2000 always)")
    #: Exploration: short of food, actions on a level before taking known stairs.
    frugal_patience: int = _i(200, 0, 3000, "short of food, actions on a level before "
                                            "descending")
    #: Health: a hurt hero not resting on the stairs walks up to this many squares to
    #: rest in a lit room, on a square far from its doors (0 rests where he stands). A
    #: monster that comes to a rest in a passage or a dark room is seen only beside the
    #: hero; one that comes into a lit room is seen at the door, and the bow is readied
    #: for it (``_watch.lit_squares``). 40 and 10 measured no clear change (docs/rogomatic.md).
    rest_in_light: int = _i(0, 0, 80, "walk up to N squares to rest in a lit room, far "
                                      "from its doors (0: rest in place)")
    #: Health: a hurt hero not resting on the stairs walks up to this many squares to
    #: rest where his rest's searches should find a hidden way on (``_hidden``: a
    #: passage's dead end, a wall facing a cell never seen). Walking heals as fast as
    #: resting, so the walk costs no turns a rest would not; the searches come free.
    #: Measured at 30 worse over 500 dungeons (docs/rogomatic.md), so off, for the learner to try.
    rest_at_search: int = _i(0, 0, 80, "walk up to N squares to rest where the rest's "
                                       "searches may find a hidden way (0: in place)")
    #: Exploration: go down only with hit points at or above this fraction.
    descend_hp: float = _f(0.7, 0.0, 1.0, "descend only with hp/max hp at least this")
    #: Magic: read unidentified scrolls (to identify them). Off measured worse: no
    #: enchant armor or weapon is read (docs/rogomatic.md, 1.69).
    read_unknown: bool = _b(True, "read unknown scrolls")
    #: Magic: quaff unidentified potions in peace (to identify them). Off from 1.29:
    #: kept, an unknown potion is battlestations' last resort at the brink (healing
    #: or extra healing 18 times in 100), and no potion of blindness or
    #: hallucination costs 850 turns (docs/rogomatic.md, 1.29).
    quaff_unknown: bool = _b(False, "quaff unknown potions in peace to learn them")
    #: Magic: below this strength, quaff unknown potions in peace anyway (0: never).
    #: Under 7 Rogue takes a point off every blow's chance and damage per point lost
    #: (``Str_plus``, ``Add_dam`` in fight.c), and rattlesnakes' bites take heroes
    #: there; an unknown potion is restore strength 13 times in 100 and gain strength
    #: 13 (1.81: docs/rogomatic.md).
    quaff_below_strength: int = _i(7, 0, 16, "below this strength, quaff unknown potions "
                                             "in peace for restore strength (0: never)")
    #: Starvation: quit (keeping the purse) this many turns before starving, with no
    #: food in the pack or within reach on the map (``_surrender.Starvation``); 0 never
    #: quits so.
    starve_margin: int = _i(100, 0, 850, "quit this many turns before starving with "
                                         "nothing to eat (0: never)")
    #: Surrender: quit (keeping the purse; death takes a tenth) when nothing is left to
    #: try and the fight beside the hero kills him at least this often; 1 never quits.
    #: 0.75 from 1.41 (0.9 before: against it, the lower mark won on two sets of 200
    #: dungeons, docs/rogomatic.md).
    quit_risk: float = _f(0.75, 0.5, 1.0, "quit with the gold when the fight in hand kills "
                                         "us this often and nothing is left to try "
                                         "(1: never)")
    #: Surrender: above this dungeon level the mark is at least ``_surrender.SHALLOW_MARK``
    #: (0.95): a shallow hero's purse is small beside what the levels ahead hold, so the
    #: tenth that death takes is worth less than his chance of going on (docs/rogomatic.md, 1.42).
    quit_from: int = _i(6, 1, 26, "surrender at quit_risk from this dungeon level on "
                                  "(above it only when death is all but certain)")
    #: Surrender: from this dungeon level on, the mark is ``quit_risk_deep``: a deep
    #: hero's purse is most of what he will ever carry out.
    quit_deep_from: int = _i(12, 1, 26, "surrender at quit_risk_deep from this dungeon "
                                        "level on")
    quit_risk_deep: float = _f(0.55, 0.3, 1.0, "quit with the gold from quit_deep_from on "
                                               "when the fight in hand kills us this often")
    #: Armor: wear the best known armor (by the Arm value seen after wearing).
    wear_armor: bool = _b(True, "try on armor found")
    #: Weapon: points taken off the worth (mean damage, half a point a plus) of a
    #: weapon whose pluses are not known before it is weighed against the one in hand.
    #: Rogue curses one weapon in ten at -1 to -3 to hit, and a cursed weapon in hand
    #: cannot be put away, even for the bow. By Rogue's rules an unknown long sword
    #: loses more level-1 fights than the +1,+1 mace the hero starts with, but wins
    #: more deep ones: 2 measured worse, the deep games losing (docs/rogomatic.md).
    unknown_weapon_cost: float = _f(0.0, 0.0, 10.0, "worth taken off a weapon of unknown "
                                                    "pluses before wielding it")
    #: Rust: keep the armor on (or put it back on, the aquator not beside the hero)
    #: while other monsters that hurt are awake within five squares, when fighting
    #: them naked would kill the hero this much more often than dressed. 1 (the
    #: default) never does: the aquator comes first whoever else is about (1.16).
    rust_company_risk: float = _f(1.0, 0.0, 1.0,
                                  "keep the armor on for an aquator when the others about "
                                  "would kill a naked hero this much more often (1: never)")


def tactic_ranges() -> dict[str, tuple[object, object]]:
    """Every field's ``(lo, hi)`` range, by name."""
    return {f.name: f.metadata["range"] for f in attrs.fields(Tactics)}
