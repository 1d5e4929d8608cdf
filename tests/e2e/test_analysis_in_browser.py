"""The expert's analysis as a player gets it, in Chromium at 360 px and 1440 px.

After a game, the player presses "Analyse this game" on the replay at 1440 px and watches the
progress bar move over the socket while a phone has the same replay open; both pages then show
the summary, the moves' costs and the chart of each player's value without a reload, and the
chart's marker follows the steps. Nothing sticks out sideways, no Content-Security-Policy rule
is broken, and both widths are photographed (test-results/analysis-*.png).
"""

from __future__ import annotations

import pytest

from games.bots.analysis import MIN_BAND_DECISIONS
from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in, stage

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"
AT = "(n) => document.querySelector('#replay').dataset.at === String(n)"
WATCH = """() => { window.progressSeen = [];
  new MutationObserver(() => document.querySelectorAll("progress.analysis-progress")
    .forEach((bar) => window.progressSeen.push(Number(bar.value))))
    .observe(document.body, { childList: true, subtree: true }); }"""


def test_a_player_asks_for_the_analysis_and_watches_it_arrive(site, chromium):
    made = stage(site, "finished", "cutthroat", 4)
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as pages:
        violations: list[str] = []
        sockets: list[str] = []
        for page in pages:
            signed_in(page, site, made["session"])
            page.on("console", lambda m: violations.append(m.text)
                    if "Content Security Policy" in m.text else None)  # fmt: skip
            page.on("websocket", lambda ws: sockets.append(ws.url))
        phone, desktop = pages
        desktop.goto(f"{site}history/")
        desktop.locator(".history-row a.history-link").first.click()
        desktop.get_by_role("link", name="Replay game 1").click()
        desktop.wait_for_selector("#replay")
        replay_url = desktop.url.split("?")[0]

        desktop.wait_for_function("() => window.htmx")  # else the click posts the plain form
        desktop.evaluate(WATCH)
        desktop.get_by_role("button", name="Analyse this game").click()
        desktop.wait_for_selector("#analysis progress.analysis-progress")
        phone.goto(replay_url)  # a second viewer while it runs (or already done)
        for page in (desktop, phone):
            page.wait_for_selector("#analysis[data-state='done'] .analysis-summary", timeout=90_000)
            page.wait_for_selector("#replay[data-analysed='1'] .value-chart svg[role='img']")
            note = page.locator("#analysis .band-note").inner_text()
            assert f"from {MIN_BAND_DECISIONS} choices on" in note  # the band's stated minimum
        assert any("/ws/analysis/" in url for url in sockets)
        seen = desktop.evaluate("window.progressSeen")
        assert max(seen) > 0, seen  # the bar moved before the panel came
        lines = desktop.locator("#replay .value-chart .series polyline").count()
        assert lines == 4
        assert desktop.locator("#replay .move-list .cost").count() > 0

        for page, width in ((phone, "360"), (desktop, "1440")):
            judged = page.locator("#replay .move-list li:has(.cost) a").first
            judged.click()
            number = int(judged.get_attribute("id").split("-")[1])
            page.wait_for_function(AT, arg=number)
            assert page.locator("#replay .value-chart circle.at").count() == 1
            assert page.locator("#replay .value-chart line.now").count() == 1
            assert page.evaluate(OVERFLOW) <= 0, f"sideways scroll at {width} px"
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"analysis-{width}.png"), full_page=True)
            page.locator("#replay .value-chart").screenshot(
                path=str(ARTIFACTS / f"analysis-chart-{width}.png")
            )
        assert violations == []
