"""Abort, resign and leave over HTTP: the table shows each way out only when it applies, each
asks for a confirmation that says what it does, and a refusal is a 4xx with its reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Match, Seat, Table
from games.services import leaving
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_out_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(client):
    user = make_user("ann")
    client.force_login(user)
    return user


def versus_bot(user, style: str = "block", seats: int = 2) -> tuple[Table, Match]:
    table = make_table(user, style=style, seats=seats, turn_clock=0)
    return table, start_table(table, seed=5)


def give_up_url(table: Table, way: str) -> str:
    return reverse("give_up", kwargs={"code": table.code, "way": way})


def table_text(client, table: Table) -> str:
    return client.get(reverse("table", kwargs={"code": table.code})).text


def test_the_table_offers_abort_resign_and_leave_before_the_first_move(client, ann):
    table, _match = versus_bot(ann)
    text = table_text(client, table)
    for way in ("abort", "resign", "leave"):
        assert give_up_url(table, way) in text
    assert 'id="table-exit"' in text and "aria-label=" in text


def test_a_watcher_sees_no_way_out(client, ann):
    table, _match = versus_bot(make_user("host"))
    assert 'id="table-exit"' not in table_text(client, table)


def test_the_confirmation_says_what_resign_does_and_changes_nothing(client, ann):
    table, match = versus_bot(ann)
    page = client.get(give_up_url(table, "resign"))
    assert page.status_code == 200
    assert "Resign this set?" in page.text and "the others win it" in page.text
    assert "csrfmiddlewaretoken" in page.text
    assert Match.objects.get(pk=match.pk).state == Match.State.PLAYING


def test_confirming_resign_ends_the_set_and_the_table_says_so(client, ann):
    table, match = versus_bot(ann)
    answer = client.post(give_up_url(table, "resign"), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("table", kwargs={"code": table.code})
    assert "You resigned." in answer.text
    assert f"{ann.name} resigned the set." in answer.text  # one word in every style (issue 42)
    assert 'id="table-exit"' not in answer.text
    assert Match.objects.get(pk=match.pk).result == "resigned"


def test_in_a_partnership_style_the_confirmation_says_the_pair_resigns(client, ann):
    table = make_table(ann, style="partner", bots=[None, "casual", "casual", "casual"])
    start_table(table, seed=3)
    mate = Seat.objects.get(table=table, index=2).player.name
    text = client.get(give_up_url(table, "resign")).text
    assert f"You resign for your pair: {mate} loses it with you." in text


def test_confirming_abort_drops_the_table(client, ann):
    table, match = versus_bot(ann)
    text = client.post(give_up_url(table, "abort"), follow=True).text
    assert "This set was aborted before its first move; it counts for nothing." in text
    assert Match.objects.get(pk=match.pk).state == Match.State.ABANDONED


def test_the_leaver_watches_with_a_bot_in_their_seat(client, ann):
    table, _match = versus_bot(ann)
    text = client.post(give_up_url(table, "leave"), follow=True).text
    assert "You left the table: a bot plays your seat to the end." in text
    assert "You are watching." in text and 'class="hand"' not in text
    assert 'id="table-exit"' not in text


def test_abort_after_the_first_game_is_refused_with_the_reason(client, ann):
    table, match = versus_bot(ann)
    play_out_game(match)
    assert give_up_url(table, "abort") not in table_text(client, table)
    answer = client.post(give_up_url(table, "abort"))
    assert answer.status_code == 409 and "can no longer be aborted" in answer.text
    assert Match.objects.get(pk=match.pk).state == Match.State.PLAYING


def test_someone_without_a_seat_is_refused_with_a_reason(client, ann):
    table, match = versus_bot(make_user("host"))
    assert client.get(give_up_url(table, "resign")).status_code == 409
    answer = client.post(give_up_url(table, "resign"))
    assert answer.status_code == 409 and "You are not playing at this table." in answer.text
    assert Match.objects.get(pk=match.pk).state == Match.State.PLAYING


def test_an_unknown_way_is_not_found(client, ann):
    table, _match = versus_bot(ann)
    assert client.post(give_up_url(table, "surrender")).status_code == 404


def test_a_post_without_the_csrf_token_is_refused(ann):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ann)
    table, match = versus_bot(ann)
    assert strict.post(give_up_url(table, "resign")).status_code == 403
    assert Match.objects.get(pk=match.pk).state == Match.State.PLAYING


def test_the_ways_out_show_in_spanish_too(client, ann):
    table, _match = versus_bot(ann)
    client.cookies["django_language"] = "es"
    text = client.get(reverse("table", kwargs={"code": table.code}), HTTP_ACCEPT_LANGUAGE="es").text
    assert 'lang="es"' in text
    assert give_up_url(table, "resign") in text
    assert client.get(give_up_url(table, "leave"), HTTP_ACCEPT_LANGUAGE="es").status_code == 200


def test_offers_follow_the_set(ann):
    _table, match = versus_bot(ann)
    assert leaving.offers(current(match), None) == []
    assert leaving.offers(current(match), 1) == []  # the bot's seat
    assert leaving.offers(None, 0) == []


def test_a_resigned_set_reads_as_resigned_in_my_tables_and_the_history(client, ann):
    table, match = versus_bot(ann)
    client.post(give_up_url(table, "resign"))
    bot = Seat.objects.get(table=table, index=1).player.name
    assert f"{bot} won (by resignation)." in client.get(reverse("my_tables")).text
    page = client.get(reverse("history_match", kwargs={"pk": match.pk}))
    assert page.status_code == 200 and "resigned" in page.text
    assert "resigned" in client.get(reverse("history")).text


def test_an_aborted_set_reads_as_aborted_in_my_tables(client, ann):
    table, _match = versus_bot(ann)
    client.post(give_up_url(table, "abort"))
    assert "Set 1 was aborted before its first move." in client.get(reverse("my_tables")).text
