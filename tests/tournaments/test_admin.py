"""The admin site: organisers see and change only their own clubs' events, superusers all,
and every action runs through a service (refusals are reported, not raised)."""

from __future__ import annotations

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Group
from django.urls import reverse

from clubs.services import ORGANISER_GROUP
from tests.factories import make_user
from tests.tournaments.factories import enter, join, make_club, make_event, open_event, owner_of
from tournaments.models import Entry, Round, TableAssignment, Tournament
from tournaments.permissions import organiser_codenames
from tournaments.services import events, results

pytestmark = pytest.mark.django_db

CHANGELIST = "admin:tournaments_tournament_changelist"


def act(client, model: str, action: str, rows, **extra):
    url = reverse(f"admin:tournaments_{model}_changelist")
    data = {"action": action, ACTION_CHECKBOX_NAME: [r.pk for r in rows], **extra}
    return client.post(url, data, follow=not extra)


def said(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


@pytest.fixture
def two_clubs(club, people):
    other = make_club(make_user("rival"), "Spanish Town Dominoes")
    return {"ours": make_event(club, name="Ours"), "theirs": make_event(other, name="Theirs")}


def test_the_organisers_group_holds_the_event_and_club_permissions(db):
    group = Group.objects.get(name=ORGANISER_GROUP)
    held = {(p.content_type.app_label, p.codename) for p in group.permissions.all()}
    assert set(organiser_codenames()) <= held
    assert ("tournaments", "delete_tournament") not in held


def test_organisers_see_only_their_clubs_events(client, people, two_clubs):
    client.force_login(people.organiser)
    page = client.get(reverse(CHANGELIST))
    assert page.status_code == 200
    assert list(page.context["cl"].queryset) == [two_clubs["ours"]]
    theirs = reverse("admin:tournaments_tournament_change", args=[two_clubs["theirs"].pk])
    assert client.get(theirs).status_code == 302  # "does not exist": back to the index
    ours = reverse("admin:tournaments_tournament_change", args=[two_clubs["ours"].pk])
    assert client.get(ours).status_code == 200


def test_view_on_site_gives_an_organiser_no_other_clubs_invite_or_event(client, people, two_clubs):
    """Django's shortcut redirects any staff member to any object's page; an invite's page is
    its secret link, so the site's admin answers 404 for what the organiser may not view."""
    from django.contrib.contenttypes.models import ContentType

    from clubs.services import make_invite

    theirs = two_clubs["theirs"]
    invite = make_invite(theirs.club, theirs.club.memberships.get().user)
    client.force_login(people.organiser)
    for obj in (invite, theirs, theirs.club):
        kind = ContentType.objects.get_for_model(obj)
        response = client.get(reverse("admin:view_on_site", args=[kind.pk, obj.pk]))
        assert response.status_code == 404
        assert invite.code not in response.get("Location", "")
    ours = two_clubs["ours"]
    kind = ContentType.objects.get_for_model(ours)
    response = client.get(reverse("admin:view_on_site", args=[kind.pk, ours.pk]))
    assert response.status_code == 302 and response["Location"].endswith(ours.get_absolute_url())


def test_an_organiser_cannot_add_an_event_to_another_club(client, people, two_clubs):
    client.force_login(people.organiser)
    add = reverse("admin:tournaments_tournament_add")
    field = client.get(add).context["adminform"].form.fields["club"]
    assert list(field.queryset) == [two_clubs["ours"].club]
    response = client.post(add, {"club": two_clubs["theirs"].club.pk, "name": "Sneaky"})
    assert response.status_code == 200 and "club" in response.context["adminform"].form.errors
    assert not Tournament.objects.filter(name="Sneaky").exists()


def test_superusers_see_every_event(client, two_clubs):
    client.force_login(make_user("root", is_superuser=True, is_staff=True))
    page = client.get(reverse(CHANGELIST))
    assert set(page.context["cl"].queryset) == set(two_clubs.values())


@pytest.mark.parametrize("who", ["member", "outsider"])
def test_members_and_outsiders_have_no_admin(client, people, two_clubs, who):
    client.force_login(getattr(people, who))
    response = client.get(reverse(CHANGELIST))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_an_organiser_losing_the_role_loses_the_events(client, club, people, two_clubs):
    from clubs.services import set_role

    set_role(club, people.owner, people.organiser, "member")
    client.force_login(people.organiser)
    assert client.get(reverse(CHANGELIST)).status_code == 302


def test_actions_an_organiser_runs_step_by_step(client, club, people):
    event = make_event(club, turn_clock=0, format_options={"rounds": 3})
    client.force_login(people.organiser)
    assert "Friday Swiss: Registration is open." in said(
        act(client, "tournament", "open_registration", [event])
    )
    enter(event, 4)
    assert "Check-in is open." in said(act(client, "tournament", "open_checkin", [event]))
    for entry in event.entries.all():
        response = act(client, "entry", "check_in", [entry])
    assert "Checked in." in said(response)
    assert "The event has started: round 1 is being played." in said(
        act(client, "tournament", "start", [event])
    )
    refused = said(act(client, "tournament", "preview_next_round", [event]))
    assert "Round 1 is still being played" in refused
    for table in TableAssignment.objects.filter(round__tournament=event):
        results.record_result(event, people.organiser, table, [1, 2], "played")
    preview = said(act(client, "tournament", "preview_next_round", [event]))
    assert "round 2 would seat: 1. p" in preview
    assert Round.objects.filter(tournament=event).count() == 1
    assert "Round 2 is seated." in said(
        act(client, "tournament", "generate_next_round_seated", [event])
    )
    assert "2 tables started" in said(act(client, "tournament", "start_round_tables", [event]))
    assert "Round 2 is still being played" in said(
        act(client, "tournament", "generate_next_round", [event])
    )
    for table in TableAssignment.objects.filter(round__tournament=event, round__number=2):
        results.record_result(event, people.organiser, table, [1, 2], "played")
    assert "Round 3 is out." in said(act(client, "tournament", "generate_next_round", [event]))
    for table in TableAssignment.objects.filter(round__tournament=event, round__number=3):
        results.record_result(event, people.organiser, table, [2, 1], "played")
    assert "The event is finished." in said(act(client, "tournament", "finish", [event]))
    event.refresh_from_db()
    assert event.state == Tournament.State.FINISHED


def test_an_action_on_another_clubs_event_does_nothing(client, people, two_clubs):
    client.force_login(people.organiser)
    act(client, "tournament", "open_registration", [two_clubs["theirs"]])
    two_clubs["theirs"].refresh_from_db()
    assert two_clubs["theirs"].state == Tournament.State.DRAFT


def confirmed(client, model: str, action: str, rows):
    """An action sent again from its question page, confirmed (followed to the list)."""
    url = reverse(f"admin:tournaments_{model}_changelist")
    data = {"action": action, ACTION_CHECKBOX_NAME: [r.pk for r in rows], "confirmed": "yes"}
    return client.post(url, data, follow=True)


def test_entries_are_withdrawn_and_disqualified_from_the_admin_once_confirmed(client, club, people):
    event = open_event(club, turn_clock=0)
    made = enter(event, 4)
    events.start(event, owner_of(club))
    client.force_login(people.owner)
    asked = act(client, "entry", "withdraw", [made[0]]).content.decode()
    assert "Withdraw p1? They keep their results so far" in asked and 'value="yes"' in asked
    assert Entry.objects.get(pk=made[0].pk).status == "registered"  # asked, nothing done
    assert "p1: Withdrawn." in said(confirmed(client, "entry", "withdraw", [made[0]]))
    assert "p2: Disqualified." in said(confirmed(client, "entry", "disqualify", [made[1]]))
    again = act(client, "entry", "disqualify", [made[1]]).content.decode()
    assert "disqualified already" in again and "Yes: Disqualify" not in again
    statuses = dict(Entry.objects.values_list("pk", "status"))
    assert statuses[made[0].pk] == "withdrawn" and statuses[made[1].pk] == "disqualified"


def test_a_result_is_recorded_and_overridden_through_an_intermediate_form(client, club, people):
    event = open_event(club, turn_clock=0)
    enter(event, 2)
    events.start(event, owner_of(club))
    table = TableAssignment.objects.get(round__tournament=event)
    client.force_login(people.organiser)
    form = act(client, "tableassignment", "record_result", [table])
    assert form.status_code == 200 and 'name="place_0"' in form.content.decode()
    missing = act(client, "tableassignment", "record_result", [table], apply="1",
                  place_0="1", place_1="2", reason="")  # fmt: skip
    assert missing.status_code == 200
    table.refresh_from_db()
    assert table.places is None
    saved = act(client, "tableassignment", "record_result", [table], apply="1",
                place_0="2", place_1="1", reason="seat 1 conceded",
                version=results.result_version(table))  # fmt: skip
    assert saved.status_code == 302
    table.refresh_from_db()
    assert table.places == [2, 1] and table.override_reason == "seat 1 conceded"
    assert table.overridden_by == people.organiser
    events.finish(event, owner_of(club))
    late = act(client, "tableassignment", "record_result", [table], apply="1",
               place_0="1", place_1="2", reason="changed my mind",
               version=results.result_version(table))  # fmt: skip
    assert late.status_code == 302
    assert "its results can no longer change" in said(client.get(late["Location"]))
    table.refresh_from_db()
    assert table.places == [2, 1]


def test_reseating_swaps_two_entries_or_explains_why_not(client, club, people):
    event = open_event(club, turn_clock=0)
    enter(event, 4)
    boss = owner_of(club)
    events.start(event, boss)
    client.force_login(people.organiser)
    started = list(TableAssignment.objects.filter(round__tournament=event))
    a, b = started[0].seats[0], started[1].seats[0]
    refused = act(client, "tableassignment", "reseat", started, apply="1", first=a, second=b)
    assert refused.status_code == 302  # no form for a command that does not apply: the reason
    assert "Round 1 has started already." in said(client.get(refused["Location"]))
    for table in started:
        results.record_result(event, boss, table, [1, 2], "played")
    from tournaments.services import rounds

    row = rounds.generate_round(event, boss, start=False)
    seated = list(row.tables.order_by("number"))
    a, b = seated[0].seats[0], seated[1].seats[1]
    done = act(client, "tableassignment", "reseat", seated, apply="1", first=a, second=b)
    assert done.status_code == 302
    seated = list(row.tables.order_by("number"))
    assert seated[0].seats[0] == b and seated[1].seats[1] == a


def test_a_big_events_entries_show_a_page_at_a_time(client, club, people):
    event = open_event(club)
    for i in range(120):
        Entry.objects.create(tournament=event, player=make_user(f"u{i}"))
    client.force_login(people.owner)
    url = reverse("admin:tournaments_tournament_change", args=[event.pk])
    first = client.get(url).content.decode()
    assert first.count('name="entries-') > 0
    assert 'name="entries-INITIAL_FORMS" value="50"' in first
    last = client.get(url, {"entries_page": "3"}).content.decode()
    assert 'name="entries-INITIAL_FORMS" value="20"' in last
    assert "all 120 entries" in first


def test_seeds_set_inline_go_through_the_service(client, club, people):
    event = open_event(club)
    (entry,) = enter(event, 1)
    client.force_login(people.owner)
    url = reverse("admin:tournaments_entry_change", args=[entry.pk])
    assert client.post(url, {"seed": "9"}).status_code == 302
    entry.refresh_from_db()
    assert entry.seed == 9


def test_an_organiser_adds_an_event_in_the_admin_for_their_club_only(client, club, people):
    join(club, make_user("helper"), "organiser")
    client.force_login(people.organiser)
    url = reverse("admin:tournaments_tournament_add")
    data = {
        "club": club.pk, "name": "Admin Swiss", "style": "block", "seats": "2",
        "options": "{}", "format": "swiss", "format_options": "{}", "play_mode": "set",
        "points": '{"2": [1, 0], "3": [4, 2, 0], "4": [4, 2, 1, 0]}', "bot_level": "casual",
        "turn_clock": "30", "visibility": "public", "advance": "auto", "round_pause": "0",
        "no_show": "bot", "no_show_grace": "180", "byes": "scored", "scoring": "places",
        **{f"{inline}-{n}": "0" for inline in ("entries", "rounds")
           for n in ("TOTAL_FORMS", "INITIAL_FORMS")},
    }  # fmt: skip
    response = client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    created = Tournament.objects.get(name="Admin Swiss")
    assert created.created_by == people.organiser and created.slug == "admin-swiss"
    wrong = client.post(url, {**data, "name": "Wrong", "style": "cutthroat", "seats": "4"})
    assert wrong.status_code == 200 and "tables of players each" in wrong.content.decode()
    assert not Tournament.objects.filter(name="Wrong").exists()


def test_nobody_deletes_an_events_entries_rounds_or_tables_in_the_admin(client, club):
    event = open_event(club, turn_clock=0)
    made = enter(event, 4)
    row = events.start(event, owner_of(club))
    client.force_login(make_user("root", is_superuser=True, is_staff=True))
    table = row.tables.first()
    for model, kept in (("entry", made[0]), ("round", row), ("tableassignment", table)):
        page = client.get(reverse(f"admin:tournaments_{model}_delete", args=[kept.pk]))
        assert page.status_code == 403
        listing = client.get(reverse(f"admin:tournaments_{model}_changelist"))
        assert b'value="delete_selected"' not in listing.content
        refused = act(client, model, "delete_selected", [kept], post="yes")
        assert refused.status_code in (200, 302)
    assert Entry.objects.count() == 4 and Round.objects.count() == 1
    assert TableAssignment.objects.filter(pk=table.pk).exists()
