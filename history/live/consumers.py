"""The analysis socket: the replay page's progress bar moves as the task works, and the finished
panel is swapped in when it is done.

It only listens (``sockets.base.Listening``: whatever a client sends is ignored), the
origin and the session are checked before it gets here (``config.origin``, Channels' auth),
and it is for whoever may see the game's replay. A group message carries counts only; the
finished panel is read from the database and rendered in the viewer's language. A socket that
(re)connects gets the state at once, and every ``CATCH_UP`` seconds it reads it again, in case
a notice was lost while the channel layer was away.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from typing import Any

from django.http import Http404
from django.template.loader import render_to_string
from django.utils import translation

from sockets.base import CLOSED, Listening, language_of
from sockets.pool import in_pool

from .. import access, analysis, analysis_presenters, progress
from ..models import GameAnalysis
from ..names import match_names, record_names

CATCH_UP = 5.0
log = logging.getLogger(__name__)
STATUS = "history/analysis_status.html"
PANEL = "history/analysis_panel.html"


def watchable(analysis_id: int, user) -> bool:
    """Whether ``user`` may see the game this analysis is of (the replay page's rule)."""
    row = GameAnalysis.objects.select_related("game__match__table").filter(pk=analysis_id).first()
    if row is None:
        return False
    if row.game_id is None:
        try:
            access.visible_import(user, row.imported_id)
        except Http404:
            return False
        return True
    match = row.game.match
    if not access.may_see_match(user, match) or access.sealed_for(user, match):
        return False
    return analysis.analysable(row.game)


def status_html(state: str, done: int, total: int, language: str) -> str:
    """The progress alone (swapped in by id): it needs no database."""
    with translation.override(language):
        context = {"analysis": {"state": state, "done": done, "total": total or 1}}
        return render_to_string(STATUS, context)


def panel_html(analysis_id: int, language: str, signed_in: bool) -> str:
    """The whole panel as the row stands (done, failed, or still under way)."""
    row = GameAnalysis.objects.select_related("game__match", "imported").get(pk=analysis_id)
    if row.game_id is not None:
        names = match_names(row.game.match.players)
    else:
        names = record_names(row.imported.record, row.imported.seats)
    with translation.override(language):
        panel = analysis_presenters.panel(row, names, signed_in)
        return render_to_string(PANEL, {"analysis": panel, "pushed": True})


def state_of(analysis_id: int) -> tuple[str, int, int] | None:
    return GameAnalysis.objects.filter(pk=analysis_id).values_list("state", "done", "total").first()


class AnalysisConsumer(Listening):
    """``/ws/analysis/<id>/``: the progress of one analysis, then its panel."""

    label = "analysis"

    analysis_id: int | None = None
    beat: asyncio.Task | None = None
    shown: tuple[str, int, int] | None = None

    async def connect(self) -> None:
        pk = self.scope["url_route"]["kwargs"]["pk"]
        self.user = self.scope.get("user")
        if not await in_pool(watchable, pk, self.user):
            await self.close(code=4404)  # no such analysis, or not for this viewer
            return
        self.analysis_id = pk
        self.language = language_of(self.scope)
        await self._join([progress.group(pk)])
        await self.accept()
        await self._catch_up()
        self.beat = asyncio.ensure_future(self._beat())

    async def analysis_progress(self, message: dict[str, Any]) -> None:
        if self.analysis_id is None:
            return
        await self._status(GameAnalysis.State.RUNNING, message["done"], message["total"])

    async def analysis_finished(self, message: dict[str, Any]) -> None:
        await self._finish()

    async def _catch_up(self) -> None:
        found = await in_pool(state_of, self.analysis_id)
        if found is None:  # the game (and its analysis) was deleted
            await self.close(code=4404)
            self.analysis_id = None
            return
        state, done, total = found
        if state in (GameAnalysis.State.DONE, GameAnalysis.State.FAILED):
            await self._finish()
        else:
            await self._status(state, done, total)

    async def _status(self, state: str, done: int, total: int) -> None:
        """The bar, unless it already shows just that (a catch-up finds nothing new)."""
        if (state, done, total) == self.shown:
            return
        self.shown = (state, done, total)
        await self._send(await in_pool(status_html, state, done, total, self.language))

    async def _finish(self) -> None:
        """Send the whole panel, then close: nothing more will change."""
        if self.analysis_id is None:
            return
        signed_in = self.user is not None and self.user.is_authenticated
        html = await in_pool(panel_html, self.analysis_id, self.language, signed_in)
        self.analysis_id = None
        await self._send(html)
        with suppress(CLOSED):
            await self.close(code=1000)

    async def _beat(self) -> None:
        while self.analysis_id is not None:
            await asyncio.sleep(CATCH_UP)
            try:
                if not self.joined and self.analysis_id is not None:
                    await self._join([progress.group(self.analysis_id)])
                if self.analysis_id is not None:
                    await self._catch_up()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("analysis socket catch-up failed: %s: %s", type(error).__name__, error)
