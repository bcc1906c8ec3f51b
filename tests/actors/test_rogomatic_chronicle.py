"""The chronicle: what a game's screens said, counted for its record and the report."""

from test_rogomatic_support import inventory_screen, room_with, screen, status

from actors.rogue._chronicle import Chronicle
from actors.rogue._tournament_report import GameLine, format_summary, summarize

ROOM = room_with((3, 4, "@"))


def _read(*views):
    chronicle = Chronicle()
    for view in views:
        chronicle.note(view)
    return chronicle.summary()


def test_leprechaun_theft_counts_the_gold_the_status_line_lost():
    """The purse drop is read from the status line, even when it shows a screen later."""
    counts = _read(
        screen(ROOM, status_line=status(gold=2413)),
        screen(ROOM, message="The leprechaun hit you--More--", status_line=status(gold=2413)),
        screen(ROOM, message="Your purse feels lighter", status_line=status(gold=2413)),
        screen(ROOM, status_line=status(gold=2246)),
        screen(ROOM, status_line=status(gold=2246)),
    )
    assert {"gold_thefts": 1, "gold_stolen": 167} == counts


def test_gold_left_is_the_piles_on_the_last_map_of_a_level_left():
    """Two piles seen on level 3, one picked up; the hero goes down: one left behind.
    The piles on the level he dies on are not counted (nothing more is to be had), nor
    is a pile under an inventory list."""
    two = room_with((3, 4, "@"), (4, 8, "*"), (5, 11, "*"))
    one = room_with((4, 8, "@"), (5, 11, "*"))
    below = room_with((3, 2, "@"), (5, 5, "*"))
    counts = _read(
        screen(two, status_line=status(level=3)),
        screen(one, message="You found 57 gold pieces", status_line=status(level=3)),
        inventory_screen(["a) some food"]),
        screen(one, status_line=status(level=3)),
        screen(below, status_line=status(level=4)),
        screen(below, message="The hobgoblin hit you", status_line=status(level=4)),
    )
    assert counts == {"gold_left": 1}


def test_a_message_restored_under_a_closed_list_is_not_counted_again():
    """Closing the inventory redraws the old message: still one rusting, not two."""
    rust = "Your armor appears to be weaker now.  Oh my!"
    counts = _read(
        screen(ROOM, message=rust, status_line=status(armor=3)),
        inventory_screen(["a) some food", "b) ring mail [armor class 3]"]),
        screen(ROOM, message=rust, status_line=status(armor=3)),
        screen(ROOM, message=rust, status_line=status(armor=2)),
    )
    assert {"armor_rusted": 2} == counts


def test_thefts_freezes_faints_and_bites_are_told_apart():
    """Each message goes to its own count; several on one line each count."""
    counts = _read(
        screen(ROOM, message="She stole a violet potion!"),
        screen(ROOM, message="You are frozen by the ice monster--More--"),
        screen(ROOM, message="You can move again"),
        screen(ROOM, message="You feel too weak from lack of food.  You faint"),
        screen(ROOM, message="You feel a bite in your leg and now feel weaker"),
        screen(ROOM, message="You hit the rattlesnake.  The rattlesnake hit you"),
    )
    assert {"item_thefts": 1, "freezes": 1, "faints": 1, "strength_drained": 1} == counts


def test_views_without_a_screen_are_skipped():
    """A game double's bare view leaves the chronicle empty rather than failing."""
    chronicle = Chronicle()
    chronicle.note(object())
    assert {} == chronicle.summary()


def test_report_sums_the_chronicles_and_says_how_many_games_kept_one():
    """Totals and games per count; a record from before chronicles is left out."""
    rows = [
        (("depth", 9), ("events", {"gold_thefts": 2, "gold_stolen": 300, "freezes": 1})),
        (("depth", 4), ("events", {"gold_thefts": 1, "gold_stolen": 50})),
        (("depth", 2), ("events", {})),
        (("depth", 7),),
    ]
    lines = [GameLine.from_record("death", 100, "", detail) for detail in rows]
    s = summarize(lines)
    assert 3 == s.chronicled
    assert (("gold_thefts", 3, 2), ("gold_stolen", 350, 2), ("freezes", 1, 1)) == s.events
    text = format_summary(s)
    tail = text[text.index("  on the way"):]  # the last lines, wrapped at 100 columns
    assert ("on the way (3 games chronicled): purse lightened 3 in 2 games, gold stolen "
            "350 in 2 games, frozen 1 in 1 game") == " ".join(tail.split())
    assert all(len(line) <= 100 for line in text.splitlines())


def test_report_of_records_without_chronicles_has_no_such_line():
    """Old records (no "events") print as before."""
    s = summarize([GameLine.from_record("death", 10, "", (("depth", 1),))])
    assert 0 == s.chronicled
    assert "on the way" not in format_summary(s)


def test_a_crowd_in_view_is_counted_once_per_level_with_the_last_level_kept():
    """Five monsters in view make a crowd; four do not; a level counts once."""
    four = room_with((1, 2, "C"), (1, 4, "Q"), (2, 6, "O"), (2, 8, "R"), (3, 4, "@"))
    five = room_with((1, 2, "C"), (1, 4, "Q"), (2, 6, "O"), (2, 8, "R"), (1, 9, "C"),
                     (3, 4, "@"))
    counts = _read(
        screen(four, status_line=status(level=5)),
        screen(five, status_line=status(level=7)),
        screen(five, status_line=status(level=7)),
        screen(five, status_line=status(level=9)),
    )
    assert {"crowds": 2, "last_crowd": 9} == counts


def test_report_counts_games_that_ended_on_their_crowded_level():
    """A death on the level of its last crowd counts; a game that went deeper does not."""
    lines = [
        GameLine.from_record("death", 900, "", (("depth", 7), ("events", {
            "crowds": 1, "last_crowd": 7}))),
        GameLine.from_record("quit", 2000, "", (("depth", 12), ("events", {
            "crowds": 1, "last_crowd": 8}))),
    ]
    s = summarize(lines)
    assert (1, 1) == s.crowd_endings
    text = format_summary(s)
    assert "levels with a crowd (5+ monsters) in view 2 in 2 games" in text
    assert "  ended on a level with a crowd in view: 1 game (1 of them deaths)" in text


def test_a_long_stay_on_one_level_is_kept_and_counted_by_the_report():
    """3,000 screens on one level is a long stay (the walks to and fro that starved
    heroes took thousands); 2,999 is not, nor are stays spread over two levels."""
    assert "longest_stay" not in _read(*[screen(ROOM, status_line=status(level=4))] * 2999)
    split = [screen(ROOM, status_line=status(level=level)) for level in (3, 4) for _ in
             range(2000)]
    assert "longest_stay" not in _read(*split)
    counts = _read(*split, *[screen(ROOM, status_line=status(level=4))] * 1000)
    assert {"longest_stay": 3000} == counts
    lines = [GameLine.from_record("death", 400, "", (("depth", 4), ("events", counts))),
             GameLine.from_record("death", 900, "", (("depth", 8), ("events", {})))]
    s = summarize(lines)
    assert 1 == s.long_stays
    assert "  3,000+ screens on one level (a walk to and fro, or a long hunt for the stairs): " \
           "1 game" in format_summary(s).splitlines()
