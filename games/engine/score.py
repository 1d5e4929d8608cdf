"""The ``score`` document (one per style in docs/rules.md), from a match's results and its game
in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .match import MatchState


def match_score(match: MatchState) -> dict:
    """Parties, one entry per game (the last may be in progress), totals and the match state."""
    games = [r.to_dict() for r in match.results]
    game = match.game
    if game is not None and not game.over:
        games.append(
            {
                "end": None,
                "winner": None,
                "key_card": False,
                "stake": game.stake,
                "counts": list(game.rules.counts(game)),
                "points": game.points_so_far(),
            }
        )
    return {
        "parties": [list(p) for p in match.parties],
        "games": games,
        "totals": match.totals,
        "match": {"over": match.over, "winner": match.winner, "result": match.result},
    }
