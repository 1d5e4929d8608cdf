"""Board kinds: the line (two ends) and the tree (French cross, Doubles spinners).

A board knows where a tile may go and keeps ``fit``, the mask of every tile that could be placed
somewhere right now (locks included). The game checks "blocked" as ``tiles in hands & fit == 0``, so
that one mask is what keeps the end-of-game test to a single AND.

``place`` returns the numbers the new tile shows on its free sides, or None when it does not fit;
the game then asks ``why_not`` for the player's message, so reasons are only built for refusals.
"""

from __future__ import annotations

from .events import Passed, Placed
from .moves import PLAYS, ROW, Action
from .tiles import (
    COMMON,
    DOUBLE,
    HIGH,
    LOW,
    NAMES,
    NUMBERS,
    OTHER,
    SUIT,
    TILE_COUNT,
    TILES,
    numbers_of,
)

#: ONE[n]: the shared ``(n,)`` tuple, so events never build a tuple for a single open number.
ONE: list[tuple[int, ...]] = [(n,) for n in range(NUMBERS)]
#: SIDES[k][n]: k copies of n, for a double that opens k sides.
SIDES: list[list[tuple[int, ...]]] = [[(n,) * k for n in range(NUMBERS)] for k in range(5)]


class LineBoard:
    """A line with two ends: each end is (tile at that end, number it shows).

    ``c0``/``c1`` are the move caches of the two ends (see ``END_MOVES``), kept beside the end so
    that listing moves is two dict look-ups and a list concatenation.
    """

    __slots__ = ("c0", "c1", "fit", "n0", "n1", "t0", "t1")
    kind = "line"

    def __init__(self) -> None:
        self.t0 = self.t1 = -1
        self.n0 = self.n1 = -1
        self.c0 = self.c1 = None
        self.fit = 0

    def copy(self) -> LineBoard:
        new = LineBoard.__new__(LineBoard)
        new.t0, new.n0, new.c0, new.t1, new.n1, new.c1 = (
            self.t0,
            self.n0,
            self.c0,
            self.t1,
            self.n1,
            self.c1,
        )
        new.fit = self.fit
        return new

    def pose(self, tile: int) -> tuple[int, ...]:
        self.t0 = self.t1 = tile
        self.n0, self.n1 = n0, n1 = HIGH[tile], LOW[tile]
        self.c0, self.c1 = END_MOVES[tile * NUMBERS + n0], END_MOVES[tile * NUMBERS + n1]
        self.fit = SUIT[n0] | SUIT[n1]
        return (n0, n1)

    def place(self, tile: int, on: int) -> tuple[int, ...] | None:
        if on == self.t0 and SUIT[self.n0] >> tile & 1:
            n = self.n0 = OTHER[tile * NUMBERS + self.n0]
            self.t0 = tile
            self.c0 = END_MOVES[tile * NUMBERS + n]
        elif on == self.t1 and SUIT[self.n1] >> tile & 1:
            n = self.n1 = OTHER[tile * NUMBERS + self.n1]
            self.t1 = tile
            self.c1 = END_MOVES[tile * NUMBERS + n]
        else:
            return None
        self.fit = SUIT[self.n0] | SUIT[self.n1]
        return ONE[n]

    def moves(self, seat: int, hand: int) -> list[Action]:
        """Placements from ``hand``: the cached lists of both ends, joined into a fresh list."""
        a = self.c0[seat][hand & SUIT[self.n0]]
        b = self.c1[seat][hand & SUIT[self.n1]]
        if a is b:  # the pose double: both ends are one tile's alike sides
            return a[:]
        return a + b

    def open_ends(self) -> list[tuple[int, int, int]]:
        """Open sides as (tile, number, how many sides of that tile show it)."""
        if self.t0 < 0:
            return []
        if self.t0 == self.t1 and self.n0 == self.n1:
            return [(self.t0, self.n0, 2)]
        return [(self.t0, self.n0, 1), (self.t1, self.n1, 1)]

    def open_numbers(self) -> tuple[int, ...]:
        return PAIRS[self.n0 * NUMBERS + self.n1] if self.t0 >= 0 else ()

    def locked(self) -> list[int]:
        return []

    def why_not(self, tile: int, on: int, placed: int) -> str:
        return _why_not(self, tile, on, placed)


def _end_caches(end: int, n: int) -> list[dict[int, list[Action]]]:
    """Per seat: fitting subset of a hand -> the moves placing each of those tiles on ``end``."""
    others = [t for t in range(TILE_COUNT) if SUIT[n] >> t & 1 and t != end]
    caches = []
    for seat in range(len(PLAYS)):
        row = PLAYS[seat]
        masks, lists = [0], [EMPTY]
        for pick in range(1, 1 << len(others)):  # each subset = its top tile + a smaller subset
            top = pick.bit_length() - 1
            rest = pick ^ (1 << top)
            masks.append(masks[rest] | 1 << others[top])
            lists.append([row[others[top] * ROW + end], *lists[rest]])
        caches.append(dict(zip(masks, lists, strict=True)))
    return caches


EMPTY: list[Action] = []
#: END_MOVES[tile*7 + n]: the move caches of an end where ``tile`` shows ``n``.
END_MOVES: list[list[dict[int, list[Action]]] | None] = [
    _end_caches(t, n) if SUIT[n] >> t & 1 else None
    for t in range(TILE_COUNT)
    for n in range(NUMBERS)
]


def _line_info(seat: int, tile: int, on: int) -> tuple | None:
    """What placing ``tile`` against ``on`` does on a line, whatever the rest of the board."""
    matched = COMMON[tile * TILE_COUNT + on] if on < TILE_COUNT else -1
    if matched < 0:
        return None
    n = OTHER[tile * NUMBERS + matched]
    event = Placed(seat, TILES[tile], TILES[on], ONE[n])
    return 1 << tile, matched, n, END_MOVES[tile * NUMBERS + n], event, PLAYS[seat][tile * ROW + on]


#: LINE_INFO[seat][tile*ROW + on]: (tile bit, number matched, number opened, the new end's moves,
#: the Placed event, the cached Action),
#: the Placed event), or None when the two tiles share no number. Every line placement's effect
#: depends only on the two tiles, so it is worked out once here instead of on every move.
LINE_INFO: list[list[tuple | None]] = [
    [_line_info(s, t, o) for t in range(TILE_COUNT) for o in range(ROW)] for s in range(len(PLAYS))
]
#: PAIRS[a*7 + b]: the distinct numbers of two ends, highest first.
PAIRS: list[tuple[int, ...]] = [
    tuple(sorted({a, b}, reverse=True)) for a in range(NUMBERS) for b in range(NUMBERS)
]
#: LINE_PASSES[seat][a*7 + b]: (the Passed event, mask of the numbers passed on) for ends a, b.
LINE_PASSES: list[list[tuple[Passed, int]]] = [
    [(Passed(seat, PAIRS[i]), 1 << i // NUMBERS | 1 << i % NUMBERS) for i in range(NUMBERS**2)]
    for seat in range(len(PLAYS))
]


#: FIT[shown << 7 | opened]: tiles placeable when numbers ``shown`` are at open sides.
FIT: list[int] = [0] * (1 << 2 * NUMBERS)
for _opened in range(1 << NUMBERS):
    _takes = [SUIT[n] if _opened >> n & 1 else 1 << DOUBLE[n] for n in range(NUMBERS)]
    for _shown in range(1, 1 << NUMBERS):
        _top = _shown.bit_length() - 1
        FIT[_shown << NUMBERS | _opened] = (
            FIT[(_shown ^ 1 << _top) << NUMBERS | _opened] | _takes[_top]
        )


#: SHOWN[mask]: the numbers of a 7-bit number mask, highest first.
SHOWN: list[tuple[int, ...]] = [tuple(numbers_of(m)) for m in range(1 << NUMBERS)]


#: TAKES[opened][n]: tiles an end showing n takes: its suit once n is open, else only n-n.
TAKES: list[list[int]] = [
    [SUIT[n] if opened >> n & 1 else 1 << DOUBLE[n] for n in range(NUMBERS)]
    for opened in range(1 << NUMBERS)
]


def _tree_info(tile: int, on: int) -> tuple | None:
    """Placing ``tile`` against ``on``: (number matched, number shown after, is a double, the new
    end's move caches), or None when the two share no number."""
    n = COMMON[tile * TILE_COUNT + on] if on < TILE_COUNT else -1
    if n < 0:
        return None
    double = HIGH[tile] == LOW[tile]
    m = n if double else OTHER[tile * NUMBERS + n]
    return n, m, double, END_MOVES[tile * NUMBERS + m]


TREE_INFO: list[tuple | None] = [_tree_info(t, o) for t in range(TILE_COUNT) for o in range(ROW)]


class TreeBoard:
    """Tiles with free sides, each tile's free sides all showing one number (doubles, far ends).

    ``ends`` maps each tile with a free side to (the number its sides show, its move caches, how
    many sides are free). ``double_sides``: sides a later double opens (3 for spinners, 1 for a
    French arm double). ``cross``: the French rule that the four sides of the pose are taken
    before any arm grows; until then the arm tiles wait in ``pending``.
    """

    __slots__ = (
        "count",
        "cross",
        "double_sides",
        "ends",
        "fit",
        "opened",
        "pending",
        "shown",
        "takes",
    )

    def __init__(self, double_sides: int, cross: bool) -> None:
        self.double_sides = double_sides
        self.cross = cross
        self.ends: dict[int, tuple[int, list, int]] = {}
        self.count = [0] * NUMBERS  # tiles with free sides showing each number
        self.shown = 0
        self.opened = 0
        self.takes = TAKES[0]
        self.pending: list[tuple[int, int, int]] | None = None
        self.fit = 0

    @property
    def kind(self) -> str:
        return "cross" if self.cross else "spinners"

    def copy(self) -> TreeBoard:
        new = TreeBoard.__new__(TreeBoard)
        new.double_sides, new.cross = self.double_sides, self.cross
        new.ends = self.ends.copy()
        new.count = self.count[:]
        new.shown, new.opened, new.takes, new.fit = self.shown, self.opened, self.takes, self.fit
        new.pending = None if self.pending is None else self.pending[:]
        return new

    def pose(self, tile: int) -> tuple[int, ...]:
        n = HIGH[tile]
        self.opened = 1 << n
        self.takes = TAKES[self.opened]
        self._add(tile, n, 4)
        if self.cross:
            self.pending = []
        self.fit = FIT[self.shown << NUMBERS | self.opened]
        return SIDES[4][n]

    def _add(self, tile: int, n: int, sides: int) -> None:
        self.ends[tile] = (n, END_MOVES[tile * NUMBERS + n], sides)
        self.count[n] += 1
        self.shown |= 1 << n

    def place(self, tile: int, on: int) -> tuple[int, ...] | None:
        try:
            n, m, double, caches = TREE_INFO[tile * ROW + on]
        except TypeError:  # no shared number, or ``on`` is not a tile
            return None
        ends = self.ends
        end = ends.get(on)
        if end is None or end[0] != n:
            return None
        if double:
            self.opened |= 1 << n
            self.takes = TAKES[self.opened]
            sides = self.double_sides
        elif self.opened >> n & 1:
            sides = 1
        else:
            return None
        free = end[2]
        if free == 1:
            del ends[on]
            count = self.count
            count[n] -= 1
            if not count[n]:
                self.shown ^= 1 << n
        else:
            ends[on] = (n, end[1], free - 1)
        if self.pending is None:
            ends[tile] = (m, caches, sides)
            self.count[m] += 1
            self.shown |= 1 << m
        else:
            self._grow_cross(tile, m, sides, free == 1)
        self.fit = FIT[self.shown << NUMBERS | self.opened]
        return SIDES[sides][m]

    def _grow_cross(self, tile: int, n: int, sides: int, complete: bool) -> None:
        pending = self.pending
        pending.append((tile, n, sides))
        if complete:
            self.pending = None
            for t, m, k in pending:
                self._add(t, m, k)

    def moves(self, seat: int, hand: int) -> list[Action]:
        """Placements from ``hand``: per board tile with a free side, its cached moves."""
        out: list[Action] = []
        if not hand & self.fit:
            return out
        takes = self.takes
        for n, caches, _ in self.ends.values():
            fits = hand & takes[n]
            if fits:
                out += caches[seat][fits]
        return out

    def open_ends(self) -> list[tuple[int, int, int]]:
        """Open sides as (tile, number, how many sides of that tile show it)."""
        return [(t, n, k) for t, (n, _, k) in self.ends.items()]

    def open_numbers(self) -> tuple[int, ...]:
        return SHOWN[self.shown]

    def locked(self) -> list[int]:
        return [n for n in range(NUMBERS - 1, -1, -1) if not self.opened >> n & 1]

    def why_not(self, tile: int, on: int, placed: int) -> str:
        return _why_not(self, tile, on, placed)


def _why_not(board: LineBoard | TreeBoard, tile: int, on: int | None, placed: int) -> str:
    """The reason ``tile`` cannot go on ``on``: the player-facing half of an IllegalMove message."""
    t = NAMES[tile]
    if on is None:
        return f"say which tile {t} goes on"
    o = NAMES[on]
    if not placed >> on & 1:
        return f"{o} is not on the board"
    ends = board.open_ends()
    sides = {e[0]: e[1] for e in ends}
    if isinstance(board, LineBoard) and board.t0 == board.t1 == on:
        sides = {on: None}
    pending = isinstance(board, TreeBoard) and board.pending is not None
    if on not in sides:
        if pending and any(p[0] == on for p in board.pending):
            return f"no arm may grow until all four sides of the cross are taken ({o} waits)"
        return f"{o} has no open side; the open ends show {_list(board.open_numbers())}"
    shared = COMMON[tile * TILE_COUNT + on]
    shows = sides[on]
    if shows is None:
        shows = shared if shared >= 0 else HIGH[on]
    if shared != shows or not SUIT[shows] >> tile & 1:
        if shared >= 0:
            return f"no open {shared} there"
        return f"it does not fit: {o} shows {shows}"
    if isinstance(board, TreeBoard) and not board.opened >> shows & 1 and tile != DOUBLE[shows]:
        return f"{shows} is locked until {shows}-{shows} is played"
    return "it does not fit there"


def _list(numbers: tuple[int, ...]) -> str:
    items = [str(n) for n in numbers]
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]
