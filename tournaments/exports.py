"""CSV files of an event: its entries, every round's pairings, the standings.

Built from a ``services.state.Snapshot`` (one read of the event), with the same names and
numbers the pages show, for spreadsheets and for posting on the club's notice board: each
entry's status says where it stands (playing, finished, withdrawn after round 2), a finished
event's standings carry every place, a games table is a link to its page, and a column that
does not apply to the event (a partner, a stage, a label, a pool) is left out. The view sends
them with a byte-order mark, so that a spreadsheet reads the names as UTF-8.

Every file is written by ``write_csv``, the site's one CSV writer: a text cell that a
spreadsheet would read as a formula (a name such as ``=HYPERLINK(...)``) is written as text.
Numbers stay numbers (``_numeric``), so a negative tiebreak is not taken for a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from django.utils import timezone
from django.utils.translation import gettext as _

from .director import log_rows
from .models import Tournament, table_label
from .presenters import (
    entry_name,
    entry_number,
    entry_statuses,
    number,
    numbered,
    shown_ranks,
    tiebreak_columns,
)
from .services.state import Snapshot

#: What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(cell: object) -> object:
    """A cell as the file holds it: numbers (and empty cells) as they are; anything else as
    text, quoted when a spreadsheet would run it as a formula (OWASP: a leading ')."""
    if cell is None or isinstance(cell, int | float):
        return cell
    text = str(cell)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def write_csv(rows: list[list[object]]) -> str:
    """The rows as CSV, each text cell through ``as_text``: every CSV the site writes."""
    out = io.StringIO()
    csv.writer(out).writerows([as_text(cell) for cell in row] for row in rows)
    return out.getvalue()


def _numeric(value: float | None) -> int | float | str:
    """Points and tiebreaks as ``presenters.number`` words them, kept a number for the file
    (empty for none), so that ``as_text`` never quotes a negative one."""
    text = number(value)
    if not text:
        return ""
    return int(text) if text.lstrip("-").isdigit() else float(text)


#: How a file names a table's games table: its full address (the request's host), or its code.
Link = Callable[[str], str]


def entries_csv(snap: Snapshot, link: Link | None = None) -> str:
    """One line per entry, by seed, with its number in the event (``presenters.numbered``, as
    the pages show it): where it stands (``presenters.entry_statuses``, not the stored
    "Registered" of everybody still in) and its final place; a partner column in pair events."""
    pairs = snap.tournament.pairs
    statuses = entry_statuses(snap, _standings(snap))
    header: list[object] = [_("no."), _("seed"), _("player")]
    header += [_("partner")] if pairs else []
    rows: list[list[object]] = [[*header, _("status"), _("final place")]]
    for entry in numbered(snap.entries):
        line: list[object] = [entry.number, entry.seed or "", entry.player.name]
        line += [entry.partner.name if entry.partner_id else ""] if pairs else []
        rows.append([*line, statuses[entry.pk], entry.final_place or ""])
    return write_csv(rows)


def pairings_csv(snap: Snapshot, link: Link | None = None) -> str:
    """One line per table of every round (and per bye): who sat where, their places and
    points, and the games table as a link to its page. The stage and label columns only where
    the event has them (a two-stage event's stages; brackets' and pools' labels)."""
    seats = max((len(t.seats) for r in snap.rounds for t in r.table_list), default=0)
    staged = any(row.stage.title for row in snap.rounds)
    labelled = any(t.label for row in snap.rounds for t in row.table_list)
    header: list[object] = [_("round"), *([_("stage")] if staged else []), _("table")]
    header += [_("label")] if labelled else []
    for index in range(1, seats + 1):
        header += [
            _("seat %(n)s") % {"n": index},
            _("place %(n)s") % {"n": index},
            _("points %(n)s") % {"n": index},
        ]
    header += [_("games table"), _("override reason")]
    rows = [header]
    for row in snap.rounds:
        lead: list[object] = [row.number, *([row.stage.title] if staged else [])]
        for table in row.table_list:
            line: list[object] = [*lead, table.number]
            line += [table_label(table.label)] if labelled else []
            for index in range(seats):
                if index < len(table.seats):
                    line += [
                        entry_name(snap.entries, table.seats[index]),
                        table.places[index] if table.places else "",
                        _numeric(table.points[index]) if table.points else "",
                    ]
                else:
                    line += ["", "", ""]
            line += [_games_table(table, link), table.override_reason]
            rows.append(line)
        for who in row.byes:
            bye = [*lead, _("bye"), *([""] if labelled else []), entry_name(snap.entries, who)]
            rows.append(bye)
    return write_csv(rows)


def _games_table(table, link: Link | None) -> str:
    if not table.table_id:
        return ""
    return link(table.table.code) if link is not None else table.table.code


def standings_csv(snap: Snapshot, link: Link | None = None) -> str:
    """The standings with every tiebreak and each entry's number; the rank as the pages show
    it (``presenters.shown_ranks``: a knockout's entrants still in play for places 1 to 8);
    the place filled for every entry once the event is finished (its final place), and for a
    knockout's eliminated before; the pool column only in an event of pools."""
    columns = tiebreak_columns(snap)
    lines = _standings(snap)
    pools = any(line.pool for line in lines)
    statuses = entry_statuses(snap, lines)
    finished = snap.tournament.state == Tournament.State.FINISHED
    dup = any(line.duplicate is not None for line in lines)
    scored = []
    if dup:
        scored = [_("deals"), _("matchpoints"), _("top"), _("total of percentages"),
                  _("percentage")]  # fmt: skip
    rows: list[list[object]] = [
        [_("rank"), _("no."), _("entry"), *([_("pool")] if pools else []), *scored, _("points"),
         _("played"), _("wins"), _("byes"), *(heading for _key, heading, _abbr in columns),
         _("place"), _("status")]
    ]  # fmt: skip
    for line, rank in zip(lines, shown_ranks(snap, lines), strict=True):
        entry = snap.entries.get(line.entrant)
        place = entry.final_place if finished and entry is not None else line.place
        rows.append([
            rank, entry_number(snap.entries, line.entrant) or "",
            entry_name(snap.entries, line.entrant), *([line.pool] if pools else []),
            *(_duplicate_cells(line.duplicate) if dup else []),
            _numeric(line.points), line.played, line.wins, line.byes,
            *(_numeric(line.tiebreaks.get(key)) for key, _h, _a in columns),
            place or "", statuses.get(line.entrant, ""),
        ])  # fmt: skip
    return write_csv(rows)


def _duplicate_cells(total) -> list[object]:
    """An entry's deals, matchpoints and top added up, the sum of its percentages and their
    mean (the standings' order), as numbers."""
    if total is None or not total.deals:
        return [0, 0, 0, "", ""]
    return [total.deals, _fraction(total.matchpoints), total.top,
            _fraction(total.total), _fraction(total.percentage)]  # fmt: skip


def _fraction(value) -> int | float:
    """A matchpoint total or a percentage: whole when it is, else to four decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 4)


def deals_csv(snap: Snapshot, link: Link | None = None) -> str:
    """One line per holder of every deal and seat of every finished round of a same-deals
    event: its table, who held the seat, what the game gave it (the figures the style's
    comparison reads: points, winner, count left in the party's hands), and its matchpoints,
    top and percentage, or the average it was given. Enough to recompute every score, and the
    standings from them (docs/tournaments.md, "Duplicate scoring"). A round still being played
    is left out for everyone: its deals are not public yet."""
    tournament = snap.tournament
    rows: list[list[object]] = [
        [_("round"), _("deal"), _("seat"), _("table"), _("no."), _("holder"), _("posed"),
         _("points"), _("won"), _("count"), _("how it ended"), _("matchpoints"), _("top"),
         _("percentage"), _("average")]
    ]  # fmt: skip
    if not tournament.same_deals:
        return write_csv(rows)
    finished = {r.number for r in snap.rounds if r.state == r.State.FINISHED}
    for one in snap.duplicate_scores:
        if one.number not in finished:
            continue
        for deal in one.deals:
            for seat in deal.seats:
                for holder in seat.holders:
                    rows.append(_holder_row(snap, one.number, deal.number, seat, holder))
    return write_csv(rows)


def how_words() -> dict[str, str]:
    return {"domino": _("domino"), "blocked": _("blocked")}


def _holder_row(snap: Snapshot, round_number: int, deal: int, seat, holder) -> list[object]:
    score = holder.score
    who = (entry_name(snap.entries, holder.entrant) if holder.entrant is not None
           else (holder.bot_name or _("Bot")) + " (" + _("bot") + ")")  # fmt: skip
    played = holder.played
    return [
        round_number, deal, seat.position + 1, holder.table,
        entry_number(snap.entries, holder.entrant) or "" if holder.entrant is not None else "",
        who, (_("yes") if holder.posed else "") if played else "",
        holder.points if played else "", (1 if holder.won else 0) if played else "",
        holder.count if played else "", how_words().get(holder.how, "") if played else "",
        _fraction(score.matchpoints), score.top, _fraction(score.percentage),
        score.average,
    ]  # fmt: skip


def _standings(snap: Snapshot) -> list:
    return snap.standings() if snap.rounds else []


def log_csv(snap: Snapshot, link: Link | None = None) -> str:
    """The event's log (``director.log_rows``), newest first: every result set by hand, round
    taken back, voided or paired again, and the event reopened and finished again, with who,
    when (ISO 8601, in the site's time zone) and why. For the organisers only: reasons are
    theirs."""
    rows: list[list[object]] = [
        [_("when"), _("what"), _("round"), _("table"), _("who"), _("why"), _("details")]
    ]
    for row in log_rows(snap.tournament):
        when = timezone.localtime(row.at).isoformat(timespec="seconds")
        rows.append([when, row.what, row.round or "", row.table or "", row.by, row.reason,
                     row.detail])  # fmt: skip
    return write_csv(rows)


EXPORTS = {
    "entries": entries_csv, "pairings": pairings_csv, "standings": standings_csv, "log": log_csv,
    "deals": deals_csv,
}  # fmt: skip
#: Files only the event's organisers may download (the others: whoever may see the event).
ORGANISERS_ONLY = frozenset({"log"})
