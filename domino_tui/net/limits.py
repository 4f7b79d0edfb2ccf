"""Rate limits: a token bucket per connection (messages) and per address (rooms created, rooms not found)."""

from __future__ import annotations

import time


class Bucket:
    """``burst`` tokens, refilled at ``rate`` a second; each message (or room) takes one."""

    __slots__ = ("burst", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = time.monotonic()

    def take(self) -> bool:
        if not self.has():
            return False
        self.tokens -= 1
        return True

    def has(self) -> bool:
        """Whether a token is there now (none is taken)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        return self.tokens >= 1


class PerAddress:
    """One bucket per remote address; forgotten once full again, so the table holds only recent addresses."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, Bucket] = {}

    def take(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self._forget_full()
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
        return bucket.take()

    def has(self, address: str) -> bool:
        """Whether ``address`` has a token now (an address never seen has its burst)."""
        bucket = self.buckets.get(address)
        return bucket is None or bucket.has()

    def _forget_full(self) -> None:
        now = time.monotonic()
        self.buckets = {a: b for a, b in self.buckets.items() if b.tokens + (now - b.last) * b.rate < b.burst}
