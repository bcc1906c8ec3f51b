"""The fight odds from Rogue 5.4.4's rules, and the escape by the stairs built on them."""

import collections
import random

import pytest
from test_rogomatic_support import room_with, screen, status, with_pack

from actors.rogue import Tactics
from actors.rogue._monsters import monster
from actors.rogue._odds import (
    Hero,
    _hit_points_left,
    _roll,
    die_next_round,
    fight_odds,
    hit_chance,
    monster_round,
)


def test_hit_chance_follows_rogues_swing_rule():
    """Level 1 with +1 against armor 5 hits on 7 of 20 rolls; the chance stays in [0, 1]."""
    assert hit_chance(1, 5, 1) == pytest.approx(0.35)
    assert hit_chance(1, -10, 0) == 0.0
    assert hit_chance(20, 9, 5) == 1.0


def test_a_hobgoblins_round_is_a_55_percent_chance_of_1d8():
    """Against Arm 4 (armor value 6) a hobgoblin hits 55% of the time (Rogue's +4 against
    a hero who is never flagged running), each damage 1-8 alike."""
    dist = monster_round(monster("H"), 6)
    assert dist[0] == pytest.approx(0.45)
    assert dist[8] == pytest.approx(0.55 / 8)
    assert max(dist) == 8


def test_die_next_round_is_exact_and_adds_up_several_monsters():
    """7 hp beside a hobgoblin: dies only on a hit of 7 or 8; two of them are worse."""
    h = monster("H")
    assert die_next_round(7, (h,), 6) == pytest.approx(0.55 * 2 / 8)
    assert die_next_round(7, (h, h), 6) > die_next_round(7, (h,), 6)
    assert die_next_round(9, (h,), 6) == 0.0


def test_a_steady_hero_takes_fewer_blows_and_loses_fewer_fights():
    """After a faint (Rogue's running flag on the hero) a hobgoblin hits Arm 4 35% of the
    time, not 55%, and a fight from full health kills a level-1 hero about half as often."""
    steady = Hero(steady=True)
    assert monster_round(monster("H"), 6, steady.monster_plus)[0] == pytest.approx(0.65)
    assert die_next_round(7, (monster("H"),), 6, 0) == pytest.approx(0.35 * 2 / 8)
    before = fight_odds(12, Hero(), monster("H"), trials=2000).death
    after = fight_odds(12, steady, monster("H"), trials=2000).death
    assert after < 0.7 * before


def test_fight_odds_worsen_with_fewer_hit_points():
    """Fewer hit points mean more deaths (a sleeper gives the hero no +4: his blow wakes
    it before the roll)."""
    hero, h = Hero(), monster("H")
    full, hurt = fight_odds(12, hero, h), fight_odds(4, hero, h)
    assert hurt.death > full.death
    assert fight_odds(12, hero, h) == full  # seeded: the same question, the same answer


def test_a_fresh_hero_loses_to_a_hobgoblin_about_one_time_in_six():
    """12 hp, level 1, the starting mace: a hobgoblin kills him 10-25% of the time, a
    snake (1d3) almost never."""
    assert 0.10 < fight_odds(12, Hero(), monster("H"), trials=2000).death < 0.25
    assert fight_odds(12, Hero(), monster("S"), trials=2000).death < 0.05


def test_a_wounded_monster_has_the_hit_points_its_wounds_could_leave_it():
    """A hobgoblin (1d8) that lived through one blow of the starting mace (2d4, +1, +1
    for strength 16: 4 to 10) has 1 to 4 left, 1 most often (it had 5 to 8 and took at
    least 4; only a hobgoblin of 8 that took 4 has 4 left). Drawn with those chances."""
    rng = random.Random(7)
    draws = collections.Counter(_hit_points_left(rng, 1, Hero(), (1, 0)) for _ in range(20_000))
    assert set(draws) == {1, 2, 3, 4}
    # Of the 20 in 128 rolls it lives through: 10 leave 1, 6 leave 2, 3 leave 3, 1 leaves 4.
    for left, chance in ((1, 0.5), (2, 0.3), (3, 0.15), (4, 0.05)):
        assert draws[left] / 20_000 == pytest.approx(chance, abs=0.01)


def test_wounds_no_monster_could_live_through_leave_it_one_hit_point():
    """Five blows of a two-handed sword (at least 20) on an aquator (5d8, at most 40)
    that the hero counts as alive: nearly never possible, and the odds say the fight is
    all but won without drawing for it (it took 140 ms in a real game when drawn), and
    wounds beyond any roll leave it 1."""
    sword = Hero(level=6, strength=15, armor=10, dice=((4, 4),), hit_plus=0, dam_plus=0)
    rng = random.Random(1)
    assert all(_hit_points_left(rng, 5, sword, (5, 0)) <= 20 for _ in range(1000))
    assert _hit_points_left(rng, 5, sword, (11, 0)) == 1
    fresh = fight_odds(25, sword, monster("A")).rounds
    assert fight_odds(25, sword, monster("A"), wounds=(5, 0)).rounds < 0.6 * fresh


def test_dice_are_rolled_as_randint_rolls_them():
    """The Monte Carlo's dice draw the numbers ``randint`` would from the same stream,
    so the odds (and the games) are the ones the seeded draws always gave."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n, s in ((1, 1), (1, 2), (2, 3), (2, 4), (4, 4), (1, 6), (5, 8), (25, 8), (1, 12)):
            assert _roll(ours.getrandbits, n, s) == sum(theirs.randint(1, s) for _ in range(n))
        assert ours.random() == theirs.random()

class CountingRandom(random.Random):
    """Counts the random numbers asked of it."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.asked = 0

    def random(self) -> float:
        self.asked += 1
        return super().random()

    def randint(self, a: int, b: int) -> int:
        self.asked += 1
        return super().randint(a, b)


def test_a_wounded_monsters_hit_points_take_one_random_number_however_unlikely():
    """The cost of a draw does not grow as the wounds get less likely to leave it alive
    (drawing until it lived took up to 50 rolls of 5d8 and 20d4 each)."""
    sword = Hero(level=6, strength=15, armor=10, dice=((4, 4),), hit_plus=0, dam_plus=0)
    for wounds in ((1, 0), (5, 0), (3, 2)):
        rng = CountingRandom(3)
        for _ in range(100):
            _hit_points_left(rng, 5, sword, wounds)
        assert rng.asked == 100


#: Escape on, at the risk a fresh hero's hobgoblin fight carries (off by default); the
#: leave from the stairs while hurt (on by default) off, to see the walk's own rule.
ESCAPE = Tactics(flee_risk=0.15, stairs_flee_risk=1.0)
NO_RUN = Tactics(flee_risk=0.15, flee_unexplored=False, stairs_flee_risk=1.0)


def coming(*frames: tuple[int, int, str]) -> list:
    """Screens of the room with the hero at (3, 6), the stairs at (3, 2), one mark each."""
    return [screen(room_with((3, 6, "@"), (3, 2, "%"), mark), top=2) for mark in frames]


async def test_escape_walks_to_the_stairs_away_from_an_awake_hobgoblin():
    """A hobgoblin coming from the east, the stairs to the west: walk west, toward them."""
    pipeline = await with_pack(*coming((3, 11, "H"), (3, 10, "H")), tactics=ESCAPE)
    proposal = pipeline.ask("escape")
    assert proposal.action in ("h", "y", "b")
    assert "hobgoblin would kill us" in proposal.rationale
    assert "to the stairs, 4 squares" in proposal.rationale


async def test_escape_stays_to_fight_a_snake_or_when_the_tactics_accept_the_risk():
    """A snake is no danger worth running from; nor is a hobgoblin with flee_risk at 1
    (the default)."""
    pipeline = await with_pack(*coming((3, 11, "S"), (3, 10, "S")), tactics=ESCAPE)
    assert pipeline.ask("escape") is None
    pipeline = await with_pack(*coming((3, 11, "H"), (3, 10, "H")))
    assert pipeline.ask("escape") is None


async def test_escape_walks_away_only_as_deep_as_the_tactics_say():
    """``flee_deepest`` 3: the same hobgoblin is walked away from on level 3, fought on
    level 4."""
    shallow = Tactics(flee_risk=0.15, stairs_flee_risk=1.0, flee_deepest=3)

    def on_level(level: int) -> list:
        return [screen(room_with((3, 6, "@"), (3, 2, "%"), mark), top=2,
                       status_line=status(level=level)) for mark in ((3, 11, "H"), (3, 10, "H"))]

    assert (await with_pack(*on_level(3), tactics=shallow)).ask("escape").action in ("h", "y", "b")
    assert (await with_pack(*on_level(4), tactics=shallow)).ask("escape") is None
    assert (await with_pack(*on_level(4), tactics=ESCAPE)).ask("escape") is not None


async def test_escape_walks_away_only_while_the_hero_is_as_green_as_the_tactics_say():
    """``flee_exp_most`` 1: the same hobgoblin on level 3 is walked away from by a hero
    of experience level 1, fought by one of level 2."""
    green = Tactics(flee_risk=0.15, stairs_flee_risk=1.0, flee_exp_most=1)

    def at_experience(exp_level: int) -> list:
        line = status(level=3, exp_level=exp_level)
        return [screen(room_with((3, 6, "@"), (3, 2, "%"), mark), top=2, status_line=line)
                for mark in ((3, 11, "H"), (3, 10, "H"))]

    proposal = (await with_pack(*at_experience(1), tactics=green)).ask("escape")
    assert proposal is not None and proposal.action in ("h", "y", "b")
    assert (await with_pack(*at_experience(2), tactics=green)).ask("escape") is None


async def test_escape_does_not_walk_past_the_monster_to_reach_the_stairs():
    """The hobgoblin stands between us and the stairs: no path is safe, so no escape."""
    pipeline = await with_pack(*coming((4, 4, "H"), (3, 4, "H")), tactics=NO_RUN)
    assert pipeline.ask("escape") is None


async def test_escape_runs_toward_the_unexplored_when_the_stairs_are_unknown():
    """No stairs known, a hobgoblin coming from the west: run for the east door (4, 13);
    with the stairs known but behind the hobgoblin, the same."""
    views = [screen(room_with((3, 6, "@"), mark), top=2) for mark in ((3, 2, "H"), (3, 3, "H"))]
    proposal = (await with_pack(*views, tactics=ESCAPE)).ask("escape")
    assert proposal.action in ("l", "n") and "toward the unknown at (4, 13)" in proposal.rationale
    proposal = (await with_pack(*coming((4, 4, "H"), (3, 4, "H")), tactics=ESCAPE)).ask("escape")
    assert proposal.action in ("l", "n") and "toward the unknown" in proposal.rationale
    assert (await with_pack(*views, tactics=NO_RUN)).ask("escape") is None


async def test_escape_counts_a_flier_at_double_speed():
    """A kestrel (it moves twice when three or more squares off) five squares east
    reaches the path's first squares in time: no escape; a hobgoblin there is outrun."""
    pipeline = await with_pack(*coming((4, 12, "K"), (3, 11, "K")), tactics=NO_RUN)
    assert pipeline.ask("escape") is None
    pipeline = await with_pack(*coming((4, 12, "H"), (3, 11, "H")), tactics=ESCAPE)
    assert pipeline.ask("escape").action in ("h", "y", "b")


async def test_battlestations_goes_down_the_stairs_from_a_fight_on_them():
    """On the stairs, hurt, beside a hobgoblin: go down, through melee's battlestations."""
    fight = screen(room_with((3, 2, "@"), (3, 3, "H")), top=2,
                   status_line=status(hp=6))
    pipeline = await with_pack(screen(room_with((3, 2, "%"), (3, 5, "@")), top=2),
                               screen(room_with((3, 2, "%"), (3, 4, "@")), top=2),
                               screen(room_with((3, 2, "%"), (3, 3, "@")), top=2), fight,
                               tactics=ESCAPE)
    proposal = pipeline.ask("melee")
    assert proposal.action == ">"
    assert proposal.rationale.startswith("battlestations: the hobgoblin would kill us")


#: A corridor above a room whose door is at (3, 7); the stairs at (5, 8).
CORRIDOR = ["#############",
            "-------+-----",
            "|...........|",
            "|.......%...|",
            "-------------"]


def corridor_with(*marks: tuple[int, int, str]) -> list[str]:
    rows = [list(r) for r in CORRIDOR]
    for r, c, ch in marks:
        rows[r - 2][c] = ch
    return ["".join(r) for r in rows]


async def test_escape_counts_the_monsters_walk_round_a_doorway():
    """Hurt in a corridor, a hobgoblin next to us: the door is two squares from it as the
    crow flies, but three as it walks (no diagonal step into a doorway): go for it."""
    hurt = status(hp=6)
    pipeline = await with_pack(
        screen(corridor_with((2, 6, "@"), (2, 4, "H")), top=2, status_line=hurt),
        screen(corridor_with((2, 6, "@"), (2, 5, "H")), top=2, status_line=hurt),
        tactics=ESCAPE)
    proposal = pipeline.ask("melee")
    assert proposal.action == "l" and "to the stairs, 4 squares" in proposal.rationale


def test_fight_odds_are_the_same_in_every_process():
    """The Monte Carlo's seed must not come from Python's per-process salted str hash:
    near a threshold (Tactics.wake_risk) the answer decided the play, and games on the
    same dungeon came out differently from run to run."""
    import os
    import subprocess
    import sys

    code = ("from actors.rogue._odds import Hero, fight_odds;"
            "from actors.rogue._monsters import monster;"
            "print(fight_odds(12, Hero(), monster('B')))")
    answers = set()
    for salt in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=salt)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True, cwd=os.path.dirname(os.path.dirname(
                                 os.path.dirname(os.path.abspath(__file__)))))
        answers.add(out.stdout)
    assert len(answers) == 1, answers


async def test_an_awake_ice_monster_is_left_by_the_stairs_at_the_default_tactics():
    """An ice monster coming from the east, the stairs to the west: walk to them even
    with flight off (its freezes kill, and no fight odds price them); on the stairs,
    go down. One still asleep (it never moved) is no reason to leave."""
    pipeline = await with_pack(*coming((3, 11, "I"), (3, 10, "I")))
    proposal = pipeline.ask("escape")
    assert proposal.action in ("h", "y", "b")
    assert "ice monster is awake" in proposal.rationale and "to the stairs" in proposal.rationale
    on_stairs = [screen(room_with((3, 3, "@"), (3, 2, "%"), (3, 8, "I")), top=2),
                 screen(room_with((3, 2, "@"), (3, 7, "I")), top=2)]
    assert (await with_pack(*on_stairs)).ask("escape").action == ">"
    asleep = await with_pack(*coming((3, 10, "I"), (3, 10, "I")))
    assert asleep.ask("escape") is None


async def test_melee_walks_away_to_the_stairs_from_an_ice_monster_beside_it():
    """An awake ice monster steps beside the hero, the stairs three squares behind
    him: melee walks to them (a follower never strikes) instead of trading blows; with
    no stairs known, it steps away as before."""
    came = [screen(room_with((3, 5, "@"), (3, 2, "%"), (3, c, "I")), top=2) for c in (8, 7, 6)]
    proposal = (await with_pack(*came)).ask("melee")
    assert proposal.action in ("h", "y", "b") and "to the stairs, 3 squares" in proposal.rationale
    unknown = [screen(room_with((3, 5, "@"), (3, c, "I")), top=2) for c in (8, 7, 6)]
    proposal = (await with_pack(*unknown)).ask("melee")
    assert "step away from the ice monster" in proposal.rationale


async def test_melee_strikes_an_awake_ice_monster_before_the_kestrel_beside_it():
    """An awake ice monster and a kestrel both beside the hero: the blow goes to the ice
    monster (one blow mostly kills it), never to the kestrel while the ice monster
    swings; one asleep is still let lie and the kestrel struck."""
    came = [screen(room_with((3, 5, "@"), (3, c, "I")), top=2) for c in (8, 7)]
    both = screen(room_with((3, 5, "@"), (3, 6, "I"), (4, 5, "K")), top=2)
    proposal = (await with_pack(*came, both)).ask("melee")
    assert proposal.action == "l" and "ice monster" in proposal.rationale
    asleep = [screen(room_with((3, 5, "@"), (3, 6, "I")), top=2), both]
    proposal = (await with_pack(*asleep)).ask("melee")
    assert proposal.action == "j" and "kestrel" in proposal.rationale
    # The kestrel's blow does not make the sleeping ice monster an awake one.
    bitten = screen(room_with((3, 5, "@"), (3, 6, "I"), (4, 5, "K")), top=2,
                    message="The kestrel hit you")
    proposal = (await with_pack(asleep[0], bitten)).ask("melee")
    assert proposal.action == "j" and "kestrel" in proposal.rationale


async def test_the_missile_expert_shoots_an_awake_ice_monster_coming_in_line():
    """An ice monster does no damage, yet it is the one monster never to let strike:
    an awake one in a clear line is shot at (no stairs known to leave by)."""
    came = [screen(room_with((3, 5, "@"), (3, c, "I")), top=2) for c in (12, 11)]
    pipeline = await with_pack(*came)
    proposal = pipeline.ask("missile")
    assert proposal is not None and proposal.action.startswith(("w", "t"))
    assert "ice monster" in proposal.rationale


def on_the_stairs(*marks: tuple[int, int, str], hp: int = 6) -> list:
    """The hero steps west onto the stairs at (3, 2); then one screen per mark, at ``hp``."""
    return [screen(room_with((3, 2, "%"), (3, 4, "@")), top=2),
            screen(room_with((3, 2, "%"), (3, 3, "@")), top=2),
            *(screen(room_with((3, 2, "@"), mark), top=2, status_line=status(hp=hp))
              for mark in marks)]


async def test_hurt_on_the_stairs_the_hero_goes_down_from_a_hobgoblin_coming():
    """At 6 of 12 a hobgoblin fight kills a level-1 hero about 38% of the time: on the
    stairs he leaves (default tactics, escape off), and at 9 of 12 (26%); at full
    health, or from a snake (1d3) at 9 of 12 (6%), or with ``stairs_flee_risk`` at 1,
    he stays."""
    hobgoblin = ((3, 9, "H"), (3, 8, "H"))
    proposal = (await with_pack(*on_the_stairs(*hobgoblin))).ask("escape")
    assert proposal.action == ">"
    assert proposal.rationale.startswith("escape: hurt (hp 6) on the stairs, and the hobgoblin")
    assert (await with_pack(*on_the_stairs(*hobgoblin, hp=12))).ask("escape") is None
    snake = ((3, 9, "S"), (3, 8, "S"))
    assert (await with_pack(*on_the_stairs(*snake, hp=9))).ask("escape") is None
    assert (await with_pack(*on_the_stairs(*hobgoblin, hp=9))).ask("escape").action == ">"
    never = Tactics(stairs_flee_risk=1.0)
    assert (await with_pack(*on_the_stairs(*hobgoblin), tactics=never)).ask("escape") is None


async def test_hurt_on_the_stairs_beside_a_hobgoblin_melee_goes_down():
    """Beside the hero, the same rule comes through melee's battlestations, and the
    surrender (above melee) does not quit while it offers the stairs."""
    pipeline = await with_pack(*on_the_stairs((3, 4, "H"), (3, 3, "H"), hp=3))
    proposal = pipeline.ask("melee")
    assert proposal.action == ">"
    assert "battlestations: hurt (hp 3) on the stairs" in proposal.rationale
    assert pipeline.ask("surrender") is None


async def test_a_hurt_hero_walks_to_the_near_stairs_to_rest_on_them():
    """Hurt at (3, 6) with the stairs at (3, 2), no monster in view: health steps west
    toward them; on them it rests there; with ``rest_on_stairs`` 0, or the stairs
    farther off than it allows, it rests where he stands."""
    hurt = status(hp=5)
    views = [screen(room_with((3, 2, "%"), (3, 7, "@")), top=2),
             screen(room_with((3, 2, "%"), (3, 6, "@")), top=2, status_line=hurt)]
    proposal = (await with_pack(*views)).ask("health")
    assert proposal.action in ("h", "y", "b")
    assert proposal.rationale.startswith("health: rest on the stairs, 4 squares off")
    for tactics in (Tactics(rest_on_stairs=0), Tactics(rest_on_stairs=3)):
        proposal = (await with_pack(*views, tactics=tactics)).ask("health")
        assert proposal.rationale.startswith("health: rest (hp 5/12)")
    # A monster asleep on the stairs: no walk there (the last step would strike it).
    asleep = [screen(room_with((3, 2, "%"), (3, 7, "@")), top=2),
              screen(room_with((3, 2, "I"), (3, 6, "@")), top=2, status_line=hurt)]
    proposal = (await with_pack(*asleep)).ask("health")
    assert proposal.rationale.startswith("health: rest (hp 5/12)")
    there = on_the_stairs((5, 11, "."), hp=5)
    proposal = (await with_pack(*there)).ask("health")
    assert proposal.rationale.startswith("health: rest (hp 5/12)")


#: The fight taken to the stairs at the risk a fresh hero's hobgoblin fight carries.
STAIRS_FIGHT = Tactics(stairs_fight_risk=0.1)


def beside(*frames: tuple[int, int, str], hp: int = 12) -> list:
    """The hero at (3, 6), the stairs at (3, 2), one screen per mark at ``hp``."""
    return [screen(room_with((3, 6, "@"), (3, 2, "%"), mark), top=2, status_line=status(hp=hp))
            for mark in frames]


async def test_beside_a_hobgoblin_the_hero_takes_the_fight_to_the_stairs():
    """A fresh level-1 hero beside an awake hobgoblin (a fight that kills him about one
    time in six) walks west toward the stairs, four squares off, instead of striking; by
    default (``stairs_fight_risk`` 1) he strikes where he stands."""
    hobgoblin = ((3, 8, "H"), (3, 7, "H"))
    proposal = (await with_pack(*beside(*hobgoblin), tactics=STAIRS_FIGHT)).ask("melee")
    assert proposal.action in ("h", "y", "b")
    assert proposal.rationale.startswith("battlestations: the hobgoblin would kill us")
    assert "take the fight to the stairs, 4 squares" in proposal.rationale
    proposal = (await with_pack(*beside(*hobgoblin))).ask("melee")
    assert proposal.rationale.startswith("melee: strike the hobgoblin (l)")


async def test_the_fight_is_not_taken_to_stairs_past_the_monster_too_far_or_not_worth_it():
    """The hobgoblin between the hero and the stairs (no step keeps ahead of it), the
    stairs farther than ``stairs_fight_walk``, a snake (it rarely kills), or no leaving
    from the stairs (``stairs_flee_risk`` or ``stairs_fight_leave`` 1): he strikes."""
    between = (await with_pack(*beside((3, 4, "H"), (3, 5, "H")), tactics=STAIRS_FIGHT))
    assert between.ask("melee").rationale.startswith("melee: strike the hobgoblin (h)")
    near_only = Tactics(stairs_fight_risk=0.1, stairs_fight_walk=3)
    far = await with_pack(*beside((3, 8, "H"), (3, 7, "H")), tactics=near_only)
    assert far.ask("melee").rationale.startswith("melee: strike the hobgoblin (l)")
    snake = await with_pack(*beside((3, 8, "S"), (3, 7, "S")), tactics=STAIRS_FIGHT)
    assert snake.ask("melee").rationale.startswith("melee: strike the snake (l)")
    for stay in (Tactics(stairs_fight_risk=0.1, stairs_flee_risk=1.0),
                 Tactics(stairs_fight_risk=0.1, stairs_fight_leave=1.0)):
        pipeline = await with_pack(*beside((3, 8, "H"), (3, 7, "H")), tactics=stay)
        assert pipeline.ask("melee").rationale.startswith("melee: strike the hobgoblin (l)")


async def test_on_the_stairs_the_fight_is_had_and_left_only_once_it_goes_badly():
    """Taken to the stairs, the hobgoblin fight is fought at full health and at 9 of 12
    (it kills about one time in four there, under ``stairs_fight_leave`` 0.3, where the
    default leaves hurt at ``stairs_flee_risk`` 0.1); at 5 of 12 he goes down. A
    centaur, whose fight would kill him at full health, is left at once."""
    def beside_on_stairs(letter: str, hp: int) -> list:
        return on_the_stairs((3, 4, letter), (3, 3, letter), hp=hp)

    fresh = await with_pack(*beside_on_stairs("H", 12), tactics=STAIRS_FIGHT)
    assert fresh.ask("melee").rationale.startswith("melee: strike the hobgoblin (l)")
    scratched = await with_pack(*beside_on_stairs("H", 9), tactics=STAIRS_FIGHT)
    assert scratched.ask("melee").rationale.startswith("melee: strike the hobgoblin (l)")
    assert (await with_pack(*beside_on_stairs("H", 9))).ask("melee").action == ">"
    hurt = await with_pack(*beside_on_stairs("H", 5), tactics=STAIRS_FIGHT)
    proposal = hurt.ask("melee")
    assert proposal.action == ">"
    assert proposal.rationale.startswith("battlestations: hurt (hp 5) on the stairs")
    centaur = await with_pack(*beside_on_stairs("C", 12), tactics=STAIRS_FIGHT)
    proposal = centaur.ask("melee")
    assert proposal.action == ">"
    assert proposal.rationale.startswith("battlestations: hp 12 on the stairs, and the centaur")


async def test_a_hobgoblin_two_squares_off_is_led_to_the_stairs_before_it_arrives():
    """Two squares off and awake, nothing beside us: the escape expert (over the target's
    wait for it) starts the walk; three squares off it is left to the bow."""
    two = await with_pack(*beside((3, 9, "H"), (3, 8, "H")), tactics=STAIRS_FIGHT)
    proposal = two.ask("escape")
    assert proposal.action in ("h", "y", "b")
    assert proposal.rationale.startswith("escape: the hobgoblin would kill us")
    three = await with_pack(*beside((3, 10, "H"), (3, 9, "H")), tactics=STAIRS_FIGHT)
    assert three.ask("escape") is None


def _passage_by_a_lit_room(*marks: tuple[int, int, str]) -> list[str]:
    """ROOM (lit: its floor drawn) with a passage from its door (4, 13) east to the
    hero at (4, 18)."""
    rows = [row.ljust(20) for row in room_with(*marks)]
    rows[2] = rows[2][:14] + "####@" + rows[2][19:]
    return rows


async def test_a_hurt_hero_walks_into_a_lit_room_to_rest():
    """With ``rest_in_light`` a hurt hero in a passage walks back into the lit room
    to rest far from its door, where a monster coming in is seen in time for the
    bow; by default, or with a monster in that room, he rests where he stands; deep
    in the room he rests there."""
    hurt = status(hp=5)
    outside = screen(_passage_by_a_lit_room(), top=2, status_line=hurt)
    proposal = (await with_pack(outside, tactics=Tactics(rest_in_light=30))).ask("health")
    assert proposal.action == "h"
    assert proposal.rationale.startswith("health: rest in the lit room at (")
    assert "6 squares from its doors, 11 squares off" in proposal.rationale
    proposal = (await with_pack(outside)).ask("health")
    assert proposal.rationale.startswith("health: rest (hp 5/12)")
    too_far = (await with_pack(outside, tactics=Tactics(rest_in_light=5))).ask("health")
    assert too_far.rationale.startswith("health: rest (hp 5/12)")
    sleeper = screen(_passage_by_a_lit_room((3, 2, "E")), top=2, status_line=hurt)
    proposal = (await with_pack(sleeper, tactics=Tactics(rest_in_light=30))).ask("health")
    assert proposal.rationale.startswith("health: rest (hp 5/12)")
    inside = screen(room_with((4, 4, "@")), top=2, status_line=hurt)
    proposal = (await with_pack(inside, tactics=Tactics(rest_in_light=30))).ask("health")
    assert proposal.rationale.startswith("health: rest (hp 5/12)")


async def test_a_hurt_hero_walks_to_a_dead_end_to_rest_and_search():
    """With ``rest_at_search`` a hurt hero walks from the room to the end of the passage
    he saw stop short, and rests there (each turn a search beside the hidden square
    it most likely stops at); by default, on the spot already, or for a rest too short
    to pay for the walk, he rests where he stands."""
    hurt = status(hp=5)
    at_end = screen(_passage_by_a_lit_room(), top=2, status_line=hurt)
    back = _passage_by_a_lit_room()
    back[2] = back[2].replace("@", "#")
    back[2] = back[2][:4] + "@" + back[2][5:]
    in_room = screen(back, top=2, status_line=hurt)
    tactics = Tactics(rest_at_search=30)
    proposal = (await with_pack(at_end, in_room, tactics=tactics)).ask("health")
    assert proposal.action in ("l", "n", "u")  # east, toward the door
    assert proposal.rationale.startswith("health: rest at the search spot (4, 18), 14 squares")
    proposal = (await with_pack(at_end, in_room)).ask("health")
    assert proposal.rationale.startswith("health: rest (hp 5/12)")
    proposal = (await with_pack(in_room, at_end, tactics=tactics)).ask("health")
    assert proposal.rationale.startswith("health: rest (hp 5/12)")
    nearly = screen(back, top=2, status_line=status(hp=11))
    proposal = (await with_pack(at_end, nearly, tactics=tactics)).ask("health")
    assert proposal is None or not proposal.rationale.startswith("health: rest at the search")
