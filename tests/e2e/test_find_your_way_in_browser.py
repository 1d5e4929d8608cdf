"""Finding one's way back and finding oneself, on a 360 px phone and a 1440 px desktop (issue 42).

A player who holds a seat finds "Resume" on that table in the lobby; their name in the header
opens their public page, which links to their settings; the statistics count the games of a set
still being played; the language switcher can be used at a table on a phone; a visitor's "Join
the club" leads to the clubs; a finished game's replay says the winner "wins" the game. Every
page is photographed (test-results/issue42-*.png).
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in, stage

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"issue42-{name}.png"), full_page=True)


def test_a_seated_player_resumes_from_the_lobby_and_finds_their_page(site, chromium):
    staged = stage(site, "finished", "block", seats=2)
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as (phone, desktop):
        for page, width in ((phone, "360"), (desktop, "1440")):
            signed_in(page, site, staged["session"])
            page.goto(site + "play/")
            resume = page.locator(f'a[href="/play/t/{staged["code"]}/"].button', has_text="Resume")
            assert resume.is_visible()
            shot(page, f"lobby-{width}")
            resume.click()
            page.wait_for_url(re.compile(f"/play/t/{staged['code']}/"))
            switcher = page.locator(".lang-switch select")
            assert switcher.is_visible() and page.locator(".lang-go").is_visible()
            shot(page, f"table-{width}")
            page.locator(".nav-links a[aria-label$='your public page']").click()
            page.wait_for_url(re.compile("/players/"))
            shot(page, f"player-{width}")
            page.get_by_role("link", name="Edit your profile").click()
            page.wait_for_url(re.compile("/accounts/profile/"))
            page.get_by_role("link", name=re.compile("See your public page")).click()
            page.wait_for_url(re.compile("/players/"))
            page.goto(site + "history/stats/")
            assert "1 game finished. No finished set yet." in page.locator(".summary").inner_text()
            shot(page, f"stats-{width}")
        # The phone changes the language at the table, and the table answers in Spanish.
        phone.goto(site + f"play/t/{staged['code']}/")
        phone.select_option(".lang-switch select", "es")
        phone.locator(".lang-go").click()
        phone.wait_for_url(re.compile(f"/play/t/{staged['code']}/"))
        assert phone.locator("html").get_attribute("lang") == "es"
        shot(phone, "table-360-es")
        phone.goto(site + "play/")
        shot(phone, "lobby-360-es")
        phone.select_option(".lang-switch select", "en")
        phone.locator(".lang-go").click()
        phone.wait_for_load_state()


def test_the_replay_says_one_winner_wins_the_game(site, chromium):
    staged = stage(site, "finished", "cutthroat", seats=4)
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as (phone, desktop):
        for page, width in ((phone, "360"), (desktop, "1440")):
            signed_in(page, site, staged["session"])
            page.goto(site + "history/")
            page.locator("a[href*='/history/set/']").first.click()
            page.locator("a[href*='/game/1/']").first.click()
            page.wait_for_url(re.compile("/game/1/"))
            text = page.locator("body").inner_text()
            assert re.search(r"\S wins the game", text) and " win the game" not in text
            shot(page, f"replay-{width}")


def test_a_visitor_joins_the_club_through_the_clubs(site, chromium):
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as (phone, desktop):
        for page, width in ((phone, "360"), (desktop, "1440")):
            page.goto(site)
            page.get_by_role("link", name="Join the club").click()
            page.wait_for_url(re.compile("/clubs/"))
            shot(page, f"clubs-from-home-{width}")
