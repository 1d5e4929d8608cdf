"""Ratings as a player sees them, in Chromium at 360 px and 1440 px: after a rated game against
bots, the player's public page shows the style's rating (provisional) with its history plot and
the set among the recent ones, and the style's leaderboard lists the player, marked as the
viewer, with the bots on a board of their own. Nothing sticks out sideways, no
Content-Security-Policy rule is broken, and both widths are photographed
(test-results/ratings-*.png)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in, stage

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"


def test_a_players_page_and_the_leaderboard_after_a_rated_game(site, chromium):
    made = stage(site, "finished", "cutthroat", 4)
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as pages:
        violations: list[str] = []
        for page, width in zip(pages, ("360", "1440"), strict=True):
            signed_in(page, site, made["session"])
            page.on("console", lambda m: violations.append(m.text)
                    if "Content Security Policy" in m.text else None)  # fmt: skip

            page.goto(f"{site}players/{made['user']}/")
            card = page.locator(".style-rating").filter(has_text="Cut-Throat")
            assert card.locator(".provisional").count() == 1
            assert card.locator("svg polyline").count() == 1
            assert "1 rated game" in card.inner_text()
            assert page.locator(".recent-set").count() == 1
            assert page.evaluate(OVERFLOW) <= 0
            page.screenshot(path=str(ARTIFACTS / f"ratings-player-{width}.png"), full_page=True)

            card.get_by_role("link", name="leaderboard").click()
            page.wait_for_selector("table.board")
            me = page.locator("table.board tr.me")
            assert me.count() == 1 and made["user"] in me.inner_html()
            page.get_by_label("Show the bots too").check()
            page.wait_for_selector(".board-section.bots table.board")
            assert "bots=on" in page.url or "bots=1" in page.url
            assert page.evaluate(OVERFLOW) <= 0
            page.screenshot(path=str(ARTIFACTS / f"ratings-board-{width}.png"), full_page=True)
        assert not violations, violations
