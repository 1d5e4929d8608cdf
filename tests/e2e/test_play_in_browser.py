"""A new player signs up, creates a Cut-Throat table with three bots and plays a whole game by
clicking tiles, while a second browser watches the same table and sees every move."""

from __future__ import annotations

import uuid

import pytest

from tests.e2e.conftest import ARTIFACTS, PLAYABLE, browser_pages, tap_a_tile

pytestmark = pytest.mark.e2e


def _sign_up(page, base: str) -> str:
    name = f"e2e{uuid.uuid4().hex[:8]}"
    page.goto(base + "accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_display_name", f"Tester {name[3:]}")  # display names are unique
    page.fill("#id_password1", "dominoes-e2e-pass-1")
    page.fill("#id_password2", "dominoes-e2e-pass-1")
    page.click("main form button[type=submit]")  # the header has forms too
    page.wait_for_url(base)
    return name


def _board_tiles(page) -> int:
    return page.locator("#table-board .bt").count()


@pytest.fixture
def pages(chromium):
    """A desktop player and a phone-sized watcher."""
    with browser_pages(chromium, player=(1280, 900), watcher=(360, 740)) as pages:
        yield pages


def test_a_player_plays_a_whole_cutthroat_game_and_a_spectator_sees_every_move(site, pages):
    player, watcher = pages
    _sign_up(player, site)
    player.goto(site + "play/")
    player.select_option("select[name=style]", "cutthroat")
    player.select_option("#id_turn_clock", "0")
    player.select_option("#id_fill", "casual")
    player.click("text=Create table")
    player.wait_for_selector("button:has-text('Start the game')")
    watcher.goto(player.url)
    player.click("button:has-text('Start the game')")
    player.wait_for_selector("#table-felt")
    watcher.wait_for_selector("#table-felt")
    clicks = 0
    for _ in range(60):
        player.wait_for_selector(f"{PLAYABLE}, #table-live .reveal", timeout=20_000)
        if player.locator("#table-live .reveal").count():
            break
        before = _board_tiles(player)
        tap_a_tile(player)
        clicks += 1
        player.wait_for_function(
            "n => document.querySelectorAll('#table-board .bt').length > n", arg=before
        )
        now = _board_tiles(player)
        watcher.wait_for_function(
            "n => document.querySelectorAll('#table-board .bt').length >= n", arg=now
        )
        if clicks == 2:
            ARTIFACTS.mkdir(exist_ok=True)
            player.screenshot(path=str(ARTIFACTS / "table-mid-game-desktop.png"), full_page=True)
            watcher.screenshot(path=str(ARTIFACTS / "table-mid-game-phone.png"), full_page=True)
    player.wait_for_selector("#table-live .reveal")
    watcher.wait_for_selector("#table-live .reveal")
    assert clicks >= 1
    headline = player.locator("#table-result .headline").inner_text()
    assert headline.startswith(("Domino!", "Blocked"))
    assert _board_tiles(watcher) == _board_tiles(player)
    assert (
        watcher.locator("#table-log li").all_inner_texts()[-1]
        == (player.locator("#table-log li").all_inner_texts()[-1])
    )
    player.screenshot(path=str(ARTIFACTS / "table-game-over-desktop.png"), full_page=True)
