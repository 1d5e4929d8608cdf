"""The six styles, by the name records and URLs use."""

from __future__ import annotations

from ..errors import RulesError, shown
from .base import DRAW_ONE, DRAW_UNTIL, NO_DRAW, GameLike, Option, Pose, Rules
from .blockdraw import Block, Draw
from .doubles import Doubles
from .french import French
from .jamaican import Cutthroat, Partner

STYLES: dict[str, type[Rules]] = {
    cls.name: cls for cls in (Cutthroat, Partner, Block, Draw, French, Doubles)
}


_MADE: dict[tuple, Rules] = {}


def make_rules(style: str, seats: int, options: dict | None = None) -> Rules:
    """The rules object for a style, seat count and options; RulesError names what is wrong.

    Rules objects never change after construction, so one is shared by every match that asks for
    the same style, seats and options (a benchmark or a bot starts thousands of matches).
    """
    key: tuple | None = None
    try:
        given = tuple((k, v, type(v)) for k, v in options.items()) if options else ()
        key = (style, seats, type(seats), given)
        return _MADE[key]
    except (KeyError, TypeError, AttributeError):  # not made yet, or not hashable (so invalid)
        pass
    cls = STYLES.get(style) if isinstance(style, str) else None
    if cls is None:
        names = ", ".join(STYLES)
        raise RulesError(f"unknown style {shown(style)} (one of {names})")
    rules = cls(seats, options)
    if key is not None and len(_MADE) < 256:
        _MADE[key] = rules
    return rules


__all__ = [
    "DRAW_ONE",
    "DRAW_UNTIL",
    "NO_DRAW",
    "STYLES",
    "GameLike",
    "Option",
    "Pose",
    "Rules",
    "make_rules",
]
