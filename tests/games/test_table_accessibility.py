"""What a keyboard or screen-reader player needs from the table's markup (issue 42, point 8).

A seated player's first link skips straight to the hand, which can take focus; the turn is
announced by one live region that stays outside the swapped part (table.js sets its text from
``data-say``), and the swapped part holds no live region of its own, which screen readers would
not announce as it is replaced on every move.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.live import rendering
from tests.factories import DEFAULT_PASSWORD, make_table, make_user, start_table
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


def _seated_at_their_turn(client):
    """A started table whose seat 0 (logged in) is to play."""
    for seed in range(1, 40):
        user = make_user(f"kb{seed}")
        table = make_table(user, turn_clock=0)
        if current(start_table(table, seed=seed)).turn == 0:
            client.login(username=user.username, password=DEFAULT_PASSWORD)
            return user, table
    raise AssertionError("no deal in 40 seeds lets seat 0 pose")


def _live_part(page: str) -> str:
    return page[page.index('id="table-live"') :]


def test_a_seated_player_skips_straight_to_the_hand_which_takes_focus(client):
    _, table = _seated_at_their_turn(client)
    page = client.get(reverse("table", kwargs={"code": table.code})).text
    body = page[page.index("<body") :]
    first_link = re.search(r"<a [^>]*>", body).group(0)
    assert 'class="skip-link" href="#table-hand"' in first_link
    assert "Skip to your hand" in body
    assert re.search(r'<section id="table-hand" tabindex="-1"', page)


def test_a_watcher_has_no_skip_link_to_a_hand(client):
    table = make_table(make_user("host"), turn_clock=0)
    start_table(table)
    page = client.get(reverse("table", kwargs={"code": table.code})).text
    assert "Skip to your hand" not in page
    assert "Skip to content" in page


def test_the_turn_is_said_by_one_live_region_outside_the_swapped_part(client):
    user, table = _seated_at_their_turn(client)
    page = client.get(reverse("table", kwargs={"code": table.code})).text
    region = page.index('id="table-say"')
    assert region < page.index('id="table-live"')
    assert 'aria-live="polite"' in page[region - 100 : region + 120]
    live = _live_part(page)
    assert 'data-say="Your turn"' in live
    assert "aria-live" not in live
    pushed = rendering.render_live(table.pk, user, "en")[0]
    assert 'data-say="Your turn"' in pushed and 'id="table-say"' not in pushed
    assert "aria-live" not in pushed


def test_nothing_is_said_to_a_player_while_another_seat_plays(client):
    for seed in range(1, 40):
        user = make_user(f"wait{seed}")
        table = make_table(user, turn_clock=0)
        if current(start_table(table, seed=seed)).turn != 0:
            break
    pushed = rendering.render_live(table.pk, user, "en")[0]
    assert 'data-say=""' in pushed
