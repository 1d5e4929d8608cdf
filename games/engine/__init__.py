"""Pure-Python dominoes rules engine: six styles over one game model, records, views, snapshots.

No Django here (and nothing outside the standard library): the server, bots and tournaments build
on this package. See docs/engine.md for the API.
"""

from __future__ import annotations

from .errors import IllegalMove, RecordError, RulesError
from .events import Drew, Event, GameOver, MatchOver, Passed, Penalty, Placed
from .game import Game
from .match import Match, new_match
from .moves import Move
from .record import score
from .results import GameResult
from .rules import STYLES
from .tiles import TILES, Tile, format_tile, parse_tile

__all__ = [
    "STYLES",
    "TILES",
    "Drew",
    "Event",
    "Game",
    "GameOver",
    "GameResult",
    "IllegalMove",
    "Match",
    "MatchOver",
    "Move",
    "Passed",
    "Penalty",
    "Placed",
    "RecordError",
    "RulesError",
    "Tile",
    "format_tile",
    "new_match",
    "parse_tile",
    "score",
]
