"""The viewer's hand: each tile with what a tap on it does, and the targets it waits on."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .board import face_tile


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
                "tile": tile, "mode": "choose", "pick": pick, "label": label,
                "html": _choice(pick, label, tile.html),
            })  # fmt: skip
    return out, targets


def _idle_button(label: str, tile: str) -> SafeString:
    """A tile that cannot be played now. Built here, as the tiles are: a hand is on every push,
    and most of its tiles are idle (the playable ones go through the template's move form,
    which carries the page's CSRF token)."""
    return mark_safe(  # the label escaped, the tile our own markup
        f'<button type="button" class="tile-button" disabled aria-label="{escape(label)}">'
        f"{tile}</button>"
    )


def _choice(pick: str, label: str, tile: str) -> SafeString:
    """A tile that fits two ends: chosen first, then placed by a tap on one of its targets.
    None is chosen before the player touches one: a target already on the board would play a
    tile the player never picked."""
    return mark_safe(  # the label escaped; the id is a tile's name
        f'<input type="radio" name="pick" class="pick" id="{pick}" aria-label="{escape(label)}"'
        f'><label for="{pick}" class="tile-button choose">{tile}</label>'
    )
