"""The message bus: topic publish/subscribe over trio, every subscription bounded.

Each subscription owns a bounded buffer and an explicit overflow policy, chosen by
the subscriber because only it knows what losing a message costs:

* ``BLOCK`` — a full buffer makes :meth:`Bus.publish` wait (backpressure) and
  :meth:`Bus.publish_nowait` raise :class:`trio.WouldBlock`. Nothing is lost.
* ``DROP_OLDEST`` — a full buffer discards its oldest message to take the new one.
  Right for event logs where the recent past matters most.
* ``KEEP_LATEST`` — the buffer holds only the newest message; an unread one is
  replaced. Right for screen-like state where only the current value matters.

A subscriber that loses messages is *reported*: its :meth:`Subscription.statistics`
counts them, and the bus logs a ``bus.lag`` warning the first time and at every
power of two after, so a slow consumer is visible without flooding the log.

Topics are dotted strings. A subscription names an exact topic (``"observation"``),
a prefix pattern (``"blackboard.*"`` matches ``blackboard.x`` and
``blackboard.x.y``), or ``"*"`` for everything.

Why not one trio memory channel per subscription? A memory channel has no
drop-oldest or keep-latest mode, and a publisher fanning out to ten channels pays
ten checkpoints. Here a publish appends to each subscriber's deque, wakes the
parked receivers, and checkpoints once; ``bench/bus.py`` measures the difference.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import attrs
import structlog
import trio
from trio.lowlevel import ParkingLot, cancel_shielded_checkpoint, checkpoint_if_cancelled

_log = structlog.get_logger("belligerent.bus")


class Overflow(enum.Enum):
    """What a full subscription does with a new message."""

    #: The publisher waits (``publish``) or gets WouldBlock (``publish_nowait``).
    BLOCK = "block"
    #: The oldest buffered message is discarded and counted as dropped.
    DROP_OLDEST = "drop-oldest"
    #: Only the newest message is kept; an unread one is replaced and counted.
    KEEP_LATEST = "keep-latest"


@attrs.frozen
class SubscriptionStatistics:
    """A snapshot of one subscription, as :meth:`Subscription.statistics` returns it."""

    pattern: str
    policy: Overflow
    capacity: int
    #: Messages buffered now.
    depth: int
    #: The most ever buffered at once.
    peak: int
    #: Messages handed to this subscriber's buffer.
    delivered: int
    #: Messages this subscriber lost to its overflow policy (its lag count).
    dropped: int
    #: Times a publisher had to wait for this subscriber (``BLOCK`` only).
    blocked: int


class Subscription:
    """One subscriber's bounded inbox. Open it with :meth:`Bus.open_subscription`.

    Receive with ``await sub.receive()`` or ``async for message in sub``. Receiving
    is atomic with respect to cancellation: it either returns a message or raises
    Cancelled and leaves the buffer unchanged.
    """

    def __init__(self, bus: Bus, pattern: str, capacity: int, policy: Overflow) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be >= 1 (got {capacity})")
        if policy is Overflow.KEEP_LATEST and capacity != 1:
            raise ValueError(
                f"a keep-latest subscription holds exactly one message; "
                f"use capacity=1 (got {capacity})"
            )
        self.pattern = pattern
        self.policy = policy
        self.capacity = capacity
        self._bus = bus
        self._buffer: deque[tuple[str, Any]] = deque()
        self._receivers = ParkingLot()
        self._publishers = ParkingLot()
        self._closed = False
        self._peak = 0
        self._delivered = 0
        self._dropped = 0
        self._blocked = 0

    # -- publisher side (called by the bus) -------------------------------------

    def _offer(self, topic: str, message: Any) -> bool:
        """Put a message in the buffer if the policy allows; False means "full, BLOCK"."""
        buffer = self._buffer
        if len(buffer) >= self.capacity:
            if self.policy is Overflow.BLOCK:
                return False
            buffer.popleft()
            self._dropped += 1
            if self._dropped & (self._dropped - 1) == 0:  # 1, 2, 4, 8, ...
                _log.warning(
                    "bus.lag",
                    pattern=self.pattern,
                    policy=self.policy.value,
                    dropped=self._dropped,
                    delivered=self._delivered,
                )
        buffer.append((topic, message))
        self._delivered += 1
        if len(buffer) > self._peak:
            self._peak = len(buffer)
        if self._receivers:
            self._receivers.unpark()
        return True

    # -- subscriber side ---------------------------------------------------------

    async def receive(self) -> Any:
        """Wait for and return the next message.

        Raises :class:`trio.EndOfChannel` once the bus is closed and the buffer is
        drained, and :class:`trio.ClosedResourceError` if this subscription was closed.
        """
        return (await self.receive_with_topic())[1]

    async def receive_with_topic(self) -> tuple[str, Any]:
        """Like :meth:`receive`, but returns ``(topic, message)``."""
        await checkpoint_if_cancelled()
        item = self._take()
        if item is not None:
            await cancel_shielded_checkpoint()
            return item
        while True:
            # Parking is this call's checkpoint. Once woken, the item is taken with
            # no further checkpoint, so a message is never taken and then lost to
            # a cancellation (and a woken receiver costs one trip through the
            # scheduler, not two, as with trio's own channels).
            await self._receivers.park()
            item = self._take()
            if item is not None:
                return item

    def _take(self) -> tuple[str, Any] | None:
        """Pop the oldest buffered item, None if there is none yet; never blocks."""
        if self._closed:
            raise trio.ClosedResourceError("this subscription was closed")
        if self._buffer:
            item = self._buffer.popleft()
            if self._publishers:
                self._publishers.unpark()
            return item
        if self._bus.closed:
            raise trio.EndOfChannel
        return None

    def receive_nowait(self) -> Any:
        """Return the next buffered message or raise :class:`trio.WouldBlock`."""
        item = self._take()
        if item is None:
            raise trio.WouldBlock
        return item[1]

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Any:
        try:
            return (await self.receive_with_topic())[1]
        except trio.EndOfChannel:
            raise StopAsyncIteration from None

    def statistics(self) -> SubscriptionStatistics:
        """A frozen snapshot of this subscription's depth, peak, drops and waits."""
        return SubscriptionStatistics(
            pattern=self.pattern,
            policy=self.policy,
            capacity=self.capacity,
            depth=len(self._buffer),
            peak=self._peak,
            delivered=self._delivered,
            dropped=self._dropped,
            blocked=self._blocked,
        )

    def _close(self) -> None:
        self._closed = True
        self._receivers.unpark_all()
        self._publishers.unpark_all()


class Bus:
    """Topic publish/subscribe for the actors of one session (or one daemon).

    Publishing never reorders: each subscriber sees the messages of one publisher
    in the order they were published (minus what its overflow policy dropped).
    """

    def __init__(self) -> None:
        self._subscriptions: list[Subscription] = []
        self._routes: dict[str, tuple[Subscription, ...]] = {}
        self.closed = False

    @asynccontextmanager
    async def open_subscription(
        self, pattern: str, *, capacity: int = 64, policy: Overflow = Overflow.BLOCK
    ) -> AsyncIterator[Subscription]:
        """Subscribe to ``pattern`` for the duration of the ``async with`` block.

        The subscription exists (and receives) from the moment the block is entered;
        leaving the block unsubscribes and wakes any publisher waiting on it.
        """
        subscription = self.subscribe(pattern, capacity=capacity, policy=policy)
        try:
            yield subscription
        finally:
            self.unsubscribe(subscription)

    def subscribe(
        self, pattern: str, *, capacity: int = 64, policy: Overflow = Overflow.BLOCK
    ) -> Subscription:
        """Subscribe without a context manager; the caller must :meth:`unsubscribe`."""
        if not isinstance(policy, Overflow):
            raise TypeError(f"policy must be an Overflow member (got {policy!r})")
        subscription = Subscription(self, pattern, capacity, policy)
        self._subscriptions.append(subscription)
        self._routes.clear()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        """Remove a subscription; its pending messages are discarded."""
        if subscription in self._subscriptions:
            self._subscriptions.remove(subscription)
            self._routes.clear()
        subscription._close()

    def _route(self, topic: str) -> tuple[Subscription, ...]:
        routes = self._routes.get(topic)
        if routes is None:
            routes = tuple(s for s in self._subscriptions if _matches(s.pattern, topic))
            self._routes[topic] = routes
        return routes

    async def publish(self, topic: str, message: Any) -> None:
        """Deliver ``message`` to every subscriber of ``topic``.

        Waits while a ``BLOCK`` subscriber is full (that is its backpressure), and
        only for those: other subscribers get the message at once. If cancelled
        while waiting, the subscribers already served keep the message and the
        waiting ones don't get it.
        """
        await checkpoint_if_cancelled()
        if self.closed:
            raise trio.ClosedResourceError("the bus is closed")
        full: list[Subscription] | None = None
        for subscription in self._route(topic):
            if not subscription._offer(topic, message):
                # Serve everyone else first: one full subscriber must not hold
                # back the message from the subscribers routed after it.
                if full is None:
                    full = []
                full.append(subscription)
        if full is not None:
            for subscription in full:
                while not subscription._offer(topic, message):
                    if subscription._closed or self.closed:
                        break
                    subscription._blocked += 1
                    await subscription._publishers.park()
        await cancel_shielded_checkpoint()

    def publish_nowait(self, topic: str, message: Any) -> None:
        """Deliver ``message`` now, or raise :class:`trio.WouldBlock` delivering nothing.

        WouldBlock means a ``BLOCK`` subscriber is full; the check happens before
        any delivery so a message is never half-published.
        """
        if self.closed:
            raise trio.ClosedResourceError("the bus is closed")
        routes = self._route(topic)
        for subscription in routes:
            if (
                subscription.policy is Overflow.BLOCK
                and len(subscription._buffer) >= subscription.capacity
            ):
                subscription._blocked += 1
                raise trio.WouldBlock
        for subscription in routes:
            subscription._offer(topic, message)

    def statistics(self) -> tuple[SubscriptionStatistics, ...]:
        """Snapshots of every live subscription."""
        return tuple(s.statistics() for s in self._subscriptions)

    def close(self) -> None:
        """Refuse further publishing; receivers drain their buffers, then get EndOfChannel."""
        self.closed = True
        for subscription in self._subscriptions:
            subscription._receivers.unpark_all()
            subscription._publishers.unpark_all()


def _matches(pattern: str, topic: str) -> bool:
    if pattern == "*" or pattern == topic:
        return True
    if pattern.endswith(".*"):
        return topic.startswith(pattern[:-1])
    return False
