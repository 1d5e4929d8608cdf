"""The one error an event's services raise, and how a format's error becomes one."""

from __future__ import annotations

import logging

from django.utils.translation import gettext_noop, pgettext

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


#: What a format error says, by its ``code`` (see ``formats.errors``), in sentences translators
#: can word; the parameters are the error's own (option names, numbers). An option of the
#: wrong type is worded by the kind of value it takes (``params["expected"]``).
_OPTION_TYPES = {
    "whole_number": gettext_noop("The option “%(option)s” takes a whole number."),
    "number": gettext_noop("The option “%(option)s” takes a number."),
    "yes_no": gettext_noop("The option “%(option)s” takes true or false."),
    "text": gettext_noop("The option “%(option)s” takes a text."),
    "whole_number_or_text": gettext_noop("The option “%(option)s” takes a whole number or a text."),
    "list_of_text": gettext_noop("The option “%(option)s” takes a list of texts."),
    "list_of_whole_numbers": gettext_noop("The option “%(option)s” takes a list of whole numbers."),
    "object": gettext_noop("The option “%(option)s” takes an object of names and values."),
    "points": gettext_noop("Points are written per table size, each a list of numbers."),
}
_CODES = {
    "option_range": gettext_noop(
        "The option “%(option)s” must be from %(minimum)s to %(maximum)s."
    ),
    "option_choice": gettext_noop("The option “%(option)s” takes one of: %(choices)s."),
    "unknown_option": gettext_noop(
        "This format has no option “%(option)s”; its options are: %(choices)s."
    ),
    "knockout_byes": gettext_noop(
        "A table knockout has no byes: let bots fill seats, or allow smaller tables."
    ),
    "points_size": gettext_noop("Points are set for tables of 2, 3 or 4 seats, not “%(size)s”."),
    "points_count": gettext_noop(
        "Points for tables of %(size)s seats need %(size)s numbers, one per place."
    ),
    "points_order": gettext_noop(
        "Points for tables of %(size)s seats must not rise with the place."
    ),
    "table_sizes_range": gettext_noop("Table sizes (%(sizes)s) must lie between 2 and %(seats)s."),
    "table_sizes_full": gettext_noop(
        "Table sizes (%(sizes)s) must include full tables of %(seats)s."
    ),
    "style_table_sizes": gettext_noop("This style is not played at tables of %(sizes)s."),
    "too_few_entries": gettext_noop(
        "This format needs at least %(minimum)s entries; there are %(count)s."
    ),
    "knockout_stuck": gettext_noop(
        "With %(advance)s going on from each table, a knockout of %(count)s players would seat "
        "tables that knock nobody out; let fewer go on from each table, or take %(take)s entries."
    ),
    "seated_already": gettext_noop(
        "That would change who plays in round %(round)s, which is seated already: once a round "
        "is seated, neither the results before it nor its seats can change who went on."
    ),
    "not_the_brackets": gettext_noop("Round %(round)s holds a table that is not the bracket's."),
    "after_the_final": gettext_noop("Round %(round)s would come after the final."),
    "places_type": gettext_noop("Places are whole numbers, 1 the best."),
    "places_count": gettext_noop(
        "The table has %(seats)s seats, but %(count)s places were given: one per seat."
    ),
    "places_order": gettext_noop(
        "These places do not fit: seats that tie share a place and the next place is skipped, "
        "as in 1, 2, 2, 4."
    ),
    "partners_share": gettext_noop(
        "Partners share a place: seats 1 and 3 are one pair, seats 2 and 4 the other."
    ),
    "match_tied": gettext_noop(
        "A knockout match needs a winner: the two sides cannot share a place."
    ),
    "cut_tied": gettext_noop(
        "At a knockout table, places %(cut)s and %(next)s cannot tie: it would not be known who "
        "goes through."
    ),
    "too_few_to_qualify": gettext_noop(
        "%(advance)s are to qualify for the knockout, but there are only %(count)s entries."
    ),
}


#: Codes whose format words name entries by their numbers, which mean nothing on a page: every
#: language shows the coded sentence instead (the log keeps the format's words).
_NAMES_ENTRIES = frozenset({"seated_already", "not_the_brackets", "after_the_final", "match_tied"})


def _meaning(error: FormatError) -> tuple[str, dict]:
    """The sentence (a msgid) and parameters that say what a format error means."""
    params = dict(error.params)
    if error.code == "option_type" and params.get("expected") in _OPTION_TYPES:
        return _OPTION_TYPES[params.pop("expected")], params
    if error.code in _CODES:
        return _CODES[error.code], params
    return next(m for kind, m in _MEANINGS if isinstance(error, kind)), {}


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


class NotNow(TournamentError):
    """Refused because the event (or its round, entry or table) is not at a point where the
    action applies at all: a draft cannot start, a finished event takes no result. A page
    leaves such a command out without a word; the reason of any other refusal (too few
    entries to start, a round still being played) it shows in the command's place."""


class ChangedMeanwhile(TournamentError):
    """Refused because what the organiser's form was built from changed after it was shown
    (another organiser saved first): the page shows the form again as things are now."""


def refusal(msgid: str, plural: str = "", n: int | None = None, **params) -> TournamentError:
    """A TournamentError in the current language that also keeps its sentence (``message``)."""
    parts = [message(msgid, plural, n, **params)]
    return TournamentError(render(parts), parts)


def explained(error: FormatError) -> TournamentError:
    """A format's message (lower case, no full stop: it is written to be embedded) as a
    sentence for the page. English pages show it as it is; in another language, the sentence
    its code says (which option, which numbers), or else what its kind of error means, in that
    language (the format's English words are logged). An error whose words name entries by
    number reads as its coded sentence in every language."""
    text = str(error).strip()
    if text and not text.endswith((".", "!", "?")):
        text += "."
    text = text[:1].upper() + text[1:]
    meaning, params = _meaning(error)
    parts = [message(meaning, **params)]
    if error.code not in _NAMES_ENTRIES:
        parts[0]["en"] = text  # English readers: the format's words
    if not english() or error.code in _NAMES_ENTRIES:
        log.info("format refused: %s", text)
    return TournamentError(render(parts), parts)


def state_phrase(state: str) -> str:
    """How an event's state reads in "The event is …" sentences."""
    return {  # a context of their own: "finished" elsewhere may agree with another noun
        "draft": pgettext("event state", "still a draft"),
        "registration": pgettext("event state", "taking entries"),
        "checkin": pgettext("event state", "checking players in"),
        "running": pgettext("event state", "running"),
        "finished": pgettext("event state", "finished"),
        "cancelled": pgettext("event state", "cancelled"),
    }.get(state, state)
