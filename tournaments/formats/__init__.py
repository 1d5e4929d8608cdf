"""Tournament formats as pure functions of a tournament's state (no Django, no database).

    from tournaments.formats import Entrant, State, make_format

    swiss = make_format("swiss", rounds=5, seed=2024)
    state = State(entrants=[Entrant(id=7, seed=1), Entrant(id=9, seed=2), ...])
    round_1 = swiss.next_round(state)               # RoundPlan(number=1, tables=(...), byes=(...))
    state = state.then(round_1).with_result(1, 1, (1, 2))   # ... one result per table
    swiss.standings(state)                           # [Standing(rank=1, entrant=..., ...), ...]

Each format's class also says what the Django side needs of it (its label, the kinds of event
it plays, whether it eliminates or takes late entries, the options a form offers: see
``base.Format``); ``FORMATS`` lists every format by name.

See docs/tournaments.md for every format's rules, the tiebreaks and the error classes.
"""

from __future__ import annotations

from typing import Any

from .base import ENTRY_LIMIT, FORMATS, Format, participants, stage_formats
from .bracket import Bracket, BracketMatch, BracketRound, Slot
from .double_elimination import DoubleElimination
from .errors import (
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
from .model import Entrant, EntrantId, Places, RoundPlan, Seat, State, TablePlan
from .options import Option, build
from .round_robin import RoundRobin
from .scoring import DEFAULT_POINTS
from .seating import style_sizes
from .single_elimination import SingleElimination
from .standings import TIEBREAKS, Standing
from .swiss import Swiss
from .swiss_tables import SwissTables
from .table_knockout import TableKnockout
from .two_stage import TwoStage


def make_format(name: str, **options: Any) -> Format:
    """The format called ``name`` with the organiser's options (as stored, e.g. from JSON)."""
    if not isinstance(name, str) or name not in FORMATS:
        raise OptionError(
            f"unknown format {name!r}; choose among {', '.join(FORMATS)}",
            "option_choice",
            option="format",
            choices=", ".join(FORMATS),
        )
    return build(FORMATS[name], name, options)


__all__ = [
    "DEFAULT_POINTS",
    "ENTRY_LIMIT",
    "FORMATS",
    "TIEBREAKS",
    "Bracket",
    "BracketMatch",
    "BracketRound",
    "DoubleElimination",
    "DuplicateEntrantError",
    "Entrant",
    "EntrantId",
    "EntryCountError",
    "Format",
    "FormatError",
    "Option",
    "OptionError",
    "Places",
    "ResultError",
    "RoundNotFinishedError",
    "RoundPlan",
    "RoundRobin",
    "Seat",
    "SeatingError",
    "SingleElimination",
    "Slot",
    "Standing",
    "State",
    "StateError",
    "Swiss",
    "SwissTables",
    "TableKnockout",
    "TablePlan",
    "TournamentFinishedError",
    "TwoStage",
    "make_format",
    "participants",
    "stage_formats",
    "style_sizes",
]
