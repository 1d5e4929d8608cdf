"""A whole game played by keyboard alone, on a 360 px phone (issue 42, point 8).

The player is at a Cut-Throat table against three bots, made and started for them, at their turn
with a tile that fits two ends; they only press Tab, Shift+Tab, Enter and Space: the skip link
leads straight to the hand, a tile is played with Enter, and a tile that fits two ends is chosen
with Space and its end on the board reached with Shift+Tab. After every move, the player's and
each bot's, focus is still in the hand (or, once the game is over, on "Next game"), never
dropped to the page; the one live region stays the same element throughout and says "Your turn"
at each turn and the result at the end. Photographs: test-results/keyboard-*.png.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in, stage

pytestmark = pytest.mark.e2e

PHONE = (360, 740)

#: After every refresh of the table (a socket push or a move's answer), where focus is: kept
#: in window.focusLog with the version shown, once all of the refresh is in.
WATCH = """() => {
  window.focusLog = [];
  window.sayNode = document.getElementById("table-say");
  const note = () => setTimeout(() => {
    const el = document.activeElement, live = document.getElementById("table-live");
    window.focusLog.push({
      version: live && live.dataset.version,
      body: !el || el === document.body,
      hand: !!(el && el.closest && el.closest("#table-hand")),
      next: !!(el && el.closest && el.closest("#next-game")),
      what: el ? el.outerHTML.slice(0, 120) : null,
    });
  }, 30);
  document.addEventListener("htmx:wsAfterMessage", note);
  document.addEventListener("htmx:afterSwap", note);
}"""

#: The player's turn with a tile to play, or the game's end.
READY = """() => {
  const live = document.getElementById("table-live");
  if (!live) return false;
  if (live.querySelector(".reveal")) return true;
  return live.dataset.turn === "mine" &&
    !!live.querySelector("#table-hand .hand form button, #table-hand .hand input.pick");
}"""

ACTIVE = """() => {
  const el = document.activeElement;
  return {
    body: !el || el === document.body,
    hand: !!el.closest("#table-hand"), next: !!el.closest("#next-game"),
    tile: !!el.closest("#table-hand .hand form") && el.matches("button"),
    pick: el.matches("input.pick"), target: !!el.closest(".end-target"),
    skip: el.matches("a.skip-link") ? el.textContent : null,
  };
}"""


def _active(page) -> dict:
    return page.evaluate(ACTIVE)


def _press_until(page, key: str, wanted, most: int = 40) -> dict:
    """Press ``key`` until the focused element is what ``wanted`` says (at most ``most``)."""
    for _ in range(most):
        page.keyboard.press(key)
        now = _active(page)
        if wanted(now):
            return now
    raise AssertionError(f"{key} never reached it; focus is on {now}")


def _board_tiles(page) -> int:
    return page.locator("#table-board .bt").count()


def test_a_player_plays_a_whole_game_by_keyboard_and_keeps_focus(site, chromium):
    # Made and started with the player to play a tile that fits two ends (the choice by key).
    staged = stage(site, "two-ends", "cutthroat", seats=4)
    with browser_pages(chromium, phone=PHONE) as (page,):
        signed_in(page, site, staged["session"])
        page.goto(f"{site}play/t/{staged['code']}/")
        page.wait_for_selector("#table-felt")
        first = _press_until(page, "Tab", lambda now: not now["body"], most=1)
        assert first["skip"] == "Skip to your hand"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "keyboard-skip-link-360.png"))
        page.keyboard.press("Enter")
        assert _active(page)["hand"]
        hand = page.locator("#table-hand").bounding_box()  # focused where it is docked
        assert hand["y"] >= 0 and hand["y"] + hand["height"] <= PHONE[1] + 1, hand
        page.evaluate(WATCH)
        moves = picks = 0
        for _ in range(40):
            page.wait_for_function(READY, timeout=20_000)
            if page.locator("#table-live .reveal").count():
                break
            assert page.locator("#table-say").inner_text().endswith("Your turn")
            now = _active(page)
            assert now["hand"], f"focus left the hand at the player's turn: {now}"
            before = _board_tiles(page)
            # a tile that fits two ends is the one played when there is one
            wanted = "pick" if page.locator("#table-hand .hand input.pick").count() else "tile"
            now = _press_until(page, "Tab", lambda now, wanted=wanted: now[wanted])
            if now["pick"]:  # a tile that fits two ends: chosen, then its end on the board
                page.keyboard.press("Space")
                _press_until(page, "Shift+Tab", lambda now: now["target"])
                picks += 1
                if picks == 1:
                    page.screenshot(path=str(ARTIFACTS / "keyboard-end-target-360.png"))
            page.keyboard.press("Enter")
            moves += 1
            page.wait_for_function(
                "n => document.querySelectorAll('#table-board .bt').length > n", arg=before
            )
            if moves == 2:
                page.screenshot(path=str(ARTIFACTS / "keyboard-mid-game-360.png"))
        page.wait_for_selector("#table-live .reveal")
        page.wait_for_timeout(300)  # the last refresh's note
        assert moves >= 1 and picks >= 1
        now = _active(page)
        assert now["next"] or now["hand"], f"focus at the end of the game: {now}"
        log = page.evaluate("window.focusLog")
        assert log, "no refresh seen"
        dropped = [entry for entry in log if entry["body"] or not (entry["hand"] or entry["next"])]
        assert not dropped, dropped
        assert page.evaluate("window.sayNode === document.getElementById('table-say')")
        assert (
            page.locator("#table-say").inner_text()
            == page.locator("#table-result .headline").inner_text()
        )
        page.screenshot(path=str(ARTIFACTS / "keyboard-game-over-360.png"), full_page=True)
