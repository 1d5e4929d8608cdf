"""The one error an event's services raise, and how a format's error becomes one."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from ..formats import (
    DuplicateEntrantError,
    EntryCountError,
    FormatError,
    OptionError,
    ResultError,
    RoundNotFinishedError,
    SeatingError,
    StateError,
    TournamentFinishedError,
)

#: What each kind of format error means, in a sentence translators can word (most specific
#: class first). The format's own message is English and more precise (it names counts that
#: would work); it follows in brackets where the page is not in English.
_MEANINGS = (
    (SeatingError, gettext_noop("The entries cannot be seated at tables of this style.")),
    (EntryCountError, gettext_noop("This format cannot take this many entries.")),
    (OptionError, gettext_noop("An option of this format has a value it cannot use.")),
    (DuplicateEntrantError, gettext_noop("The same entrant appears twice.")),
    (ResultError, gettext_noop("These places do not fit the table.")),
    (StateError, gettext_noop("The rounds played do not fit together.")),
    (RoundNotFinishedError, gettext_noop("A table of the last round has no result yet.")),
    (TournamentFinishedError, gettext_noop("Every round of this event has been played.")),
    (FormatError, gettext_noop("The event's format refuses this.")),
)


class TournamentError(Exception):
    """An action on an event that cannot be done; the message is shown to the organiser or
    player as it stands, and nothing was changed."""


def explained(error: FormatError) -> TournamentError:
    """A format's message (lower case, no full stop: it is written to be embedded) as a
    sentence for the page; in another language than English, the sentence its kind of error
    means, in that language, with the format's precise English words after it."""
    text = str(error).strip()
    if text and not text.endswith((".", "!", "?")):
        text += "."
    text = text[:1].upper() + text[1:]
    if (get_language() or settings.LANGUAGE_CODE).split("-")[0] == "en":
        return TournamentError(text)
    meaning = next(m for kind, m in _MEANINGS if isinstance(error, kind))
    return TournamentError(_("%(meaning)s (%(detail)s)") % {"meaning": _(meaning), "detail": text})


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
