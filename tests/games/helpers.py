"""Drive live games to their end through the real services, the way the worker would."""

from __future__ import annotations

from games.models import Game, Match
from games.services import autoplay, play


def current(match: Match) -> Game:
    return match.games.order_by("-number").first()


def step(match: Match) -> bool:
    """Make one thing happen: a bot-choice move for the seat to act, or the next deal."""
    match.refresh_from_db()
    if match.state == Match.State.OVER:
        return False
    game = current(match)
    if game.state == Game.State.OVER:
        return play.start_next_game(match.pk, game.number)
    outcome = autoplay.play_for_seat(game.pk, game.version, reason="bot")
    return outcome is not None and outcome.applied


def play_out_game(match: Match, limit: int = 400) -> Game:
    """Play the current game to its end with every seat's moves chosen by the bot policy."""
    game = current(match)
    for _ in range(limit):
        game.refresh_from_db()
        if game.state == Game.State.OVER:
            return game
        outcome = autoplay.play_for_seat(game.pk, game.version, reason="bot")
        assert outcome is not None and outcome.applied, outcome
    raise AssertionError("the game did not end")


def play_out_match(match: Match, limit: int = 5000) -> Match:
    for _ in range(limit):
        if not step(match):
            match.refresh_from_db()
            if match.state == Match.State.OVER:
                return match
    raise AssertionError("the match did not end")
