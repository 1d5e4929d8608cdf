"""``dominoes-record/1`` out of the database, and records brought in from files.

A set's record is built from its rows: each finished game's deal (``Game.deal``) and moves
(``Move``), with the game's ``commitment`` and, once it is over, its ``seed`` (extra keys the
format allows and ``score`` ignores), and the players' names at the top. A game still being
played is never in ``games`` (its deal is secret): ``in_progress`` says what a spectator sees of
it, its commitment and its public moves (a draw without its tile).

A sealed set (its deals are also played at other tables, ``Match.sealed``) shows none of its
deals: ``games`` is empty and ``sealed`` lists each game as ``in_progress`` would, with its
commitment and public moves, until the set is unsealed.

A game's record holds the games of its set up to and including it (``"game"`` names it): who
poses and what a game is worth depend on the games before it, so a game alone would not be a
valid record of anything.

An imported record is checked by the engine (``load_record``) before anything is stored: an
invalid file gets the engine's one-line reason and changes nothing.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from config import bounds
from games import engine
from games.engine.record import FORMAT
from games.models import Game, Match, Move

from .models import ImportedRecord, Item
from .names import match_names
from .replay import GameSummary, SetSummary, summarize

MAX_BYTES = 1_000_000  # a long French set is about 60 KB
MAX_IMPORTS = 1000  # per person


class ImportRefused(ValueError):
    """Why a file was not imported, in words for the page."""


@dataclass
class Played:
    """A set's rows as a record needs them: the games (up to the one asked for) and their
    moves, read in two queries."""

    match: Match
    games: list[Game]
    moves: dict[int, list[Move]]

    @classmethod
    def read(cls, match: Match, upto: int | None = None) -> Played:
        games = match.games.order_by("number")
        if upto is not None:
            games = games.filter(number__lte=upto)
        games = list(games.defer("snapshot", "recent"))
        moves: dict[int, list[Move]] = {g.pk: [] for g in games}
        rows = Move.objects.filter(game__in=[g.pk for g in games]).order_by("game_id", "seq")
        for move in rows.only("game_id", "seq", "seat", "kind", "tile", "on", "reason", "detail"):
            moves[move.game_id].append(move)
        return cls(match, games, moves)


def move_dict(move: Move) -> dict[str, Any]:
    """A stored move as the record writes it."""
    if move.kind == Move.Kind.PLAY:
        out: dict[str, Any] = {"seat": move.seat, "play": move.tile}
        if move.on:
            out["on"] = move.on
        return out
    if move.kind == Move.Kind.PASS:
        return {"seat": move.seat, "pass": True}
    return {"seat": move.seat, "draw": move.tile}


def public_move(move: Move) -> dict[str, Any]:
    """A move as a spectator saw it: a draw without its tile."""
    if move.kind == Move.Kind.DRAW:
        return {"seat": move.seat, "drew": True}
    return move_dict(move)


def game_dict(game: Game, moves: list[Move]) -> dict[str, Any]:
    """A game's entry in ``games``: deal, moves, and the shuffle's commitment and seed."""
    out: dict[str, Any] = {
        "hands": game.deal["hands"],
        "boneyard": game.deal["boneyard"],
        "first": game.deal["first"],
        "moves": [move_dict(m) for m in moves],
    }
    if game.commitment:
        out["commitment"] = game.commitment
    if game.revealed_seed:
        out["seed"] = game.revealed_seed
    return out


def record_of(played: Played, game: int | None = None) -> dict[str, Any]:
    """The set's record (or, with ``game``, the record of that game: the set up to it); only
    what anyone may see (a game not over is never in ``games``)."""
    match = played.match
    table = match.table
    record: dict[str, Any] = {
        "format": FORMAT,
        "style": table.style,
        "seats": table.seat_count,
        "options": dict(table.options),
        "games": [],
        "players": match_names(match.players),
        "set": {
            "number": match.number,
            "started_at": match.started_at.isoformat(),
            "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        },
    }
    if game is not None:
        record["game"] = game
    if match.sealed:
        record["sealed"] = [public_game(row, played.moves[row.pk]) for row in played.games]
        return record
    for row in played.games:
        if row.state == Game.State.OVER:
            record["games"].append(game_dict(row, played.moves[row.pk]))
            continue
        record["in_progress"] = public_game(row, played.moves[row.pk])
        break
    return record


def public_game(game: Game, moves: list[Move]) -> dict[str, Any]:
    """A game as a spectator saw it: its commitment and its moves, draws without their tiles."""
    return {
        "game": game.number,
        "state": game.state,
        "commitment": game.commitment,
        "moves": [public_move(m) for m in moves],
    }


def unfinished(record: dict[str, Any]) -> dict[str, Any] | None:
    """A sealed set's game still being played (or stopped), as ``in_progress`` would say."""
    return next((g for g in record.get("sealed", []) if g["state"] != Game.State.OVER), None)


def sealed_summary(played: Played) -> SetSummary:
    """A sealed set's page, from its rows alone (its deals are not replayed): each finished
    game's result as the table showed it, French fines from the moves' public facts."""
    match, table = played.match, played.match.table
    rules = engine.STYLES[table.style](table.seat_count, table.options)
    games = []
    for row in played.games:
        if row.state != Game.State.OVER or not row.result:
            break
        fines: dict[int, int] = {}
        for move in played.moves[row.pk]:
            for seat, points, *_why in (move.detail or {}).get("fines", []):
                fines[seat] = fines.get(seat, 0) + points
        moves = len(played.moves[row.pk])
        games.append(GameSummary(row.number, row.result, fines, moves, row.commitment, ""))
    return SetSummary(
        [list(p) for p in rules.parties], list(match.totals), match.is_over, match.winner_party,
        match.result or None, games,
    )  # fmt: skip


def summary_of(played: Played, record: dict[str, Any]) -> SetSummary:
    """A played set's page: a sealed set's from its rows (its deals are not replayed), any
    other's replayed from its record; either way finished or not, and won by whom, as its row
    says (``Match.is_over``), as the table and the history list say it. The engine alone would
    call a set closed after an event's fixed number of games unfinished: nobody reached the
    target."""
    if played.match.sealed:
        return sealed_summary(played)
    summary = summarize(record)
    match = played.match
    if not match.is_over:
        return dataclasses.replace(summary, over=False, winner=None, result=None)
    return dataclasses.replace(
        summary, over=True, winner=match.winner_party, result=match.result or None
    )


def secret_record_of(played: Played) -> dict[str, Any]:
    """The record with every game, the one in progress too, deal and all: for the server's own
    replay, which cuts what a viewer sees itself. Never sent anywhere."""
    match = played.match
    table = match.table
    return {
        "format": FORMAT,
        "style": table.style,
        "seats": table.seat_count,
        "options": dict(table.options),
        "games": [game_dict(row, played.moves[row.pk]) for row in played.games],
    }


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


# -- import --------------------------------------------------------------------------------------


def read_upload(data: bytes) -> dict[str, Any]:
    """A record from an uploaded file, validated by the engine; ImportRefused with the reason."""
    if len(data) > MAX_BYTES:
        raise ImportRefused(
            _("That file is too big for a record (over %(n)s KB).") % {"n": MAX_BYTES // 1000}
        )
    try:
        record = bounds.loads(data.decode("utf-8-sig"), max_chars=MAX_BYTES)
    except UnicodeDecodeError:
        raise ImportRefused(_("That file is not text (a record is a JSON file).")) from None
    except bounds.JSONRefused as error:
        raise ImportRefused(str(error)) from None
    except ValueError as error:
        raise ImportRefused(_("That file is not JSON: %(reason)s") % {"reason": error}) from None
    try:
        engine.load_record(record)
    except engine.RecordError as error:
        raise ImportRefused(
            _("That file is not a valid record: %(reason)s") % {"reason": error}
        ) from None
    return record


def import_record(owner, name: str, record: dict[str, Any]) -> ImportedRecord:
    """Keep a validated record for its owner and list it in their history."""
    if ImportedRecord.objects.filter(owner=owner).count() >= MAX_IMPORTS:
        raise ImportRefused(
            _("You have imported %(n)s records, the most one person may keep. Delete some first.")
            % {"n": MAX_IMPORTS}
        )
    with transaction.atomic():
        imported = ImportedRecord.objects.create(
            owner=owner, name=name[:100], style=record["style"], seats=record["seats"],
            games=len(record["games"]), record=record,
        )  # fmt: skip
        Item.objects.create(
            owner=owner, imported=imported, style=imported.style, at=imported.created_at
        )
    return imported
