"""An event on the clock in the browser (issue 41, point 5): check-in opens by the schedule
while the players' event pages are open, and the Check in button comes without a reload; the
start withdraws nobody the organiser entered (four bots and two people), only the player who
entered themselves and never checked in, and a notice on the event page and the run page says
who and why. At 360 and 1440 px; photographs: test-results/e2e-clock-*.png.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in
from tests.e2e.test_event_in_browser import stage_event

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
CHECKIN_IN, START_IN = 25, 55  # seconds from staging: time to open the pages before each
NOTICE = "Not checked in when the event started, so withdrawn:"


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-clock-{name}.png"), full_page=True)


def test_a_scheduled_start_withdraws_only_who_never_checked_in_and_says_so(site, chromium):
    made = stage_event(
        site, "scheduled", "--checkin-in", str(CHECKIN_IN), "--start-in", str(START_IN)
    )
    names = made["names"]
    event_url = f"{site}events/{made['slug']}/"
    sizes = {"ann": PHONE, "bob": DESKTOP, "organiser": DESKTOP, "phone": PHONE}
    with browser_pages(chromium, **sizes) as (ann, bob, organiser, phone):
        for page, who in ((ann, "ann"), (bob, "bob"), (organiser, "organiser"),
                          (phone, "organiser")):  # fmt: skip
            signed_in(page, site, made[who])

        # Before check-in: the players' pages say when it opens and that it is needed, and
        # count down to it; the run page lists who the start would withdraw.
        for player in (ann, bob):
            player.goto(event_url)
            player.evaluate("window.notReloaded = true")
            assert "Check-in opens at" in player.locator("#event-enter").inner_text()
            assert player.locator(".ev-clocks [role='timer']").count() == 2
        organiser.goto(event_url + "run/")
        listed = organiser.locator(".ev-no-show-list").inner_text()
        assert names["ann"] in listed and names["bob"] in listed
        assert names["cy"] not in listed and names["dee"] not in listed
        _shoot(ann, "before-checkin-360")
        _shoot(organiser, "run-before-1440")

        # Check-in opens by the schedule: the button comes to the open pages, no reload.
        for player in (ann, bob):
            button = player.get_by_role("button", name="Check in: I am here")
            button.wait_for(timeout=(CHECKIN_IN + 20) * 1000)
            assert player.evaluate("window.notReloaded === true")
        _shoot(ann, "checkin-open-360")
        _shoot(bob, "checkin-open-1440")
        ann.get_by_role("button", name="Check in: I am here").click()
        ann.wait_for_load_state()
        phone.goto(event_url + "run/")
        listed = phone.locator(".ev-no-show-list").inner_text()
        assert names["bob"] in listed and names["ann"] not in listed
        _shoot(phone, "run-checkin-360")

        # The start: only Bob, who entered himself and never checked in, is withdrawn, and
        # his open page says so without a reload.
        note = bob.locator(".ev-note", has_text=NOTICE)
        note.wait_for(timeout=(START_IN + 20) * 1000)
        assert bob.evaluate("window.notReloaded === true")
        said = note.inner_text()
        assert names["bob"] in said
        assert not any(names[who] in said for who in ("ann", "cy", "dee"))
        assert bob.locator("#event-enter").count() == 0
        bob.locator("#event-entries", has_text="Withdrawn at the start").wait_for(timeout=5_000)
        _shoot(bob, "started-1440")
        ann.goto(event_url)
        assert ann.locator(".ev-note", has_text=NOTICE).count() == 1
        entries = ann.locator("section", has=ann.locator("#entries-heading")).inner_text()
        assert entries.count("Withdrawn at the start (not checked in)") == 1
        assert entries.count("Playing") == 7  # four bots, Cy, Dee and Ann
        _shoot(ann, "started-360")
        organiser.goto(event_url + "run/")
        schedule = organiser.locator("#schedule-heading").locator("xpath=..").inner_text()
        assert NOTICE in schedule and names["bob"] in schedule
        _shoot(organiser, "run-started-1440")
