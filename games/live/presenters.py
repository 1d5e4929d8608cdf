"""View models for the table page: what one viewer sees, shaped for the templates.

Everything a template shows of a game comes from the engine's ``match_view(state, viewer)``,
which holds only what that viewer may see; this module arranges it (seats around the felt from
the viewer's side, the board laid out as on a table, the hand with its playable tiles, the
result in words) and adds names. The facts about a style (its vocabulary, whether it draws,
whether low totals win) come from its rules class, never from its name. It is pure: rows and
the engine's view in, a view model out, no queries.

The board is the same for every viewer of a version (``board_context``), so rendering builds it
once and shares it. Whatever differs per viewer about the board, the targets on the open ends
where this player may tap to place a tile that fits two ends, is a separate piece
(``end_targets``) that rendering puts into the shared board for this viewer only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games import bots, engine
from games.engine.rules import NO_DRAW, make_rules

from ..models import Game, Move, Table
from ..services import log
from . import layout

# Where seats sit around the felt, by offset from the viewer, for each seat count.
POSITIONS = {
    "ccw": {2: ["bottom", "top"], 3: ["bottom", "right", "left"],
            4: ["bottom", "right", "top", "left"]},
    "cw": {2: ["bottom", "top"], 3: ["bottom", "left", "right"],
           4: ["bottom", "left", "top", "right"]},
}  # fmt: skip


@dataclass(frozen=True)
class Viewer:
    """Everything about a viewer that changes the page: their seat (None for a watcher),
    whether they are signed in (watchers' buttons differ), whether they host the table (the
    host may start it and deal another set) and the language it is shown in."""

    seat: int | None
    signed_in: bool
    host: bool
    language: str
    barred: bool = False  # plays these same deals at another table: may not watch this one yet


def viewer_of(table: Table, seats: list, user, language: str) -> Viewer:
    signed_in = user is not None and user.is_authenticated
    seat = None
    if signed_in:
        seat = next((s.index for s in seats if s.player_id == user.pk), None)
    return Viewer(seat, signed_in, signed_in and user.pk == table.host_id, language)


def seating_of(seats: list) -> tuple:
    """What of the seats changes the page without a move: who sits where, and who is away or
    has a bot standing in. Part of a render's key, so a player coming back is seen at once."""
    return tuple((s.player_id, s.away_since is not None, s.stand_in) for s in seats)


# -- tiles ------------------------------------------------------------------------------------


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


# -- the board: one render for every viewer of a version --------------------------------------


def board_context(view: dict) -> dict:
    """The board as every viewer sees it: tiles and open ends placed for a phone's felt and a
    desktop's, the ends and locked numbers in words. No per-viewer part (see ``end_targets``)."""
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
    for (on, number, spot), (_on, _n, wide_spot) in zip(narrow.slots, wide.slots, strict=True):
        marker = "" if (on, number) in marked else end_marker(on, number)
        marked.add((on, number))
        parts.append(
            f'<span class="slot" style="{_spot_style(spot, wide_spot)}">'
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


# -- the whole page for one viewer -------------------------------------------------------------


def table_context(
    table: Table,
    seats: list,
    viewer: Viewer,
    game: Game | None = None,
    view: dict | None = None,
    fines: dict[int, int] | None = None,
    now=None,
    next_stake: int | None = None,
) -> dict:
    """What the table page shows ``viewer``: the rows and the engine's view for that seat in,
    a view model out. No queries and no caches here (rendering.py reads and caches); the board
    itself is ``board_context``, which rendering makes once per version."""
    rules = engine.STYLES[table.style]
    context: dict[str, Any] = {
        "table": table,
        "rules": rules,
        "words": vocabulary(rules),
        "won_by_games": rules.won_by_games,
        "viewer": viewer.seat,
        "viewer_info": viewer,
        "signed_in": viewer.signed_in,
        "seats": seats,
        "is_host": viewer.host,
        "version": None,
        "game": None,
    }
    if game is None or view is None:  # the seating page (every push of a game skips this)
        context.update({
            "seat_cards": seat_cards(table, seats, viewer.seat),
            "teams": _team_names(table, seats), "bot_levels": bot_levels(),
            "clock_text": clock_text(table.turn_clock),
        })  # fmt: skip
        return context
    context.update(
        _game_context(table, game, view, seats, viewer.seat, fines or {}, now, next_stake)
    )
    return context


def vocabulary(rules: type[engine.Rules]) -> dict[str, str]:
    """The style's own words for a run of games: a "set" in the styles won by games (six love,
    bruck), a "match" in those played to a target."""
    if rules.won_by_games:
        return {"run": pgettext("run of games", "set"), "another": _("Play another set")}
    return {"run": pgettext("run of games", "match"), "another": _("Play another match")}


def clock_text(seconds: int) -> str:
    if not seconds:
        return _("No turn clock.")
    return ngettext(
        "Each turn has a %(n)s-second clock; when it runs out, a bot plays that move for you.",
        "Each turn has a %(n)s-second clock; when it runs out, a bot plays that move for you.",
        seconds,
    ) % {"n": seconds}


def bot_levels() -> list[tuple[str, str]]:
    """(level, its name in the current language), weakest first, from the bots' one list."""
    return [(level, _(name)) for level, name in bots.LEVELS.items()]


def bot_label(player) -> str:
    """ "Casual bot": a bot's level, wherever its name appears."""
    return _bot_label(get_language(), player.bot_level)


@lru_cache(maxsize=64)
def _bot_label(language: str | None, level: str) -> str:
    """``bot_label`` in ``language``, the active one (looked up once: see ``seat_words``)."""
    return _("%(level)s bot") % {"level": _(bots.LEVELS.get(level, level))}


def _parties(table: Table) -> list[list[int]]:
    """The table's parties as its rules make them (teams of partners, or each for self)."""
    try:
        return make_rules(table.style, table.seat_count, table.options).parties
    except ValueError:  # options the engine refuses cannot be at a table; never fail a page
        return [[s] for s in range(table.seat_count)]


def _team_of(parties: list[list[int]]) -> dict[int, int]:
    """Seat to team, only when some party has partners."""
    if all(len(members) < 2 for members in parties):
        return {}
    return {seat: i for i, members in enumerate(parties) for seat in members}


def team_name(index: int) -> str:
    return _("Team %(n)s") % {"n": index + 1}


def _team_names(table: Table, seats: list) -> list[dict]:
    """Each team with its players, for the seating page's legend."""
    parties = _parties(table)
    if not _team_of(parties):
        return []
    out = []
    for i, members in enumerate(parties):
        names = [seats[s].player.name if seats[s].player else _("open seat") for s in members]
        out.append({"index": i, "name": team_name(i), "members": and_list(names)})
    return out


def seat_cards(table: Table, seats: list, viewer: int | None) -> list[dict]:
    """The seats as the seating cards show them before the game: player, bot level, team."""
    team_of = _team_of(_parties(table))
    cards = []
    for seat in seats:
        player = seat.player
        team = team_of.get(seat.index)
        partner = (
            viewer is not None and team is not None and seat.index != viewer
            and team_of.get(viewer) == team
        )  # fmt: skip
        cards.append({
            "index": seat.index, "player": player, "swap_with": seat.swap_with,
            "bot_label": bot_label(player) if player is not None and player.is_bot else "",
            "team": team, "team_name": team_name(team) if team is not None else "",
            "partner": partner,
        })  # fmt: skip
    return cards


def _game_context(
    table: Table, game: Game, view: dict, seats, viewer: int | None, fines: dict, now,
    next_stake: int | None,
) -> dict:  # fmt: skip
    rules = engine.STYLES[table.style]
    closed = game.state == Game.State.ABANDONED
    if closed:  # stopped by staff mid-game: nothing is playable, nobody is to play
        view = {**view, "legal": [], "turn": None}
    n = table.seat_count
    anchor = viewer if viewer is not None else 0
    parties = view["parties"]
    team_of = _team_of(parties)
    party_of = {s: i for i, members in enumerate(parties) for s in members}
    around = []
    language = get_language()
    for offset in range(n):
        index = (anchor + offset) % n
        seat_view = _seat_view(
            seats[index], index, view, viewer, party_of[index], team_of, language
        )
        seat_view["position"] = POSITIONS[table.direction][n][offset]
        around.append(seat_view)
    deadline = game.turn_deadline
    hand, targets = hand_buttons(view)
    scores = _scores(view, seats, team_of)
    partner_word = _("partner") if team_of else ""
    names = [s.player.name if s.player else "?" for s in seats]
    return {
        "game": game,
        "view": view,
        "version": game.version,
        "move_url": reverse("move", kwargs={"code": table.code}),
        "around": around,
        "around_html": mark_safe("".join(_seat_box(seat, partner_word) for seat in around)),
        "hand": hand,
        "targets": targets,
        "picking": any(item["mode"] == "choose" for item in hand),
        "my_turn": viewer is not None and view.get("turn") == viewer,
        "draws": rules.draw_rule != NO_DRAW,
        "scores": scores,
        "score_rows_html": _score_rows(scores, bool(view.get("result"))),
        "has_teams": bool(team_of),
        "set_watch": set_watch(view, scores),
        "log": (log_lines := _log(game.recent, viewer, names)),
        "log_html": mark_safe("".join(f"<li>{escape(line)}</li>" for line in log_lines)),
        "result": explain(view, seats, rules, fines, next_stake, closed),
        "reveal": _reveal(view, seats) if view.get("over") and view.get("hands") else None,
        "sealed": view.get("over") and view.get("hands") is None,
        "seconds_left": max(0, int((deadline - (now or timezone.now())).total_seconds()))
        if deadline
        else None,
        "deadline": deadline,
        "turn_name": seats[view["turn"]].player.name if view.get("turn") is not None else None,
    }


@lru_cache(maxsize=64)
def seat_words(language: str | None) -> dict[str, str]:
    """The fixed words of a seat's box, in ``language`` (the active one): looked up once per
    language instead of on every seat of every push (each lookup reads the active language
    from an asgiref Local, which costs more than the rest of building the box)."""
    return {
        "empty": _("Empty seat"), "standing_in": _("bot standing in"), "away": _("away"),
        "seat": _("Seat %(n)s: %(name)s"), "partner": _("your partner"),
        "to_play": _("to play"), "you": _("You"), "passed": _("passed on %(ends)s"),
    }  # fmt: skip


@lru_cache(maxsize=1024)
def seat_counts(language: str | None, tiles: int, total: int) -> tuple[str, str, str]:
    """ "3 tiles", "12 points" and "12 pts" in ``language`` (see ``seat_words``)."""
    return (
        ngettext("%(n)s tile", "%(n)s tiles", tiles) % {"n": tiles},
        ngettext("%(n)s point", "%(n)s points", total) % {"n": total},
        ngettext("%(n)s pt", "%(n)s pts", total) % {"n": total},
    )


def _seat_view(
    seat, index: int, view: dict, viewer: int | None, party: int, team_of: dict[int, int],
    language: str | None = None,
) -> dict:  # fmt: skip
    """One seat's box, its words built here (cheaper than template tags on every push).
    ``language`` is the active language (read once for all seats by the caller)."""
    words = seat_words(language)
    player = seat.player
    name = player.name if player else words["empty"]
    tiles, total = view["hand_sizes"][index], view["totals"][party]
    tag = ""
    if player is not None and player.is_bot:
        tag = bot_label(player)
    elif seat.stand_in:
        tag = words["standing_in"]
    elif seat.away_since is not None:
        tag = words["away"]
    passed = view["passed"][index]
    turn = view["turn"] == index
    team = team_of.get(index)
    partner = (
        team is not None
        and viewer is not None
        and index != viewer
        and (team_of.get(viewer) == team)
    )
    tiles_text, points_text, pts_text = seat_counts(language, tiles, total)
    label = words["seat"] % {"n": index + 1, "name": name}
    if tag:
        label += f" ({tag})"
    if partner:
        label += ", " + words["partner"]
    elif team is not None:
        label += ", " + team_name(team)
    label += ", " + tiles_text + ", " + points_text
    if turn:
        label += ", " + words["to_play"]
    return {
        "index": index,
        "display": words["you"] if index == viewer else name,
        "tag": tag,
        "turn": turn,
        "me": index == viewer,
        "team": team,
        "team_name": team_name(team) if team is not None else "",
        "partner": partner,
        "total": total,
        "label": label,
        "tiles_text": tiles_text,
        "points_text": pts_text,
        "passed_text": words["passed"] % {"ends": ", ".join(map(str, passed))} if passed else "",
    }


def hand_buttons(view: dict) -> tuple[list[dict], dict[tuple[str, int], list[dict]]]:
    """Each tile in the viewer's hand with what a tap on it does, and the targets on the board.

    A tile that goes one way (or several ways that come to the same, such as both ends showing
    the same number) plays at once. A tile that fits two different ends is chosen first, and
    its two targets wait on those ends of the board: the player taps where it goes, instead of
    reading which tile each choice means. Targets are keyed by the end they sit on.
    """
    if view.get("hand") is None:
        return [], {}
    plays: dict[str, list[dict]] = {}
    for move in view["legal"]:
        if move["kind"] == "play":
            plays.setdefault(move["tile"], []).append(move)
    out: list[dict] = []
    targets: dict[tuple[str, int], list[dict]] = {}
    chosen = False
    for name in view["hand"]:
        tile = face_tile(name)
        options = plays.get(name, [])
        ways: dict[int | None, dict] = {}
        for option in options:
            ways.setdefault(option["number"], option)
        if not options:
            label = _("%(tile)s, cannot be played now") % {"tile": name}
            html = _idle_button(label, tile.html)
            out.append({"tile": tile, "mode": "idle", "label": label, "html": html})
        elif len(ways) == 1:
            option = options[0]
            if option["on"] is None:
                label = _("Pose %(tile)s") % {"tile": name}
            else:
                label = _("Play %(tile)s on %(on)s") % {"tile": name, "on": option["on"]}
            out.append({"tile": tile, "mode": "play", "option": {**option, "label": label}})
        else:
            high, low = tile.faces
            for number, option in ways.items():
                label = _("Play %(tile)s on %(on)s (the %(n)s end)") % {
                    "tile": name, "on": option["on"], "n": number,
                }  # fmt: skip
                target = {**option, "label": label, "near": number, "far": high + low - number}
                targets.setdefault((option["on"], number), []).append(target)
            label = _("%(tile)s fits two ends: tap the end on the board where it goes") % {
                "tile": name
            }
            pick = f"pick-{name}"
            out.append({
                "tile": tile, "mode": "choose", "pick": pick, "checked": not chosen,
                "label": label, "html": _choice(pick, label, not chosen, tile.html),
            })  # fmt: skip
            chosen = True
    return out, targets


def _idle_button(label: str, tile: str) -> SafeString:
    """A tile that cannot be played now. Built here, as the tiles are: a hand is on every push,
    and most of its tiles are idle (the playable ones go through the template's move form,
    which carries the page's CSRF token)."""
    return mark_safe(  # the label escaped, the tile our own markup
        f'<button type="button" class="tile-button" disabled aria-label="{escape(label)}">'
        f"{tile}</button>"
    )


def _choice(pick: str, label: str, checked: bool, tile: str) -> SafeString:
    """A tile that fits two ends: chosen first, then placed by a tap on one of its targets."""
    on = " checked" if checked else ""
    return mark_safe(  # the label escaped; the id is a tile's name
        f'<input type="radio" name="pick" class="pick" id="{pick}" aria-label="{escape(label)}"'
        f'{on}><label for="{pick}" class="tile-button choose">{tile}</label>'
    )


def _seat_box(seat: dict, partner_word: str) -> str:
    """One seat's box on the felt. Built here, not in the template: the boxes are on every
    push, and a template loop over them cost as much as the rest of the page's words."""
    classes = f"seat-box seat-{seat['position']}"
    if seat["turn"]:
        classes += " turn"
    if seat["team"] is not None:
        classes += f" team-{seat['team']}"
    tag = f'<span class="bot-tag">{escape(seat["tag"])}</span>' if seat["tag"] else ""
    team = ""
    if seat["partner"]:
        team = f'<span class="team-tag">{escape(partner_word)}</span>'
    elif seat["team"] is not None:
        team = f'<span class="team-tag">{escape(seat["team_name"])}</span>'
    passed = seat["passed_text"]
    passed = f'<span class="passed">{escape(passed)}</span>' if passed else ""
    return (
        f'<div class="{classes}" role="group" aria-label="{escape(seat["label"])}">'
        f'<span class="name">{escape(seat["display"])}</span>{tag}{team}'
        f'<span class="count">{escape(seat["tiles_text"])}</span>'
        f'<span class="score">{escape(seat["points_text"])}</span>{passed}</div>'
    )


def _score_rows(scores: list[dict], with_game: bool) -> SafeString:
    """The score table's rows (see ``_seat_box`` for why here)."""
    rows = []
    for row in scores:
        team = f' class="team-{row["team"]}"' if row["team"] is not None else ""
        game = ""
        if with_game:
            game = f"<td>+{localize(row['points'])}</td>" if row["points"] else "<td>0</td>"
        rows.append(
            f"<tr{team}><td>{escape(row['names'])}</td>{game}<td>{localize(row['total'])}</td></tr>"
        )
    return mark_safe("".join(rows))  # names escaped, the rest numbers


def _party_names(view: dict, seats, party: int) -> tuple[str, int]:
    members = view["parties"][party]
    names = " & ".join(seats[s].player.name for s in members if seats[s].player)
    return names, len(members)


def _scores(view: dict, seats, team_of: dict[int, int]) -> list[dict]:
    rows = []
    result = view.get("result")
    for index, members in enumerate(view["parties"]):
        names, _count = _party_names(view, seats, index)
        points = result["points"][index] if result else None
        rows.append({"party": index, "names": names, "total": view["totals"][index],
                     "points": points, "members": len(members),
                     "team": team_of.get(members[0])})  # fmt: skip
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
    lead = ngettext(
        "%(leader)s has %(n)s of 6.", "%(leader)s have %(n)s of 6.", leader["members"]
    ) % {"leader": leader["names"], "n": leader["total"]}
    return _("Still on love: %(names)s.") % {"names": and_list(love)} + " " + lead


# -- the result in words -----------------------------------------------------------------------


def explain(
    view: dict, seats, rules: type[engine.Rules], fines: dict[int, int],
    next_stake: int | None, closed: bool = False,
) -> dict | None:  # fmt: skip
    """The game's result and the stakes in plain words: a headline and the reasons.

    Every line is worked out from the engine's result (counts, points, who went out with what)
    and the style's facts on its rules class, so a reader learns the rule from what just
    happened: a drawn game makes the next worth 2, a key card is worth 2, doubles in a French
    hand double its score, and so on.
    """
    if closed:
        text = _("This %(run)s was stopped before it ended; it counts for nothing.")
        return {"headline": text % {"run": vocabulary(rules)["run"]}, "lines": [], "over": True}
    result = view.get("result")
    if result is None:
        if view.get("stake") == 2:
            line = _("This game is worth 2: the last one was a draw.")
            return {"headline": line, "lines": [], "over": False}
        return None
    lines: list[str] = []
    counts = result["counts"]
    winner = result["winner"]
    last = view.get("last_move") or {}
    if result["end"] == "domino":
        seat = last.get("seat")
        who = seats[seat].player.name if seat is not None else "?"
        headline = _("Domino! %(name)s went out.") % {"name": who}
    else:
        headline = _("Blocked: nobody can play.")
        lines.append(_blocked_line(view, seats, rules, counts, winner))
    if rules.low_totals_win:
        lines.append(
            _("Everyone adds the count left in their hand to their total; lower is better.")
        )
    if winner is not None:
        lines.append(_winner_line(view, seats, rules, result))
        if result.get("stake") == 2 and not result.get("key_card"):
            lines.append(_("This game was worth 2 because the one before it was a draw."))
    if result.get("key_card"):
        lines.append(
            _("Key card: %(tile)s touched both ends and was the last tile of both its numbers, "
              "so it is worth 2.") % {"tile": last.get("tile")}
        )  # fmt: skip
        if result.get("stake") == 2:
            lines.append(_("A key card and a game worth 2 do not add up: 2 at most."))
    lines += _doubling_lines(view, seats, result, fines)
    if fines:
        parts = [f"{seats[s].player.name} {p}" for s, p in sorted(fines.items())]
        lines.append(
            _("Fines this game: %(list)s (10 for a third pass in a row; 10 each when all three "
              "others pass after one tile).") % {"list": ", ".join(parts)}
        )  # fmt: skip
    match = view["match"]
    if match["over"]:
        lines += _match_lines(view, seats, rules)
    else:
        if rules.won_by_games and winner is None and next_stake == 2:
            lines.append(_("A draw: nobody scores, and the next game is worth 2."))
        elif next_stake == 2:
            lines.append(_("The next game is worth 2."))
        target = view["options"].get("target")
        totals = view["totals"]
        if rules.low_totals_win and target and max(totals) >= target:
            lines.append(
                _("Someone has reached %(t)s, but the lowest total is shared: another game "
                  "decides.") % {"t": target}
            )  # fmt: skip
    return {"headline": headline, "lines": [line for line in lines if line], "over": True}


def _blocked_line(
    view: dict, seats, rules: type[engine.Rules], counts: list[int], winner: int | None
) -> str:
    """Who a blocked game goes to: the lowest hand, or with partners in a style played to a
    target, the lowest team (both partners' counts together)."""
    parties = view["parties"]
    if any(len(members) > 1 for members in parties) and not rules.won_by_games:
        results = [sum(counts[s] for s in members) for members in parties]
        if winner is None:
            return _("The teams' lowest count, %(c)s, is shared: nobody wins this game.") % {
                "c": min(results)
            }
        names, _members = _party_names(view, seats, winner)
        return _("The lowest team count wins: %(names)s with %(c)s together.") % {
            "names": names, "c": results[winner],
        }  # fmt: skip
    low = min(counts)
    lowest = [s for s, c in enumerate(counts) if c == low]
    names = and_list([seats[s].player.name for s in lowest])
    if winner is None:
        return _("The lowest count, %(c)s, is shared by %(names)s: nobody wins this game.") % {
            "c": low, "names": names,
        }  # fmt: skip
    return ngettext(
        "The lowest count wins: %(names)s with %(c)s.",
        "The lowest count wins: %(names)s with %(c)s each.",
        len(lowest),
    ) % {"names": names, "c": low}


def _winner_line(view: dict, seats, rules: type[engine.Rules], result: dict) -> str:
    winner = result["winner"]
    names, members = _party_names(view, seats, winner)
    points = result["points"][winner]
    if rules.won_by_games:
        return ngettext(
            "%(names)s wins the game and scores %(p)s.",
            "%(names)s win the game and score %(p)s.",
            members,
        ) % {"names": names, "p": points}
    if rules.low_totals_win:
        return ngettext("%(names)s wins the game.", "%(names)s win the game.", members) % {
            "names": names
        }
    counts = result["counts"]
    mine = sum(counts[s] for s in view["parties"][winner])
    others = sum(counts) - mine
    if points == others:
        why = _("the others' counts, %(others)s") % {"others": others}
    else:
        why = _("the others' %(others)s less their own %(own)s") % {"others": others, "own": mine}
    return ngettext(
        "%(names)s wins the game and scores %(p)s: %(why)s.",
        "%(names)s win the game and score %(p)s: %(why)s.",
        members,
    ) % {"names": names, "p": points, "why": why}


def _doubling_lines(view: dict, seats, result: dict, fines: dict[int, int]) -> list[str]:
    """Why a score is more than the count left in a hand (French): doubles held double it, and
    going out on a double doubles everyone else's once more. Read off the numbers themselves."""
    hands = view.get("hands") or []
    if len(result["points"]) != len(hands):  # scored by parties of partners: counts as they are
        return []
    lines = []
    doubled = []
    out_on_double = False
    winner = result["winner"]
    for seat, hand in enumerate(hands):
        count = result["counts"][seat]
        score = result["points"][seat] - fines.get(seat, 0)
        held = sum(1 for t in hand if t[0] == t[2])
        if count and held and score == count << held:
            doubled.append(seat)
        elif count and seat != winner and score == count << (held + 1):
            out_on_double = True
            if held:
                doubled.append(seat)
    if doubled:
        lines.append(
            _("Every double still in a hand doubles that hand's score: %(names)s.")
            % {"names": and_list([seats[s].player.name for s in doubled])}
        )
    if out_on_double:
        last = view.get("last_move") or {}
        lines.append(
            _("%(name)s went out on a double (%(tile)s): everyone else's score doubles.")
            % {"name": seats[last["seat"]].player.name, "tile": last.get("tile")}
        )
    return lines


def _match_lines(view: dict, seats, rules: type[engine.Rules]) -> list[str]:
    match = view["match"]
    winner = match["winner"]
    names, members = _party_names(view, seats, winner) if winner is not None else ("", 1)
    word = match["result"]
    if word == "bruck":
        return [_("Bruck: everyone has scored at least once, so the set is broken and nobody "
                  "wins it.")]  # fmt: skip
    if word == "six-love":
        love = [
            _party_names(view, seats, i)[0]
            for i, total in enumerate(view["totals"])
            if i != winner and total == 0
        ]
        return [
            _("Six love! %(names)s reached 6 while %(love)s still had nothing.")
            % {"names": names, "love": and_list(love)},
            ngettext("%(names)s wins the set.", "%(names)s win the set.", members)
            % {"names": names},
        ]
    if word == "six":
        return [ngettext(
            "Six! %(names)s reached 6 first and wins the set.",
            "Six! %(names)s reached 6 first and win the set.",
            members,
        ) % {"names": names}]  # fmt: skip
    target = view["options"].get("target") or 100
    if rules.low_totals_win:
        total = view["totals"][winner]
        return [ngettext(
            "Target reached: a total reached %(t)s, so the lowest total wins. %(names)s wins the "
            "match with %(total)s.",
            "Target reached: a total reached %(t)s, so the lowest total wins. %(names)s win the "
            "match with %(total)s.",
            members,
        ) % {"t": target, "names": names, "total": total}]  # fmt: skip
    return [ngettext(
        "Target reached: %(names)s reached %(t)s and wins the match.",
        "Target reached: %(names)s reached %(t)s and win the match.",
        members,
    ) % {"names": names, "t": target}]  # fmt: skip


# -- the log and the revealed hands ------------------------------------------------------------


@lru_cache(maxsize=64)
def log_words(language: str | None) -> dict[str, str]:
    """The move log's sentences in ``language``, the active one: looked up once per language,
    not once per line of every viewer's log on every push (see ``seat_words``)."""
    return {
        "played": _("%(who)s played %(tile)s on %(on)s"), "posed": _("%(who)s posed %(tile)s"),
        "drew_tile": _("%(who)s drew %(tile)s"), "drew": _("%(who)s drew a tile"),
        "passed_on": _("%(who)s passed on %(ends)s"), "passed": _("%(who)s passed"),
        "clock": _("(clock ran out)"), "stand_in": _("(bot standing in)"),
        "fined": _("%(who)s fined %(p)s"), "and": _("%(head)s and %(last)s"),
    }  # fmt: skip


def _log(recent: list, viewer: int | None, names: list[str]) -> list[str]:
    """Every move of the game in words; a draw names its tile only to the seat that drew it."""
    words = log_words(get_language())
    lines = []
    for move in log.entries(recent):
        who = names[move.seat]
        if move.kind == Move.Kind.PLAY:
            text = (words["played"] if move.on else words["posed"]) % {
                "who": who, "tile": move.tile, "on": move.on,
            }  # fmt: skip
        elif move.kind == Move.Kind.DRAW:
            shown = move.tile if viewer == move.seat else None
            text = (
                words["drew_tile"] % {"who": who, "tile": shown}
                if shown
                else words["drew"] % {"who": who}
            )
        else:
            ends = (move.detail or {}).get("ends") or []
            text = (
                words["passed_on"] % {"who": who, "ends": _and(ends, words["and"])}
                if ends
                else words["passed"] % {"who": who}
            )
        if move.reason == Move.Reason.CLOCK:
            text += " " + words["clock"]
        elif move.reason == Move.Reason.STAND_IN:
            text += " " + words["stand_in"]
        for fine in (move.detail or {}).get("fines", []):
            text += " · " + words["fined"] % {"who": names[fine[0]], "p": fine[1]}
        lines.append(text)
    return lines


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
    return _and(items, _("%(head)s and %(last)s"))


def _and(items, pattern: str) -> str:
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return pattern % {"head": ", ".join(words[:-1]), "last": words[-1]}


# -- lists of tables ---------------------------------------------------------------------------


def short_clock(seconds: int) -> str:
    return _("%(n)s s turn clock") % {"n": seconds} if seconds else _("no turn clock")


def lobby_rows(tables) -> list[dict]:
    """Each listed table with its seats (bots with their level) and how many are open."""
    rows = []
    for table in tables:
        seats = list(table.seats.all())
        free = sum(1 for seat in seats if seat.player_id is None)
        if free:
            seats_text = ngettext(
                "%(n)s of %(total)s seat open", "%(n)s of %(total)s seats open", len(seats)
            ) % {"n": free, "total": len(seats)}
        else:
            seats_text = _("every seat taken")
        rows.append({
            "table": table,
            "seats": [{"player": seat.player,
                       "bot_label": bot_label(seat.player) if seat.player and seat.player.is_bot
                       else ""} for seat in seats],
            "open": free, "seats_text": seats_text, "clock_text": short_clock(table.turn_clock),
            "teams": bool(_team_of(_parties(table))),
        })  # fmt: skip
    return rows


def my_table_rows(tables) -> list[dict]:
    """Each of a player's tables with who sits there and how its latest set or match stands."""
    rows = []
    for table in tables:
        seats = list(table.seats.all())
        names = [seat.player.name for seat in seats if seat.player is not None]
        matches = list(table.matches.all())
        rows.append({
            "table": table, "players": and_list(names),
            "result": _standing(table, matches[0]) if matches else "",
        })  # fmt: skip
    return rows


def _standing(table: Table, match) -> str:
    """ "Set 2: Marcia won (six love)." How the latest run of games at a table stands."""
    rules = engine.STYLES[table.style]
    run = vocabulary(rules)["run"]
    words = {"run": run.capitalize(), "n": match.number}
    if match.state == "playing":
        return _("%(run)s %(n)s is being played.") % words
    if match.state == "abandoned":
        return _("%(run)s %(n)s was stopped before it ended.") % words
    if match.winner_party is None:
        return _("%(run)s %(n)s: bruck, nobody won.") % words
    parties = _parties(table)
    players = match.players or []
    members = parties[match.winner_party] if match.winner_party < len(parties) else []
    names = [players[s]["name"] for s in members if s < len(players)]
    how = {"six-love": _("six love"), "six": _("six")}.get(match.result, "")
    text = ngettext("%(run)s %(n)s: %(names)s won", "%(run)s %(n)s: %(names)s won", len(names))
    text = text % {**words, "names": " & ".join(names)}
    return f"{text} ({how})." if how else f"{text}."
