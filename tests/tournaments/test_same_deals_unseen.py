"""Nothing is seen before it is played (issue 43, point 2): while a round of same deals is in play,
no page, socket push, club-night screen, file or standings shows a table's result on it to anyone
but the organisers (``tournaments.services.in_play``), who see it marked as not to be shown; a
finished table says which tables its deals still wait for; once the round is over, all is shown.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.models import Match
from tests.games.helpers import play_out_game, play_out_match, step
from tests.tournaments.factories import enter, open_event, owner_of, person
from tests.tournaments.test_live import _connect, _drain, _session
from tournaments.live import rendering
from tournaments.models import Round, TableAssignment, Tournament
from tournaments.services import events, in_play
from tournaments.services.state import snapshot

pytestmark = pytest.mark.django_db(transaction=True)

#: A table's result on the event page: a place, the set's running score, a seat placed first.
RESULT = re.compile(r'class="ev-(?:score|place)"|class="ev-first"')
#: The standings' points column.
POINTS = re.compile(r"<td><strong>([^<]*)</strong></td>")
MARK = "Not to be shown to players: same deals in play"


def _round(club, **fields) -> tuple[Tournament, list[TableAssignment]]:
    """A same-deals Swiss of four at two tables, two games a table, scored by places, round 1
    being played."""
    fields = {"same_deals": True, "scoring": "places", "options": {"target": 50},
              "turn_clock": 0, "play_mode": "games", "games_per_table": 2, **fields}  # fmt: skip
    event = open_event(club, **fields)
    enter(event, 4)
    row = events.start(event, owner_of(club))
    event.refresh_from_db()
    return event, list(row.tables.select_related("match", "table").order_by("number"))


def _client(user=None) -> Client:
    client = Client(HTTP_HOST="localhost")
    if user is not None:
        client.force_login(user)
    return client


def _page(event: Tournament, user=None) -> str:
    response = _client(user).get(f"/events/{event.slug}/")
    assert response.status_code == 200
    return response.text


def _points(html: str) -> set[str]:
    return set(POINTS.findall(html))


def _finish_table(table: TableAssignment) -> None:
    play_out_match(table.match)
    table.refresh_from_db()
    assert table.state == TableAssignment.State.FINISHED and table.places


def _player_of(table: TableAssignment):
    return person(next(who for who in table.seats if who is not None))


def test_a_player_still_playing_sees_no_result_of_a_table_that_finished_the_deals(club):
    event, (done, other) = _round(club)
    _finish_table(done)
    waiting = _player_of(other)
    for viewer in (waiting, _player_of(done), None):  # still playing, finished, anonymous
        html = _page(event, viewer)
        assert not RESULT.search(html), viewer
        assert _points(html) <= {"0"}, viewer  # the standings count none of the round
        assert MARK not in html
        assert "Same deals in play: no table's result is shown" in html
        assert "Deals 1 and 2: waiting for table 2." in html
        assert "Same deals at every table: scored by the places at each table." in html


def test_a_running_score_is_not_pushed_while_the_other_tables_play_the_deal(club):
    event, (first, second) = _round(club)
    play_out_game(first.match)  # deal 1 over at table 1: its set has a running score
    first.match.refresh_from_db()
    assert first.match.totals  # shown to the organiser below (even a blocked deal's 0s)
    html = _page(event, _player_of(second))
    assert not RESULT.search(html)
    frame = rendering.event_html(event.pk, "page", "en", barred=True)
    assert not RESULT.search(frame)
    anonymous = rendering.event_html(event.pk, "page", "en")
    assert not RESULT.search(anonymous)
    shown = rendering.event_html(event.pk, "page", "en", organiser=True)
    assert 'class="ev-score"' in shown and MARK in shown


def test_the_organiser_sees_every_result_marked_as_not_to_be_shown(club):
    event, (done, _other) = _round(club)
    _finish_table(done)
    html = _page(event, owner_of(club))
    assert RESULT.search(html) and _points(html) - {"0"}
    assert MARK in html
    run = _client(owner_of(club)).get(f"/events/{event.slug}/run/").text
    assert MARK in run


def test_an_organiser_who_plays_in_the_event_sees_it_as_its_players_do(club):
    event, (done, other) = _round(club)
    _finish_table(done)
    playing = _player_of(other)
    club.memberships.create(user=playing, role="organiser")
    html = _page(event, playing)
    assert not RESULT.search(html) and MARK not in html


def test_the_screen_shows_the_round_in_play_to_the_whole_room(club):
    event, (done, _other) = _round(club)
    _finish_table(done)
    text = _client(owner_of(club)).get(f"/events/{event.slug}/screen/").text
    assert "Same deals in play: results are shown once every table has played every deal." in text
    assert "#1" not in text and 'class="screen-first"' not in text
    assert 'class="screen-score"><span class="sr-only">score' not in text
    assert "Deals 1 and 2: waiting for table 2." in text
    pushed = rendering.event_html(event.pk, "screen", "en")
    assert "#1" not in pushed and 'class="screen-first"' not in pushed


def _csv(event: Tournament, what: str, user=None) -> list[dict]:
    response = _client(user).get(f"/events/{event.slug}/export/{what}.csv")
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_files_carry_no_result_of_a_round_in_play_for_anyone(club):
    event, (done, _other) = _round(club)
    _finish_table(done)
    for user in (None, owner_of(club)):  # files leave the site: the organiser's too
        pairings = _csv(event, "pairings", user)
        assert pairings and all(not row["place 1"] and not row["points 1"] for row in pairings)
        standings = _csv(event, "standings", user)
        assert standings and {row["points"] for row in standings} == {"0"}


def test_once_the_round_is_over_everything_is_shown(club):
    event, (done, other) = _round(club)
    _finish_table(done)
    _finish_table(other)
    assert Round.objects.get(tournament=event, number=1).state == Round.State.FINISHED
    html = _page(event, _player_of(other))
    assert MARK not in html and "waiting for table" not in html
    assert _points(html) - {"0"}
    assert any(row["place 1"] for row in _csv(event, "pairings") if row["round"] == "1")


def test_duplicate_scoring_shows_no_table_result_of_the_round_either(club):
    event, (done, other) = _round(club, scoring="duplicate")
    _finish_table(done)
    html = _page(event, _player_of(other))
    assert not RESULT.search(html) and MARK not in html
    assert "each deal is compared across the tables of the round" in html
    assert MARK in _page(event, owner_of(club))


def test_an_event_without_same_deals_shows_results_as_they_come(club):
    event, (done, other) = _round(club, same_deals=False)
    _finish_table(done)
    html = _page(event, _player_of(other))
    assert RESULT.search(html) and "Same deals" not in html


@pytest.mark.asyncio
async def test_the_event_socket_pushes_no_result_to_players_and_marks_it_for_the_organiser(club):
    event, tables = await sync_to_async(_round)(club)
    first, second = tables
    names = await sync_to_async(lambda: [_player_of(second).username])()
    player = await _connect(f"/ws/events/{event.slug}/", await sync_to_async(_session)(names[0]))
    organiser = await _connect(f"/ws/events/{event.slug}/", await sync_to_async(_session)("owner"))
    anonymous = await _connect(f"/ws/events/{event.slug}/")
    for socket in (player, organiser, anonymous):
        await _drain(socket)

    @sync_to_async
    def one_deal() -> None:
        play_out_game(first.match)  # the game's end tells the event's pages
        from tournaments.services import notify

        notify.event_changed(event.pk)

    await one_deal()
    for socket in (player, anonymous):
        frames = await _drain(socket, 1.2)
        assert frames and not any(RESULT.search(frame) for frame in frames)
    frames = await _drain(organiser, 1.2)
    assert frames and MARK in frames[-1] and 'class="ev-score"' in frames[-1]
    for socket in (player, organiser, anonymous):
        await socket.disconnect()


def test_a_stepped_set_waits_only_for_tables_that_may_still_play_the_deal(club):
    event, (first, second) = _round(club)
    _finish_table(first)
    step(second.match)  # table 2 starts playing deal 1
    second.match.refresh_from_db()
    assert second.match.state == Match.State.PLAYING
    assert "Deals 1 and 2: waiting for table 2." in _page(event)


def test_the_players_view_leaves_the_event_as_it_is_for_the_services(club):
    event, (done, _other) = _round(club)
    _finish_table(done)
    snap = snapshot(event)
    shown = in_play.as_players_see(snap)
    kept, copy = snap.rounds[0].table_list[0], shown.rounds[0].table_list[0]
    assert kept.places and kept.match.totals and not in_play.is_withheld(kept)
    assert copy.places is None and not copy.match.totals and in_play.is_withheld(copy)
    assert any(row.points for row in snap.standings())
    assert not any(row.points for row in shown.standings())


def test_the_printed_round_for_the_wall_has_no_place_filled_in(club):
    event, (done, _other) = _round(club)
    _finish_table(done)
    text = _client(owner_of(club)).get(f"/events/{event.slug}/print/").text
    assert not re.search(r'class="sheet-write">\d', text)
