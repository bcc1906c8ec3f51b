"""The arbiter: every expert asked, static priority decides, every verdict logged."""

from __future__ import annotations

import types

import pytest
import trio
from structlog.testing import capture_logs

import runtime._arbiter as arbiter_module
from runtime import Arbiter, Blackboard, BoardView, Decision, Expert, Proposal


def sync_expert(name: str, action=None, *, reads=frozenset(), error=None):
    """An expert with a plain ``def propose`` that proposes ``action`` (None: no advice)."""

    class Sync(Expert):
        def propose(self, view: BoardView) -> Proposal | None:
            if error is not None:
                raise error
            return None if action is None else Proposal(action, f"{name} says {action}")

    Sync.name = name
    Sync.reads = frozenset(reads)
    return Sync()


def async_expert(name: str, action=None, *, delay: float = 0.0, error=None):
    """An expert with ``async def propose`` that thinks for ``delay`` seconds first."""

    class Async(Expert):
        async def propose(self, view: BoardView) -> Proposal | None:
            await trio.sleep(delay)
            if error is not None:
                raise error
            return None if action is None else Proposal(action, f"{name} says {action}")

    Async.name = name
    return Async()


def decisions(logs: list[dict]) -> list[dict]:
    return [e for e in logs if e["event"] == "decision"]


class TestPriority:
    async def test_highest_non_empty_proposal_wins(self):
        """The first expert in the list with a proposal wins; None means no advice."""
        arbiter = Arbiter([
            sync_expert("melee"), sync_expert("pickup", "take"), sync_expert("explore", "north")
        ])
        decision = await arbiter.decide(Blackboard(), 3)
        assert Decision(
            generation=3,
            expert="pickup",
            action="take",
            rationale="pickup says take",
            verdicts=(
                ("melee", "none", None, ""),
                ("pickup", "proposed", "take", "pickup says take"),
                ("explore", "proposed", "north", "explore says north"),
            ),
        ) == decision

    async def test_priority_holds_when_a_lower_expert_answers_first(self, autojump_clock):
        """A slow high-priority async expert beats lower ones that answered sooner."""
        arbiter = Arbiter(
            [
                async_expert("search", "deep", delay=0.5),
                async_expert("quick", "shallow", delay=0.0),
                sync_expert("rule", "reflex"),
            ],
            deadline=1.0,
        )
        decision = await arbiter.decide(Blackboard(), 1)
        assert ("search", "deep") == (decision.expert, decision.action)
        assert ["proposed"] * 3 == [v[1] for v in decision.verdicts]

    async def test_async_experts_are_asked_concurrently(self, autojump_clock):
        """Three experts thinking 0.5 s each take 0.5 s together, not 1.5 s."""
        arbiter = Arbiter(
            [async_expert(f"e{i}", i, delay=0.5) for i in range(3)], deadline=1.0
        )
        start = trio.current_time()
        decision = await arbiter.decide(Blackboard(), 1)
        assert 0.5 == trio.current_time() - start
        assert "e0" == decision.expert

    async def test_nobody_proposes(self):
        """With no proposal the decision has no expert and no action, and says so."""
        arbiter = Arbiter([sync_expert("a"), async_expert("b")])
        decision = await arbiter.decide(Blackboard(), 2)
        assert (None, None, "no expert proposed an action") == (
            decision.expert, decision.action, decision.rationale
        )
        assert (("a", "none", None, ""), ("b", "none", None, "")) == decision.verdicts


class TestThinkingOutLoud:
    async def test_every_proposal_is_logged_in_one_decision_event(self):
        """One ``decision`` event lists each expert that said something, and the winner."""
        arbiter = Arbiter([
            sync_expert("melee"),
            sync_expert("pickup", "take"),
            sync_expert("broken", error=KeyError("map")),
            sync_expert("explore", "north"),
        ])
        with capture_logs() as logs:
            await arbiter.decide(Blackboard(), 5)
        [event] = decisions(logs)
        assert {
            "event": "decision",
            "log_level": "info",
            "generation": 5,
            "winner": "pickup",
            "action": "take",
            "rationale": "pickup says take",
            "proposals": [
                {"expert": "pickup", "status": "proposed", "action": "take",
                 "rationale": "pickup says take"},
                {"expert": "broken", "status": "error", "action": None,
                 "rationale": "KeyError: 'map'"},
                {"expert": "explore", "status": "proposed", "action": "north",
                 "rationale": "explore says north"},
            ],
        } == {k: v for k, v in event.items() if k != "ms"}
        assert event["ms"] >= 0

    async def test_one_event_per_decision(self):
        """Each call to decide logs exactly one decision event."""
        arbiter = Arbiter([sync_expert("a", 1)])
        with capture_logs() as logs:
            for generation in range(1, 4):
                await arbiter.decide(Blackboard(), generation)
        assert [1, 2, 3] == [e["generation"] for e in decisions(logs)]
        assert 3 == arbiter.decisions


class TestDeadline:
    async def test_async_expert_past_the_deadline_is_late_and_ignored(self, autojump_clock):
        """An async expert still thinking at the deadline is cancelled, reported late, and
        the arbiter returns on time with the next proposal."""
        arbiter = Arbiter(
            [async_expert("search", "deep", delay=10), sync_expert("rule", "reflex")],
            deadline=1.0,
        )
        start = trio.current_time()
        with capture_logs() as logs:
            decision = await arbiter.decide(Blackboard(), 1)
        assert 1.0 == pytest.approx(trio.current_time() - start, abs=0.01)
        assert ("rule", "reflex") == (decision.expert, decision.action)
        assert ("search", "late", None, "") == decision.verdicts[0]
        [event] = decisions(logs)
        assert {"expert": "search", "status": "late", "action": None,
                "rationale": ""} == event["proposals"][0]

    async def test_sync_expert_that_overruns_is_late_and_used_only_without_another(
        self, monkeypatch
    ):
        """A sync expert can't be interrupted, so a proposal it returns after the deadline
        is reported late; with no proposal on time, the highest late one is acted on
        (the time is spent either way, and no decision ended loaded games "stuck"), but
        any proposal on time beats it."""
        now = [100.0]
        monkeypatch.setattr(
            arbiter_module, "time", types.SimpleNamespace(perf_counter=lambda: now[0])
        )

        class Ponderous(Expert):
            name = "ponderous"

            def propose(self, view: BoardView) -> Proposal | None:
                now[0] += 5.0  # takes five seconds of a one-second deadline
                return Proposal("slow", "thought hard")

        arbiter = Arbiter([Ponderous(), sync_expert("rule", "reflex")], deadline=1.0)
        decision = await arbiter.decide(Blackboard(), 1)
        assert ("ponderous", "late", "slow", "thought hard") == decision.verdicts[0]
        assert ("rule", "late", "reflex", "rule says reflex") == decision.verdicts[1]
        assert ("ponderous", "slow") == (decision.expert, decision.action)
        now[0] = 100.0
        ahead = Arbiter([sync_expert("rule", "reflex"), Ponderous()], deadline=1.0)
        decision = await ahead.decide(Blackboard(), 1)
        assert ("rule", "reflex") == (decision.expert, decision.action)
        assert ("ponderous", "late", "slow", "thought hard") == decision.verdicts[1]


class TestErrors:
    @pytest.mark.parametrize("make", [sync_expert, async_expert], ids=["sync", "async"])
    async def test_expert_that_raises_is_an_error_and_the_others_still_count(self, make):
        """A failing expert is reported as error (traceback logged); a lower one wins."""
        boom = ValueError("no map yet")
        arbiter = Arbiter([make("fragile", error=boom), sync_expert("fallback", "wait")])
        with capture_logs() as logs:
            decision = await arbiter.decide(Blackboard(), 2)
        assert ("fallback", "wait") == (decision.expert, decision.action)
        assert ("fragile", "error", None, "ValueError: no map yet") == decision.verdicts[0]
        [failure] = [e for e in logs if e["event"] == "expert.failed"]
        assert ("fragile", 2, boom, "error") == (
            failure["expert"], failure["generation"], failure["exc_info"], failure["log_level"]
        )

    async def test_undeclared_read_is_an_error(self):
        """An expert reading outside its declared reads gets an error verdict naming the fix."""
        board = Blackboard()
        board.write_nowait("map", 1, writer="mapper", generation=1)

        class Snoop(Expert):
            name = "snoop"
            reads = frozenset({"monsters"})

            def propose(self, view: BoardView) -> Proposal | None:
                return Proposal(view.read("map"), "peeked")

        with capture_logs():
            decision = await Arbiter([Snoop()]).decide(board, 1)
        assert (
            "snoop",
            "error",
            None,
            "UndeclaredAccessError: expert 'snoop' read 'map', which is not among its "
            "declared reads ['monsters']; add it to `reads`",
        ) == decision.verdicts[0]

    async def test_declared_read_sees_the_board(self):
        """An expert reads what it declared through its view."""
        board = Blackboard()
        board.write_nowait("hp", 3, writer="sensor", generation=1)

        class Healer(Expert):
            name = "healer"
            reads = frozenset({"hp"})

            def propose(self, view: BoardView) -> Proposal | None:
                return Proposal("quaff", f"hp {view.read('hp')}") if view.read("hp") < 5 else None

        decision = await Arbiter([Healer()]).decide(board, 1)
        assert ("quaff", "hp 3") == (decision.action, decision.rationale)

    async def test_cancellation_is_not_an_error(self, autojump_clock):
        """Cancelling a decision propagates instead of becoming an expert's error verdict."""
        arbiter = Arbiter([async_expert("a", 1, delay=10)], deadline=100)
        with trio.move_on_after(0.01) as scope:
            await arbiter.decide(Blackboard(), 1)
        assert scope.cancelled_caught
        assert 0 == arbiter.decisions


class TestValidation:
    def test_expert_names_must_be_unique(self):
        """Two experts with one name would make the log ambiguous."""
        with pytest.raises(
            ValueError,
            match=r"^expert names must be unique in a priority list: \['a', 'b', 'a'\]$",
        ):
            Arbiter([sync_expert("a"), sync_expert("b"), sync_expert("a")])

    def test_deadline_must_be_positive(self):
        """A decision needs some time."""
        with pytest.raises(ValueError, match=r"^deadline must be > 0 seconds \(got 0\)$"):
            Arbiter([], deadline=0)
