"""View models for the table page: what one viewer sees, shaped for the templates.

Everything a template shows of a game comes from the engine's ``match_view(state, viewer)``,
which holds only what that viewer may see; this module arranges it (seats around the felt from
the viewer's side, the board as snake rows or a cross, the hand with its playable tiles) and
adds names. It is pure: rows and the engine's view in, a view model out, no queries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games import bots, engine

from ..models import Game, Move, Table
from ..services import log

SNAKE_ROW = 8
ARM_NAMES = ("left", "right", "up", "down")
# Where seats sit around the felt, by offset from the viewer, for each seat count.
POSITIONS = {
    "ccw": {2: ["bottom", "top"], 3: ["bottom", "right", "left"],
            4: ["bottom", "right", "top", "left"]},
    "cw": {2: ["bottom", "top"], 3: ["bottom", "left", "right"],
           4: ["bottom", "left", "top", "right"]},
}  # fmt: skip


@dataclass
class TileView:
    """One tile drawn on the board: faces in drawing order and its orientation."""

    name: str
    faces: tuple[int, int]
    vertical: bool = False
    last: bool = False
    pose: bool = False
    branches: list[list[TileView]] = field(default_factory=list)

    @property
    def html(self) -> str:
        """The tile's markup, built here rather than by a template include: a board has up to
        28 of them and this is on every push to every socket."""
        near, far = self.faces
        return tile_html(self.name, near, far, self.vertical, self.last, get_language())


@lru_cache(maxsize=4096)
def tile_html(name: str, near: int, far: int, vertical: bool, last: bool, language: str) -> str:
    """Cached per language too, since the label of the last move is translated."""
    label = f"{name} ({_('last move')})" if last else name
    classes = ("tile v" if vertical else "tile h") + (" last" if last else "")
    return mark_safe(  # digits and our own escaped words only
        f'<span class="{classes}" role="img" aria-label="{escape(label)}">'
        f'<b class="f{near}"></b><b class="f{far}"></b></span>'
    )


def face_tile(name: str, vertical: bool = False) -> TileView:
    high, low = (int(x) for x in name.split("-"))
    return TileView(name, (high, low), vertical)


@dataclass(frozen=True)
class Viewer:
    """Everything about a viewer that changes the page: their seat (None for a watcher),
    whether they are signed in (watchers' buttons differ), whether they host the table (the
    host may start it and deal another set) and the language it is shown in."""

    seat: int | None
    signed_in: bool
    host: bool
    language: str


def viewer_of(table: Table, seats: list, user, language: str) -> Viewer:
    signed_in = user is not None and user.is_authenticated
    seat = None
    if signed_in:
        seat = next((s.index for s in seats if s.player_id == user.pk), None)
    return Viewer(seat, signed_in, signed_in and user.pk == table.host_id, language)


def table_context(
    table: Table,
    seats: list,
    viewer: Viewer,
    game: Game | None = None,
    view: dict | None = None,
    fines: dict[int, int] | None = None,
    now=None,
) -> dict:
    """What the table page shows ``viewer``: the rows and the engine's view for that seat in,
    a view model out. No queries and no caches here (rendering.py reads and caches)."""
    context: dict[str, Any] = {
        "table": table,
        "won_by_games": engine.STYLES[table.style].won_by_games,
        "seat_cards": [_seat_card(seat) for seat in seats],
        "bot_levels": bot_levels(),
        "viewer": viewer.seat,
        "viewer_info": viewer,
        "signed_in": viewer.signed_in,
        "seats": seats,
        "is_host": viewer.host,
        "version": None,
        "game": None,
    }
    if game is None or view is None:
        return context
    context.update(_game_context(table, game, view, seats, viewer.seat, fines or {}, now))
    return context


def bot_levels() -> list[tuple[str, str]]:
    """(level, its name in the current language), weakest first, from the bots' one list."""
    return [(level, _(name)) for level, name in bots.LEVELS.items()]


def _seat_card(seat) -> dict:
    """A seat as the seating cards show it before the game."""
    player = seat.player
    label = ""
    if player is not None and player.is_bot:
        name = _(bots.LEVELS.get(player.bot_level, player.bot_level))
        label = _("%(level)s bot") % {"level": name}
    return {"index": seat.index, "player": player, "swap_with": seat.swap_with, "bot_label": label}


def _game_context(
    table: Table, game: Game, view: dict, seats, viewer: int | None, fines: dict, now
) -> dict:
    closed = game.state == Game.State.ABANDONED
    if closed:  # stopped by staff mid-game: nothing is playable, nobody is to play
        view = {**view, "legal": [], "turn": None}
    n = table.seat_count
    anchor = viewer if viewer is not None else 0
    last = view.get("last_move") or {}
    last_tile = last.get("tile") if last.get("kind") == "play" else None
    parties = view["parties"]
    party_of = {s: i for i, members in enumerate(parties) for s in members}
    around = []
    for offset in range(n):
        index = (anchor + offset) % n
        party = party_of.get(index)
        around.append(_seat_view(seats[index], index, view, viewer, party))
        around[-1]["position"] = POSITIONS[table.direction][n][offset]
    deadline = game.turn_deadline
    return {
        "game": game,
        "view": view,
        "version": game.version,
        "around": around,
        "board": board_rows(view["board"], last_tile),
        "hand": hand_buttons(view),
        "scores": (scores := _scores(view, seats)),
        "set_watch": set_watch(view, scores),
        "log": _log(game.recent, viewer, [s.player.name if s.player else "?" for s in seats]),
        "banners": (
            [_("This set was stopped before it ended; it counts for nothing.")] if closed else []
        )
        + _banners(view, seats)
        + (_fines(fines, seats) if view.get("over") else []),
        "reveal": _reveal(view, seats) if view.get("over") else None,
        "seconds_left": max(0, int((deadline - (now or timezone.now())).total_seconds()))
        if deadline
        else None,
        "deadline": deadline,
        "turn_name": seats[view["turn"]].player.name if view.get("turn") is not None else None,
    }


def _seat_view(seat, index: int, view: dict, viewer: int | None, party: int) -> dict:
    """One seat's box, its words built here (cheaper than template tags on every push)."""
    player = seat.player
    name = player.name if player else _("Empty seat")
    tiles, total = view["hand_sizes"][index], view["totals"][party]
    tag = ""
    if player is not None and player.is_bot:
        tag = _("bot")
    elif seat.stand_in:
        tag = _("bot standing in")
    elif seat.away_since is not None:
        tag = _("away")
    passed = view["passed"][index]
    turn = view["turn"] == index
    facts = [
        ngettext("%(n)s tile", "%(n)s tiles", tiles) % {"n": tiles},
        ngettext("%(n)s point", "%(n)s points", total) % {"n": total},
    ]
    label = _("Seat %(n)s: %(name)s") % {"n": index + 1, "name": name}
    if tag:
        label += f" ({tag})"
    label += ", " + ", ".join(facts)
    if turn:
        label += ", " + _("to play")
    return {
        "index": index,
        "display": _("You") if index == viewer else name,
        "tag": tag,
        "turn": turn,
        "me": index == viewer,
        "party": party,
        "total": total,
        "label": label,
        "tiles_text": facts[0],
        "points_text": ngettext("%(n)s pt", "%(n)s pts", total) % {"n": total},
        "passed_text": _("passed on %(ends)s") % {"ends": ", ".join(map(str, passed))}
        if passed
        else "",
    }


def board_rows(board: dict, last: str | None) -> dict:
    """Line boards become snake rows; the cross and spinners become arms around the pose."""
    if board.get("pose") is None:
        return {"kind": "empty"}
    if board["kind"] == "line":
        tiles = []
        for item in board["chain"]:
            double = item["left"] == item["right"]
            tiles.append(TileView(item["tile"], (item["left"], item["right"]), double,
                                  item["tile"] == last, item["pose"]))  # fmt: skip
        rows = [tiles[i : i + SNAKE_ROW] for i in range(0, len(tiles), SNAKE_ROW)]
        span = max(_units(row) for row in rows) + 1
        return {
            "kind": "line",
            "span": max(span, 9),
            "rows": [{"tiles": r, "rev": i % 2 == 1} for i, r in enumerate(rows)],
        }
    arms = _arms(board["tiles"], last)
    span = _units(arms["arms"].get("left", [])) + _units(arms["arms"].get("right", [])) + 2
    return {"kind": "cross", "span": max(span, 9), **arms}


def _units(tiles: list[TileView]) -> int:
    """Width in half-tiles: the board scales its tiles so the widest row fits the felt."""
    width = 0
    for tile in tiles:
        width += 1 if tile.vertical else 2
        width += sum(_units(branch) for branch in tile.branches)
    return width


def _arms(tiles: list[dict], last: str | None) -> dict:
    """Arms of the pose in the order sides were taken; a spinner's extra sides become branches."""
    children: dict[str | None, list[dict]] = {}
    for item in tiles:
        children.setdefault(item["parent"], []).append(item)
    pose = tiles[0]

    def chain(start: dict, vertical_line: bool) -> list[TileView]:
        out: list[TileView] = []
        node: dict | None = start
        while node is not None:
            high, low = (int(x) for x in node["tile"].split("-"))
            shows = node["shows"]
            double = high == low
            near = high + low - shows if not double else high
            view = TileView(node["tile"], (near, shows), vertical_line != double,
                            node["tile"] == last)  # fmt: skip
            kids = children.get(node["tile"], [])
            for extra in kids[1:]:
                view.branches.append(chain(extra, not vertical_line))
            out.append(view)
            node = kids[0] if kids else None
        return out

    arms = {}
    for position, kid in zip(ARM_NAMES, children.get(pose["tile"], []), strict=False):
        arms[position] = chain(kid, position in ("up", "down"))
    high = int(pose["tile"].split("-")[0])
    centre = TileView(pose["tile"], (high, high), True, pose["tile"] == last, True)
    return {"centre": centre, "arms": arms}


def hand_buttons(view: dict) -> list[dict]:
    """Each tile in the viewer's hand with the ways it may be played now."""
    if view.get("hand") is None:
        return []
    plays: dict[str, list[dict]] = {}
    for move in view["legal"]:
        if move["kind"] == "play":
            plays.setdefault(move["tile"], []).append(move)
    out = []
    for name in view["hand"]:
        options = plays.get(name, [])
        labels = []
        for option in options:
            if option["on"] is None:
                label = _("Pose %(tile)s") % {"tile": name}
            else:
                label = _("Play %(tile)s on %(on)s") % {"tile": name, "on": option["on"]}
                if len(options) > 1:
                    label += " " + _("(the %(n)s end)") % {"n": option["number"]}
            short = _("on %(on)s") % {"on": option["on"]} if option["on"] else _("pose")
            labels.append({**option, "label": label, "short": short})
        out.append({"tile": face_tile(name), "options": labels})
    return out


def _scores(view: dict, seats) -> list[dict]:
    rows = []
    result = view.get("result")
    for index, members in enumerate(view["parties"]):
        names = " & ".join(seats[s].player.name for s in members if seats[s].player)
        points = result["points"][index] if result else None
        rows.append({"party": index, "names": names, "total": view["totals"][index],
                     "points": points})  # fmt: skip
    return rows


def set_watch(view: dict, scores: list[dict]) -> str:
    """The Jamaican set state in words: who is still on love, and how close a six love is."""
    if not engine.STYLES[view["style"]].won_by_games or view["match"]["over"]:
        return ""
    love = [row["names"] for row in scores if row["total"] == 0]
    if view["options"].get("first_to_six"):
        return _("First to six wins the set.")
    if not love:
        return ""
    leader = max(scores, key=lambda row: row["total"])
    if leader["total"] == 0:
        return ""
    return _("Still on love: %(names)s. %(leader)s has %(n)s of 6.") % {
        "names": and_list(love),
        "leader": leader["names"],
        "n": leader["total"],
    }


def _log(recent: list, viewer: int | None, names: list[str]) -> list[str]:
    """The last moves in words; a draw names its tile only to the seat that drew it."""
    lines = []
    for move in log.entries(recent):
        who = names[move.seat]
        if move.kind == Move.Kind.PLAY:
            text = (
                _("%(who)s played %(tile)s on %(on)s") if move.on else _("%(who)s posed %(tile)s")
            ) % {"who": who, "tile": move.tile, "on": move.on}
        elif move.kind == Move.Kind.DRAW:
            shown = move.tile if viewer == move.seat else None
            text = (
                _("%(who)s drew %(tile)s") % {"who": who, "tile": shown}
                if shown
                else _("%(who)s drew a tile") % {"who": who}
            )
        else:
            ends = (move.detail or {}).get("ends") or []
            text = (
                _("%(who)s passed on %(ends)s") % {"who": who, "ends": and_list(ends)}
                if ends
                else _("%(who)s passed") % {"who": who}
            )
        if move.reason == Move.Reason.CLOCK:
            text += " " + _("(clock ran out)")
        elif move.reason == Move.Reason.STAND_IN:
            text += " " + _("(bot standing in)")
        for fine in (move.detail or {}).get("fines", []):
            text += " · " + _("%(who)s fined %(p)s") % {"who": names[fine[0]], "p": fine[1]}
        lines.append(text)
    return lines


def _banners(view: dict, seats) -> list[str]:
    out = []
    result = view.get("result")
    if result:
        if result["end"] == "domino":
            out.append(_("Domino!"))
        else:
            out.append(_("Blocked."))
        if result["winner"] is None:
            out.append(_("No winner: nobody scores this game."))
        else:
            members = view["parties"][result["winner"]]
            names = " & ".join(seats[s].player.name for s in members)
            out.append(
                ngettext("%(names)s wins the game.", "%(names)s win the game.", len(members))
                % {"names": names}
            )
        if result.get("key_card"):
            out.append(_("Key card! Worth two."))
    match = view["match"]
    if match["over"]:
        labels = {"six-love": _("Six love!"), "bruck": _("Bruck: the set is broken, no winner."),
                  "six": _("Six!"), "target": _("Target reached.")}  # fmt: skip
        out.append(labels.get(match["result"], ""))
        if match["winner"] is not None:
            members = view["parties"][match["winner"]]
            names = " & ".join(seats[s].player.name for s in members)
            out.append(
                ngettext("%(names)s wins the set.", "%(names)s win the set.", len(members))
                % {"names": names}
            )
    elif view.get("stake") == 2 and not view.get("over"):
        out.append(_("This game is worth two: the last one was a draw."))
    return [b for b in out if b]


def _fines(totals: dict[int, int], seats) -> list[str]:
    """French fines of the game just ended, one line for everyone fined."""
    if not totals:
        return []
    parts = [f"{seats[seat].player.name} {points}" for seat, points in sorted(totals.items())]
    return [_("Fines this game: %(list)s.") % {"list": ", ".join(parts)}]


def _reveal(view: dict, seats) -> list[dict]:
    result = view["result"]
    rows = []
    for index, hand in enumerate(view["hands"]):
        rows.append({
            "name": seats[index].player.name,
            "tiles": [face_tile(t) for t in hand],
            "count": result["counts"][index],
        })  # fmt: skip
    return rows


def and_list(items) -> str:
    """ "4, 2 and 1": how a table says the ends someone passed on."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("%(head)s and %(last)s") % {"head": ", ".join(words[:-1]), "last": words[-1]}
