"""A table that ends as it did, in the browser: an event table played to its last game, then the
page reloaded, says the set is over, the player's place and the points it earns, and links back
to the event, at 360 and 1440 px (photographs: test-results/e2e-table-end-*.png).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.e2e.conftest import ARTIFACTS, ENVIRONMENTS, ROOT, browser_pages, signed_in

pytestmark = pytest.mark.e2e

SIZES = {"phone": (360, 740), "desktop": (1440, 900)}


def stage(base: str, scenario: str) -> dict:
    made = subprocess.run(
        [sys.executable, "-m", "tests.e2e.stage_table_end", scenario],
        cwd=ROOT, env=ENVIRONMENTS[base], check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(made.stdout.strip().splitlines()[-1])


def test_an_event_table_played_to_its_last_game_says_so_after_a_reload(site, chromium):
    made = stage(site, "ended")
    names = made["names"]
    place = "1" if made["winner"] == "ann" else "2"
    points = "1" if place == "1" else "0"
    with browser_pages(chromium, **SIZES) as pages:
        for name, page in zip(SIZES, pages, strict=True):
            signed_in(page, site, made["ann"])
            page.goto(f"{site}play/t/{made['code']}/")
            page.reload()  # long after the last game, the page still says how it ended
            result = page.locator("#table-event")
            result.wait_for()
            text = result.inner_text()
            assert f"Its result counts in {names['event']}" in text
            assert f"Your place: {place} of 2. Points earned: {points}." in text
            assert (
                "The next game starts in a moment" not in page.locator("#table-live").inner_text()
            )
            back = result.get_by_role("link", name=f"Back to {names['event']}")
            assert back.is_visible()
            box = None
            for _ in range(30):  # the live socket's first frame may be redrawing the table
                box = back.bounding_box()
                if box is not None:
                    break
                page.wait_for_timeout(100)
            assert (
                box is not None and box["x"] + box["width"] <= SIZES[name][0]
            )  # no sideways scroll
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"e2e-table-end-{name}.png"), full_page=True)
            back.click()
            page.wait_for_url(re.compile(rf"/events/{made['slug']}/$"))
