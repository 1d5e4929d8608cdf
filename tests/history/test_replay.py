"""The replay viewer: a finished game replays to exactly the state the live game had at every
step, every hand shown; the page steps, jumps and marks moves; htmx gets just the frame."""

from __future__ import annotations

import pytest
from django.test import Client

from games import engine
from games.engine.cli import play as play_random
from games.models import Game, Move
from games.services import play, seating
from history import records, replay
from tests.factories import make_user, start_table
from tests.games.helpers import current, play_turn

pytestmark = pytest.mark.django_db

SEED_WITH_EARLY_DRAWS = 1
STYLES = [
    ("cutthroat", 4, {}),
    ("partner", 4, {}),
    ("block", 2, {}),
    ("draw", 4, {"teams": True}),
    ("french", 4, {}),
    ("doubles", 3, {}),
]


def live_states(style: str, seats: int, options: dict, games: int = 2) -> tuple:
    """Play ``games`` games through the move service, keeping after every stored version the
    engine's spectator view and every hand, keyed by (game number, moves so far)."""
    host = make_user("host")
    table = seating.create_table(host, style, seats, options, bots=["casual"] * seats,
                                 host_sits=False)  # fmt: skip
    match = start_table(table, seed=17)
    seen: dict[tuple[int, int], tuple[dict, list]] = {}
    for _ in range(games):
        game = current(match)
        while True:
            game.refresh_from_db()
            state = play.load(game)
            moves = Move.objects.filter(game=game).count()
            hands = [[str(t) for t in state.game.hand(s)] for s in range(seats)]
            seen[(game.number, moves)] = (engine.match_view(state, None), hands)
            if game.state == Game.State.OVER:
                break
            assert play_turn(game.pk, game.version).applied
        match.refresh_from_db()
        if match.state != match.State.PLAYING:
            break
        play.start_next_game(match.pk, game.number)
    return match, seen


@pytest.mark.parametrize(("style", "seats", "options"), STYLES, ids=[s[0] for s in STYLES])
def test_replaying_a_finished_game_reproduces_the_live_state_at_every_step(style, seats, options):
    match, seen = live_states(style, seats, options)
    secret = records.secret_record_of(records.Played.read(match))
    checked = 0
    for (number, moves), (view, hands) in seen.items():
        frame = replay.replay(secret, number, moves, reveal=True)
        assert frame.at == moves
        if view["over"] or moves < frame.total:  # the live view of a finished game
            assert frame.view == view, (number, moves)
            assert frame.hands == hands, (number, moves)
            checked += 1
    assert checked >= 10


def test_a_game_in_progress_replays_to_a_spectators_view_without_hands_or_drawn_tiles():
    table = seating.create_table(make_user("host"), "draw", 2, {}, bots=["casual"] * 2,
                                 host_sits=False)  # fmt: skip
    game = current(start_table(table, seed=SEED_WITH_EARLY_DRAWS))
    while Move.objects.filter(game=game, kind="draw").count() < 2:
        assert first_legal(game).applied
        game.refresh_from_db()
        assert game.state == Game.State.PLAYING, "this seed's game 1 has two draws in play"
    secret = records.secret_record_of(records.Played.read(game.match))
    frame = replay.replay(secret, game.number, None, reveal=False)
    assert frame.hands is None and frame.dealt is None and frame.boneyard is None
    assert frame.view["hand"] is None and "hands" not in frame.view
    assert [s.tile for s in frame.steps if s.kind == "draw"] == [None, None]


def first_legal(game: Game):
    """The first legal move for whoever is to play: the same game on every run."""
    return play.submit(game.pk, None, game.version, None, reason="bot",
                       choose=lambda state, seat: state.legal_moves()[0])  # fmt: skip


def _finished_game(style: str = "french", seats: int = 4, seed: int = 4):
    host = make_user("ann")
    table = seating.create_table(host, style, seats, {}, bots=[None] + ["casual"] * (seats - 1))
    match = start_table(table, seed=seed)
    game = current(match)
    while game.state != Game.State.OVER:
        first_legal(game)
        game.refresh_from_db()
    return match, game


def test_the_viewer_steps_with_links_and_marks_the_current_move():
    match, game = _finished_game("cutthroat")
    client = Client(HTTP_HOST="localhost")
    base = f"/history/set/{match.pk}/game/1/"
    page = client.get(base).text  # a finished game opens at the deal
    assert 'data-at="0"' in page and 'id="step-next"' in page and f'href="{base}?at=1"' in page
    total = Move.objects.filter(game=game).count()
    page = client.get(f"{base}?at=3").text
    assert 'id="move-3"' in page and 'aria-current="step"' in page
    assert f'href="{base}?at=2"' in page and f'href="{base}?at=4"' in page
    assert client.get(f"{base}?at=999").text.count(f"{total} / {total}") == 1  # clamped
    assert client.get(f"{base}?at=-5").context["at"] == 0
    assert client.get(f"{base}?at=x").context["at"] == 0


def test_an_htmx_step_gets_the_frame_and_the_spoken_line_only():
    match, _game = _finished_game("cutthroat")
    client = Client(HTTP_HOST="localhost")
    frame = client.get(f"/history/set/{match.pk}/game/1/?at=2", HTTP_HX_REQUEST="true").text
    assert frame.lstrip().startswith('<div id="replay-announce" hx-swap-oob="innerHTML">Move 2')
    assert 'id="replay"' in frame and "<html" not in frame


def test_passes_draws_fines_and_the_end_are_marked():
    match, game = _finished_game("french", seed=3)
    page = Client(HTTP_HOST="localhost").get(f"/history/set/{match.pk}/game/1/?at=0").text
    assert 'class="mark pose"' in page
    assert 'class="mark end"' in page
    passes = Move.objects.filter(game=game, kind="pass").count()
    assert page.count('class="mark pass"') == passes > 0
    fines = sum(len(m.detail.get("fines", [])) for m in Move.objects.filter(game=game))
    assert page.count('class="mark fine"') == fines > 0


def test_draws_are_marked_with_their_tile_once_the_game_is_over():
    match, game = _finished_game("doubles", seats=2, seed=6)
    drawn = list(Move.objects.filter(game=game, kind="draw").values_list("tile", flat=True))
    page = Client(HTTP_HOST="localhost").get(f"/history/set/{match.pk}/game/1/").text
    assert page.count('class="mark draw"') == len(drawn) > 0
    for tile in drawn:
        assert f"drew {tile}" in page


def test_a_key_card_win_is_marked_on_its_last_move():
    record = engine.make_record(play_random("cutthroat", 4, 0, 1))  # game 1 ends on a key card
    frame = replay.replay(record, 1, None, reveal=True)
    assert frame.steps[-1].result["key_card"]
    owner = make_user("ann")
    imported = records.import_record(owner, "key card", record)
    client = Client(HTTP_HOST="localhost")
    client.force_login(owner)
    page = client.get(f"/history/imported/{imported.pk}/game/1/").text
    assert page.count('class="mark key"') == 1
