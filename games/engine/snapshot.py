"""Snapshots: the live state of a match in well under 2 KB of JSON, for one database row.

Shape: the match state as it stood when the current game began (totals, what carries over, the
results of earlier games as short int lists), plus the current game's deal and its moves, one
character per tile. Loading replays those moves, so the restored match is the same object state,
with the same legal moves and (the seed is kept) the same future deals. Earlier games' deals and
moves are not kept: that is what the record is for.
"""

from __future__ import annotations

import base64
import zlib
from typing import Any

from .errors import RulesError
from .match import MatchState
from .moves import DRAWS, PASSES, PLAY, Action
from .results import GameResult
from .rules import make_rules
from .tiles import TILES, bits

VERSION = 1
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZab"  # tile id -> one character
_INDEX = {c: i for i, c in enumerate(ALPHABET)}
POSE, PASSED, DREW = "*", "-", "+"
ENDS = ("domino", "blocked")


def make_snapshot(match: MatchState) -> dict:
    game = match.game
    if game is None:
        base, carry, done = match.base, match.carry, len(match.results)
    else:
        base, carry, done = match.before_game
    snap: dict[str, Any] = {
        "v": VERSION,
        "style": match.style,
        "seats": match.seats,
        "options": dict(match.options),
        "seed": match.seed,
        "base": list(base),
        "carry": dict(carry),
        "results": _pack_results(match.results[:done]),
    }
    if game is not None:
        deal = "".join(ALPHABET[t] for h in game.dealt for t in reversed(bits(h)))
        snap["game"] = {
            "deal": deal + "".join(ALPHABET[t] for t in game.boneyard),
            "first": game.first,
            "moves": "".join(_move_code(m) for m in game.log),
        }
    return snap


def _move_code(move: Action) -> str:
    if move.kind == PLAY:
        return ALPHABET[move.tile] + (POSE if move.on is None else ALPHABET[move.on])
    return PASSED if move.kind == "pass" else DREW


def _pack_results(results: list[GameResult]) -> str:
    """Earlier games' results as rows of ints, deflated: a long match stays a few hundred bytes."""
    if not results:
        return ""
    text = ";".join(",".join(map(str, _result_row(r))) for r in results)
    return base64.b64encode(zlib.compress(text.encode(), 9)).decode()


def _unpack_results(packed: str, seats: int, parties: int) -> list[GameResult]:
    if not packed:
        return []
    text = zlib.decompress(base64.b64decode(packed)).decode()
    return [
        _row_result([int(x) for x in row.split(",")], seats, parties) for row in text.split(";")
    ]


def _result_row(result: GameResult) -> list[int]:
    none = -1
    return [
        ENDS.index(result.end),
        none if result.winner is None else result.winner,
        int(result.key_card),
        result.stake,
        none if result.seat is None else result.seat,
        *result.counts,
        *result.points,
    ]


def load_snapshot(data: dict) -> MatchState:
    """The match a snapshot was taken of; RulesError if the snapshot is not one of ours."""
    try:
        return _load(data)
    except (KeyError, TypeError, ValueError, IndexError, zlib.error) as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError(f"not a valid snapshot: {error!r}") from None


def _load(data: dict) -> MatchState:
    if data["v"] != VERSION:
        raise RulesError(f"snapshot version {data['v']!r} is not {VERSION}")
    rules = make_rules(data["style"], data["seats"], data["options"])
    match = MatchState(rules, data["seed"], data["options"])
    match.base = list(data["base"])
    match.carry = dict(data["carry"])
    seats, parties = match.seats, len(match.parties)
    match.results = _unpack_results(data["results"], seats, parties)
    match.offset = len(match.results)
    game = data.get("game")
    if game is not None:
        _replay(match, game)
    return match


def _row_result(row: list[int], seats: int, parties: int) -> GameResult:
    end, winner, key, stake, seat = row[:5]
    counts = tuple(row[5 : 5 + seats])
    points = tuple(row[5 + seats : 5 + seats + parties])
    return GameResult(
        ENDS[end],
        None if winner < 0 else winner,
        bool(key),
        stake,
        counts,
        points,
        None if seat < 0 else seat,
    )


def _replay(match: MatchState, data: dict) -> None:
    deal = [TILES[_INDEX[c]] for c in data["deal"]]
    k = match.rules.hand_size()
    hands = [deal[s * k : (s + 1) * k] for s in range(match.seats)]
    game = match.start_game(hands, deal[match.seats * k :], data["first"])
    codes = data["moves"]
    i = 0
    while i < len(codes):
        c = codes[i]
        seat = game.turn
        if c == PASSED:
            game.apply(PASSES[seat])
        elif c == DREW:
            game.apply(DRAWS[seat])
        else:
            on = codes[i + 1]
            i += 1
            game.apply(
                Action.play(seat, TILES[_INDEX[c]], None if on == POSE else TILES[_INDEX[on]])
            )
        i += 1
