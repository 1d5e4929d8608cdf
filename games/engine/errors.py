"""The engine's exceptions: all ValueErrors, each with a message a player or importer can act on."""

from __future__ import annotations

import json


class IllegalMove(ValueError):
    """A move or action the rules refuse; the message names the move and the reason.

    The message is English and is what the CLI prints. ``code`` and ``params`` say the same for
    a program: the site turns them into a sentence in the player's language (games.services
    .refusals), so the engine never needs a translation. "illegal" is the catch-all code.
    """

    def __init__(self, message: str, code: str = "illegal", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class RulesError(ValueError):
    """A match that cannot exist: unknown style, wrong seat count, bad option, impossible deal."""


class RecordError(ValueError):
    """An invalid dominoes-record/1; the one-line message names the game and move at fault."""


def shown(value: object) -> str:
    """A JSON-ish, one-line, short rendering of a bad input value for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)[:40]
    if isinstance(value, str):
        text = json.dumps(value)
        return text if len(text) <= 40 else text[:36] + '..."'
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def either(values: tuple | list) -> str:
    """``2, 3 or 4`` for a message."""
    items = [str(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
