"""Sight: what one viewer (a seat, or a spectator) may see, as plain JSON-able dicts.

The module is named for what it guards, a seat's sight of the table, and not ``views`` so that
nobody takes it for Django's views (the site has ``games/live/views.py``). Its dicts are still
called views. They are built off the hot path, only when asked for.

A view never holds the deal, the boneyard's tiles, the seed, or a hand other than the viewer's own
(until the game is over, when every hand is shown). The board layout is rebuilt from the move log,
which keeps the boards themselves lean.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import DRAW, PLAY, Action
from .tiles import COMMON, HIGH, LOW, NAMES, OTHER, TILE_COUNT, numbers_of, tiles_of

if TYPE_CHECKING:
    from .game import GameState
    from .match import MatchState


def match_view(match: MatchState, viewer: int | None) -> dict:
    """The match as ``viewer`` sees it: the current game's view plus the match state."""
    game = match.game
    view = game_view(game, viewer) if game is not None else {"viewer": viewer, "game": None}
    view.update(
        {
            "style": match.style,
            "seats": match.seats,
            "options": dict(match.options),
            "parties": [list(p) for p in match.parties],
            "totals": match.totals,
            "match": {
                "over": match.over,
                "winner": match.winner,
                "result": match.result,
                "games_played": match.games_played,
            },
            "results": [r.to_dict() for r in match.results],
        }
    )
    return view


def game_view(game: GameState, viewer: int | None) -> dict:
    """One game as ``viewer`` (a seat or None) may see it."""
    seat = viewer if viewer is not None and 0 <= viewer < game.seats else None
    view: dict[str, Any] = {
        "style": game.rules.name,
        "seats": game.seats,
        "viewer": seat,
        "game": game.index + 1,
        "turn": game.turn,
        "over": game.over,
        "hand": None if seat is None else [str(t) for t in game.hand(seat)],
        "hand_sizes": [h.bit_count() for h in game.hands],
        "board": board_layout(game),
        "ends": [{"on": NAMES[t], "number": n, "sides": k} for t, n, k in game.board.open_ends()],
        "locked": game.board.locked(),
        "boneyard": game.boneyard_left,
        "stake": game.stake,
        "points": game.points_so_far(),
        "passed": [numbers_of(m) for m in game.passed],
        "last_move": _last_move(game, seat),
        "legal": [_move_dict(m) for m in game.legal_moves(seat)] if seat is not None else [],
    }
    if game.over:
        view["hands"] = [[str(t) for t in tiles_of(h)] for h in game.hands]
        view["result"] = game.result.to_dict()
    return view


def _move_dict(move: Action) -> dict:
    out: dict[str, Any] = {"kind": move.kind, "seat": move.seat}
    if move.kind == PLAY:
        out["tile"] = NAMES[move.tile]
        out["on"] = None if move.on is None else NAMES[move.on]
        out["number"] = move.number
    return out


def _last_move(game: GameState, seat: int | None) -> dict | None:
    if not game.log:
        return None
    move = game.log[-1]
    out = _move_dict(move)
    if move.kind == DRAW and move.seat == seat:
        out["tile"] = NAMES[move.tile]
    return out


def board_layout(game: GameState) -> dict:
    """The board as a drawable structure, replayed from the log.

    Line: ``chain`` from one end to the other, each tile as [left, right] numbers, the pose marked.
    Cross / spinners: ``tiles`` in placement order, each with its ``parent``, the ``side`` of the
    parent it took (0, 1, ... in the order sides were taken) and, on a cross, its ``arm`` (0-3).
    """
    plays = [m for m in game.log if m.kind == PLAY]
    kind = game.board.kind
    if not plays:
        return {"kind": kind, "pose": None, "chain": [] if kind == "line" else None, "tiles": []}
    if kind == "line":
        return {"kind": kind, "pose": NAMES[plays[0].tile], "chain": _chain(plays)}
    return {"kind": kind, "pose": NAMES[plays[0].tile], "tiles": _tree(plays, kind == "cross")}


def _chain(plays: list[Action]) -> list[dict]:
    pose = plays[0].tile
    left: list[dict] = []
    right: list[dict] = []
    ends = [[pose, HIGH[pose]], [pose, LOW[pose]]]
    for move in plays[1:]:
        t, on = move.tile, move.on
        side = 0 if ends[0][0] == on and ends[0][1] in (HIGH[t], LOW[t]) else 1
        matched = ends[side][1]
        far = OTHER[t * 7 + matched]
        ends[side] = [t, far]
        if side == 0:
            left.append({"tile": NAMES[t], "left": far, "right": matched, "pose": False})
        else:
            right.append({"tile": NAMES[t], "left": matched, "right": far, "pose": False})
    middle = {"tile": NAMES[pose], "left": HIGH[pose], "right": LOW[pose], "pose": True}
    return [*reversed(left), middle, *right]


def _tree(plays: list[Action], cross: bool) -> list[dict]:
    pose = plays[0].tile
    taken = {pose: 0}
    arm_of = {pose: None}
    out = [
        {
            "tile": NAMES[pose],
            "parent": None,
            "side": None,
            "arm": None,
            "pose": True,
            "shows": HIGH[pose],
        }
    ]
    for move in plays[1:]:
        t, on = move.tile, move.on
        side = taken[on]
        taken[on] = side + 1
        taken[t] = 0
        arm_of[t] = side if on == pose else arm_of[on]
        matched = COMMON[t * TILE_COUNT + on]
        shows = matched if HIGH[t] == LOW[t] else OTHER[t * 7 + matched]
        out.append(
            {
                "tile": NAMES[t],
                "parent": NAMES[on],
                "side": side,
                "arm": arm_of[t] if cross else None,
                "pose": False,
                "shows": shows,
            }
        )
    return out
