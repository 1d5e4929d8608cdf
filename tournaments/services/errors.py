"""The one error an event's services raise, and how a format's error becomes one."""

from __future__ import annotations

import logging

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

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
from ..messages import english, message, render

log = logging.getLogger(__name__)

#: What each kind of format error means, in a sentence translators can word (most specific
#: class first). The format's own message is English and more precise (it names counts that
#: would work): English pages show it; other languages show the meaning, and the log keeps it.
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
    player as it stands, and nothing was changed.

    ``parts`` is the message kept for later (see ``message``): what a stored notice needs to
    read in whoever's language looks at it. A refusal made from text alone has none, and a
    notice of it reads as that text.
    """

    def __init__(self, text: str = "", parts: list[dict] | None = None) -> None:
        super().__init__(text)
        self.parts = parts or []


def refusal(msgid: str, plural: str = "", n: int | None = None, **params) -> TournamentError:
    """A TournamentError in the current language that also keeps its sentence (``message``)."""
    parts = [message(msgid, plural, n, **params)]
    return TournamentError(render(parts), parts)


def explained(error: FormatError) -> TournamentError:
    """A format's message (lower case, no full stop: it is written to be embedded) as a
    sentence for the page. English pages show it as it is; in another language, the sentence
    its kind of error means, in that language (the format's English words are logged)."""
    text = str(error).strip()
    if text and not text.endswith((".", "!", "?")):
        text += "."
    text = text[:1].upper() + text[1:]
    meaning = next(m for kind, m in _MEANINGS if isinstance(error, kind))
    parts = [{**message(meaning), "en": text}]  # English readers get the format's own words
    if not english():
        log.info("format refused: %s", text)
    return TournamentError(render(parts), parts)


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
