"""Drive live games to their end through the real services, the way the worker would."""

from __future__ import annotations

import random

from games import bots, engine
from games.models import Game, Match
from games.services import play
from games.services.play import Outcome
from tests.factories import make_table

_rng = random.Random(7)


def play_turn(game_id: int, version: int) -> Outcome:
    """The casual policy's move for whoever is to play, human or bot, through the service."""
    return play.submit(
        game_id, None, version, None, reason="bot",
        choose=lambda state, seat: bots.choose("casual", state, seat.index, _rng),
    )  # fmt: skip


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
    return play_turn(game.pk, game.version).applied


def play_out_game(match: Match, limit: int = 400) -> Game:
    """Play the current game to its end with every seat's moves chosen by the bot policy."""
    game = current(match)
    for _ in range(limit):
        game.refresh_from_db()
        if game.state == Game.State.OVER:
            return game
        outcome = play_turn(game.pk, game.version)
        assert outcome.applied, outcome
    raise AssertionError("the game did not end")


def play_out_match(match: Match, limit: int = 5000) -> Match:
    for _ in range(limit):
        if not step(match):
            match.refresh_from_db()
            if match.state == Match.State.OVER:
                return match
    raise AssertionError("the match did not end")


def fits_two_ends(view: dict) -> bool:
    """Whether the viewer may play a tile on ends that show two different numbers."""
    numbers: dict[str, set] = {}
    for move in view["legal"]:
        if move["kind"] == "play" and move["on"] is not None:
            numbers.setdefault(move["tile"], set()).add(move["number"])
    return any(len(found) > 1 for found in numbers.values())


def to_two_ends(user) -> tuple:
    """A Cut-Throat table where ``user`` (seat 0) is to play a tile that fits two numbers."""
    for seed in range(1, 300):
        table = make_table(user, turn_clock=0)
        match = play.start_match(table, seed=seed)
        for _ in range(40):
            game = current(match)
            if game.state != Game.State.PLAYING:
                break
            view = engine.match_view(play.load(game), 0)
            if game.turn == 0 and fits_two_ends(view):
                return table, game
            play_turn(game.pk, game.version)
        play.abandon(table)
    raise AssertionError("no deal gave a tile that fits two ends")
