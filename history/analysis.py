"""The expert's analysis of a finished game, asked for on the replay page and worked out once.

``request_for_game`` / ``request_for_import`` keep one ``GameAnalysis`` row per game and queue the
task (by name, through ``games.services.jobs``) only when the row is new, failed, or was queued
so long ago that its task must have been lost; asking again while it runs, or once it is done,
queues nothing. ``run`` is what the task calls: it rebuilds the game's record (the set up to it,
as the replay viewer does), hands it to the pure ``games.bots.analysis`` and stores the result,
writing the progress as it goes and telling it to the pages that watch (``progress``).
``request_automatically`` is the same request with nobody asking (an event's games, from
``listeners``). A person may keep only ``settings.ANALYSES_WAITING_PER_USER`` of their requests
waiting (``TooManyWaiting`` otherwise): the worker has one slot, and nobody's pile of requests
should hold up everyone else's, nor the event games' own.

Only a finished game is analysed, and never one of a sealed set (its deals are still secret):
the analysis reads the whole deal, so a game in progress must not get one.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import ngettext

from accounts.models import User
from games.bots.analysis import analyse_game
from games.engine import load_record
from games.engine.errors import RecordError
from games.models import Game
from games.services import jobs

from . import progress, records
from .models import GameAnalysis, ImportedRecord

log = logging.getLogger(__name__)

ANALYSE = "history.tasks.analyse_game"
SEED = "0"  # one analysis per game, so one seed: the same game always gets the same figures
STALE = timedelta(minutes=15)  # a queued or running analysis older than this is queued again


class NotAnalysable(ValueError):
    """The game may not be analysed (not finished, or its deal still secret)."""


class TooManyWaiting(Exception):
    """The person already has as many analyses waiting as they may; the message says so."""


def analysable(game: Game) -> bool:
    """A finished game of a set whose deals are shown."""
    return game.state == Game.State.OVER and not game.match.sealed


def for_game(game: Game) -> GameAnalysis | None:
    return GameAnalysis.objects.filter(game=game).first()


def for_import(imported: ImportedRecord, number: int) -> GameAnalysis | None:
    return GameAnalysis.objects.filter(imported=imported, number=number).first()


def request_for_game(user, game: Game) -> GameAnalysis:
    """The game's analysis row, queued if it needs to be; NotAnalysable for a game in play."""
    if not analysable(game):
        raise NotAnalysable(game.pk)
    return _request(user, {"game": game}, game.number)


def import_analysable(imported: ImportedRecord, number: int) -> bool:
    """Game ``number`` of an imported record is there and finished."""
    games = imported.record.get("games", [])
    return 1 <= number <= len(games) and _finished(imported.record, number)


def request_for_import(user, imported: ImportedRecord, number: int) -> GameAnalysis:
    if not import_analysable(imported, number):
        raise NotAnalysable(number)
    return _request(user, {"imported": imported, "number": number}, number)


def request_automatically(games) -> int:
    """Queue the analysis of each finished game of ``games`` that may be analysed (an event's
    games as they end, or once their set is unsealed); nobody asked. Returns how many there were;
    a game already analysed or under way is not queued again."""
    count = 0
    for game in games.select_related("match"):
        if analysable(game):
            _request(None, {"game": game}, game.number)
            count += 1
    return count


def _request(user, key: dict[str, Any], number: int) -> GameAnalysis:
    asker = user if user is not None and user.pk else None
    try:
        with transaction.atomic():
            return _queued(asker, key, number)
    except IntegrityError:  # asked twice at once: the other request made it
        return GameAnalysis.objects.get(**key)


def _queued(asker, key: dict[str, Any], number: int) -> GameAnalysis:
    """The row, queued if it needs to be; call inside a transaction. A person's requests are
    taken one at a time (their row locked), so two at once cannot both pass ``_check_turns``."""
    if asker is not None:
        User.objects.select_for_update().filter(pk=asker.pk).first()
    row = GameAnalysis.objects.filter(**key).first()
    if row is not None and not _needs_queueing(row):
        return row  # under way or done: asking again costs nothing
    if asker is not None:
        _check_turns(asker)
    if row is None:
        row = GameAnalysis.objects.create(
            **{"number": number, "seed": SEED, "requested_by": asker, **key}
        )
    else:
        GameAnalysis.objects.filter(pk=row.pk).update(
            state=GameAnalysis.State.QUEUED, error="", updated_at=timezone.now(),
            requested_by=asker or row.requested_by,
        )  # fmt: skip
        row.refresh_from_db()
    jobs.later(ANALYSE, row.pk)
    return row


def waiting_for(user) -> int:
    """How many analyses ``user`` asked for are queued or running (one presumed lost, queued
    longer ago than ``STALE``, no longer counts: asking again queues it anew)."""
    return GameAnalysis.objects.filter(
        requested_by=user,
        state__in=(GameAnalysis.State.QUEUED, GameAnalysis.State.RUNNING),
        updated_at__gte=timezone.now() - STALE,
    ).count()


def _check_turns(user) -> None:
    """The analysis worker has one slot: one person may keep only so many analyses waiting
    (``settings.ANALYSES_WAITING_PER_USER``), so that nobody's pile holds up everyone else's,
    nor the analyses of event games, which nobody asks for."""
    limit = settings.ANALYSES_WAITING_PER_USER
    if waiting_for(user) >= limit:
        raise TooManyWaiting(
            ngettext(
                "You already have %(n)s analysis waiting; ask for this one once it is done.",
                "You already have %(n)s analyses waiting; ask for this one once one of them "
                "is done.",
                limit,
            )
            % {"n": limit}
        )


def _needs_queueing(row: GameAnalysis) -> bool:
    if row.state == GameAnalysis.State.FAILED:
        return True
    waiting = row.state in (GameAnalysis.State.QUEUED, GameAnalysis.State.RUNNING)
    return waiting and timezone.now() - row.updated_at > STALE


def run(analysis_id: int) -> None:
    """Work out and store one analysis (a task sent twice finds it done and stops)."""
    row = GameAnalysis.objects.select_related("game__match__table", "imported").get(pk=analysis_id)
    if row.state == GameAnalysis.State.DONE:
        return
    GameAnalysis.objects.filter(pk=row.pk).update(state=GameAnalysis.State.RUNNING, done=0)

    progress.tell_progress(row.pk, 0, row.total)
    try:
        result = analyse_game(
            _record(row), row.number, row.seed, progress=progress.Reporter(row.pk)
        )
    except (RecordError, NotAnalysable) as error:
        log.warning("analysis %s refused: %s", row.pk, error)
        _finish(row, GameAnalysis.State.FAILED, None, str(error)[:300])
        return
    except Exception:  # a bug: say so on the page (it may be asked again), and in the log
        _finish(row, GameAnalysis.State.FAILED, None, "")
        raise
    _finish(row, GameAnalysis.State.DONE, result, "")


def _finish(row: GameAnalysis, state: str, result: dict | None, error: str) -> None:
    GameAnalysis.objects.filter(pk=row.pk).update(
        state=state, result=result, error=error, updated_at=timezone.now()
    )
    progress.tell_finished(row.pk)


def _record(row: GameAnalysis) -> dict[str, Any]:
    """The record of the set up to the game, deals included (the game is finished)."""
    if row.imported is not None:
        return row.imported.record
    game = row.game
    if not analysable(game):
        raise NotAnalysable(game.pk)
    return records.secret_record_of(records.Played.read(game.match, upto=game.number))


def _finished(record: dict[str, Any], number: int) -> bool:
    try:
        match = load_record({**record, "games": record["games"][:number]})
    except RecordError:
        return False
    return bool(match.games) and match.games[-1].over
