"""Rog-O-Matic's experts, each on constructed screens, and the static order between them."""

import attrs
from test_rogomatic_support import (
    NO_SEEK,
    PACK,
    ROOM,
    Pipeline,
    fed,
    inventory_screen,
    room_with,
    screen,
    status,
    with_pack,
)

from actors.rogue import Tactics, rogomatic
from actors.rogue._grid import index
from protocols.rogue import RogueView
from runtime import Arbiter


async def test_screen_handler_dismisses_more_and_declines_questions():
    """--More-- gets a space, an unknown question ESC, the quit question yes."""
    pipeline = await fed(screen(room_with((3, 3, "@")), top=2,
                                message="You hit the bat--More--"))
    assert pipeline.ask("screens").action == " "
    pipeline = await fed(screen(room_with((3, 3, "@")), top=2,
                                message="What do you want to call it? "))
    assert pipeline.ask("screens").action == "\x1b"
    pipeline = await fed(screen(room_with((3, 3, "@")), top=2, message="Really quit? "))
    assert pipeline.ask("screens").action == "y"


async def test_screen_handler_identifies_an_item_of_the_kind_the_scroll_insists_on():
    """An 'identify potion' scroll is answered with an unknown potion's letter."""
    pack = PACK + ["f) A scroll titled 'zok'", "g) A blue potion"]
    pipeline = await with_pack(pack=pack)
    handler = pipeline.expert("screens")
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2,
                               message="This scroll is an identify potion scroll--More--"))
    assert pipeline.ask("screens", handler).action == " "
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2,
                               message="Which object do you want to identify? (* for list): "))
    assert pipeline.ask("screens", handler).action == "g"


async def test_identify_offers_a_new_letter_each_time_rogue_asks_again():
    """An 'identify armor' scroll with no armor in the pack view (its list line was lost):
    '*' first (it ends the question if there is none), then each repeated question gets
    another letter - not '*' again, whose one-item list shows no letter and led to the
    same question 11,320 times on dungeon 14."""
    pack = ["a) Some food", "c) A +1,+1 mace (weapon in hand)", "e) 25 +0,+0 arrows"]
    pipeline = await with_pack(pack=pack)
    handler = pipeline.expert("screens")
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2,
                               message="This scroll is an identify armor scroll--More--"))
    assert pipeline.ask("screens", handler).action == " "
    offered = []
    for _ in range(5):
        await pipeline.feed(screen(room_with((3, 3, "@")), top=2,
                                   message="Which object do you want to identify? (* for list): "))
        offered.append(pipeline.ask("screens", handler).action)
    assert offered == ["*", "b", "d", "f", "g"]


async def test_inventory_check_asks_for_the_list_only_in_peace():
    """A stale pack is listed with 'i', but not while a monster is awake nearby."""
    pipeline = await fed(screen(room_with((3, 3, "@")), top=2))
    assert pipeline.ask("inventory").action == "i"
    near = [room_with((3, 3, "@"), (3, 6, "O")), room_with((3, 3, "@"), (3, 5, "O"))]
    pipeline = await fed(*(screen(r, top=2) for r in near))
    assert pipeline.ask("inventory") is None


async def test_inventory_check_clears_a_message_before_the_list():
    """Rogue draws a list asked for under a message without its first line: ESC first
    (no turn passes), then 'i'; a message that will not go gets the list anyway."""
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2,
                                      message="You now have a blue potion (f)"))
    check = pipeline.expert("inventory")
    assert pipeline.ask("inventory", check).action == "\x1b"
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2))
    assert pipeline.ask("inventory", check).action == "i"
    stuck = await with_pack(screen(room_with((3, 3, "@")), top=2, message="Hello there"))
    check = stuck.expert("inventory")
    assert [stuck.ask("inventory", check).action for _ in range(3)] == ["\x1b", "\x1b", "i"]


async def test_weapon_expert_wields_a_better_sword():
    """A long sword in the pack beats the +1,+1 mace: wield it."""
    pipeline = await with_pack(pack=PACK + ["f) A long sword"])
    proposal = pipeline.ask("weapon")
    assert proposal.action == "wf" and "long sword" in proposal.rationale


async def test_weapon_expert_prices_a_weapon_of_unknown_pluses():
    """With ``unknown_weapon_cost`` 2, an unknown long sword (7.5 - 2) no longer beats
    the +1,+1 mace (6), an unknown two handed sword (10 - 2) still does, and a long
    sword whose pluses are known is not charged."""
    priced = Tactics(unknown_weapon_cost=2.0)
    sword = await with_pack(pack=PACK + ["f) A long sword"], tactics=priced)
    assert sword.ask("weapon") is None
    big = await with_pack(pack=PACK + ["f) A two handed sword"], tactics=priced)
    assert big.ask("weapon").action == "wf"
    known = await with_pack(pack=PACK + ["f) A +0,+0 long sword"], tactics=priced)
    assert known.ask("weapon").action == "wf"


async def test_melee_strikes_the_adjacent_monster():
    """A monster next to the hero is struck by stepping into it."""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (3, 4, "K")), top=2))
    proposal = pipeline.ask("melee")
    assert proposal.action == "l" and "kestrel" in proposal.rationale


async def test_melee_strikes_around_at_an_attacker_it_cannot_see():
    """'Something hit you' with nothing in view: strike out, and keep the way that connects."""
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2,
                                      message="Something hit you"))
    melee = pipeline.expert("melee")
    first = pipeline.ask("melee", melee)
    assert first.action in set("hjklyubn") and "unseen" in first.rationale
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2,
                               message="You hit something"))
    assert pipeline.ask("melee", melee).action == first.action
    assert pipeline.ask("health") is None or "rest" not in pipeline.ask("health").rationale


async def test_melee_walks_to_the_known_stairs_away_from_an_attacker_it_cannot_see():
    """A phantom strikes unseen: with the stairs known, walk there (a follower never
    strikes, so the walk goes on without a blow to keep it going) and go down; with a
    monster in view beside the hero the walk is over and melee fights it."""
    steps = {"h": (0, -1), "l": (0, 1), "k": (-1, 0), "j": (1, 0),
             "y": (-1, -1), "u": (-1, 1), "b": (1, -1), "n": (1, 1)}
    stairs = (3, 10)
    hero = (3, 4)
    pipeline = await with_pack(screen(room_with((*hero, "@"), (*stairs, "%")), top=2,
                                      message="Something hit you"))
    melee = pipeline.expert("melee")
    walked = []
    while hero != stairs and len(walked) < 12:
        proposal = pipeline.ask("melee", melee)
        assert proposal is not None and "unseen" in proposal.rationale, walked
        dr, dc = steps[proposal.action]
        hero = (hero[0] + dr, hero[1] + dc)
        walked.append(hero)
        marks = [(*hero, "@")] + ([] if hero == stairs else [(*stairs, "%")])
        await pipeline.feed(screen(room_with(*marks), top=2), acted=proposal.action)
    assert hero == stairs and len(walked) == 6  # the shortest walk, not a blow thrown
    down = pipeline.ask("melee", melee)
    assert down.action == ">" and "unseen" in down.rationale
    # A kestrel beside him ends the walk: it is fought, not walked from.
    await pipeline.feed(screen(room_with((*stairs, "@"), (3, 11, "K")), top=2))
    assert pipeline.ask("melee", melee).action == "l"


async def test_melee_walks_on_from_an_unseen_attacker_when_no_stairs_are_known():
    """No stairs to leave by: keep walking, toward the unknown (here the passage beyond
    the door), never back onto the square just left (a follower stands there), screen
    after screen without a blow - a rest is where a phantom strikes (dungeon 1125).
    The walk ends ``walk_on_turns`` decisions after the last blow."""
    steps = {"h": (0, -1), "l": (0, 1), "k": (-1, 0), "j": (1, 0),
             "y": (-1, -1), "u": (-1, 1), "b": (1, -1), "n": (1, 1)}

    def seen(at: tuple[int, int]) -> list[str]:
        """The room, a passage east from its door (4, 13) to column 29, the hero."""
        rows = [list(r.ljust(30)) for r in room_with()]
        rows[2][14:30] = "#" * 16
        rows[at[0] - 2][at[1]] = "@"
        return ["".join(r) for r in rows]

    hero = (4, 6)
    pipeline = await with_pack(screen(seen(hero), top=2, message="Something hit you"))
    melee = pipeline.expert("melee")
    trail = [hero]
    for _ in range(12):
        proposal = pipeline.ask("melee", melee)
        assert proposal is not None and "walk on" in proposal.rationale, trail
        dr, dc = steps[proposal.action]
        hero = (hero[0] + dr, hero[1] + dc)
        assert len(trail) < 2 or hero != trail[-2], trail  # never back onto the last square
        trail.append(hero)
        await pipeline.feed(screen(seen(hero), top=2), acted=proposal.action)
    assert hero[1] > 13 and hero[0] == 4, trail  # out of the door and along the passage

    again = await with_pack(screen(room_with((4, 6, "@")), top=2, message="Something hit you"))
    melee = again.expert("melee")
    melee.walk_on_turns = 3
    hero, walks = (4, 6), 0
    while (proposal := again.ask("melee", melee)) is not None and walks < 10:
        walks += 1
        dr, dc = steps[proposal.action]
        hero = (hero[0] + dr, hero[1] + dc)
        await again.feed(screen(room_with((*hero, "@")), top=2), acted=proposal.action)
    assert walks == 4  # the screen of the blow, then three without one


async def test_melee_leaves_a_sleeping_ice_monster_alone():
    """An ice monster that has not moved is asleep and never wakes by itself: no blow
    (a missed one woke it and froze the hero to death at full health)."""
    pipeline = await with_pack(screen(room_with((3, 5, "@"), (3, 6, "I")), top=2))
    assert pipeline.ask("melee") is None
    beside_a_kestrel = await with_pack(screen(room_with((3, 5, "@"), (3, 6, "K")), top=2))
    assert beside_a_kestrel.ask("melee").action == "l"


async def test_melee_steps_away_from_an_awake_ice_monster_instead_of_trading_blows():
    """An ice monster that came to us only freezes: step away rather than fight."""
    came = [room_with((3, 5, "@"), (3, 8, "I")), room_with((3, 5, "@"), (3, 7, "I")),
            room_with((3, 5, "@"), (3, 6, "I"))]
    pipeline = await with_pack(*(screen(r, top=2) for r in came))
    proposal = pipeline.ask("melee")
    assert proposal.action in ("h", "y", "b") and "ice monster" in proposal.rationale


async def test_blind_melee_keeps_striking_an_attacker_between_its_blow_messages():
    """Blind, hit by something: a screen with no blow message is no reason to wait (the
    health expert's 'wait it out' gave it free blows until the hero died); after three
    quiet screens melee lets the others act again."""
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2,
                                      message="A cloak of darkness falls around you"))
    melee = pipeline.expert("melee")
    assert pipeline.ask("melee", melee) is None
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2, message="Something hit you"))
    first = pipeline.ask("melee", melee).action
    answers = []
    for _ in range(4):
        await pipeline.feed(screen(room_with((3, 3, "@")), top=2))
        answers.append(pipeline.ask("melee", melee))
    assert [a.action for a in answers[:3]] == [first] * 3 and answers[3] is None


async def test_a_sleeping_centaur_a_level_one_hero_could_lose_to_is_let_lie():
    """A centaur is not mean: asleep, it never wakes by itself. Next to a 12-hp hero it
    is no one's fight - no blow, no pursuit, no panic - and the paths go round it."""
    pipeline = await with_pack(screen(room_with((3, 5, "@"), (3, 6, "C")), top=2))
    for name in ("melee", "target", "missile", "battlestations", "retreat"):
        assert pipeline.ask(name) is None, name
    s = pipeline.situation()
    assert s.threats[0].left_asleep and not s.adjacent
    assert pipeline.read("paths").dist[index((3, 6))] > 1 + 50


async def test_a_sleeping_monster_is_fought_once_it_moves_or_trades_blows():
    """The same centaur, once it has moved or struck at us, is fought."""
    came = [room_with((3, 5, "@"), (3, 7, "C")), room_with((3, 5, "@"), (3, 6, "C"))]
    pipeline = await with_pack(*(screen(r, top=2) for r in came))
    assert pipeline.ask("melee").rationale.startswith("melee: strike the centaur")
    struck = await with_pack(screen(room_with((3, 5, "@"), (3, 6, "C")), top=2,
                                    message="The centaur hits you"))
    assert struck.ask("melee").rationale.startswith("melee: strike the centaur")


async def test_sleeping_monsters_that_do_not_wake_by_themselves_are_let_lie_only_if_risky():
    """At level 6 with 45 hp, a sleeping wraith (a few points a blow) is worth its
    experience and a sleeping centaur (twelve a round: about one death in ten) is let
    lie; a sleeping nymph is let lie always (her theft from a stack crashes Rogue 5.4.4);
    a sleeping orc is greedy and a hobgoblin mean - they may wake any time - so both are
    fought on our terms."""
    veteran = status(hp=45, hp_max=45, level=6, exp_level=6, exp=200)
    for letter, fought in (("W", True), ("C", False), ("N", False), ("O", True), ("H", True)):
        pipeline = await with_pack(screen(room_with((3, 5, "@"), (3, 6, letter)), top=2,
                                          status_line=veteran))
        assert (pipeline.ask("melee") is not None) == fought, letter


async def test_melee_does_not_strike_diagonally_round_a_door():
    """Rogue forbids a diagonal blow into a doorway: no melee."""
    rows = room_with((3, 12, "@"))
    rows.append("             #T")  # screen row 7, beside the door's column
    rows[4] = rows[4][:13] + "+"  # the bottom-right corner is now a door at (6, 13)
    pipeline = await with_pack(screen(rows, top=2))
    assert pipeline.ask("melee") is None


async def test_melee_invokes_battlestations_to_quaff_healing_when_death_is_one_blow_away():
    """Could die in one round and holding healing: battlestations quaffs it, through melee."""
    pack = PACK + ["f) A potion of healing(blue)"]
    fight = screen(room_with((3, 3, "@"), (3, 4, "T")), top=2,
                   status_line=status(hp=6, hp_max=30))
    pipeline = await with_pack(fight, pack=pack)
    proposal = pipeline.ask("melee")
    assert proposal.action == "qf"
    assert proposal.rationale.startswith("battlestations: could die in one round")


async def test_battlestations_retreats_toward_the_stairs():
    """Badly hurt beside a troll, with the stairs behind: step away toward them."""
    fight = screen(room_with((3, 5, "@"), (3, 6, "T"), (3, 2, "%")), top=2,
                   status_line=status(hp=6, hp_max=30))
    pipeline = await with_pack(fight)
    proposal = pipeline.ask("battlestations")
    assert proposal.action in ("h", "y", "b")
    assert "retreat toward the stairs" in proposal.rationale


async def test_retreat_takes_the_stairs_when_standing_on_them():
    """On the stairs with a strong monster coming and little health: go down."""
    rows = room_with((3, 5, "%"), (3, 9, "T"))
    pipeline = await with_pack(
        screen(room_with((3, 4, "@"), (3, 5, "%"), (3, 10, "T")), top=2,
               status_line=status(hp=6, hp_max=30)),
        screen([r[:5] + "@" + r[6:] if i == 1 else r for i, r in enumerate(rows)], top=2,
               status_line=status(hp=6, hp_max=30)))
    proposal = pipeline.ask("retreat")
    assert proposal.action == ">" and "stairs" in proposal.rationale


async def test_target_goes_for_a_sleeping_monster_only_if_the_tactics_say_so():
    """A sleeping hobgoblin out of line, nothing to shoot: walk up to it, unless
    fight_sleeping is off."""
    view = screen(room_with((3, 3, "@"), (5, 8, "H")), top=2)
    melee_only = [line for line in PACK if "bow" not in line and "arrows" not in line]
    pipeline = await with_pack(view, pack=melee_only)
    proposal = pipeline.ask("target")
    assert proposal.action in ("l", "n") and "go for the asleep hobgoblin" in proposal.rationale
    calm = attrs.evolve(Tactics(), fight_sleeping=False)
    pipeline = await with_pack(view, pack=melee_only, tactics=calm)
    assert pipeline.ask("target") is None


async def test_target_lines_up_a_shot_at_a_sleeping_monster_when_it_has_arrows():
    """With the bow and arrows, the hero walks to a square in a clear line with the
    sleeper, four or more squares off, and there the missile expert readies the bow:
    each arrow before the melee is a blow the monster cannot return."""
    view = screen(room_with((3, 3, "@"), (5, 8, "H")), top=2)
    pipeline = await with_pack(view)
    target = pipeline.expert("target")
    proposal = pipeline.ask("target", target)
    assert "line up a shot at the asleep hobgoblin" in proposal.rationale
    assert proposal.action in ("j", "b")  # toward row 5, the hobgoblin's row
    hero = (3, 3)
    for _ in range(4):  # follow the expert's steps until the missile expert takes over
        if pipeline.ask("missile") is not None:
            break
        step = {"h": (0, -1), "j": (1, 0), "b": (1, -1), "n": (1, 1), "l": (0, 1),
                "y": (-1, -1), "u": (-1, 1), "k": (-1, 0)}[pipeline.ask("target", target).action]
        hero = (hero[0] + step[0], hero[1] + step[1])
        await pipeline.feed(screen(room_with((hero[0], hero[1], "@"), (5, 8, "H")), top=2))
    assert hero[0] == 5 and 8 - hero[1] >= 4
    proposal = pipeline.ask("missile")
    assert proposal.action == "wd" and "hobgoblin" in proposal.rationale
    assert pipeline.ask("target", target) is None  # in line: shoot, not walk


async def test_target_keeps_a_sleeper_it_lines_up_on_beyond_the_chase_distance():
    """The square in line may lie farther from the sleeper than the chase distance (6):
    from (3, 5) the best one for a hobgoblin asleep at (5, 11) is (5, 3), eight squares
    off, and the first step there, to (4, 4), is seven off and still out of line. The
    target is kept on the way (1.94 dropped it there, the explorer stepped back, and the
    two took turns for 40 decisions: dungeons 2076 and 2085)."""
    hurt_free = status(hp=40, hp_max=40, exp_level=5, exp=100)
    pipeline = await with_pack(screen(room_with((3, 5, "@"), (5, 11, "H")), top=2,
                                      status_line=hurt_free))
    target = pipeline.expert("target")
    first = pipeline.ask("target", target)
    assert first.action == "b" and "line up a shot" in first.rationale
    await pipeline.feed(screen(room_with((4, 4, "@"), (5, 11, "H")), top=2,
                               status_line=hurt_free), acted="b")
    assert pipeline.situation().threats[0].distance > Tactics().chase_distance
    assert pipeline.ask("missile") is None  # not in line yet
    second = pipeline.ask("target", target)
    assert second is not None and second.action == "b"
    assert "line up a shot at the asleep hobgoblin from (5, 3)" in second.rationale


async def test_target_walks_up_to_a_sleeper_after_lining_up_too_long():
    """Lining up that never ends in a shot (say the bow will not come to hand) gives
    way to walking up to the monster, so the hero cannot pace for ever."""
    view = screen(room_with((3, 3, "@"), (5, 8, "H")), top=2)
    pipeline = await with_pack(view)
    target = pipeline.expert("target")
    rationales = [pipeline.ask("target", target).rationale for _ in range(target.max_line_up + 1)]
    assert all("line up" in r for r in rationales[:-1])
    assert "go for the asleep hobgoblin" in rationales[-1]


async def test_missile_expert_readies_the_bow_for_an_awake_monster_four_squares_off():
    """Readied at four squares, the bow gets one shot off at three; at two the mace
    comes back and the monster steps into the hero's first blow."""
    views = [screen(room_with((3, 2, "@"), (3, 7, "O")), top=2),
             screen(room_with((3, 2, "@"), (3, 6, "O")), top=2)]
    pipeline = await with_pack(*views)
    assert pipeline.ask("missile").action == "wd"
    views = [screen(room_with((3, 2, "@"), (3, 6, "O")), top=2),
             screen(room_with((3, 2, "@"), (3, 5, "O")), top=2)]
    pipeline = await with_pack(*views)
    assert pipeline.ask("missile") is None  # three squares: no time to ready and swap back


async def test_missile_expert_throws_along_a_clear_line():
    """Daggers in the pack and an awake monster three squares east: throw one east."""
    pack = PACK + ["f) 4 daggers"]
    views = [screen(room_with((3, 3, "@"), (3, 7, "O")), top=2),
             screen(room_with((3, 3, "@"), (3, 6, "O")), top=2)]
    pipeline = await with_pack(*views, pack=pack)
    proposal = pipeline.ask("missile")
    assert proposal.action == "tlf" and "orc" in proposal.rationale


async def test_missile_expert_readies_the_bow_and_weapon_expert_puts_it_away():
    """A monster in line far off: ready the bow; once it is adjacent, back to the mace."""
    far = screen(room_with((3, 2, "@"), (3, 8, "O")), top=2)
    pipeline = await with_pack(far)
    assert pipeline.ask("missile").action == "wd"
    bow_in_hand = [line.replace(" (weapon in hand)", "") for line in PACK]
    bow_in_hand[3] += " (weapon in hand)"
    pipeline = await with_pack(far, pack=bow_in_hand)
    assert pipeline.ask("missile").action == "tle"
    assert pipeline.ask("weapon") is None
    await pipeline.feed(screen(room_with((3, 2, "@"), (3, 3, "O")), top=2,
                               message="You now have a blue potion (g)"))  # pack now stale
    proposal = pipeline.ask("weapon")
    assert proposal.action == "wc" and "bow away" in proposal.rationale


async def test_with_bow_in_rooms_the_bow_is_carried_in_a_lit_room_and_nowhere_else():
    """``Tactics.bow_in_rooms``: on level 1, in a lit room with nothing near, the weapon
    expert readies the bow and then leaves it in hand; a monster (even asleep) within two
    squares, a passage, a deeper level, or the default tactics put the mace back."""
    carry = attrs.evolve(Tactics(), bow_in_rooms=1)
    bow_in_hand = [line.replace(" (weapon in hand)", "") for line in PACK]
    bow_in_hand[3] += " (weapon in hand)"
    empty = screen(room_with((3, 4, "@")), top=2)
    proposal = (await with_pack(empty, tactics=carry)).ask("weapon")
    assert proposal.action == "wd" and "ready the bow in a lit room" in proposal.rationale
    assert (await with_pack(empty, tactics=carry, pack=bow_in_hand)).ask("weapon") is None
    assert (await with_pack(empty)).ask("weapon") is None  # the mace stays by default
    assert "bow away" in (await with_pack(empty, pack=bow_in_hand)).ask("weapon").rationale
    sleeper = screen(room_with((3, 4, "@"), (3, 6, "O")), top=2)
    assert "bow away" in (await with_pack(sleeper, tactics=carry, pack=bow_in_hand)
                          ).ask("weapon").rationale
    assert (await with_pack(sleeper, tactics=carry)).ask("weapon") is None
    passage = screen(ROOM + ["             #", "             ####@###"], top=2)
    assert "bow away" in (await with_pack(passage, tactics=carry, pack=bow_in_hand)
                          ).ask("weapon").rationale
    assert (await with_pack(passage, tactics=carry)).ask("weapon") is None
    deeper = screen(room_with((3, 4, "@")), top=2, status_line=status(level=2))
    assert (await with_pack(deeper, tactics=carry)).ask("weapon") is None
    no_arrows = [line for line in PACK if "arrows" not in line]
    assert (await with_pack(empty, tactics=carry, pack=no_arrows)).ask("weapon") is None


async def test_a_wield_counts_as_tried_only_when_it_was_sent():
    """The bow in hand and an orc beside us: 'wc' while higher experts take the turns
    (it was never sent, so it is offered every time); sent and the bow still in hand,
    it is offered once more; sent twice, no more (Rogue is refusing it)."""
    bow_in_hand = [line.replace(" (weapon in hand)", "") for line in PACK]
    bow_in_hand[3] += " (weapon in hand)"
    beside = screen(room_with((3, 2, "@"), (3, 3, "O")), top=2)
    pipeline = await with_pack(beside, pack=bow_in_hand)
    weapon = pipeline.expert("weapon")
    for _ in range(5):
        await pipeline.feed(beside, acted="\x1b")
        assert pipeline.ask("weapon", weapon).action == "wc"
    offers = []
    for _ in range(3):
        await pipeline.feed(beside, acted="wc")
        offers.append(pipeline.ask("weapon", weapon))
    assert [o.action if o else None for o in offers] == ["wc", None, None]


#: An orc in the room above the hero's passage, three squares off; the way to it runs
#: east, up and in by the door.
ROUND_THE_WALL = [
    "--------------",
    "|............|",
    "|............+#####",
    "|............|    #",
    "--------------    #",
    "                  #",
    "          @########",
]


def _orc_at(pos: tuple[int, int]) -> list[str]:
    rows = [list(r) for r in ROUND_THE_WALL]
    rows[pos[0] - 2][pos[1]] = "O"
    return ["".join(r) for r in rows]


async def test_target_does_not_go_for_a_monster_near_but_far_by_the_way_there():
    """Three squares off as the crow flies, the orc is some twenty by the way round the
    wall: the target expert leaves it. (Its first steps took the hero out of the chase's
    reach, the explorer's step back brought him within it again, and in dungeon 1293 of
    1.70 the two took turns for 2,100 decisions until he starved.) In the room, the same
    orc is gone for."""
    melee_only = [line for line in PACK if "bow" not in line and "arrows" not in line]
    pipeline = await with_pack(screen(_orc_at((4, 7)), top=2), screen(_orc_at((5, 7)), top=2),
                               pack=melee_only)
    threat = pipeline.situation().threats[0]
    assert threat.awake and threat.distance == 3
    assert pipeline.ask("target") is None
    inside = [screen(room_with((3, 3, "@"), (3, 8, "O")), top=2),
              screen(room_with((3, 3, "@"), (3, 7, "O")), top=2)]
    pipeline = await with_pack(*inside, pack=melee_only)
    proposal = pipeline.ask("target")
    assert proposal.action in ("l", "n", "u") and "go for the awake orc" in proposal.rationale


async def test_target_stops_waiting_until_its_step_is_sent():
    """An orc two squares off that does not come: 's' three times, then a step toward
    it, offered until it is sent (outranked each time, it used to reset the wait and
    hold the hero in place for good: dungeon 301)."""
    near = screen(room_with((3, 3, "@"), (3, 5, "O")), top=2)
    pipeline = await with_pack(near)
    target = pipeline.expert("target")
    waits = [pipeline.ask("target", target).action for _ in range(3)]
    assert waits == ["s", "s", "s"]
    steps = []
    for _ in range(3):  # the pack is being listed: our step is not sent
        await pipeline.feed(near, acted="\x1b")
        steps.append(pipeline.ask("target", target).action)
    assert "s" not in steps and len(set(steps)) == 1
    await pipeline.feed(near, acted=steps[0])
    assert pipeline.ask("target", target).action == "s"


async def test_readying_the_bow_fails_only_when_sent():
    """An orc six squares off in line: 'wd' outranked five times is still offered;
    sent three times with the mace still in hand (a cursed one), it is given up."""
    far = screen(room_with((3, 2, "@"), (3, 8, "O")), top=2)
    pipeline = await with_pack(far)
    missile = pipeline.expert("missile")
    for _ in range(5):
        await pipeline.feed(far, acted="\x1b")
        assert pipeline.ask("missile", missile).action == "wd"
    for _ in range(3):
        await pipeline.feed(far, acted="wd")
        offer = pipeline.ask("missile", missile)
    assert offer is None or not offer.action.startswith("w")


async def test_a_wield_answered_with_a_prompt_still_counts_as_tried():
    """Under a cursed sword, 'wd' is "you can't" and then 'd' asks what to drop: the
    screen after our wield is that question (answered with ESC), not the map. The try
    still counts; after three the bow is no longer readied (dungeon 272 looped)."""
    far = screen(room_with((3, 2, "@"), (3, 8, "O")), top=2)
    asked = screen(room_with((3, 2, "@"), (3, 8, "O")), top=2,
                   message="Which object do you want to drop? (* for list): ")
    pipeline = await with_pack(far)
    missile = pipeline.expert("missile")
    offers = []
    for _ in range(4):
        offers.append(pipeline.ask("missile", missile))
        await pipeline.feed(asked, acted="wd")
        pipeline.ask("missile", missile)
        await pipeline.feed(far, acted="\x1b")
    offers.append(pipeline.ask("missile", missile))
    actions = [o.action if o else None for o in offers]
    assert actions[:3] == ["wd"] * 3 and not (actions[-1] or "").startswith("w")


async def test_a_flier_is_shot_at_from_further_off_and_the_bow_goes_away_sooner():
    """Rogue moves a kestrel twice a turn until it is next to the hero: the bow is
    readied for it only six squares off, it is shot at from four, and at three the
    mace comes back (one more shot would let it strike during the swap)."""
    bow_in_hand = [line.replace(" (weapon in hand)", "") for line in PACK]
    bow_in_hand[3] += " (weapon in hand)"

    def coming(col_before: int, col_now: int) -> list:
        return [screen(room_with((3, 2, "@"), (3, col_before, "K")), top=2),
                screen(room_with((3, 2, "@"), (3, col_now, "K")), top=2)]

    pipeline = await with_pack(*coming(9, 7))  # five squares off: too close to ready
    assert pipeline.ask("missile") is None
    pipeline = await with_pack(*coming(10, 8))  # six squares off
    assert pipeline.ask("missile").action == "wd"
    pipeline = await with_pack(*coming(8, 6), pack=bow_in_hand)  # four squares off
    assert pipeline.ask("weapon") is None
    assert pipeline.ask("missile").action == "tle"
    pipeline = await with_pack(*coming(7, 5), pack=bow_in_hand)  # three squares off
    assert pipeline.ask("missile") is None
    proposal = pipeline.ask("weapon")
    assert proposal.action == "wc" and "bow away" in proposal.rationale


async def test_object_expert_walks_to_the_nearest_gold():
    """Gold in the room: step toward it along the path."""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (3, 8, "*"), (5, 12, "!")),
                                      top=2))
    proposal = pipeline.ask("object")
    assert proposal.action in ("l", "n", "u") and "gold 5 squares" in proposal.rationale


async def test_a_hero_hurt_enough_to_rest_rests_before_walking_to_an_object():
    """At 3 of 12 hit points the gold across the room waits for the rest (a walk is
    a walk into sleepers and wanderers); gold a step away is still taken; so is the
    far gold at 11 of 12, below the rest threshold of a hero already resting."""
    def hurt(hp: int, gold: tuple[int, int]) -> RogueView:
        return screen(room_with((3, 3, "@"), (*gold, "*")), top=2, status_line=status(hp=hp))

    pipeline = await with_pack(hurt(3, (5, 12)))
    assert pipeline.ask("object") is None
    assert "rest" in pipeline.ask("health").rationale
    pipeline = await with_pack(hurt(3, (3, 4)))
    assert "gold 1 squares" in pipeline.ask("object").rationale
    pipeline = await with_pack(hurt(11, (5, 12)))
    assert "gold" in pipeline.ask("object").rationale


async def test_object_expert_leaves_a_potion_beside_a_sleeping_ice_monster():
    """Next to a sleeping ice monster the potion is left (in a treasure room the monster
    wakes as we come, and its freezes chain until we die); the farther gold is taken.
    With the ice monster gone, the nearer potion is taken again."""
    guarded = screen(room_with((3, 3, "@"), (3, 6, "!"), (3, 7, "I"), (5, 12, "*")), top=2)
    pipeline = await with_pack(guarded)
    assert "gold" in pipeline.ask("object").rationale
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (3, 6, "!"), (5, 12, "*")),
                                      top=2))
    assert "'!' 3 squares" in pipeline.ask("object").rationale


async def test_object_expert_gives_up_an_object_it_keeps_circling_for():
    """Bouncing between two squares on the way to gold: that gold is given up."""
    a = screen(room_with((3, 3, "@"), (5, 10, "*")), top=2)
    b = screen(room_with((3, 4, "@"), (5, 10, "*")), top=2)
    pipeline = await with_pack()
    expert = pipeline.expert("object")
    for i in range(40):
        await pipeline.feed(a if i % 2 == 0 else b)
        proposal = pipeline.ask("object", expert)
        if proposal is None:
            break
    assert proposal is None and i >= 20


async def test_object_expert_gives_up_an_object_another_expert_keeps_taking_it_from():
    """Asked at the same square again and again (the explorer stepped us back each time
    it yielded): no nearer to the gold in 25 proposals, so the gold is given up."""
    a = screen(room_with((3, 3, "@"), (5, 10, "*")), top=2)
    pipeline = await with_pack()
    expert = pipeline.expert("object")
    answers = []
    for _ in range(40):
        await pipeline.feed(a)
        answers.append(pipeline.ask("object", expert))
    assert all(p is not None for p in answers[:25]) and answers[-1] is None
    nearer = await with_pack()
    expert = pipeline.expert("object")
    for col in (3, 4, 5, 6, 7, 8, 9, 8, 7):  # coming nearer, then pushed back a little
        await nearer.feed(screen(room_with((3, col, "@"), (5, 10, "*")), top=2))
        assert nearer.ask("object", expert) is not None


async def test_armor_expert_takes_off_armor_for_a_better_suit_then_wears_it():
    """Splint mail (Arm 6) beats the ring mail worn (Arm 4): take off, then put on."""
    pack = PACK + ["f) splint mail"]
    pipeline = await with_pack(pack=pack)
    armor = pipeline.expert("armor")
    assert pipeline.ask("armor", armor).action == "T"
    without = [line.replace(" (being worn)", "") for line in pack]
    await pipeline.feed(inventory_screen(without))
    await pipeline.feed(screen(room_with((3, 1, "@")), top=2))
    assert pipeline.ask("armor", armor).action == "Wf"


async def test_magic_expert_reads_an_unknown_scroll_in_peace():
    """An unknown scroll with nothing in view: read it to learn what it is."""
    pipeline = await with_pack(pack=PACK + ["f) A scroll titled 'zok'"])
    assert pipeline.ask("magic").action == "rf"


async def test_magic_expert_reads_a_known_identify_scroll_only_for_an_unknown_item_of_its_kind():
    """Rogue 5.4 names its identify scrolls by kind ("identify potion"): read in peace
    while a potion is unknown (the prompt then gets its letter); kept while every
    potion is known."""
    identify = "f) A scroll of identify potion"
    pipeline = await with_pack(pack=PACK + [identify, "g) A blue potion"])
    assert pipeline.ask("magic").action == "rf"
    pipeline = await with_pack(pack=PACK + [identify, "g) A potion of healing(blue)"])
    assert pipeline.ask("magic") is None


async def test_food_detection_is_kept_while_the_pack_has_food():
    """A scroll of food detection shows the food on the level: read (not eaten) with no
    food in the pack, kept while the starting food is still there."""
    detection = "f) A scroll of food detection"
    pipeline = await with_pack(pack=PACK + [detection])
    assert pipeline.ask("magic") is None
    no_food = ["a) A scroll titled 'zok'", *PACK[1:], detection]
    pipeline = await with_pack(pack=no_food)
    magic = pipeline.expert("magic")
    magic.tried.add("A scroll titled 'zok'")  # already read: only the known one is left
    proposal = pipeline.ask("magic", magic)
    assert proposal is not None and proposal.action == "rf"
    assert "no food in the pack" in proposal.rationale


async def test_magic_mapping_is_kept_for_a_level_mostly_unseen():
    """Rogue's magic map shows the whole level, secret doors and hidden passages too:
    read where most of it is unseen (one room of nine cells seen), kept for the next
    level where every cell has been seen."""
    scroll = "f) A scroll of magic mapping"
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2), pack=PACK + [scroll])
    proposal = pipeline.ask("magic")
    assert proposal is not None and proposal.action == "rf"
    assert "8 of 9 cells unseen" in proposal.rationale
    rows = [" " * 79 for _ in range(21)]
    for r in (1, 8, 15):
        rows[r] = "#" * 79  # a passage through each band of cells, joined on the left
    rows = ["#" + row[1:] for row in rows]
    rows[2] = "#@" + rows[2][2:]
    walked = await with_pack(screen(rows, top=1), pack=PACK + [scroll])
    assert walked.ask("magic") is None


async def test_restore_strength_is_kept_until_strength_is_drained():
    """Rogue's restore strength only sets strength back to its most: drunk at full
    strength it is lost. Kept while Str is whole; drunk in peace once a rattlesnake
    has taken some; a potion of gain strength is drunk at once either way."""
    pack = [*PACK, "f) A potion of restore strength(blue)"]
    pipeline = await with_pack(pack=pack)
    assert pipeline.ask("magic") is None
    drained = screen(room_with((3, 1, "@")), top=2, status_line=status(strength=11))
    pipeline = await with_pack(drained, pack=pack)
    proposal = pipeline.ask("magic")
    assert proposal is not None and proposal.action == "qf"
    assert "strength 11 of 16" in proposal.rationale
    gain = await with_pack(pack=[*PACK, "f) A potion of gain strength(red)"])
    assert gain.ask("magic").action == "qf"


async def test_haste_self_waits_for_a_fight_gone_bad_and_is_not_drunk_twice():
    """Haste self lasts 5 to 8 turns: drunk in peace it is wasted, so the magic expert
    keeps it; battlestations drinks it when a centaur could kill the hero; while the
    haste lasts ("moving much faster" until "slowing down") a second potion, which
    would make him faint, is not drunk."""
    pack = [*PACK, "f) 2 potions of haste self(green)"]
    pipeline = await with_pack(pack=pack)
    assert pipeline.ask("magic") is None
    low = status(hp=4, hp_max=20, exp_level=3)
    for at in ((5, 3), (4, 2)):  # a centaur walks up: awake
        await pipeline.feed(screen(room_with((3, 1, "@"), (*at, "C")), top=2, status_line=low))
    proposal = pipeline.ask("melee")
    assert proposal is not None and proposal.action == "qf"
    assert "haste self" in proposal.rationale
    fighting = room_with((3, 1, "@"), (4, 2, "C"))
    await pipeline.feed(screen(fighting, top=2, status_line=low,
                               message="you feel yourself moving much faster!"), acted="qf")
    assert pipeline.read("intern").hasted
    # The pack is read again (one potion left) and the map redrawn: still hasted.
    await pipeline.feed(inventory_screen([*PACK, "f) A potion of haste self(green)"]))
    await pipeline.feed(screen(fighting, top=2, status_line=low))
    assert pipeline.situation().has("potion", "haste self") == "f"
    assert pipeline.ask("melee").action != "qf"
    await pipeline.feed(screen(fighting, top=2, status_line=low,
                               message="you feel yourself slowing down"))
    assert not pipeline.read("intern").hasted
    await pipeline.feed(inventory_screen([*PACK, "f) A potion of haste self(green)"]))
    await pipeline.feed(screen(fighting, top=2, status_line=low))
    assert pipeline.ask("melee").action == "qf"


async def test_health_expert_eats_when_hungry_and_rests_when_hurt():
    """Hungry with food (tactics: eat when hungry): eat. Hurt with nothing near: rest by
    searching in place."""
    hungry = screen(room_with((3, 3, "@")), top=2, status_line=status(hunger="Hungry"))
    pipeline = await with_pack(hungry, tactics=Tactics(eat_at=1))
    assert pipeline.ask("health").action == "ea"
    hurt = screen(room_with((3, 3, "@")), top=2, status_line=status(hp=3))
    pipeline = await with_pack(hurt)
    proposal = pipeline.ask("health")
    assert proposal.action.endswith("s") and "rest" in proposal.rationale


async def test_by_default_the_hero_eats_after_a_faint_and_waits_for_it_where_it_is_quiet():
    """Hungry: no meal yet. Weak with nothing in view: wait in place for the faint.
    Fainted (and moving again): eat."""
    def hunger(word: str, *marks: tuple[int, int, str]) -> RogueView:
        return screen(room_with((3, 3, "@"), *marks), top=2, status_line=status(hunger=word))

    pipeline = await with_pack(hunger("Hungry"))
    assert pipeline.ask("health") is None
    pipeline = await with_pack(hunger("Weak"))
    proposal = pipeline.ask("health")
    assert proposal.action == "s" and "wait here for the faint" in proposal.rationale
    assert pipeline.ask("hunger") is None
    pipeline = await with_pack(hunger("Faint"))
    assert pipeline.ask("health").action == "ea"
    no_food = ["a) +1 ring mail [protection 4] (being worn)", "b) A +1,+1 mace (weapon in hand)"]
    pipeline = await with_pack(hunger("Weak"), pack=no_food)
    assert pipeline.ask("health") is None  # no food: nothing to wait for


async def test_hunger_eats_at_once_when_a_monster_comes_while_the_hero_waits_to_faint():
    """Weak, a hobgoblin coming: eat now (a faint in the fight is free blows); not
    weak, or the monster already beside us: not hunger's business."""
    def coming(word: str, col: int) -> list[RogueView]:
        return [screen(room_with((3, 3, "@"), (3, c, "H")), top=2,
                       status_line=status(hunger=word)) for c in (col + 1, col)]

    proposal = (await with_pack(*coming("Weak", 7))).ask("hunger")
    assert proposal.action == "ea" and "hobgoblin is coming" in proposal.rationale
    assert (await with_pack(*coming("Weak", 7))).ask("health") is None
    assert (await with_pack(*coming("Hungry", 7))).ask("hunger") is None
    assert (await with_pack(*coming("Weak", 4))).ask("hunger") is None


async def test_hunger_eats_before_hunger_takes_the_running_flag():
    """After a faint the hero carries the running flag; with the food clock's floor at
    400 or less and still fed, eat (a meal adds to the clock); not before the faint,
    not with the clock well up, not with no food, not with a monster beside us."""
    def view(*marks: tuple[int, int, str], message: str = "") -> RogueView:
        return screen(room_with((3, 3, "@"), *marks), top=2, message=message)

    async def after(steady: bool, turns: int, *marks: tuple[int, int, str],
                    pack: list[str] = PACK) -> object:
        pipeline = await with_pack(view(), pack=pack)
        if steady:
            await pipeline.feed(view(message="You can move again"), acted="s")
        await pipeline.feed(view(*marks), acted=f"{turns}s")
        return pipeline.ask("hunger")

    proposal = await after(True, 899)
    assert proposal.action == "ea" and "running flag" in proposal.rationale
    assert "at least 400" in proposal.rationale
    assert await after(True, 890) is None  # the floor is 409: not yet
    assert await after(False, 950) is None  # no flag to keep
    no_food = ["a) +1 ring mail [protection 4] (being worn)", "b) A +1,+1 mace (weapon in hand)"]
    assert await after(True, 950, pack=no_food) is None
    assert await after(True, 950, (3, 4, "H")) is None  # melee's business
    never = attrs.evolve(Tactics(), top_up_at=0)
    pipeline = await with_pack(view(), tactics=never)
    await pipeline.feed(view(message="You can move again"), acted="s")
    await pipeline.feed(view(), acted="1200s")
    assert pipeline.ask("hunger") is None  # top_up_at 0: never


async def test_hunger_tries_a_meal_that_did_not_happen_again_only_turns_later():
    """The proposal lost (or the letter held no food): no meal shows in the food clock,
    so ask again only after 20 more turns (never a loop of failing keys); once the meal
    shows, the next top-up comes when the clock is low again."""
    def view(message: str = "") -> RogueView:
        return screen(room_with((3, 3, "@")), top=2, message=message)

    pipeline = await with_pack(view())
    await pipeline.feed(view("You can move again"), acted="s")
    await pipeline.feed(view(), acted="900s")
    expert = pipeline.expert("hunger")
    assert pipeline.ask("hunger", expert).action == "ea"
    await pipeline.feed(view(), acted="h")  # another expert's step won
    assert pipeline.ask("hunger", expert) is None
    await pipeline.feed(view(), acted="18s")
    assert pipeline.ask("hunger", expert) is None
    await pipeline.feed(view(), acted="2s")
    assert pipeline.ask("hunger", expert).action == "ea"
    await pipeline.feed(view("Yum, that tasted good"), acted="ea")
    assert pipeline.ask("hunger", expert) is None
    await pipeline.feed(inventory_screen(PACK), acted="i")  # a meal: look at the pack again
    await pipeline.feed(view(), acted=" ")
    assert pipeline.ask("hunger", expert) is None
    await pipeline.feed(view(), acted="1099s")
    assert pipeline.ask("hunger", expert).action == "ea"


async def test_waiting_for_the_faint_from_hungry_eats_early_only_when_weak():
    """Tactics.faint_wait_from 1: hungry with food and nothing in view, wait for the faint
    already; a monster coming while only hungry is fought, not eaten for (the faint is
    150 turns off or more, and a meal now would cost the next thousand turns' running
    flag)."""
    early = attrs.evolve(Tactics(), faint_wait_from=1)
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2,
                                      status_line=status(hunger="Hungry")), tactics=early)
    proposal = pipeline.ask("health")
    assert proposal.action == "s" and "hungry: wait here for the faint" in proposal.rationale
    coming = [screen(room_with((3, 3, "@"), (3, c, "H")), top=2,
                     status_line=status(hunger="Hungry")) for c in (8, 7)]
    pipeline = await with_pack(*coming, tactics=early)
    assert pipeline.ask("hunger") is None
    assert pipeline.ask("health") is None  # a monster in view: no waiting either


async def test_exploration_walks_to_the_unknown_then_down_the_stairs():
    """An unvisited door leads on; with the level done and on the stairs, go down."""
    pipeline = await with_pack(screen(room_with((4, 12, "@")), top=2))
    proposal = pipeline.ask("explore")
    assert proposal.action == "l" and "unknown" in proposal.rationale
    before = [r.replace("+", "|") for r in room_with((4, 5, "@"), (4, 6, "%"))]
    on = [r.replace("+", "|") for r in room_with((4, 6, "@"))]
    pipeline = await with_pack(screen(before, top=2), screen(on, top=2), tactics=NO_SEEK)
    proposal = pipeline.ask("explore")
    assert proposal.action == ">"


async def test_with_camp_below_the_hero_waits_on_the_stairs_for_the_first_faint():
    """``Tactics.camp_below``: done with the level, on the stairs, never yet fainted
    (no running flag), with food, and the food clock's floor below the mark (Hungry
    puts it under 300): wait there rather than go down. Once the faint is over ("You
    can move again": the flag), or with no food to eat after it, down. By default
    (1.70) the hero camps only with two food items, so one ration sends him down."""
    camp = attrs.evolve(NO_SEEK, camp_below=1000, camp_food=1)
    before = [r.replace("+", "|") for r in room_with((4, 5, "@"), (4, 6, "%"))]
    on = [r.replace("+", "|") for r in room_with((4, 6, "@"))]
    hungry = status(hunger="Hungry")
    views = (screen(before, top=2, status_line=hungry), screen(on, top=2, status_line=hungry))
    pipeline = await with_pack(*views, tactics=camp)
    assert not pipeline.read("intern").steady
    explore = pipeline.expert("explore")
    proposal = pipeline.ask("explore", explore)
    assert proposal.action != ">" and "wait on the stairs for the first faint" \
        in proposal.rationale
    await pipeline.feed(screen(on, top=2, status_line=status(hunger="Faint"),
                               message="You can move again"))
    assert pipeline.read("intern").steady
    assert pipeline.ask("explore", explore).action == ">"
    no_food = [line for line in PACK if "food" not in line]
    assert (await with_pack(*views, tactics=camp, pack=no_food)).ask("explore").action == ">"
    assert (await with_pack(*views, tactics=NO_SEEK)).ask("explore").action == ">"
    two = ["a) 2 rations of food"] + PACK[1:]
    assert (await with_pack(*views, pack=two, tactics=NO_SEEK)).ask("explore").action != ">"
    # Not yet hungry, the floor is still above the mark: down.
    fresh = (screen(before, top=2), screen(on, top=2))
    assert (await with_pack(*fresh, tactics=camp)).ask("explore").action == ">"


async def test_camp_deepest_and_camp_food_narrow_where_and_with_what_the_hero_camps():
    """``Tactics.camp_deepest``: no camp on a level deeper than the mark;
    ``Tactics.camp_food``: none with fewer food items than it in the pack (a count
    such as "2 rations of food" counts twice)."""
    def views(level: int) -> tuple[RogueView, RogueView]:
        before = [r.replace("+", "|") for r in room_with((4, 5, "@"), (4, 6, "%"))]
        on = [r.replace("+", "|") for r in room_with((4, 6, "@"))]
        hungry = status(hunger="Hungry", level=level)
        return screen(before, top=2, status_line=hungry), screen(on, top=2, status_line=hungry)

    def waits(pipeline: Pipeline) -> bool:
        proposal = pipeline.ask("explore")
        return proposal.action != ">" and "first faint" in proposal.rationale

    shallow = attrs.evolve(NO_SEEK, camp_below=1000, camp_deepest=1, camp_food=1)
    assert waits(await with_pack(*views(1), tactics=shallow))
    assert not waits(await with_pack(*views(2), tactics=shallow))
    provident = attrs.evolve(NO_SEEK, camp_below=1000, camp_food=2)
    assert not waits(await with_pack(*views(1), tactics=provident))
    two = ["a) 2 rations of food"] + PACK[1:]
    assert waits(await with_pack(*views(1), tactics=provident, pack=two))
    mixed = PACK + ["f) A slime-mold"]
    assert waits(await with_pack(*views(3), tactics=provident, pack=mixed))

async def test_with_season_behind_a_steady_hero_lagging_in_experience_waits_for_wanderers():
    """``Tactics.season_behind``: on the stairs of a level done, with the running flag
    ("You can move again") and two meals, a hero whose experience level is that far
    below the dungeon level waits there for wanderers, for ``season_turns`` actions at
    most; one close enough to the dungeon level, or without the flag, or with one meal,
    or by default, goes down."""
    before = [r.replace("+", "|") for r in room_with((4, 5, "@"), (4, 6, "%"))]
    on = [r.replace("+", "|") for r in room_with((4, 6, "@"))]
    two = ["a) 2 rations of food"] + PACK[1:]

    async def explore(exp_level: int, *, tactics: Tactics, pack: list[str] = two,
                      flag: bool = True) -> tuple[Pipeline, object]:
        line = status(level=7, exp_level=exp_level)
        views = [screen(before, top=2, status_line=line), screen(on, top=2, status_line=line)]
        if flag:
            views.append(screen(on, top=2, status_line=line, message="You can move again"))
        pipeline = await with_pack(*views, tactics=tactics, pack=pack)
        return pipeline, pipeline.expert("explore")

    season = attrs.evolve(Tactics(), season_behind=2, season_turns=3)
    pipeline, expert = await explore(5, tactics=season)
    assert pipeline.read("intern").steady
    for n in (1, 2, 3):
        proposal = pipeline.ask("explore", expert)
        assert proposal.action != ">" and f"wait on the stairs for wanderers ({n} of 3)" \
            in proposal.rationale and "experience level 5 on dungeon level 7" \
            in proposal.rationale
    assert pipeline.ask("explore", expert).action == ">"  # the level's wait is spent
    for exp_level, kwargs in ((6, {}), (5, {"flag": False}), (5, {"pack": PACK})):
        pipeline, expert = await explore(exp_level, tactics=season, **kwargs)
        assert pipeline.ask("explore", expert).action == ">", (exp_level, kwargs)
    pipeline, expert = await explore(5, tactics=Tactics())
    assert pipeline.ask("explore", expert).action == ">"


async def test_with_season_patrol_the_lagging_hero_walks_the_levels_doors_not_waits():
    """``Tactics.season_patrol``: where ``season_behind`` would wait on the stairs, the
    hero walks to the level's door, stood on once before, for ``season_turns`` actions;
    then down. Without ``season_behind``'s lag, down at once."""
    stairs_seen = room_with((4, 12, "@"), (4, 6, "%"))
    on_door = room_with((4, 13, "@"), (4, 6, "%"))
    on = room_with((4, 6, "@"))
    two = ["a) 2 rations of food"] + PACK[1:]

    async def explore(exp_level: int, tactics: Tactics) -> tuple[Pipeline, object]:
        line = status(level=7, exp_level=exp_level)
        views = [screen(v, top=2, status_line=line) for v in (stairs_seen, on_door, on)]
        views.append(screen(on, top=2, status_line=line, message="You can move again"))
        pipeline = await with_pack(*views, tactics=tactics, pack=two)
        return pipeline, pipeline.expert("explore")

    patrol = attrs.evolve(Tactics(), season_behind=2, season_turns=2, season_patrol=True)
    pipeline, expert = await explore(5, patrol)
    for n in (1, 2):
        proposal = pipeline.ask("explore", expert)
        assert proposal.action in "lnu" and f"walk the level's doors for wanderers ({n} of 2)" \
            in proposal.rationale and "door at (4, 13)" in proposal.rationale
    assert pipeline.ask("explore", expert).action == ">"  # the level's patrol is spent
    pipeline, expert = await explore(6, patrol)
    assert pipeline.ask("explore", expert).action == ">"


async def test_with_camp_first_the_hero_waits_on_the_stairs_before_exploring_the_level():
    """``Tactics.camp_first``: on level 1, never yet fainted, with food, the door on to
    the unknown waits: the hero walks to the known stairs and waits there for the first
    faint. Once he has the flag ("You can move again"), or deeper than the mark, or with
    no food, or by default, the door comes first."""
    first = attrs.evolve(Tactics(), camp_first=1)
    toward = screen(room_with((4, 6, "@"), (4, 3, "%")), top=2)
    on = screen(room_with((4, 3, "@")), top=2)

    async def explores(*views: RogueView, **kwargs) -> str:  # noqa: ANN003
        return (await with_pack(*views, **kwargs)).ask("explore").rationale

    assert "to the stairs, to wait there for the first faint" in await explores(
        toward, tactics=first)
    pipeline = await with_pack(toward, on, tactics=first)
    explore = pipeline.expert("explore")
    proposal = pipeline.ask("explore", explore)
    assert proposal.action.endswith("s") and "first faint before exploring level 1" \
        in proposal.rationale
    await pipeline.feed(screen(room_with((4, 3, "@")), top=2,
                               status_line=status(hunger="Faint"), message="You can move again"))
    assert pipeline.read("intern").steady
    assert "toward the unknown" in pipeline.ask("explore", explore).rationale
    # The level's patience counts from the camp's end: a hero past it while he waited
    # still waits, and once the faint is over explores the level rather than go down.
    brief = attrs.evolve(first, level_patience=100)
    pipeline = await with_pack(toward, tactics=brief)
    explore = pipeline.expert("explore")
    for _ in range(110):
        await pipeline.feed(on)
        assert "first faint before exploring" in pipeline.ask("explore", explore).rationale
    assert pipeline.read("terrain").turns > 110
    await pipeline.feed(screen(room_with((4, 3, "@")), top=2,
                               status_line=status(hunger="Faint"), message="You can move again"))
    assert "toward the unknown" in pipeline.ask("explore", explore).rationale
    assert "toward the unknown" in await explores(toward)
    no_food = [line for line in PACK if "food" not in line]
    assert "toward the unknown" in await explores(toward, tactics=first, pack=no_food)
    deeper = screen(room_with((4, 6, "@"), (4, 3, "%")), top=2, status_line=status(level=2))
    assert "toward the unknown" in await explores(deeper, tactics=first)


async def test_exploration_keeps_its_way_when_another_unknown_becomes_a_little_nearer():
    """Two doors at nearly the same distance: pushed two squares toward the other one,
    the explorer keeps heading for the first (they swapped places as the hero walked,
    back and forth until he starved); a fresh explorer takes the nearer."""
    def room(col: int) -> list[str]:
        rows = room_with((4, col, "@"))
        rows[2] = "+" + rows[2][1:]  # a second door, in the left wall
        return rows

    pipeline = await with_pack(screen(room(7), top=2))
    explore = pipeline.expert("explore")
    assert pipeline.ask("explore", explore).rationale.endswith("unknown at (4, 13)")
    await pipeline.feed(screen(room(5), top=2))
    assert pipeline.ask("explore", explore).rationale.endswith("unknown at (4, 13)")
    assert pipeline.ask("explore").rationale.endswith("unknown at (4, 0)")


async def test_exploration_does_not_take_up_again_a_way_it_gave_up():
    """Heading east, the hero finds a sleeping ice monster in front of the door and turns
    west; when it drops out of sight (a dark room shows it only from beside it) the
    east door looks near again, but the explorer keeps going west. Taking it up again
    made a hero pace between the two for 3,000 turns, until he starved."""
    def room(col: int, *marks: tuple[int, int, str]) -> list[str]:
        rows = room_with((4, col, "@"), *marks)
        rows[2] = "+" + rows[2][1:]  # a second door, in the left wall
        return rows

    pipeline = await with_pack(screen(room(8), top=2))
    explore = pipeline.expert("explore")
    assert pipeline.ask("explore", explore).rationale.endswith("unknown at (4, 13)")
    await pipeline.feed(screen(room(11, (4, 12, "I")), top=2))
    assert pipeline.ask("explore", explore).rationale.endswith("unknown at (4, 0)")
    await pipeline.feed(screen(room(10), top=2))
    assert pipeline.ask("explore", explore).rationale.endswith("unknown at (4, 0)")
    fresh = await with_pack(screen(room(10), top=2))
    assert fresh.ask("explore").rationale.endswith("unknown at (4, 13)")


async def test_a_floating_hero_waits_on_the_stairs_until_he_lands():
    """'>' while levitating fails and takes no turn, so the float never ended (a game
    pressed it 6,000 times until the time cap): wait a turn instead; down once landed."""
    before = [r.replace("+", "|") for r in room_with((4, 5, "@"), (4, 6, "%"))]
    on = [r.replace("+", "|") for r in room_with((4, 6, "@"))]
    pipeline = await with_pack(screen(before, top=2), screen(
        on, top=2, message="You can't.  You're floating off the ground!"), tactics=NO_SEEK)
    assert pipeline.read("inventory").stale is False
    explore = pipeline.expert("explore")
    assert pipeline.ask("explore", explore).action == "s"
    await pipeline.feed(screen(on, top=2))
    assert pipeline.ask("explore", explore).action == "s"
    await pipeline.feed(screen(on, top=2, message="You float gently to the ground"))
    assert pipeline.ask("explore", explore).action == ">"


async def test_exploration_heads_down_when_hungry_with_no_food_left():
    """Hungry and out of food: an unexplored level is left by the known stairs."""
    no_food = [line for line in PACK if "food" not in line]
    pipeline = await with_pack(
        screen(room_with((3, 5, "@"), (3, 4, "%")), top=2, status_line=status(hunger="Hungry")),
        pack=no_food)
    proposal = pipeline.ask("explore")
    assert proposal.action == "h" and "stairs" in proposal.rationale


async def test_exploration_searches_when_nothing_is_left_and_no_stairs_are_known():
    """A closed room without stairs: search for a secret door."""
    closed = [r.replace("+", "|") for r in room_with((3, 1, "@"))]
    pipeline = await with_pack(screen(closed, top=2))
    proposal = pipeline.ask("explore")
    assert "search" in proposal.rationale


async def test_a_lower_expert_never_acts_while_a_higher_one_proposes():
    """Melee and object both advise; the arbiter takes melee, every time, as listed."""
    spec = rogomatic()
    names = [e.name for e in spec.experts]
    assert names == ["screens", "salvage", "starvation", "inventory", "icebreaker", "weapon",
                     "sanctuary", "rust", "surrender", "hunger", "melee", "freezer", "escape",
                     "target", "missile", "battlestations", "retreat", "hold", "junk", "object",
                     "armor", "magic", "rings", "health", "explore"]
    views = [
        screen(room_with((3, 3, "@"), (3, 4, "H"), (5, 10, "*")), top=2),
        screen(room_with((3, 3, "@"), (5, 10, "*")), top=2),
        screen(room_with((3, 3, "@")), top=2, message="You hit the hobgoblin--More--"),
        screen(room_with((3, 3, "@"), (3, 7, "H")), top=2),
    ]
    pipeline = await with_pack()
    arbiter = Arbiter([factory(seed=0) for factory in spec.experts])
    winners = []
    for view in views:
        await pipeline.feed(view)
        decision = await arbiter.decide(pipeline.board, pipeline.generation)
        proposing = [name for name, st, _, _ in decision.verdicts if st == "proposed"]
        assert decision.expert == proposing[0]
        winners.append(decision.expert)
    assert winners == ["melee", "object", "screens", "missile"]


async def test_a_fainting_hero_eats_before_he_strikes():
    """Out of food, Rogue makes the hero faint again one turn in five until he eats: with
    "Faint" on the status line the meal comes before a blow at the snake beside him
    (dungeon 570 of 1.61 struck a kestrel so before eating). Weak, the same snake is
    struck: the faint the tactics wait for has not come yet."""
    spec = rogomatic()
    fight = room_with((3, 3, "@"), (3, 4, "S"))
    for hunger, expert, action in (("Faint", "hunger", "ea"), ("Weak", "melee", "l")):
        pipeline = await with_pack()
        arbiter = Arbiter([factory(seed=0) for factory in spec.experts])
        await pipeline.feed(screen(fight, top=2, status_line=status(hunger=hunger)))
        decision = await arbiter.decide(pipeline.board, pipeline.generation)
        assert (decision.expert, decision.action) == (expert, action), hunger
    alone = await with_pack(screen(room_with((3, 3, "@")), top=2,
                                   status_line=status(hunger="Faint")))
    assert alone.ask("hunger").action == "ea"
    no_food = await with_pack(screen(fight, top=2, status_line=status(hunger="Faint")),
                              pack=PACK[1:])
    assert no_food.ask("hunger") is None


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


async def test_an_unknown_wand_zapped_for_nothing_is_not_zapped_again():
    """Cornered by a troll at 6 of 40 hit points: zap the unknown wand once. If it is still
    unknown after the zap (nothing showed: slow monster, haste monster, invisibility),
    the same expert does not zap it again; one that never saw the zap would. (1.16
    zapped one four times in a row while a centaur struck.)"""
    pack = PACK + ["f) A redwood staff"]
    losing = status(level=9, hp=6, hp_max=40, exp_level=6, exp=200)
    cornered = screen(room_with((3, 1, "@"), (4, 2, "T")), top=2, status_line=losing)
    pipeline = await with_pack(cornered, pack=pack)
    melee = pipeline.expert("melee")
    assert pipeline.ask("melee", melee).action == "znf"
    await pipeline.feed(cornered, acted="znf")
    again = pipeline.ask("melee", melee)
    assert again is not None and not again.action.startswith("z")
    await pipeline.feed(cornered, acted="n")
    assert not pipeline.ask("melee", melee).action.startswith("z")
    assert pipeline.ask("melee").action == "znf"  # an expert that never saw the zap


async def test_an_unknown_wand_is_zapped_only_when_it_beats_striking_on():
    """An unknown wand is polymorph or haste monster one time in four: a level-4 hero at 8
    of 24 beside a kestrel, which he beats 97 times in 100 striking on, strikes (dungeon
    2010 of 1.93 zapped, the kestrel became a griffin, and the hero quit with 383 gold);
    so does a level-1 hero at 3 of 12 beside a hobgoblin (about 54% lost striking, 70%
    zapping). Beside a troll at 6 of 40 every blow loses, and he zaps."""
    pack = PACK + ["f) A redwood staff"]
    cases = (("K", status(level=3, hp=8, hp_max=24, exp_level=4, exp=42), False),
             ("H", status(hp=3), False),
             ("T", status(level=9, hp=6, hp_max=40, exp_level=6, exp=200), True))
    for letter, losing, zaps in cases:
        cornered = screen(room_with((3, 1, "@"), (4, 2, letter)), top=2, status_line=losing)
        pipeline = await with_pack(cornered, pack=pack)
        proposal = pipeline.ask("melee")
        assert proposal is not None, letter
        assert proposal.action.startswith("z") is zaps, (letter, proposal.rationale)


async def test_cancellation_is_zapped_only_at_a_monster_it_takes_something_from():
    """Losing at 8 of 29 hit points, a known wand of cancellation: a centaur has no special
    blow to cancel, so the zap would be a round of its blows for nothing (dungeon 544 of
    1.89 zapped one at a centaur six times running, from 15 of 43 hit points to death);
    a rattlesnake's poison it does take away, once: a cancelled monster stays cancelled."""
    pack = PACK + ["f) A wand of cancellation [4 charges](oak)"]
    losing = status(level=7, hp=8, hp_max=29, exp_level=5, exp=100)
    for letter, zapped in (("C", False), ("R", True)):
        coming = screen(room_with((3, 1, "@"), (4, 3, letter)), top=2, status_line=losing)
        cornered = screen(room_with((3, 1, "@"), (4, 2, letter)), top=2, status_line=losing)
        pipeline = await with_pack(coming, cornered, pack=pack)
        melee = pipeline.expert("melee")
        first = pipeline.ask("melee", melee)
        assert first is not None
        assert (first.action == "znf") is zapped, letter
        await pipeline.feed(cornered, acted=first.action)
        again = pipeline.ask("melee", melee)
        assert again is not None and not again.action.startswith("z"), letter


async def test_an_unknown_potion_is_quaffed_only_with_food_to_sit_out_blindness():
    """A potion of blindness keeps the hero waiting 850 turns: told to quaff unknown
    potions, with the starting food in the pack he quaffs one to learn it; with the same
    stomach and no food he keeps it (for battlestations' last resort)."""
    room = screen(room_with((3, 3, "@")), top=2)
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    quaffing = Tactics(quaff_unknown=True)
    for pack, quaffs in ((PACK, True), (no_food, False)):
        pipeline = await with_pack(room, pack=[*pack, "f) A blue potion"], tactics=quaffing)
        magic = pipeline.expert("magic")
        magic.tried.add("A scroll titled 'zok'")  # already read: only the potion is left
        proposal = pipeline.ask("magic", magic)
        assert (proposal is not None and proposal.action == "qf") is quaffs, pack[0]


async def test_by_default_an_unknown_potion_waits_for_the_brink():
    """From 1.29 the magic expert keeps unknown potions, even with food to spare; the
    same potion is what battlestations tries when one more round could kill and the
    fight is all but lost (from 1.39: ``_gamble``)."""
    pack = [*PACK, "f) A blue potion"]
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2), pack=pack)
    magic = pipeline.expert("magic")
    assert pipeline.ask("magic", magic) is None
    low = status(hp=2, hp_max=20, exp_level=3)
    for at in ((5, 3), (4, 2)):  # a centaur walks up: awake
        await pipeline.feed(screen(room_with((3, 1, "@"), (*at, "C")), top=2, status_line=low))
    assert pipeline.ask("melee").action == "qf"


async def test_a_hero_drained_below_7_strength_quaffs_unknown_potions_in_peace():
    """Rogue takes a point off every blow's chance and damage per point of strength
    under 7: a hero a rattlesnake drained to 5 quaffs an unknown potion in peace for
    restore strength (13 in 100), when he has food to sit out blindness; at 7 he keeps
    it for the brink, as he does with the rule off (``quaff_below_strength`` 0) or with
    no food to spare."""
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    cases = ((5, PACK, Tactics(), True), (7, PACK, Tactics(), False),
             (5, PACK, Tactics(quaff_below_strength=0), False), (5, no_food, Tactics(), False))
    for strength, pack, tactics, quaffs in cases:
        room = screen(room_with((3, 3, "@")), top=2,
                      status_line=status(strength=strength, strength_max=16))
        pipeline = await with_pack(room, pack=[*pack, "f) A blue potion"], tactics=tactics)
        magic = pipeline.expert("magic")
        magic.tried.add("A scroll titled 'zok'")  # already read: only the potion is left
        proposal = pipeline.ask("magic", magic)
        assert (proposal is not None and proposal.action == "qf") is quaffs, (
            strength, pack[0], tactics.quaff_below_strength)
        if quaffs:
            assert "strength 5" in proposal.rationale


#: A level-5 hero at full health, and an awake centaur come to his north-east.
LEVEL_5 = status(level=7, hp=29, hp_max=29, exp_level=5, exp=100)
CENTAUR_COMING = screen(room_with((4, 3, "@"), (2, 6, "C")), top=2, status_line=LEVEL_5)
CENTAUR_AT_HAND = screen(room_with((4, 3, "@"), (3, 4, "C")), top=2, status_line=LEVEL_5)
#: The same centaur come east of him along the room: ten squares of floor behind it.
CENTAUR_EAST = [screen(room_with((4, 1, "@"), (r, c, "C")), top=2, status_line=LEVEL_5)
                for r, c in ((3, 4), (4, 2))]


async def test_a_known_bolt_wand_goes_first_when_the_odds_call_the_fight_dangerous():
    """A centaur kills a level-5 hero at full health about 28% of the time (Rogue's
    rules, ``_odds``): with ``zap_risk`` 0.1 a known wand of fire is zapped at it at once,
    not after the blows have brought him below ``zap_below`` (dungeon 555 of 1.63 zapped
    at 11 of 29 and died). By default (``zap_risk`` 1, measured no worse) melee strikes;
    beside a hobgoblin, a fight the same hero nearly always wins, it strikes too."""
    pack = PACK + ["f) A wand of fire [4 charges](oak)"]
    early = Tactics(zap_risk=0.1)
    pipeline = await with_pack(*CENTAUR_EAST, pack=pack, tactics=early)
    proposal = pipeline.ask("melee")
    assert proposal.action == "zlf", proposal
    assert "centaur kills us" in proposal.rationale
    patient = await with_pack(*CENTAUR_EAST, pack=pack)
    assert patient.ask("melee").action == "l"
    hobgoblin = [screen(room_with((4, 1, "@"), (r, c, "H")), top=2, status_line=LEVEL_5)
                 for r, c in ((3, 4), (4, 2))]
    pipeline = await with_pack(*hobgoblin, pack=pack, tactics=early)
    assert pipeline.ask("melee").action == "l"


async def test_a_bolt_that_could_bounce_back_into_the_hero_waits():
    """A bolt the centaur dodges flies on to the wall behind it and back: with the top
    wall two squares up the diagonal it would be on the hero again within its six squares
    (dungeon 603 under ``zap_risk`` 0.1 was killed by its own bolt), so the hero strikes;
    a slow monster wand, which has no bolt, still goes first along that line."""
    early = Tactics(zap_risk=0.1)
    fire = PACK + ["f) A wand of fire [4 charges](oak)"]
    pipeline = await with_pack(CENTAUR_COMING, CENTAUR_AT_HAND, pack=fire, tactics=early)
    assert pipeline.ask("melee").action == "u"
    slow = PACK + ["f) A wand of slow monster [4 charges](oak)"]
    pipeline = await with_pack(CENTAUR_COMING, CENTAUR_AT_HAND, pack=slow, tactics=early)
    assert pipeline.ask("melee").action == "zuf"


async def test_an_unknown_wand_goes_first_only_when_told():
    """An unidentified wand may haste the monster or hide it: with only ``zap_risk`` set
    it still waits for ``zap_below``; ``zap_unknown_risk`` lets it go first too."""
    pack = PACK + ["f) A redwood staff"]
    pipeline = await with_pack(CENTAUR_COMING, CENTAUR_AT_HAND, pack=pack,
                               tactics=Tactics(zap_risk=0.1))
    assert pipeline.ask("melee").action == "u"
    told = await with_pack(CENTAUR_COMING, CENTAUR_AT_HAND, pack=pack,
                           tactics=Tactics(zap_unknown_risk=0.1))
    assert told.ask("melee").action == "zuf"


async def test_slow_monster_is_zapped_once_at_a_monster():
    """A slowed monster slows no further: once the zap went, the next rounds are blows
    (1.64's first build would have spent every charge on the same centaur). A bolt, whose
    damage adds up, would go again."""
    pack = PACK + ["f) A wand of slow monster [4 charges](oak)"]
    pipeline = await with_pack(CENTAUR_COMING, CENTAUR_AT_HAND, pack=pack,
                               tactics=Tactics(zap_risk=0.1))
    melee = pipeline.expert("melee")
    assert pipeline.ask("melee", melee).action == "zuf"
    await pipeline.feed(CENTAUR_AT_HAND, acted="zuf")
    assert pipeline.ask("melee", melee).action == "u"
    pack = PACK + ["f) A wand of fire [4 charges](oak)"]
    pipeline = await with_pack(*CENTAUR_EAST, pack=pack, tactics=Tactics(zap_risk=0.1))
    melee = pipeline.expert("melee")
    assert pipeline.ask("melee", melee).action == "zlf"
    await pipeline.feed(CENTAUR_EAST[-1], acted="zlf")
    assert pipeline.ask("melee", melee).action == "zlf"
