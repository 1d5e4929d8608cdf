"""The schedule's note to the organiser: what a step could not do, kept until another replaces it.

The note is kept as sentences to translate (``tournaments.messages``), so each organiser reads
it in their own language whatever language the worker or request that wrote it had; the text
as it was written stays beside them for the logs and the notes stored before.
"""

from __future__ import annotations

from datetime import datetime

from ..messages import render
from ..models import Tournament
from .errors import TournamentError


def keep_notice(tournament: Tournament, parts: list[dict], when: datetime | None) -> None:
    """Store a note of these sentences (``messages.message``) unless it is the note already."""
    text = render(parts)[:300]
    if tournament.notice_parts == parts and tournament.notice == text:
        return
    tournament.notice, tournament.notice_parts, tournament.notice_at = text, parts, when
    tournament.save(update_fields=["notice", "notice_parts", "notice_at", "updated_at"])


def keep_refusal(tournament: Tournament, error: TournamentError, when: datetime | None) -> None:
    """Store what a refused step said: its sentences if it kept them, else its text."""
    if error.parts:
        keep_notice(tournament, error.parts, when)
        return
    text = str(error)[:300]
    if tournament.notice == text and not tournament.notice_parts:
        return
    tournament.notice, tournament.notice_parts, tournament.notice_at = text, [], when
    tournament.save(update_fields=["notice", "notice_parts", "notice_at", "updated_at"])
