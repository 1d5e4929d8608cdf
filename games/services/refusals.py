"""The engine's refusals in the player's language.

The engine stays free of Django: an ``IllegalMove`` carries a ``code`` and its ``params``
(tile names such as "6-4") beside its English message, which the CLI prints unchanged. This
is the one place that turns a code into a sentence for a page or a socket notice; a code not
listed here reads as the general refusal, so a new engine code never shows English.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.engine.errors import IllegalMove

TEXTS: dict[str, str] = {
    "illegal": gettext_noop("That move is not allowed."),
    "no_such_move": gettext_noop("That is not a move: play a tile, pass or draw."),
    "no_such_seat": gettext_noop("There is no such seat at this table."),
    "game_over": gettext_noop("This game is over."),
    "not_your_turn": gettext_noop("It is not your turn."),
    "not_held": gettext_noop("You do not hold %(tile)s."),
    "misfit": gettext_noop("%(tile)s does not fit there."),
    "pose_on_nothing": gettext_noop("The board is empty: pose %(tile)s on its own."),
    "pass_must_pose": gettext_noop("You cannot pass: you pose the first tile."),
    "pass_holds_fit": gettext_noop("You cannot pass: %(tile)s fits, so you must play."),
    "pass_must_draw": gettext_noop("You cannot pass: draw from the boneyard first."),
    "draw_no_boneyard": gettext_noop("This style has no boneyard to draw from."),
    "draw_must_pose": gettext_noop("You cannot draw: you pose the first tile."),
    "draw_holds_fit": gettext_noop("You cannot draw: %(tile)s fits, so you must play."),
    "draw_not_next": gettext_noop("%(tile)s is not the next tile of the boneyard."),
    "draw_boneyard_empty": gettext_noop("The boneyard is empty."),
    "draw_once": gettext_noop("You have drawn your one tile this turn."),
    "draw_boneyard_low": gettext_noop("The boneyard is down to 2 tiles: no more drawing."),
}


def describe(error: IllegalMove | Exception) -> str:
    """The refusal as a sentence in the current language (a general one for anything unknown)."""
    code = getattr(error, "code", "illegal")
    params = dict(getattr(error, "params", {}) or {})
    if code == "pose_refused":
        if params.get("must"):
            return _("You cannot pose %(tile)s: the first tile must be %(must)s.") % params
        return _("You cannot pose %(tile)s: the first tile must be a double.") % params
    text = TEXTS.get(code, TEXTS["illegal"])
    try:
        return _(text) % params
    except (KeyError, TypeError, ValueError):
        return _(TEXTS["illegal"])
