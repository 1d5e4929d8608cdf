"""Tiles of the double-six set as small ints, and the lookup tables the hot path indexes.

A tile is its id 0..27 (``a*(a+1)//2 + b`` for ``a >= b``, so 0-0 is 0 and 6-6 is 27). Keeping it
an int lets a hand be one int bitmask and lets every rule question ("does this tile carry a 5?")
be a table look-up or a shift, which is what lets pure Python simulate thousands of games a
second.
``Tile`` subclasses int only to print itself as ``6-4``.
"""

from __future__ import annotations

import re

from .errors import shown

NUMBERS = 7
TILE_COUNT = 28
FULL = (1 << TILE_COUNT) - 1
_PATTERN = re.compile(r"([0-6])-([0-6])")


def tile_id(a: int, b: int) -> int:
    """Id of the tile showing a and b, in either order."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


class Tile(int):
    """A tile id that prints as ``high-low``; as an int it indexes tables and shifts into masks."""

    __slots__ = ()

    @property
    def high(self) -> int:
        return HIGH[self]

    @property
    def low(self) -> int:
        return LOW[self]

    @property
    def is_double(self) -> bool:
        return HIGH[self] == LOW[self]

    @property
    def pips(self) -> int:
        return HIGH[self] + LOW[self]

    def __str__(self) -> str:
        return NAMES[self]

    def __repr__(self) -> str:
        return f"Tile('{NAMES[self]}')"

    def __format__(self, spec: str) -> str:
        # int.__format__ would print the id; f-strings must show "6-4".
        return format(NAMES[self], spec)


HIGH: list[int] = [0] * TILE_COUNT
LOW: list[int] = [0] * TILE_COUNT
for _a in range(NUMBERS):
    for _b in range(_a + 1):
        HIGH[tile_id(_a, _b)] = _a
        LOW[tile_id(_a, _b)] = _b

NAMES: list[str] = [f"{HIGH[t]}-{LOW[t]}" for t in range(TILE_COUNT)]
TILES: tuple[Tile, ...] = tuple(Tile(t) for t in range(TILE_COUNT))
PIPS: list[int] = [HIGH[t] + LOW[t] for t in range(TILE_COUNT)]

#: SUIT[n]: mask of the seven tiles that carry n.
SUIT: list[int] = [
    sum(1 << t for t in range(TILE_COUNT) if n in (HIGH[t], LOW[t])) for n in range(NUMBERS)
]
#: DOUBLE[n]: id of the n-n tile.
DOUBLE: list[int] = [tile_id(n, n) for n in range(NUMBERS)]
DOUBLES_MASK = sum(1 << t for t in DOUBLE)

#: OTHER[t*7 + n]: the number on t's other side when its n side is matched (-1 if t has no n).
OTHER: list[int] = [-1] * (TILE_COUNT * NUMBERS)
for _t in range(TILE_COUNT):
    OTHER[_t * NUMBERS + HIGH[_t]] = LOW[_t]
    OTHER[_t * NUMBERS + LOW[_t]] = HIGH[_t]

#: COMMON[t*28 + o]: the number tiles t and o share (-1 if none). Two tiles share at most one.
COMMON: list[int] = [-1] * (TILE_COUNT * TILE_COUNT)
for _t in range(TILE_COUNT):
    for _o in range(TILE_COUNT):
        _shared = {HIGH[_t], LOW[_t]} & {HIGH[_o], LOW[_o]}
        if _shared and _t != _o:
            COMMON[_t * TILE_COUNT + _o] = _shared.pop()


def parse_tile(text: str | Tile) -> Tile:
    """Read ``"6-4"`` or ``"4-6"`` (a Tile passes through); anything else raises ValueError."""
    if isinstance(text, Tile):
        return text
    found = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise ValueError(
            f"{shown(text)} is not a tile (tiles are written like 6-4, numbers 0 to 6)"
        )
    return TILES[tile_id(int(found[1]), int(found[2]))]


def to_tile(value: str | int) -> Tile:
    """A Tile from "6-4", a Tile, or a tile id 0..27 (what the engine's own tables hold)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < TILE_COUNT:
        return TILES[value]
    return parse_tile(value)


def format_tile(tile: int) -> str:
    """``"6-4"`` for a tile id, high number first."""
    return NAMES[tile]


def bits(mask: int) -> list[int]:
    """Tile ids in a mask, highest first (the order a hand is shown in)."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


def tiles_of(mask: int) -> list[Tile]:
    """The Tiles in a mask, highest first."""
    return [TILES[t] for t in bits(mask)]


def mask_of(tiles) -> int:
    """Mask of an iterable of tile ids."""
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


def count_tables(weights: list[int] = PIPS) -> tuple[list[int], ...]:
    """Four 128-entry tables, one per seven tiles, so a hand's count is four look-ups."""
    tables = []
    for part in range(4):
        table = [0] * 128
        for m in range(1, 128):
            low = m & -m
            table[m] = table[m ^ low] + weights[part * 7 + low.bit_length() - 1]
        tables.append(table)
    return tuple(tables)


def numbers_of(mask: int) -> list[int]:
    """The numbers whose bits are set in a 7-bit number mask, highest first."""
    return [n for n in range(NUMBERS - 1, -1, -1) if mask >> n & 1]
