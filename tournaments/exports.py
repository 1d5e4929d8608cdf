"""CSV files of an event: its entries, every round's pairings, the standings.

Built from a ``services.state.Snapshot`` (one read of the event), with the same names and
numbers the pages show, for spreadsheets and for posting on the club's notice board.

Every file is written by ``write_csv``, the site's one CSV writer: a text cell that a
spreadsheet would read as a formula (a name such as ``=HYPERLINK(...)``) is written as text.
Numbers stay numbers (``_numeric``), so a negative tiebreak is not taken for a formula.
"""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext as _

from .models import table_label
from .presenters import entry_name, number, tiebreak_columns
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


def entries_csv(snap: Snapshot) -> str:
    rows: list[list[object]] = [
        [_("entry"), _("seed"), _("player"), _("partner"), _("status"), _("final place")]
    ]
    for entry in snap.entries.values():
        rows.append([
            entry.pk, entry.seed or "", entry.player.name,
            entry.partner.name if entry.partner_id else "", entry.get_status_display(),
            entry.final_place or "",
        ])  # fmt: skip
    return write_csv(rows)


def pairings_csv(snap: Snapshot) -> str:
    seats = max((len(t.seats) for r in snap.rounds for t in r.table_list), default=0)
    header: list[object] = [_("round"), _("stage"), _("table"), _("label")]
    for index in range(1, seats + 1):
        header += [
            _("seat %(n)s") % {"n": index},
            _("place %(n)s") % {"n": index},
            _("points %(n)s") % {"n": index},
        ]
    header += [_("games table"), _("override reason")]
    rows = [header]
    for row in snap.rounds:
        for table in row.table_list:
            label = table_label(table.label)
            line: list[object] = [row.number, row.stage.title, table.number, label]
            for index in range(seats):
                if index < len(table.seats):
                    line += [
                        entry_name(snap.entries, table.seats[index]),
                        table.places[index] if table.places else "",
                        _numeric(table.points[index]) if table.points else "",
                    ]
                else:
                    line += ["", "", ""]
            line += [table.table.code if table.table_id else "", table.override_reason]
            rows.append(line)
        for who in row.byes:
            rows.append([row.number, row.stage.title, "", _("bye"), entry_name(snap.entries, who)])
    return write_csv(rows)


def standings_csv(snap: Snapshot) -> str:
    columns = tiebreak_columns(snap)
    rows: list[list[object]] = [
        [_("rank"), _("entry"), _("pool"), _("points"), _("played"), _("wins"), _("byes"),
         *(heading for _key, heading, _abbr in columns), _("place"), _("status")]
    ]  # fmt: skip
    for line in snap.standings() if snap.rounds else []:
        entry = snap.entries.get(line.entrant)
        rows.append([
            line.rank, entry_name(snap.entries, line.entrant), line.pool, _numeric(line.points),
            line.played, line.wins, line.byes,
            *(_numeric(line.tiebreaks.get(key)) for key, _h, _a in columns),
            line.place or "", entry.get_status_display() if entry else "",
        ])  # fmt: skip
    return write_csv(rows)


EXPORTS = {"entries": entries_csv, "pairings": pairings_csv, "standings": standings_csv}
