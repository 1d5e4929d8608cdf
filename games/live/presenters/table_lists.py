"""Lists of tables: the lobby's and a player's own."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import engine

from ...models import Table
from .words import and_list, bot_label, parties_of, seat_teams, short_clock, vocabulary


def lobby_rows(tables) -> list[dict]:
    """Each listed table with its seats (bots with their level) and how many are open."""
    rows = []
    for table in tables:
        seats = list(table.seats.all())
        free = sum(1 for seat in seats if seat.player_id is None)
        if free:
            seats_text = ngettext(
                "%(n)s of %(total)s seat open", "%(n)s of %(total)s seats open", len(seats)
            ) % {"n": free, "total": len(seats)}
        else:
            seats_text = _("every seat taken")
        rows.append({
            "table": table,
            "seats": [{"player": seat.player,
                       "bot_label": bot_label(seat.player) if seat.player and seat.player.is_bot
                       else ""} for seat in seats],
            "open": free, "seats_text": seats_text, "clock_text": short_clock(table.turn_clock),
            "state_text": _state_text(table, free),
            "player_ids": [seat.player_id for seat in seats if seat.player_id is not None],
            "teams": bool(seat_teams(parties_of(table))),
        })  # fmt: skip
    return rows


def _state_text(table: Table, free: int) -> str:
    """The table's state for the lobby: a waiting table with every seat taken waits for its
    start, not for players."""
    if table.state == Table.State.OPEN and not free:
        return _("Ready to start")
    return table.get_state_display()


def my_table_rows(tables) -> list[dict]:
    """Each of a player's tables with who sits there and how its latest set or match stands."""
    rows = []
    for table in tables:
        seats = list(table.seats.all())
        names = [seat.player.name for seat in seats if seat.player is not None]
        matches = list(table.matches.all())
        rows.append({
            "table": table, "players": and_list(names),
            "result": _standing(table, matches[0]) if matches else "",
        })  # fmt: skip
    return rows


def _standing(table: Table, match) -> str:
    """ "Set 2: Marcia won (six love)." How the latest run of games at a table stands."""
    rules = engine.STYLES[table.style]
    run = vocabulary(rules)["run"]
    words = {"run": run.capitalize(), "n": match.number}
    if match.state == "abandoned" and match.result == "aborted":  # ``services.leaving``
        return _("%(run)s %(n)s was aborted before its first move.") % words
    if match.state == "abandoned":
        return _("%(run)s %(n)s was stopped before it ended.") % words
    if not match.is_over:
        return _("%(run)s %(n)s is being played.") % words
    if match.winner_party is None and match.result == "resigned":
        return _("%(run)s %(n)s: resigned, nobody won.") % words
    if match.winner_party is None:
        return _("%(run)s %(n)s: bruck, nobody won.") % words
    parties = parties_of(table)
    players = match.players or []
    members = parties[match.winner_party] if match.winner_party < len(parties) else []
    names = [players[s]["name"] for s in members if s < len(players)]
    how = {"six-love": _("six love"), "six": _("six"),
           "resigned": _("by resignation")}.get(match.result, "")  # fmt: skip
    text = ngettext("%(run)s %(n)s: %(names)s won", "%(run)s %(n)s: %(names)s won", len(names))
    text = text % {**words, "names": " & ".join(names)}
    return f"{text} ({how})." if how else f"{text}."
