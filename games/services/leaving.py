"""The ways out of a running table: abort, resign, leave. The rules are here and nowhere else.

- **Abort** (``abort``): before the first move of a set that nobody has chosen yet (a forced
  pass is nobody's move), a seated person may drop the table. The set and its game are
  abandoned, the set's ``result`` reads ``"aborted"``, and nothing is rated (abandoned games
  never are). An event's table cannot be aborted: the event seated it, and only the event
  (its organiser, its forfeits) may end it.
- **Resign** (``resign``): a seated person gives up the set; in a partnership style, for the
  pair. The set is over at once (``result`` ``"resigned"``), the resigning party placed last
  and the others ahead of it by their totals (in two parties the other one wins it). The game
  in play, if any, stops (it is abandoned, so no record or replay pretends it was finished) and
  keeps a small result saying who resigned; that game is rated as a loss for the resigning
  party and a shared first place for the others (``outcomes.game_places``). Resigning between
  two games rates nothing more: the games already played were rated as they ended.
- **Leave** (``leave``): a seated person gets up for good. A bot stands in for the seat for
  the rest of the set (``Seat.stand_in``, which their coming back does not end), and the seat
  is marked left in the set's players (``Match.players[seat]["left"]``, the number of the game
  it was left in). From that game on the set is the bot's: every game finished since counts the
  seat as played by the server, so by the stand-in rule of docs/ratings.md it changes nobody's
  rating (neither the leaver's nor the bot's, nor the others', whose result came against a
  stand-in). The leaver watches from then on; they can no longer move for the seat.

Each sends ``signals.seat_given_up`` on commit (before the set's own signals), which an event
hears as a forfeit of that table by the leaver's entry (``tournaments``; games never asks).
Each change is announced to the table like a move, so every screen shows it at once.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine

from .. import signals
from ..models import Game, Match, Move, Seat, Table
from . import notify, outcomes, presence, reads
from .errors import TableError

ABORT, RESIGN, LEAVE = "abort", "resign", "leave"
WAYS = (ABORT, RESIGN, LEAVE)
#: ``Match.result`` of a set aborted or resigned (``Match.result`` holds 12 characters).
ABORTED, RESIGNED = "aborted", "resigned"


def has_left(match: Match | None, seat: int) -> bool:
    """Whether the player of ``seat`` left this set (a bot plays the seat to its end)."""
    if match is None or not 0 <= seat < len(match.players or []):
        return False
    return bool(match.players[seat].get("left"))


def is_event_table(match: Match | None) -> bool:
    """Whether an event seated this set (its note names the event: ``services/notes.py``)."""
    return bool(match is not None and (match.note or {}).get("event"))


def nobody_chose_yet(game: Game | None) -> bool:
    """The first game of the set, with no move that anyone chose (forced moves do not count):
    read from the moves kept on the game row, so the page can ask without a query."""
    if game is None or game.number != 1 or game.state != Game.State.PLAYING:
        return False
    return all(item[5] == Move.Reason.FORCED for item in game.recent or [])


def offers(game: Game | None, seat: int | None) -> list[str]:
    """The ways out this seat has now (the page's buttons and the services' checks agree):
    none to a watcher, a bot or a seat already left, none once the set is over."""
    if game is None or seat is None:
        return []
    match = game.match
    if match.state != Match.State.PLAYING or has_left(match, seat):
        return []
    if (match.players or [{}] * (seat + 1))[seat].get("bot"):
        return []
    ways = [ABORT] if nobody_chose_yet(game) and not is_event_table(match) else []
    return [*ways, RESIGN, LEAVE]


def ways_for(table: Table, user) -> tuple[list[str], Game | None, int | None]:
    """What this user may do to get out of the table now, with the latest game and their seat:
    plain reads, for the confirmation page (the services check again under the lock)."""
    if user is None or not user.is_authenticated:
        return [], None, None
    seat = reads.seat_of(table, user)
    game = reads.latest_game(table.pk)
    return offers(game, seat), game, seat


def abort(table: Table, user) -> Match:
    """Drop the table before the set's first move: nothing of it counts."""
    with transaction.atomic():
        match, game, seat = _locked(table, user)
        if ABORT not in offers(game, seat.index):
            if is_event_table(match):
                raise TableError(_("An event's table cannot be aborted: only its event can "
                                   "end it."))  # fmt: skip
            raise TableError(_("The first move has been played: the set can no longer be "
                               "aborted. You may resign or leave."))  # fmt: skip
        now = timezone.now()
        _stop(game, now)
        match.state, match.result, match.finished_at = Match.State.ABANDONED, ABORTED, now
        match.save(update_fields=["state", "result", "finished_at"])
        _finish_table(match.table)
        _tell(match, seat, ABORT)
        notify.table_changed(match.table)
    return match


def resign(table: Table, user) -> Match:
    """Give up the set (for the pair, in a partnership style): the others win it."""
    with transaction.atomic():
        match, game, seat = _locked(table, user)
        if RESIGN not in offers(game, seat.index):
            raise TableError(_("You cannot resign this set now."))
        state = engine.load_snapshot(game.snapshot)
        parties = [list(p) for p in state.parties]
        mine = next(i for i, members in enumerate(parties) if seat.index in members)
        totals = list(state.totals)
        winner = set_winner(match.table.style, totals, mine)
        now = timezone.now()
        _tell(match, seat, RESIGN)  # first: an event counts the forfeit before the places
        if game.state == Game.State.PLAYING:
            others = [i for i in range(len(parties)) if i != mine]
            game.result = {
                "end": RESIGNED, "resigned": list(parties[mine]), "key_card": False,
                "winner": others[0] if len(others) == 1 else None,
                "points": [0] * len(parties),
            }  # fmt: skip
            _stop(game, now, result=game.result)
            game.refresh_from_db(fields=["version", "finished_at"])
            outcomes.announce_resigned(game, match, parties)
        for index in parties[mine]:
            match.players[index] = {**match.players[index], "resigned": True}
        match.state, match.result, match.winner_party = Match.State.OVER, RESIGNED, winner
        match.totals, match.finished_at = totals, now
        match.save()
        _finish_table(match.table)
        outcomes.announce_set(match, parties, totals, winner, RESIGNED, last=[mine])
        notify.table_changed(match.table)
    return match


def leave(table: Table, user) -> Match:
    """Get up for good: a bot plays the seat to the end of the set, which is no longer yours."""
    with transaction.atomic():
        match, game, seat = _locked(table, user)
        if LEAVE not in offers(game, seat.index):
            raise TableError(_("You cannot leave this set now."))
        number = game.number if game.state == Game.State.PLAYING else game.number + 1
        match.players[seat.index] = {**match.players[seat.index], "left": number}
        match.save(update_fields=["players"])
        presence.stand_in_now(seat.pk)  # a bot takes the seat now, its turn too
        _tell(match, seat, LEAVE)
        notify.table_changed(match.table)
    return match


def set_winner(style: str, totals: list[int], resigned: int) -> int | None:
    """Who wins a resigned set: the other party where there are two, else the best total among
    the others (the lowest where totals are penalties), or nobody if that best is shared."""
    others = [i for i in range(len(totals)) if i != resigned]
    if len(others) == 1:
        return others[0]
    pick = min if engine.STYLES[style].low_totals_win else max
    best = pick(totals[i] for i in others)
    leaders = [i for i in others if totals[i] == best]
    return leaders[0] if len(leaders) == 1 else None


def _locked(table: Table, user) -> tuple[Match, Game, Seat]:
    """The table's set in play and its latest game, locked, and the user's seat there; or a
    TableError saying why there is nothing to get out of."""
    if user is None or not user.is_authenticated:
        raise TableError(_("Log in to play."))
    table = Table.objects.select_for_update().get(pk=table.pk)
    seat = Seat.objects.filter(table=table, player=user).first()
    if seat is None:
        raise TableError(_("You are not playing at this table."))
    match = table.matches.order_by("-number").first()
    if match is None or match.state != Match.State.PLAYING:
        raise TableError(_("No set is being played at this table."))
    latest = match.games.order_by("-number").first()
    if latest is None:
        raise TableError(_("No set is being played at this table."))
    game = reads.locked_game(latest.pk)
    match = game.match
    match.table = table
    if has_left(match, seat.index):
        raise TableError(_("You have left this table: a bot plays your seat."))
    return match, game, seat


def _stop(game: Game, now, result: dict | None = None) -> None:
    """Stop the game in play (if it is): nobody is to play, and a new version, so no cached
    render of the old one is reused and a late move or task finds the table moved on."""
    Game.objects.filter(pk=game.pk, state=Game.State.PLAYING).update(
        state=Game.State.ABANDONED, turn=None, turn_deadline=None, finished_at=now,
        version=F("version") + 1, **({"result": result} if result is not None else {}),
    )  # fmt: skip


def _finish_table(table: Table) -> None:
    table.state = Table.State.FINISHED
    table.save(update_fields=["state", "updated_at"])


def _tell(match: Match, seat: Seat, how: str) -> None:
    """On commit: ``seat_given_up`` for whoever listens (an event: a forfeit of the table)."""
    about = {"match_id": match.pk, "table_id": match.table_id, "seat": seat.index,
             "player_id": seat.player_id, "how": how}  # fmt: skip
    transaction.on_commit(lambda: outcomes.send(signals.seat_given_up, Match, **about), robust=True)
