"""What every socket of the site shares: the viewer's language, and what a send on a closed
socket raises.

The sockets of tables and the lobby (``games.live.consumers``), of events and notices
(``tournaments.live.consumers``) and of analyses (``history.consumers``) build on this module,
so it imports nothing of theirs (``games`` learns nothing of tournaments or history).
"""

from __future__ import annotations

from django.conf import settings

try:  # what Daphne raises for a send on a socket the client has just closed
    from autobahn.exception import Disconnected as CLOSED
except ImportError:  # another ASGI server
    CLOSED = OSError


def language_of(scope: dict) -> str:
    """The viewer's language: their saved choice, else the language cookie, else the site's."""
    user = scope.get("user")
    chosen = getattr(user, "preferred_language", "") if user is not None else ""
    if not chosen:
        chosen = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    known = {code for code, _name in settings.LANGUAGES}
    return chosen if chosen in known else settings.LANGUAGE_CODE
