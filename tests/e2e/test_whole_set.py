"""A player on a phone-sized window plays a whole two-seat Block set against a bot, game after
game, until the set is won; a desktop browser watches the whole set."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.conftest import ARTIFACTS, PLAYABLE, browser_pages, serve, tap_a_tile
from tests.e2e.test_play_in_browser import _sign_up

pytestmark = pytest.mark.e2e
NEW_SET = "form[action$='/new-set/'] button"


@pytest.fixture(scope="module")
def quick_site(tmp_path_factory) -> Iterator[str]:
    """A site whose next deal follows two seconds after a game ends."""
    with serve(tmp_path_factory.mktemp("e2e-set"), pause=2) as base:
        yield base


@pytest.fixture
def pages(chromium):
    """A phone-sized player and a desktop watcher."""
    with browser_pages(chromium, set_player=(360, 740), set_watcher=(1440, 900)) as pages:
        yield pages


def _create_block_table(page, base: str) -> None:
    page.goto(base + "play/")
    page.select_option("select[name=style]", "block")
    page.wait_for_selector("select[name=target] option[value='50']", state="attached")
    page.select_option("select[name=seats]", "2")
    page.select_option("select[name=target]", "50")
    page.select_option("#id_turn_clock", "0")
    page.select_option("#id_fill", "casual")
    page.click("text=Create table")
    page.wait_for_selector("button:has-text('Start the game')")


def test_a_phone_player_plays_a_whole_block_set_to_its_end_while_a_desktop_watches(
    quick_site, pages
):
    player, watcher = pages
    _sign_up(player, quick_site)
    _create_block_table(player, quick_site)
    watcher.goto(player.url)
    player.click("button:has-text('Start the game')")
    player.wait_for_selector("#table-felt")
    games_seen = set()
    for _ in range(400):
        player.wait_for_selector(f"{PLAYABLE}, {NEW_SET}", timeout=30_000)
        games_seen.add(player.locator("#table-live").get_attribute("data-game"))
        if player.locator(NEW_SET).count():
            break
        version = player.locator("#table-live").get_attribute("data-version")
        tap_a_tile(player)
        player.wait_for_function(
            "v => document.querySelector('#table-live').dataset.version !== v",
            arg=version,
        )
    else:
        raise AssertionError("the set did not end")
    result = player.locator("#table-result").inner_text()
    assert "wins the set" in result or "win the set" in result  # one word in every style
    watcher.wait_for_selector("#table-result:has-text('wins the set')")
    assert watcher.locator(NEW_SET).count() == 0  # a watcher cannot restart it
    assert len(games_seen) >= 1
    ARTIFACTS.mkdir(exist_ok=True)
    player.screenshot(path=str(ARTIFACTS / "set-over-phone.png"), full_page=True)
    watcher.screenshot(path=str(ARTIFACTS / "set-over-desktop.png"), full_page=True)
    # The same table deals another set (this used to fail with "CSRF verification failed").
    player.click(NEW_SET)
    player.wait_for_selector("#table-status:has-text('set 2, game 1')", timeout=30_000)
    watcher.wait_for_selector("#table-status:has-text('set 2, game 1')")
