"""Errors a format raises. Each message is a sentence an organiser can read as it stands.

Every class derives from ``FormatError`` (itself a ``ValueError``), so the Django side can catch
one class, show ``str(error)`` and change nothing.

The message is English. Where a caller needs to say the same thing in another language, an
error also carries ``code`` (what went wrong, one of a short list documented in
docs/tournaments.md) and ``params`` (the option's name, numbers, names of other options: never
English words), from which the caller words its own sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class FormatError(ValueError):
    """Base class: the request cannot be met; the message says why and, where it can, what would."""

    def __init__(self, message: str, code: str = "", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: Mapping[str, Any] = params


class OptionError(FormatError):
    """An option of the format has a value it cannot use (unknown name, wrong type, impossible
    number)."""


class EntryCountError(FormatError):
    """The format cannot take this many entries; the message names counts or options that work."""


class SeatingError(EntryCountError):
    """The entries cannot be seated at tables of the sizes the style allows."""


class DuplicateEntrantError(FormatError):
    """The same entrant id appears twice in the entry list, or twice in one round."""


class StateError(FormatError):
    """The rounds handed in do not fit together (unknown entrant, gap in the round numbers, a
    table that is not the bracket's, a result that would change a round already seated...)."""


class ResultError(StateError):
    """A table's places do not fit the table (wrong length, impossible order, tie in a knockout)."""


class RoundNotFinishedError(FormatError):
    """The next round was asked for while some table of the last round has no result."""


class TournamentFinishedError(FormatError):
    """Every round the format plans has been played; there is no next round."""


def listed(ids: Iterable[Any]) -> str:
    """Entrant ids as a message names them: sorted, comma-separated."""
    return ", ".join(str(who) for who in sorted(ids, key=str))
