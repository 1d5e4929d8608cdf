"""Pure-Python dominoes rules engine: six styles over one game model, records, views, snapshots.

No Django here (and nothing outside the standard library): the server, bots and tournaments build
on this package. See docs/engine.md for the API.

The modules import only downward, in layers (an import-linter contract checks it):
``errors``, ``tiles`` → ``moves``, ``events``, ``results``, ``deal`` → ``boards`` → ``rules`` →
``game`` → ``sim``, ``match`` → ``sight``, ``score`` → ``record``, ``snapshot`` → ``verify`` →
``cli``. So what is built *from* a match (its views, record, snapshot, score, the check of its
shuffle) is a function of the module that builds it, not a method of the match; this package
re-exports them all.
"""

from __future__ import annotations

from .deal import commitment, game_seed
from .errors import IllegalMove, RecordError, RulesError
from .events import Drew, Event, GameOver, MatchOver, Passed, Penalty, Placed
from .game import GameState
from .match import MatchState, new_match
from .moves import Action
from .record import load_record, make_record, score
from .results import GameResult
from .rules import STYLES, FormOption, chosen_options, form_options
from .score import match_score
from .sight import game_view, match_view
from .sim import sample_hidden, unseen, with_hidden
from .snapshot import load_snapshot, make_snapshot
from .tiles import TILES, Tile, format_tile, parse_tile
from .verify import verify

__all__ = [
    "STYLES",
    "TILES",
    "Action",
    "Drew",
    "Event",
    "FormOption",
    "GameOver",
    "GameResult",
    "GameState",
    "IllegalMove",
    "MatchOver",
    "MatchState",
    "Passed",
    "Penalty",
    "Placed",
    "RecordError",
    "RulesError",
    "Tile",
    "chosen_options",
    "commitment",
    "form_options",
    "format_tile",
    "game_seed",
    "game_view",
    "load_record",
    "load_snapshot",
    "make_record",
    "make_snapshot",
    "match_score",
    "match_view",
    "new_match",
    "parse_tile",
    "sample_hidden",
    "score",
    "unseen",
    "verify",
    "with_hidden",
]
