"""The names of the bot levels, so that an account's level reads as a word, not a code.

The levels belong to the bots (``games.bots.LEVELS``), and accounts may not import games: the
games app hands its names over here when it is ready (``games.apps``). Names are the English
msgids; they are translated when shown.
"""

from __future__ import annotations

from django.utils.translation import gettext

#: level code -> its name in English (a msgid), as the games app registered them.
NAMES: dict[str, str] = {}


def register(names: dict[str, str]) -> None:
    """Called once by the games app with its levels."""
    NAMES.update(names)


def name_of(code: str) -> str:
    """The level's name in the active language; an unknown code shows as it is."""
    return gettext(NAMES[code]) if code in NAMES else code
