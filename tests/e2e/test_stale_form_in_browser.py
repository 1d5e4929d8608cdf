"""A form posted from a page that went stale (its visitor's cookies changed while it was open)
lands on the site's own page, which says nothing was done and leads back to a fresh form."""

from __future__ import annotations

import uuid

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages

pytestmark = pytest.mark.e2e


def _sign_up(page, name: str) -> None:
    page.fill("#id_username", name)
    page.fill("#id_display_name", f"Stale {name[2:]}")
    page.fill("#id_password1", "dominoes-e2e-pass-1")
    page.fill("#id_password2", "dominoes-e2e-pass-1")
    page.click("main form button[type=submit]")


@pytest.mark.parametrize("width,height", [(360, 740), (1440, 900)])
def test_a_stale_sign_up_form_says_nothing_was_done_and_leads_back(site, chromium, width, height):
    with browser_pages(chromium, **{f"stale-{width}": (width, height)}) as (page,):
        page.goto(site + "accounts/signup/")
        page.context.clear_cookies()  # as if the session ended in another tab
        name = f"st{uuid.uuid4().hex[:8]}"
        _sign_up(page, name)

        page.wait_for_selector("h1:has-text('This page was out of date')")
        assert page.locator(".site-header").is_visible()
        assert "Nothing was changed" in page.inner_text("main")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0  # nothing sticks out sideways, even at 360 px
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"e2e-stale-form-{width}.png"), full_page=True)

        page.click("text=Open the page again")
        page.wait_for_selector("#id_username")
        _sign_up(page, name)
        page.wait_for_url(site)  # the fresh form signs up
        assert f"Stale {name[2:]}" in page.inner_text("header")
