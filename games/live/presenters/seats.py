"""The seats: the seating cards before a game, and the boxes around the felt during one, seen
from the viewer's side."""

from __future__ import annotations

from functools import lru_cache

from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ...models import Table
from .words import and_list, bot_label, parties_of, seat_teams, team_name

# Where seats sit around the felt, by offset from the viewer, for each seat count.
POSITIONS = {
    "ccw": {2: ["bottom", "top"], 3: ["bottom", "right", "left"],
            4: ["bottom", "right", "top", "left"]},
    "cw": {2: ["bottom", "top"], 3: ["bottom", "left", "right"],
           4: ["bottom", "left", "top", "right"]},
}  # fmt: skip


def seat_cards(table: Table, seats: list, viewer: int | None) -> list[dict]:
    """The seats as the seating cards show them before the game: player, bot level, team."""
    team_of = seat_teams(parties_of(table))
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


def team_legend(table: Table, seats: list) -> list[dict]:
    """Each team with its players, for the seating page's legend."""
    parties = parties_of(table)
    if not seat_teams(parties):
        return []
    out = []
    for i, members in enumerate(parties):
        names = [seats[s].player.name if seats[s].player else _("open seat") for s in members]
        out.append({"index": i, "name": team_name(i), "members": and_list(names)})
    return out


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


def seat_view(
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


def seat_box(seat: dict, partner_word: str) -> str:
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
