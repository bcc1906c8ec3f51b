"""The Spellcast server through real sockets: lobby, matches, and everything clients get wrong."""

import pytest
import trio

from games.spellcast.server import SpellcastServer, match_seed, serve
from protocols.spellcast import SpellcastClient


async def _server(nursery, **options):
    server = SpellcastServer(**options)
    port = await nursery.start(
        lambda task_status: serve("127.0.0.1", 0, server=server, task_status=task_status)
    )
    return server, port


async def _named(port, nick, *, room=None, wizards=None, ready=True):
    client = await SpellcastClient.connect("127.0.0.1", port, label=nick)
    await client.receive_until("222")
    await client.send(f"NAME {nick} none :{nick.title()} the Tester")
    await client.receive_until("312")
    if room:
        await client.send(f"JOIN {room} {wizards or ''}".strip())
        await client.receive_until("211")
    if ready:
        await client.send("READY")
    return client


async def _pair(port, room="lobby"):
    """Two named, ready clients in ``room`` whose match has asked for gestures."""
    a = await _named(port, f"{room}a", room=room, wizards=2)
    b = await _named(port, f"{room}b", room=room, wizards=2)
    for c in (a, b):
        await c.receive_until("320 m", timeout=5)
        await c.receive_until("320 m", timeout=5)
    return a, b


async def test_a_client_is_greeted_named_and_listed():
    """222 on connect; NAME gets 200 and the room's wizard and monster lists."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery)
        first = await _named(port, "alice", ready=False)
        second = SpellcastClient(await trio.open_tcp_stream("127.0.0.1", port))
        assert (await second.receive_until("222"))[-1] == "222 SPELLCAST belligerent spellcast-1.0"
        await second.send("NAME bob male :Bob the Blue")
        lines = await second.receive_until("312")
        assert lines == (
            "200 Hello bob",
            "300 Wizards",
            "301 alice - none :Alice the Tester",
            "302 :End of Wizards",
            "310 Monsters",
            "312 :End of Monsters",
        )
        assert (await first.receive_until("301"))[-1] == "301 bob - male :Bob the Blue"
        nursery.cancel_scope.cancel()


@pytest.mark.parametrize(
    "line, reply",
    [
        ("NAME alice none :Another Alice", "400 :Nickname in use"),
        ("NAME ALICE none :Shouting Alice", "400 :Nickname in use"),
        ("NAME bad-nick none :Hyphen", "401 :Invalid nickname"),
        ("NAME nobody none :A target word", "401 :Invalid nickname"),
        ("NAME " + "x" * 33 + " none :Too long", "401 :Invalid nickname"),
        ("NAME", "401 :Invalid nickname"),
        ("READY", "407 :Say NAME <nick> <male|female|none> :<visible name> first"),
        ("CAST fireball", "404 :Unknown command CAST"),
    ],
)
async def test_bad_names_and_early_commands_get_their_error(line, reply):
    """Taken, malformed or reserved nicknames and commands before NAME get 40x lines."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery)
        alice = await _named(port, "alice", ready=False)
        client = SpellcastClient(await trio.open_tcp_stream("127.0.0.1", port))
        await client.receive_until("222")
        await client.send(line)
        assert (await client.receive_until("4"))[-1] == reply
        await alice.aclose()
        nursery.cancel_scope.cancel()


async def test_unknown_verbs_and_wrong_gestures_get_errors_and_the_match_goes_on():
    """404 for a verb the server doesn't know, 402 for bad gestures, then a good one counts."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery)
        a, b = await _pair(port)
        for line, reply in [
            ("FIREBALL bob", "404 :Unknown command FIREBALL"),
            ("GESTURE X Y", "402 :Invalid gesture"),
            ("GESTURE P", "402 :Invalid gesture"),
            ("GESTURE PP D", "402 :Invalid gesture"),
            ("GESTURE P D S", "402 :Invalid gesture"),
        ]:
            await a.send(line)
            assert (await a.receive_until("40"))[-1] == reply
        await a.send("GESTURE w d")
        assert (await a.receive_until("321"))[-1] == "321 m1001.1 lobbya :Gestures ready"
        await b.send("GESTURE P D")
        reveal = await a.receive_until("332")
        assert "331 m1001.1 lobbya W D" in reveal and "331 m1001.1 lobbyb P D" in reveal
        nursery.cancel_scope.cancel()


async def test_answers_to_questions_never_asked_get_403():
    """ANSWER in the lobby, while gestures are due, or naming no open question is refused."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery)
        lonely = await _named(port, "carol", room="elsewhere", ready=False)
        await lonely.send("ANSWER left bob")
        assert (await lonely.receive_until("403"))[-1] == "403 :Invalid answer (not in a match)"
        a, b = await _pair(port)
        await a.send("ANSWER left lobbyb")
        assert (await a.receive_until("403"))[-1] == (
            "403 :Invalid answer (no question is open for you)"
        )
        await a.send("GESTURE P _")
        await b.send("GESTURE _ _")
        await a.receive_until("349")
        await a.send("ANSWER right lobbyb")  # the question is about the left hand
        assert (await a.receive_until("403"))[-1] == (
            "403 :Invalid answer (no open question 'right' takes 'lobbyb')"
        )
        await a.send("ANSWER left fireball")
        assert (await a.receive_until("403"))[-1] == (
            "403 :Invalid answer ('fireball' is not a choice for left)"
        )
        await a.send("ANSWER left lobbya")
        assert (await a.receive_until("350"))[-2] == "351 lobbya CASTS shield AT lobbya WITH left"
        nursery.cancel_scope.cancel()


async def test_a_ten_megabyte_line_gets_405_and_stalls_no_other_match():
    """A 10 MB line is refused with 405 while a match in another room plays on undisturbed."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery)
        flooder = await _named(port, "flood", room="one", wizards=2)
        a, b = await _pair(port, room="two")
        done = trio.Event()

        async def flood():
            chunk = b"GESTURE " + b"P" * (1024 * 1024 - 8)
            for _ in range(10):
                await flooder.stream.send_all(chunk)
            await flooder.stream.send_all(b"\r\n")
            done.set()

        nursery.start_soon(flood)
        for round_number in range(1, 4):  # the other match plays three rounds meanwhile
            await a.send("GESTURE _ _")
            await b.send("GESTURE _ _")
            await a.receive_until(f"350 m1001.{round_number}")
        with trio.fail_after(20):
            await done.wait()
        assert (await flooder.receive_until("405"))[-1] == (
            "405 :Line too long (the limit is 512 bytes)"
        )
        await flooder.send("WHO")
        assert (await flooder.receive_until("302"))[-1] == "302 :End of Wizards"
        nursery.cancel_scope.cancel()


async def test_garbage_bytes_get_408_and_the_connection_lives():
    """A line that is not UTF-8 gets 408; the client can still name itself afterwards."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery)
        client = SpellcastClient(await trio.open_tcp_stream("127.0.0.1", port))
        await client.receive_until("222")
        await client.stream.send_all(b"\xff\xfe\x00garbage\n")
        assert (await client.receive_until("408"))[-1] == "408 :Malformed line (not UTF-8 text)"
        await client.send("NAME ok none :Still Here")
        assert (await client.receive_until("200"))[-1] == "200 Hello ok"
        nursery.cancel_scope.cancel()


async def test_an_abrupt_disconnect_mid_question_makes_the_other_wizard_win():
    """A wizard who vanishes while owing an answer is out at once; his opponent wins."""
    async with trio.open_nursery() as nursery:
        server, port = await _server(nursery)
        a, b = await _pair(port)
        await a.send("GESTURE P _")  # a shield: a question about its target
        await b.send("GESTURE _ _")
        await a.receive_until("349")
        await a.stream.aclose()  # no QUIT: the socket just goes away
        lines = await b.receive_until("390")
        assert lines[-3:] == (
            "303 lobbya :Quits",
            "380 lobbya :dies",
            "390 m1001 lobbyb :Wins the match!",
        )
        assert server.results == [("m1001", "win", "lobbyb", 1)]
        assert server.tables == {}
        nursery.cancel_scope.cancel()


async def test_an_idle_player_is_timed_out_and_loses():
    """A wizard who doesn't gesture within idle_timeout gets 409 and is disconnected."""
    async with trio.open_nursery() as nursery:
        server, port = await _server(nursery, idle_timeout=0.5)
        a, b = await _pair(port)
        await b.send("GESTURE _ _")
        with trio.fail_after(5):
            lines = await a.receive_until("409")
            assert lines[-1] == "409 :Idle timeout"
            assert await a.receive() is None  # the server hung up
        assert (await b.receive_until("390"))[-1] == "390 m1001 lobbyb :Wins the match!"
        assert server.results == [("m1001", "win", "lobbyb", 1)]
        nursery.cancel_scope.cancel()


async def test_a_wizard_waiting_for_others_is_never_idle():
    """The idle clock runs only while the server waits on that client."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery, idle_timeout=0.3)
        a, b = await _pair(port)
        await a.send("GESTURE _ _")
        await trio.sleep(0.6)  # a waits for b; b is the idle one
        lines = await a.receive_until("390", timeout=5)
        assert lines[-1] == "390 m1001 lobbya :Wins the match!"
        nursery.cancel_scope.cancel()


async def test_a_person_with_netcat_can_play_a_round():
    """Bare "\\n"-terminated lines over a plain socket are enough to play."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery)
        opponent = await _named(port, "bot")
        sock = trio.socket.socket()
        await sock.connect(("127.0.0.1", port))
        stream = trio.SocketStream(sock)
        await stream.send_all(b"NAME human none :A Person\nREADY\n")
        await opponent.receive_until("320 m1001.1 human")
        received = b""
        for gesture in (b"gesture s _\n", b"gesture d _\n"):  # S then D: Missile
            await stream.send_all(gesture)
            await opponent.send("GESTURE _ _")
            with trio.fail_after(5):
                while b"332 :End of Gestures\r\n" not in received:
                    received += await stream.receive_some(4096)
            text, received = received.decode(), received.split(b"332 :End of Gestures\r\n", 1)[1]
        with trio.fail_after(5):
            while b"349 :End of Questions\r\n" not in received:
                received += await stream.receive_some(4096)
        assert "331 m1001.2 human D _\r\n" in text
        assert "345 left missile :Which target for left hand\r\n" in received.decode()
        await stream.send_all(b"ANSWER left bot\n")
        lines = await opponent.receive_until("350 m1001.2")
        assert any(line.startswith("357 human missile bot :") for line in lines)
        nursery.cancel_scope.cancel()


async def test_rooms_run_matches_side_by_side():
    """Two rooms, two matches with their own ids; moves in one don't touch the other."""
    async with trio.open_nursery() as nursery:
        server, port = await _server(nursery)
        a1, b1 = await _pair(port, room="east")
        a2, b2 = await _pair(port, room="west")
        assert sorted(server.tables) == ["m1001", "m1002"]
        await a2.send("GESTURE _ _")
        await b2.send("GESTURE _ _")
        assert (await a2.receive_until("251"))[-1] == "251 m1002.2 :Round start"
        await a1.send("QUIT")
        assert (await b1.receive_until("390"))[-1] == "390 m1001 eastb :Wins the match!"
        assert list(server.tables) == ["m1002"]
        nursery.cancel_scope.cancel()


async def test_join_with_a_size_waits_for_that_many_wizards():
    """JOIN <room> 3: two ready wizards wait; the third starts a three-wizard match."""
    async with trio.open_nursery() as nursery:
        server, port = await _server(nursery)
        clients = [await _named(port, f"w{i}", room="ffa", wizards=3) for i in range(2)]
        await _sync_all(clients)
        assert server.tables == {}
        clients.append(await _named(port, "w2", room="ffa", wizards=3))
        lines = await clients[0].receive_until("320 m1001.1 w2")
        assert [ln.split(" ")[1] for ln in lines if ln.startswith("301") and "/" in ln] == [
            "w0",
            "w1",
            "w2",
        ]
        nursery.cancel_scope.cancel()


async def _sync_all(clients):
    for i, client in enumerate(clients):
        await client.send(f"PING s{i}")
        await client.receive_until(f"202 s{i}")


async def test_yield_in_the_lobby_withdraws_readiness():
    """YIELD before the match starts marks the wizard not ready ("-") for the room."""
    async with trio.open_nursery() as nursery:
        server, port = await _server(nursery)
        a = await _named(port, "a", room="r", wizards=2)
        watcher = await _named(port, "w", room="r", ready=False)
        assert (await watcher.receive_until("301 a"))[-1] == "301 a + none :A the Tester"
        await a.send("YIELD")
        assert (await watcher.receive_until("301 a"))[-1] == "301 a - none :A the Tester"
        await watcher.send("READY")
        await _sync_all([watcher, a])
        assert server.tables == {}
        nursery.cancel_scope.cancel()


async def test_matches_are_fixed_by_the_server_seed():
    """Same seed, same moves: the same lines, Confusion's random gesture included."""

    async def play(seed):
        async with trio.open_nursery() as nursery:
            _, port = await _server(nursery, seed=seed)
            a, b = await _pair(port)
            script = [("D", "_"), ("S", "_"), ("F", "_"), ("_", "_"), ("_", "_")]
            for left, right in script:
                await a.send(f"GESTURE {left} {right}")
                await b.send("GESTURE W W")
                lines = await b.receive_until("332")
                if any(line.startswith("331") and " lobbya F " in line for line in lines):
                    await a.receive_until("349")
                    await a.send("ANSWER left lobbyb")
                await b.receive_until("320 m1001")
            nursery.cancel_scope.cancel()
            return [t for t in b.transcript if t.startswith("S> 3")]

    first, again = await play(11), await play(11)
    assert first == again
    assert "S> 351 lobbya CASTS confusion AT lobbyb WITH left" in first
    assert match_seed(11, "lobby", 1) == match_seed(11, "lobby", 1) != match_seed(12, "lobby", 1)
    assert match_seed(11, "lobby", 1) != match_seed(11, "lobby", 2) != match_seed(11, "g1", 2)


async def _scripted(steps, **options):
    """Play ``steps`` ("who:LINE") for alice and bob; after each, every line each received."""
    async with trio.open_nursery() as nursery:
        _, port = await _server(nursery, **options)
        clients = {}
        for nick in ("alice", "bob"):
            clients[nick] = await _named(port, nick)
        await _sync_all(list(clients.values()))
        seen = []
        for number, step in enumerate(steps):
            who, line = step.split(":", 1)
            await clients[who].send(line)
            received = {}
            for nick, client in clients.items():
                await client.send(f"PING {number}")
                received[nick] = [ln for ln in await client.receive_until(f"202 {number}")
                                  if not ln.startswith("202")]
            seen.append(received)
        nursery.cancel_scope.cancel()
    return seen


async def test_a_summoned_monster_appears_attacks_and_asks_its_owner_next_round():
    """Summon Goblin: target question, then the new monster's victim (335), then 361/352."""
    seen = await _scripted([
        "alice:GESTURE S _", "bob:GESTURE _ _", "alice:GESTURE F _", "bob:GESTURE _ _",
        "alice:GESTURE W _", "bob:GESTURE _ _", "alice:ANSWER left alice",
        "alice:ANSWER summon:alice:left bob", "alice:GESTURE _ _", "bob:GESTURE _ _",
    ])
    assert "345 left summon-goblin :Which target for left hand" in seen[5]["alice"]
    assert seen[6]["alice"][:2] == ["340 m1001.3 :Questions",
                                    "335 summon:alice:left :Which target should monster attack"]
    resolution = seen[7]["bob"]
    assert "351 alice CASTS summon-goblin AT alice WITH left" in resolution
    assert any(ln.startswith("361 goblin-1 alice :") for ln in resolution)
    assert any(ln.startswith("352 goblin-1 ATTACKS bob :") for ln in resolution)
    assert "311 goblin-1 alice 1/1 :Goblin" in resolution
    assert "301 bob 14/15 none :Bob the Tester" in resolution
    assert "335 goblin-1 :Which target should monster attack" in seen[9]["alice"]


async def test_a_charmer_picks_the_gesture_before_the_reveal():
    """Charm Person: the hand is asked as a sub-question, the gesture next turn before 330."""
    seen = await _scripted([
        "alice:GESTURE P _", "bob:GESTURE _ _", "alice:ANSWER left bob",
        "alice:GESTURE S _", "bob:GESTURE _ _", "alice:GESTURE D _", "bob:GESTURE _ _",
        "alice:ANSWER left bob", "alice:GESTURE F _", "bob:GESTURE _ _", "alice:ANSWER left bob",
        "alice:ANSWER left$charm-person.hand right", "bob:GESTURE W W", "alice:GESTURE _ _",
        "alice:ANSWER charm:bob K",
    ])
    assert seen[10]["alice"][1].startswith("XX1 left$charm-person.hand :")
    assert "351 alice CASTS charm-person AT bob WITH left" in seen[11]["bob"]
    asked = seen[13]["alice"]
    assert asked[:2] == ["321 m1001.5 alice :Gestures ready", "340 m1001.5 :Questions"]
    assert asked[2].startswith("XX1 charm:bob :")
    assert [ln for ln in asked if ln.startswith("XX2")][-2:] == ["XX2 charm:bob K",
                                                                 "XX2 charm:bob _"]
    assert not any(ln.startswith("33") for ln in seen[13]["bob"])  # nothing revealed yet
    assert "331 m1001.5 bob W K" in seen[14]["bob"]
    assert "345 right stab :Which target for right hand" in seen[14]["bob"]


async def test_a_three_wizard_match_goes_on_when_one_leaves():
    """In a free-for-all, a wizard who quits is out (380) and the other two play on."""
    async with trio.open_nursery() as nursery:
        server, port = await _server(nursery)
        a, b, c = [await _named(port, n, room="ffa", wizards=3) for n in ("x", "y", "z")]
        for client in (a, b, c):
            await client.receive_until("320 m1001.1 z")
        await a.send("GESTURE _ _")
        await c.send("QUIT")
        lines = await a.receive_until("380")
        assert lines[-2:] == ("303 z :Quits", "380 z :dies")
        await b.send("GESTURE _ _")
        assert (await a.receive_until("251"))[-1] == "251 m1001.2 :Round start"
        state = await a.receive_until("320 m1001.2 y")
        assert [ln.split(" ")[2] for ln in state if ln.startswith("320")] == ["x", "y"]
        assert list(server.tables) == ["m1001"]
        nursery.cancel_scope.cancel()


async def test_both_wizards_vanishing_at_once_leaves_the_server_usable():
    """lithium crashed when both players of a match disconnected; ours plays the next match."""
    async with trio.open_nursery() as nursery:
        server, port = await _server(nursery)
        a, b = await _pair(port)
        await a.send("GESTURE P _")
        await b.send("GESTURE P _")
        await a.receive_until("349")
        await a.stream.aclose()
        await b.stream.aclose()
        with trio.fail_after(5):
            while server.tables or server.connections:
                await trio.sleep(0.01)
        assert server.results == [("m1001", "win", server.results[0][2], 1)]
        c, d = await _pair(port, room="again")
        await c.send("GESTURE _ _")
        await d.send("GESTURE _ _")
        assert (await c.receive_until("251"))[-1] == "251 m1002.2 :Round start"
        nursery.cancel_scope.cancel()


async def test_a_pool_room_pairs_ready_wizards_as_they_come():
    """JOIN pool 2: four ready wizards make two matches, paired in the order they joined."""
    async with trio.open_nursery() as nursery:
        server, port = await _server(nursery)
        clients = [await _named(port, f"p{i}", room="pool", wizards=2) for i in range(4)]
        await _sync_all(clients)
        assert {m: [c.nick for c in t.players] for m, t in server.tables.items()} == {
            "m1001": ["p0", "p1"], "m1002": ["p2", "p3"]}
        nursery.cancel_scope.cancel()
