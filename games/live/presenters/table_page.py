"""The table page for one viewer: the seating page before a game, and everything of a game
in play (seats around the felt, hand, scores, log, result), put together from the other
presenters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games import engine
from games.engine.rules import NO_DRAW

from ...models import Game, Table
from ...services.pause import waited_seats
from .board import face_tile
from .event_note import event_context
from .giving_up import ways_out
from .hand import hand_buttons
from .narration import explain, last_game_line, move_log, your_news
from .seats import POSITIONS, seat_box, seat_cards, seat_view, team_legend
from .words import (
    and_list,
    bot_levels,
    clock_text,
    party_names,
    pause_text,
    seat_teams,
    vocabulary,
)


@dataclass(frozen=True)
class Viewer:
    """Everything about a viewer that changes the page: their seat (None for a watcher),
    whether they are signed in (watchers' buttons differ), whether they host the table (the
    host may start it and deal another set) and the language it is shown in."""

    seat: int | None
    signed_in: bool
    host: bool
    language: str
    barred: bool = False  # plays these same deals at another table: may not watch this one yet
    left: bool = False  # left the set being played (``services.leaving``): watches it now


def viewer_of(table: Table, seats: list, user, language: str) -> Viewer:
    signed_in = user is not None and user.is_authenticated
    seat = None
    if signed_in:
        seat = next((s.index for s in seats if s.player_id == user.pk), None)
    return Viewer(seat, signed_in, signed_in and user.pk == table.host_id, language)


def seating_of(seats: list) -> tuple:
    """What of the seats changes the page without a move: who sits where, and who is away or
    has a bot standing in. Part of a render's key, so a player coming back is seen at once."""
    return tuple((s.player_id, s.away_since is not None, s.stand_in) for s in seats)


def table_context(
    table: Table,
    seats: list,
    viewer: Viewer,
    game: Game | None = None,
    view: dict | None = None,
    fines: dict[int, int] | None = None,
    now=None,
    next_stake: int | None = None,
) -> dict:
    """What the table page shows ``viewer``: the rows and the engine's view for that seat in,
    a view model out. No queries and no caches here (rendering.py reads and caches); the board
    itself is ``board_context``, which rendering makes once per version."""
    rules = engine.STYLES[table.style]
    context: dict[str, Any] = {
        "table": table,
        "rules": rules,
        "words": vocabulary(rules),
        "won_by_games": rules.won_by_games,
        "viewer": viewer.seat,
        "viewer_info": viewer,
        "signed_in": viewer.signed_in,
        "seats": seats,
        "is_host": viewer.host,
        "version": None,
        "game": None,
    }
    if game is None or view is None:  # the seating page (every push of a game skips this)
        context.update({
            "all_seated": all(seat.player_id is not None for seat in seats),
            "seat_cards": seat_cards(table, seats, viewer.seat),
            "teams": team_legend(table, seats), "bot_levels": bot_levels(),
            "clock_text": clock_text(table.turn_clock),
            "pause_text": pause_text(table.result_pause),
        })  # fmt: skip
        return context
    context.update(
        _game_context(table, game, view, seats, viewer.seat, fines or {}, now, next_stake)
    )
    return context


def _game_context(
    table: Table, game: Game, view: dict, seats, viewer: int | None, fines: dict, now,
    next_stake: int | None,
) -> dict:  # fmt: skip
    rules = engine.STYLES[table.style]
    closed = game.state == Game.State.ABANDONED
    if closed:  # stopped by staff mid-game: nothing is playable, nobody is to play
        view = {**view, "legal": [], "turn": None}
    view = with_set_over(view, game.match)
    event = event_context(game.match.note or {}, view, seats, viewer, view["match"]["over"])
    n = table.seat_count
    anchor = viewer if viewer is not None else 0
    parties = view["parties"]
    team_of = seat_teams(parties)
    party_of = {s: i for i, members in enumerate(parties) for s in members}
    around = []
    language = get_language()
    for offset in range(n):
        index = (anchor + offset) % n
        box = seat_view(seats[index], index, view, viewer, party_of[index], team_of, language)
        box["position"] = POSITIONS[table.direction][n][offset]
        around.append(box)
    deadline = game.turn_deadline
    hand, targets = hand_buttons(view)
    scores = party_scores(view, seats, team_of)
    fixed = games_progress(game, game.match.note or {})
    partner_word = _("partner") if team_of else ""
    names = [s.player.name if s.player else "?" for s in seats]
    return {
        "game": game,
        "view": view,
        "version": game.version,
        "move_url": reverse("move", kwargs={"code": table.code}),
        "around": around,
        "around_html": mark_safe("".join(seat_box(seat, partner_word) for seat in around)),
        "hand": hand,
        "targets": targets,
        "picking": any(item["mode"] == "choose" for item in hand),
        "my_turn": viewer is not None and view.get("turn") == viewer,
        "draws": rules.draw_rule != NO_DRAW,
        "scores": scores,
        "score_rows_html": score_rows_html(scores, bool(view.get("result"))),
        "has_teams": bool(team_of),
        "set_watch": "" if fixed else set_watch(view, scores),
        "fixed_games": fixed,
        "log": (log_lines := move_log(game.recent, viewer, names)),
        "log_html": mark_safe("".join(f"<li>{escape(line)}</li>" for line in log_lines)),
        "result": None
        if closed and event and event["over"]  # the event's part says how the table ended
        else explain(view, seats, rules, fines, next_stake, closed),
        "event": event,
        "closed": closed,
        "reveal": revealed_hands(view, seats) if view.get("over") and view.get("hands") else None,
        "sealed": view.get("over") and view.get("hands") is None,
        "seconds_left": max(0, int((deadline - (now or timezone.now())).total_seconds()))
        if deadline
        else None,
        "deadline": deadline,
        "turn_name": seats[view["turn"]].player.name if view.get("turn") is not None else None,
        "pause": None if closed else result_pause(game, view, seats, viewer, now),
        "news": your_news(game.recent, view, viewer, rules, names) if not closed else [],
        "last_game": last_game_line(view, seats, rules),
        "ways_out": ways_out(game, viewer, rules),
    }


def result_pause(game: Game, view: dict, seats, viewer: int | None, now) -> dict | None:
    """The pause after a result (``services/pause.py``): the countdown to the next deal, the
    viewer's "Next game" button (a player the pause waits for, until they press it) and whom
    it still waits for. None while a game is played, once the set is over, or for a game
    finished before the pause existed (no ``next_at``)."""
    if not view.get("over") or view["match"]["over"] or game.next_at is None:
        return None
    left = max(0, int((game.next_at - (now or timezone.now())).total_seconds() + 0.999))
    clock = (
        f'<span class="clock" data-deadline="{game.next_at.isoformat()}" '
        f'aria-hidden="true">{left}s</span>'
    )
    ready = set(game.ready or [])
    waited = waited_seats(seats)
    waited_for = sorted(waited - ready)
    missing = [
        pgettext("one of those the table waits for", "you") if i == viewer
        else seats[i].player.name for i in waited_for
    ]  # fmt: skip
    waiting = _("Waiting for %(names)s.") % {"names": and_list(missing)} if missing else ""
    if waited_for == [viewer]:
        waiting = _("Waiting for you.")
    return {
        "line": mark_safe(escape(_("Next deal in %(clock)s")) % {"clock": clock}),
        "seconds": left,
        "can_press": viewer in waited and viewer not in ready,
        "pressed": viewer in ready,
        "waiting": waiting,
    }


def with_set_over(view: dict, match) -> dict:
    """The view with its set over when the set row says so (``Match.is_over``, the one answer):
    a set its event closed after a fixed number of games, or at a round's deadline, is over
    though the engine, which knows only the style's own ends, would play on."""
    if match.result == "aborted":  # dropped before its first move: over, but nobody's set
        return {**view, "match": {**view["match"], "result": match.result}}
    if view["match"]["over"] or not match.is_over:
        return view
    closed = {
        "over": True,
        "result": match.result,
        "winner": match.winner_party,
        "resigned": [i for i, p in enumerate(match.players or []) if p.get("resigned")],
    }
    return {**view, "match": {**view["match"], **closed}}


def score_rows_html(scores: list[dict], with_game: bool) -> SafeString:
    """The score table's rows (see ``seat_box`` for why here)."""
    rows = []
    for row in scores:
        team = f' class="team-{row["team"]}"' if row["team"] is not None else ""
        game = ""
        if with_game:
            game = f"<td>+{localize(row['points'])}</td>" if row["points"] else "<td>0</td>"
        rows.append(
            f"<tr{team}><td>{escape(row['names'])}</td>{game}<td>{localize(row['total'])}</td></tr>"
        )
    return mark_safe("".join(rows))  # names escaped, the rest numbers


def party_scores(view: dict, seats, team_of: dict[int, int]) -> list[dict]:
    rows = []
    result = view.get("result")
    for index, members in enumerate(view["parties"]):
        names, _count = party_names(view, seats, index)
        points = result["points"][index] if result else None
        rows.append({"party": index, "names": names, "total": view["totals"][index],
                     "points": points, "members": len(members),
                     "team": team_of.get(members[0])})  # fmt: skip
    return rows


def games_progress(game: Game, note: dict) -> str:
    """ "Game 1 of 2.": at a table its event closes after a fixed number of games (the note's
    ``games``), which says so in place of the style's own way to win the set (six love, a
    target) and of the six-love watch, neither of which the table will reach; "" elsewhere."""
    total = note.get("games")
    if not isinstance(total, int) or isinstance(total, bool) or total < 1:
        return ""
    return _("Game %(n)s of %(total)s.") % {"n": min(game.number, total), "total": total}


def set_watch(view: dict, scores: list[dict]) -> str:
    """The Jamaican set state in words: who is still on love, and how close a six love is."""
    if not engine.STYLES[view["style"]].won_by_games or view["match"]["over"]:
        return ""
    love = [row["names"] for row in scores if row["total"] == 0]
    if view["options"].get("first_to_six"):
        return _("First to six wins the set.")
    if not love:
        return ""
    leader = max(scores, key=lambda row: row["total"])
    if leader["total"] == 0:
        return ""
    lead = ngettext(
        "%(leader)s has %(n)s of 6.", "%(leader)s have %(n)s of 6.", leader["members"]
    ) % {"leader": leader["names"], "n": leader["total"]}
    return _("Still on love: %(names)s.") % {"names": and_list(love)} + " " + lead


def revealed_hands(view: dict, seats) -> list[dict]:
    result = view["result"]
    rows = []
    for index, hand in enumerate(view["hands"]):
        rows.append({
            "name": seats[index].player.name,
            "tiles": [face_tile(t) for t in hand],
            "count": result["counts"][index],
        })  # fmt: skip
    return rows
