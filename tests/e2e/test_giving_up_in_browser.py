"""Resign and leave in the browser, each behind its confirmation: at 360 px a player resigns
(after first backing out of the confirmation), at 1440 px another leaves; a way out that no
longer applies answers with its reason. Photographs: test-results/e2e-give-up-*.png."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in, stage

pytestmark = pytest.mark.e2e

SIZES = {"phone": (360, 740), "desktop": (1440, 900)}


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-give-up-{name}.png"), full_page=True)


def fits(page, locator, width: int) -> bool:
    box = locator.bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


def test_resign_and_leave_each_ask_first_then_do_it(site, chromium):
    tables = {name: stage(site, "two-ends", "cutthroat") for name in SIZES}
    with browser_pages(chromium, **SIZES) as pages:
        phone, desktop = pages
        for name, page in zip(SIZES, pages, strict=True):
            signed_in(page, site, tables[name]["session"])
            page.goto(f"{site}play/t/{tables[name]['code']}/")
            page.locator("#table-exit").wait_for()
            assert fits(page, page.locator("#table-exit"), SIZES[name][0])
        shoot(desktop, "table-desktop")

        # 360 px: Resign…, back out, Resign… again, confirm
        code = tables["phone"]["code"]
        phone.locator("#table-exit").get_by_role("link", name="Resign…").click()
        phone.wait_for_url(re.compile(rf"/t/{code}/give-up/resign/$"))
        assert phone.get_by_role("heading", name="Resign this set?").is_visible()
        assert "the others win it" in phone.locator(".give-up").inner_text()
        confirm = phone.get_by_role("button", name="Resign")
        assert fits(phone, confirm, 360)
        shoot(phone, "confirm-phone")
        phone.get_by_role("link", name="Back to the table").click()
        phone.wait_for_url(re.compile(rf"/t/{code}/$"))
        assert phone.locator("#table-exit").is_visible()  # backing out changed nothing
        phone.locator("#table-exit").get_by_role("link", name="Resign…").click()
        phone.get_by_role("button", name="Resign").click()
        phone.wait_for_url(re.compile(rf"/t/{code}/$"))
        result = phone.locator("#table-result")
        result.wait_for()
        assert "resigned the set." in result.inner_text()
        assert phone.locator("#table-exit").count() == 0
        assert "You resigned." in phone.locator(".messages").inner_text()
        shoot(phone, "resigned-phone")

        # the same way again: it no longer applies, and says why
        answer = phone.goto(f"{site}play/t/{code}/give-up/resign/")
        assert answer.status == 409
        assert "not something you can do" in phone.locator(".give-up").inner_text()
        shoot(phone, "refused-phone")

        # 1440 px: Leave the table…, confirm; the page then watches
        code = tables["desktop"]["code"]
        desktop.locator("#table-exit").get_by_role("link", name="Leave the table…").click()
        assert desktop.get_by_role("heading", name="Leave this table?").is_visible()
        shoot(desktop, "confirm-desktop")
        desktop.get_by_role("button", name="Leave the table").click()
        desktop.wait_for_url(re.compile(rf"/t/{code}/$"))
        hand = desktop.locator("#table-hand")
        hand.wait_for()
        assert "You left this table: a bot plays your seat" in hand.inner_text()
        assert "a bot plays your seat to the end" in desktop.locator(".messages").inner_text()
        assert desktop.locator("#table-exit").count() == 0
        shoot(desktop, "left-desktop")
