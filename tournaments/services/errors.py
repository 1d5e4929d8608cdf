"""The one error an event's services raise, and how a format's error becomes one."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..formats import FormatError


class TournamentError(Exception):
    """An action on an event that cannot be done; the message is shown to the organiser or
    player as it stands, and nothing was changed."""


def explained(error: FormatError) -> TournamentError:
    """A format's message (lower case, no full stop: it is written to be embedded) as a
    sentence for the page."""
    text = str(error).strip()
    if text and not text.endswith((".", "!", "?")):
        text += "."
    return TournamentError(text[:1].upper() + text[1:])


def state_phrase(state: str) -> str:
    """How an event's state reads in "The event is …" sentences."""
    return {
        "draft": _("still a draft"),
        "registration": _("taking entries"),
        "checkin": _("checking players in"),
        "running": _("running"),
        "finished": _("finished"),
        "cancelled": _("cancelled"),
    }.get(state, state)
