"""Rogue tournaments: bounded games, their records, the distribution, with game doubles.

Live games of the user's Rogue are at the end, skipped unless ``BELLIGERENT_ROGUE`` is set.
"""

import math
import os
import re
import sqlite3
from types import SimpleNamespace

import pytest
import trio

from actors.rogue import DEFAULT_TACTICS, Tactics
from actors.rogue._learning import Chooser, Policy, TacticsStore
from actors.rogue._tournament import (
    TournamentConfig,
    dungeon_seed,
    finished_games,
    run_tournament,
)
from actors.rogue._tournament_game import GameSpec, play_game, quit_key
from actors.rogue._tournament_report import GameLine, format_summary, plot_scores, summarize
from protocols.rogue import ROGUE_ENV, RogueAdapter
from runtime import (
    AgentSpec,
    Expert,
    GameProcessError,
    GameResult,
    Observed,
    Proposal,
    SessionResult,
)
from runtime.daemon import Records

needs_rogue = pytest.mark.skipif(
    not os.environ.get(ROGUE_ENV),
    reason=f"no Rogue binary configured: set {ROGUE_ENV} to a Rogue 5.4.4 binary",
)


class Searcher(Expert):
    """Always searches: an agent that never ends a game by itself."""

    name = "search"
    reads = frozenset({"observation"})

    def propose(self, view):
        return Proposal("s", "search")


AGENT = AgentSpec(name="searcher", version="1.0", knowledge_sources=(), experts=(Searcher,))


class FakeRogue:
    """A Rogue double: each key takes ``key_time`` seconds and finds 5 gold; Q asks
    "Really quit?", y ends the game. ``hang`` ignores every key (for ever)."""

    def __init__(self, *, key_time=1.0, hang=False, crash_after=None):
        self.key_time, self.hang, self.crash_after = key_time, hang, crash_after
        self.actions, self.keys, self.asking, self.over, self.closed = 0, [], False, False, False
        self.frame = "frame"

    async def start(self):
        pass

    def view(self, frame):
        return SimpleNamespace(more=False, prompt="Really quit?" if self.asking else "",
                               kind="map")

    async def observe(self):
        return Observed(self.view(self.frame), terminal=self.over)

    async def act(self, key):
        self.actions += 1
        self.keys.append(key)
        if self.crash_after is not None and self.actions > self.crash_after:
            raise GameProcessError("the game process (pid 7) was killed by signal 11 (SIGSEGV)")
        if self.hang:
            await trio.sleep_forever()
        await trio.sleep(self.key_time)
        if self.asking and key == "y":
            self.over = True
        self.asking = key == "Q"

    def result(self):
        outcome = "quit" if self.over else "unfinished"
        return GameResult(outcome, 5.0 * self.actions, self.actions, (("depth", 2),))

    async def aclose(self):
        self.closed = True


def _spec(**kw):
    base = {"index": 0, "session": "s0", "seed": 11, "agent": AGENT}
    return GameSpec(**{**base, **kw})


# -- one bounded game ----------------------------------------------------------------


def test_quit_key_clears_the_screen_then_quits():
    """--More-- gets a space, "Really quit?" a y, another prompt ESC, a list a space, else Q."""
    def view(**kw):
        return SimpleNamespace(**{"more": False, "prompt": "", "kind": "map", **kw})

    assert " " == quit_key(view(more=True, prompt="Really quit?"))
    assert "y" == quit_key(view(prompt="Really quit?"))
    assert "\x1b" == quit_key(view(prompt="What do you want to call it?"))
    assert " " == quit_key(view(kind="inventory"))
    assert "Q" == quit_key(view())


def test_quit_key_escapes_text_typed_at_the_message_line():
    """A name half typed after "What do you want to call it?" is escaped, not added to."""
    typing = SimpleNamespace(more=False, prompt="", kind="map", cursor=(0, 40),
                             message="What do you want to call it?  hhhhhhhhhh")
    assert "\x1b" == quit_key(typing)
    assert "Q" == quit_key(SimpleNamespace(more=False, prompt="", kind="map", cursor=(5, 9)))


def test_quit_key_answers_an_identify_prompt_with_each_letter_in_turn():
    """Rogue refuses ESC at "identify", so quitting tries '*' (which ends it when the pack
    has nothing of the kind), then item letters a, b, c..."""
    prompt = "Which object do you want to identify? (* for list): "
    keys = [quit_key(SimpleNamespace(more=False, prompt=prompt, kind="prompt"), attempt)
            for attempt in (0, 2, 4, 6)]
    assert ["*", "a", "b", "c"] == keys


async def test_time_cap_quits_cleanly_with_the_real_score(autojump_clock):
    """Past its time limit the game is quit with Q, y and recorded as a quit at the cap."""
    fake = FakeRogue(key_time=1.0)
    result = await play_game(_spec(time_limit=30.0), lambda spec: fake)
    assert ("quit", "") == (result.outcome, result.cause)
    assert ["Q", "y"] == fake.keys[-2:]
    assert 30 <= fake.actions <= 33
    assert 5.0 * fake.actions == result.score
    assert ("capped", "time") in result.detail
    assert fake.closed


async def test_action_cap_backs_up_an_agent_that_ignores_its_budget(autojump_clock):
    """An agent that never quits is stopped after max_actions, with a clean quit."""
    fake = FakeRogue(key_time=0.01)
    result = await play_game(_spec(max_actions=50), lambda spec: fake)
    assert "quit" == result.outcome
    assert ["s"] * 50 + ["Q", "y"] == fake.keys
    assert ("capped", "actions") in result.detail


async def test_game_that_never_answers_is_stopped_and_recorded(autojump_clock):
    """A hung game ends as a timeout after the limit and the grace, and is closed."""
    fake = FakeRogue(hang=True)
    result = await play_game(_spec(time_limit=100.0), lambda spec: fake, grace=20.0)
    assert "timeout" == result.outcome
    assert ("no end within 120 s (100 s limit + 20 s to quit); the game process was "
            "stopped") == result.cause
    assert ("s0", "searcher", "1.0", 11) == (result.session, result.agent,
                                             result.agent_version, result.seed)
    assert fake.closed


async def test_game_process_that_dies_is_recorded_as_aborted(autojump_clock):
    """A crash of the game mid-play leaves an aborted record saying how it died."""
    fake = FakeRogue(crash_after=3)
    result = await play_game(_spec(), lambda spec: fake)
    assert "aborted" == result.outcome
    assert "the game process (pid 7) was killed by signal 11 (SIGSEGV)" == result.cause
    assert 20.0 == result.score  # four keys sent, the last one fatal


async def test_game_that_cannot_even_start_is_recorded_as_an_error():
    """A failure to build the game (no directory, no binary) is one error record."""
    def broken(spec):
        raise FileNotFoundError("Rogue binary '/nowhere/rogue' does not exist")

    result = await play_game(_spec(), broken)
    assert ("error", 0.0) == (result.outcome, result.score)
    assert "FileNotFoundError: Rogue binary '/nowhere/rogue' does not exist" == result.cause


CRASHING_ROGUE = """#!/bin/sh
stty raw -echo
printf '\\033[H\\033[2J\\033[24;1HLevel: 1  Gold: 42     Hp: 12(12)  Str: 16(16)  Arm: 4   Exp: 1/0'
printf '\\033[5;10H.@.\\033[5;11H'
dd bs=1 count=1 >/dev/null 2>&1
kill -SEGV $$
"""


async def test_real_process_killed_by_a_signal_is_recorded_with_its_signal(tmp_path):
    """A "Rogue" in a real pty that segfaults on its first key: aborted, signal named."""
    fake = tmp_path / "rogue"
    fake.write_text(CRASHING_ROGUE)
    fake.chmod(0o755)
    made = []

    def make(spec):
        made.append(RogueAdapter.live(str(fake)))
        return made[0]

    with trio.fail_after(20):
        result = await play_game(_spec(time_limit=10.0), make)
    assert "aborted" == result.outcome
    assert re.fullmatch(r"Rogue ended before a tombstone or quit screen: the game process "
                        r"\(pid \d+\) was killed by signal SIGSEGV", result.cause)
    assert 42.0 == result.score
    assert not os.path.exists(made[0].workdir)


# -- the tournament ------------------------------------------------------------------


def _knob_score(tactics: Tactics, seed: int) -> float:
    """The fake dungeon's score: better the closer rest_below is to 0.3.

    Wide enough that the default (0.85) already scores above the noise of ``seed % 7``:
    with a narrower peak every set the learner tried first scored only that noise, and
    which of them came out best was a matter of the order the two jobs finished in
    (one run in twelve failed)."""
    return 2000 * math.exp(-((tactics.rest_below - 0.3) * 3) ** 2) + (seed % 7)


def _fake_player(seen, *, crash_index=None, outcome="death"):
    async def player(spec: GameSpec) -> SessionResult:
        seen.append(spec)
        await trio.sleep(0)
        tactics = Tactics(**dict(spec.parameters)["tactics"])
        if spec.index == crash_index:
            return SessionResult(spec.session, "rogue", spec.agent.name, spec.agent.version,
                                 spec.seed, "aborted", 12.0, 40, 0.5,
                                 cause="Rogue ended before a tombstone or quit screen: the "
                                 "game process (pid 9) was killed by signal 11 (SIGSEGV)",
                                 detail=(("depth", 1),))
        return SessionResult(spec.session, "rogue", spec.agent.name, spec.agent.version,
                             spec.seed, outcome, _knob_score(tactics, spec.seed),
                             100 + spec.index, 1.0,
                             detail=(("depth", 1 + spec.index % 4), ("killer", "troll"),
                                     ("cause", "killed by a troll")))
    return player


def _agent_for(tactics):
    return AgentSpec(name="rogomatic", version="9.9", knowledge_sources=(), experts=(Searcher,))


async def test_every_game_is_recorded_with_its_dungeon_and_tactics(tmp_path):
    """Each game plays dungeon seed+i and leaves one finished row with its facts."""
    records = Records(tmp_path / "r.sqlite3")
    seen = []
    batch = await run_tournament(
        TournamentConfig(games=6, seed=40, jobs=3), player=_fake_player(seen, crash_index=2),
        agent_for=_agent_for, default_tactics=DEFAULT_TACTICS, records=records,
    )
    rows = sorted(records.results(batch=batch, limit=0), key=lambda r: r.seed)
    assert [40, 41, 42, 43, 44, 45] == [r.seed for r in rows]
    assert [40, 41, 42, 43, 44, 45] == sorted(s.seed for s in seen)
    assert {"done": 6} == records.counts()
    crashed = rows[2]
    assert ("aborted", 12.0) == (crashed.outcome, crashed.score)
    assert "killed by signal 11" in crashed.cause
    first = rows[0]
    assert ("rogomatic", "9.9", "death", 100) == (first.agent, first.agent_version,
                                                  first.outcome, first.turns)
    assert ("killer", "troll") in first.detail and ("depth", 1) in first.detail
    params = dict(first.parameters)
    assert 40 == params["dungeon"]
    assert DEFAULT_TACTICS.rest_below == dict(params["tactics"])["rest_below"]
    assert [dungeon_seed(7, 3), dungeon_seed(2**31 - 1, 1)] == [10, 0]


async def test_a_resumed_tournament_plays_only_the_games_it_has_not_finished(tmp_path):
    """Games stopped part-way are picked up from the records: the finished ones (a
    death, a quit, Rogue's own crash) are skipped; an interrupted one, an agent error
    and another version's game are played again, each on its own dungeon."""
    records = Records(tmp_path / "r.sqlite3")
    first = []
    await run_tournament(TournamentConfig(games=5, seed=40), player=_fake_player(
        first, crash_index=2), agent_for=_agent_for, default_tactics=DEFAULT_TACTICS,
        records=records, batch="b1")
    records.add_batch("old", "rogue", 3, 1, 45, {}, "tournament", ["old-0", "old-1", "old-2"],
                      seeds=[45, 46, 47])
    for session, version, outcome in (("old-0", "9.8", "death"), ("old-1", "9.9", "error"),
                                      ("old-2", "9.9", "interrupted")):
        records.finish(SessionResult(session, "rogue", "rogomatic", version,
                                     {"old-0": 45, "old-1": 46, "old-2": 47}[session],
                                     outcome, 5.0, 10, 1.0),
                       (("dungeon", {"old-0": 45, "old-1": 46, "old-2": 47}[session]),))
    found = finished_games(records, agent="rogomatic", version="9.9", seed=40, games=8)
    assert [0, 1, 2, 3, 4] == sorted(found)  # dungeons 40-44; 45 is another version's
    assert "aborted" == found[2].outcome
    again = []
    batch = await run_tournament(TournamentConfig(games=8, seed=40, skip=frozenset(found)),
                                 player=_fake_player(again), agent_for=_agent_for,
                                 default_tactics=DEFAULT_TACTICS, records=records)
    assert [45, 46, 47] == sorted(spec.seed for spec in again)
    rows = sorted(records.results(batch=batch, limit=0), key=lambda r: r.seed)
    assert [(45, f"{batch}-0005"), (46, f"{batch}-0006"), (47, f"{batch}-0007")] == [
        (r.seed, r.session) for r in rows]
    assert {"death"} == {r.outcome for r in rows}
    with pytest.raises(ValueError, match=r"games to skip must be in 0\.\.7, got \[8\]"):
        TournamentConfig(games=8, skip=frozenset({8}))


async def test_stopped_tournament_closes_every_unfinished_row(tmp_path):
    """Cancelled midway, the tournament marks the games it did not finish interrupted."""
    records = Records(tmp_path / "r.sqlite3")
    played = []

    async def slow_player(spec):
        played.append(spec.index)
        await trio.sleep_forever()

    with trio.move_on_after(0.2):
        await run_tournament(TournamentConfig(games=5, jobs=2), player=slow_player,
                             agent_for=_agent_for, default_tactics=DEFAULT_TACTICS,
                             records=records, batch="b1")
    rows = {r.session: r for r in records.results(batch="b1", limit=0)}
    assert {"done": 5} == records.counts()
    assert [0, 1] == sorted(played)
    assert ["interrupted", "interrupted", "unplayed", "unplayed", "unplayed"] == [
        rows[f"b1-{i:04d}"].outcome for i in range(5)]
    assert "the tournament stopped before this game ended" == rows["b1-0000"].cause
    assert "the tournament stopped before this game started" == rows["b1-0004"].cause


async def test_time_budget_stops_new_games_and_records_the_rest_unplayed(tmp_path,
                                                                         autojump_clock):
    """With a 25 s budget and 10 s games, three games are played and seven are not."""
    records = Records(tmp_path / "r.sqlite3")

    async def ten_seconds(spec):
        await trio.sleep(10)
        return await _fake_player([])(spec)

    await run_tournament(TournamentConfig(games=10, budget=25.0), player=ten_seconds,
                         agent_for=_agent_for, default_tactics=DEFAULT_TACTICS,
                         records=records, batch="b2")
    outcomes = [r.outcome for r in sorted(records.results(batch="b2", limit=0),
                                          key=lambda r: r.session)]
    assert ["death"] * 3 + ["unplayed"] * 7 == outcomes


async def test_learning_tournament_scores_each_set_and_prefers_the_better(tmp_path):
    """With --learn, every game's set is scored in the same file and the better sets
    end up with the most games."""
    path = tmp_path / "r.sqlite3"
    records, store = Records(path), TacticsStore(path, Tactics)
    chooser = Chooser(store, DEFAULT_TACTICS, policy=Policy(pool=6, breed_every=6), seed=1)
    batch = await run_tournament(
        TournamentConfig(games=120, seed=0, jobs=2), player=_fake_player([], crash_index=5),
        agent_for=_agent_for, default_tactics=DEFAULT_TACTICS, records=records,
        chooser=chooser,
    )
    rows = records.results(batch=batch, limit=0)
    assert 120 == len(rows)
    assert all("tactics_set" in dict(r.parameters) for r in rows)
    assert 119 == store.scored_games()  # the crashed game teaches nothing
    best = store.best(min_games=3)
    assert abs(best.tactics.rest_below - 0.3) < abs(DEFAULT_TACTICS.rest_below - 0.3)
    late = [dict(r.parameters)["tactics"] for r in rows if int(r.session[-4:]) >= 80]
    mean_late = sum(_knob_score(Tactics(**dict(t)), 0) for t in late) / len(late)
    assert mean_late > 1.3 * _knob_score(DEFAULT_TACTICS, 0)
    with sqlite3.connect(path) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert {"sessions", "batches", "rogue_tactics", "rogue_trials"} <= tables


# -- the distribution ----------------------------------------------------------------


def _line(score, depth, outcome="death", cause="troll", **kw):
    return GameLine(score=score, depth=depth, outcome=outcome, cause=cause, **kw)


def test_distribution_has_the_seeds_figures():
    """Median, quartiles, 10th/90th percentiles, best, depth and causes of ten games."""
    lines = [_line(100.0 * i, i, cause="troll" if i % 2 else "snake") for i in range(1, 11)]
    lines[9] = _line(1000.0, 10, outcome="quit", cause="quit at the time cap", seeded=True,
                     capped="time")
    s = summarize(lines)
    assert (550.0, 325.0, 775.0, 190.0, 910.0) == (s.median, s.q1, s.q3, s.p10, s.p90)
    assert (1000.0, 100.0, 10, 5.5) == (s.best, s.worst, s.depth_max, s.depth_median)
    assert (("death", 9), ("quit", 1)) == s.outcomes
    assert (("troll", 5), ("snake", 4)) == s.deaths
    assert 1 == s.seeded
    text = format_summary(s, title="t")
    assert text.splitlines()[:2] == [
        "t: 10 games, 1 on fixed dungeons",
        "  score   median 550   quartiles 325 - 775   10th-90th 190 - 910",
    ]
    assert "  ended: death 9, quit 1 (quit by the tournament at its cap: time 1)" in text
    assert "  causes of death: troll 5, snake 4" == text.splitlines()[-1]


def test_record_lines_name_the_killer_the_cap_or_the_failure():
    """A death is counted by its killer, a capped quit by its cap, a crash by its cause."""
    death = GameLine.from_record("death", 30, "", (("killer", "troll"), ("depth", 4)))
    capped = GameLine.from_record("quit", 90, "", (("capped", "time"), ("seeded", True)))
    crash = GameLine.from_record("aborted", 5, "Rogue ended before a tombstone or quit "
                                 "screen: killed by signal 11", ())
    assert ("troll", 4) == (death.cause, death.depth)
    assert ("quit at the time cap", "time", True) == (capped.cause, capped.capped,
                                                      capped.seeded)
    assert "Rogue ended before a tombstone or quit screen" == crash.cause
    text = format_summary(summarize([death, capped, crash]))
    assert ("  not ended by the game: 1 x aborted: Rogue ended before a tombstone or quit "
            "screen") == text.splitlines()[-1]


def test_no_games_is_refused():
    """An empty tournament has no distribution, and says so."""
    with pytest.raises(ValueError, match=r"^no games to summarize$"):
        summarize([])


def test_box_plot_is_saved_as_a_png(tmp_path):
    """The plot of two groups is a PNG file at the given path."""
    pytest.importorskip("matplotlib")
    path = plot_scores({"all games": [10, 200, 3000, 40, 500], "set 2": [5, 50, 500]},
                       tmp_path / "plots" / "box.png", title="Rogue")
    assert path == tmp_path / "plots" / "box.png"
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- live ----------------------------------------------------------------------------


@needs_rogue
async def test_live_time_cap_ends_a_real_game_on_its_quit_screen():
    """A real Rogue game capped at a few seconds is quit by the adapter with its gold."""
    from actors.rogue._agents import minimal_agent
    from protocols.rogue._seed import SeededRogueAdapter

    spec = GameSpec(index=0, session="live", seed=21, agent=minimal_agent(10**6),
                    time_limit=1.0)
    result = await play_game(
        spec, lambda s: SeededRogueAdapter.live_seeded(seed=s.seed), grace=30.0)
    detail = dict(result.detail)
    assert result.outcome in ("quit", "death"), result.cause
    if result.outcome == "quit":
        assert "time" == detail["capped"]
    assert (21, True) == (detail["dungeon"], detail["seeded"])
