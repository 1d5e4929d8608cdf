"""A player's history: newest first, a page at a time, filtered by style, opponent, partner,
club, event, result and dates; other people see only the sets at public tables."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from clubs.models import Club, Membership
from games.models import Match
from history.listing import PER_PAGE
from tests.factories import make_bot, make_user
from tests.history.helpers import days_ago, set_row
from tests.tournaments.factories import join, make_club, owner_of
from tournaments.models import Entry, Round, Stage, TableAssignment, Tournament

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    return client


def listed(client: Client, query: str = "", owner=None) -> list[int]:
    """The set ids on the page, in order."""
    url = f"/history/player/{owner.pk}/" if owner else "/history/"
    response = client.get(f"{url}?{query}")
    assert response.status_code == 200
    return [row["pk"] for row in response.context["rows"]]


@pytest.fixture
def people():
    return {name: make_user(name) for name in ("ann", "bob", "cy", "dee")}


def test_sets_come_newest_first_a_page_at_a_time(people):
    ann, bob = people["ann"], people["bob"]
    bots = [make_bot(f"b{i}") for i in range(2)]
    made = [set_row([ann, bob, *bots], at=days_ago(40 - i)).pk for i in range(PER_PAGE + 5)]
    client = client_of(ann)
    first = listed(client)
    assert first == made[::-1][:PER_PAGE]
    assert listed(client, "page=2") == made[::-1][PER_PAGE:]
    page = client.get("/history/?style=cutthroat").text
    assert 'href="?style=cutthroat&amp;page=2"' in page  # the filters survive paging
    assert listed(client, "page=99") == made[::-1][PER_PAGE:]  # past the end: the last page


def test_the_list_costs_the_same_few_queries_however_long_it_is(people):
    ann, bob, cy, dee = people.values()
    for i in range(3):
        set_row([ann, bob, cy, dee], at=days_ago(i))
    client = client_of(ann)
    client.get("/history/")
    with CaptureQueriesContext(connection) as few:
        client.get("/history/")
    for i in range(60):
        set_row([ann, bob, cy, dee], at=days_ago(10 + i))
    with CaptureQueriesContext(connection) as many:
        client.get("/history/")
    # the session, the user and their two permission lists (whether they see every event),
    # the menus, the count, the page, the event tables among its sets, the nav
    assert len(many.captured_queries) == len(few.captured_queries) <= 9


def test_filter_by_style_result_and_dates(people):
    ann, bob, cy, dee = people.values()
    won = set_row([ann, bob, cy, dee], at=days_ago(30), winner=0)
    lost = set_row([ann, bob, cy, dee], at=days_ago(20), winner=1)
    bruck = set_row([ann, bob, cy, dee], at=days_ago(10), winner=None, result="bruck")
    playing = set_row([ann, bob, cy, dee], at=days_ago(1), state=Match.State.PLAYING)
    partner_won = set_row([ann, bob, cy, dee], style="partner", at=days_ago(5), winner=0)
    client = client_of(ann)
    assert listed(client, "style=partner") == [partner_won.pk]
    assert listed(client, "result=won") == [partner_won.pk, won.pk]
    assert listed(client, "result=lost") == [lost.pk]
    assert listed(client, "result=none") == [bruck.pk]
    assert listed(client, "result=unfinished") == [playing.pk]
    since, until = days_ago(21).date().isoformat(), days_ago(9).date().isoformat()
    assert listed(client, f"since={since}&until={until}") == [bruck.pk, lost.pk]
    response = client.get(f"/history/?since={until}&until={since}")
    assert "comes before its start" in response.text


def test_filter_by_opponent_and_partner(people):
    ann, bob, cy, dee = people.values()
    eve = make_user("eve", display_name="Eve Kingston")
    # Partner: seats 0 and 2 play together against 1 and 3.
    with_bob = set_row([ann, cy, bob, dee], style="partner", at=days_ago(3))
    against_bob = set_row([ann, bob, cy, dee], style="partner", at=days_ago(2))
    alone = set_row([ann, bob, cy, eve], at=days_ago(1))  # cut-throat: everyone is a rival
    client = client_of(ann)
    assert listed(client, "partner=bob") == [with_bob.pk]
    assert listed(client, "opponent=BOB") == [alone.pk, against_bob.pk]
    assert listed(client, "opponent=eve kingston") == [alone.pk]  # display names, any case
    assert listed(client, "partner=dee") == []
    page = client.get("/history/?opponent=nobody-here")
    assert page.context["rows"] == [] and "Nobody goes by nobody-here" in page.text


def _event_table(club: Club, match: Match, name: str, **fields) -> Tournament:
    """An event (finished, unless told) whose one table played ``match``."""
    event = _event(club, name, **fields)
    stage = Stage.objects.create(tournament=event, number=1)
    rnd = Round.objects.create(tournament=event, stage=stage, number=1)
    TableAssignment.objects.create(round=rnd, number=1, seats=[], table=match.table, match=match)
    return event


def _event(club: Club, name: str, **fields) -> Tournament:
    fields.setdefault("state", Tournament.State.FINISHED)
    slug = name.lower().replace(" ", "-")
    return Tournament.objects.create(
        club=club, name=name, slug=slug, style="cutthroat", seats=4, format="swiss", **fields
    )


def test_filter_by_club_and_event(people):
    ann, bob, cy, dee = people.values()
    kingston = Club.objects.create(name="Kingston", slug="kingston")
    mobay = Club.objects.create(name="Montego Bay", slug="mobay")
    Membership.objects.create(club=kingston, user=ann, role="member")
    friday = set_row([ann, bob, cy, dee], at=days_ago(3))
    saturday = set_row([ann, bob, cy, dee], at=days_ago(2))
    away = set_row([ann, bob, cy, dee], at=days_ago(1))
    casual = set_row([ann, bob, cy, dee], at=days_ago(0))
    friday_event = _event_table(kingston, friday, "Friday Swiss")
    _event_table(kingston, saturday, "Saturday Cup")
    _event_table(mobay, away, "Bay Open")
    client = client_of(ann)
    assert listed(client, f"club={kingston.pk}") == [saturday.pk, friday.pk]
    assert listed(client, f"tournament={friday_event.pk}") == [friday.pk]
    assert casual.pk in listed(client)
    choices = client.get("/history/").context["form"].fields["club"].widget.choices
    assert (kingston.pk, "Kingston") in choices
    page = client.get(f"/history/?tournament={friday_event.pk}").text
    assert f'<option value="{friday_event.pk}" selected>Friday Swiss</option>' in page


def test_others_see_only_sets_at_public_tables(people):
    ann, bob, cy, dee = people.values()
    public = set_row([ann, bob, cy, dee], at=days_ago(2))
    private = set_row([ann, bob, cy, dee], at=days_ago(1), private=True)
    assert listed(client_of(ann)) == [private.pk, public.pk]
    assert listed(client_of(make_user("zed")), owner=ann) == [public.pk]
    assert listed(Client(HTTP_HOST="localhost"), owner=ann) == [public.pk]
    # and a private set's page is for its players only
    assert client_of(make_user("yan")).get(f"/history/set/{private.pk}/").status_code == 404
    assert client_of(bob).get(f"/history/set/{private.pk}/").status_code == 200


def test_your_own_history_needs_a_login():
    response = Client(HTTP_HOST="localhost").get("/history/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_nav_links_to_the_history(people):
    assert 'href="/history/"' in client_of(people["ann"]).get("/").text


def menu_events(client: Client, owner, query: str = "") -> list[tuple[object, str]]:
    """The event filter's menu on ``owner``'s history, as ``client`` sees it."""
    response = client.get(f"/history/player/{owner.pk}/?{query}")
    return response.context["form"].fields["tournament"].widget.choices[1:]


def sees_everything(name: str):
    user = make_user(name)
    user.user_permissions.add(Permission.objects.get(codename="view_everything"))
    return user


def test_the_event_menu_offers_only_the_events_the_viewer_may_see(people):
    """A club-only event is its members' (and whoever sees everything): not an anonymous
    visitor's, nor a staff organiser's of another club."""
    ann = people["ann"]
    kingston, mobay = make_club(make_user("kowner"), "Kingston"), make_club(make_user("mowner"))
    join(kingston, ann)
    members_only = _event(kingston, "Members Night", visibility=Tournament.Visibility.CLUB)
    public = _event(kingston, "Open Night")
    for event in (members_only, public):
        Entry.objects.create(tournament=event, player=ann)
    both = [(members_only.pk, "Members Night"), (public.pk, "Open Night")]
    assert menu_events(Client(HTTP_HOST="localhost"), ann) == [(public.pk, "Open Night")]
    assert menu_events(client_of(owner_of(mobay)), ann) == [(public.pk, "Open Night")]
    assert menu_events(client_of(join(kingston, make_user("kim"))), ann) == both
    assert menu_events(client_of(sees_everything("eve")), ann) == both
    assert menu_events(client_of(ann), ann) == both


def test_an_event_asked_for_by_number_is_named_only_to_those_who_may_see_it(people):
    """``?tournament=<n>`` puts the event in the menu as chosen: an anonymous visitor learns
    no club-only event's name that way, and nobody but its organisers a draft's."""
    ann = people["ann"]
    club = make_club(make_user("kowner"), "Kingston")
    members_only = _event(club, "Members Night", visibility=Tournament.Visibility.CLUB)
    draft = _event(club, "Secret Cup", state=Tournament.State.DRAFT)
    member = join(club, make_user("kim"))
    anonymous = Client(HTTP_HOST="localhost")

    def named(client: Client, event: Tournament) -> str:
        return dict(menu_events(client, ann, f"tournament={event.pk}"))[event.pk]

    assert named(anonymous, members_only) == "?"
    assert named(client_of(owner_of(make_club(make_user("mowner")))), members_only) == "?"
    assert named(client_of(member), members_only) == "Members Night"
    assert named(client_of(sees_everything("eve")), members_only) == "Members Night"
    page = anonymous.get(f"/history/player/{ann.pk}/?tournament={members_only.pk}").text
    assert "Members Night" not in page
    assert named(anonymous, draft) == named(client_of(member), draft) == "?"
    assert named(client_of(sees_everything("sam")), draft) == "?"
    assert named(client_of(owner_of(club)), draft) == "Secret Cup"
