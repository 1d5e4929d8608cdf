"""Brackets as data the Django side can draw: rounds (columns) of matches, each with its slots.

A bracket is complete from the first round on: slots not yet known say where their entrant will
come from ("Winner of W1-3", "2nd of K1-2"), so a page can draw the whole tree before a game is
played. Match ids are short and stable: ``R2-1`` (single elimination, round 2, match 1),
``W1-3`` / ``L2-1`` (winners / losers bracket), ``GF`` and ``GF2`` (grand final and its reset),
``3P`` (third-place match), ``K1-4`` (table knockout, round 1, table 4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .model import EntrantId

#: Match status: ``waiting`` (a slot is not known yet), ``ready`` (both known, not seated),
#: ``playing`` (seated, no result), ``done``, ``bye`` (one side has nobody: the other goes on
#: without playing), ``walkover`` (one side withdrew: the other goes on), ``void`` (nobody to
#: play: both sides empty or withdrawn, or a grand-final reset that is not needed).
STATUSES = ("waiting", "ready", "playing", "done", "bye", "walkover", "void")

_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return _ORDINALS.get(n, f"{n}th")


@dataclass(frozen=True)
class Slot:
    """One side (or seat) of a match.

    ``entrant``: who is there, once known. ``seed``: the bracket seed of a first-round slot.
    ``source`` / ``source_place``: the match this slot is fed from and which place of it
    (1 = its winner, 2 = its loser; k = its k-th for table knockouts). ``bye``: nobody will
    come (a first-round bye, or an empty feeder). ``label``: text for the page.
    """

    entrant: EntrantId | None = None
    seed: int | None = None
    source: str | None = None
    source_place: int | None = None
    bye: bool = False
    label: str = ""


@dataclass(frozen=True)
class BracketMatch:
    """One match of a bracket (a table, for knockouts of four).

    ``bracket``: ``main``, ``third_place``, ``winners``, ``losers``, ``final`` or ``knockout``.
    ``column``: the bracket round, for drawing. ``round``: the tournament round it is played in.
    ``places``: per slot, once done. ``advancing``: who goes on (the winner; the top K of a
    table). ``winner_to`` / ``loser_to``: the match the winner / loser goes to (``None`` when the
    winner is champion or the loser is out).
    """

    id: str
    bracket: str
    column: int
    round: int
    slots: tuple[Slot, ...]
    status: str
    places: tuple[int, ...] | None = None
    advancing: tuple[EntrantId, ...] = ()
    winner_to: str | None = None
    loser_to: str | None = None


@dataclass(frozen=True)
class BracketRound:
    """One column of a bracket: ``name`` is for people ("Quarter-finals", "Losers round 3")."""

    bracket: str
    column: int
    name: str
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True)
class Bracket:
    """A whole bracket: columns in drawing order (winners then losers then finals), the
    champion once known, and the final place of every entrant whose place is settled."""

    format: str
    rounds: tuple[BracketRound, ...]
    champion: EntrantId | None
    places: Mapping[EntrantId, int]

    def match(self, match_id: str) -> BracketMatch:
        for column in self.rounds:
            for match in column.matches:
                if match.id == match_id:
                    return match
        raise KeyError(match_id)

    def matches(self) -> list[BracketMatch]:
        return [m for column in self.rounds for m in column.matches]


def column_name(column: int, columns: int) -> str:
    """Name of a single-elimination column counted from the final backwards."""
    left = columns - column
    names = {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}
    return names.get(left, f"Round of {2 ** (left + 1)}")
