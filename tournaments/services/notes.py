"""The schedule's note to the organiser: what a step could not do, kept until another replaces it.

The note is kept as sentences to translate (``tournaments.messages``), so each organiser reads
it in their own language whatever language the worker or request that wrote it had; the text
as it was written stays beside them for the logs and the notes stored before.

Most notes are for the organiser's run page (a refused step, a tie decided by seat). A note
whose every sentence is marked ``public`` (who was withdrawn at the start, and why) is also
for the players: the event page shows it (``public_notice``) until another note replaces it.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext_noop

from ..messages import message, render
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


#: The mark of a sentence the event page shows to everyone, not only to the organisers.
PUBLIC = "public"


def no_shows_withdrawn(tournament: Tournament, names: list[str], when: datetime | None) -> None:
    """The start withdrew the entries that had not checked in: say whom, and why, on the run
    page and the event page."""
    part = message(
        gettext_noop("Not checked in when the event started, so withdrawn: %(names)s."),
        names=", ".join(names),
    )
    keep_notice(tournament, [{**part, PUBLIC: True}], when)


def public_notice(tournament: Tournament) -> str:
    """The latest note in the reader's language if it is one for everyone; else ""."""
    parts = tournament.notice_parts or []
    if parts and all(part.get(PUBLIC) for part in parts):
        return render(parts)
    return ""
