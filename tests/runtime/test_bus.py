"""The bus: bounded subscriptions, explicit overflow policies, topic patterns, clean close."""

from __future__ import annotations

import pytest
import trio
import trio.testing
from structlog.testing import capture_logs

from runtime import Bus, Overflow, SubscriptionStatistics

N = 500


async def publish_range(bus: Bus, topic: str, n: int) -> None:
    for i in range(n):
        await bus.publish(topic, i)


class TestOrdering:
    async def test_block_subscriber_sees_every_message_in_order(self):
        """A BLOCK subscriber smaller than the burst still gets all of it, in order."""
        bus = Bus()
        received = []
        async with bus.open_subscription("t", capacity=4) as sub, trio.open_nursery() as nursery:
            nursery.start_soon(publish_range, bus, "t", N)
            for _ in range(N):
                received.append(await sub.receive())
        assert list(range(N)) == received

    async def test_drop_oldest_subscriber_keeping_up_sees_every_message_in_order(self):
        """A DROP_OLDEST subscriber that keeps up loses nothing and sees publish order."""
        bus = Bus()
        received = []
        async with bus.open_subscription(
            "t", capacity=N, policy=Overflow.DROP_OLDEST
        ) as sub:
            await publish_range(bus, "t", N)
            bus.close()
            async for message in sub:
                received.append(message)
        assert list(range(N)) == received
        assert 0 == sub.statistics().dropped

    async def test_keep_latest_subscriber_sees_an_increasing_subsequence_ending_last(self):
        """A KEEP_LATEST reader racing a publisher never sees a message older than one it saw."""
        bus = Bus()
        received = []
        async with bus.open_subscription(
            "t", capacity=1, policy=Overflow.KEEP_LATEST
        ) as sub, trio.open_nursery() as nursery:

            async def publisher() -> None:
                for i in range(N):
                    await bus.publish("t", i)
                    if i % 3 == 0:
                        await trio.lowlevel.checkpoint()
                bus.close()

            nursery.start_soon(publisher)
            async for message in sub:
                received.append(message)
        assert received == sorted(set(received))
        assert N - 1 == received[-1]
        assert 1 < len(received) < N

    async def test_each_subscriber_of_a_fan_out_sees_the_same_order(self):
        """Ten subscribers of one topic each receive the full sequence in order."""
        bus = Bus()
        results: list[list[int]] = [[] for _ in range(10)]

        async def reader(sub, out):
            async for message in sub:
                out.append(message)

        subs = [bus.subscribe("t", capacity=8) for _ in range(10)]
        async with trio.open_nursery() as nursery:
            for sub, out in zip(subs, results, strict=True):
                nursery.start_soon(reader, sub, out)
            await publish_range(bus, "t", N)
            bus.close()
        assert [list(range(N))] * 10 == results


class TestBlock:
    async def test_publish_waits_for_a_full_subscriber_until_it_receives(self):
        """publish parks on a full BLOCK subscription and resumes when one message is taken."""
        bus = Bus()
        published = []
        async with bus.open_subscription("t", capacity=2) as sub, trio.open_nursery() as nursery:

            async def publisher() -> None:
                for i in range(3):
                    await bus.publish("t", i)
                    published.append(i)

            nursery.start_soon(publisher)
            await trio.testing.wait_all_tasks_blocked()
            assert [0, 1] == published
            stats = sub.statistics()
            assert (2, 1) == (stats.depth, stats.blocked)

            assert 0 == await sub.receive()
            await trio.testing.wait_all_tasks_blocked()
            assert [0, 1, 2] == published
            assert [1, 2] == [sub.receive_nowait(), sub.receive_nowait()]

    async def test_backpressure_holds_only_the_publisher_not_other_subscribers(self):
        """While a BLOCK subscriber is full, others of the same publish already have it."""
        bus = Bus()
        async with bus.open_subscription("t", capacity=1) as slow, bus.open_subscription(
            "t", capacity=8
        ) as fast, trio.open_nursery() as nursery:
            await bus.publish("t", "first")
            nursery.start_soon(bus.publish, "t", "second")
            await trio.testing.wait_all_tasks_blocked()
            assert ["first", "second"] == [fast.receive_nowait(), fast.receive_nowait()]
            assert "first" == slow.receive_nowait()
            await trio.testing.wait_all_tasks_blocked()
            assert "second" == slow.receive_nowait()

    async def test_publish_nowait_on_a_full_subscriber_raises_and_delivers_to_nobody(self):
        """WouldBlock from publish_nowait means no subscriber got the message."""
        bus = Bus()
        full = bus.subscribe("t", capacity=1)
        other = bus.subscribe("t", capacity=8)
        lossy = bus.subscribe("t", capacity=1, policy=Overflow.KEEP_LATEST)
        bus.publish_nowait("t", "a")
        with pytest.raises(trio.WouldBlock):
            bus.publish_nowait("t", "b")
        assert 1 == full.statistics().blocked
        assert ["a"] == [other.receive_nowait()]
        assert ["a"] == [lossy.receive_nowait()]
        with pytest.raises(trio.WouldBlock):
            other.receive_nowait()
        with pytest.raises(trio.WouldBlock):
            lossy.receive_nowait()

    async def test_cancelled_publish_leaves_the_waiting_subscriber_without_the_message(self):
        """A publish cancelled while parked delivers nothing to the full subscriber."""
        bus = Bus()
        sub = bus.subscribe("t", capacity=1)
        await bus.publish("t", 1)
        with trio.CancelScope() as scope:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(bus.publish, "t", 2)
                await trio.testing.wait_all_tasks_blocked()
                scope.cancel()
        assert 1 == sub.receive_nowait()
        with pytest.raises(trio.WouldBlock):
            sub.receive_nowait()

    async def test_unsubscribing_releases_a_parked_publisher(self):
        """A publisher waiting on a subscription is freed when that subscription goes away."""
        bus = Bus()
        done = trio.Event()
        async with trio.open_nursery() as nursery:
            async with bus.open_subscription("t", capacity=1):
                await bus.publish("t", 1)

                async def publisher() -> None:
                    await bus.publish("t", 2)
                    done.set()

                nursery.start_soon(publisher)
                await trio.testing.wait_all_tasks_blocked()
                assert not done.is_set()
            await done.wait()


class TestLossyPolicies:
    async def test_drop_oldest_keeps_the_newest_capacity_messages_and_counts_drops(self):
        """DROP_OLDEST at capacity 3 after 10 publishes holds 7, 8, 9 and has dropped 7."""
        bus = Bus()
        sub = bus.subscribe("t", capacity=3, policy=Overflow.DROP_OLDEST)
        await publish_range(bus, "t", 10)
        expected = SubscriptionStatistics(
            pattern="t",
            policy=Overflow.DROP_OLDEST,
            capacity=3,
            depth=3,
            peak=3,
            delivered=10,
            dropped=7,
            blocked=0,
        )
        assert expected == sub.statistics()
        assert [7, 8, 9] == [sub.receive_nowait() for _ in range(3)]

    async def test_keep_latest_keeps_only_the_newest_message(self):
        """KEEP_LATEST after five publishes holds only the fifth and counts four replaced."""
        bus = Bus()
        sub = bus.subscribe("screen", capacity=1, policy=Overflow.KEEP_LATEST)
        for frame in ["f0", "f1", "f2", "f3", "f4"]:
            await bus.publish("screen", frame)
        assert "f4" == sub.receive_nowait()
        assert 4 == sub.statistics().dropped
        with pytest.raises(trio.WouldBlock):
            sub.receive_nowait()

    def test_keep_latest_refuses_a_capacity_other_than_one(self):
        """A keep-latest subscription with room for more than one message is a mistake."""
        with pytest.raises(
            ValueError,
            match=r"^a keep-latest subscription holds exactly one message; "
            r"use capacity=1 \(got 64\)$",
        ):
            Bus().subscribe("t", policy=Overflow.KEEP_LATEST)

    @pytest.mark.parametrize(
        "policy, capacity", [(Overflow.DROP_OLDEST, 8), (Overflow.KEEP_LATEST, 1)]
    )
    async def test_slow_lossy_subscriber_never_stalls_the_publisher(
        self, policy, capacity, autojump_clock
    ):
        """N publishes finish at once while a lossy subscriber sits unread; its lag is reported."""
        bus = Bus()
        async with bus.open_subscription("t", capacity=capacity, policy=policy) as sub:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(trio.sleep_forever)  # a subscriber that never reads
                with capture_logs() as logs, trio.fail_after(1):
                    start = trio.current_time()
                    await publish_range(bus, "t", N)
                    assert start == trio.current_time()
                nursery.cancel_scope.cancel()
        stats = sub.statistics()
        assert (N - capacity, N, capacity) == (stats.dropped, stats.delivered, stats.depth)
        lag = [e for e in logs if e["event"] == "bus.lag"]
        # Reported the first time and at every power of two after, not at every drop.
        expected_counts = [1 << k for k in range((N - capacity).bit_length())]
        assert expected_counts == [e["dropped"] for e in lag]
        assert {("warning", "t", policy.value)} == {
            (e["log_level"], e["pattern"], e["policy"]) for e in lag
        }

    async def test_block_subscriber_does_stall_the_publisher(self, autojump_clock):
        """The contrast case: an unread BLOCK subscriber stops the publisher at its capacity."""
        bus = Bus()
        sub = bus.subscribe("t", capacity=8)
        with trio.move_on_after(1) as scope:
            await publish_range(bus, "t", N)
        assert scope.cancelled_caught
        assert (8, 0) == (sub.statistics().depth, sub.statistics().dropped)


class TestTopics:
    @pytest.mark.parametrize(
        "pattern, matching, not_matching",
        [
            ("blackboard.map", ["blackboard.map"], ["blackboard", "blackboard.map.x", "map"]),
            (
                "blackboard.*",
                ["blackboard.map", "blackboard.map.rooms"],
                ["blackboard", "blackboardx.map", "decision"],
            ),
            ("*", ["decision", "blackboard.map", "a.b.c"], []),
        ],
    )
    async def test_pattern_selects_topics(self, pattern, matching, not_matching):
        """Exact topics, ``prefix.*`` and ``*`` select exactly the topics they name."""
        bus = Bus()
        sub = bus.subscribe(pattern, capacity=16)
        for topic in [*not_matching, *matching]:
            bus.publish_nowait(topic, topic)
        assert matching == [sub.receive_nowait() for _ in matching]
        with pytest.raises(trio.WouldBlock):
            sub.receive_nowait()

    async def test_receive_with_topic_names_the_topic(self):
        """A pattern subscriber can tell which topic each message came on."""
        bus = Bus()
        sub = bus.subscribe("blackboard.*")
        await bus.publish("blackboard.map", 1)
        assert ("blackboard.map", 1) == await sub.receive_with_topic()

    async def test_new_subscriber_receives_on_an_already_used_topic(self):
        """Subscribing after a topic was published to still routes its next messages."""
        bus = Bus()
        first = bus.subscribe("t")
        await bus.publish("t", 1)
        second = bus.subscribe("*")
        await bus.publish("t", 2)
        assert [1, 2] == [first.receive_nowait(), first.receive_nowait()]
        assert 2 == second.receive_nowait()

    async def test_unsubscribed_subscriber_receives_nothing_more(self):
        """After unsubscribe a subscription is closed and no longer routed to."""
        bus = Bus()
        sub = bus.subscribe("t")
        await bus.publish("t", 1)
        bus.unsubscribe(sub)
        await bus.publish("t", 2)
        assert () == bus.statistics()
        with pytest.raises(trio.ClosedResourceError, match=r"^this subscription was closed$"):
            await sub.receive()


class TestClose:
    async def test_close_lets_receivers_drain_then_raises_end_of_channel(self):
        """After close, buffered messages are still delivered, then EndOfChannel."""
        bus = Bus()
        sub = bus.subscribe("t")
        await bus.publish("t", 1)
        await bus.publish("t", 2)
        bus.close()
        assert [1, 2] == [await sub.receive(), await sub.receive()]
        with pytest.raises(trio.EndOfChannel):
            await sub.receive()
        with pytest.raises(trio.EndOfChannel):
            sub.receive_nowait()

    async def test_close_wakes_a_parked_receiver_with_end_of_channel(self):
        """A receiver waiting on an empty buffer gets EndOfChannel when the bus closes."""
        bus = Bus()
        sub = bus.subscribe("t")
        outcome = []

        async def receiver() -> None:
            try:
                await sub.receive()
            except trio.EndOfChannel:
                outcome.append("end")

        async with trio.open_nursery() as nursery:
            nursery.start_soon(receiver)
            await trio.testing.wait_all_tasks_blocked()
            bus.close()
        assert ["end"] == outcome

    async def test_async_for_stops_at_close(self):
        """Iterating a subscription ends cleanly once the bus is closed and drained."""
        bus = Bus()
        sub = bus.subscribe("t")
        await publish_range(bus, "t", 3)
        bus.close()
        assert [0, 1, 2] == [m async for m in sub]

    async def test_publish_after_close_raises_closed_resource_error(self):
        """Publishing on a closed bus is the caller's mistake and says so."""
        bus = Bus()
        bus.close()
        with pytest.raises(trio.ClosedResourceError, match=r"^the bus is closed$"):
            await bus.publish("t", 1)
        with pytest.raises(trio.ClosedResourceError, match=r"^the bus is closed$"):
            bus.publish_nowait("t", 1)


class TestCancellation:
    async def test_cancelled_parked_receive_loses_nothing(self):
        """A receive cancelled while waiting leaves the next message for the next receive."""
        bus = Bus()
        sub = bus.subscribe("t")
        with trio.CancelScope() as scope:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(sub.receive)
                await trio.testing.wait_all_tasks_blocked()
                scope.cancel()
        await bus.publish("t", "kept")
        assert "kept" == await sub.receive()

    async def test_cancelled_receive_with_a_message_ready_leaves_it_buffered(self):
        """A receive in a cancelled scope raises Cancelled without taking the message."""
        bus = Bus()
        sub = bus.subscribe("t")
        await bus.publish("t", "kept")
        with trio.CancelScope() as scope:
            scope.cancel()
            await sub.receive()
        assert scope.cancelled_caught
        assert 1 == sub.statistics().depth
        assert "kept" == await sub.receive()

    async def test_receive_that_returns_was_not_cancelled(self):
        """Whatever a receive returned is gone from the buffer, even if cancelled just after."""
        bus = Bus()
        sub = bus.subscribe("t")
        got = []
        async with trio.open_nursery() as nursery:

            async def receiver() -> None:
                got.append(await sub.receive())

            nursery.start_soon(receiver)
            await trio.testing.wait_all_tasks_blocked()
            await bus.publish("t", "one")
            nursery.cancel_scope.cancel()
        await bus.publish("t", "two")
        # Either the receiver got "one" before the cancel, or "one" is still buffered.
        rest = [sub.receive_nowait() for _ in range(sub.statistics().depth)]
        assert ["one", "two"] == got + rest


class TestValidation:
    def test_capacity_below_one_is_refused(self):
        """A subscription must be able to hold at least one message."""
        with pytest.raises(ValueError, match=r"^capacity must be >= 1 \(got 0\)$"):
            Bus().subscribe("t", capacity=0)

    def test_policy_must_be_an_overflow_member(self):
        """A policy given as a string is refused rather than silently misread."""
        with pytest.raises(
            TypeError, match=r"^policy must be an Overflow member \(got 'block'\)$"
        ):
            Bus().subscribe("t", policy="block")  # type: ignore[arg-type]

    async def test_statistics_track_peak_depth(self):
        """peak is the most ever buffered, depth the number buffered now."""
        bus = Bus()
        sub = bus.subscribe("t", capacity=8)
        await publish_range(bus, "t", 5)
        for _ in range(4):
            sub.receive_nowait()
        stats = sub.statistics()
        assert (1, 5, 5) == (stats.depth, stats.peak, stats.delivered)
