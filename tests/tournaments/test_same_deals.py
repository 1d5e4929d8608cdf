"""Same deals at every table: every table of a round is dealt the same hands, seat by seat, in
each deal; the sets stay sealed (no seed, no finished hand for anyone but the table's players)
until the round is over, then every seed is public and verifies against its commitment; the
round's comparison page shows how each seat fared with the same hand."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from django.test import Client

from games import engine
from games.models import Game, Match
from games.services import play
from tests.games.helpers import play_out_game, play_out_match
from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.models import Round, TableAssignment, Tournament
from tournaments.services import deals, events

pytestmark = pytest.mark.django_db(transaction=True)

TILE = re.compile(r"(?<![\w-])([0-6]-[0-6])(?![\w-])")


def _round(
    club, entries: int = 6, prefix: str = "p", **fields
) -> tuple[Tournament, Round, list[TableAssignment]]:
    fields = {"same_deals": True, "options": {"target": 50}, "turn_clock": 0,
              "play_mode": "games", "games_per_table": 2, **fields}  # fmt: skip
    event = open_event(club, **fields)
    enter(event, entries, prefix)
    row = events.start(event, owner_of(club))
    return event, row, list(row.tables.select_related("match", "table").order_by("number"))


def _deal(match: Match, number: int) -> dict:
    return Game.objects.get(match=match, number=number).deal


def _next_game(match: Match) -> None:
    match.refresh_from_db()
    last = match.games.order_by("-number").first()
    if match.state == Match.State.PLAYING and last.state == Game.State.OVER:
        play.start_next_game(match.pk, last.number)


def _hidden(game: Game) -> set[str]:
    """What nobody outside the table may see of a finished game: the tiles left in hands, and
    the boneyard never drawn (the played tiles are on the board for everyone)."""
    state = play.load(game).game
    left = {str(t) for seat in range(state.seats) for t in state.hand(seat)}
    return left | {str(t) for t in state.boneyard[state.drawn :]}


def _client(user=None) -> Client:
    client = Client(HTTP_HOST="localhost")
    if user is not None:
        client.force_login(user)
    return client


def test_every_table_of_a_round_gets_the_same_hands_seat_by_seat_in_each_deal(club):
    _event, _row, tables = _round(club)
    assert len(tables) == 3
    matches = [t.match for t in tables]
    assert all(m.sealed for m in matches)
    first = [_deal(m, 1) for m in matches]
    assert first[0]["hands"] == first[1]["hands"] == first[2]["hands"]
    assert first[0]["boneyard"] == first[1]["boneyard"] == first[2]["boneyard"]
    commitments = {Game.objects.get(match=m, number=1).commitment for m in matches}
    assert len(commitments) == 1  # one seed per deal: the tables visibly play one deal
    for match in matches:
        play_out_game(match)
        _next_game(match)
    second = [_deal(m, 2) for m in matches]
    assert second[0]["hands"] == second[1]["hands"] == second[2]["hands"]
    assert second[0]["hands"] != first[0]["hands"]


def test_the_next_round_deals_other_hands(club):
    event, row, tables = _round(club, entries=4)
    for table in tables:
        play_out_match(table.match)
    row.refresh_from_db()
    assert row.state == Round.State.FINISHED
    assert deals.round_deal_key(event, 1) != deals.round_deal_key(event, 2)


def test_a_same_deal_set_stays_sealed_until_the_round_is_over_then_verifies(club):
    _event, row, tables = _round(club, entries=4)
    done, other = tables
    play_out_match(done.match)
    done.match.refresh_from_db()
    assert done.match.state == Match.State.OVER and done.match.sealed
    games = list(done.match.games.order_by("number"))
    players = [p for p in done.table.seats.select_related("player").order_by("index")]
    seated, spectator = _client(players[0].player), _client()
    base = f"/history/set/{done.match.pk}/"
    for game in games:
        assert game.state == Game.State.OVER and game.revealed_seed == ""
        replay = f"{base}game/{game.number}/"
        for client in (seated, spectator):
            for url in (replay, f"{replay}?at=0", base, f"{base}record.json",
                        f"{replay}record.json"):  # fmt: skip
                text = client.get(url).text
                assert game.seed not in text, url
                assert '"hands"' not in text and '"boneyard"' not in text, url
            for url in (replay, f"{replay}?at=0"):  # the replay shows this game alone
                shown = set(TILE.findall(client.get(url).text))
                assert not shown & _hidden(game), url
    record = json.loads(spectator.get(f"{base}record.json").content)
    assert record["games"] == [] and len(record["sealed"]) == len(games)
    last = _hidden(games[-1])
    table_page = f"/play/t/{done.table.code}/"
    watched = spectator.get(table_page).text
    assert not {t for t in TILE.findall(watched) if t in last}
    assert games[-1].seed not in watched
    mine = seated.get(table_page).text  # the table's own players see the hands at the end
    assert last & set(TILE.findall(mine))

    play_out_match(other.match)
    row.refresh_from_db()
    assert row.state == Round.State.FINISHED
    done.match.refresh_from_db()
    assert not done.match.sealed
    for game in done.match.games.all():
        assert game.revealed_seed == game.seed
        assert hashlib.sha256(game.seed.encode()).hexdigest() == game.commitment
    record = json.loads(spectator.get(f"{base}record.json").content)
    verdict = engine.verify(record)
    assert verdict["verified"] and len(verdict["games"]) == len(games)
    watched = spectator.get(table_page).text
    assert last & set(TILE.findall(watched))


def test_calling_the_event_off_unseals_its_sets(club):
    event, _row, tables = _round(club, entries=4)
    events.cancel(event, owner_of(club))
    assert not Match.objects.filter(pk__in=[t.match_id for t in tables], sealed=True).exists()


def test_an_event_without_same_deals_deals_each_table_its_own_and_seals_nothing(club):
    event, _row, tables = _round(club, entries=6, same_deals=False)
    matches = [t.match for t in tables]
    assert not any(m.sealed for m in matches)
    hands = [_deal(m, 1)["hands"] for m in matches]
    assert hands[0] != hands[1] and hands[1] != hands[2]
    assert _client().get(f"/events/{event.slug}/rounds/1/deals/").status_code == 404


def test_the_comparison_page_shows_a_deal_once_every_table_has_played_it(club):
    event, row, tables = _round(club, entries=4)
    url = f"/events/{event.slug}/rounds/1/deals/"
    first, second = tables
    play_out_game(first.match)
    page = _client().get(url)
    assert page.status_code == 200
    text = page.text
    assert "Deal 1" in text and "table 2 has not yet" in text
    play_out_game(second.match)
    text = _client().get(url).text
    assert "has not yet" not in text
    for table in tables:
        for player in table.match.players:
            assert player["name"] in text
    result = Game.objects.get(match=first.match, number=1).result
    assert f"count {result['counts'][0]}" in text
    assert "Hands as dealt" not in text  # sealed until the round is over
    for table in tables:
        _next_game(table.match)
        play_out_match(table.match)
    row.refresh_from_db()
    assert row.state == Round.State.FINISHED
    text = _client().get(url).text
    assert "Hands as dealt in deal 1" in text and "Deal 2" in text
    dealt = _deal(first.match, 1)["hands"][0]
    assert all(tile in text for tile in dealt)


def test_the_event_and_run_pages_link_the_round_to_its_comparison(club):
    event, _row, _tables = _round(club, entries=4)
    link = f"/events/{event.slug}/rounds/1/deals/"
    assert link in _client(owner_of(club)).get(f"/events/{event.slug}/run/").text
    assert link in _client().get(f"/events/{event.slug}/").text


def test_the_comparison_page_is_for_those_who_may_see_the_event(club, people):
    event, _row, _tables = _round(club, entries=4, visibility="club")
    url = f"/events/{event.slug}/rounds/1/deals/"
    assert _client(people.outsider).get(url).status_code == 404
    assert _client(people.member).get(url).status_code == 200
    assert _client(people.member).get(f"/events/{event.slug}/rounds/9/deals/").status_code == 404


def test_the_comparison_page_reads_the_same_number_of_queries_whatever_the_tables(club):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for size, name in ((4, "small"), (8, "large")):
        event, _row, tables = _round(club, entries=size, prefix=name, name=name)
        for table in tables:
            play_out_game(table.match)
        with CaptureQueriesContext(connection) as queries:
            assert _client().get(f"/events/{event.slug}/rounds/1/deals/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_player_of_the_round_may_not_watch_another_of_its_tables_until_it_is_over(club):
    from games.live.rendering import render_live

    _event, row, tables = _round(club, entries=4)
    first, second = tables
    play_out_game(first.match)
    rival = second.table.seats.select_related("player").order_by("index")[0].player
    own = first.table.seats.select_related("player").order_by("index")[0].player
    table_page = f"/play/t/{first.table.code}/"
    replay = f"/history/set/{first.match.pk}/game/1/"
    played = {m.tile for m in Game.objects.get(match=first.match, number=1).moves.all() if m.tile}
    barred = _client(rival).get(table_page).text
    assert "cannot watch this table until the round is over" in barred
    assert not set(TILE.findall(barred)) & played
    assert "cannot watch" in render_live(first.table.pk, rival, "en")[0]
    for url in (
        replay,
        f"/history/set/{first.match.pk}/",
        f"/history/set/{first.match.pk}/record.json",
    ):
        assert _client(rival).get(url).status_code == 403, url
    for viewer in (None, own):  # a spectator, and the table's own player, see the board
        assert set(TILE.findall(_client(viewer).get(table_page).text)) & played
        assert _client(viewer).get(replay).status_code == 200
    for table in tables:
        _next_game(table.match)
        play_out_match(table.match)
    row.refresh_from_db()
    assert row.state == Round.State.FINISHED
    assert "cannot watch" not in _client(rival).get(table_page).text
    assert _client(rival).get(replay).status_code == 200


def test_a_same_deal_swiss_for_tables_runs_to_its_finish_with_every_set_unsealed(club):
    from tournaments.services import rounds

    event = open_event(club, style="french", seats=4, format="swiss_tables", same_deals=True,
                       format_options={"rounds": 2}, play_mode="games", games_per_table=1,
                       turn_clock=0)  # fmt: skip
    boss = owner_of(club)
    enter(event, 8)
    row = events.start(event, boss)
    first_deals = []
    for number in (1, 2):
        matches = [t.match for t in row.tables.select_related("match").order_by("number")]
        assert len(matches) == 2 and all(m.sealed for m in matches)
        hands = [_deal(m, 1)["hands"] for m in matches]
        assert hands[0] == hands[1]
        first_deals.append(hands[0])
        for match in matches:
            play_out_match(match)
        row.refresh_from_db()
        assert row.state == Round.State.FINISHED
        assert not Match.objects.filter(pk__in=[m.pk for m in matches], sealed=True).exists()
        if number == 1:
            row = rounds.generate_round(event, boss, number=2)
    assert first_deals[0] != first_deals[1]
    events.finish(event, boss)
    event.refresh_from_db()
    assert event.state == Tournament.State.FINISHED
