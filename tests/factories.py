"""Small factories: build exactly the rows a test needs, with readable defaults."""

from __future__ import annotations

from typing import Any

from accounts.models import User

DEFAULT_PASSWORD = "dominoes-pass-123"


def make_user(username: str = "player", password: str = DEFAULT_PASSWORD, **fields: Any) -> User:
    return User.objects.create_user(username=username, password=password, **fields)


def make_bot(username: str = "bot", level: str = "casual", **fields: Any) -> User:
    bot = User(username=username, is_bot=True, bot_level=level, **fields)
    bot.set_unusable_password()
    bot.save()
    return bot


def make_table(host: User | None = None, style: str = "cutthroat", seats: int = 4, **kwargs: Any):
    """A table with the host in seat 0 and bots (casual) in every other seat unless told."""
    from games.services import seating

    bots = kwargs.pop("bots", [None] + ["casual"] * (seats - 1))
    return seating.create_table(host, style, seats, kwargs.pop("options", {}), bots=bots, **kwargs)


def start_table(table, seed: int = 1):
    from games.services import play

    return play.start_match(table, seed=seed)
