"""GameResult: how one game ended, in the shape the ``score`` output and the views use."""

from __future__ import annotations

from typing import NamedTuple


class GameResult(NamedTuple):
    """The end of a game.

    ``winner`` is a party index (None: nobody won), ``counts`` are per seat, ``points`` per party
    (what the game added to each total, French fines included). ``seat`` is the winning seat (the
    one that dominoed, or the low count of a blocked game); in some styles it poses next.
    """

    end: str
    winner: int | None
    key_card: bool
    stake: int
    counts: tuple[int, ...]
    points: tuple[int, ...]
    seat: int | None = None

    def to_dict(self) -> dict:
        """The game as one entry of ``score``'s ``games`` list."""
        return {
            "end": self.end,
            "winner": self.winner,
            "key_card": self.key_card,
            "stake": self.stake,
            "counts": list(self.counts),
            "points": list(self.points),
        }
