"""Moves the server makes for a seat: a bot's turn, an expired clock, a stand-in for a dropout."""

from __future__ import annotations

import random

from django.utils import timezone

from games import bots

from ..models import Game, Seat
from .play import Outcome, submit


def play_for_seat(game_id: int, version: int, reason: str) -> Outcome | None:
    """Choose with the bot's policy from the seat's own view, then submit like anyone else."""
    game = (
        Game.objects.filter(pk=game_id)
        .only("version", "state", "turn", "turn_deadline", "match__table_id")
        .select_related("match")
        .first()
    )
    if game is None or game.version != version or game.state != Game.State.PLAYING:
        return None
    if reason == "clock" and (game.turn_deadline is None or game.turn_deadline > timezone.now()):
        return None
    seat = Seat.objects.select_related("player").get(table_id=game.match.table_id, index=game.turn)
    level = seat.player.bot_level if seat.player and seat.player.is_bot else "casual"
    rng = random.Random()
    return submit(
        game_id, game.turn, version, None, reason=reason,
        choose=lambda state, turn: bots.choose(level, state, turn, rng),
    )  # fmt: skip
