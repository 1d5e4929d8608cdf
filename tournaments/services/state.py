"""The format's view of an event, built from the rows each time it is needed.

Standings are never stored: they are computed by the format from the entries and every
table's places, so a result entered or overridden by hand shows in them at once and nothing
stored can go stale. The formats are fast (a round of a 4,096-entry Swiss in a fraction of a
second, standings included), so a page of an event computes them on every request. The final
places, written once when the event finishes, are the only standings kept.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext_noop

from clubs.models import Membership

from .. import formats
from ..formats import (
    Entrant,
    EntryCountError,
    Format,
    FormatError,
    RoundPlan,
    State,
    TablePlan,
)
from ..kinds import KindError, format_arguments
from ..models import Entry, Round, Stage, TableAssignment, Tournament
from . import duplicate
from .errors import TournamentError, explained, refusal

log = logging.getLogger(__name__)

#: Stage kinds as the formats name a round's stage, and back.
STAGE_OF_KIND = {Stage.Kind.MAIN: "", Stage.Kind.POOLS: "pools", Stage.Kind.PLAYOFF: "playoff"}
KIND_OF_STAGE = {name: kind for kind, name in STAGE_OF_KIND.items()}


def format_of(tournament: Tournament) -> Format:
    """The event's format with its options, seed and points (a TournamentError if they do not
    make one, which the services refuse to store)."""
    try:
        arguments = format_arguments(
            tournament.kind, tournament.style, tournament.seats, tournament.format,
            tournament.format_options, seed=tournament.seed, points=tournament.points,
            bots_fill=tournament.bots_fill,
        )  # fmt: skip
        return formats.make_format(tournament.format, **arguments)
    except KindError as error:
        raise TournamentError(str(error)) from None
    except FormatError as error:
        raise explained(error) from None
    except (TypeError, ValueError) as error:  # an option of the wrong type, from JSON
        log.info("event %s: format options refused: %s", tournament.pk, error)  # Python's words
        raise refusal(gettext_noop("An option of this format has a value it cannot use.")) from None


@dataclass
class Snapshot:
    """An event as its format sees it, with the rows it came from (for names and links)."""

    tournament: Tournament
    format: Format
    state: State
    entries: dict[int, Entry]
    rounds: list[Round]

    def standings(self) -> list[formats.Standing]:
        try:
            rows = self.format.standings(self.state)
        except EntryCountError as error:
            if self.state.rounds:
                raise explained(error) from None
            return []  # too few entries to draw yet: nobody stands anywhere
        except FormatError as error:
            raise explained(error) from None
        return self._duplicate(rows)

    def _duplicate(self, rows: list[formats.Standing]) -> list[formats.Standing]:
        """With duplicate scoring, the standings rank by percentage of matchpoints, the
        format's order after it (``formats.duplicate.rerank``). A knockout's bracket keeps its
        own places: who goes on was decided table by table."""
        if not rows or not self.tournament.duplicate or self.bracket() is not None:
            return rows
        totals = duplicate.entrant_totals(self.duplicate_scores)
        return formats.duplicate.rerank(rows, totals)

    @cached_property
    def duplicate_scores(self) -> list[duplicate.RoundScores]:
        """Every round's deals scored as duplicate (two queries, once per snapshot)."""
        return duplicate.event_scores(self.tournament, self.rounds)

    def bracket(self) -> formats.Bracket | None:
        """The bracket (None for a format without one). Before the first round, an event short
        of the entries its format needs has no draw to show yet: its pages say it waits for
        entries, and only starting it is refused (with the format's reason). Worked out once
        per snapshot: the page, its presenters and the finish each ask."""
        return self._bracket

    def round_to_come(self) -> bool:
        """Whether the format will make another round after those made: a late entry made now
        would play in it. A Swiss fixes its number of rounds from round 1's field, so once its
        last round is made it counts as finished, and a late arrival would only sit in the
        standings."""
        return not self.format.is_finished(self.state)

    def without_last_round(self) -> Snapshot:
        """The event as it would be without its last round (one a finish drops)."""
        state = State(self.state.entrants, self.state.rounds[:-1])
        return Snapshot(self.tournament, self.format, state, self.entries, self.rounds[:-1])

    def awaits_champion(self) -> bool:
        """A knockout (or a playoff under way) that has no champion yet cannot finish."""
        return self.bracket() is not None and not self.format.is_finished(self.state)

    @cached_property
    def _bracket(self) -> formats.Bracket | None:
        try:
            return self.format.bracket(self.state)
        except EntryCountError as error:
            if self.state.rounds:
                raise explained(error) from None
            return None
        except FormatError as error:
            raise explained(error) from None


def entrant_of(entry: Entry, clubs: Iterable[str] = ()) -> Entrant:
    """The format's entrant for an entry: its labels (kept apart in Swiss pairings) are the
    organiser's groups and, with ``separate_clubs``, ``club:<id>`` for its players' clubs."""
    groups = {str(label) for label in entry.groups or ()} | set(clubs)
    return Entrant(
        entry.pk, seed=entry.seed, groups=frozenset(groups), active=entry.active,
        withdrawn_after=None if entry.active else entry.withdrawn_after_round,
    )  # fmt: skip


def club_labels(tournament: Tournament, entries: Iterable[Entry]) -> dict[int, set[str]]:
    """``club:<id>`` labels per entry for the clubs its players belong to, the event's own club
    left out (everyone in a club event shares it); one query."""
    entries = list(entries)
    people: dict[int, list[int]] = {}
    for entry in entries:
        for person in (entry.player_id, entry.partner_id):
            if person is not None:
                people.setdefault(person, []).append(entry.pk)
    labels: dict[int, set[str]] = {entry.pk: set() for entry in entries}
    rows = Membership.objects.filter(user_id__in=people).exclude(club_id=tournament.club_id)
    for user_id, club_id in rows.values_list("user_id", "club_id"):
        for entry_id in people[user_id]:
            labels[entry_id].add(f"club:{club_id}")
    return labels


def format_round(row: Round, tables: Iterable[TableAssignment]) -> RoundPlan:
    """The format's round: its tables (a bye played against a bot is not one of them)."""
    tables = [t for t in tables if not t.bye]
    return RoundPlan(
        number=row.number,
        tables=tuple(
            TablePlan(
                seats=tuple(t.seats),
                places=tuple(t.places) if t.places is not None else None,
                label=t.label,
            )
            for t in sorted(tables, key=lambda t: t.number)
        ),
        byes=tuple(row.byes),
        stage=STAGE_OF_KIND.get(row.stage.kind, ""),
        walkovers=tuple(row.walkovers) if row.walkovers is not None else None,
    )


def snapshot(tournament: Tournament) -> Snapshot:
    """Read the event once: entries, rounds and tables (four queries, whatever its size; a fifth
    for the players' clubs when club-mates are kept apart)."""
    rounds = list(tournament.rounds.select_related("stage").order_by("number"))
    tables: dict[int, list[TableAssignment]] = {r.pk: [] for r in rounds}
    rows = TableAssignment.objects.filter(round__tournament=tournament)
    for table in rows.select_related("table", "match", "overridden_by"):
        tables[table.round_id].append(table)
    for row in rounds:
        row.table_list = sorted(tables[row.pk], key=lambda t: t.number)
    entries = {
        e.pk: e for e in tournament.entries.select_related("player", "partner").order_by("pk")
    }
    state_rounds = tuple(format_round(r, r.table_list) for r in rounds)
    played = {who for r in state_rounds for who in (*r.seated(), *r.byes)}
    kept = [e for e in entries.values() if e.active or e.pk in played]
    clubs = club_labels(tournament, kept) if tournament.separate_clubs else {}
    entrants = [entrant_of(e, clubs.get(e.pk, ())) for e in kept]
    return Snapshot(
        tournament, format_of(tournament), State(entrants, state_rounds), entries, rounds
    )


def state_of(tournament: Tournament) -> State:
    """The format's ``State`` for the event: entries still in or that have played, and every
    round with its results. Entries withdrawn before they played are left out."""
    return snapshot(tournament).state


def standings(tournament: Tournament) -> list[formats.Standing]:
    return snapshot(tournament).standings()
