"""Armor off for an aquator (``_rust``): off while one is near, back on after."""

from test_rogomatic_support import PACK, inventory_screen, room_with, screen, status, with_pack

from actors.rogue import Tactics
from protocols.rogue import RogueView
from runtime import Arbiter

#: The starting pack with the ring mail taken off.
UNDRESSED = [line.replace(" (being worn)", "") for line in PACK]


#: Tactics that keep the armor on for company that would cost a naked hero 5% more deaths.
PRICED = Tactics(rust_company_risk=0.05)


async def _near(*marks: tuple[int, int, str], pack: list[str] = PACK, arm: int = 4,
                message: str = "", tactics: Tactics | None = None):
    """The hero at (3, 3) of the room with ``marks``, having read ``pack``."""
    view = screen(room_with((3, 3, "@"), *marks), top=2, status_line=status(armor=arm),
                  message=message)
    return await with_pack(view, pack=pack, tactics=tactics)


async def test_the_armor_comes_off_when_an_aquator_comes_near():
    pipeline = await _near((3, 5, "A"))
    proposal = pipeline.ask("rust")
    assert proposal.action == "T"
    assert "aquator 2 squares off" in proposal.rationale
    assert (await _near((3, 8, "A"))).ask("rust") is None  # five squares: not yet


async def test_a_first_rusting_hit_does_not_stop_the_guard():
    """The aquator arrived beside us and hit first: the pack is stale ("your armor
    appears to be weaker" may have changed it) and is not listed with a monster near,
    but taking the armor off needs no letter."""
    pipeline = await _near((3, 4, "A"), arm=3,
                           message="Your armor appears to be weaker now. Oh my!")
    assert pipeline.read("inventory").stale
    assert pipeline.ask("rust").action == "T"


async def test_the_armor_comes_off_even_with_a_monster_that_hurts_about():
    """An aquator beside the hero and a hobgoblin walking up: the hobgoblin's blows
    heal, the rust does not."""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (3, 4, "A"), (5, 9, "H")), top=2))
    await pipeline.feed(screen(room_with((3, 3, "@"), (3, 4, "A"), (5, 8, "H")), top=2))
    assert pipeline.ask("rust").action == "T"


async def _with_hobgoblin(aquator: tuple[int, int], hobgoblin: list[int],
                          tactics: Tactics = PRICED, **fields: object):
    """An aquator at ``aquator`` and a hobgoblin at the columns ``hobgoblin`` of row 5,
    one screen each (it moves: awake), ``fields`` on the status line."""
    pipeline = await with_pack(tactics=tactics)
    for col in hobgoblin:
        await pipeline.feed(screen(room_with((3, 3, "@"), (*aquator, "A"), (5, col, "H")),
                                   top=2, status_line=status(**fields)))
    return pipeline


async def test_with_company_priced_the_armor_stays_on_while_a_hobgoblin_comes():
    """At experience level 1 a hobgoblin kills a naked hero far more often than one in
    ring mail: with ``rust_company_risk`` the aquator may rust it."""
    assert (await _with_hobgoblin((3, 5), [9, 8])).ask("rust") is None
    # Asleep (it does not move, in a lit room) or gone, it does not count.
    assert (await _with_hobgoblin((3, 5), [8, 8])).ask("rust").action == "T"
    assert (await _near((3, 5, "A"), tactics=PRICED)).ask("rust").action == "T"
    # Farther than five squares, it does not count either.
    assert (await _with_hobgoblin((3, 5), [11, 10])).ask("rust").action == "T"


async def test_company_priced_low_enough_does_not_keep_the_armor_on():
    """A 2d4 blow kills nothing of a hero with 60 hit points: naked or dressed, a
    hobgoblin kills him as seldom, and the rust is what costs."""
    strong = await _with_hobgoblin((3, 5), [9, 8], hp=60, hp_max=60, exp_level=8)
    assert strong.ask("rust").action == "T"


async def _undressed_then_hobgoblin(aquator: int, hobgoblin: tuple[int, ...],
                                    tactics: Tactics | None = None):
    """The guard took the armor off for an aquator two squares off; it then stands at
    column ``aquator`` of the hero's row while a hobgoblin walks in along row 5 through
    the columns ``hobgoblin`` (it moves: awake)."""
    pipeline = await _near((3, 5, "A"), tactics=tactics)
    guard = pipeline.expert("rust")
    assert pipeline.ask("rust", guard).action == "T"
    await pipeline.feed(inventory_screen(UNDRESSED))
    for col in hobgoblin:
        await pipeline.feed(screen(room_with((3, 3, "@"), (3, aquator, "A"), (5, col, "H")),
                                   top=2, status_line=status(armor=0)))
    return pipeline, guard


async def test_undressed_with_company_priced_the_armor_goes_back_on_unless_the_aquator_is_beside():
    pipeline, guard = await _undressed_then_hobgoblin(6, (9, 8), tactics=PRICED)
    proposal = pipeline.ask("rust", guard)
    assert proposal.action == "Wb"
    assert "the hobgoblin would kill a naked hero" in proposal.rationale
    await pipeline.feed(screen(room_with((3, 3, "@"), (3, 4, "A"), (5, 7, "H")), top=2,
                               status_line=status(armor=0)))
    assert pipeline.ask("rust", guard) is None  # the aquator beside him: it would rust at once


async def test_nothing_to_lose_means_nothing_taken_off():
    """Leather never rusts; at Arm 1 rust has done its worst."""
    leather = [line.replace("+1 ring mail [protection 4]", "leather armor [protection 2]")
               for line in PACK]
    assert (await _near((3, 5, "A"), pack=leather, arm=2)).ask("rust") is None
    assert (await _near((3, 5, "A"), arm=1)).ask("rust") is None


async def _asked_to_undress(answer: str):
    """The guard has asked for ``T`` (an aquator two squares off) and Rogue answered
    ``answer`` with the aquator now beside the hero."""
    pipeline = await _near((3, 5, "A"))
    guard = pipeline.expert("rust")
    assert pipeline.ask("rust", guard).action == "T"
    await pipeline.feed(screen(room_with((3, 3, "@"), (3, 4, "A")), top=2, message=answer))
    return pipeline, guard


async def test_the_armor_goes_back_on_once_the_aquator_is_gone():
    pipeline, guard = await _asked_to_undress(
        "you used to be wearing b) +1 ring mail [protection 4]")
    await pipeline.feed(inventory_screen(UNDRESSED))
    fight = screen(room_with((3, 3, "@"), (3, 4, "A")), top=2, status_line=status(armor=0))
    await pipeline.feed(fight)
    assert pipeline.ask("rust", guard) is None  # fighting it naked
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2, status_line=status(armor=0),
                               message="you have defeated the aquator"))
    proposal = pipeline.ask("rust", guard)
    assert proposal.action == "Wb"
    assert "no aquator within 5 squares" in proposal.rationale
    # Rogue says so, and the next list hides the ring mail under a blank row 0: worn.
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2,
                               message="you are now wearing +1 ring mail [protection 4]"))
    await pipeline.feed(inventory_screen([""] + UNDRESSED[2:] + UNDRESSED[:1]))
    await pipeline.feed(screen(room_with((3, 3, "@")), top=2))
    assert pipeline.ask("rust", guard) is None
    assert next(i for i in pipeline.read("inventory").items if i.letter == "b").worn


async def test_undressed_the_hero_stays_so_while_an_aquator_is_within_five():
    """Four squares off (it backed away, or a hobgoblin came between): still naked; six
    squares off: dressed again."""
    pipeline, guard = await _undressed_then_hobgoblin(7, (10, 9))
    assert pipeline.ask("rust", guard) is None
    await pipeline.feed(screen(room_with((3, 3, "@"), (3, 9, "A")), top=2,
                               status_line=status(armor=0)))
    proposal = pipeline.ask("rust", guard)
    assert proposal.action == "Wb" and "no aquator within 5 squares" in proposal.rationale


async def test_a_hallucinated_aquator_is_no_reason_to_undress():
    """Tripping, Rogue draws each monster as a random letter (dungeon 181: an orc drawn
    as an "A" made 1.15's first build take the ring mail off)."""
    tripping = await _near(message="Oh, wow!  Everything seems so cosmic!")
    await tripping.feed(inventory_screen(PACK))  # the potion is gone: the pack is read again
    await tripping.feed(screen(room_with((3, 3, "@"), (3, 5, "A")), top=2))
    assert tripping.ask("rust") is None


async def test_armor_not_taken_off_by_us_is_left_to_the_armor_expert():
    """Naked from the start (say the hero took it off for a better suit): not ours."""
    pipeline = await with_pack(screen(room_with((3, 3, "@")), top=2, status_line=status(armor=0)),
                               pack=UNDRESSED)
    assert pipeline.ask("rust") is None


async def test_cursed_armor_is_not_asked_for_again():
    """Rogue refuses: "you can't.  It appears to be cursed". The armor stays on."""
    pipeline, guard = await _asked_to_undress("you can't.  It appears to be cursed")
    assert pipeline.ask("rust", guard) is None
    await pipeline.feed(inventory_screen(PACK))  # the list the inventory expert asks for
    await pipeline.feed(screen(room_with((3, 3, "@"), (3, 4, "A")), top=2))
    assert pipeline.ask("rust", guard) is None
    assert pipeline.ask("rust").action == "T"  # a guard that did not see the refusal


async def test_the_rust_guard_acts_before_melee():
    """Beside an aquator in armor: melee would strike, the arbiter takes the guard's T."""
    pipeline = await _near((3, 4, "A"))
    assert pipeline.ask("melee").action == "l"
    arbiter = Arbiter([factory(seed=0) for factory in pipeline.spec.experts])
    decision = await arbiter.decide(pipeline.board, pipeline.generation)
    assert (decision.expert, decision.action) == ("rust", "T")


async def _sprung(*after: RogueView):
    """The hero at (3, 3) stepped east onto a rust trap at (3, 4): Rogue's message comes
    with ``--More--`` while he is still drawn at (3, 3); the next screen shows him on
    it (Rogue moves him after the trap's message); then ``after``."""
    gush = screen(room_with((3, 3, "@")), top=2,
                  message="A gush of water hits you on the head--More--")
    on_it = screen(room_with((3, 4, "@")), top=2, status_line=status(armor=3),
                   message="Your armor appears to be weaker now. Oh my!")
    return await with_pack(gush, on_it, *after)


async def test_the_terrain_map_learns_where_a_rust_trap_is():
    pipeline = await _sprung()
    terrain = pipeline.situation().terrain
    assert terrain.rust_traps == {(3, 4)}
    assert (3, 4) in terrain.traps
    # Two squares off, the trap drawn: still known, and only that one.
    away = await _sprung(screen(room_with((3, 4, "^"), (3, 6, "@")), top=2,
                                status_line=status(armor=3)))
    assert away.situation().terrain.rust_traps == {(3, 4)}
    # Any other trap's message teaches nothing about rust.
    dart = await with_pack(
        screen(room_with((3, 3, "@")), top=2, message="A small dart just hit you in the "
                                                      "shoulder--More--"),
        screen(room_with((3, 4, "@")), top=2))
    assert dart.situation().terrain.rust_traps == frozenset()


async def test_the_armor_comes_off_beside_a_known_rust_trap_and_back_on_two_squares_off():
    """On the trap, the armor worn and nothing about: off. Then naked beside it: it stays
    off, and the armor expert does not put it on either. Two squares away: back on."""
    pipeline = await _sprung(screen(room_with((3, 4, "^"), (3, 3, "@")), top=2,
                                    status_line=status(armor=3)))
    guard = pipeline.expert("rust")
    proposal = pipeline.ask("rust", guard)
    assert proposal.action == "T" and "beside a rust trap" in proposal.rationale
    await pipeline.feed(inventory_screen(UNDRESSED))
    await pipeline.feed(screen(room_with((3, 4, "^"), (3, 5, "@")), top=2,
                               status_line=status(armor=0)))
    assert pipeline.ask("rust", guard) is None
    assert pipeline.ask("armor") is None
    await pipeline.feed(screen(room_with((3, 4, "^"), (3, 6, "@")), top=2,
                               status_line=status(armor=0)))
    proposal = pipeline.ask("rust", guard)
    assert proposal.action == "Wb" and "no rust trap beside us" in proposal.rationale


async def test_beside_a_rust_trap_with_a_monster_awake_about_the_armor_stays_on():
    """A hobgoblin walking up (it moves): armor is worth more against it than a point."""
    pipeline = await _sprung(
        screen(room_with((3, 4, "^"), (3, 3, "@"), (5, 8, "H")), top=2,
               status_line=status(armor=3)),
        screen(room_with((3, 4, "^"), (3, 3, "@"), (5, 7, "H")), top=2,
               status_line=status(armor=3)))
    assert pipeline.ask("rust") is None
