"""The one way a move enters a game, whether it came from hx-post, a socket, a bot or the clock.

``submit`` locks the game row, checks the version the sender saw, applies the move through the
engine, applies any forced passes and draws that follow, stores the moves and the new snapshot,
and, once committed, tells the table's group and queues what happens next (a bot's turn, a turn
clock, the next game). A stale or repeated move changes nothing and reports the current version.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import engine, signals
from games.engine import IllegalMove
from games.engine.tiles import tiles_of

from ..models import Game, Match, Move, Seat, Table
from . import log, notify, outcomes, pause, reads, refusals, scheduling, shuffle
from .errors import TableError

logger = logging.getLogger(__name__)

TILE_NAME = re.compile(r"[0-6]-[0-6]")
#: What a move changes on a stored game: the deal, seed and numbers are written once, when the
#: game is dealt, and a move's UPDATE leaves them out.
MOVED = ["snapshot", "version", "turn", "turn_deadline", "state", "result", "finished_at",
         "next_at", "recent", "updated_at"]  # fmt: skip


@dataclass
class Outcome:
    applied: bool
    version: int
    message: str = ""
    refused: bool = False  # bad input or not allowed (a 4xx), rather than merely stale
    events: list = field(default_factory=list)
    game: Game | None = None  # after an applied move: the saved row, its seats and state,
    seats: list | None = None  # so the caller can render without reading them again
    state: engine.MatchState | None = None


def validate_options(style: str, seats: int, options: dict) -> dict:
    """Ask the engine whether this style, seat count and options make a match."""
    try:
        engine.new_match(style, seats, options, seed=0)
    except ValueError as error:  # the engine's words are English: only English pages show them
        logger.info("options refused: %s for %s seats of %s: %s", options, seats, style, error)
        if (get_language() or "en").split("-")[0] == "en":
            raise TableError(
                _("These options do not make a game of this style (%(reason)s).")
                % {"reason": error}
            ) from None
        raise TableError(_("These options do not make a game of this style.")) from None
    return options


def load(game: Game) -> engine.MatchState:
    return engine.load_snapshot(game.snapshot)


def start_by(table: Table, user) -> Match:
    """A person starts the set (or another one): only someone seated there, or the host."""
    seated = reads.seat_of(table, user) is not None
    if not seated and (user is None or user.pk != table.host_id):
        raise TableError(_("Only players at the table can start it."))
    return start_match(table)


def start_match(
    table: Table, seed: int | None = None, *, deal_key: str = "", sealed: bool = False
) -> Match:
    """Start a set at a full table; tournaments call this directly, without the lobby.

    ``deal_key`` (secret, at most 64 characters) makes the games' seeds derive from it instead
    of from ``seed``: sets started with one key deal the same games, seat by seat (an event's
    same deals at every table). ``sealed`` keeps its finished games' hands and seeds from
    everyone but the table's own players until ``unseal``."""
    if len(deal_key) > 64:
        raise ValueError("a deal key is at most 64 characters")
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        seats = list(table.seats.select_related("player").order_by("index"))
        if any(seat.player is None for seat in seats):
            raise TableError(_("Every seat must be filled before the game starts."))
        previous = table.matches.order_by("-number").first()
        if previous is not None and previous.state == Match.State.PLAYING:
            raise TableError(_("A set is already being played at this table."))
        given = seed
        seed = seed if seed is not None else random.SystemRandom().randrange(2**62)
        state = engine.new_match(table.style, table.seat_count, table.options, seed=seed)
        match = Match.objects.create(
            table=table,
            number=(previous.number + 1) if previous else 1,
            seed=seed,
            deal_key=deal_key or shuffle.match_key(given),
            sealed=sealed,
            players=[{"id": s.player_id, "name": s.player.name, "bot": s.player.is_bot}
                     for s in seats],
            totals=list(state.totals),
        )  # fmt: skip
        table.state = Table.State.PLAYING
        table.save(update_fields=["state", "updated_at"])
        _begin_game(match, state)
        notify.lobby_changed()
    return match


def unseal(match_ids) -> int:
    """Make the finished games of these sets public like any other: seeds in the records and
    the replays, every hand at the end of a game shown to spectators too. Returns how many sets
    were sealed; their tables re-render. Idempotent; the commitments never change, so each
    revealed seed still verifies against the commitment published before its deal."""
    with transaction.atomic():
        sealed = list(
            Match.objects.filter(pk__in=list(match_ids), sealed=True).select_related("table")
        )
        Match.objects.filter(pk__in=[m.pk for m in sealed]).update(sealed=False)
        for match in sealed:
            notify.table_changed(match.table, lobby=False)
        ids = [m.pk for m in sealed]
        if ids:
            transaction.on_commit(
                lambda: signals.sets_unsealed.send_robust(Match, match_ids=ids), robust=True
            )
    return len(sealed)


def abandon(table: Table) -> bool:
    """Close a table for good, whatever it is doing (staff, from the admin): a set in progress
    and its game are marked abandoned (they count for nothing) and nothing more is queued.
    Returns False if the table was already finished."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.state == Table.State.FINISHED:
            return False
        now = timezone.now()
        playing = table.matches.filter(state=Match.State.PLAYING)
        Game.objects.filter(match__in=playing, state=Game.State.PLAYING).update(
            state=Game.State.ABANDONED, turn=None, turn_deadline=None, finished_at=now,
            version=F("version") + 1,  # a new version: no cached render of the old one is reused
        )  # fmt: skip
        playing.update(state=Match.State.ABANDONED, finished_at=now)
        table.state = Table.State.FINISHED
        table.save(update_fields=["state", "updated_at"])
        notify.table_changed(table)
    return True


def close_set(match_id: int, result: str = "games") -> bool:
    """End a set between two of its games, the totals as they stand deciding it: what an event
    does when its tables play a fixed number of games. The best total wins (the lowest where
    totals are penalties); a shared best total leaves the set without a winner. Listeners hear
    ``match_finished`` as for any set. False if the set was over already."""
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("table").get(pk=match_id)
        if match.state != Match.State.PLAYING:
            return False
        last = match.games.order_by("-number").first()
        if last is None or last.state != Game.State.OVER:
            raise TableError(_("A set can only be closed between two games."))
        state = load(last)
        totals = list(state.totals)
        best = (min if engine.STYLES[match.table.style].low_totals_win else max)(totals)
        winner = totals.index(best) if totals.count(best) == 1 else None
        match.state, match.result, match.winner_party = Match.State.OVER, result, winner
        match.totals, match.finished_at = totals, timezone.now()
        match.save()
        table = match.table
        table.state = Table.State.FINISHED
        table.save(update_fields=["state", "updated_at"])
        parties = [list(p) for p in state.parties]
        outcomes.announce_set(match, parties, totals, winner, result)
        notify.table_changed(table)
    return True


def _begin_game(match: Match, state: engine.MatchState) -> Game:
    """Deal the next game from a seed of its own, stored with its commitment (the verifiable
    shuffle: ``services/shuffle.py``)."""
    seed = shuffle.game_seed(match, state.games_played)
    engine_game = state.start_game(seed=seed)
    stored: list = []
    _forced_moves(state, stored)
    game = Game(
        match=match, number=engine_game.index + 1, snapshot={}, deal=deal_of(engine_game),
        seed=seed, commitment=engine.commitment(seed),
    )  # fmt: skip
    _settle(game, match, state, stored)
    return game


def deal_of(game: engine.GameState) -> dict:
    """The deal as the record stores it: hands, boneyard in draw order, and who posed."""
    return {
        "hands": [[str(t) for t in tiles_of(mask)] for mask in game.dealt],
        "boneyard": [str(engine.TILES[t]) for t in game.boneyard],
        "first": game.first,
    }


def start_next_game(match_id: int, after_game: int, *, only_when_due: bool = False) -> bool:
    """Deal the next game of a set; a repeated or late call does nothing. ``only_when_due``
    (the worker's call at the end of the pause) deals only once the result's countdown has
    ended or every player pressed "Next game" (``services/pause.py``)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("table").get(pk=match_id)
        last = match.games.order_by("-number").first()
        if match.state != Match.State.PLAYING or last is None or last.number != after_game:
            return False
        if last.state != Game.State.OVER:
            return False
        if only_when_due:
            seats = reads.seats_of(match.table)
            if not pause.is_due(last, seats, timezone.now()):
                return False
        _begin_game(match, load(last))
    return True


def next_game_by(table: Table, user) -> bool:
    """A player pressed "Next game" after a result: noted, and once every player at the table
    has pressed, the next game is dealt at once (True). The pause is the result's, so a press
    while a game is played, or by someone without a seat, is refused with the reason."""
    seat = reads.seat_of(table, user)
    if seat is None:
        raise TableError(_("Only players at the table can deal the next game."))
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(table=table).order_by("-number").first()
        last = match.games.order_by("-number").first() if match is not None else None
        if last is None or match.state != Match.State.PLAYING or last.state != Game.State.OVER:
            raise TableError(_("No game is waiting for the next deal."))
        match.table = table
        seats = reads.seats_of(table)
        if seat not in (last.ready or []):
            last.ready = sorted([*(last.ready or []), seat])
        if pause.everyone_ready(last, seats):
            _begin_game(match, load(last))
            return True
        # A new version of the finished game: every screen shows who is ready (renders are
        # cached per version), and a late task for the old one still finds the game over.
        last.version += 1
        last.save(update_fields=["ready", "version", "updated_at"])
        notify.table_changed(table, last.version, game=last.pk, lobby=False)
    return False


def submit(
    game_id: int,
    seat: int | None,
    version: int,
    action: dict | None,
    *,
    reason: str = "",
    choose: Callable[[engine.GameState, Seat], engine.Action | None] | None = None,
    only_when_due: bool = False,
    player_id: int | None = None,
) -> Outcome:
    """Apply ``action`` ({"kind", "tile", "on"}) for ``seat`` if ``version`` is still current.

    The caller has already checked that whoever acts may act for ``seat``. The server acting
    for whoever is to play (a bot, a clock, a stand-in) passes ``seat=None`` and ``choose``,
    which picks from the locked state, so the game is read once per move; ``only_when_due``
    makes a clock's move wait for the turn's deadline. ``player_id`` finds the seat of a
    person acting from a form or a socket.
    """
    with transaction.atomic():
        game = reads.locked_game(game_id)
        if game.state != Game.State.PLAYING or game.version != version:
            return Outcome(False, game.version, _("The table has moved on; here is where it is."))
        if only_when_due and (game.turn_deadline is None or game.turn_deadline > timezone.now()):
            return Outcome(False, game.version)
        seats = {row.index: row for row in reads.seats_of(game.match.table)}
        if player_id is not None:
            seat = next((i for i, row in seats.items() if row.player_id == player_id), None)
            if seat is None:
                message = _("You are not playing at this table.")
                return Outcome(False, game.version, message, refused=True)
            if (game.match.players[seat] or {}).get("left"):  # ``leaving``: the bot's seat now
                message = _("You have left this table: a bot plays your seat.")
                return Outcome(False, game.version, message, refused=True)
        seat = game.turn if seat is None else seat
        if game.turn != seat:
            return Outcome(False, game.version, _("It is not your turn."), refused=True)
        state = load(game)
        stored: list = []
        try:
            if choose is not None:
                move = choose(state.game, seats[seat])
                if move is None:  # the chooser declined: the seat is no longer the server's
                    return Outcome(False, game.version)
            else:
                move = engine.Action(action["kind"], seat, action.get("tile"), action.get("on"))
            events = _apply(state, move, reason, stored)
        except (IllegalMove, KeyError, ValueError) as error:
            return Outcome(False, game.version, refusals.describe(error), refused=True)
        events += _forced_moves(state, stored)
        _settle(game, game.match, state, stored, seats)
    ordered = [seats[i] for i in sorted(seats)]
    return Outcome(True, game.version, events=events, game=game, seats=ordered, state=state)


def _apply(state: engine.MatchState, move: engine.Action, reason: str, stored: list) -> list:
    """Apply one move and note it, with the public facts the log shows (ends passed on, fines)."""
    events = state.game.apply(move)
    detail: dict = {}
    for event in events:
        if event.kind == "passed":
            detail["ends"] = list(event.ends)
        elif event.kind == "penalty":
            detail.setdefault("fines", []).append([event.seat, event.points, _fine_kind(event)])
    stored.append((state.game.log[-1], reason, detail))
    return events


def _fine_kind(event) -> str:
    """Why the engine fined a seat, as a word the table can explain: "third" (a third pass in
    a row) or "all" (all three others passed after one tile)."""
    return "third" if "third" in event.reason else "all"


def _forced_moves(state: engine.MatchState, stored: list) -> list:
    """Apply passes and draws that are the only legal move, as the table would by itself."""
    events: list = []
    game = state.game
    while not game.over:
        legal = game.legal_moves()
        if len(legal) != 1 or legal[0].kind == "play":
            break
        events += _apply(state, legal[0], Move.Reason.FORCED, stored)
    return events


def _settle(
    game: Game, match: Match, state: engine.MatchState, stored: list, seats: dict | None = None
) -> None:
    """Store moves, snapshot, turn and results; queue what follows once committed."""
    table = match.table
    if seats is None:
        seats = {seat.index: seat for seat in reads.seats_of(table)}
    base = game.version
    game.snapshot = engine.make_snapshot(state)
    game.version = base + len(stored)
    engine_game = state.game
    game.turn = engine_game.turn
    game.turn_deadline = None
    if engine_game.over:
        game.state = Game.State.OVER
        game.result = engine_game.result.to_dict()
        game.finished_at = timezone.now()
        if not state.over:  # the result stays up until the pause ends (services/pause.py)
            game.next_at = pause.pause_end(table, seats.values(), game.finished_at)
    elif table.turn_clock and not scheduling.played_by_server(seats[game.turn]):
        game.turn_deadline = timezone.now() + timedelta(seconds=table.turn_clock)
    rows = [
        Move(game=game, seq=base + i + 1, seat=m.seat, kind=m.kind,
             tile=str(m.tile) if m.tile is not None else "",
             on=str(m.on) if m.on is not None else "", reason=reason, detail=detail)
        for i, (m, reason, detail) in enumerate(stored)
    ]  # fmt: skip
    game.recent = log.keep_recent(game.recent, rows)
    game.save(update_fields=MOVED if game.pk is not None else None)
    Move.objects.bulk_create(rows)
    totals = list(state.totals)
    if state.over:
        match.state = Match.State.OVER
        match.result = state.result or ""
        match.winner_party = state.winner
        match.finished_at = timezone.now()
        table.state = Table.State.FINISHED
        table.save(update_fields=["state", "updated_at"])
    if state.over or totals != match.totals or match.pk is None:
        match.totals = totals
        match.save()
    if engine_game.over:
        outcomes.announce(game, match, state)
    notify.table_changed(table, game.version, game=game.pk, lobby=state.over)
    scheduling.after_change(game, table, seats)


def player_move(table_id: int, user, data) -> Outcome:
    """A person's move, from a form post or a socket message: the one way in for both.

    ``data`` is untrusted (a QueryDict or a decoded frame): it must name the game and the
    version the player saw, so a late click from an earlier game can never land in the next
    one. Someone without a seat is refused before any write transaction opens.
    """
    move = parse_move(data)
    if isinstance(move, str):
        return Outcome(False, 0, move, refused=True)
    game_id, version, action = move
    if user is None or not user.is_authenticated:
        return Outcome(False, 0, _("Log in to play."), refused=True)
    seated, latest = reads.seated_and_latest(table_id, user.pk)
    if not seated:
        return Outcome(False, 0, _("You are not playing at this table."), refused=True)
    if latest is None:
        return Outcome(False, 0, _("No game is being played now."), refused=True)
    if latest != game_id:
        return Outcome(False, 0, _("That game is over; here is the one being played now."))
    return submit(game_id, None, version, action, player_id=user.pk)


def parse_move(data) -> tuple[int, int, dict] | str:
    """(game id, version, action) from untrusted input, or the reason it is not a move."""
    if not hasattr(data, "get"):
        return _("That is not a move.")
    try:
        game_id = int(data.get("game", ""))
        version = int(data.get("version", ""))
    except (TypeError, ValueError):
        return _("That move did not say which game and turn it was for.")
    if not (0 < game_id < 2**63 and 0 <= version < 2**31):
        return _("That move did not say which game and turn it was for.")
    kind = data.get("kind") or "play"
    if kind not in ("play", "pass", "draw"):
        return _("That is not a move.")
    tile, on = data.get("tile") or None, data.get("on") or None
    for value in (tile, on):
        if value is not None and (not isinstance(value, str) or not TILE_NAME.fullmatch(value)):
            return _("That is not a domino.")
    if kind == "play" and tile is None:
        return _("Choose a domino to play.")
    return game_id, version, {"kind": kind, "tile": tile, "on": on}
