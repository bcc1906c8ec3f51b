"""The Spellcast client side: what a player remembers, the adapter, and a whole session."""

import argparse
import re
from pathlib import Path

import pytest
import trio

from protocols.spellcast import (
    SERVE_COMMAND,
    SPELLS,
    Answer,
    Answers,
    Gestures,
    PlayerState,
    Spell,
    SpellcastAdapter,
    SpellcastClient,
    SpellcastServer,
    TurnView,
    serve,
)
from runtime import (
    AgentSpec,
    Expert,
    GameProcessError,
    Proposal,
    Session,
    decode,
    encode,
)

TRANSCRIPTS = Path(__file__).parent.parent / "data" / "spellcast" / "transcripts"


def _server_lines(name, who):
    lines = []
    for raw in (TRANSCRIPTS / name).read_text().splitlines():
        speaker, rest = raw.split(None, 1)
        if speaker == who and rest.startswith("S> "):
            lines.append(rest[3:])
    return lines


def test_a_player_remembers_the_lithium_game_from_its_lines():
    """Fed alice's side of the six-round transcript: histories, hit points, the round."""
    state = PlayerState()
    for line in _server_lines("transcript_lithium.txt", "alice"):
        state.feed(line)
    view = state.view()
    assert view.me == "alice" and view.match == "m1001" and view.round == 7
    assert view.phase == "gestures"
    assert view.wizard("alice").left == "SDPFSD" and view.wizard("alice").right == "WP__SD"
    assert view.wizard("bob").left == "PWPSDP" and view.wizard("bob").right == "FFF_DP"
    assert (view.wizard("bob").hp, view.wizard("alice").hp) == (13, 14)
    assert view.movers == ("bob", "alice")
    assert view.events == (
        "351 bob CASTS surrender AT alice WITH both",
        "351 alice CASTS missile AT bob WITH both",
        "357 alice missile bob :The missile strikes Bob the Blue",
    )


def test_an_anti_spell_that_lands_cuts_the_targets_gestures_so_far():
    """A 357 anti-spell line marks every gesture the target made until then as cut."""
    state = PlayerState()
    for line in _server_lines("transcript_lithium.txt", "alice"):
        state.feed(line)
    state.feed("357 bob anti-spell alice :The Anti-Spell jolts Alice the Red.")
    state.feed("357 alice missile bob :The missile strikes Bob the Blue")
    view = state.view()
    assert (view.wizard("alice").cut, view.wizard("bob").cut) == (6, 0)
    assert decode(encode(view)) == view


def test_a_question_block_becomes_questions_with_their_choices():
    """A complete 340..349 block is a decision point listing every open question."""
    state = PlayerState()
    lines = _server_lines("transcript_lithium.txt", "bob")
    stop = lines.index("XX3 :end of sub question ") + 6  # bob's round-3 block
    for line in lines[:stop]:
        state.feed(line)
    view = state.view()
    assert view.phase == "questions"
    assert [(q.id, q.kind, q.hand, q.spell, q.choices) for q in view.questions] == [
        ("left", "target", "left", "shield", ("bob", "alice")),
        ("right$paralysis.hand", "choice", "right", "paralysis", ("left", "right")),
        ("right", "target", "right", "paralysis", ("bob", "alice")),
    ]


def test_the_turn_view_crosses_the_codec_unchanged():
    """A TurnView full of nested messages survives msgpack encode/decode."""
    state = PlayerState()
    for line in _server_lines("transcript_lithium.txt", "bob")[:120]:
        state.feed(line)
    view = state.view()
    assert isinstance(view, TurnView)
    assert decode(encode(view)) == view
    assert decode(encode(Answers((("left", "bob"),)))) == Answers((("left", "bob"),))


def test_the_spell_table_is_reachable_through_the_protocol():
    """Actors read the spell table here: 43 rows, Missile is S then D."""
    assert len(SPELLS) == 43
    missile = next(s for s in SPELLS if s.slug == "missile")
    assert isinstance(missile, Spell) and missile.gestures == "SD"


async def _open_server(nursery, **options):
    server = SpellcastServer(**options)
    port = await nursery.start(lambda task_status: serve("127.0.0.1", 0, server=server,
                                                         task_status=task_status))
    return server, port


async def test_the_adapter_keeps_reading_while_the_agent_thinks():
    """Between observe and act the reader still takes in the opponent's lines."""
    async with trio.open_nursery() as nursery:
        _, port = await _open_server(nursery)
        async with SpellcastAdapter("127.0.0.1", port, "thinker", room="t", wizards=2) as adapter:
            rival = await SpellcastClient.connect("127.0.0.1", port)
            await rival.send("NAME rival none :Rival")
            await rival.send("JOIN t 2")
            await rival.send("READY")
            observed = await adapter.observe()
            assert observed.payload.phase == "gestures" and observed.payload.round == 1
            await rival.receive_until("320 m1001.1 rival")
            await rival.send("GESTURE _ _")
            with trio.fail_after(5):
                while "S> 321 m1001.1 rival :Gestures ready" not in adapter.transcript:
                    await trio.sleep(0.01)  # "thinking": the adapter reads on its own
            await adapter.act(Gestures("S", "_"))
            observed = await adapter.observe()
            assert observed.payload.round == 2
            assert observed.payload.wizard("rival").left == "_"
            assert observed.payload.myself.left == "S"
            await rival.aclose()
            with trio.fail_after(5):
                while not adapter.state.over:
                    await trio.sleep(0.01)
            observed = await adapter.observe()
            assert observed.terminal and observed.payload.outcome == "win"
            assert adapter.result().outcome == "win"
        nursery.cancel_scope.cancel()


async def test_the_adapter_records_its_traffic_in_transcript_form(tmp_path):
    """record_to gets every line both ways as "<name> S> ..." / "<name> C> ..."."""
    record = tmp_path / "rec.txt"
    async with trio.open_nursery() as nursery:
        _, port = await _open_server(nursery)
        async with SpellcastAdapter("127.0.0.1", port, "scribe", record_to=record):
            pass
        nursery.cancel_scope.cancel()
    lines = record.read_text().splitlines()
    assert sorted(lines[:3]) == ["scribe C> NAME scribe none :scribe",
                                 "scribe S> 200 Hello scribe",
                                 "scribe S> 222 SPELLCAST belligerent spellcast-1.0"]
    assert "scribe C> READY" in lines and "scribe C> QUIT" in lines


async def test_a_refused_gesture_is_shown_again_with_the_error():
    """An invalid Gestures action gets the 402 in the view and another chance."""
    async with trio.open_nursery() as nursery:
        _, port = await _open_server(nursery)
        async with SpellcastAdapter("127.0.0.1", port, "clumsy", room="c", wizards=2) as adapter:
            rival = await SpellcastClient.connect("127.0.0.1", port)
            for line in ("NAME rival2 none :R", "JOIN c 2", "READY"):
                await rival.send(line)
            await adapter.observe()
            await adapter.act(Gestures("X", "Q"))
            observed = await adapter.observe()
            assert observed.payload.phase == "gestures"
            assert observed.payload.error == "402 :Invalid gesture"
            await adapter.act(Gestures("P", "_"))
            await rival.receive_until("321 m1001.1 clumsy")
            await rival.aclose()
        nursery.cancel_scope.cancel()


async def test_a_taken_name_is_refused_at_start():
    """start() raises ValueError quoting the server's 400 when the name is taken."""
    async with trio.open_nursery() as nursery:
        _, port = await _open_server(nursery)
        first = SpellcastAdapter("127.0.0.1", port, "dup")
        async with first:
            with pytest.raises(ValueError, match=r"^the server refused the name 'dup': "
                                                 r"400 Nickname in use$"):
                async with SpellcastAdapter("127.0.0.1", port, "dup"):
                    pass
        nursery.cancel_scope.cancel()


async def test_a_server_that_goes_away_is_a_game_process_error():
    """If the server closes mid-match, observe raises GameProcessError saying so."""
    async with trio.open_nursery() as nursery:
        server_scope = trio.CancelScope()

        async def run_server(task_status):
            with server_scope:
                await serve("127.0.0.1", 0, task_status=task_status)

        port = await nursery.start(run_server)
        async with SpellcastAdapter("127.0.0.1", port, "orphan") as adapter:
            server_scope.cancel()
            with pytest.raises(GameProcessError, match="closed the connection before 'orphan'"):
                with trio.fail_after(5):
                    await adapter.observe()


async def test_connecting_to_nothing_names_the_address():
    """No server at the address: GameProcessError naming host and port."""
    with pytest.raises(GameProcessError, match=r"^cannot connect to a Spellcast server at "
                                               r"127\.0\.0\.1:1: "):
        async with SpellcastAdapter("127.0.0.1", 1, "nobody_home", connect_timeout=2):
            pass


class _Duelist(Expert):
    """Stabs (or, as ``_Waiter``, waits) every turn; answers by aiming at the opponent."""

    name = "duelist"
    reads = frozenset({"observation"})
    gestures = Gestures("K", "_")

    def propose(self, view):
        turn = view.read("observation")
        if turn.phase == "gestures":
            return Proposal(self.gestures, "the plan")
        question = turn.questions[0]
        foe = next((c for c in question.choices if c not in (turn.me, "nobody")),
                   question.choices[0])
        return Proposal(Answer(question.id, foe), f"aim {question.id} at {foe}")


class _Waiter(_Duelist):
    name = "waiter"
    gestures = Gestures("_", "_")


def _spec(expert):
    return AgentSpec(name=expert.name, version="test", knowledge_sources=(),
                     experts=(expert,), decision_deadline=2.0)


async def test_two_sessions_play_a_whole_match_through_the_server():
    """A stabbing agent beats a waiting one in 15 rounds; both records say so."""
    results = {}
    async with trio.open_nursery() as nursery:
        server, port = await _open_server(nursery, seed=3)

        async def play(name, expert):
            adapter = SpellcastAdapter("127.0.0.1", port, name, room="duel", wizards=2)
            results[name] = await Session(adapter, _spec(expert), seed=1).run()

        async with trio.open_nursery() as games:
            games.start_soon(play, "stabber", _Duelist)
            games.start_soon(play, "sitter", _Waiter)
        nursery.cancel_scope.cancel()
    assert results["stabber"].outcome == "win" and results["sitter"].outcome == "loss"
    assert results["stabber"].turns == 15
    assert dict(results["stabber"].detail)["winner"] == "stabber"
    assert server.results == [("m1001", "win", "stabber", 15)]


def test_the_serve_command_validates_its_options():
    """`belligerent serve spellcast` options: a bad port or ruleset is an argparse error."""
    parser = argparse.ArgumentParser()
    SERVE_COMMAND.add_arguments(parser)
    args = parser.parse_args(["--port", "0", "--seed", "5", "--ruleset", "sc"])
    assert (args.port, args.seed, args.ruleset.value) == (0, 5, "sc")
    with pytest.raises(SystemExit):
        parser.parse_args(["--port", "70000"])
    with pytest.raises(SystemExit):
        parser.parse_args(["--ruleset", "lithium"])
    assert SERVE_COMMAND.name == "serve"


async def test_answers_go_out_as_one_line_on_our_server():
    """Answers for a whole block is one ANSWER line with several pairs, handled at once."""
    async with trio.open_nursery() as nursery:
        _, port = await _open_server(nursery)
        async with SpellcastAdapter("127.0.0.1", port, "twohands", room="a", wizards=2) as me:
            rival = await SpellcastClient.connect("127.0.0.1", port)
            for line in ("NAME rival3 none :R", "JOIN a 2", "READY"):
                await rival.send(line)
            for gestures in (Gestures("S", "W"), Gestures("D", "P")):  # Missile + Shield
                await me.observe()
                await me.act(gestures)
                await rival.send("GESTURE _ _")
            asked = (await me.observe()).payload
            assert [(q.id, q.spell) for q in asked.questions] == [("left", "missile"),
                                                                  ("right", "shield")]
            await me.act(Answers((("left", "rival3"), ("right", "twohands"))))
            after = (await me.observe()).payload
            assert (after.phase, after.round) == ("gestures", 3)
            assert "C> ANSWER left rival3 right twohands" in me.transcript
            assert after.wizard("rival3").hp == 14
            await rival.aclose()
        nursery.cancel_scope.cancel()


async def test_the_serve_command_prints_its_address_and_serves(capsys):
    """run_serve listens where told, says so on stdout, and serves until cancelled."""
    parser = argparse.ArgumentParser()
    SERVE_COMMAND.add_arguments(parser)
    args = parser.parse_args(["--port", "0", "--seed", "4", "--idle-timeout", "30"])
    async with trio.open_nursery() as nursery:
        nursery.start_soon(SERVE_COMMAND.run, args)
        out = ""
        with trio.fail_after(5):
            while (found := re.search(r"^Spellcast server on 127\.0\.0\.1:(\d+) \(seed 4, "
                                      r"ruleset full\); try: nc 127\.0\.0\.1 \1$",
                                      out, re.MULTILINE)) is None:
                await trio.sleep(0.01)
                out += capsys.readouterr().out
        port = int(found.group(1))
        client = await SpellcastClient.connect("127.0.0.1", port)
        assert (await client.receive_until("222"))[-1].startswith("222 SPELLCAST belligerent")
        await client.aclose()
        nursery.cancel_scope.cancel()
