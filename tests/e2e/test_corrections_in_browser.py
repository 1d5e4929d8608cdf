"""A director puts mistakes right in the browser (issue 41, point 1): the pause for corrections
after round 1, counted down with "seat now" and "hold"; round 2 taken back and seated again; a
result of round 1 corrected after round 2 was paired, and round 2 paired again from it; round 2
voided with a reason once it started (on a phone); the event finished, reopened with a reason
and finished again; and every step in the log of corrections, with who and why. Photographs at
360 and 1440 px: test-results/e2e-corrections-*.png.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in
from tests.e2e.test_event_in_browser import DESKTOP, PHONE, stage_event

pytestmark = pytest.mark.e2e


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-corrections-{name}.png"), full_page=True)


def _press(page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()
    page.wait_for_load_state()


def _seat_round_two(page) -> None:
    """Seat round 2 without starting its tables (the director checks the seats first)."""
    page.locator(".ev-pause input[name='start']").uncheck()
    _press(page, "Seat round 2 now")


#: Elements that reach past the right edge of the window (a page wider than a phone).
WIDER = """() => { const w = document.documentElement.clientWidth; const out = [];
  for (const el of document.querySelectorAll('body *')) { const r = el.getBoundingClientRect();
    if (r.right > w + 1) out.push(`${el.tagName}.${el.className} ${Math.round(r.right)}`); }
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) { const range = document.createRange();
    range.selectNodeContents(n); const r = range.getBoundingClientRect();
    const at = n.parentElement;
    if (r.right > w + 1 && !at.closest('.sr-only'))
      out.push(`text in ${at.tagName}.${at.className}: ${n.textContent.trim().slice(0, 30)}`); }
  return out.slice(0, 10); }"""


def _fits(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"wider than the window: {page.evaluate(WIDER)}"


def _said(page) -> str:
    return page.locator(".messages").inner_text()


def _round_two(page) -> str:
    """Round 2's tables on the run page, as they read."""
    return page.locator("section[aria-labelledby='round-2'] tbody").inner_text()


def test_a_director_holds_takes_back_repairs_voids_and_reopens(site, chromium):
    made = stage_event(site, "pause")
    run_url = f"{site}events/{made['slug']}/run/"
    names = made["names"]
    with browser_pages(chromium, desk=DESKTOP, phone=PHONE) as (desk, phone):
        signed_in(desk, site, made["organiser"])
        desk.goto(run_url)
        paused = desk.get_by_text(re.compile(r"Round 2 will be paired at \d"))
        paused.wait_for()
        assert desk.locator(".ev-pause .ev-clock").inner_text().startswith("Time left:")
        assert desk.get_by_role("button", name="Seat round 2 now").is_visible()
        _shoot(desk, "pause-1440")

        _press(desk, "Hold: wait for me before the event moves on")
        assert "The event waits for you" in _said(desk)
        desk.get_by_text("Round 2 waits for you: seat it when the results are right.").wait_for()
        assert desk.get_by_role("button", name=re.compile("^Hold")).count() == 0
        assert desk.locator(".ev-pause .ev-clock").count() == 0

        _seat_round_two(desk)
        desk.get_by_role("button", name="Take back round 2").wait_for()
        _shoot(desk, "seated-1440")
        _press(desk, "Take back round 2")
        assert "Round 2 is taken back" in _said(desk)
        desk.get_by_text("Round 2 waits for you: seat it when the results are right.").wait_for()

        _seat_round_two(desk)
        paired_first = _round_two(desk)
        # round 1, table 1 (seed 1 beat seed 4) was written down the wrong way round
        desk.get_by_role("link", name="Override").first.click()
        desk.wait_for_load_state()
        desk.locator("select[name='place_0']").select_option("2")
        desk.locator("select[name='place_1']").select_option("1")
        desk.locator("input[name='reason']").fill("the score sheet was read the wrong way")
        desk.locator("form.ev-form button[type='submit']").click()
        desk.wait_for_load_state()
        desk.goto(run_url)
        warning = desk.locator(".ev-repair")
        warning.get_by_text("Round 2 was paired before the result of round 1, table 1").wait_for()
        _shoot(desk, "repair-1440")
        _press(desk, "Pair round 2 again")
        assert "Round 2 is paired again" in _said(desk)
        assert desk.locator(".ev-repair").count() == 0
        assert _round_two(desk) != paired_first

        _press(desk, "Start the tables of round 2")
        assert desk.get_by_role("button", name="Take back round 2").count() == 0

        signed_in(phone, site, made["organiser"])
        phone.goto(run_url)
        phone.locator("summary", has_text="Void round 2").click()
        phone.locator("form", has=phone.locator("input[name='reason']")).locator(
            "input[name='reason']"
        ).fill("wrong tiles were dealt at table 1")
        _shoot(phone, "void-asked-360")
        _fits(phone)
        _press(phone, "Void round 2")
        assert "Round 2 is void" in _said(phone)
        phone.get_by_text("Round 2 waits for you: seat it when the results are right.").wait_for()
        _shoot(phone, "voided-360")
        _fits(phone)

        desk.goto(run_url)
        _press(desk, "Finish the event")
        desk.get_by_text("This event is over.").wait_for()
        desk.locator("summary", has_text="Reopen the event").click()
        desk.locator("input[name='reason']").fill("a late correction of table 2")
        _press(desk, "Reopen the event")
        assert "The event is open again" in _said(desk)
        _press(desk, "Finish the event")
        desk.get_by_text("This event is over.").wait_for()

        log = desk.locator(".ev-log tbody tr")
        rows = [" ".join(log.nth(i).inner_text().split()) for i in range(log.count())]
        text = "\n".join(rows)
        why = ("the score sheet was read the wrong way", "wrong tiles were dealt at table 1",
               "a late correction of table 2")  # fmt: skip
        for reason in why:
            assert reason in text, text
        assert len(rows) >= 6, text  # override, take back, re-pair, void, reopen, finish
        desk.locator("#log-heading").scroll_into_view_if_needed()
        _shoot(desk, "log-1440")
        assert names["seed1"]  # the staged names are at hand for a failing run's reading
