"""Where each tile of the board lies: the board laid out the way players lay it on a table.

On a real table a tile never moves once it is down, and a line that reaches the edge of the
table turns. This module does the same on paper: tiles go down in the order they were played,
each against the side it was played on, carrying straight on while there is room and turning at
the edge of the felt, never on top of another tile. The line becomes a snake from the pose to
either end (the left half winds upwards, the right half downwards); the French cross and the
Doubles spinners become a pinwheel of four snakes, one per arm, each in its own quarter of the
felt; a spinner's extra sides start branches that find room wherever it is free. Because
nothing moves, the board reads the same from one move to the next; only its scale changes.

A layout is computed for two shapes of felt, a phone's and a desktop's (``PROFILES``): one
rendered board carries both and the page picks one by the width it has (a container query), so
one shared render serves every screen. Every placed tile and every open end (a "slot": where
the next tile would go) has a box, and the page scales the whole to fit, so nothing sticks out.

Each version of a game adds one tile to the last, so the layout so far is kept (``_STATES``)
and extended by that tile instead of being worked out again on every move.

Inside, lengths are in half a tile's width ("hu", whole numbers); a ``Spot`` is in tile
widths. It is pure: board rows from the engine's view in, boxes out.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field

Vec = tuple[int, int]
Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in hu
E: Vec = (1, 0)
S: Vec = (0, 1)
W: Vec = (-1, 0)
N: Vec = (0, -1)
#: CSS flex directions that put a tile's near face first, by the way the tile heads.
FLOW = {E: "row", W: "row-reverse", S: "column", N: "column-reverse"}
#: Where an arm should stay: (x0, y0, x1, y1) in hu, None for no bound that way.
Region = tuple[int | None, int | None, int | None, int | None]
TURN_ROOM = 2  # a run stops this far from its edge, so that the turning tile still fits


@dataclass(frozen=True)
class Profile:
    """A felt's shape: how far from the pose an arm may run across, and up or down (hu)."""

    name: str
    half_width: int
    half_height: int


#: A phone's felt (11 tile widths across, so that a 360 px screen shows each half of a tile at
#: about 28 px or more; lines wind down the page instead of shrinking) and a desktop's (30
#: across, flatter).
PROFILES = (Profile("narrow", 11, 20), Profile("wide", 30, 12))


@dataclass(frozen=True, slots=True)
class Walker:
    """How an arm grows: ``main`` is the way its last run went (a U-turn goes back the other
    way), ``turn`` the way it turns at an edge, ``region`` where it should stay."""

    main: Vec
    turn: Vec
    region: Region


@dataclass(frozen=True, slots=True)
class Side:
    """An open side of a laid tile: the middle of its edge (``at``), the way a tile laid there
    heads, half the edge's length (1 or 2 hu) and the number it shows."""

    at: Vec
    heading: Vec
    half: int
    number: int
    walker: Walker


@dataclass(frozen=True, slots=True)
class Spot:
    """A box on the board in tile widths, and the CSS flow that puts its near face first."""

    x: float
    y: float
    w: float
    h: float
    flow: str


@dataclass
class Board:
    """A finished layout: each tile's spot and faces (near, far), the open ends as (tile the
    end is on, number it shows, spot), the size, and how many tiles found no place touching
    their neighbour (``gaps``) or none at all (``overlaps``; the tests keep both rare or nil)."""

    tiles: dict[str, Spot] = field(default_factory=dict)
    faces: dict[str, tuple[int, int]] = field(default_factory=dict)
    slots: list[tuple[str, int, Spot]] = field(default_factory=list)
    far: list[bool] = field(default_factory=list)  # a slot's marker on its far half (see _apart)
    width: float = 0
    height: float = 0
    gaps: int = 0
    overlaps: int = 0


@dataclass(frozen=True, slots=True)
class _Move:
    """One way to lay a tile: its box, the way it heads, whether it is a double lying across
    its line, where its far side is, and its length and half-width (hu)."""

    box: Box
    heading: Vec
    crosswise: bool
    far: Vec
    length: int
    across: int


def _neg(v: Vec) -> Vec:
    return (-v[0], -v[1])


def _add(a: Vec, b: Vec, k: int = 1) -> Vec:
    return (a[0] + k * b[0], a[1] + k * b[1])


def _box(at: Vec, heading: Vec, length: int, across: int) -> Box:
    """The box of a tile that starts at ``at`` and runs ``length`` along ``heading``."""
    (px, py), (dx, dy) = at, heading
    ex, ey = px + dx * length, py + dy * length
    if dx == 0:
        return (px - across, min(py, ey), px + across, max(py, ey))
    return (min(px, ex), py - across, max(px, ex), py + across)


def _cells(box: Box) -> Iterator[int]:
    x0, y0, x1, y1 = box
    for x in range(x0, x1):
        for y in range(y0, y1):
            yield x << 12 | (y & 4095)


def _inside(box: Box, region: Region, heading: Vec, room: int) -> bool:
    """Whether ``box`` keeps to ``region``, leaving ``room`` ahead of it for a turn."""
    x0, y0, x1, y1 = box
    rx0, ry0, rx1, ry1 = region
    dx, dy = heading
    return (
        (rx0 is None or x0 - (room if dx < 0 else 0) >= rx0)
        and (ry0 is None or y0 - (room if dy < 0 else 0) >= ry0)
        and (rx1 is None or x1 + (room if dx > 0 else 0) <= rx1)
        and (ry1 is None or y1 + (room if dy > 0 else 0) <= ry1)
    )


def _outside(box: Box, region: Region) -> int:
    """How far ``box`` strays out of ``region`` (hu, summed over its four sides)."""
    x0, y0, x1, y1 = box
    rx0, ry0, rx1, ry1 = region
    return (
        (max(0, rx0 - x0) if rx0 is not None else 0)
        + (max(0, ry0 - y0) if ry0 is not None else 0)
        + (max(0, x1 - rx1) if rx1 is not None else 0)
        + (max(0, y1 - ry1) if ry1 is not None else 0)
    )


def _moves(side: Side, double: bool) -> Iterator[tuple[_Move, bool]]:
    """The ways to lay a tile against ``side`` in the walker's order of preference (straight
    on while running; at an edge, turn; after the turning tile, back the other way), each with
    whether it runs along the arm (a run keeps room ahead of it for the next turn)."""
    walker, d = side.walker, side.heading
    along = walker.main[0] == 0
    running = (d[0] == 0) == along
    if running:
        headings = (d, walker.turn, _neg(walker.turn))
    else:
        headings = (_neg(walker.main), d, walker.main)
    shapes = ((2, 2, True), (4, 1, False)) if double else ((4, 1, False),)
    for heading in headings:
        if heading == d:
            starts: tuple[Vec, ...] = (side.at,)
        else:  # a turn: the near face just beyond the old far face, or beside it
            starts = (
                _add(_add(side.at, d), heading, side.half - 2),
                _add(_add(side.at, d, -1), heading, side.half),
            )
        run = (heading[0] == 0) == along
        for at in starts:
            for length, across, crosswise in shapes:
                box = _box(at, heading, length, across)
                yield _Move(box, heading, crosswise, _add(at, heading, length), length, across), run


class _State:
    """A layout in progress: occupied cells, the bounding box, every tile's box, and the open
    sides of each tile. ``copy`` is cheap enough to extend a kept layout by one tile."""

    __slots__ = ("bounds", "boxes", "cells", "faces", "gaps", "open", "overlaps")

    def __init__(self) -> None:
        self.cells: set[int] = set()
        self.bounds: Box = (0, 0, 0, 0)
        self.boxes: dict[str, tuple[Box, Vec, bool]] = {}
        self.faces: dict[str, tuple[int, int]] = {}
        self.open: dict[str, tuple[Side, ...]] = {}
        self.gaps = 0
        self.overlaps = 0

    def copy(self) -> _State:
        new = _State.__new__(_State)
        new.cells, new.bounds = set(self.cells), self.bounds
        new.boxes, new.faces, new.open = dict(self.boxes), dict(self.faces), dict(self.open)
        new.gaps, new.overlaps = self.gaps, self.overlaps
        return new

    def free(self, box: Box) -> bool:
        cells = self.cells
        return not any(cell in cells for cell in _cells(box))

    def take(self, box: Box) -> None:
        self.cells.update(_cells(box))
        b = self.bounds
        self.bounds = (min(b[0], box[0]), min(b[1], box[1]), max(b[2], box[2]), max(b[3], box[3]))

    def choose(self, side: Side, double: bool) -> tuple[_Move, int]:
        """The first way that is free and keeps to the walker's region (0); else the free
        one that strays least from it (1), so that a crowded board stays narrow; else
        straight on past what is in the way, leaving a gap as a player would rather than lay a
        tile on another (2); at worst on top of it (3)."""
        region = side.walker.region
        for move, run in _moves(side, double):
            room = TURN_ROOM if run else 0
            if _inside(move.box, region, move.heading, room) and self.free(move.box):
                return move, 0
        moves = [move for move, _run in _moves(side, double)]
        free = [move for move in moves if self.free(move.box)]
        if free:  # the one that strays least from the region (the first of equals)
            return min(free, key=lambda move: _outside(move.box, region)), 1
        for gap in range(2, 13, 2):
            for move in moves:
                at = _add(move.far, move.heading, gap - move.length)
                box = _box(at, move.heading, move.length, move.across)
                if self.free(box):
                    far = _add(at, move.heading, move.length)
                    moved = _Move(box, move.heading, move.crosswise, far, move.length, move.across)
                    return moved, 2
        return moves[0], 3

    def pose(self, name: str, faces: tuple[int, int], sides: tuple[Side, ...]) -> None:
        crosswise = faces[0] == faces[1]
        box = (-1, -2, 1, 2) if crosswise else (-2, -1, 2, 1)
        self.take(box)
        self.boxes[name] = (box, E, crosswise)
        self.faces[name] = faces
        self.open[name] = sides

    def lay(self, name: str, parent: str, near: int, far: int, spinner: bool, whole: Region):
        """Lay ``name`` against the first free side of ``parent`` showing ``near`` where it
        keeps to its arm's region (else where it fits best)."""
        open_sides = self.open.get(parent, ())
        sides = [s for s in open_sides if s.number == near] or list(open_sides)
        if not sides:  # cannot happen with a board the engine built; never fail a render
            sides = [Side((0, 0), E, 1, near, Walker(E, S, whole))]
        best: tuple[Side, _Move, int] | None = None
        for side in sides:
            move, level = self.choose(side, near == far)
            if best is None or level < best[2]:
                best = side, move, level
            if level == 0:
                break
        assert best is not None
        side, move, level = best
        self.open[parent] = tuple(s for s in open_sides if s is not side)
        self.gaps += level == 2
        self.overlaps += level == 3
        self.take(move.box)
        self.boxes[name] = (move.box, move.heading, move.crosswise)
        self.faces[name] = (near, far)
        self.open[name] = _opened(move, side.walker, far, spinner and near == far, whole)

    def finish(self, ends: tuple[tuple[str, int, int], ...]) -> Board:
        """The board: a slot on each open end (where the next tile would go), everything
        moved so that the box starts at (0, 0)."""
        state = self.copy()
        slots = []
        for on, number, count in ends:
            for side in [s for s in state.open.get(on, ()) if s.number == number][:count]:
                move, _level = state.choose(side, False)
                state.take(move.box)
                slots.append((on, number, move.box, move.heading))
        x0, y0, x1, y1 = state.bounds
        board = Board(faces=dict(self.faces), gaps=self.gaps, overlaps=self.overlaps)
        for name, (box, heading, crosswise) in self.boxes.items():
            board.tiles[name] = _spot(box, x0, y0, heading, crosswise)
        board.slots = [(on, n, _spot(box, x0, y0, h, False)) for on, n, box, h in slots]
        board.far = _apart([spot for _on, _n, spot in board.slots])
        board.width, board.height = (x1 - x0) / 2, (y1 - y0) / 2
        return board


MARKERS_APART = 1.5  # tile widths between two end markers' centres, at the least if it can


def _marker(spot: Spot, far: bool) -> tuple[float, float]:
    """The centre of a slot's near half (where its end's number shows), or of its far half."""
    first = (spot.flow in ("row", "column")) != far  # the near face comes first in its flow
    if spot.flow.startswith("row"):
        return (spot.x + spot.w * (0.25 if first else 0.75), spot.y + spot.h / 2)
    return (spot.x + spot.w / 2, spot.y + spot.h * (0.25 if first else 0.75))


def _apart(spots: list[Spot]) -> list[bool]:
    """Which slots show their number on the far half: one whose near half comes close to a
    marker already placed (two ends of a spinner side by side) moves out if that is roomier,
    so that two numbers never crowd each other."""
    placed: list[tuple[float, float]] = []
    far = []

    def room(at: tuple[float, float]) -> float:
        return min((abs(at[0] - x) + abs(at[1] - y) for x, y in placed), default=99.0)

    for spot in spots:
        near, out = _marker(spot, False), _marker(spot, True)
        moved = room(near) < MARKERS_APART and room(out) > room(near)
        far.append(moved)
        placed.append(out if moved else near)
    return far


def _opened(move: _Move, walker: Walker, number: int, spinner: bool, whole: Region) -> tuple:
    """The sides a laid tile opens: its far side, then (a spinner) its two long ends, each
    starting a branch that heads away from the line and turns the way the line went."""
    main = move.heading if (move.heading[0] == 0) == (walker.main[0] == 0) else walker.main
    sides = [Side(move.far, move.heading, move.across, number, Walker(main, walker.turn,
                                                                     walker.region))]  # fmt: skip
    if spinner:
        middle = _add(move.far, move.heading, -(move.length // 2))
        across = (move.heading[1], move.heading[0]) if move.heading[0] == 0 else (0, 1)
        ways = (_neg(across), across) if _neg(across) == walker.turn else (across, _neg(across))
        for way in ways:
            at = _add(middle, way, move.across)
            sides.append(Side(at, way, move.length // 2, number, Walker(way, move.heading, whole)))
    return tuple(sides)


def _spot(box: Box, x0: int, y0: int, heading: Vec, crosswise: bool) -> Spot:
    bx0, by0, bx1, by1 = box
    # A double across its line shows its two faces side by side across the way it heads.
    flow = ("column" if heading[1] == 0 else "row") if crosswise else FLOW[heading]
    return Spot((bx0 - x0) / 2, (by0 - y0) / 2, (bx1 - bx0) / 2, (by1 - by0) / 2, flow)


class _Kept:
    """Layouts so far by what they hold, newest last (shared by the render threads)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[tuple, _State] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> _State | None:
        with self.lock:
            return self.items.get(key)

    def put(self, key: tuple, state: _State) -> None:
        with self.lock:
            self.items[key] = state
            while len(self.items) > self.size:
                self.items.popitem(last=False)


_STATES = _Kept(256)  # two per table in play (both felts) with room to spare; ~30 kB each

#: A line half or a tree as laid so far: (tile, the parent it touches, near number, far number).
Laid = tuple[tuple[str, str, int, int], ...]


def line(chain: list[dict], ends: tuple, profile: Profile) -> Board:
    """The line from the engine's ``chain`` (left end to right end, each tile with its left and
    right numbers and the pose marked) and its open ``ends`` as (tile, number, sides)."""
    at = next(i for i, item in enumerate(chain) if item["pose"])
    pose = chain[at]
    pose_key = (pose["tile"], pose["left"], pose["right"])
    left: list = []
    parent = pose["tile"]
    for item in reversed(chain[:at]):  # outwards from the pose: its right number touches
        left.append((item["tile"], parent, item["right"], item["left"]))
        parent = item["tile"]
    right: list = []
    parent = pose["tile"]
    for item in chain[at + 1 :]:
        right.append((item["tile"], parent, item["left"], item["right"]))
        parent = item["tile"]
    return _line_state(pose_key, tuple(left), tuple(right), profile).finish(ends)


def _line_state(pose: tuple, left: Laid, right: Laid, profile: Profile) -> _State:
    """The two halves never meet (one winds up, one down), so a layout with one tile more on
    either end is the kept one with that tile laid."""
    key = ("line", profile, pose, left, right)
    state = _STATES.get(key)
    if state is not None:
        return state
    r = profile.half_width
    whole: Region = (-r, None, r, None)
    for shorter, tile in (((left[:-1], right), left[-1:]), ((left, right[:-1]), right[-1:])):
        kept = _STATES.get(("line", profile, pose, *shorter)) if tile else None
        if kept is not None:
            state = kept.copy()
            state.lay(*tile[0], False, whole)
            break
    else:
        name, a, b = pose
        state = _State()
        half, edge = (2, 1) if a == b else (1, 2)
        state.pose(name, (a, b), (
            Side((-edge, 0), W, half, a, Walker(W, N, (-r, None, r, 2))),
            Side((edge, 0), E, half, b, Walker(E, S, (-r, -2, r, None))),
        ))  # fmt: skip
        for laid in (*left, *right):
            state.lay(*laid, False, whole)
    _STATES.put(key, state)
    return state


def tree(tiles: list[dict], ends: tuple, profile: Profile, spinners: bool) -> Board:
    """A cross (``spinners`` False: later doubles open no sides) or spinners, from the engine's
    ``tiles`` in the order played, each with its parent and the number it shows now."""
    laid = []
    for item in tiles[1:]:
        high, low = (int(x) for x in item["tile"].split("-"))
        shows = item["shows"]
        near = high if high == low else high + low - shows
        laid.append((item["tile"], item["parent"], near, shows))
    pose = tiles[0]
    key = (pose["tile"], pose["shows"])
    return _tree_state(key, tuple(laid), profile, spinners).finish(ends)


def _tree_state(pose: tuple, laid: Laid, profile: Profile, spinners: bool) -> _State:
    """Tiles are laid in the order played, so the kept layout without the newest tile is this
    one's start."""
    key = ("tree", profile, spinners, pose, laid)
    state = _STATES.get(key)
    if state is not None:
        return state
    r, v = profile.half_width, profile.half_height
    whole: Region = (-r, -v, r, v)
    kept = _STATES.get(("tree", profile, spinners, pose, laid[:-1])) if laid else None
    if kept is not None:
        state = kept.copy()
        state.lay(*laid[-1], spinners, whole)
    else:
        name, n = pose
        state = _State()
        state.pose(name, (n, n), (
            Side((1, 0), E, 2, n, Walker(E, S, (1, -2, r, v))),
            Side((-1, 0), W, 2, n, Walker(W, N, (-r, -v, -1, 2))),
            Side((0, -2), N, 1, n, Walker(N, E, (-2, -v, r, -2))),
            Side((0, 2), S, 1, n, Walker(S, W, (-r, 2, 2, v))),
        ))  # fmt: skip
        for item in laid:
            state.lay(*item, spinners, whole)
    _STATES.put(key, state)
    return state
