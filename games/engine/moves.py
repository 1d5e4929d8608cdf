"""Moves: one small immutable value per action, pre-built once so the hot path never allocates one.

``legal_moves`` hands out these cached objects and ``apply`` accepts any equal tuple, so a UI may
also build its own with ``Action.play(seat, "6-5", "6-6")``.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import IllegalMove, shown
from .tiles import COMMON, NAMES, TILE_COUNT, TILES, Tile, to_tile

PLAY = "play"
PASS = "pass"
DRAW = "draw"
MAX_SEATS = 4
_ON_NONE = TILE_COUNT  # column of the pose (no tile under it) in the play table


class Action(NamedTuple):
    """An action by a seat: ``play`` a tile ``on`` a board tile (None: the pose), pass or draw.

    For a draw, ``tile`` is None when offered (the boneyard decides); the game log holds the tile.
    """

    kind: str
    seat: int
    tile: Tile | None = None
    on: Tile | None = None

    @property
    def number(self) -> int | None:
        """The number the tile matches on ``on`` (so a UI can say which end it goes to)."""
        if self.kind != PLAY or self.on is None:
            return None
        shared = COMMON[self.tile * TILE_COUNT + self.on]
        return None if shared < 0 else shared

    def __str__(self) -> str:
        if self.kind == PLAY:
            if self.on is None:
                return f"seat {self.seat} poses {NAMES[self.tile]}"
            return f"seat {self.seat} plays {NAMES[self.tile]} on {NAMES[self.on]}"
        if self.kind == DRAW:
            return f"seat {self.seat} draws" + (
                f" {NAMES[self.tile]}" if self.tile is not None else ""
            )
        return f"seat {self.seat} passes"

    def to_dict(self) -> dict:
        """The move as a dominoes-record/1 move."""
        if self.kind == PLAY:
            out = {"seat": self.seat, "play": NAMES[self.tile]}
            if self.on is not None:
                out["on"] = NAMES[self.on]
            return out
        if self.kind == DRAW:
            return {"seat": self.seat, "draw": None if self.tile is None else NAMES[self.tile]}
        return {"seat": self.seat, "pass": True}

    @staticmethod
    def play(seat: int, tile: str | int, on: str | int | None = None) -> Action:
        """The cached placement of ``tile`` against board tile ``on`` (None: the pose)."""
        t = _tile(tile)
        o = None if on is None else _tile(on)
        return PLAYS[_seat(seat)][t * (TILE_COUNT + 1) + (_ON_NONE if o is None else o)]

    @staticmethod
    def pass_(seat: int) -> Action:
        """The cached pass of a seat."""
        return PASSES[_seat(seat)]

    @staticmethod
    def draw(seat: int, tile: str | int | None = None) -> Action:
        """A draw; with ``tile`` it must be the next tile of the boneyard."""
        if tile is None:
            return DRAWS[_seat(seat)]
        return DRAWN[_seat(seat)][_tile(tile)]


def _seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEATS:
        raise IllegalMove(f"{shown(seat)} is not a seat")
    return seat


def _tile(value: str | int) -> Tile:
    try:
        return to_tile(value)
    except ValueError as error:
        raise IllegalMove(str(error)) from None


PLAYS: list[list[Action]] = [
    [
        Action(PLAY, s, TILES[t], None if o == _ON_NONE else TILES[o])
        for t in range(TILE_COUNT)
        for o in range(TILE_COUNT + 1)
    ]
    for s in range(MAX_SEATS)
]
PASSES: list[Action] = [Action(PASS, s) for s in range(MAX_SEATS)]
DRAWS: list[Action] = [Action(DRAW, s) for s in range(MAX_SEATS)]
DRAWN: list[list[Action]] = [
    [Action(DRAW, s, TILES[t]) for t in range(TILE_COUNT)] for s in range(MAX_SEATS)
]
ROW = TILE_COUNT + 1  # stride of PLAYS[seat]: index tile*ROW + on


def as_action(value: object) -> Action:
    """Normalise what a caller gave ``apply`` (an Action-like tuple, strings or ints)."""
    if isinstance(value, Action):
        kind, seat, tile, on = value
    elif isinstance(value, tuple) and 2 <= len(value) <= 4:
        kind, seat, tile, on = (*value, None, None)[:4]
    else:
        raise IllegalMove(f"{shown(value)} is not a move")
    _seat(seat)
    if kind == PLAY:
        if tile is None:
            raise IllegalMove(f"seat {seat} must name the tile it plays")
        return Action.play(seat, tile, on)
    if kind == PASS:
        return PASSES[seat]
    if kind == DRAW:
        return Action.draw(seat, tile)
    raise IllegalMove(f'"{kind}" is not a kind of move (play, pass or draw)')
