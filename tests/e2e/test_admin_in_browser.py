"""An organiser runs a knockout from the Django admin, on a desktop and on a phone: a late
correction of round 1 is refused on the action's own form with the reason (nothing changes),
and a withdrawal from the entries list says what it did. Photographs at 1440 and 360 px:
test-results/e2e-admin-*.png.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in
from tests.e2e.test_event_in_browser import DESKTOP, PHONE, stage_event

pytestmark = pytest.mark.e2e


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-admin-{name}.png"), full_page=True)


def _run_action(page, row_text: str, action: str) -> None:
    """Tick the list's row that shows ``row_text`` and run ``action`` on it."""
    page.locator("#result_list tr", has_text=row_text).locator("input.action-select").check()
    page.locator("select[name='action']").select_option(action)
    page.locator("button[name='index'], .actions button").first.click()
    page.wait_for_load_state()


def test_an_organiser_corrects_and_withdraws_from_the_admin(site, chromium):
    made = stage_event(site, "withdrawal")
    with browser_pages(chromium, desk=DESKTOP, phone=PHONE) as (desk, phone):
        signed_in(phone, site, made["organiser"])
        phone.goto(f"{site}admin/tournaments/tableassignment/")
        _run_action(phone, "round 1 · table 1", "record_result")
        phone.locator("select[name='place_0']").select_option("2")
        phone.locator("select[name='place_1']").select_option("1")
        phone.locator("input[name='reason']").fill("the score sheet said otherwise")
        _shoot(phone, "correction-form-360")
        phone.locator("input[type='submit']").click()
        phone.wait_for_load_state()
        refusal = phone.locator(".errorlist")
        refusal.wait_for()
        assert "That would change who plays in round 2, which is seated already" in (
            refusal.inner_text()
        )
        _shoot(phone, "correction-refused-360")
        phone.goto(f"{site}admin/tournaments/tableassignment/")
        first = phone.locator("#result_list tr", has_text="round 1 · table 1")
        assert "1st Player1" in first.inner_text()  # nothing changed

        signed_in(desk, site, made["organiser"])
        desk.goto(f"{site}admin/tournaments/entry/")
        seed1 = made["names"]["seed1"]
        _run_action(desk, seed1, "withdraw")
        desk.get_by_text("Are you sure?").first.wait_for()
        desk.locator("input[type='submit'][value^='Yes']").click()
        desk.wait_for_load_state()
        assert f"{seed1}: Withdrawn." in desk.locator(".messagelist").inner_text()
        assert "Withdrawn" in desk.locator("#result_list tr", has_text=seed1).inner_text()
        _shoot(desk, "withdrawn-1440")
