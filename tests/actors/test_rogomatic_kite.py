"""Walking away from a following monster: the look-ahead (``_kite``) and its use in a fight."""

from test_rogomatic_support import room_with, screen, status, with_pack

from actors.rogue import Tactics
from actors.rogue._combat import KITE_MOVES, escape_moves
from actors.rogue._grid import TOP, neighbours
from actors.rogue._kite import Kite


def rows_of(*lines: str, top: int = 2) -> tuple[str, ...]:
    """Terrain rows (screen rows 1-22) with ``lines`` drawn from screen row ``top``."""
    out = [" " * 80 for _ in range(22)]
    for i, line in enumerate(lines):
        out[top + i - TOP] = line.ljust(80)
    return tuple(out)


#: A ring of passage: rows 2 and 5, columns 2 and 11.
RING = rows_of("  ##########",
               "  #        #",
               "  #        #",
               "  ##########")
#: A passage running east into a dead end at column 9.
DEAD_END = rows_of("  ########")


def test_a_monster_moves_to_the_open_square_nearest_the_hero_and_ties_give_each_choice():
    """Rogue's chase: straight-line (squared) distance, the wall squares refused."""
    room = rows_of("-------",
                   "|.....|",
                   "|.....|",
                   "|.....|",
                   "-------")
    kite = Kite(room)
    assert kite.replies(((3, 1),), (3, 5)) == [((3, 2),)]
    # Two squares below and to the right: the diagonal is nearest.
    assert kite.replies(((3, 1),), (5, 3)) == [((4, 2),)]
    # In a passage with the hero two squares on, it can only follow.
    assert Kite(DEAD_END).replies(((2, 3),), (2, 5)) == [((2, 4),)]
    # A sleeper between them: the two squares beside it are as near, either may be taken.
    blocked = Kite(room, blocked=frozenset({(3, 3)}))
    assert sorted(blocked.replies(((4, 3),), (2, 3))) == [((3, 2),), ((3, 4),)]


def test_a_flier_moves_again_to_catch_up_but_never_strikes_after_moving():
    """Three squares behind, a walker comes one square, a flier two (Rogue moves it again
    while it is not beside the hero); either way it ends behind him, not on him."""
    assert Kite(DEAD_END).replies(((2, 3),), (2, 7)) == [((2, 4),)]
    flier = Kite(DEAD_END, flying=frozenset({0}))
    assert flier.replies(((2, 3),), (2, 7)) == [((2, 5),)]
    assert flier.replies(((2, 5),), (2, 7)) == [((2, 6),)]  # beside him: once only
    assert flier.first_steps((2, 4), ((2, 3),), KITE_MOVES) == {(2, 5): 5}  # as a walker


def test_a_dead_end_is_good_for_exactly_the_squares_left_in_it():
    """Hero at column 4, the monster behind him at 3, the passage ends at column 9:
    five steps east and then nowhere to go."""
    kite = Kite(DEAD_END)
    steps = kite.first_steps((2, 4), ((2, 3),), KITE_MOVES)
    assert steps == {(2, 5): 5}


def test_a_ring_of_passage_is_good_for_as_long_as_asked():
    """Round a ring the monster follows for ever: corners are safe, since a monster
    cannot step (or strike) diagonally past rock."""
    kite = Kite(RING)
    assert kite.first_steps((2, 5), ((2, 4),), 200) == {(2, 6): 200}
    assert not kite.reaches((2, 10), (3, 11))  # round the corner: rock at (3, 10)
    assert kite.reaches((2, 10), (2, 11))


def test_the_way_back_past_the_monster_is_no_step_at_all():
    """Walking into the monster, or beside it, is never a step away."""
    kite = Kite(RING)
    assert (2, 3) not in kite.first_steps((2, 5), ((2, 4),), 10)
    assert list(kite.steps((2, 5), ((2, 4),))) == [(2, 6)]


def test_a_room_corner_leaves_no_step():
    """In a corner of a room, the monster diagonally beside: every step stays in reach."""
    room = rows_of("-----",
                   "|...|",
                   "|...|",
                   "-----")
    assert Kite(room).first_steps((3, 1), ((4, 2),), 10) == {}


def test_an_open_room_is_a_trap_with_the_monster_straight_behind():
    """Rogue's chase puts a follower straight behind the hero after every step (it takes
    the square nearest him), so he can only go on forward, or forward diagonally, until
    the wall: from row 10 with the monster south, seven moves reach the top row (3)."""
    room = rows_of("-" * 72, *("|" + "." * 70 + "|" for _ in range(19)), "-" * 72)
    kite = Kite(room)
    assert kite.good_for((10, 35), ((11, 35),), 23) == 7
    assert kite.replies(((11, 35),), (9, 36)) == [((10, 36),)]


def test_other_monsters_block_the_way():
    """A sleeper in the passage ahead turns a ring into a dead end."""
    kite = Kite(RING, blocked=frozenset({(2, 8)}))
    assert kite.first_steps((2, 5), ((2, 4),), KITE_MOVES) == {(2, 6): 2}


def test_a_known_trap_is_no_step_for_the_hero_but_the_monster_walks_over_it():
    """A trap in the ring's far passage turns it into a dead end for the hero (a rust
    trap cost a level-1 hero three points of armor in one retreat: dungeon 2130 of
    1.92), while Rogue's monsters cross traps unharmed: one beyond it still comes."""
    trap = frozenset({(2, 8)})
    kite = Kite(RING, avoid=trap)
    assert kite.first_steps((2, 5), ((2, 4),), KITE_MOVES) == {(2, 6): 2}
    assert Kite(RING).first_steps((2, 5), ((2, 4),), KITE_MOVES) == {(2, 6): KITE_MOVES}
    assert kite.replies(((2, 7),), (2, 9)) == [((2, 8),)]


def test_the_stairs_at_a_dead_end_are_a_way_out():
    """The passage ends at column 9 with the stairs there: a hero who reaches them
    leaves with his next key, so the walk is good for as long as asked, where the
    same dead end without them is good for five moves."""
    kite = Kite(DEAD_END, way_out=(2, 9))
    assert kite.first_steps((2, 4), ((2, 3),), KITE_MOVES) == {(2, 5): KITE_MOVES}
    assert kite.good_for((2, 9), ((2, 8),), KITE_MOVES) == KITE_MOVES
    assert Kite(DEAD_END, way_out=(5, 5)).first_steps((2, 4), ((2, 3),), KITE_MOVES) == {
        (2, 5): 5}


async def test_unknown_squares_under_monsters_are_walkable_for_the_plan():
    """The map never saw under a monster: the terrain map counts its square as
    passage (the plan may cross it), and the rock beyond stays rock."""
    line = " " * RING_LEFT + "#########"
    seen = screen([line[:RING_LEFT + 2] + "@"], top=RING_TOP)
    fight = screen([line[:RING_LEFT + 2] + "@K"], top=RING_TOP)
    pipeline = await with_pack(seen, fight)
    rows = pipeline.situation().terrain.rows
    assert rows[RING_TOP - TOP][RING_LEFT + 3] == "#"
    assert rows[RING_TOP - TOP][RING_LEFT + 4] == " "


#: The ring as a screen, drawn from screen row 10, column 20 (clear of the room the
#: pack is read in): the passage is seen first, then the hurt hero with a hobgoblin
#: behind him.
RING_SCREEN = ["##########", "#        #", "#        #", "##########"]
RING_TOP, RING_LEFT = 10, 20


def _on_ring(*marks: tuple[int, int, str], ring: bool = True) -> list[str]:
    rows = [list(r) for r in RING_SCREEN] if ring else [list(RING_SCREEN[0][:6])]
    for c, ch in marks:
        rows[0][c] = ch
    return [" " * RING_LEFT + "".join(r) for r in rows]


async def _beside_hobgoblin(hp: int, tactics: Tactics | None = None, *, ring: bool = True,
                            letter: str = "H"):
    """The hero on the ring's top passage (column 3 of it), the hobgoblin (or ``letter``)
    west of him, having just hit him; without the ring, the passage ends two squares
    east of him."""
    seen = screen(_on_ring((3, "@"), ring=ring), top=RING_TOP)
    name = {"H": "hobgoblin", "K": "kestrel", "B": "bat"}[letter]
    fight = screen(_on_ring((3, "@"), (2, letter), ring=ring), top=RING_TOP,
                   status_line=status(hp=hp, hp_max=12), message=f"The {name} hits you")
    return await with_pack(seen, fight, tactics=tactics)


async def test_battlestations_walks_a_loop_while_hurt_at_all():
    """11 of 12 hp beside a hobgoblin on a ring: walk on round it (healing) instead of
    striking; without the loop the retreat waits for 70% of hp, and so it does with
    ``kite_until`` 0.7."""
    pipeline = await _beside_hobgoblin(11)
    proposal = pipeline.ask("melee")
    assert proposal.action == "l"
    assert proposal.rationale.startswith("battlestations: could die in 2 rounds")
    assert f"out of reach for {KITE_MOVES} moves" in proposal.rationale
    low = await _beside_hobgoblin(11, Tactics(kite_until=0.7))
    assert low.ask("melee").action == "h"
    assert (await _beside_hobgoblin(8, Tactics(kite_until=0.7))).ask("melee").action == "l"


async def test_a_kestrel_is_walked_away_from_too_but_not_a_bat():
    """A kestrel follows like any monster (its second move only catches up); a bat
    moves at random half the time and may strike from beside us: no retreat from it."""
    kestrel = await _beside_hobgoblin(5, letter="K")
    proposal = kestrel.ask("melee")
    assert proposal.action == "l" and "the kestrel" in proposal.rationale
    assert f"out of reach for {KITE_MOVES} moves" in proposal.rationale
    bat = await _beside_hobgoblin(5, letter="B")
    assert bat.ask("melee").rationale.startswith("melee: strike the bat")


async def test_a_trap_on_the_ring_leaves_no_loop_to_walk():
    """At 11 of 12 beside a hobgoblin, a known trap three squares on along the ring's
    top passage: the way round is no loop for the hero, and the step that keeps two
    squares off ends beside the trap, so he strikes as he would in a dead end."""
    seen = screen(_on_ring((3, "@"), (6, "^")), top=RING_TOP)
    fight = screen(_on_ring((3, "@"), (2, "H"), (6, "^")), top=RING_TOP,
                   status_line=status(hp=11, hp_max=12), message="The hobgoblin hits you")
    pipeline = await with_pack(seen, fight)
    assert (RING_TOP, RING_LEFT + 6) in pipeline.situation().terrain.traps
    assert pipeline.ask("melee").action == "h"


async def test_battlestations_fights_at_full_health_or_without_a_loop():
    """At 12 of 12, or at 11 with the passage ending two squares on (no loop to heal
    on), the hero strikes the hobgoblin."""
    full = await _beside_hobgoblin(12)
    assert full.ask("melee").action == "h"
    dead_end = await _beside_hobgoblin(11, ring=False)
    assert dead_end.ask("melee").action == "h"


async def test_a_hurt_hero_walks_to_the_stairs_at_a_passage_end_rather_than_strike():
    """At 9 of 12 beside a hobgoblin, the passage ending two squares east at the stairs:
    the look-ahead counts the stairs as a way out, so battlestations walks there (1.81
    saw a dead end, turned round a loop two squares short of them, and died on level 1:
    dungeon 1281). The same passage without the stairs is fought in, as above."""
    seen = screen(_on_ring((3, "@"), (5, "%"), ring=False), top=RING_TOP)
    fight = screen(_on_ring((3, "@"), (2, "H"), (5, "%"), ring=False), top=RING_TOP,
                   status_line=status(hp=9, hp_max=12), message="The hobgoblin hits you")
    pipeline = await with_pack(seen, fight)
    proposal = pipeline.ask("melee")
    assert proposal.action == "l"
    assert "toward the stairs" in proposal.rationale
    assert f"out of reach for {KITE_MOVES} moves" in proposal.rationale
    dead_end = await _beside_hobgoblin(9, ring=False)
    assert dead_end.ask("melee").action == "h"


async def test_toward_the_stairs_counts_steps_on_the_map_not_the_straight_line():
    """A U of passage: the stairs at the end of the lower arm lie east of the hero as
    the crow flies, but the way to them runs west, down and back east. With the
    hobgoblin east of him, the step west is toward the stairs (1.81 called such a
    step "away" and the step along the far arm "toward", and walked a level-1 hero
    from 26 squares off the stairs to 31: dungeon 1129), and the walk reaches them."""
    top, left = RING_TOP, RING_LEFT
    arms = [" " * left + "##########", " " * left + "#", " " * left + "########%"]
    hero = arms[0][:left + 4] + "@" + arms[0][left + 5:]
    seen = screen([hero, *arms[1:]], top=top)
    fight = screen([hero[:left + 5] + "H" + hero[left + 6:], *arms[1:]], top=top,
                   status_line=status(hp=5, hp_max=12), message="The hobgoblin hits you")
    pipeline = await with_pack(seen, fight)
    s = pipeline.situation()
    assert s.terrain.stairs == (top + 2, left + 8)
    [(_, step, why)] = escape_moves(s, s.threats)
    assert step == (top, left + 3)
    assert why == "toward the stairs (14 squares)"
    proposal = pipeline.ask("melee")
    assert proposal.action == "h"
    assert f"toward the stairs (14 squares) (out of reach for {KITE_MOVES} moves)" in \
        proposal.rationale


async def test_the_first_step_keeps_two_squares_even_round_a_corner():
    """The passage turns east under the hobgoblin: a step east would end diagonally
    beside it past rock, where Rogue lets it neither step nor strike, and the plan
    counts on that for later moves; the step taken now keeps two squares (the corner
    step measured worse), so with 5 hp and nowhere else to go the hero strikes. (The
    default's corner step before the first faint is only onto a whole walk, and east
    is a dead end: ``test_the_corner_step_onto_a_whole_walk_only``.)"""
    bend = [" " * RING_LEFT + "#", " " * RING_LEFT + "#########"]
    seen = screen([bend[0], bend[1][:RING_LEFT] + "@" + bend[1][RING_LEFT + 1:]], top=RING_TOP)
    fight = screen([bend[0][:RING_LEFT] + "H", bend[1][:RING_LEFT] + "@" +
                    bend[1][RING_LEFT + 1:]], top=RING_TOP,
                   status_line=status(hp=5, hp_max=12), message="The hobgoblin hits you")
    pipeline = await with_pack(seen, fight)
    assert pipeline.ask("melee").rationale.startswith("melee: strike the hobgoblin")
    kite = Kite(pipeline.situation().terrain.rows)
    assert kite.first_steps((RING_TOP + 1, RING_LEFT), ((RING_TOP, RING_LEFT),), 24) == {
        (RING_TOP + 1, RING_LEFT + 1): 8}


async def _at_the_bend(tactics: Tactics, end: str = "#", fainted: bool = False):
    """The bend of the test above, the passage ending in ``end`` (``%``: the stairs);
    ``fainted``: the hero came to from a faint first (Rogue's running flag)."""
    bend = [" " * RING_LEFT + "#", " " * RING_LEFT + "@#######" + end]
    seen = screen(bend, top=RING_TOP)
    views = [screen(bend, top=RING_TOP, message="You can move again")] if fainted else []
    fight = screen([" " * RING_LEFT + "H", bend[1]], top=RING_TOP,
                   status_line=status(hp=5, hp_max=12), message="The hobgoblin hits you")
    return await with_pack(seen, *views, fight, tactics=tactics)


async def test_the_first_step_may_pass_the_corner_when_the_tactic_says_so():
    """``corner_first_step`` 2: the step east, out of the hobgoblin's reach past the
    rock, is taken (1.60's dungeon 44 turned at such a bend at 9 of 12 and died); 1:
    only when it leads toward the known stairs; 0 (the default before 1.91): never."""
    east = "l"
    always = (await _at_the_bend(Tactics(corner_first_step=2))).ask("melee")
    assert always.action == east and "retreat away" in always.rationale
    assert (await _at_the_bend(Tactics(corner_first_step=1))).ask("melee").action != east
    to_stairs = (await _at_the_bend(Tactics(corner_first_step=1), end="%")).ask("melee")
    assert to_stairs.action == east and "toward the stairs" in to_stairs.rationale
    never = (await _at_the_bend(Tactics(corner_first_step=0), end="%")).ask("melee")
    assert never.rationale.startswith("melee: strike the hobgoblin")


async def test_the_corner_step_onto_a_whole_walk_only():
    """``corner_first_step`` 3: the step past the corner is taken only when the
    look-ahead keeps the hero out of reach from it for a whole walk (here: to the
    stairs at the passage's end); a bend into a dead end of eight squares is no such
    walk, and the hero strikes."""
    onto_loops = Tactics(corner_first_step=3)
    to_stairs = (await _at_the_bend(onto_loops, end="%")).ask("melee")
    assert to_stairs.action == "l"
    assert f"toward the stairs (8 squares) (out of reach for {KITE_MOVES} moves)" in \
        to_stairs.rationale
    dead_end = (await _at_the_bend(onto_loops)).ask("melee")
    assert dead_end.rationale.startswith("melee: strike the hobgoblin")
    # 4: the same before the first faint, and after it the step keeps two squares.
    before_faint = (await _at_the_bend(Tactics(corner_first_step=4), end="%")).ask("melee")
    assert before_faint.action == "l"
    after_faint = await _at_the_bend(Tactics(corner_first_step=4), end="%", fainted=True)
    assert after_faint.read("intern").steady
    assert after_faint.ask("melee").rationale.startswith("melee: strike the hobgoblin")


async def test_no_first_step_where_the_monster_could_still_strike():
    """A diagonal step across open floor ends beside the monster within its reach:
    however the tactic is set, that step is never a retreat."""
    view = screen(room_with((4, 3, "@"), (4, 2, "H")), top=2,
                  status_line=status(hp=5, hp_max=12), message="The hobgoblin hits you")
    pipeline = await with_pack(screen(room_with((4, 3, "@")), top=2), view,
                               tactics=Tactics(corner_first_step=2))
    s = pipeline.situation()
    monster = s.threats[0].seen.pos
    steps = {n for _, n, _ in escape_moves(s, s.threats)}
    assert steps and all(max(abs(r - monster[0]), abs(c - monster[1])) >= 2 for r, c in steps)
    assert len(steps) < sum(1 for n in neighbours(s.player) if s.step_ok(s.player, n)) - 1


async def test_a_walk_away_goes_on_once_the_hero_heals_past_the_line_that_started_it():
    """1.40. At 24 of 40 a centaur (up to 12 a round) could kill a level-6 hero in two
    rounds: battlestations walks him away. A step later he has healed to 25: the fight
    no longer looks bad, and before 1.40 melee turned and struck (dungeon 12 of 1.36
    died so); the walk now goes on while he is under 70% of his hit points. A hero who
    never walked, seeing the same screen, fights."""
    def view(hero: int, hp: int):
        marks = ((4, hero, "@"), (4, hero + 1, "C"))
        return screen(room_with(*marks), top=2,
                      status_line=status(hp=hp, hp_max=40, exp_level=6, level=8))

    pipeline = await with_pack(screen(room_with((4, 8, "@"), (4, 10, "C")), top=2,
                                      status_line=status(hp=24, hp_max=40, exp_level=6, level=8)),
                               view(8, 24))
    first = pipeline.ask("melee")
    assert first.action in ("h", "y", "b") and "retreat" in first.rationale
    melee = pipeline.expert("melee")
    assert pipeline.ask("melee", melee).action == first.action
    await pipeline.feed(view(7, 25), acted=first.action)
    assert "retreat" in pipeline.ask("melee", melee).rationale
    fresh = await with_pack(screen(room_with((4, 7, "@"), (4, 9, "C")), top=2,
                                   status_line=status(hp=25, hp_max=40, exp_level=6, level=8)),
                            view(7, 25))
    assert fresh.ask("melee").rationale.startswith("melee: strike the centaur")
