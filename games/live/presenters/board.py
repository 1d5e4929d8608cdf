"""The board as every viewer of a version sees it, and the tiles: the one public presenter of
``games.live``, used by the table and by the replay (``history.presenters``).

The board is the same for every viewer of a version (``board_context``), so rendering builds it
once and shares it. Whatever differs per viewer about the board, the targets on the open ends
where this player may tap to place a tile that fits two ends, goes where ``end_marker`` says,
put in by rendering for this viewer only (see ``hand.hand_buttons``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .. import layout
from .words import and_list


@dataclass
class TileView:
    """A tile in a hand or a revealed hand: its name and faces (high first)."""

    name: str
    faces: tuple[int, int]
    vertical: bool = True

    @property
    def html(self) -> str:
        """Built here rather than by a template include: a hand is on every push."""
        near, far = self.faces
        return tile_html(self.name, near, far, self.vertical)


@lru_cache(maxsize=1024)
def tile_html(name: str, near: int, far: int, vertical: bool) -> SafeString:
    classes = "tile v" if vertical else "tile h"
    return mark_safe(  # digits and a tile name only
        f'<span class="{classes}" role="img" aria-label="{name}">'
        f'<b class="f{near}"></b><b class="f{far}"></b></span>'
    )


def face_tile(name: str, vertical: bool = True) -> TileView:
    high, low = (int(x) for x in name.split("-"))
    return TileView(name, (high, low), vertical)


def _spot_style(narrow: layout.Spot, wide: layout.Spot) -> str:
    """Both felts' boxes as custom properties (lower case: the phone's, upper: the desktop's);
    the style sheet picks one set by the board's width."""
    return (
        f"--x:{narrow.x:g};--y:{narrow.y:g};--w:{narrow.w:g};--h:{narrow.h:g};--f:{narrow.flow};"
        f"--X:{wide.x:g};--Y:{wide.y:g};--W:{wide.w:g};--H:{wide.h:g};--F:{wide.flow}"
    )


def _board_tile(name: str, faces: tuple[int, int], style: str, label: str, classes: str) -> str:
    near, far = faces
    return (
        f'<span class="tile bt{classes}" style="{style}" role="img" aria-label="{escape(label)}">'
        f'<b class="f{near}"></b><b class="f{far}"></b></span>'
    )


#: Where the empty board's line goes in the shared board: the seat to pose is told to pick a
#: tile, everyone else that the pose is awaited.
POSE_MARKER = "<!--pose-->"


def end_marker(on: str, number: int) -> str:
    """Where this viewer's targets for the end (``on``, ``number``) go in the shared board."""
    return f"<!--end {on} {number}-->"


def board_context(view: dict) -> dict:
    """The board as every viewer sees it: tiles and open ends placed for a phone's felt and a
    desktop's, the ends and locked numbers in words. No per-viewer part (see ``end_marker``)."""
    board = view["board"]
    ends = view["ends"]
    context: dict[str, Any] = {
        "kind": "empty" if board.get("pose") is None else board["kind"],
        "ends_text": ends_text(ends, board["kind"]),
        "ends_words": and_list([e["number"] for e in ends for _ in range(e["sides"])]),
        "locked": view.get("locked") or [],
    }
    if context["kind"] == "empty":
        context["pose_marker"] = mark_safe(POSE_MARKER)  # a constant comment
        return context
    end_list = tuple((e["on"], e["number"], e["sides"]) for e in ends)
    if board["kind"] == "line":
        narrow, wide = (layout.line(board["chain"], end_list, p) for p in layout.PROFILES)
        order = [item["tile"] for item in board["chain"]]  # read from one end to the other
    else:
        spinners = board["kind"] == "spinners"
        narrow, wide = (layout.tree(board["tiles"], end_list, p, spinners) for p in layout.PROFILES)
        order = [item["tile"] for item in board["tiles"]]  # in the order played
    last = view.get("last_move") or {}
    newest = last.get("tile") if last.get("kind") == "play" else None
    parts = []
    for name in order:
        label, classes = name, ""
        if name == newest:
            label, classes = _("%(tile)s (the last move)") % {"tile": name}, " last"
        style = _spot_style(narrow.tiles[name], wide.tiles[name])
        parts.append(_board_tile(name, narrow.faces[name], style, label, classes))
    marked = set()
    slots = zip(narrow.slots, wide.slots, narrow.far, wide.far, strict=True)
    for (on, number, spot), (_on, _n, wide_spot), far_n, far_w in slots:
        marker = "" if (on, number) in marked else end_marker(on, number)
        marked.add((on, number))
        classes = "slot" + (" far-n" if far_n else "") + (" far-w" if far_w else "")
        parts.append(
            f'<span class="{classes}" style="{_spot_style(spot, wide_spot)}">'
            f'<i aria-hidden="true">{number}</i>{marker}</span>'
        )
    context["tiles_html"] = mark_safe("".join(parts))  # digits, tile names and our own words
    context["size"] = (
        f"--bw:{narrow.width:g};--bh:{narrow.height:g};--BW:{wide.width:g};--BH:{wide.height:g}"
    )
    context["count"] = len(order)
    return context


def ends_text(ends: list[dict], kind: str) -> str:
    """ "5 · 4": the numbers a tile may be played on, a line's from its left end to its right.
    A tree's many ends go highest first, a number open on several sides counted once with how
    many ("2 \u00d73", two times three), so a player sees at a glance what the board takes."""
    numbers = [e["number"] for e in ends for _ in range(e["sides"])]
    if kind == "line":
        return " · ".join(map(str, numbers))
    counts: dict[int, int] = {}
    for number in sorted(numbers, reverse=True):
        counts[number] = counts.get(number, 0) + 1
    return " · ".join(f"{n} \u00d7{k}" if k > 1 else str(n) for n, k in counts.items())
