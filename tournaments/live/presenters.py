"""What the live parts show, built from a ``services.state.Snapshot`` (no queries): the
current round's tables with their live scores, a line saying where the event is, the clocks
counting down to what comes next, and the club-night screen's pages. The standings and bracket
are the event page's own (``tournaments.presenters``), so the live page and a reload always
agree.

A clock (``Clock``) is rendered with its time and the words for what is left, and
``static/js/countdown.js`` counts it down each second in the browser (minutes, then seconds
under a minute). It is a ``timer`` (not a live region): a screen reader reads it when asked and
is never told each second; the status line above it, a polite live region, says the times
themselves ("Round 1 starts at 20:15.") and changes only when they do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..formats import FormatError
from ..models import Entry, Round, TableAssignment, Tournament, table_label
from ..presenters import (
    BracketView,
    StandingView,
    and_list,
    entry_name,
    event_context,
    forfeit_names,
    is_live,
    is_sealed,
    numbered,
    seat_name,
    waits_for,
)
from ..services.in_play import DealWait, as_players_see, deal_waits, in_play, is_withheld
from ..services.notes import public_notice
from ..services.state import Snapshot

#: The screen shows this many tables and standings rows at once; more are cycled through.
SCREEN_TABLES = 20
SCREEN_STANDINGS = 16
#: Names longer than this (characters) wrap on a table card of the screen's four columns, and
#: on the standings' line: the screen then shows fewer at once, so that every name is whole.
SCREEN_SHORT_NAME = 20
#: A knockout's bracket is shown on the screen from its first column of at most this many
#: seats (the quarter-finals on, or a table knockout's last two rounds), while the round has at
#: most this many seats at its tables: a column of 32 matches would not fit across a room.
SCREEN_BRACKET_SEATS = 8


@dataclass
class LiveSeat:
    name: str
    bot: bool
    score: int | None
    place: int | None
    entered: bool = True  # False: a seat the format left to a bot


@dataclass
class LiveTable:
    number: int
    label: str
    state: str
    state_label: str
    seats: list[LiveSeat]
    code: str | None
    forfeited: list[str] = field(default_factory=list)  # who lost it by leaving or not coming
    live: bool = False  # its set is being played now: there is something to watch
    sealed: bool = False  # its deals are also being played at other tables (same deals)
    withheld: bool = False  # a round in play: its result is not shown (``services.in_play``)
    waits: list[str] = field(default_factory=list)  # finished: which tables its deals wait for


@dataclass
class LiveRound:
    number: int
    state: str
    tables: list[LiveTable]
    byes: list[str]
    finished_tables: int
    starts_at: datetime | None
    deadline: datetime | None = None
    walkovers: list[str] = field(default_factory=list)
    waits_for: str = ""  # some tables finished: which it still waits for
    in_play: bool = False  # same deals being played: results not for players (``in_play``)


def _score(totals: list, index: int, seats: int) -> int | None:
    """The set total of a format seat's party: one per seat, or per team where partners
    share one (a pair's two players, or seats 0 and 2 against 1 and 3)."""
    if not totals:
        return None
    if len(totals) == seats:
        return totals[index]
    return totals[index % len(totals)]


def live_table(row: TableAssignment, snap: Snapshot) -> LiveTable:
    totals = list(row.match.totals or []) if row.match_id and row.match else []
    seats = []
    for index, who in enumerate(row.seats):
        entry = snap.entries.get(who) if who is not None else None
        bot = who is None or (entry is not None and entry.player.is_bot)
        place = row.places[index] if row.places else None
        score = _score(totals, index, len(row.seats)) if row.state != "seated" else None
        name = seat_name(row, index, snap.entries)
        seats.append(LiveSeat(name, bot, score, place, who is not None))
    code = row.table.code if row.table_id and row.table else None
    label, state = table_label(row.label), row.get_state_display()
    forfeited = forfeit_names(row, snap.entries)
    return LiveTable(
        row.number, label, row.state, state, seats, code, forfeited, is_live(row), is_sealed(row),
        is_withheld(row),
    )  # fmt: skip


def current_round(snap: Snapshot) -> LiveRound | None:
    if not snap.rounds:
        return None
    row = snap.rounds[-1]
    tables = [live_table(t, snap) for t in row.table_list]
    done = sum(t.state == TableAssignment.State.FINISHED for t in tables)
    byes = [entry_name(snap.entries, who) for who in row.byes]
    walkovers = [entry_name(snap.entries, who) for who in row.walkovers or ()]
    return LiveRound(
        row.number, row.state, tables, byes, done, row.starts_at, row.deadline, walkovers,
        waits_for(row), in_play(snap.tournament, row),
    )  # fmt: skip


def deal_runs(deals: tuple[int, ...]) -> str:
    """Deal numbers as people write them: "1 to 3" as a run with an en dash, then "and 5"."""
    runs: list[list[int]] = []
    for deal in deals:
        if runs and deal == runs[-1][-1] + 1:
            runs[-1].append(deal)
        else:
            runs.append([deal])
    words: list[str] = []
    for run in runs:
        if len(run) > 2:
            words.append(f"{run[0]}\N{EN DASH}{run[-1]}")
        else:
            words.extend(str(deal) for deal in run)
    return and_list(words)


def wait_lines(waits: list[DealWait]) -> list[str]:
    """ "Deal 3: waiting for tables 2 and 4.", for each group of a finished table's deals still
    to be played elsewhere (``services.in_play.deal_waits``)."""
    lines = []
    for wait in waits:
        deals = ngettext("Deal %(deals)s", "Deals %(deals)s", len(wait.deals)) % {
            "deals": deal_runs(wait.deals)
        }  # fmt: skip
        lines.append(ngettext(
            "%(deals)s: waiting for table %(tables)s.",
            "%(deals)s: waiting for tables %(tables)s.",
            len(wait.tables),
        ) % {"deals": deals, "tables": and_list([str(n) for n in wait.tables])})  # fmt: skip
    return lines


def with_waits(live: LiveRound | None, snap: Snapshot) -> LiveRound | None:
    """The current round, each finished table of a round in play saying which tables its deals
    still wait for (one query, for such a round only)."""
    if live is None or not live.in_play or not live.finished_tables:
        return live
    waits = deal_waits(snap.rounds[-1])
    for table in live.tables:
        table.waits = wait_lines(waits.get(table.number, []))
    return live


def clock(moment: datetime | None) -> str:
    """20:15, in the site's time zone (a club night's screen tells the time of the room)."""
    if moment is None:
        return ""
    return time_format(timezone.localtime(moment), "H:i")


def moment(when: datetime | None, now: datetime | None = None) -> str:
    """A time as the event page says it: "20:15" today, with the date on another day."""
    if when is None:
        return ""
    local = timezone.localtime(when)
    if local.date() == timezone.localtime(now or timezone.now()).date():
        return clock(when)
    return date_format(local, "DATETIME_FORMAT")


def event_times(event: Tournament) -> dict[str, str]:
    """When check-in opens and the event starts, as the "Entering" part says them."""
    return {"checkin_at": moment(event.checkin_opens_at), "start_at": moment(event.starts_at)}


def status_line(snap: Snapshot, live: LiveRound | None) -> str:
    """One sentence: where the event is and what comes next."""
    event = snap.tournament
    S = Tournament.State
    if event.state in (S.REGISTRATION, S.CHECKIN, S.DRAFT):
        opening = _("Check-in is open.") if event.state == S.CHECKIN else ""
        if event.state != S.CHECKIN and event.checkin_opens_at:
            opening = _("Check-in opens at %(time)s.") % {"time": clock(event.checkin_opens_at)}
        if event.starts_at:
            starts = _("Round 1 starts at %(time)s.") % {"time": clock(event.starts_at)}
            return f"{opening} {starts}".strip()
        return opening or _("Registration is open.")
    if event.state == S.CANCELLED:
        return _("The event is cancelled.")
    if event.state == S.FINISHED or live is None:
        return _("The event is over.") if event.state == S.FINISHED else ""
    if live.state == Round.State.SEATED:
        if live.starts_at:
            return _("Round %(n)s starts at %(time)s.") % {
                "n": live.number, "time": clock(live.starts_at)
            }  # fmt: skip
        return _("Round %(n)s is seated.") % {"n": live.number}
    if live.state == Round.State.FINISHED:
        at = event.moves_on_at
        if at is not None and at > timezone.now():  # the pause for corrections
            if _round_to_come(snap):
                return _("Round %(n)s will be paired at %(time)s.") % {
                    "n": live.number + 1, "time": clock(at)
                }  # fmt: skip
            return _("The results are final at %(time)s.") % {"time": clock(at)}
        return _("Round %(n)s is finished; the next round comes soon.") % {"n": live.number}
    playing = _("Round %(n)s: %(done)s of %(all)s tables finished.") % {
        "n": live.number, "done": live.finished_tables, "all": len(live.tables)
    }  # fmt: skip
    if live.deadline:
        playing += " " + _("Deadline %(time)s.") % {"time": clock(live.deadline)}
    return playing


def _round_to_come(snap: Snapshot) -> bool:
    """Whether the event pairs another round after the pause for corrections (or finishes)."""
    try:
        return snap.round_to_come()
    except FormatError:
        return False


@dataclass
class Clock:
    """A countdown to one moment: its words with the time left in them (``html``, the time
    left in a ``countdown`` timer the browser counts down), and the moment itself."""

    html: SafeString
    at: datetime


#: The words of a countdown, the browser's too (``data-*`` of each timer): %(n)s is a number.
COUNTDOWN_WORDS = {
    "hours": lambda: _("%(h)s h %(m)s min"),
    "minutes": lambda: _("%(n)s min"),
    "seconds": lambda: _("%(n)s s"),
    "due": lambda: _("any moment now"),
}


def time_left(seconds: float) -> str:
    """What a countdown shows: whole minutes (rounded up) from a minute on, seconds under a
    minute, hours and minutes from an hour on."""
    seconds = math.ceil(seconds)
    if seconds <= 0:
        return COUNTDOWN_WORDS["due"]()
    if seconds < 60:
        return COUNTDOWN_WORDS["seconds"]() % {"n": seconds}
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return COUNTDOWN_WORDS["minutes"]() % {"n": minutes}
    return COUNTDOWN_WORDS["hours"]() % {"h": minutes // 60, "m": f"{minutes % 60:02d}"}


def countdown(at: datetime, now: datetime) -> SafeString:
    """The time left until ``at`` as a timer the browser counts down (``countdown.js``, which
    reads the words from its data attributes and the server's time, so a wrong clock on the
    device does not matter)."""
    words = {name: make() for name, make in COUNTDOWN_WORDS.items()}
    return format_html(
        '<span class="countdown" role="timer" data-until="{}" data-now="{}" data-hours="{}" '
        'data-minutes="{}" data-seconds="{}" data-due="{}">{}</span>',
        at.isoformat(), now.isoformat(), words["hours"], words["minutes"], words["seconds"],
        words["due"], time_left((at - now).total_seconds()),
    )  # fmt: skip


def clocks(snap: Snapshot, now: datetime | None = None) -> list[Clock]:
    """The countdowns of what comes next: check-in opening, the start, the next round's start
    (only moments still to come)."""
    now = now or timezone.now()
    event = snap.tournament
    S = Tournament.State
    moments: list[tuple[str, dict, datetime | None]] = []
    if event.state in (S.DRAFT, S.REGISTRATION):
        moments.append((_("Check-in opens in %(left)s."), {}, event.checkin_opens_at))
    if event.state in (S.REGISTRATION, S.CHECKIN):
        moments.append((_("Round 1 starts in %(left)s."), {}, event.starts_at))
    if event.state == S.RUNNING and snap.rounds:
        row = snap.rounds[-1]
        if row.state == Round.State.SEATED:
            words = _("Round %(n)s starts in %(left)s.")
            moments.append((words, {"n": row.number}, row.starts_at))
        if row.state == Round.State.FINISHED and event.moves_on_at is not None:
            if _round_to_come(snap):
                words = _("Round %(n)s is paired in %(left)s.")
                moments.append((words, {"n": row.number + 1}, event.moves_on_at))
            else:
                moments.append((_("The results are final in %(left)s."), {}, event.moves_on_at))
    found = []
    for words, params, at in moments:
        if at is not None and at > now:
            text = escape(words) % {**params, "left": countdown(at, now)}
            found.append(Clock(mark_safe(text), at))  # the words escaped, the timer ours
    return found


def live_context(snap: Snapshot, organiser: bool = False) -> dict:
    """The event page's live part: the standings, bracket and rounds of the page, the current
    round with its scores, the status line, the clocks, the event's note for everyone (who the
    start withdrew), and the entries by seed with their numbers and where each stands.

    A round of same deals in play shows no table's result (``services.in_play``) but to an
    ``organiser`` (``in_play.sees_in_play``), whose page says it is not to be shown (``unshown``).
    """
    shown = snap if organiser else as_players_see(snap)
    live = with_waits(current_round(shown), shown)
    context = event_context(shown)
    return {
        "unshown": organiser and bool(context["in_play"]),
        **context,
        "earlier": context["rounds"][:-1],
        "event": snap.tournament,
        "kind": snap.tournament.kind,
        "live": live,
        "status": status_line(snap, live),
        "clocks": clocks(snap),
        "note": public_notice(snap.tournament),
        **event_times(snap.tournament),
    }


@dataclass
class ScreenPage:
    """What the screen shows at one moment: a page of tables and a page of standings."""

    index: int
    count: int
    tables: list[LiveTable]
    standings: list[StandingView]
    first_table: int
    first_rank: int
    last_table: int
    last_rank: int
    standing_pages: int
    columns: int = 4  # the tables' columns across a wide screen (``screen_columns``)


@dataclass(frozen=True)
class ScreenLayout:
    """How much of the round the screen shows at once: tables per page, standings rows per
    page, and the tables' columns on a wide screen."""

    tables: int = SCREEN_TABLES
    rows: int = SCREEN_STANDINGS
    columns: int = 4


def screen_layout(live: LiveRound | None, standings: list[StandingView]) -> ScreenLayout:
    """Every name whole, across the whole width: a round of long names (pairs, full names)
    shows fewer tables a page, in three columns, and fewer standings rows, so that names wrap
    instead of being cut; a round of few tables spreads them over the width in bigger type."""
    tables = live.tables if live is not None else []
    longest = max((len(seat.name) for t in tables for seat in t.seats), default=0)
    rows = SCREEN_STANDINGS
    if max((len(row.name) for row in standings), default=0) > SCREEN_SHORT_NAME:
        rows = SCREEN_STANDINGS * 3 // 4
    if longest > SCREEN_SHORT_NAME * 2:
        return ScreenLayout(9, rows, screen_columns(min(len(tables), 9), widest=3))
    if longest > SCREEN_SHORT_NAME:
        return ScreenLayout(12, rows, screen_columns(min(len(tables), 12), widest=3))
    return ScreenLayout(SCREEN_TABLES, rows, screen_columns(min(len(tables), SCREEN_TABLES)))


def screen_columns(count: int, widest: int = 4) -> int:
    """Columns for ``count`` tables: one alone fills the width, two to four share it in two,
    up to nine in three, more in four (at most ``widest``)."""
    for columns, most in ((1, 1), (2, 4), (3, 9)):
        if count <= most:
            return min(columns, widest)
    return widest


def pages_needed(snap_tables: int, standing_rows: int, layout: ScreenLayout | None = None) -> int:
    layout = layout or ScreenLayout()
    return max(
        1, math.ceil(snap_tables / layout.tables), math.ceil(standing_rows / layout.rows)
    )  # fmt: skip


def screen_page(live: LiveRound | None, standings: list[StandingView], index: int,
                layout: ScreenLayout | None = None) -> ScreenPage:  # fmt: skip
    """Page ``index`` (cycled) of the tables and of the standings, each wrapping on its own."""
    layout = layout or ScreenLayout()
    tables = live.tables if live is not None else []
    count = pages_needed(len(tables), len(standings), layout)
    index %= count
    table_pages = max(1, math.ceil(len(tables) / layout.tables))
    standing_pages = max(1, math.ceil(len(standings) / layout.rows))
    t0 = (index % table_pages) * layout.tables
    s0 = (index % standing_pages) * layout.rows
    shown = tables[t0 : t0 + layout.tables]
    rows = standings[s0 : s0 + layout.rows]
    return ScreenPage(
        index, count, shown, rows, t0 + 1, s0 + 1, shown[-1].number if shown else 0,
        s0 + len(rows), standing_pages, layout.columns,
    )  # fmt: skip


def screen_bracket(bracket: BracketView | None, seats: int) -> BracketView | None:
    """A knockout's bracket as the screen shows it, under the round's tables: from its first
    column of at most ``SCREEN_BRACKET_SEATS`` seats on (so from the quarter-finals), and only
    while the round's tables (``seats`` in all) leave it room."""
    if bracket is None or seats > 2 * SCREEN_BRACKET_SEATS:
        return None

    def size(column) -> int:
        return sum(len(match.slots) for match in column.matches)

    parts = []
    for name, columns in bracket.parts:
        kept = columns
        while len(kept) > 1 and size(kept[0]) > SCREEN_BRACKET_SEATS:
            kept = kept[1:]
        if kept and size(kept[0]) <= SCREEN_BRACKET_SEATS:
            parts.append((name, kept))
    if not parts:
        return None
    return BracketView([c for _name, columns in parts for c in columns], bracket.champion, parts)


@dataclass
class Entrant:
    name: str
    checked_in: bool
    number: int


def entrants(snap: Snapshot, limit: int = SCREEN_TABLES * 2) -> list[Entrant]:
    """Who is in, before round 1, listed by seed with their numbers (as every page lists
    them), for the screen while players arrive."""
    rows = [e for e in numbered(snap.entries) if e.active]
    return [Entrant(e.name, e.status == Entry.Status.CHECKED_IN, e.number) for e in rows[:limit]]


def screen_context(snap: Snapshot, index: int = 0) -> dict:
    """The club-night screen: status, the current round's tables and the standings, paged (as
    many as fit with every name whole: ``screen_layout``), a knockout's bracket from the
    quarter-finals on; before round 1, who has entered and checked in. The whole room sees it:
    a round of same deals in play shows no table's result, whoever put it up
    (``services.in_play``)."""
    context = live_context(snap)
    live, standings = context["live"], context["standings"]
    context["page"] = screen_page(live, standings, index, screen_layout(live, standings))
    seats = sum(len(table.seats) for table in live.tables) if live is not None else 0
    context["screen_bracket"] = screen_bracket(context["bracket"], seats)
    if context["live"] is None:
        active = [e for e in snap.entries.values() if e.active]
        context["entrants"] = entrants(snap)
        context["entered"] = len(active)
        context["checked_in"] = sum(e.status == Entry.Status.CHECKED_IN for e in active)
    return context
