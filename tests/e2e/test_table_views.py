"""The table as players see it on a 360 px phone and a 1440 px desktop, in every style.

A player on a phone plays a whole game of each style against bots while a desktop watches:
at each of the player's turns the page's title says so and the board and the hand are both on
the screen; at the end nothing sticks out of the felt sideways at either width, and both are
photographed (test-results/finished-STYLE-WIDTH.png). Hard boards are staged too: a French
cross with a long arm and a Doubles tree with several spinners. A tile that fits two ends is
placed by tapping the end on the board. A move the server cannot take, or that never reaches
it, says so; a lost live socket says it is reconnecting until the table catches up.
"""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import ARTIFACTS, PLAYABLE, browser_pages, signed_in, stage, tap_a_tile

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
OVER = "#table-result.over"
STYLES = [
    ("cutthroat", 4, {}),
    ("partner", 4, {}),
    ("block", 4, {"teams": True}),
    ("draw", 2, {}),
    ("french", 4, {}),
    ("doubles", 3, {}),
]

OVERFLOW = """() => {
  const felt = document.querySelector('#table-felt');
  return {felt: felt.scrollWidth - felt.clientWidth,
          page: document.documentElement.scrollWidth - window.innerWidth};
}"""
IN_VIEW = """() => {
  const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  const board = box('#table-board'), hand = box('#table-hand');
  return {board_top: board.top, board_bottom: board.bottom, hand_top: hand.top,
          hand_bottom: hand.bottom, height: window.innerHeight, width: window.innerWidth,
          board_right: board.right};
}"""


@pytest.fixture
def pages(chromium):
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as pages:
        yield pages


def _no_overflow(page) -> None:
    sizes = page.evaluate(OVERFLOW)
    assert sizes["felt"] <= 0 and sizes["page"] <= 0, sizes


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def _board_and_hand_on_screen(page) -> None:
    """The page brings the board into view a moment after the turn's push has settled."""
    with contextlib.suppress(PlaywrightTimeout):  # if not, the assertions say what is wrong
        page.wait_for_function(
            f"() => {{ const b = ({IN_VIEW})(); return b.board_top >= -1 && "
            "b.board_bottom <= b.hand_top + 1; }",
            timeout=3000,
        )
    box = page.evaluate(IN_VIEW)
    assert box["board_top"] >= -1 and box["board_bottom"] <= box["hand_top"] + 1, box
    assert box["hand_bottom"] <= box["height"] + 1 and box["board_right"] <= box["width"], box


#: The side of the smallest half-tile on the board, in CSS px (a tile's short side).
HALF_TILE = """() => Math.min(...[...document.querySelectorAll('#table-board .bt')].map(t => {
  const b = t.getBoundingClientRect(); return Math.min(b.width, b.height); }), 1e9)"""


def _version(page) -> str:
    return page.locator("#table-live").get_attribute("data-version")


@pytest.mark.parametrize(("style", "seats", "options"), STYLES, ids=[s[0] for s in STYLES])
def test_a_whole_game_fits_a_phone_and_a_desktop_and_every_turn_reaches_the_player(
    site, pages, style, seats, options
):
    phone, desktop = pages
    made = stage(site, "table", style, seats, options)
    signed_in(phone, site, made["session"])
    url = f"{site}play/t/{made['code']}/"
    phone.goto(url)
    desktop.goto(url)
    phone.click("button:has-text('Start the game')")
    phone.wait_for_selector("#table-felt")
    turns, halves = 0, []
    for _ in range(80):
        phone.wait_for_selector(f"{PLAYABLE}, {OVER}", timeout=20_000)
        if phone.locator(OVER).count():
            break
        turns += 1
        phone.wait_for_function("() => document.title.includes('Your turn')")
        _board_and_hand_on_screen(phone)
        halves.append(phone.evaluate(HALF_TILE))
        version = _version(phone)
        tap_a_tile(phone)
        phone.wait_for_function(
            "v => document.querySelector('#table-live').dataset.version !== v", arg=version
        )
        assert "Your turn" not in phone.title() or phone.locator(PLAYABLE).count()
    else:
        raise AssertionError("the game did not end")
    desktop.wait_for_selector(OVER)
    assert turns >= 1
    assert "Your turn" not in phone.title()
    # Readable on a phone: each half of a tile 28 px or more (a tile's border takes a pixel).
    halves.append(phone.evaluate(HALF_TILE))
    print(style, "smallest half-tile at 360 px:", min(halves))
    assert min(halves) >= 27, halves
    for page, width in ((phone, PHONE[0]), (desktop, DESKTOP[0])):
        page.wait_for_selector("#table-board .bt")
        _no_overflow(page)
        _shoot(page, f"finished-{style}-{width}.png")
    # The watcher sees the same board, with the hands shown now that the game is over.
    assert desktop.locator("#table-board .bt").count() == phone.locator("#table-board .bt").count()
    assert desktop.locator(".reveal .row").count() == seats


@pytest.mark.parametrize("style", ["french", "doubles"])
def test_hard_boards_fit_the_felt_at_both_widths(site, pages, style):
    """A French cross whose longest arm has nine tiles or more; a Doubles tree in which three
    later doubles opened branches: both stay inside the felt on a phone and a desktop."""
    phone, desktop = pages
    made = stage(site, "finished", style, 4)
    url = f"{site}play/t/{made['code']}/"
    for page, width in ((phone, PHONE[0]), (desktop, DESKTOP[0])):
        signed_in(page, site, made["session"])
        page.goto(url)
        page.wait_for_selector(OVER)
        _no_overflow(page)
        tiles = page.evaluate(
            "() => [...document.querySelectorAll('#table-board .bt')].map(t => {"
            "const b = t.getBoundingClientRect(), f = document.querySelector('#table-felt')"
            ".getBoundingClientRect(); return b.left >= f.left && b.right <= f.right})"
        )
        assert tiles and all(tiles), "every tile lies inside the felt"
        _shoot(page, f"hard-{style}-{width}.png")


def test_a_tile_that_fits_two_ends_is_placed_by_tapping_the_end(site, pages):
    phone, desktop = pages
    made = stage(site, "two-ends", "cutthroat", 4)
    url = f"{site}play/t/{made['code']}/"
    for page in (phone, desktop):
        signed_in(page, site, made["session"])
        page.goto(url)
        page.wait_for_selector("#table-hand label.choose")
        assert "Your turn" in page.title()
        # Nothing is chosen before the player touches a tile: no target waits on the board.
        assert page.locator("#table-board .end-target button:visible").count() == 0
        page.locator("#table-hand label.choose").first.click()
    targets = phone.locator("#table-board .end-target button:visible")
    assert targets.count() == 2  # one on each end, for the tile chosen in the hand
    label = targets.first.get_attribute("aria-label")  # "Play 6-5 on 5-0 (the 5 end)"
    tile = label.split()[1]
    _board_and_hand_on_screen(phone)
    placed = phone.locator("#table-board .bt").count()
    _shoot(phone, "two-ends-360.png")
    _shoot(desktop, "two-ends-1440.png")
    targets.first.click()
    phone.wait_for_function(
        "n => document.querySelectorAll('#table-board .bt').length > n", arg=placed
    )
    assert phone.locator(f"#table-board .bt[aria-label^='{tile}']").count() == 1
    assert phone.locator(f"#table-hand [aria-label^='{tile}']").count() == 0


def test_a_move_the_server_cannot_take_says_so_and_a_later_one_goes_through(site, pages):
    """While the database restarts a move answers 503, and with the network gone it never
    arrives: either way the player reads why nothing happened, and the next try plays."""
    phone, _desktop = pages
    made = stage(site, "two-ends", "cutthroat", 4)
    signed_in(phone, site, made["session"])
    phone.goto(f"{site}play/t/{made['code']}/")
    phone.locator("#table-hand label.choose").first.click()
    target = phone.locator("#table-board .end-target button:visible").first
    target.wait_for()
    notice = phone.locator("#table-notice")
    placed = phone.locator("#table-board .bt").count()

    phone.route("**/move/", lambda route: route.fulfill(status=503, body="Back in a moment"))
    target.click()
    phone.wait_for_function("() => document.querySelector('#table-notice').textContent.trim()")
    assert "could not do that just now" in notice.inner_text()
    _shoot(phone, "move-refused-503-360.png")
    phone.unroute("**/move/")
    phone.route("**/move/", lambda route: route.abort("internetdisconnected"))
    phone.evaluate("() => { document.querySelector('#table-notice').textContent = ''; }")
    target.click()
    phone.wait_for_function("() => document.querySelector('#table-notice').textContent.trim()")
    assert "did not reach the server" in notice.inner_text()
    assert phone.locator("#table-board .bt").count() == placed  # nothing was played

    phone.unroute("**/move/")
    target.click()
    phone.wait_for_function(
        "n => document.querySelectorAll('#table-board .bt').length > n", arg=placed
    )
    # The push may show the move before the answer comes; the answer clears the notice.
    phone.wait_for_function("() => !document.querySelector('#table-notice').textContent.trim()")


def test_a_lost_socket_says_it_is_reconnecting_until_the_table_catches_up(site, pages):
    phone, _desktop = pages
    made = stage(site, "two-ends", "cutthroat", 4)
    sockets: list = []
    up = {"server": True}

    def handle(ws) -> None:  # the real server while it is up, a silent one while it is down
        sockets.append((ws, ws.connect_to_server() if up["server"] else None))

    phone.route_web_socket("**/ws/table/**", handle)
    signed_in(phone, site, made["session"])
    phone.goto(f"{site}play/t/{made['code']}/")
    phone.locator("#table-hand label.choose").first.wait_for()
    line = phone.locator("#table-connection")
    assert not line.inner_text().strip()

    def drop() -> None:
        ws, server = sockets[-1]
        if server is not None:
            server.close()
        ws.close(code=1012, reason="restart")

    up["server"] = False
    drop()  # the page reconnects to a server that never answers
    phone.wait_for_function("() => document.querySelector('#table-connection').textContent")
    assert "Reconnecting" in line.inner_text() and line.is_visible()
    _shoot(phone, "socket-lost-360.png")
    up["server"] = True
    drop()
    phone.wait_for_function("() => !document.querySelector('#table-connection').textContent")
    assert len(sockets) >= 3
