"""A game's result stays on screen until every player has pressed "Next game" (issue 42): Ann on
a phone (360 px) and Bob on a desktop (1440 px) at one table, in English and in Spanish. The
countdown runs, no turn clock does; Ann's press leaves the result up and tells both who is still
reading; Bob's press deals the next game on both screens; a late press is refused with its reason.
Photographs: test-results/e2e-result-pause-*.png."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.conf import settings

from tests.e2e.conftest import ARTIFACTS, ENVIRONMENTS, ROOT, browser_pages, signed_in

pytestmark = pytest.mark.e2e

SIZES = {"phone": (360, 740), "desktop": (1440, 900)}


def stage(base: str) -> dict:
    made = subprocess.run(
        [sys.executable, "-m", "tests.e2e.stage_result_pause"],
        cwd=ROOT, env=ENVIRONMENTS[base], check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(made.stdout.strip().splitlines()[-1])


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-result-pause-{name}.png"), full_page=True)


def settled_box(page, selector: str) -> dict:
    """The element's box once the socket's pushes (each player arriving is one) have landed: a
    push replaces the live part of the page, and a box asked for mid-swap is None."""
    for _ in range(20):
        box = page.locator(selector).bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector} has no box")


def seconds(page) -> int:
    return int(page.locator("#next-game .clock").inner_text().strip().rstrip("s"))


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_result_stays_until_every_player_pressed_next_game(site, chromium, language):
    made = stage(site)
    url = f"{site}play/t/{made['code']}/"
    with browser_pages(chromium, **SIZES) as (ann, bob):
        for page, session, (width, _height) in zip((ann, bob), made["sessions"], SIZES.values(),
                                                  strict=True):  # fmt: skip
            signed_in(page, site, session)
            page.context.add_cookies(
                [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": site}]
            )
            page.goto(url)
            page.locator("#table-result .headline").wait_for()
            assert page.locator("#table-status .turn").count() == 0  # nobody to play, no clock
            button = page.locator("#next-game button")
            assert button.is_visible()
            box = settled_box(page, "#next-game button")
            assert box["x"] + box["width"] <= width  # no sideways scroll
        game = ann.locator("#table-live").get_attribute("data-game")
        first = seconds(ann)
        ann.wait_for_timeout(2500)
        assert seconds(ann) < first  # a countdown the player sees, run by the server's deadline
        shoot(ann, f"{language}-phone")
        shoot(bob, f"{language}-desktop")

        ann.locator("#next-game button").click()
        ann.locator("#next-game .ready").wait_for()
        bob.locator("#next-game .waiting").wait_for()  # pushed to Bob's socket
        assert made["names"][1] in ann.locator("#next-game .waiting").inner_text()
        assert ann.locator("#next-game button").count() == 0
        ann.wait_for_timeout(1500)
        assert ann.locator("#table-result .headline").is_visible()  # still up: Bob is reading
        shoot(ann, f"{language}-phone-ready")
        shoot(bob, f"{language}-desktop-waiting")

        bob.locator("#next-game button").click()
        for page in (ann, bob):
            page.wait_for_function(
                "game => document.querySelector('#table-live').dataset.game !== game", arg=game
            )
            assert page.locator("#next-game").count() == 0
        shoot(ann, f"{language}-phone-dealt")
        shoot(bob, f"{language}-desktop-dealt")

        late = ann.evaluate(
            """async url => {
                const token = JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken'];
                const answer = await fetch(url, {method: 'POST',
                    headers: {'X-CSRFToken': token, 'HX-Request': 'true'}});
                return [answer.status, await answer.text()];
            }""",
            f"{url}next-game/",
        )
        assert late[0] == 409
        if language == "en":
            assert "No game is waiting for the next deal." in late[1]
