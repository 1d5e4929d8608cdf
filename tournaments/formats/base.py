"""What every format offers, and the options they all share.

A format is a small frozen dataclass holding the organiser's options; its methods are pure
functions of a ``State``: the same state and options give the same answer, on any machine.

Its class is also the one description of it for the Django side, as a style's rules class is
in the engine: its ``label`` (English; the site translates it), which kinds of event it plays
(``for_two_parties``, ``for_tables``), whether it ``eliminates`` and takes ``late_entries``,
the ``stage`` of a two-stage event it may play, and the ``OPTIONS`` an event form offers for
it. Declaring a format is writing its class (with a ``name``) in a module the package imports:
``FORMATS`` lists every such class by name, in the order they are declared.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from .bracket import Bracket
from .errors import EntryCountError, StateError, TournamentFinishedError, listed
from .ledger import Ledger, check_state, require_finished
from .model import Entrant, RoundPlan, State
from .options import POINTS_LIMIT, Option, between, check_types
from .scoring import Scoring
from .standings import Standing, check_tiebreaks


@dataclass(frozen=True, kw_only=True)
class Format(ABC):
    """Base of every format.

    ``seed``: salt of every draw the format makes (order of unseeded or tied entrants), so that
    a tournament can be replayed exactly. ``points``: tournament points per place by table size
    (``{4: (4, 2, 1, 0), 2: (1, 0)}`` are the defaults). ``bye_points``: what a bye is worth
    (default per format). ``tiebreaks``: the tiebreak columns in order (default per format).
    """

    seed: int | str = 0
    points: Mapping[int, Sequence[float]] | None = None
    bye_points: float | None = None
    tiebreaks: Sequence[str] | None = None

    name: ClassVar[str]
    default_tiebreaks: ClassVar[tuple[str, ...]] = ("buchholz", "sonneborn_berger", "wins")
    default_bye: ClassVar[str] = "win"
    min_entries: ClassVar[int] = 2

    # -- what the Django side reads of the format (see the module's docstring) -------------
    #: Its name for people, in English (marked with ``gettext_noop``; the site translates it).
    label: ClassVar[str] = ""
    #: Whether it plays events of two parties (two players, or two pairs) at each table, and
    #: whether it plays tables of three or four players each for themselves.
    for_two_parties: ClassVar[bool] = False
    for_tables: ClassVar[bool] = False
    #: Whether its rounds knock entrants out (it draws a bracket and ranks by final place).
    eliminates: ClassVar[bool] = False
    #: Whether it pairs whoever is in at each round, so that a late arrival can be entered
    #: while it runs (paired from the next round); formats that draw their whole schedule at
    #: the start take no late entries.
    late_entries: ClassVar[bool] = False
    #: The stage of a two-stage event it may play: "pools", "playoff", or "" (neither).
    stage: ClassVar[str] = ""
    #: The options an event form offers for it, in order (the rest are taken as JSON).
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            FORMATS[cls.name] = cls

    def __post_init__(self) -> None:
        check_types(self)
        between("bye_points", self.bye_points, -POINTS_LIMIT, POINTS_LIMIT)
        check_tiebreaks(self.tiebreak_order)
        _ = self.scoring

    @property
    def partnerships(self) -> bool:
        return False

    @cached_property
    def scoring(self) -> Scoring:
        return Scoring.build(self.points, self.bye_points, self.default_bye, self.partnerships)

    @property
    def tiebreak_order(self) -> tuple[str, ...]:
        return tuple(self.tiebreaks) if self.tiebreaks is not None else self.default_tiebreaks

    # -- the API -------------------------------------------------------------------------

    @abstractmethod
    def next_round(self, state: State) -> RoundPlan:
        """The next round's tables and byes. Raises if the last round is unfinished, the
        tournament is over, or the entries cannot be seated."""

    @abstractmethod
    def standings(self, state: State) -> list[Standing]:
        """Every entrant's line, best first (finished tables only)."""

    @abstractmethod
    def is_finished(self, state: State) -> bool:
        """Whether every planned round is played (and, for brackets, the champion known)."""

    def bracket(self, state: State) -> Bracket | None:
        """The whole bracket for elimination formats; ``None`` for the others."""
        return None

    def check_entries(self, count: int) -> None:
        """Raise ``EntryCountError`` (saying what would work) if ``count`` entries cannot play."""
        check_count(count)
        if count < self.min_entries:
            raise EntryCountError(
                f"{self.title} needs at least {self.min_entries} entries; there are {count}",
                "too_few_entries",
                minimum=self.min_entries,
                count=count,
            )

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").capitalize()

    # -- helpers for the formats ---------------------------------------------------------

    def _check(self, state: State) -> None:
        check_state(state, self.scoring)

    def _ledger(self, state: State) -> Ledger:
        self._check(state)
        return Ledger(state, self.scoring)

    def _open(self, state: State) -> Ledger:
        """Check the state for a new round: consistent, last round finished, not over."""
        ledger = self._ledger(state)
        require_finished(state)
        if state.rounds and self.is_finished(state):
            raise TournamentFinishedError(f"the {self.title.lower()} is over: no round follows")
        return ledger


#: Every format by the name the Django side stores, in the order they are declared (filled
#: as each class is: ``Format.__init_subclass__``).
FORMATS: dict[str, type[Format]] = {}


def stage_formats(stage: str) -> dict[str, type[Format]]:
    """The formats that may play ``stage`` ("pools" or "playoff") of a two-stage event."""
    return {name: cls for name, cls in FORMATS.items() if cls.stage == stage}


#: The most entries a format plans for: a refusal answers at once for any count, and no
#: club event comes near it (the site caps an event at the same number).
ENTRY_LIMIT = 100_000


def check_count(count: object) -> None:
    """Refuse a count that is not a whole number from 0 to ``ENTRY_LIMIT``."""
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= ENTRY_LIMIT:
        raise EntryCountError(
            f"an entry count is a whole number from 0 to {ENTRY_LIMIT}, not {count!r}"
        )


def check_field(state: State) -> None:
    """For a bracket, drawn once from round 1: refuse a round 1 that leaves out an entrant who
    was in when it was made (active, or withdrawn after it). Such an entrant would drop out of
    the draw unseen, so the round is not the bracket's (``StateError``, ``not_the_brackets``).
    A bracket takes no late entries."""
    if not state.rounds:
        return
    first = state.rounds[0]
    there = {*first.seated(), *first.byes, *(first.walkovers or ())}
    missing = [e.id for e in state.entrants if e.id not in there and state.in_at(e.id, 1)]
    if missing:
        raise StateError(
            f"round 1 leaves out {listed(missing)}, who {'was' if len(missing) == 1 else 'were'} "
            "in when it was made: a bracket's round 1 seats (or gives a bye to) everyone in it",
            "not_the_brackets",
            round=1,
        )


def participants(state: State) -> list[Entrant]:
    """Who took part in round 1 (seated or on a bye); before round 1, the active entrants.

    Brackets and round-robin schedules are drawn once from this list, so a withdrawal later on
    changes who plays, not the draw.
    """
    if not state.rounds:
        return state.active
    first = state.rounds[0]
    there = {*first.seated(), *first.byes}
    return [e for e in state.entrants if e.id in there]
