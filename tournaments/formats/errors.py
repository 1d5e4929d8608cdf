"""Errors a format raises. Each message is a sentence an organiser can read as it stands.

Every class derives from ``FormatError`` (itself a ``ValueError``), so the Django side can catch
one class, show ``str(error)`` and change nothing.
"""

from __future__ import annotations


class FormatError(ValueError):
    """Base class: the request cannot be met; the message says why and, where it can, what would."""


class OptionError(FormatError):
    """An option of the format has a value it cannot use (unknown name, impossible number)."""


class EntryCountError(FormatError):
    """The format cannot take this many entries; the message names counts or options that work."""


class SeatingError(EntryCountError):
    """The entries cannot be seated at tables of the sizes the style allows."""


class DuplicateEntrantError(FormatError):
    """The same entrant id appears twice in the entry list, or twice in one round."""


class StateError(FormatError):
    """The rounds handed in do not fit together (unknown entrant, gap in the round numbers...)."""


class ResultError(StateError):
    """A table's places do not fit the table (wrong length, impossible order, tie in a knockout)."""


class RoundNotFinishedError(FormatError):
    """The next round was asked for while some table of the last round has no result."""


class TournamentFinishedError(FormatError):
    """Every round the format plans has been played; there is no next round."""
