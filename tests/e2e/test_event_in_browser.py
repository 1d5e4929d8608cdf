"""An event runs itself in the browser: an organiser opens check-in, two players check in from
their own browsers, bots fill the rest, round 1 starts on its own at the event's start time,
each player's notice (on whatever page they are) leads them to their own table, and a
spectator's event page shows the standings change as a table of bots finishes, without a
reload. Photographs at 360 and 1440 px: test-results/e2e-event-*.png.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.e2e.conftest import (
    ARTIFACTS,
    ENVIRONMENTS,
    NAMES_STAY_IN_VIEW,
    ROOT,
    browser_pages,
    signed_in,
)

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
START_IN = 30  # seconds from staging to the event's start: time enough to check everyone in
BOTS = 4


def stage_event(base: str, scenario: str, *args: str) -> dict:
    made = subprocess.run(
        [sys.executable, "-m", "tests.e2e.stage_event", scenario, *args],
        cwd=ROOT, env=ENVIRONMENTS[base], check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(made.stdout.strip().splitlines()[-1])


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-event-{name}.png"), full_page=False)


def _press(page, name: str) -> None:
    page.get_by_role("button", name=name).first.click()
    page.wait_for_load_state()


def _follow(player, link) -> None:
    """Click the notice's link, which must lead to the player's table (codes are URL-safe
    base64: letters, digits, "-" and "_")."""
    table = re.compile(r"/play/t/[\w-]+/$")
    href = link.get_attribute("href")
    assert href and table.search(href), href
    link.click()
    player.wait_for_url(table)


def test_an_event_runs_itself_and_leads_each_player_to_their_table(site, chromium):
    made = stage_event(site, "checkin", "--start-in", str(START_IN))
    event_url = f"{site}events/{made['slug']}/"
    sizes = {"organiser": DESKTOP, "ann": PHONE, "bob": DESKTOP, "spectator": PHONE}
    with browser_pages(chromium, **sizes) as (organiser, ann, bob, spectator):
        for page, who in ((organiser, "organiser"), (ann, "ann"), (bob, "bob")):
            signed_in(page, site, made[who])

        organiser.goto(event_url + "run/")
        _press(organiser, "Open check-in")
        for _ in range(BOTS):
            _press(organiser, "Enter a bot")

        for player in (ann, bob):
            player.goto(event_url)
            _press(player, "Check in: I am here")
            notice = player.locator("#event-notice")
            notice.get_by_text("You are checked in").wait_for(timeout=10_000)

        organiser.goto(event_url + "run/")  # the bots the organiser entered count as checked in
        assert organiser.locator("form[action$='/check-in/'] button").count() == 0

        spectator.goto(event_url)
        spectator.evaluate("window.notReloaded = true")
        badge = spectator.locator("#event-badge").inner_text()
        assert "Check-in" in badge, f"everyone checked in only after the start ({badge})"
        ann.goto(f"{site}events/")  # a player may be on any page of the site
        _shoot(ann, "checked-in-360")

        # Round 1 starts at the event's time, by itself; each player's notice leads to their table.
        codes = {}
        for player, width in ((ann, "360"), (bob, "1440")):
            link = player.locator("#event-notice a", has_text="Go to table")
            link.wait_for(timeout=(START_IN + 20) * 1000)
            assert player.locator("#event-notice").get_attribute("role") == "status"
            _shoot(player, f"ready-{width}")
            _follow(player, link)
            codes[width] = player.url.rstrip("/").rsplit("/", 1)[-1]
            player.locator("#table-live").wait_for()

        # The spectator's page shows the round, then a bots' table finishing, without a reload.
        spectator.locator("#event-live .ev-live-table").first.wait_for(timeout=10_000)
        spectator.wait_for_function(
            "() => [...document.querySelectorAll('.ev-standings tbody td strong')]"
            ".some(cell => /^[0-9.,]+$/.test(cell.textContent.trim())"
            " && parseFloat(cell.textContent.trim().replace(',', '.')) > 0)",  # 1, or 0.5 a tie
            timeout=45_000,
        )
        assert spectator.evaluate("window.notReloaded === true")
        assert spectator.locator("#event-enter").count() == 0  # entries closed, live
        assert "tables finished" in spectator.locator("#event-status").inner_text()
        _shoot(spectator, "spectator-360")
        # On a phone the standings' figures scroll sideways under names that stay in view. In
        # one script: the live page may swap the standings in between two of Playwright's steps.
        assert spectator.evaluate(
            NAMES_STAY_IN_VIEW, [".ev-scroll:has(.ev-standings)", "tbody th.ev-name"]
        )
        _shoot(spectator, "standings-360")
        organiser.goto(event_url)
        _shoot(organiser, "event-1440")
