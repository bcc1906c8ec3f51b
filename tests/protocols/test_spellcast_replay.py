"""The two real lithium/spellcast transcripts, replayed line by line against our server.

Each client line of a transcript is sent over a real socket in transcript order; after
each one every client sends ``PING`` and waits for its ``202`` (our extension), so the
next line goes out only once the server has handled the last one and everything it
caused is in every client's hands. The games are then compared round by round: gestures
revealed, spells cast, successes, blocks, hit points, deaths and the winner.

Where the game differs, the rules (Plotkin's) differ from what lithium did; each
difference is spelled out below, next to the rule it follows.
"""

from collections import defaultdict
from pathlib import Path

import trio

from games.spellcast.server import serve
from protocols.spellcast import SpellcastClient

TRANSCRIPTS = Path(__file__).parent.parent / "data" / "spellcast" / "transcripts"


def _entries(name):
    entries = []
    for raw in (TRANSCRIPTS / name).read_text().splitlines():
        who, rest = raw.split(None, 1)
        direction, line = rest.split("> ", 1)
        entries.append((who, direction, line))
    return entries


async def _sync(clients, token):
    for client in clients.values():
        if not client.closed:
            await client.send(f"PING {token}")
            await client.receive_until(f"202 {token}")


async def _replay(name, port):
    """Every server line each client received, PONGs left out."""
    clients = {}
    for step, (who, direction, line) in enumerate(_entries(name)):
        if who not in clients:
            clients[who] = await SpellcastClient.connect("127.0.0.1", port, label=who)
            await clients[who].receive_until("222")
        if direction != "C":
            continue
        client = clients[who]
        if line == "QUIT":
            # The server has handled QUIT (and told the others) once it hangs up.
            await client.send(line)
            while await client.receive() is not None:
                pass
            client.closed = True
        else:
            # The sender first, so its line is handled before the others' PINGs.
            await client.send(line)
            await client.send(f"PING {step}")
            await client.receive_until(f"202 {step}")
        await _sync(clients, step)
    for client in clients.values():
        await client.aclose()
    return {
        who: [t[3:] for t in c.transcript if t.startswith("S> ") and not t.startswith("S> 202")]
        for who, c in clients.items()
    }


def _game(lines):
    """The game a client saw: round -> sorted facts, plus ("end", ...) facts."""
    rounds = defaultdict(list)
    current = 0
    for line in lines:
        head = line.split(" :", 1)[0].split(" ")
        code, args = head[0], head[1:]
        if code == "251":
            current = int(args[0].rpartition(".")[2])
        elif code == "301" and len(args) > 1 and "/" in args[1]:
            rounds[current].append(("hp", args[0], args[1]))
        elif code == "331":
            rounds[current].append(("gestures", args[1], args[2], args[3]))
        elif code == "351":
            rounds[current].append(("cast", args[0], args[2], args[4], args[6]))
        elif code == "353":
            rounds[current].append(("blocks", args[0], args[2]))
        elif code == "357" and "-" not in args[:2]:
            # Our server also narrates enchantments taking hold and their effects
            # ("357 - paralysis alice"), which lithium did not: those are left out.
            rounds[current].append(("succeeds", args[0], args[1], args[2]))
        elif code == "354":
            rounds[current].append(("surrenders", args[0]))
        elif code == "380":
            rounds[current].append(("dies", args[0]))
        elif code == "390":
            rounds[current].append(("wins", args[1]))
    return {r: sorted(facts) for r, facts in rounds.items()}


def _lithium(name):
    lines = defaultdict(list)
    for who, direction, line in _entries(name):
        if direction == "S":
            lines[who].append(line)
    return {who: _game(seen) for who, seen in lines.items()}


async def _ours(name):
    async with trio.open_nursery() as nursery:
        port = await nursery.start(serve, "127.0.0.1", 0)
        with trio.fail_after(20):
            seen = await _replay(name, port)
        nursery.cancel_scope.cancel()
    return {who: _game(lines) for who, lines in seen.items()}


async def test_transcript_six_rounds_replays_the_same_first_five_rounds():
    """Rounds 1-5 of the six-round game are lithium's, but for the hand named in round 5."""
    theirs = _lithium("transcript_lithium.txt")
    ours = await _ours("transcript_lithium.txt")
    for who in ("alice", "bob"):
        for r in (1, 2, 3, 4):
            assert ours[who][r] == theirs[who][r], (who, r)
        # Round 5: bob's left hand ends S, D (Missile); his right hand made D too. lithium
        # called the spell "both"-handed because both hands made D; by the rules it is a
        # one-handed spell of the hand that completed it.
        lithium_5 = [("cast", "bob", "missile", "alice", "left") if f[0] == "cast" else f
                     for f in theirs[who][5]]
        assert ours[who][5] == sorted(lithium_5)


async def test_transcript_six_rounds_ends_by_the_rules_in_round_six():
    """Round 6: P with both hands is surrender (automatic) and both of alice's hands cast Missile.

    lithium offered bob "surrender" as a spell to aim at alice and played on; it also
    merged alice's two Missiles (each hand ends S, D) into one. By the rules bob's P+P
    surrenders and casts a Shield with each hand (he aims both at alice: "ANSWER both
    alice"), alice's two Missiles hit the unshielded bob, and alice wins the match.
    """
    ours = await _ours("transcript_lithium.txt")
    expected = sorted([
        ("hp", "alice", "14/15"), ("hp", "bob", "14/15"),
        ("gestures", "alice", "d", "d"), ("gestures", "bob", "p", "p"),
        ("surrenders", "bob"),
        ("cast", "alice", "missile", "bob", "left"), ("cast", "alice", "missile", "bob", "right"),
        ("cast", "bob", "shield", "alice", "left"), ("cast", "bob", "shield", "alice", "right"),
        ("succeeds", "alice", "missile", "bob"), ("succeeds", "alice", "missile", "bob"),
        ("wins", "alice"),
    ])
    assert ours["alice"][6] == expected
    assert ours["bob"][6] == expected
    assert 7 not in ours["alice"]


async def test_transcript_quit_has_the_same_winner_one_round_sooner():
    """The stab-versus-shield game: same gestures and block, and alice wins as in lithium.

    lithium let bob choose between Surrender and Shield for his P+P and only ended the
    match when he quit in round 2; by the rules P+P is surrender (plus a Shield from each
    hand), so alice wins at the end of round 1.
    """
    theirs = _lithium("transcript_lithium_quit.txt")
    ours = await _ours("transcript_lithium_quit.txt")
    for who in ("alice", "bob"):
        same = {f for f in theirs[who][1] if f[0] in ("hp", "gestures", "blocks")}
        assert same <= set(ours[who][1])
        assert ("blocks", "bob", "alice") in ours[who][1]
        assert ("surrenders", "bob") in ours[who][1]
        assert ("wins", "alice") in ours[who][1]
    assert ("wins", "alice") in theirs["alice"][2]  # bob had quit: he never saw it
