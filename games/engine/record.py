"""dominoes-record/1: export a match, and import one by validating every field and replaying it.

Import never trusts the document: each value is type-checked here, the deal by
``MatchState.start_game`` and each move by ``GameState.apply``, and any refusal becomes one
RecordError line naming the game and move (1-based) and the reason.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalMove, RecordError, RulesError, either, shown
from .match import MatchState
from .moves import DRAW, PASS, PLAY, Action
from .rules import STYLES
from .score import match_score
from .tiles import NAMES, parse_tile, tiles_of

FORMAT = "dominoes-record/1"
_KEYS = {PLAY: {"seat", "play", "on"}, PASS: {"seat", "pass"}, DRAW: {"seat", "draw"}}


def make_record(match: MatchState) -> dict:
    """The match as a record: every game's deal, starter and moves."""
    if match.offset:
        raise RulesError(
            "this match was restored from a snapshot, which keeps no earlier deals "
            "or moves: export the record before snapshotting, or keep it beside"
        )
    games = []
    for game in match.games:
        games.append(
            {
                "hands": [[str(t) for t in tiles_of(h)] for h in game.dealt],
                "boneyard": [NAMES[t] for t in game.boneyard],
                "first": game.first,
                "moves": [m.to_dict() for m in game.log],
            }
        )
    return {
        "format": FORMAT,
        "style": match.style,
        "seats": match.seats,
        "options": dict(match.options),
        "games": games,
    }


def score(record: Any) -> dict:
    """Replay a record and return its ``score`` document; RecordError if it is invalid."""
    return match_score(load_record(record))


def load_record(record: Any, seed: int | str = 0) -> MatchState:
    """A MatchState replayed from a record (later games, if any are started, deal from ``seed``)."""
    match = _header(record)
    match.seed = seed
    games = record.get("games")
    if not isinstance(games, list):
        raise RecordError(f"games must be a list of games, not {shown(games)}")
    for number, game in enumerate(games, 1):
        if match.over:
            raise RecordError(
                f"game {number}: the match was already over after game "
                f"{number - 1} ({match.result})"
            )
        _replay_game(match, game, number)
        if number < len(games) and not match.game.over:
            raise RecordError(
                f"game {number}: the game is not finished, and only the last game "
                "may be in progress"
            )
    return match


def _header(record: Any) -> MatchState:
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {shown(record)}")
    if record.get("format") != FORMAT:
        raise RecordError(f'format must be "{FORMAT}", not {shown(record.get("format"))}')
    style = record.get("style")
    cls = STYLES.get(style) if isinstance(style, str) else None
    if cls is None:
        raise RecordError(f"style: unknown style {shown(style)} (one of {', '.join(STYLES)})")
    seats = record.get("seats")
    if isinstance(seats, bool) or not isinstance(seats, int) or seats not in cls.seat_counts:
        allowed = either(cls.seat_counts)
        raise RecordError(f"seats: {style} is played by {allowed} seats, not {shown(seats)}")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"options must be an object, not {shown(options)}")
    try:
        rules = cls(seats, options)
    except RulesError as error:
        raise RecordError(f"options: {error}") from None
    return MatchState(rules, 0, options)


def _replay_game(match: MatchState, data: Any, number: int) -> None:
    if not isinstance(data, dict):
        raise RecordError(f"game {number}: a game is a JSON object, not {shown(data)}")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise RecordError(f"game {number}: moves must be a list, not {shown(moves)}")
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError(f"game {number}: hands must be a list of hands, not {shown(hands)}")
    boneyard = data.get("boneyard", [])
    if not isinstance(boneyard, list):
        raise RecordError(f"game {number}: boneyard must be a list of tiles, not {shown(boneyard)}")
    try:
        game = match.start_game(hands, boneyard, data.get("first"))
    except RulesError as error:
        raise RecordError(f"game {number}: {error}") from None
    for index, raw in enumerate(moves, 1):
        where = f"game {number}, move {index}"
        if game.over:
            raise RecordError(f"{where}: the game is already over ({game.end})")
        try:
            move = parse_move(raw, match.seats)
            _check_draw(game, move)
            game.apply(move)
        except IllegalMove as error:
            raise RecordError(f"{where}: {error}") from None


def parse_move(raw: Any, seats: int) -> Action:
    """A record move as an Action; unknown keys, wrong types and a pass that is not true fail."""
    if not isinstance(raw, dict):
        raise IllegalMove(f"a move is a JSON object, not {shown(raw)}")
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise IllegalMove(f"seat must be a seat number, not {shown(seat)}")
    if not 0 <= seat < seats:
        raise IllegalMove(f"there is no seat {seat} at a table of {seats}")
    kinds = [k for k in (PLAY, PASS, DRAW) if k in raw]
    if len(kinds) != 1:
        raise IllegalMove("a move holds exactly one of play, pass or draw")
    kind = kinds[0]
    extra = sorted(set(raw) - _KEYS[kind], key=str)
    if extra:
        raise IllegalMove(f"a {kind} move has no key {shown(extra[0])}")
    if kind == PASS:
        if raw[PASS] is not True:
            raise IllegalMove(f"pass must be true, not {shown(raw[PASS])}")
        return Action.pass_(seat)
    if kind == DRAW:
        return Action.draw(seat, _tile(raw[DRAW], "draw"))
    on = raw.get("on")
    return Action.play(seat, _tile(raw[PLAY], "play"), None if on is None else _tile(on, "on"))


def _tile(value: Any, key: str) -> int:
    try:
        return parse_tile(value)
    except ValueError as error:
        raise IllegalMove(f"{key}: {error}") from None


def _check_draw(game: Any, move: Action) -> None:
    """Name the expected tile when a record draws the wrong one (apply keeps that secret)."""
    if move.kind != DRAW or move.seat != game.turn or game.boneyard_left == 0:
        return
    expected = game.boneyard[game.drawn]
    if move.tile != expected and game.legal_moves()[0].kind == DRAW:
        raise IllegalMove(
            f"seat {move.seat} cannot draw {NAMES[move.tile]}: the next tile of "
            f"the boneyard is {NAMES[expected]}"
        )
