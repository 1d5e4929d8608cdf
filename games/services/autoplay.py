"""Moves the server makes for a seat: a bot's turn, an expired clock, a stand-in for a dropout."""

from __future__ import annotations

import random

from games import bots

from ..models import Game, Seat
from .play import Outcome, submit


def play_for_seat(game_id: int, version: int, reason: str) -> Outcome | None:
    """Let the bot's policy choose for whoever is to play, if ``version`` is still current.

    The policy sees only what that seat may see; the move then goes through ``submit`` like
    anyone's. Returns None when nothing was played (a late or repeated task).
    """
    rng = random.Random()

    def choose(state, seat: Seat):
        if reason == "stand-in" and not seat.stand_in:
            return None  # the player came back while the task waited
        if reason == "bot" and not (seat.player and seat.player.is_bot):
            return None
        player = seat.player
        level = player.bot_level if player is not None and player.is_bot else "casual"
        return bots.choose(level, state, seat.index, rng)

    try:
        outcome = submit(
            game_id, None, version, None, reason=reason, choose=choose,
            only_when_due=reason == "clock",
        )  # fmt: skip
    except Game.DoesNotExist:
        return None
    return outcome if outcome.applied else None
