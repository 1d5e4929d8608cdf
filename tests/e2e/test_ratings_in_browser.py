"""Ratings as a player sees them, in Chromium at 360 px and 1440 px: after a rated game against
bots, the player's public page shows the style's rating on the 1500 scale, marked "?" (and
saying how many games it still needs), with its history plot and the set among the recent
ones; the style's leaderboard lists the established ratings first, then the provisional ones
under their own heading, the player marked as the viewer, with the bots on a board of their
own; the board reads in Spanish too. Nothing sticks out sideways, no Content-Security-Policy
rule is broken, and every view is photographed (test-results/ratings-*.png)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.e2e.conftest import ARTIFACTS, ENVIRONMENTS, ROOT, browser_pages, signed_in, stage

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"
FIGURE = re.compile(r"^\d{3,4}(\?)?")


def stage_board(base: str) -> dict:
    """Established and provisional ratings beside the staged player's (``stage_ratings``)."""
    made = subprocess.run(
        [sys.executable, "-m", "tests.e2e.stage_ratings"], cwd=ROOT, env=ENVIRONMENTS[base],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(made.stdout.strip().splitlines()[-1])


def figures(page) -> list[tuple[str, bool]]:
    """The people's board as read: each row's name and whether its figure is provisional."""
    rows = page.locator(".board-section:not(.bots) table.board tbody tr:not(.group)")
    found = []
    for i in range(rows.count()):
        row = rows.nth(i)
        shown = row.locator("td.rating").inner_text().strip()
        assert FIGURE.match(shown), shown
        found.append((row.locator(".name").inner_text(), "?" in shown))
    return found


def test_a_players_page_and_the_leaderboard_after_a_rated_game(site, chromium):
    made = stage(site, "finished", "cutthroat", 4)
    board = stage_board(site)
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as pages:
        violations: list[str] = []
        for page, width in zip(pages, ("360", "1440"), strict=True):
            signed_in(page, site, made["session"])
            page.on("console", lambda m: violations.append(m.text)
                    if "Content Security Policy" in m.text else None)  # fmt: skip

            page.goto(f"{site}players/{made['user']}/")
            card = page.locator(".style-rating").filter(has_text="Cut-Throat")
            figure = card.locator(".big-rating .rating-figure").inner_text()
            assert re.fullmatch(r"\d{4}\?(\s*provisional)?", figure.strip()), figure
            assert card.locator(".provisional").get_attribute("title").startswith("Provisional")
            assert "9 more rated games to go" in card.inner_text()
            assert card.locator("svg polyline").count() == 1
            assert card.locator("svg line.grid.start").count() == 1  # the line passes 1500
            assert "1 rated game" in card.inner_text()
            assert "A rating starts at 1500" in page.locator(".scale-note").inner_text()
            assert page.locator(".recent-set").count() == 1
            assert page.evaluate(OVERFLOW) <= 0
            page.screenshot(path=str(ARTIFACTS / f"ratings-player-{width}.png"), full_page=True)

            card.get_by_role("link", name="leaderboard").click()
            page.wait_for_selector("table.board")
            me = page.locator("table.board tr.me")
            assert me.count() == 1 and made["user"] in me.inner_html()
            read = figures(page)
            provisional = [p for _name, p in read]
            assert provisional == sorted(provisional), read  # established first
            assert provisional.count(False) == len(board["established"])
            assert page.locator("table.board tr.group").count() == 1
            assert page.evaluate(OVERFLOW) <= 0
            page.screenshot(path=str(ARTIFACTS / f"ratings-board-{width}.png"), full_page=True)
            page.get_by_label("Show the bots too").check()
            page.wait_for_selector(".board-section.bots table.board")
            assert "bots=on" in page.url or "bots=1" in page.url
            assert page.evaluate(OVERFLOW) <= 0
            page.screenshot(path=str(ARTIFACTS / f"ratings-bots-{width}.png"), full_page=True)

            page.context.add_cookies([{"name": "django_language", "value": "es", "url": site}])
            page.goto(f"{site}ratings/")
            assert page.locator("html").get_attribute("lang") == "es"
            assert "1500?" in page.locator(".lead-in").inner_text()
            assert page.evaluate(OVERFLOW) <= 0
            page.screenshot(path=str(ARTIFACTS / f"ratings-board-es-{width}.png"), full_page=True)
            page.context.clear_cookies(name="django_language")
        assert not violations, violations
