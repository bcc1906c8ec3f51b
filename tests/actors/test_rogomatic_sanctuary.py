"""The scroll of scare monster: named when read, dropped when a fight could kill, and the
fight fought from it (``_screens.CALLS``, ``_sanctuary``).

Rogue 5.4.4 does not name the kind when one is read (it laughs and asks what to call
it); a monster never chooses the square a dropped one lies on, and strikes the hero
only by choosing his square. These tests feed constructed screens through every
knowledge source and ask the experts.
"""

from test_rogomatic_support import PACK, room_with, screen, status, with_pack

from actors.rogue._chronicle import Chronicle
from actors.rogue._intern import action_turns
from actors.rogue._inventory import parse_item

SCARE = "f) A scroll called scare monster"
WITH_SCARE = [*PACK, SCARE]
#: A level-7 hero, hurt: a centaur (up to 12 a round) could kill him in two rounds.
HURT = status(level=7, hp=20, hp_max=40, exp_level=6, exp=200)
HEALTHY = status(level=7, hp=40, hp_max=40, exp_level=6, exp=200)


def on_map(*marks: tuple[int, int, str], message: str = "", status_line: str = HURT):  # noqa: ANN201
    return screen(room_with(*marks), top=2, message=message, status_line=status_line)


def test_a_scroll_called_scare_monster_is_known_by_that_name():
    called = parse_item("f", "2 scrolls called scare monster")
    assert (called.kind, called.name, called.count) == ("scroll", "scare monster", 2)
    assert not called.unidentified
    titled = parse_item("g", "A scroll titled 'zok barfoo'")
    assert titled.name == "" and titled.unidentified


async def answers(*messages: str) -> list[str]:
    """The screen handler's answers to screens with ``messages``, one after another."""
    pipeline = await with_pack()
    expert = pipeline.expert("screens")
    out = []
    for message in messages:
        await pipeline.feed(on_map((3, 4, "@"), message=message))
        answer = pipeline.ask("screens", expert)
        out.append(answer.action if answer is not None else "")
    return out


async def test_the_laughter_names_the_kind_at_rogues_question_and_nothing_else_does():
    laughed = await answers("you hear maniacal laughter in the distance--More--",
                            "What do you want to call it? ")
    assert laughed == [" ", "scare monster\n"]
    # Another scroll's question is declined, and so is one that comes after the
    # laughter has left the screen for the map.
    other = await answers("your hands begin to glow red--More--", "What do you want to call it? ")
    assert other[-1] == "\x1b"
    late = await answers("you hear maniacal laughter in the distance--More--", "",
                         "What do you want to call it? ")
    assert late[-1] == "\x1b"


def test_the_name_typed_takes_no_turn():
    assert action_turns("scare monster\n") == 0
    assert action_turns("s") == 1


async def coming(pack: list[str], *marks: tuple[int, int, str], status_line: str = HURT,
                 step: int = 2):  # noqa: ANN201
    """A pipeline that has seen the monster in ``marks[1]`` come there from ``step``
    columns east (west, if negative): awake."""
    hero, (r, c, letter) = marks
    return await with_pack(on_map((3, 1, "@"), status_line=status_line),  # the door seen
                           on_map(hero, (r, c + step, letter), status_line=status_line),
                           on_map(*marks, status_line=status_line), pack=pack)


async def test_a_fight_that_could_kill_drops_the_scroll_where_rogue_allows_it():
    centaur = ((3, 4, "@"), (3, 5, "C"))
    pipeline = await coming(WITH_SCARE, *centaur)
    drop = pipeline.ask("sanctuary")
    assert drop is not None and drop.action == "df"
    assert "centaur" in drop.rationale
    # Without the scroll, at full health against a bat, or on the door (Rogue drops
    # only on floor or a passage), there is no drop.
    without = await coming(PACK, *centaur)
    assert without.ask("sanctuary") is None
    bat = await coming(WITH_SCARE, (3, 4, "@"), (3, 5, "B"), status_line=HEALTHY)
    assert bat.ask("sanctuary") is None
    door = await coming(WITH_SCARE, (4, 13, "@"), (4, 12, "C"), step=-2)
    assert door.ask("sanctuary") is None


async def test_on_the_scroll_the_hero_strikes_and_waits_and_leaves_it_once_alone():
    pipeline = await coming(WITH_SCARE, (3, 4, "@"), (3, 5, "C"))
    expert = pipeline.expert("sanctuary")
    assert pipeline.ask("sanctuary", expert).action == "df"
    await pipeline.feed(on_map((3, 4, "@"), (3, 5, "C"),
                               message="dropped a scroll called scare monster"), acted="df")
    strike = pipeline.ask("sanctuary", expert)
    assert strike.action == "l" and "cannot strike back" in strike.rationale
    # The centaur steps back and around: the hero stays on the scroll and waits.
    await pipeline.feed(on_map((3, 4, "@"), (4, 7, "C")), acted="l")
    assert pipeline.ask("sanctuary", expert).action == "s"
    # Alone again, the scroll is left to the other experts; a step off ends it.
    await pipeline.feed(on_map((3, 4, "@")), acted="s")
    assert pipeline.ask("sanctuary", expert) is None
    await pipeline.feed(on_map((3, 5, "@"), (4, 8, "C")), acted="l")
    await pipeline.feed(on_map((3, 5, "@"), (4, 7, "C")), acted="s")
    assert pipeline.ask("sanctuary", expert) is None


def test_the_record_counts_scrolls_read_and_dropped():
    chronicle = Chronicle()
    for message in ("you hear maniacal laughter in the distance--More--",
                    "you hear a high pitched humming noise",
                    "dropped a scroll called scare monster"):
        chronicle.note(on_map((3, 4, "@"), message=message))
    counts = chronicle.summary()
    assert counts.get("scare_read") == 1 and counts.get("sanctuaries") == 1
