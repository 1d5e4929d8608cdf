"""The traveller of a same-deals round read in Chromium (issue 43): after a round of three
Cut-Throat tables with the same deals, each deal shows, seat by seat, every table's holder with
the result, who posed, the tiles left and the count, matchpoints and percentage; at 360 px each
traveller scrolls sideways in its own box with the holders' names kept in view and never broken
mid-word. Photographs at 360 and 1440 px: test-results/e2e-traveller-*.png."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.conftest import ARTIFACTS, NAMES_STAY_IN_VIEW, browser_pages, signed_in
from tests.e2e.test_event_in_browser import stage_event

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
#: Where the photographs go: test-results/, or a folder of one's own (``TRAVELLER_SHOTS``).
SHOTS = Path(os.environ.get("TRAVELLER_SHOTS", ARTIFACTS))

#: Whether a name cell breaks a word across lines: each line's words are whole words.
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll("th.dl-who")) {
    const range = document.createRange();
    for (const node of cell.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent;
      let previousTop = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (previousTop !== null && rect.top > previousTop + 2 && text[i - 1] !== " "
            && text[i] !== " " && text[i - 1] !== "-") {
          broken.push(text);
          break;
        }
        previousTop = rect.top;
      }
    }
  }
  return broken;
}"""


def test_the_traveller_reads_at_360_and_1440_px(site, chromium):
    made = stage_event(site, "same-deals")
    url = f"{site}events/{made['slug']}/rounds/1/deals/"
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as (phone, desktop):
        for page, width in ((phone, 360), (desktop, 1440)):
            signed_in(page, site, made["organiser"])
            page.goto(url)
            page.get_by_role("heading", name="Each entry over the deals shown").wait_for()
            assert page.locator(".dl-deal").count() == 2
            first = page.locator(".dl-deal").first
            assert first.locator("table.dl-trav").count() == 4  # a traveller per seat
            assert first.locator("table.dl-trav").first.locator("tbody tr").count() == 3
            assert page.get_by_text("went out").count() >= 1
            assert page.locator(".dl-trav .dl-tile").count() > 0  # tiles left, round unsealed
            assert page.evaluate(BROKEN_WORDS) == []
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"e2e-traveller-{width}.png"), full_page=False)
            page.locator(".dl-deal").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"e2e-traveller-{width}-deal.png"))
            if width == 360:
                assert page.evaluate(NAMES_STAY_IN_VIEW, [".dl-deal .dl-scroll", "tbody th.dl-who"])
                page.screenshot(path=str(SHOTS / f"e2e-traveller-{width}-scrolled.png"))
        desktop.goto(f"{site}events/{made['slug']}/")
        standings = desktop.locator(".ev-standings")
        assert standings.locator("thead abbr", has_text="%").count() == 1
        desktop.screenshot(path=str(SHOTS / "e2e-traveller-event-1440.png"), full_page=True)
