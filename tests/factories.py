"""Small factories: build exactly the rows a test needs, with readable defaults."""

from __future__ import annotations

from typing import Any

from accounts.models import BotLevel, User

DEFAULT_PASSWORD = "dominoes-pass-123"


def make_user(username: str = "player", password: str = DEFAULT_PASSWORD, **fields: Any) -> User:
    return User.objects.create_user(username=username, password=password, **fields)


def make_bot(username: str = "bot", level: str = BotLevel.CASUAL, **fields: Any) -> User:
    bot = User(username=username, is_bot=True, bot_level=level, **fields)
    bot.set_unusable_password()
    bot.save()
    return bot
