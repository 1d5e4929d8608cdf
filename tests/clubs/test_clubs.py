"""Clubs: founding, invite links, requests that organisers answer, roles and who may do what."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone

from clubs import services
from clubs.models import RESERVED_SLUGS, Invite, JoinRequest, Membership, Role
from tests.clubs.factories import add_member, make_club
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _client(client, user):
    client.force_login(user)
    return client


def test_founding_a_club_makes_its_founder_the_owner_with_admin_access_to_events():
    founder = make_user("marcia")
    club = services.create_club(founder, "  Half Way Tree   Dominoes ", country="Jamaica")
    assert club.name == "Half Way Tree Dominoes" and club.slug == "half-way-tree-dominoes"
    assert services.role_of(club, founder) == Role.OWNER
    founder.refresh_from_db()
    assert founder.is_staff and founder.groups.filter(name=services.ORGANISER_GROUP).exists()


def test_two_clubs_cannot_share_a_name_or_a_short_name():
    make_club("Spanish Town Club")
    with pytest.raises(services.ClubError, match="exists already"):
        services.create_club(make_user("x"), "Spanish Town Club")


def test_an_invite_link_lets_a_player_join_once_and_runs_out():
    club = make_club()
    owner = club.memberships.get(role=Role.OWNER).user
    invite = services.make_invite(club, owner, uses=1)
    ann = make_user("ann")
    assert services.join_by_invite(invite.code, ann) == club
    assert services.role_of(club, ann) == Role.MEMBER
    with pytest.raises(services.ClubError, match="used up"):
        services.join_by_invite(invite.code, make_user("bob"))


def test_an_expired_or_unknown_invite_is_refused_with_a_reason():
    club = make_club()
    owner = club.memberships.get(role=Role.OWNER).user
    invite = services.make_invite(club, owner)
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(days=1))
    with pytest.raises(services.ClubError, match="expired"):
        services.join_by_invite(invite.code, make_user("ann"))
    with pytest.raises(services.ClubError, match="not valid"):
        services.join_by_invite("nope", make_user("bob"))


def test_a_member_cannot_make_invites_but_an_organiser_can():
    club = make_club()
    member, organiser = make_user("member"), make_user("organiser")
    add_member(club, member)
    add_member(club, organiser, Role.ORGANISER)
    with pytest.raises(services.ClubError):
        services.make_invite(club, member)
    assert services.make_invite(club, organiser).club == club


def test_a_request_to_join_waits_for_an_organiser_and_cannot_be_sent_twice():
    club = make_club()
    owner = club.memberships.get(role=Role.OWNER).user
    ann = make_user("ann")
    request = services.request_to_join(club, ann, "I play at Sunday nights")
    with pytest.raises(services.ClubError, match="already waiting"):
        services.request_to_join(club, ann)
    with pytest.raises(services.ClubError):
        services.decide(club, request.pk, ann, True)  # not an organiser
    services.decide(club, request.pk, owner, True)
    assert services.role_of(club, ann) == Role.MEMBER
    with pytest.raises(services.ClubError, match="answered already"):
        services.decide(club, request.pk, owner, False)


def test_only_an_owner_names_organisers_and_a_club_keeps_an_owner():
    club = make_club()
    owner = club.memberships.get(role=Role.OWNER).user
    organiser, ann = make_user("organiser"), make_user("ann")
    add_member(club, organiser, Role.ORGANISER)
    add_member(club, ann)
    with pytest.raises(services.ClubError, match="Only an owner"):
        services.set_role(club, organiser, ann, Role.ORGANISER)
    with pytest.raises(services.ClubError, match="needs an owner"):
        services.set_role(club, owner, owner, Role.MEMBER)
    with pytest.raises(services.ClubError, match="needs an owner"):
        services.remove_member(club, owner, owner)


def test_losing_the_last_organising_role_takes_the_admin_access_away():
    club = make_club()
    owner = club.memberships.get(role=Role.OWNER).user
    organiser = make_user("organiser")
    add_member(club, organiser, Role.ORGANISER)
    organiser.refresh_from_db()
    assert organiser.is_staff
    services.set_role(club, owner, organiser, Role.MEMBER)
    organiser.refresh_from_db()
    assert not organiser.is_staff
    assert not organiser.groups.filter(name=services.ORGANISER_GROUP).exists()


def test_an_organiser_can_remove_a_member_but_not_an_owner():
    club = make_club()
    organiser, ann = make_user("organiser"), make_user("ann")
    add_member(club, organiser, Role.ORGANISER)
    add_member(club, ann)
    services.remove_member(club, organiser, ann)
    assert services.role_of(club, ann) is None
    owner = club.memberships.get(role=Role.OWNER).user
    with pytest.raises(services.ClubError, match="Only an owner"):
        services.remove_member(club, organiser, owner)


# -- pages -------------------------------------------------------------------------------------


def test_the_club_page_shows_members_and_loads_its_events(client):
    club = make_club(description="Sunday nights at the rum bar")
    page = client.get(reverse("club", kwargs={"slug": club.slug})).text
    assert "Sunday nights at the rum bar" in page
    assert f'hx-get="/events/club/{club.slug}/"' in page
    assert "Invite links" not in page  # only for organisers


def test_an_organiser_sees_requests_and_makes_an_invite_link_on_the_page(client):
    club = make_club()
    owner = club.memberships.get(role=Role.OWNER).user
    services.request_to_join(club, make_user("ann"), "hello")
    client = _client(client, owner)
    page = client.get(reverse("club", kwargs={"slug": club.slug})).text
    assert "Requests to join" in page and "hello" in page
    response = client.post(reverse("club_invite_new", kwargs={"slug": club.slug}))
    assert response.status_code == 302
    invite = Invite.objects.get(club=club)
    page = client.get(reverse("club", kwargs={"slug": club.slug})).text
    assert invite.get_absolute_url() in page


def test_a_member_who_answers_a_request_gets_the_reason_and_a_409(client):
    club = make_club()
    member = make_user("member")
    add_member(club, member)
    request = services.request_to_join(club, make_user("ann"))
    response = _client(client, member).post(
        reverse("club_decide", kwargs={"slug": club.slug}),
        {"request": request.pk, "answer": "yes"},
    )
    assert response.status_code == 409
    assert "Only the club&#x27;s organisers may do that." in response.text
    assert JoinRequest.objects.get(pk=request.pk).state == JoinRequest.State.PENDING


def test_an_answer_posted_to_another_clubs_page_is_refused_and_changes_nothing(client):
    """Someone who organises two clubs answers one club's request from the other club's page:
    refused (409) before anything is decided, not decided and then refused."""
    boss = make_user("boss")
    mine, theirs = make_club("Ocho Rios Club", owner=boss), make_club("Negril Club", owner=boss)
    ann = make_user("ann")
    request = services.request_to_join(theirs, ann)
    response = _client(client, boss).post(
        reverse("club_decide", kwargs={"slug": mine.slug}), {"request": request.pk, "answer": "yes"}
    )
    assert response.status_code == 409
    assert "There is no such request." in response.text
    assert JoinRequest.objects.get(pk=request.pk).state == JoinRequest.State.PENDING
    assert services.role_of(theirs, ann) is None
    with pytest.raises(services.ClubError, match="no such request"):
        services.decide(mine, request.pk, boss, False)
    assert JoinRequest.objects.get(pk=request.pk).state == JoinRequest.State.PENDING


def test_following_an_invite_link_and_pressing_join_makes_you_a_member(client):
    club = make_club()
    owner = club.memberships.get(role=Role.OWNER).user
    invite = services.make_invite(club, owner)
    ann = make_user("ann")
    response = _client(client, ann).post(invite.get_absolute_url())
    assert response.status_code == 302 and response.url == club.get_absolute_url()
    assert Membership.objects.filter(club=club, user=ann).exists()


def test_an_invite_page_for_a_visitor_asks_them_to_log_in_first(client):
    club = make_club()
    invite = services.make_invite(club, club.memberships.get(role=Role.OWNER).user)
    page = client.get(invite.get_absolute_url()).text
    assert "Log in" in page and f"Join {club.name}" in page
    assert client.post(invite.get_absolute_url()).status_code == 302


def test_founding_a_club_from_the_page(client):
    ann = make_user("ann")
    response = _client(client, ann).post(
        reverse("club_new"), {"name": "Montego Bay Slammers", "slug": "", "country": "Jamaica",
                              "language": "en", "description": ""},
    )  # fmt: skip
    assert response.status_code == 302
    assert services.role_of(services.Club.objects.get(slug="montego-bay-slammers"), ann) == "owner"


def fixed_first_segments(urlpatterns) -> set[str]:
    """The first parts of the routes that are not a slug: pages of their own."""
    firsts = {str(pattern.pattern).split("/")[0] for pattern in urlpatterns}
    return {first for first in firsts if first and "<" not in first}


def test_every_page_of_the_clubs_and_events_of_their_own_is_a_reserved_short_name():
    """A club or event whose short name were one of these would be shadowed by that page."""
    from clubs import urls as club_urls
    from tournaments import urls as event_urls
    from tournaments.services.events import RESERVED_SLUGS as EVENT_SLUGS

    assert fixed_first_segments(club_urls.urlpatterns) == RESERVED_SLUGS
    assert fixed_first_segments(event_urls.urlpatterns) == EVENT_SLUGS


@pytest.mark.parametrize("name", ["New", "Join"])
def test_a_club_named_like_a_page_of_the_site_gets_a_short_name_of_its_own(client, name):
    club = services.create_club(make_user("ann"), name)
    assert club.slug == f"{name.lower()}-2"
    assert services.create_club(make_user("bob"), f"{name}!").slug == f"{name.lower()}-3"
    assert client.get(club.get_absolute_url()).context["club"] == club
    _client(client, make_user("cy"))
    assert "form" in client.get(reverse("club_new")).context  # /clubs/new/ still founds one


def test_a_short_name_chosen_that_is_a_page_of_the_site_is_refused_with_a_reason(client):
    with pytest.raises(services.ClubError, match="one of the site's own pages"):
        services.create_club(make_user("ann"), "Anything", slug="join")
    response = _client(client, make_user("bob")).post(
        reverse("club_new"), {"name": "New Kingston", "slug": "new", "country": "",
                              "language": "en", "description": ""},
    )  # fmt: skip
    assert response.status_code == 400
    assert "is the address of one of the site&#x27;s own pages" in response.text
    assert not services.Club.objects.exists()


def test_a_club_that_holds_a_reserved_short_name_is_moved_off_it():
    """The data migration: a club founded as "new" before, whose page was never reachable."""
    from django.apps import apps

    migration = importlib.import_module("clubs.migrations.0004_reserved_slugs")
    old = services.Club.objects.create(name="New", slug="new")
    services.Club.objects.create(name="New Two", slug="new-2")
    kept = services.Club.objects.create(name="Kingston", slug="kingston")
    migration.move_off_reserved_slugs(apps, None)
    old.refresh_from_db()
    kept.refresh_from_db()
    assert (old.slug, kept.slug) == ("new-3", "kingston")


def test_the_organiser_group_can_see_clubs_in_the_admin_only_their_own(client):
    mine = make_club("Ocho Rios Club")
    make_club("Negril Club")
    owner = mine.memberships.get(role=Role.OWNER).user
    group = Group.objects.get(name=services.ORGANISER_GROUP)
    from django.contrib.auth.models import Permission

    group.permissions.add(Permission.objects.get(codename="view_club"))
    page = _client(client, owner).get("/admin/clubs/club/").text
    assert "Ocho Rios Club" in page and "Negril Club" not in page
