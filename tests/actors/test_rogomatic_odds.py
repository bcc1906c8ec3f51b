"""The fight odds from Rogue 5.4.4's combat rules, and the experts that act on them."""

import attrs
import pytest
from test_rogomatic_experts import NO_BOW, room_with, with_pack
from test_rogomatic_support import screen, status

from actors.rogue import Tactics
from actors.rogue._grid import index
from actors.rogue._monsters import monster
from actors.rogue._odds import Hero, die_next_round, fight_odds, hit_chance, monster_round


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


def test_fight_odds_worsen_with_fewer_hit_points_and_improve_against_a_sleeper():
    """Fewer hit points mean more deaths; a sleeping monster gives the hero +4 to hit."""
    hero, h = Hero(), monster("H")
    full, hurt = fight_odds(12, hero, h), fight_odds(4, hero, h)
    assert hurt.death > full.death
    assert fight_odds(12, hero, h, asleep=True).death <= full.death
    assert fight_odds(12, hero, h) == full  # seeded: the same question, the same answer


def test_a_seasoned_hero_barely_risks_a_snake():
    """Level 6 with 40 hp and a long sword: a snake is no danger."""
    hero = Hero(level=6, dice=((3, 4),), hit_plus=0, dam_plus=0)
    assert fight_odds(40, hero, monster("S")).death == 0.0


async def test_melee_fights_a_snake_at_full_health_but_runs_from_a_hobgoblin():
    """12 of 12 hp: a snake is worth fighting; a hobgoblin (17% death) is left by the stairs."""
    pipeline = await with_pack(screen(room_with((3, 5, "@"), (3, 6, "S"), (3, 2, "%")),
                                      top=2), tactics=NO_BOW)
    proposal = pipeline.ask("melee")
    assert proposal.action == "l" and proposal.rationale.startswith("melee: strike")
    pipeline = await with_pack(screen(room_with((3, 5, "@"), (3, 6, "H"), (3, 2, "%")),
                                      top=2), tactics=NO_BOW)
    proposal = pipeline.ask("melee")
    assert proposal.action in ("h", "y", "b") and "toward the stairs" in proposal.rationale


async def test_battlestations_runs_for_the_stairs_when_the_fight_is_lost():
    """3 of 12 hp beside a hobgoblin with the stairs behind: step toward them, with the odds."""
    pipeline = await with_pack(screen(room_with((3, 5, "@"), (3, 6, "H"), (3, 2, "%")),
                                      top=2, status_line=status(hp=3)))
    proposal = pipeline.ask("battlestations")
    assert proposal.action in ("h", "y", "b")
    assert "next round" in proposal.rationale and "toward the stairs" in proposal.rationale


async def test_target_leaves_a_sleeping_monster_it_would_likely_lose_to():
    """A sleeping troll is no target for a level-1 hero, however healthy."""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (5, 8, "T")), top=2))
    assert pipeline.ask("target") is None


async def test_melee_keeps_striking_an_unseen_attacker_through_a_quiet_turn():
    """Blind and hit, then a turn with no message: strike again rather than wait."""
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2,
                                      message="Something hit you"))
    melee = pipeline.expert("melee")
    first = pipeline.ask("melee", melee)
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2))
    again = pipeline.ask("melee", melee)
    assert first is not None and again is not None and "unseen" in again.rationale


#: The tactics that keep the bow in hand (off by default: see the README's figures).
ARCHERY = Tactics(archery=True)
BOW_IN_HAND = ["a) Some food", "b) +1 ring mail [protection 4] (being worn)",
               "c) A +1,+1 mace", "d) A +1,+0 short bow (weapon in hand)",
               "e) 25 +0,+0 arrows"]


async def test_weapon_expert_readies_the_bow_in_peace_when_archery_is_on():
    """Mace in hand, arrows in the pack, nothing near: wield the bow (d)."""
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2), tactics=ARCHERY)
    proposal = pipeline.ask("weapon")
    assert proposal.action == "wd" and "25 arrows" in proposal.rationale


async def test_melee_shoots_an_adjacent_monster_point_blank_with_the_bow_in_hand():
    """Bow in hand and a snake next to us: shoot an arrow at it, no weapon change."""
    pipeline = await with_pack(screen(room_with((3, 5, "@"), (3, 6, "S")), top=2),
                               pack=BOW_IN_HAND, tactics=ARCHERY)
    assert pipeline.ask("melee").action == "tle"
    assert pipeline.ask("weapon") is None


async def test_archery_gives_way_to_the_mace_when_the_arrows_run_low():
    """Two arrows left: no archery; the weapon expert puts the bow away for the mace."""
    few = BOW_IN_HAND[:4] + ["e) 2 +0,+0 arrows"]
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2), pack=few,
                               tactics=ARCHERY)
    assert pipeline.ask("weapon").action == "wc"


async def test_exploration_moves_on_from_a_spot_searched_to_the_terrains_ceiling():
    """The terrain's search counts stop at 255: a spot searched that much is left for another."""
    walk = [screen([r.replace("+", "|") for r in room_with((row, col, "@"))], top=2)
            for row, col in ((3, 1), (3, 2), (4, 2), (4, 1))]
    pipeline = await with_pack(*walk)
    terrain = pipeline.read("terrain")
    full = bytearray(terrain.searched)
    for pos in terrain.visited:
        full[index(pos)] = 255
    pipeline.board.write_nowait("terrain", attrs.evolve(terrain, searched=bytes(full)),
                                writer="terrain", generation=pipeline.generation)
    proposal = pipeline.ask("explore")
    assert proposal.action != "s" and "search spot" in proposal.rationale


async def test_missile_shoots_a_sleeping_ice_monster_before_it_can_freeze_us():
    """An ice monster asleep four squares east, bow in hand: shoot it (it does no damage,
    but its touch freezes)."""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (3, 7, "I")), top=2),
                               pack=BOW_IN_HAND)
    proposal = pipeline.ask("missile")
    assert proposal.action == "tle" and "ice monster" in proposal.rationale


async def test_weapon_expert_changes_to_the_mace_when_a_monster_is_two_squares_off():
    """Bow in hand, an awake hobgoblin two squares east: wield the mace before it arrives."""
    views = [screen(room_with((3, 3, "@"), (3, 6, "H")), top=2),
             screen(room_with((3, 3, "@"), (3, 5, "H")), top=2)]
    pipeline = await with_pack(*views, pack=BOW_IN_HAND, tactics=ARCHERY)
    proposal = pipeline.ask("weapon")
    assert proposal.action == "wc" and "two squares off" in proposal.rationale


async def test_battlestations_runs_without_stairs_only_if_the_tactics_say_so():
    """3 hp beside a hobgoblin, no stairs known: run away (run_anywhere), or stand and fight."""
    view = screen(room_with((3, 5, "@"), (3, 6, "H")), top=2, status_line=status(hp=3))
    pipeline = await with_pack(view, tactics=Tactics(run_anywhere=True))
    proposal = pipeline.ask("battlestations")
    assert proposal.action in ("h", "y", "b") and "; retreat " in proposal.rationale
    pipeline = await with_pack(view)
    assert pipeline.ask("battlestations") is None
    assert pipeline.ask("melee").rationale.startswith("melee: strike")
