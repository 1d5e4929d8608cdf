"""Events: what ``apply`` reports, in order, each knowing who may see it.

They are named tuples, pre-built or made with ``tuple.__new__`` on the hot path (no Python-level
constructor call). ``audience`` is None when every viewer may see the event and a seat when only
that seat may (a draw: the others learn that a tile was drawn, not which); ``visible_to(viewer)``
gives the form a viewer gets.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .tiles import NAMES


class _Event:
    """Behaviour shared by every event type."""

    __slots__ = ()
    kind = "event"

    @property
    def audience(self) -> int | None:
        return None

    def visible_to(self, viewer: int | None) -> Any:
        """The event as ``viewer`` (a seat, or None for a spectator) may see it."""
        return self

    def public(self) -> Any:
        """The event as everybody may see it."""
        return self.visible_to(None)

    def to_dict(self, viewer: int | None = None) -> dict:
        """JSON-able form, cut for ``viewer``."""
        seen = self.visible_to(viewer)
        out = {"kind": seen.kind}
        for name, value in zip(seen._fields, seen, strict=True):
            out[name] = _plain(name, value)
        return out


def _plain(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name in ("tile", "on"):
        return NAMES[value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple):
        return list(value)
    return value


class Placed(
    _Event,
    NamedTuple("PlacedFields", [("seat", int), ("tile", int), ("on", Any), ("opens", tuple)]),
):
    """A seat placed ``tile`` on ``on`` (None: the pose); ``opens``: what its free sides show."""

    __slots__ = ()
    kind = "placed"


class Passed(_Event, NamedTuple("PassedFields", [("seat", int), ("ends", tuple)])):
    """A seat passed; ``ends`` are the open end numbers it passed on (highest first)."""

    __slots__ = ()
    kind = "passed"


class Drew(_Event, NamedTuple("DrewFields", [("seat", int), ("tile", Any)])):
    """A seat drew a tile from the boneyard; only that seat may see which."""

    __slots__ = ()
    kind = "drew"

    @property
    def audience(self) -> int | None:
        return self.seat

    def visible_to(self, viewer: int | None) -> Drew:
        if viewer == self.seat or self.tile is None:
            return self
        return tuple.__new__(Drew, (self.seat, None))


class Penalty(
    _Event, NamedTuple("PenaltyFields", [("seat", int), ("points", int), ("reason", str)])
):
    """A French fine: ``points`` added to the seat's total at once."""

    __slots__ = ()
    kind = "penalty"


class GameOver(_Event, NamedTuple("GameOverFields", [("result", Any)])):
    """The game ended; ``result`` is its GameResult."""

    __slots__ = ()
    kind = "game_over"


class MatchOver(_Event, NamedTuple("MatchOverFields", [("winner", Any), ("result", str)])):
    """The match (set) ended; ``winner`` is a party index or None (bruck)."""

    __slots__ = ()
    kind = "match_over"


Event = Placed | Passed | Drew | Penalty | GameOver | MatchOver
