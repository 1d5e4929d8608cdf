"""The history as a player uses it, in Chromium at 360 px and 1440 px, by keyboard.

A player whose first game is over opens their history, then the set, then the replay of the
game; steps through it with the arrow keys, Home and End, a focused button and Enter, and space
for autoplay; checks the shuffle with "Verify this deal"; downloads the record and imports it
back. Nothing sticks out sideways at either width, the page breaks no Content-Security-Policy
rule, and both widths are photographed (test-results/history-*.png).
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in, stage

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"
AT = "(n) => document.querySelector('#replay').dataset.at === String(n)"


def _at(page) -> int:
    return int(page.locator("#replay").get_attribute("data-at"))


def _total(page) -> int:
    return int(page.locator("#replay").get_attribute("data-total"))


def _key(page, key: str, expected: int) -> None:
    page.keyboard.press(key)
    page.wait_for_function(AT, arg=expected)


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


@pytest.mark.parametrize(("style", "seats"), [("french", 4), ("doubles", 3)])
def test_a_player_replays_verifies_exports_and_imports_a_game_by_keyboard(
    site, chromium, tmp_path, style, seats
):
    made = stage(site, "finished", style, seats)
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as pages:
        violations: list[str] = []
        for page in pages:
            signed_in(page, site, made["session"])
            page.on("console", lambda m: violations.append(m.text)
                    if "Content Security Policy" in m.text else None)  # fmt: skip
        phone, desktop = pages

        phone.goto(f"{site}history/")
        phone.locator(".history-row a.history-link").first.click()
        phone.get_by_role("link", name="Replay game 1").click()
        phone.wait_for_selector("#replay")
        replay_url = phone.url.split("?")[0]
        desktop.goto(replay_url)

        for page, width in ((phone, "360"), (desktop, "1440")):
            assert _at(page) == 0 and _total(page) > 10
            page.locator("body").click(position={"x": 1, "y": 1})  # focus on the page
            _key(page, "ArrowRight", 1)
            _key(page, "ArrowRight", 2)
            _key(page, "ArrowLeft", 1)
            _key(page, "End", _total(page))
            assert page.locator("#replay .move-list li.current .mark.end").count() >= 1
            _key(page, "Home", 0)
            page.locator("#step-next").focus()
            page.keyboard.press("Enter")
            page.wait_for_function(AT, arg=1)
            # focus kept: given back to the button once the new frame has settled
            page.wait_for_function("() => document.activeElement.id === 'step-next'", timeout=5_000)
            assert "Move 1 of" in page.locator("#replay-announce").inner_text()
            assert page.url.endswith("?at=1")  # the address follows each step
            page.locator("#move-5").click()  # jump to any move
            page.wait_for_function(AT, arg=5)
            assert page.evaluate(OVERFLOW) <= 0
            _shoot(page, f"history-replay-{style}-{width}.png")

        # Autoplay: space starts it, and it moves on by itself.
        desktop.locator("#speed").select_option("500")
        desktop.locator("body").click(position={"x": 1, "y": 1})
        desktop.keyboard.press("Space")
        desktop.wait_for_function("() => Number(document.querySelector('#replay').dataset.at) >= 7")
        desktop.keyboard.press("Space")
        assert desktop.locator("#autoplay").get_attribute("aria-pressed") == "false"

        # Verify this deal, in the browser.
        phone.get_by_role("button", name="Verify this deal").click()
        phone.wait_for_selector("#verify-result.ok")
        assert "Verified" in phone.locator("#verify-result").inner_text()

        # Export the record, and import it back.
        with desktop.expect_download() as download:
            desktop.get_by_role("link", name="Download the record").first.click()
        path = tmp_path / download.value.suggested_filename
        download.value.save_as(path)
        assert path.name.endswith("-game-1.json")
        desktop.goto(f"{site}history/import/")
        desktop.locator("input[type=file]").set_input_files(str(path))
        desktop.get_by_role("button", name="Import").click()
        desktop.wait_for_selector(".result-tag.imported")
        desktop.get_by_role("link", name="Replay game 1").click()
        desktop.wait_for_selector("#replay")
        _key(desktop, "End", _total(desktop))
        desktop.get_by_role("button", name="Verify this deal").click()
        desktop.wait_for_selector("#verify-result.ok")

        for page, width in ((phone, "360"), (desktop, "1440")):
            page.goto(f"{site}history/")
            assert page.locator(".result-tag.imported").count() >= 1
            assert page.evaluate(OVERFLOW) <= 0
            _shoot(page, f"history-list-{width}.png")
            page.goto(f"{site}history/stats/")  # the set goes on: no finished set yet
            assert page.get_by_role("heading", name="Your statistics").count() == 1
            assert page.evaluate(OVERFLOW) <= 0
            _shoot(page, f"history-stats-{width}.png")
        assert not violations, violations


def test_on_a_phone_the_history_filters_and_a_tapped_step_keeps_the_board_in_view(site, chromium):
    made = stage(site, "finished", "cutthroat", 4)
    with browser_pages(chromium, phone=PHONE) as (phone,):
        signed_in(phone, site, made["session"])
        phone.goto(f"{site}history/")
        phone.get_by_text("Filter", exact=True).click()
        phone.get_by_label("Style").select_option("partner")
        phone.get_by_role("button", name="Show").click()
        phone.wait_for_url("**style=partner**")
        assert "No set matches these filters." in phone.locator("main").inner_text()
        assert phone.locator("details.filters[open]").count() == 1  # left open while filtered
        phone.get_by_label("Style").select_option("cutthroat")
        phone.get_by_label("Against").fill("Dumpling")
        phone.get_by_role("button", name="Show").click()
        phone.wait_for_url("**style=cutthroat**")
        assert phone.locator(".history-row").count() == 1

        phone.locator(".history-row a.history-link").first.click()
        phone.get_by_role("link", name="Replay game 1").click()
        phone.wait_for_selector("#replay")
        phone.locator("#move-8").click()
        phone.wait_for_function(AT, arg=8)
        phone.evaluate("() => document.querySelector('.replay-seats').scrollIntoView()")
        phone.wait_for_timeout(200)
        scrolled = phone.evaluate("() => window.scrollY")
        box = phone.locator("#step-next").bounding_box()
        assert scrolled > 300 and 0 <= box["y"] < 80, (scrolled, box)  # the steps stay in sight
        phone.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        phone.wait_for_function(AT, arg=9)
        phone.wait_for_timeout(200)
        assert abs(phone.evaluate("() => window.scrollY") - scrolled) < 40  # no jump
        assert phone.evaluate(OVERFLOW) <= 0
        _shoot(phone, "history-replay-phone-scrolled-360.png")


def test_arrow_keys_step_in_place_however_fast_they_come(site, chromium):
    """A held arrow key presses the next link the moment the last step lands; each step must
    still swap in place, not reload the page (which a link htmx had not yet wired up did)."""
    made = stage(site, "finished", "cutthroat", 4)
    with browser_pages(chromium, desktop=DESKTOP) as (page,):
        signed_in(page, site, made["session"])
        page.goto(f"{site}history/")
        page.locator(".history-row a.history-link").first.click()
        page.get_by_role("link", name="Replay game 1").click()
        page.wait_for_selector("#replay")
        page.evaluate("() => { window.sameDocument = true; }")
        page.locator("body").click(position={"x": 1, "y": 1})
        for at in range(1, min(_total(page), 20) + 1):
            _key(page, "ArrowRight", at)
            assert page.evaluate("() => window.sameDocument === true"), f"reloaded at move {at}"
