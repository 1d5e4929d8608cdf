"""Moves the server makes for a seat: a bot's turn, an expired clock, a stand-in for a dropout."""

from __future__ import annotations

import random

from django.utils import timezone

from games import bots

from ..models import Game, Seat
from .play import Outcome, load, submit


def play_for_seat(game_id: int, version: int, reason: str) -> Outcome | None:
    """Choose with the bot's policy from the seat's own view, then submit like anyone else."""
    game = Game.objects.select_related("match__table").filter(pk=game_id).first()
    if game is None or game.version != version or game.state != Game.State.PLAYING:
        return None
    if reason == "clock" and (game.turn_deadline is None or game.turn_deadline > timezone.now()):
        return None
    seat = Seat.objects.select_related("player").get(table=game.match.table, index=game.turn)
    level = seat.player.bot_level if seat.player and seat.player.is_bot else "casual"
    state = load(game)
    move = bots.choose(level, state.game, game.turn, random.Random())
    action = {"kind": move.kind, "tile": move.tile, "on": move.on}
    return submit(game_id, game.turn, version, action, reason=reason)
