"""Fixtures shared by every test: the embedded Redis (when no REDIS_URL is set) and users."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

from tests.factories import make_user

E2E = Path(__file__).parent / "e2e"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run last. Sync Playwright keeps an event loop running in the main
    thread for as long as the session's browser is open, so an async test after them could not
    start its own; last, nothing comes after them."""
    items.sort(key=lambda item: E2E in item.path.parents)


@pytest.fixture(scope="session", autouse=True)
def embedded_redis() -> Iterator[None]:
    """Start the same embedded Redis ``make run`` uses, on this run's own socket."""
    if not settings.EMBEDDED_REDIS:
        yield
        return
    from config import embedded_redis as server

    socket = Path(settings.EMBEDDED_REDIS_SOCKET)
    process = server.start(socket, Path(settings.VAR_DIR), persist=False)
    yield
    server.stop(process)


@pytest.fixture
def player(db):
    return make_user("ann", password="a-long-secret-1")


@pytest.fixture(autouse=True)
def fresh_render_caches() -> Iterator[None]:
    """Tests reuse database ids, so renders cached per (game, version) must not outlive one;
    nor may an event's news folded for later fire into the next test."""
    from games.live import rendering
    from tournaments.live import news

    rendering.clear()
    yield
    rendering.clear()
    news.forget()


@pytest.fixture(autouse=True)
def site_language() -> Iterator[None]:
    """Each test starts in the site's language: the test client's requests leave the language
    their middleware chose active in this thread (a page fetched in Romanian made the next
    test's service refusals Romanian)."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()
