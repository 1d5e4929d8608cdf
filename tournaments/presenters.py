"""What the event pages show, built from a ``services.state.Snapshot``: entries with names,
standings with every tiebreak column, rounds with their tables, the bracket. Pure over the
snapshot's rows (no queries), so a page reads the event once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from .formats import Bracket, Standing
from .kinds import ELIMINATION
from .models import Entry, Round, TableAssignment, table_label
from .services.state import Snapshot

#: Tiebreak headings, in the site's language (keys of ``formats.TIEBREAKS``).
TIEBREAK_HEADINGS = {
    "buchholz": gettext_lazy("Buchholz"),
    "median_buchholz": gettext_lazy("Median Buchholz"),
    "sonneborn_berger": gettext_lazy("Sonneborn-Berger"),
    "head_to_head": gettext_lazy("Head to head"),
    "wins": gettext_lazy("Wins"),
}
TIEBREAK_ABBREVIATIONS = {
    "buchholz": gettext_lazy("Bh"),
    "median_buchholz": gettext_lazy("MBh"),
    "sonneborn_berger": gettext_lazy("SB"),
    "head_to_head": gettext_lazy("H2H"),
    "wins": gettext_lazy("W"),
}


def number(value: float | None) -> str:
    """1, 1.5, 0.33: points and tiebreaks as people write them."""
    if value is None:
        return ""
    fraction = Fraction(value).limit_denominator(144)
    if fraction.denominator == 1:
        return str(fraction.numerator)
    return f"{float(fraction):.2f}".rstrip("0").rstrip(".")


@dataclass
class SeatView:
    name: str
    entry: int | None
    place: int | None = None
    points: str = ""
    bot: bool = False


@dataclass
class TableView:
    pk: int
    number: int
    label: str
    state: str
    state_label: str
    seats: list[SeatView]
    code: str | None
    overridden: bool
    reason: str
    by: str
    at: object
    needs_result: bool
    forfeited: list[str] = field(default_factory=list)  # who lost it by leaving or not coming


@dataclass
class RoundView:
    pk: int
    number: int
    stage: str
    finished: bool
    tables: list[TableView]
    byes: list[str]
    seated: bool = False
    walkovers: list[str] = field(default_factory=list)
    waiting: bool = False  # seated, not started yet


@dataclass
class StandingView:
    rank: int
    name: str
    entry: int
    pool: str
    points: str
    played: int
    wins: int
    byes: int
    tiebreaks: list[str]
    place: int | None
    status: str
    active: bool


@dataclass
class SlotView:
    name: str
    place: int | None
    advances: bool
    empty: bool


@dataclass
class MatchView:
    id: str
    status: str
    slots: list[SlotView]
    winner_to: str | None


@dataclass
class ColumnView:
    name: str
    matches: list[MatchView]


@dataclass
class BracketView:
    columns: list[ColumnView]
    champion: str
    parts: list[tuple[str, list[ColumnView]]] = field(default_factory=list)


def entry_name(entries: dict[int, Entry], entry_id: int | None) -> str:
    if entry_id is None:
        return _("Bot")
    entry = entries.get(entry_id)
    return entry.name if entry is not None else f"#{entry_id}"


def forfeit_names(row: TableAssignment, entries: dict[int, Entry]) -> list[str]:
    """Who lost the table by leaving the event or never coming."""
    return [entry_name(entries, who) for who in row.forfeited or ()]


def table_view(row: TableAssignment, entries: dict[int, Entry]) -> TableView:
    seats = []
    for index, who in enumerate(row.seats):
        place = row.places[index] if row.places else None
        points = number(row.points[index]) if row.points and who is not None else ""
        entry = entries.get(who) if who is not None else None
        bot = who is None or (entry is not None and entry.player.is_bot)
        seats.append(SeatView(entry_name(entries, who), who, place, points, bot))
    table = row.table if row.table_id else None
    over = table is not None and table.state == "finished"
    return TableView(
        pk=row.pk, number=row.number, label=table_label(row.label), state=row.state,
        state_label=row.get_state_display(), seats=seats,
        code=table.code if table is not None else None,
        overridden=row.overridden_by_id is not None, reason=row.override_reason,
        by=row.overridden_by.name if row.overridden_by_id else "", at=row.overridden_at,
        needs_result=over and row.places is None,
        forfeited=forfeit_names(row, entries),
    )  # fmt: skip


def round_views(snap: Snapshot) -> list[RoundView]:
    views = []
    for row in snap.rounds:
        tables = [table_view(t, snap.entries) for t in row.table_list]
        views.append(
            RoundView(
                pk=row.pk, number=row.number, stage=row.stage.title,
                finished=row.state == Round.State.FINISHED, tables=tables,
                byes=[entry_name(snap.entries, who) for who in row.byes],
                seated=any(t.state == TableAssignment.State.SEATED for t in tables),
                walkovers=[entry_name(snap.entries, who) for who in row.walkovers or ()],
                waiting=row.state == Round.State.SEATED,
            )
        )  # fmt: skip
    return views


def tiebreak_columns(snap: Snapshot) -> list[tuple[str, str, str]]:
    """(key, heading, abbreviation) of the format's tiebreak columns, in order."""
    return [
        (name, str(TIEBREAK_HEADINGS.get(name, name)), str(TIEBREAK_ABBREVIATIONS.get(name, name)))
        for name in snap.format.tiebreak_order
    ]


def standing_views(snap: Snapshot, rows: list[Standing]) -> list[StandingView]:
    order = [name for name, _h, _a in tiebreak_columns(snap)]
    views = []
    for row in rows:
        entry = snap.entries.get(row.entrant)
        views.append(
            StandingView(
                rank=row.rank, name=entry_name(snap.entries, row.entrant), entry=row.entrant,
                pool=row.pool, points=number(row.points), played=row.played, wins=row.wins,
                byes=row.byes, tiebreaks=[number(row.tiebreaks.get(n)) for n in order],
                place=row.place, status=entry.get_status_display() if entry else "",
                active=row.active,
            )
        )  # fmt: skip
    return views


BRACKET_PARTS = {
    "main": gettext_lazy("Main bracket"),
    "third_place": gettext_lazy("Third place"),
    "winners": gettext_lazy("Winners bracket"),
    "losers": gettext_lazy("Losers bracket"),
    "final": gettext_lazy("Finals"),
    "knockout": gettext_lazy("Knockout"),
}


def bracket_view(snap: Snapshot, bracket: Bracket | None) -> BracketView | None:
    if bracket is None:
        return None
    columns = []
    parts: dict[str, list[ColumnView]] = {}
    for column in bracket.rounds:
        matches = []
        for match in column.matches:
            slots = []
            for index, slot in enumerate(match.slots):
                name = (
                    entry_name(snap.entries, slot.entrant)
                    if slot.entrant is not None
                    else slot_label(slot)
                )
                place = match.places[index] if match.places else None
                advances = slot.entrant is not None and slot.entrant in match.advancing
                slots.append(SlotView(name, place, advances, slot.entrant is None))
            matches.append(MatchView(match.id, match.status, slots, match.winner_to))
        view = ColumnView(column_label(column.name), matches)
        columns.append(view)
        parts.setdefault(column.bracket, []).append(view)
    champion = entry_name(snap.entries, bracket.champion) if bracket.champion is not None else ""
    named = [(str(BRACKET_PARTS.get(k, k)), v) for k, v in parts.items()]
    return BracketView(columns, champion, named)


def is_elimination(snap: Snapshot) -> bool:
    fmt = snap.tournament.format
    if fmt == "two_stage":
        return True
    return fmt in ELIMINATION


def event_context(snap: Snapshot) -> dict:
    """Everything the event page shows of the event's play."""
    rows = snap.standings() if snap.rounds else []
    bracket = snap.bracket()
    return {
        "rounds": round_views(snap),
        "standings": standing_views(snap, rows),
        "tiebreaks": tiebreak_columns(snap),
        "pools": any(row.pool for row in rows),
        "placed": any(row.place is not None for row in rows) or is_elimination(snap),
        "bracket": bracket_view(snap, bracket),
    }


@dataclass
class PreviewView:
    number: int
    tables: list[tuple[int, str, list[str]]]
    byes: list[str]
    walkovers: list[str] = field(default_factory=list)


def preview_view(snap: Snapshot, new) -> PreviewView:
    """The round "generate" would make (a ``formats.RoundPlan``), with names."""
    tables = [
        (i, table_label(table.label), [entry_name(snap.entries, who) for who in table.seats])
        for i, table in enumerate(new.tables, start=1)
    ]
    names = [entry_name(snap.entries, who) for who in new.byes]
    walkovers = [entry_name(snap.entries, who) for who in new.walkovers or ()]
    return PreviewView(new.number, tables, names, walkovers)


def slot_label(slot) -> str:
    """An empty bracket slot in the current language, built from its facts (the format's own
    ``label`` is English, written for the CLI and the tests)."""
    label = slot.label or ""
    if slot.bye:
        return _("Bye")
    if label.startswith("Qualifier") and slot.seed is not None:
        return _("Qualifier %(n)s") % {"n": slot.seed}
    if slot.seed is not None:
        return _("Seed %(n)s") % {"n": slot.seed}
    if slot.source is None:
        return _(label)
    facts = {"match": slot.source, "n": slot.source_place}
    if label.startswith("Winner of"):
        return _("Winner of %(match)s") % facts
    if label.startswith("Loser of"):
        return _("Loser of %(match)s") % facts
    return _("Place %(n)s of %(match)s") % facts


#: Bracket column names the formats write (in English, for the CLI and tests), by pattern.
_COLUMN_NAMES = {
    "Final": gettext_noop("Final"),
    "Semi-finals": gettext_noop("Semi-finals"),
    "Quarter-finals": gettext_noop("Quarter-finals"),
    "Third place": gettext_noop("Third place"),
    "Grand final": gettext_noop("Grand final"),
    "Grand final reset": gettext_noop("Grand final reset"),
    "Final table": gettext_noop("Final table"),
    "Winners final": gettext_noop("Winners final"),
    "Winners semi-finals": gettext_noop("Winners semi-finals"),
    "Winners quarter-finals": gettext_noop("Winners quarter-finals"),
}
_NUMBERED_COLUMNS = (
    (re.compile(r"Winners round of (\d+)"), gettext_noop("Winners round of %(n)s")),
    (re.compile(r"Round of (\d+)"), gettext_noop("Round of %(n)s")),
    (re.compile(r"Losers round (\d+)"), gettext_noop("Losers round %(n)s")),
    (re.compile(r"Round (\d+)"), gettext_noop("Round %(n)s")),
)


def column_label(name: str) -> str:
    """A bracket column's name in the current language (an unknown name is shown as it is)."""
    if name in _COLUMN_NAMES:
        return _(_COLUMN_NAMES[name])
    for pattern, text in _NUMBERED_COLUMNS:
        found = pattern.fullmatch(name)
        if found:
            return _(text) % {"n": found.group(1)}
    return _(name)
