"""The verifiable shuffle on the site: every game gets its own secret seed and a commitment
before play; once the game is over the revealed seed matches the commitment and deals exactly
that game; a seeded start deals the same games every time."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from django.test import Client

from games import engine
from games.engine.deal import DealRandom
from games.engine.tiles import tiles_of
from games.models import Game
from games.services import play
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_out_game
from tests.history.helpers import played

pytestmark = pytest.mark.django_db

HEX64 = re.compile(r"[0-9a-f]{64}")


@pytest.mark.parametrize(
    ("style", "seats", "options"),
    [("cutthroat", 4, {}), ("block", 2, {}), ("draw", 4, {}), ("french", 4, {}),
     ("doubles", 3, {}), ("partner", 4, {})],
)  # fmt: skip
def test_the_revealed_seed_matches_the_commitment_and_deals_the_game(style, seats, options):
    match, _people = played(style, seats, options, seed=8, whole_set=style == "block")
    games = list(match.games.filter(state=Game.State.OVER).order_by("number"))
    assert games
    for game in games:
        assert HEX64.fullmatch(game.seed) and HEX64.fullmatch(game.commitment)
        assert hashlib.sha256(game.seed.encode()).hexdigest() == game.commitment
        rules = engine.STYLES[style](seats, options)
        dealt, pile = rules.deal(DealRandom(game.seed, None))
        assert [[str(t) for t in tiles_of(mask)] for mask in dealt] == game.deal["hands"]
        assert [str(engine.TILES[t]) for t in pile] == game.deal["boneyard"]
    client = Client(HTTP_HOST="localhost")
    record = json.loads(client.get(f"/history/set/{match.pk}/record.json").content)
    verdict = engine.verify(record)
    assert verdict["verified"] and len(verdict["games"]) == len(games)


def test_each_game_has_a_seed_of_its_own_drawn_afresh():
    table = make_table(make_user("ann"))
    match = play.start_match(table)  # no seed: drawn by the server
    assert match.deal_key == ""
    play_out_game(match)
    play.start_next_game(match.pk, 1)
    first, second = match.games.order_by("number")
    assert first.seed != second.seed and HEX64.fullmatch(second.seed)
    assert engine.game_seed(first.seed, 1) != second.seed  # nothing derived from the last


def test_a_seeded_start_deals_the_same_games_every_time():
    deals = []
    for name in ("ann", "bob"):
        match = start_table(make_table(make_user(name)), seed=41)
        play_out_game(match)
        play.start_next_game(match.pk, 1)
        # the hands and the boneyard (who poses game 2 depends on how game 1 was played)
        games = match.games.order_by("number")
        deals.append([(g.seed, g.deal["hands"], g.deal["boneyard"]) for g in games])
    assert deals[0] == deals[1]
    other = start_table(make_table(make_user("cy")), seed=42)
    assert current(other).seed != deals[0][0][0]


def test_the_table_shows_the_commitment_during_play_and_the_seed_only_after():
    ann = make_user("ann")
    table = make_table(ann)
    match = start_table(table, seed=3)
    game = current(match)
    client = Client(HTTP_HOST="localhost")
    client.force_login(ann)
    page = client.get(f"/play/t/{table.code}/").text
    assert game.commitment in page and game.seed not in page
    play_out_game(match)
    assert game.seed in client.get(f"/play/t/{table.code}/").text


def test_the_replay_of_a_finished_game_carries_what_the_browser_check_needs():
    match, _ = played("doubles", 4, seed=5)
    game = match.games.get(number=1)
    page = Client(HTTP_HOST="localhost").get(f"/history/set/{match.pk}/game/1/").text
    assert f'data-seed="{game.seed}"' in page and f'data-commitment="{game.commitment}"' in page
    assert 'data-hand-size="6"' in page and 'data-redeal="1"' in page
    assert "js/verify-deal.js" in page and "<script>" not in page
