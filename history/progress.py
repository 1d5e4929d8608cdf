"""The progress of an analysis, told to the replay pages that watch it over their sockets.

One group per analysis (``analysis-<id>``), joined by ``consumers.AnalysisConsumer``. Messages
carry counts only (how many steps of how many are done, or that it has ended), never a tile:
the analysis reads whole deals, and a socket renders the finished panel from the database for
its own viewer. The task reports through ``Reporter``, which writes and tells at most every
``PROGRESS_SECONDS`` (a Cut-Throat game has about twenty steps in three seconds), and always the
last step. As everywhere on the site, a notice is best effort: a channel layer that does not
answer is logged, the analysis goes on, and a socket catches up from the database by itself.
Messages go through the site's one sender (``sockets.notify.send``), which a worker sends
through one background loop.
"""

from __future__ import annotations

import time

from sockets.notify import send

from .models import GameAnalysis

PROGRESS_SECONDS = 0.5


def group(analysis_id: int) -> str:
    return f"analysis-{analysis_id}"


def tell_progress(analysis_id: int, done: int, total: int) -> None:
    send(group(analysis_id), {"type": "analysis.progress", "done": done, "total": total})


def tell_finished(analysis_id: int) -> None:
    """Done or failed: each socket reads the row and sends its viewer the whole panel."""
    send(group(analysis_id), {"type": "analysis.finished"})


class Reporter:
    """The task's ``progress(done, total)``: the row's counts written and told to the sockets,
    at most every ``interval`` seconds, and always for the last step."""

    def __init__(self, analysis_id: int, interval: float = PROGRESS_SECONDS) -> None:
        self.analysis_id = analysis_id
        self.interval = interval
        self.last = float("-inf")
        self.reported = 0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < self.interval:
            return
        self.last = now
        self.reported += 1
        GameAnalysis.objects.filter(pk=self.analysis_id).update(done=done, total=total)
        tell_progress(self.analysis_id, done, total)
