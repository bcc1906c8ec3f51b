"""1.36: the target expert waits, bow in hand, for an awake monster to come into line.

Rogue's chase walks a monster the diagonal toward the hero, then straight in, so one
coming across a room is in line for its last few squares. Walking to meet it (the
target expert before 1.36) met it out of line, for a hand-to-hand fight from the
first blow.
"""

from test_rogomatic_support import PACK, inventory_screen, room_with, screen, with_pack

BOW_IN_HAND = [line.replace(" (weapon in hand)", "") for line in PACK]
BOW_IN_HAND[3] += " (weapon in hand)"


def orc_at(row: int, col: int):
    return screen(room_with((3, 2, "@"), (row, col, "O")), top=2)


async def coming(*squares: tuple[int, int], pack: list[str] = PACK):
    """A pipeline that saw an orc walk over ``squares`` (awake: it moved)."""
    return await with_pack(*(orc_at(r, c) for r, c in squares), pack=pack)


async def test_an_awake_monster_out_of_line_is_waited_for_with_the_bow_ready():
    """An orc five squares off, out of line (two rows down, five columns over): the
    target readies the bow, the weapon expert leaves it in hand, the target waits."""
    pipeline = await coming((5, 8), (5, 7))
    assert pipeline.situation().threats[0].awake
    assert pipeline.ask("missile") is None  # not in line: no shot, no readying
    proposal = pipeline.ask("target")
    assert proposal.action == "wd" and "ready the bow" in proposal.rationale
    pipeline = await coming((5, 8), (5, 7), pack=BOW_IN_HAND)
    assert pipeline.ask("weapon") is None
    proposal = pipeline.ask("target")
    assert proposal.action == "s" and "come into line" in proposal.rationale
    # In line (level with the hero, four squares off): the missile expert shoots, and
    # the target leaves it to him.
    pipeline = await coming((4, 7), (3, 6), pack=BOW_IN_HAND)
    assert pipeline.ask("missile").action == "tle"
    assert pipeline.ask("target") is None
    # Two squares off, the bow goes away: the orc steps into the mace's first blow.
    pipeline = await coming((4, 5), (4, 4), pack=BOW_IN_HAND)
    assert "bow away" in pipeline.ask("weapon").rationale


async def test_the_wait_ends_after_eight_sent_turns_and_the_target_goes_to_meet_it():
    """One that does not come (stuck, or not chasing) is met after eight waits; the
    waits count only when sent. A bat, moved at random, is never waited for."""
    pipeline = await coming((5, 8), (5, 7), pack=BOW_IN_HAND)
    target = pipeline.expert("target")
    for _ in range(3):  # outranked: nothing sent
        await pipeline.feed(orc_at(5, 7), acted="\x1b")
        assert "come into line" in pipeline.ask("target", target).rationale
    for _ in range(8):
        await pipeline.feed(orc_at(5, 7), acted="s")
        proposal = pipeline.ask("target", target)
    assert "go for the awake orc" in proposal.rationale
    bat = await with_pack(screen(room_with((3, 2, "@"), (5, 8, "B")), top=2),
                          screen(room_with((3, 2, "@"), (5, 7, "B")), top=2), pack=BOW_IN_HAND)
    assert "go for the awake bat" in bat.ask("target").rationale
    assert "bow away" in bat.ask("weapon").rationale


def sleeping_snake():
    return screen(room_with((4, 2, "@"), (4, 7, "S")), top=2)


async def test_the_target_stops_standing_back_for_a_shot_the_missile_expert_never_takes():
    """Dungeon 117 of 1.47: a cursed sword in hand, the missile expert had given up
    readying the bow, yet the target stood back for its readying whenever the hero was
    in line with a sleeping snake, and the explorer walked him out of line, for 2,500
    decisions until he starved. Three times running not sent, and the target stops
    standing back for the level and goes for the snake itself."""
    pipeline = await with_pack(sleeping_snake())
    target = pipeline.expert("target")
    assert pipeline.ask("missile").action == "wd"
    assert pipeline.ask("target", target) is None  # stands back for the readying
    for _ in range(3):
        await pipeline.feed(sleeping_snake(), acted="k")  # the explorer's step was sent
        proposal = pipeline.ask("target", target)
    assert proposal is not None and "snake" in proposal.rationale
    await pipeline.feed(sleeping_snake(), acted=proposal.action)
    assert pipeline.ask("target", target) is not None  # for the rest of the level


async def test_the_target_keeps_standing_back_while_the_missile_expert_acts():
    """A readying that is sent (even one Rogue refuses) is heeded: the target keeps
    standing back, and the missile expert's own count of failed readyings decides.
    Nor is it unheeded when a higher expert takes the turn (the pack is listed after a
    pick-up: ESC, ``i``, space)."""
    pipeline = await with_pack(sleeping_snake())
    target = pipeline.expert("target")
    assert pipeline.ask("target", target) is None
    for acted in ("wd", "wd", "\x1b", "i", " ", "wd", "\x1b", "i", " ", "k", "k"):
        await pipeline.feed(sleeping_snake(), acted=acted)
        assert pipeline.ask("target", target) is None


async def test_a_shot_with_the_bow_in_hand_is_still_stood_back_for():
    """Given up are readyings only: with the bow in hand, the target stands back for
    the shot on that level still."""
    pipeline = await with_pack(sleeping_snake())
    target = pipeline.expert("target")
    for _ in range(4):
        await pipeline.feed(sleeping_snake(), acted="k")
        pipeline.ask("target", target)
    assert pipeline.ask("target", target) is not None  # readyings given up
    await pipeline.feed(inventory_screen(BOW_IN_HAND))
    await pipeline.feed(sleeping_snake())
    assert pipeline.ask("missile").action.startswith("tl")
    assert pipeline.ask("target", target) is None
