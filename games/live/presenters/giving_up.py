"""The words of the ways out of a table (``services.leaving``): the table's buttons and the
confirmation page, which says what a way does before it is done (at an event's table, what it
means for the event: a forfeit of this table)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import engine
from games.engine.rules import make_rules

from ...models import Game
from ...services import leaving
from .words import vocabulary


def button_words(way: str, rules: type[engine.Rules]) -> str:
    """The table's button for a way out (it opens the confirmation)."""
    run = vocabulary(rules)["run"]
    return {
        leaving.ABORT: _("Abort the %(run)s…") % {"run": run},
        leaving.RESIGN: _("Resign…"),
        leaving.LEAVE: _("Leave the table…"),
    }[way]


def ways_out(game: Game, seat: int | None, rules: type[engine.Rules]) -> list[dict]:
    """The table's buttons for the ways out this seat has now (``leaving.offers``)."""
    return [{"way": way, "label": button_words(way, rules)} for way in leaving.offers(game, seat)]


def confirmation(way: str, game: Game, seat: int, names: list[str]) -> dict:
    """The confirmation page of ``way`` for the player of ``seat``: a heading, what it does
    (for the pair in a partnership style, for the event at an event's table) and the button."""
    match, table = game.match, game.match.table
    rules = engine.STYLES[table.style]
    run = vocabulary(rules)["run"]
    parties = make_rules(table.style, table.seat_count, table.options).parties
    mates = [names[s] for p in parties if seat in p for s in p if s != seat]
    event = (match.note or {}).get("event") if leaving.is_event_table(match) else ""
    lines: list[str] = []
    if way == leaving.ABORT:
        heading = _("Abort this %(run)s?") % {"run": run}
        lines.append(_("Nobody has played yet. The %(run)s is dropped and the table closes: "
                       "nothing of it counts and nothing is rated.") % {"run": run})  # fmt: skip
        button = _("Abort the %(run)s") % {"run": run}
    elif way == leaving.RESIGN:
        heading = _("Resign this %(run)s?") % {"run": run}
        if mates:
            lines.append(_("You resign for your pair: %(mates)s loses it with you.")
                         % {"mates": " & ".join(mates)})  # fmt: skip
        lines.append(_("The %(run)s ends now and the others win it.") % {"run": run})
        if table.rated:
            lines.append(_("The game being played is rated as a loss for your side."))
        if event:
            lines.append(_("At %(event)s this is a forfeit of this table: you come last here.")
                         % {"event": event})  # fmt: skip
        button = _("Resign")
    else:
        heading = _("Leave this table?")
        lines.append(_("A bot takes your seat and plays it to the end of the %(run)s. You can "
                       "watch, but not come back to the seat.") % {"run": run})  # fmt: skip
        if mates:
            lines.append(_("Your partner %(mates)s plays on with the bot.")
                         % {"mates": " & ".join(mates)})  # fmt: skip
        if table.rated:
            lines.append(_("From this game on, the %(run)s is the bot's, not yours: it is not "
                           "rated, for you or anyone at the table.") % {"run": run})  # fmt: skip
        if event:
            lines.append(_("At %(event)s leaving is a forfeit of this table: you come last "
                           "here, whatever the bot does.") % {"event": event})  # fmt: skip
        button = _("Leave the table")
    return {"heading": heading, "lines": lines, "button": button, "way": way}


def done_words(way: str) -> str:
    """What the table says once a way out is done (a message on the next page)."""
    return {
        leaving.ABORT: _("Aborted: nothing of it counts."),
        leaving.RESIGN: _("You resigned."),
        leaving.LEAVE: _("You left the table: a bot plays your seat to the end."),
    }[way]
