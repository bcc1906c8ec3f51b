"""Rog-O-Matic's knowledge sources on constructed screens: sense, messages, terrain,
object map, inventory and internal state."""

import pytest
from test_rogomatic_support import fed, inventory_screen, screen, status

from actors.rogue._inventory import expected_armor, identifies, parse_item
from actors.rogue._sense import interpret, sense

ROOM = [
    "------------",
    "|..........|",
    "+.@...H..*.|",
    "|.....!....|",
    "-------+----",
]


def test_sense_finds_the_hero_monsters_and_objects():
    """The sensory system lists each monster letter and object symbol with its square."""
    facts = sense(screen(ROOM, top=2))
    assert facts.player == (4, 2)
    assert facts.monsters == (("H", (4, 6)),)
    assert set(facts.objects) == {("*", (4, 9)), ("!", (5, 6))}


@pytest.mark.parametrize(("message", "kinds"), [
    ("The bat hit you", ["hit_by"]),
    ("The kestrel scored an excellent hit on you", ["hit_by"]),
    ("The ice monster doesn't hit you", ["missed_by"]),
    ("You miss the snake", ["we_missed"]),
    ("You hit the bat.  Defeated the bat", ["we_hit", "killed"]),
    ("You have defeated the hobgoblin", ["killed"]),
    ("You now have 2 scrolls titled 'abc' (f)", ["picked_up"]),
    ("'f' is not a valid item", ["not_valid"]),
    ("There's no room in your pack", ["pack_full"]),
    ("Welcome to level 3", ["level_up"]),
    ("Oh, bummer!  Everything is dark!  Help!", ["blind"]),
    ("The arrow misses the kestrel", ["missile_missed"]),
    ("You are now wielding a +1,+1 mace (c)", ["wielding"]),
    ("I see no way down", ["no_stairs"]),
    ("You feel too weak from lack of food.  You faint", ["hungry", "hungry"]),
    ("You can't.  You're floating off the ground!", ["illegal", "levitating"]),
    ("You float gently to the ground", ["landed"]),
    ("Oh, wow!  Everything seems so cosmic!", ["hallucinating"]),
    ("Everything looks SO boring now.", ["unhallucinating"]),
    ("You can move again", ["freed"]),
    ("You are frozen by the ice monster", ["frozen"]),
    ("A strange white mist envelops you and you fall asleep", ["frozen"]),
])
def test_message_patterns_classify_rogue_messages(message, kinds):
    """Each message of Rogue's is read into the events of the pattern table."""
    assert [e.kind for e in interpret(message)] == kinds


def test_pickup_event_carries_the_item_and_its_letter():
    """'You now have ... (c)' gives the item text and the pack letter."""
    (event,) = interpret("You now have a blue potion (g)")
    assert (event.subject, event.detail) == ("a blue potion", "g")


async def test_terrain_remembers_floor_and_guesses_under_monsters():
    """Squares seen stay known after they vanish; a monster's square counts as floor."""
    first = screen(ROOM, top=2)
    dark = screen(["", "", "  @"], top=2)
    pipeline = await fed(first, dark)
    terrain = pipeline.read("terrain")
    assert terrain.at((4, 6)) == "."  # under the H
    assert terrain.at((4, 0)) == "+"
    assert terrain.at((2, 0)) == "-"
    assert (4, 0) in terrain.doors
    assert (4, 2) in terrain.visited


async def test_terrain_counts_searches_when_the_hero_stands_still_quietly():
    """Standing still with nothing said is a search of the square (or a rest)."""
    pipeline = await fed(*(screen(ROOM, top=2) for _ in range(4)))
    terrain = pipeline.read("terrain")
    assert terrain.searched[(4 - 1) * 80 + 2] == 3


async def test_terrain_starts_afresh_on_a_new_level():
    """A new ``Level:`` on the status line forgets the old level's map."""
    down = screen(["@."], top=10, status_line=status(level=2))
    pipeline = await fed(screen(ROOM, top=2), down)
    terrain = pipeline.read("terrain")
    assert terrain.level == 2
    assert terrain.at((4, 0)) == " "
    assert terrain.visited == frozenset({(10, 0)})


async def test_terrain_finds_stairs_and_passage_dead_ends():
    """Stairs are remembered; a passage square with one way out is a dead end."""
    rows = ["|..%..|", "|..@..+####"]
    pipeline = await fed(screen(rows, top=5))
    terrain = pipeline.read("terrain")
    assert terrain.stairs == (5, 3)
    walk = ["|..%..|", "|.....+###@"]
    pipeline = await fed(screen(rows, top=5), screen(walk, top=5))
    assert (6, 10) in pipeline.read("terrain").dead_ends


async def test_a_stub_off_the_side_of_a_passage_is_a_dead_end_and_its_corner_is_not():
    """Rogue digs passages in straight steps: one square of passage out of a secret
    door, before the passage turns, touches two passage squares but leads nowhere
    (dungeon 250 of 1.23). The corner it turns at, and the passage, lead on."""
    walk = [
        ["       ", "####@##"],
        ["       ", "#####@#"],
        ["     @ ", "#######"],
    ]
    pipeline = await fed(*(screen(rows, top=5) for rows in walk))
    terrain = pipeline.read("terrain")
    assert terrain.at((5, 5)) == "#"
    assert terrain.visited == frozenset({(6, 4), (6, 5), (5, 5)})
    assert terrain.dead_ends == frozenset({(5, 5)})


async def test_object_map_tracks_a_monster_that_moves():
    """A monster matched across screens keeps its first sighting and counts moves."""
    moved = [row.replace("H.", ".H") for row in ROOM]
    pipeline = await fed(screen(ROOM, top=2), screen(moved, top=2))
    (hob,) = pipeline.read("objects").monsters
    assert hob.pos == (4, 7) and hob.moves == 1 and hob.first == 1 and hob.last == 2


async def test_object_map_follows_a_monster_whose_letter_changes():
    """Hallucinating, Rogue draws a monster as a new letter each turn: the one that
    moved beside where another vanished is the same monster, and it has moved twice."""
    frames = [ROOM, [row.replace("H..", ".Q.") for row in ROOM],
              [row.replace("H..", "..D") for row in ROOM]]
    pipeline = await fed(*(screen(rows, top=2) for rows in frames))
    (seen,) = pipeline.read("objects").monsters
    assert (seen.symbol, seen.moves, seen.first) == ("D", 2, 1)


async def test_a_hallucinated_letter_is_taken_for_the_worst_monster_of_the_depth():
    """Tripping on level 1, an "A" is not an aquator (none is made above level 9): it is
    taken to hit like a hobgoblin, with no aquator's rust; sober, an "A" is an aquator."""
    cosmic = screen(ROOM, top=2, message="Oh, wow!  Everything seems so cosmic!")
    aquator = [row.replace("H", "A") for row in ROOM]
    (threat,) = (await fed(cosmic, screen(aquator, top=2))).situation().threats
    assert threat.info.attacks == ((1, 8),) and "rusts" not in threat.info.flags
    (sober,) = (await fed(screen(aquator, top=2))).situation().threats
    assert sober.info.name == "aquator" and "rusts" in sober.info.flags


async def test_object_map_forgets_an_object_picked_up():
    """Stepping onto an object's square removes it from the object map."""
    taken = [row.replace("@...H..*", "....H..@") for row in ROOM]
    pipeline = await fed(screen(ROOM, top=2), screen(taken, top=2))
    symbols = {o.symbol for o in pipeline.read("objects").objects}
    assert symbols == {"!"}


async def test_object_map_ignores_an_object_the_pack_could_not_take():
    """An object left behind for a full pack is marked ignored, not chased again."""
    onto = [row.replace("@...H..*", "....H..@") for row in ROOM]
    pipeline = await fed(screen(ROOM, top=2),
                         screen(onto, top=2, message="You moved onto a blue potion"))
    assert (4, 9) in pipeline.read("objects").ignored


@pytest.mark.parametrize(("text", "kind", "name", "bonus"), [
    ("Some food", "food", "", None),
    ("+1 ring mail [protection 4] (being worn)", "armor", "ring mail", 4),
    ("A +1,+1 mace (weapon in hand)", "weapon", "mace", 2),
    ("A potion of healing(blue)", "potion", "healing", None),
    ("2 scrolls titled 'abc def'", "scroll", "", None),
    ("A wand of striking [3 charges](iron)", "wand", "striking", None),
    ("An iron wand", "wand", "", None),
    ("A tiger eye ring", "ring", "", None),
    ("splint mail", "armor", "splint mail", None),
    # The item's own noun comes first: these are scrolls, not food or a potion.
    ("A scroll of food detection", "scroll", "food detection", None),
    ("A scroll of identify potion", "scroll", "identify potion", None),
    ("2 scrolls of identify ring, wand or staff", "scroll", "identify ring, wand or staff",
     None),
    ("A staff of striking [3 charges](oak)", "wand", "striking", None),
])
def test_inventory_lines_are_read_by_rogues_naming_rules(text, kind, name, bonus):
    """Each pack line gives its kind, identified name and known bonus."""
    item = parse_item("a", text)
    assert (item.kind, item.name, item.bonus) == (kind, name, bonus)


def test_an_identify_scroll_names_the_kinds_it_identifies_and_an_item_knows_if_it_needs_one():
    """Rogue 5.4's identify scrolls each insist on a kind; an unnamed potion, scroll, ring
    or wand, and armor or a weapon without its plus printed, is what they tell."""
    assert identifies(parse_item("f", "A scroll of identify potion")) == ("potion",)
    assert identifies(parse_item("f", "A scroll of identify ring, wand or staff")) == (
        "ring", "wand")
    assert identifies(parse_item("f", "A scroll of magic mapping")) == ()
    assert identifies(parse_item("f", "A potion of healing(blue)")) == ()
    unknown = ["A blue potion", "A scroll titled 'zok'", "A tiger eye ring", "An iron wand",
               "splint mail", "A two handed sword"]
    known = ["A potion of healing(blue)", "A scroll of magic mapping",
             "+1 ring mail [protection 4]", "A +1,+1 mace", "Some food"]
    assert [parse_item("f", t).unidentified for t in unknown] == [True] * len(unknown)
    assert [parse_item("f", t).unidentified for t in known] == [False] * len(known)


def test_expected_armor_uses_the_known_protection_or_the_base_class():
    """Known armour shows its protection; unknown armour counts as +0 of its kind."""
    assert expected_armor(parse_item("b", "+1 ring mail [protection 4]")) == 4
    assert expected_armor(parse_item("h", "splint mail")) == 6


async def test_inventory_database_reads_the_list_and_follows_pickups():
    """The list sets the pack; a pickup message adds to it and asks for a fresh look."""
    listing = inventory_screen(["a) Some food", "b) +1 ring mail [protection 4] (being worn)"])
    pipeline = await fed(listing, screen(ROOM, top=2))
    inv = pipeline.read("inventory")
    assert [i.letter for i in inv.items] == ["a", "b"] and not inv.stale
    await pipeline.feed(screen(ROOM, top=2, message="You now have a blue potion (c)"))
    inv = pipeline.read("inventory")
    assert inv.stale and inv.items[-1].kind == "potion"


async def test_inventory_database_keeps_the_first_item_when_row_0_was_blanked():
    """A list whose first row Rogue blanked keeps the item known under the lower letter."""
    pipeline = await fed(inventory_screen(["a) Some food", "b) A +1,+1 mace"]))
    await pipeline.feed(inventory_screen(["", "b) A +1,+1 mace"]))
    assert [i.letter for i in pipeline.read("inventory").items] == ["a", "b"]


async def test_a_question_left_on_the_top_line_makes_the_pack_doubtful_once():
    """Rogue may leave "Which object do you want to quaff?" standing after it was
    answered: the pack is looked at once, not after every turn (dungeon 301)."""
    asked = screen(ROOM, top=2, message="Which object do you want to quaff? (* for list): ")
    pipeline = await fed(inventory_screen(["a) Some food"]), screen(ROOM, top=2), asked)
    assert pipeline.read("inventory").stale
    await pipeline.feed(inventory_screen(["a) Some food"]))
    await pipeline.feed(asked)
    assert not pipeline.read("inventory").stale


async def test_an_answered_item_question_left_under_the_map_is_not_news():
    """Once an item is chosen Rogue marks the question as read, so an item that
    says nothing (a scroll read in battle) leaves it on row 0 while the hero walks
    on, the cursor back on him. Taken for news, it listed the pack after every
    step (dungeon 72 of 1.29)."""
    left = "Which object do you want to read? (* for list):"
    walk = [row.replace("@.", ".@") for row in ROOM], [row.replace("@..", "..@") for row in ROOM]
    pipeline = await fed(inventory_screen(["a) Some food"]), screen(ROOM, top=2))
    for rows in walk:
        view = screen(rows, top=2, message=left)
        assert view.kind == "map" and not sense(view).fresh
        await pipeline.feed(view)
        assert pipeline.read("events").events == ()
        assert not pipeline.read("inventory").stale


async def test_wearing_marks_the_armor_worn_even_when_rust_renamed_it():
    """"You are now wearing +0 ring mail [protection 3]": the pack knew it as +1 ring
    mail [protection 4] (a rust trap since); the one ring mail is worn, renamed."""
    pack = ["a) Some food", "b) +1 ring mail [protection 4]", "c) Leather armor"]
    worn = "You are now wearing +0 ring mail [protection 3]"
    pipeline = await fed(inventory_screen(pack), screen(ROOM, top=2),
                         screen(ROOM, top=2, message=worn))
    mail = next(i for i in pipeline.read("inventory").items if i.letter == "b")
    assert mail.worn and mail.bonus == 3


async def test_the_hidden_first_line_is_the_armor_worn_when_food_comes_last():
    """Rogue lists the pack in its own order: food carried again after the first
    ration was eaten comes last, under ``a``. Row 0 hid the worn ring mail ``b``; one
    line is hidden, so the potion drunk meanwhile (``f``) is not kept."""
    pack = ["a) Some food", "b) +1 ring mail [protection 4] (being worn)", "c) A +1,+1 mace",
            "f) A blue potion"]
    pipeline = await fed(inventory_screen(pack))
    await pipeline.feed(inventory_screen(["", "c) A +1,+1 mace", "a) Some food"]))
    items = pipeline.read("inventory").items
    assert sorted(i.letter for i in items) == ["a", "b", "c"]
    assert next(i for i in items if i.letter == "b").worn


async def test_a_message_restored_with_the_screen_under_a_list_is_not_news():
    """The screen redrawn after closing a list shows the old message: no events from it."""
    pipeline = await fed(inventory_screen(["a) Some food"]),
                         screen(ROOM, top=2, message="You now have a blue potion (c)"))
    assert pipeline.read("events").events == ()
    assert [i.letter for i in pipeline.read("inventory").items] == ["a"]


async def test_inventory_database_forgets_a_letter_rogue_rejects():
    """'x' is not a valid item: the letter leaves the pack and the pack is looked at again."""
    pipeline = await fed(inventory_screen(["a) Some food", "f) A blue potion"]),
                         screen(ROOM, top=2))
    await pipeline.feed(screen(ROOM, top=2, message="'f' is not a valid item--More--"))
    inv = pipeline.read("inventory")
    assert [i.letter for i in inv.items] == ["a"] and inv.stale


async def test_inventory_database_follows_wielding_and_taking_off():
    """'You are now wielding ... (c)' moves the weapon in hand; taking armour off unwears it."""
    pack = ["b) +1 ring mail [protection 4] (being worn)", "c) A +1,+1 mace",
            "d) A +1,+0 short bow (weapon in hand)"]
    pipeline = await fed(inventory_screen(pack), screen(ROOM, top=2))
    await pipeline.feed(screen(ROOM, top=2, message="You are now wielding a +1,+1 mace (c)"))
    items = {i.letter: i for i in pipeline.read("inventory").items}
    assert items["c"].wielded and not items["d"].wielded
    await pipeline.feed(screen(ROOM, top=2,
                               message="You used to be wearing b) +1 ring mail [protection 4]"))
    assert not {i.letter: i for i in pipeline.read("inventory").items}["b"].worn


async def test_internal_state_reads_health_hunger_and_adjacent_monsters():
    """Hit points, the hunger word and a monster next to the hero make the state."""
    fight = ["|.@H.|"]
    view = screen(fight, top=3, status_line=status(hp=5, hunger="Weak"))
    pipeline = await fed(view)
    state = pipeline.read("intern")
    assert (state.hp, state.hp_max, state.hunger) == (5, 12, 2)
    assert state.adjacent == (("H", (3, 3)),) and state.in_combat


async def test_internal_state_notes_confusion_until_it_passes():
    """A confusion message sets the flag; "you feel less confused" clears it."""
    confused = screen(ROOM, top=2, message="Wait, what's going on here. Huh? What? Who?")
    pipeline = await fed(confused)
    assert pipeline.read("intern").confused
    await pipeline.feed(screen(ROOM, top=2, message="You feel less confused now"))
    assert not pipeline.read("intern").confused


async def test_internal_state_notes_hallucination_until_it_passes():
    """Rogue's potion of hallucination: "so cosmic" sets the flag, "SO boring" clears it."""
    pipeline = await fed(screen(ROOM, top=2, message="Oh, wow!  Everything seems so cosmic!"))
    assert pipeline.read("intern").hallucinating
    await pipeline.feed(screen(ROOM, top=2))
    assert pipeline.read("intern").hallucinating
    await pipeline.feed(screen(ROOM, top=2, message="Everything looks SO boring now."))
    assert not pipeline.read("intern").hallucinating


async def test_internal_state_keeps_a_floor_under_rogues_food_clock():
    """1,300 at the start, less each action's most turns (a count its count; a key read
    without a turn, none); a meal adds 1,100 to a clock it first sets to zero, up to
    2,000; a hunger word newly shown caps the floor below where that state begins."""
    def view(hunger: str = "", message: str = "") -> object:
        return screen(ROOM, top=2, message=message, status_line=status(hunger=hunger))

    pipeline = await fed(view())
    assert pipeline.read("intern").food_floor == 1300
    for acted, floor in (("10s", 1290), ("h", 1289), (" ", 1289), ("\x1b", 1289),
                         ("i", 1289), ("ea", 1288)):
        await pipeline.feed(view(), acted=acted)
        assert pipeline.read("intern").food_floor == floor, acted
    await pipeline.feed(view(message="Yum, that tasted good"), acted="ea")
    assert pipeline.read("intern").food_floor == 2000  # 1,287 + 1,100, at most 2,000
    await pipeline.feed(view("Hungry", "You are starting to get hungry"), acted="s")
    assert pipeline.read("intern").food_floor == 299  # the count was short: Hungry says so
    await pipeline.feed(view("Weak", "You are starting to feel weak"), acted="s")
    assert pipeline.read("intern").food_floor == 149
    await pipeline.feed(view("Faint", "You feel too weak from lack of food.  You faint"),
                        acted="s")
    await pipeline.feed(view("Faint", "You can move again"), acted="s")
    assert pipeline.read("intern").food_floor == -1
    await pipeline.feed(view(message="Oh, wow, that tasted good"), acted="ea")
    assert pipeline.read("intern").food_floor == 1100  # a faint's clock is set to 0 first
    await pipeline.feed(view(message="Bummer, this food tastes awful"), acted="ea")
    assert pipeline.read("intern").food_floor == 2000


async def test_internal_state_follows_rogues_running_flag_on_the_hero():
    """Monsters lose their +4 once the hero moves again after a faint; getting hungrier
    or frozen takes that away, eating does not."""
    def view(hunger: str, message: str = "") -> object:
        return screen(ROOM, top=2, message=message, status_line=status(hunger=hunger))

    pipeline = await fed(view("Weak"))
    assert not pipeline.read("intern").steady
    await pipeline.feed(view("Faint", "You feel too weak from lack of food.  You faint"))
    assert not pipeline.read("intern").steady
    await pipeline.feed(view("Faint", "You can move again"))
    assert pipeline.read("intern").steady
    await pipeline.feed(view("", "Yum, that tasted good"))
    assert pipeline.read("intern").steady  # eating is not the stomach daemon's change
    await pipeline.feed(view("Hungry", "You are starting to get hungry"))
    assert not pipeline.read("intern").steady
    await pipeline.feed(view("Hungry", "You can move again"))
    await pipeline.feed(view("Hungry", "You are frozen by the ice monster"))
    assert not pipeline.read("intern").steady
