"""Who is on the site for their event, though perhaps not at their table: a person with any page
of the site open while an event of theirs checks in or runs.

Every page of the site opens an entrant's notice socket ("your table is ready"), and that socket
says here that its person is around (``here``, when it connects and at each of its beats); the
mark lapses ``PRESENCE_TTL`` seconds after its last beat, so a closed browser or a lost process
stops counting within that time. The schedule asks ``who_is_here`` when a table starts (who is
not around gets a bot playing for them at once, until they come) and when the no-show grace
ends (who is around is not a no-show: an organiser who plays and runs the event from the run
page is not forfeited at their own table).

The marks live in the cache (Redis), not the database: they are refreshed every few seconds by
every open page, and losing them costs only that, for a few seconds, someone reads as away. A
cache that does not answer is logged and reads as nobody here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)


def _key(user_id: int) -> str:
    return f"event-here:{user_id}"


def here(user_id: int) -> None:
    """This person has a page of the site open now."""
    try:
        cache.set(_key(user_id), 1, timeout=settings.PRESENCE_TTL)
    except Exception as error:  # the cache is down: they read as away meanwhile
        log.warning("could not mark %s on the site: %s: %s", user_id, type(error).__name__, error)


def gone(user_id: int) -> None:
    """This person closed their pages (for tests, and a socket that knows it was the last)."""
    try:
        cache.delete(_key(user_id))
    except Exception as error:
        log.warning("could not mark %s gone: %s: %s", user_id, type(error).__name__, error)


def who_is_here(people: Iterable[int]) -> set[int]:
    """Which of these people have a page of the site open now (one cache read for all)."""
    ids = [person for person in set(people) if person is not None]
    if not ids:
        return set()
    try:
        found = cache.get_many([_key(person) for person in ids])
    except Exception as error:
        log.warning("could not read who is on the site: %s: %s", type(error).__name__, error)
        return set()
    return {person for person in ids if _key(person) in found}
