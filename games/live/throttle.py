"""Limits on how fast one client may act, so a flood cannot crowd out the table.

Socket frames are counted per socket in memory (``Bucket``): a socket lives in one process, so
nothing needs sharing. Posts are limited per user across processes by django-ratelimit on a
cache that fails open (``config.cache``): with Redis down, nobody is locked out.
"""

from __future__ import annotations

import time


class Bucket:
    """A token bucket: ``rate`` actions a second on average, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
