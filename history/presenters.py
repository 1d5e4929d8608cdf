"""View models for the history pages: the list, a set's page, a replay frame, the statistics.

Pure: rows, records and replayed frames in, words and shapes for the templates out, no queries.
The board of a replay frame is drawn exactly as the live table draws it
(``games.live.presenters.board_context``), and tiles in hands by the table's ``face_tile``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.utils.formats import date_format
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games import engine
from games.live.presenters.board import board_context, face_tile
from games.models import style_label
from games.services import leaving
from tournaments.presenters import number

from . import charts
from .listing import EventPlace, EventTable, Result, result_of
from .models import Item
from .names import match_names, party_names
from .replay import Frame, SetSummary, Step
from .stats import Figures

RESULT_WORDS = {
    Result.WON: gettext_lazy("won"),
    Result.LOST: gettext_lazy("lost"),
    Result.NO_WINNER: gettext_lazy("no winner"),
    Result.UNFINISHED: gettext_lazy("unfinished"),
}

#: The result of a set sealed for the viewer, who plays its deals at another table.
SEALED = "sealed"

#: A place at an event table of three or four ("2nd of 4"); tables have at most four seats.
PLACE_WORDS = {
    1: gettext_lazy("1st of %(n)s"),
    2: gettext_lazy("2nd of %(n)s"),
    3: gettext_lazy("3rd of %(n)s"),
    4: gettext_lazy("4th of %(n)s"),
}


def place_word(place: EventPlace) -> str:
    """How the list says an event's place: won or lost where two sides play, "1st of 4",
    "2nd of 4" (", shared" for a tie) at a table of three or four."""
    if place.two_sides:
        return str(RESULT_WORDS[place.result])
    words = PLACE_WORDS.get(place.place)
    text = str(words) % {"n": place.count} if words else f"{place.place}/{place.count}"
    return _("%(place)s, shared") % {"place": text} if place.shared else text


def set_result_word(result: str | None) -> str:
    """How a set ended, in the table's words."""
    return {
        "six-love": _("six love"),
        "bruck": _("bruck"),
        "six": _("six"),
        "target": _("target reached"),
        "games": _("closed after its games"),
        "resigned": _("resigned"),
    }.get(result or "", "")


# -- the list --------------------------------------------------------------------------------------


def list_rows(
    items: list[Item], tables: dict[int, EventTable] | None = None, sealed: Collection[int] = ()
) -> list[dict]:
    """The list's lines; a set at an event table (``tables``, by set) reads as the event
    placed the player. A set in ``sealed`` (``access.sealed_among``: the viewer plays the same
    deals at another table) says it is in play, with no result, totals or end, until it is
    unsealed."""
    tables = tables or {}
    rows = []
    for item in items:
        if item.match is None:
            imported = item.imported
            rows.append({
                "kind": "imported", "at": item.at, "style": style_label(item.style),
                "name": imported.name, "result": "", "result_word": _("imported"),
                "games": imported.games, "pk": imported.pk, "others": "",
            })  # fmt: skip
            continue
        match = item.match
        names = match_names(match.players)
        table = match.table
        rules = engine.STYLES[table.style](table.seat_count, table.options)
        parties = [list(p) for p in rules.parties]
        mates = [names[s] for s in parties[item.party] if s != item.seat]
        rivals = [names[s] for p, members in enumerate(parties) if p != item.party for s in members]
        table_at_event = tables.get(match.pk)
        result = result_of(item, table_at_event)
        place = table_at_event.place_of(item.seat) if table_at_event is not None else None
        others = _("against %(names)s") % {"names": ", ".join(rivals)}
        if mates:
            others = _("with %(mates)s, against %(names)s") % {
                "mates": " & ".join(mates), "names": ", ".join(rivals)
            }  # fmt: skip
        scores = zip(party_names(names, parties), match.totals, strict=False)
        word = place_word(place) if place is not None else RESULT_WORDS[result]
        how = set_result_word(match.result) if match.is_over else ""
        totals = " · ".join(f"{name} {total}" for name, total in scores)
        if leaving.has_left(match, item.seat):  # from then on the set was the stand-in bot's
            word = pgettext("a set in your history", "left")
            how = _("a bot played your seat to the end")
        if match.pk in sealed:
            result, word, how = SEALED, _("in play: same deals"), ""
            totals = _("result shown when the round is over")
        rows.append({
            "kind": "set", "at": item.at, "style": style_label(item.style), "pk": match.pk,
            "result": result, "others": others, "result_word": word, "how": how,
            "totals": totals, "private": table.is_private,
        })  # fmt: skip
    return rows


# -- a set's page ----------------------------------------------------------------------------------


def event_table_context(table: EventTable, names: list[str], visible: bool) -> dict:
    """The event's result of a set played at its table: where it was (the event named and
    linked only for a viewer who may see it), and each entry's place and points there."""
    facts = {"round": table.round, "table": table.number}
    if visible:
        event = table.tournament
        link = format_html('<a href="{}">{}</a>', event.get_absolute_url(), event.name)
        words = _("At %(event)s: round %(round)s, table %(table)s")
        heading = mark_safe(escape(words) % {**facts, "event": link})  # words escaped, link ours
    else:
        heading = _("At an event: round %(round)s, table %(table)s") % facts
    rows = []
    for index, seats in enumerate(table.games_seats):
        if index >= len(table.places):
            break
        points = table.points[index] if index < len(table.points) else None
        rows.append({
            "names": " & ".join(names[s] for s in seats if s < len(names)),
            "place": table.places[index], "points": number(points),
        })  # fmt: skip
    return {"heading": heading, "rows": rows}


def end_words(result: dict, fines: dict[int, int], names: list[str]) -> list[str]:
    """How a game ended: domino or blocked, no winner, key card, and French fines."""
    words = [_("domino") if result["end"] == "domino" else _("blocked")]
    if result["winner"] is None:
        words.append(_("no winner"))
    if result.get("key_card"):
        words.append(_("key card"))
    if result.get("stake", 1) == 2:
        words.append(_("played for two"))
    for seat, points in sorted(fines.items()):
        words.append(_("%(who)s fined %(p)s") % {"who": names[seat], "p": points})
    return words


def set_context(summary: SetSummary, names: list[str], style: str) -> dict:
    """The set's parties with totals, its end, and a line per game."""
    teams = party_names(names, summary.parties)
    games = []
    for game in summary.games:
        result = game.result
        winner = teams[result["winner"]] if result["winner"] is not None else _("nobody")
        games.append({
            "number": game.number, "winner": winner,
            "points": [{"names": t, "points": p} for t, p in zip(teams, result["points"],
                                                                   strict=True)],
            "how": end_words(result, game.fines, names), "moves": game.moves,
            "commitment": game.commitment, "seed": game.seed, "counts": result["counts"],
        })  # fmt: skip
    if summary.over:
        winner = teams[summary.winner] if summary.winner is not None else None
        ended = set_result_word(summary.result)
    else:
        winner, ended = None, ""
    return {
        "parties": [{"names": n, "total": t} for n, t in zip(teams, summary.totals, strict=True)],
        "games": games, "winner": winner, "ended": ended, "over": summary.over,
        "style_label": style_label(style), "low_wins": engine.STYLES[style].low_totals_win,
    }  # fmt: skip


# -- a replay frame --------------------------------------------------------------------------------


def step_text(step: Step, names: list[str]) -> str:
    """One move in words; a draw names its tile only when the game is revealed."""
    who = names[step.seat]
    if step.kind == "play":
        if step.on is None:
            text = _("%(who)s posed %(tile)s") % {"who": who, "tile": step.tile}
        else:
            text = _("%(who)s played %(tile)s on %(on)s") % {
                "who": who, "tile": step.tile, "on": step.on
            }  # fmt: skip
    elif step.kind == "draw":
        text = (
            _("%(who)s drew %(tile)s") % {"who": who, "tile": step.tile}
            if step.tile
            else _("%(who)s drew a tile") % {"who": who}
        )
    elif step.ends:
        text = _("%(who)s passed on %(ends)s") % {
            "who": who, "ends": ", ".join(map(str, step.ends))
        }  # fmt: skip
    else:
        text = _("%(who)s passed") % {"who": who}
    return text


def step_marks(
    step: Step, names: list[str], teams: list[str], sizes: list[int] | None = None
) -> list[dict]:
    """Badges beside a move (each says its meaning in words, not by colour alone). ``sizes``:
    how many players each side has, so that one winner "wins" and a team "win"."""
    marks = []
    if step.kind == "play" and step.on is None:
        marks.append({"css": "pose", "text": _("pose")})
    elif step.kind == "pass":
        marks.append({"css": "pass", "text": _("pass")})
    elif step.kind == "draw":
        marks.append({"css": "draw", "text": _("draw")})
    for seat, points in step.fines:
        fined = _("%(who)s fined %(p)s") % {"who": names[seat], "p": points}
        marks.append({"css": "fine", "text": fined})
    result = step.result
    if result is not None:
        if result.get("key_card"):
            marks.append({"css": "key", "text": _("key card")})
        marks.append({"css": "end", "text": _("domino") if result["end"] == "domino"
                      else _("blocked")})  # fmt: skip
        if result["winner"] is not None:
            members = sizes[result["winner"]] if sizes else 1
            won = ngettext("%(names)s wins the game", "%(names)s win the game", members)
            marks.append({"css": "end", "text": won % {"names": teams[result["winner"]]}})
        else:
            marks.append({"css": "end", "text": _("no winner")})
    if step.set_over is not None:
        word = step.set_over[1]
        marks.append({"css": "set", "text": set_result_word(word) or _("set over")})
    return marks


def frame_context(frame: Frame, names: list[str], reveal: bool) -> dict:
    """The board, the seats with their hands (or counts) and the move list at ``frame.at``."""
    view = frame.view
    teams = party_names(names, frame.parties)
    party_of = {s: p for p, members in enumerate(frame.parties) for s in members}
    seats = []
    for seat, name in enumerate(names):
        hand = frame.hands[seat] if frame.hands is not None else None
        size = view["hand_sizes"][seat]
        passed = view["passed"][seat]
        seats.append({
            "index": seat, "name": name, "turn": view["turn"] == seat,
            "tiles": [face_tile(t).html for t in hand] if hand is not None else None,
            "size": ngettext("%(n)s tile", "%(n)s tiles", size) % {"n": size},
            "passed": ", ".join(map(str, passed)), "team": teams[party_of[seat]],
            "points": view["points"][party_of[seat]],
        })  # fmt: skip
    steps = []
    sizes = [len(members) for members in frame.parties]
    for step in frame.steps:
        steps.append({
            "number": step.number, "text": step_text(step, names),
            "marks": step_marks(step, names, teams, sizes), "current": step.number == frame.at,
            "seat": step.seat,
        })  # fmt: skip
    if frame.at == 0:
        now = _("The deal, before the first move.")
    else:
        current = steps[frame.at - 1]
        extra = "; ".join(m["text"] for m in current["marks"] if m["css"] not in ("pose",))
        now = _("Move %(n)s of %(total)s: %(text)s") % {
            "n": frame.at, "total": frame.total, "text": current["text"]
        }  # fmt: skip
        if extra:
            now += f" ({extra})"
    return {
        "board": board_context(view),
        "seats": seats,
        "steps": steps,
        "at": frame.at,
        "total": frame.total,
        "prev": max(0, frame.at - 1),
        "next": min(frame.total, frame.at + 1),
        "now": now,
        "totals": [{"names": t, "total": v} for t, v in zip(teams, view["totals"], strict=True)],
        "boneyard": view["boneyard"],
        "revealed": reveal,
    }


# -- statistics ------------------------------------------------------------------------------------


def stats_summary(figures: Figures) -> str:
    """One line over the sets and games counted: the games come first, since a player's first
    set may still be going after ten of them."""
    games = ngettext("%(n)s game finished.", "%(n)s games finished.", figures.games) % {
        "n": figures.games
    }
    if not figures.sets:
        none = _("No finished set yet.")
        return f"{games} {none}"
    sets = ngettext(
        "%(n)s set finished: %(won)s won, %(lost)s lost, %(none)s without a winner.",
        "%(n)s sets finished: %(won)s won, %(lost)s lost, %(none)s without a winner.",
        figures.sets,
    ) % {"n": figures.sets, "won": figures.won, "lost": figures.lost, "none": figures.no_winner}
    return f"{games} {sets}"


def stats_context(figures: Figures) -> dict[str, Any]:
    series = [("won", _("won")), ("lost", _("lost")), ("none", _("no winner"))]
    over_time = charts.stacked_months(_("Sets per month"), figures.by_month, series, date_format)
    styles = sorted(figures.by_style.values(), key=lambda f: -f.sets)
    rates = [
        (style_label(f.style), 100 * f.win_rate,
         _("%(p)s%% of %(n)s") % {"p": round(100 * f.win_rate), "n": f.sets})
        for f in styles
        if f.win_rate is not None
    ]  # fmt: skip
    lefts = [
        (style_label(f.style), f.average_left,
         _("%(avg).1f pips") % {"avg": f.average_left})
        for f in styles
        if f.average_left is not None
    ]  # fmt: skip
    pairs = [
        (_("Key cards"), figures.key_cards["given"], figures.key_cards["taken"]),
        (_("Six loves"), figures.six_loves["given"], figures.six_loves["taken"]),
        (_("Brucks"), figures.brucks["given"], figures.brucks["taken"]),
    ]
    months = [
        {"month": month, **{key: figures.by_month[month].get(key, 0) for key, _l in series}}
        for month in sorted(figures.by_month, reverse=True)
    ]
    return {
        "figures": figures,
        "summary": stats_summary(figures),
        "over_time": over_time,
        "months": months,
        "win_rates": charts.horizontal(_("Win rate per style"), rates, 100),
        "rates": rates,
        "count_left": charts.horizontal(
            _("Average count left at the end of a game"),
            lefts,
            max([v for _l, v, _w in lefts] + [1]),
        ),
        "lefts": lefts,
        "given_taken": charts.given_taken(_("Given and taken"), pairs, (_("given"), _("taken"))),
        "pairs": pairs,
    }
