"""No viewer ever receives a tile it may not see: not in pages, partials or socket frames.

Whole games of every style are played through the services; after every move the table is
rendered for each seat and for a spectator, and every tile hidden from that viewer (other
hands, the boneyard) is looked for in what they would receive.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import engine
from games.live.rendering import render_live
from games.models import Game
from games.services import play
from tests.factories import DEFAULT_PASSWORD, make_table, make_user, start_table
from tests.games.helpers import current, play_turn, to_two_ends

pytestmark = pytest.mark.django_db

# A tile's name standing alone ("6-5" in a label, a value, a log line), not a run of characters
# inside a word such as a table's random code ("HXfy6-0uf").
TILE = re.compile(r"(?<![\w-])([0-6]-[0-6])(?![\w-])")
STYLES = [
    ("cutthroat", 4, {}),
    ("partner", 4, {}),
    ("block", 4, {"teams": True}),
    ("draw", 2, {}),
    ("french", 4, {}),
    ("doubles", 3, {}),
]


def hidden_from(game: Game, viewer: int | None) -> set[str]:
    """Tiles the viewer may not see now: other seats' hands and the undrawn boneyard."""
    state = play.load(game).game
    undrawn = {str(t) for t in state.boneyard[state.drawn :]}
    if state.over:
        return undrawn
    hidden = set()
    for seat in range(state.seats):
        if seat != viewer:
            hidden |= {str(t) for t in state.hand(seat)}
    return hidden | undrawn


def leaked(html: str, hidden: set[str]) -> set[str]:
    return {t for t in TILE.findall(html) if t in hidden}


@pytest.mark.parametrize(("style", "seats", "options"), STYLES, ids=[s[0] for s in STYLES])
def test_no_page_or_partial_shows_a_viewer_a_hidden_tile(style, seats, options):
    players = [make_user(f"p{i}", password=DEFAULT_PASSWORD) for i in range(seats)]
    table = make_table(players[0], style=style, seats=seats, options=options, bots=[None] * seats)
    from games.services import seating

    for user in players[1:]:
        seating.join(table, user)
    match = start_table(table, seed=21)
    clients = []
    for user in players:
        client = Client(HTTP_HOST="localhost")
        client.force_login(user)
        clients.append(client)
    spectator = Client(HTTP_HOST="localhost")
    url = f"/play/t/{table.code}/"
    for _ in range(200):
        game = current(match)
        if game.state == Game.State.OVER:
            break
        for seat, user in enumerate(players):
            hidden = hidden_from(game, seat)
            assert not leaked(clients[seat].get(url).text, hidden), (seat, game.version)
            assert not leaked(render_live(table.pk, user, "en")[0], hidden)
        hidden = hidden_from(game, None)
        assert not leaked(spectator.get(url).text, hidden)
        assert not leaked(render_live(table.pk, None, "en")[0], hidden)
        play_turn(game.pk, game.version)
    assert current(match).state == Game.State.OVER


def test_end_targets_show_a_tile_only_to_the_player_who_holds_it():
    """A tile that fits two ends is drawn on the board as its targets: that player's render
    alone carries it; the board every viewer shares, and every other viewer's page, do not."""
    from games.live import rendering

    owner = make_user("owner")
    table, game = to_two_ends(owner)
    others = [seat.player for seat in table.seats.select_related("player").order_by("index")]
    mine = render_live(table.pk, owner, "en")[0]
    targets = re.findall(r'class="end-target t(\d)(\d)"', mine)
    assert targets and not leaked(mine, hidden_from(game, 0))
    for seat, user in enumerate(others[1:], start=1):
        assert not leaked(render_live(table.pk, user, "en")[0], hidden_from(game, seat))
    assert not leaked(render_live(table.pk, None, "en")[0], hidden_from(game, None))
    for shared in rendering.BOARDS.values():
        assert not leaked(shared, hidden_from(game, None))


def test_the_leak_detector_itself_finds_a_hand_shown_to_the_wrong_seat():
    owner = make_user("owner")
    table = make_table(owner)
    game = current(start_table(table, seed=3))
    html = render_live(table.pk, owner, "en")[0]
    assert leaked(html, hidden_from(game, 1)), "seat 0's page must show seat 0's own tiles"
    assert not leaked(html, hidden_from(game, 0))


@pytest.mark.parametrize(("style", "seats", "options"), STYLES, ids=[s[0] for s in STYLES])
def test_history_pages_and_records_of_a_game_in_progress_hide_its_tiles_and_seed(
    style, seats, options
):
    """The replay, the set's page and both records of a game being played show only what a
    spectator sees, up to now (to its players too), and never the game's seed until it is over.
    """
    players = [make_user(f"p{i}", password=DEFAULT_PASSWORD) for i in range(seats)]
    table = make_table(players[0], style=style, seats=seats, options=options, bots=[None] * seats)
    from games.services import seating

    for user in players[1:]:
        seating.join(table, user)
    match = start_table(table, seed=22)
    player = Client(HTTP_HOST="localhost")
    player.force_login(players[0])
    spectator = Client(HTTP_HOST="localhost")
    base = f"/history/set/{match.pk}/"
    pages = [f"{base}game/1/", f"{base}game/1/?at=0", base, f"{base}record.json",
             f"{base}game/1/record.json", f"/play/t/{table.code}/"]  # fmt: skip
    game = current(match)
    for _ in range(200):
        game = current(match)
        if game.state == Game.State.OVER:
            break
        hidden = hidden_from(game, None)  # every hand: the history shows a spectator's view
        for client, urls in ((player, pages), (spectator, pages[:1])):
            for url in urls:
                text = client.get(url).text
                if not url.startswith("/play/"):
                    assert not leaked(text, hidden), (url, game.version)
                assert game.seed not in text, (url, game.version)
        play_turn(game.pk, game.version)
    assert game.state == Game.State.OVER and game.seed
    assert game.seed in spectator.get(f"{base}game/1/").text
    assert game.seed in spectator.get(f"{base}game/1/record.json").text


@pytest.mark.parametrize(("style", "seats", "options"), STYLES, ids=[s[0] for s in STYLES])
def test_a_sealed_set_shows_a_finished_game_only_to_its_own_players_until_unsealed(
    style, seats, options
):
    """A set whose deals are also played at other tables (an event's same deals): once a game
    is over, its players see every hand at the table, but a spectator, the history (to anyone)
    and the records show nothing of the hands left or the seed; unsealing reveals them, and the
    seed matches the commitment published before the deal."""
    players = [make_user(f"p{i}", password=DEFAULT_PASSWORD) for i in range(seats)]
    table = make_table(players[0], style=style, seats=seats, options=options, bots=[None] * seats)
    from games.services import seating

    for user in players[1:]:
        seating.join(table, user)
    match = play.start_match(table, seed=23, deal_key="k" * 64, sealed=True)
    for _ in range(400):
        game = current(match)
        if game.state == Game.State.OVER:
            break
        play_turn(game.pk, game.version)
    game.refresh_from_db()
    assert game.state == Game.State.OVER and game.revealed_seed == ""
    state = play.load(game).game
    left = {str(t) for seat in range(seats) for t in state.hand(seat)}
    hidden = left | {str(t) for t in state.boneyard[state.drawn :]}
    player = Client(HTTP_HOST="localhost")
    player.force_login(players[0])
    spectator = Client(HTTP_HOST="localhost")
    base = f"/history/set/{match.pk}/"
    for client in (player, spectator):
        for url in (f"{base}game/1/", f"{base}game/1/?at=0", base, f"{base}record.json",
                    f"{base}game/1/record.json"):  # fmt: skip
            text = client.get(url).text
            assert not leaked(text, hidden), url
            assert game.seed not in text, url
    url = f"/play/t/{table.code}/"
    for text in (spectator.get(url).text, render_live(table.pk, None, "en")[0]):
        assert not leaked(text, hidden) and game.seed not in text
    if left:  # the table's own players see the hands left at the end
        assert leaked(player.get(url).text, left)
        assert leaked(render_live(table.pk, players[0], "en")[0], left)

    assert play.unseal([match.pk]) == 1 and play.unseal([match.pk]) == 0
    game.refresh_from_db()
    assert game.revealed_seed == game.seed
    assert engine.commitment(game.seed) == game.commitment
    assert game.seed in spectator.get(f"{base}game/1/").text
    assert game.seed in spectator.get(f"{base}record.json").text
    if left:
        assert leaked(spectator.get(url).text, left)
        assert leaked(render_live(table.pk, None, "en")[0], left)
