"""The site works in a real browser under its Content-Security-Policy: signing up, the lobby's
socket, creating and starting a table, and a move over the table's socket, with no violation
reported by the browser (an inline script, style element, or a blocked socket would be)."""

from __future__ import annotations

import uuid

import pytest

from tests.e2e.conftest import PLAYABLE, browser_pages, tap_a_tile

pytestmark = pytest.mark.e2e

# Reports every violation of every page to the test, from before the page's first script runs.
WATCH_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.reportViolation(event.violatedDirective + " " + event.blockedURI);
});
"""


def _sign_up(page, base: str) -> None:
    """A new player of this test's own (display names are unique on the shared site)."""
    name = f"csp{uuid.uuid4().hex[:8]}"
    page.goto(base + "accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_display_name", f"Policy {name[3:]}")
    page.fill("#id_password1", "dominoes-e2e-pass-1")
    page.fill("#id_password2", "dominoes-e2e-pass-1")
    page.click("main form button[type=submit]")  # the header has forms too
    page.wait_for_url(base)


@pytest.fixture
def page(chromium):
    with browser_pages(chromium, csp=(1280, 900)) as (page,):
        yield page


def test_pages_sockets_and_moves_work_under_the_policy_without_violations(site, page):
    console, violations = [], []
    page.on("console", lambda message: console.append(message.text))
    page.expose_function("reportViolation", lambda text: violations.append(text))
    page.add_init_script(WATCH_VIOLATIONS)
    sockets = []
    page.on("websocket", lambda socket: sockets.append(socket.url))

    response = page.goto(site)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    _sign_up(page, site)
    page.goto(site + "play/")
    page.wait_for_function("() => window.htmx !== undefined")
    page.select_option("select[name=style]", "cutthroat")
    page.select_option("#id_turn_clock", "0")
    page.select_option("#id_fill", "casual")
    page.click("text=Create table")
    page.wait_for_selector("button:has-text('Start the game')")
    page.click("button:has-text('Start the game')")
    page.wait_for_selector(f"{PLAYABLE}, #table-live .reveal", timeout=20_000)
    if page.locator(PLAYABLE).count():
        before = page.locator("#table-board .bt").count()
        tap_a_tile(page)
        page.wait_for_function(
            "n => document.querySelectorAll('#table-board .bt').length > n", arg=before
        )

    assert any("/ws/table/" in url for url in sockets), sockets
    assert violations == []
    assert not [text for text in console if "Content Security Policy" in text], console
