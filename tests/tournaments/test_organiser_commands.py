"""One command layer (``tournaments.actions``) under the run page and the admin: both run the
same command, with the same forms and the same messages; every value is read through a form;
places are taken in seat order, as numbers; and only the event's organisers may run one."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse
from django.utils import translation

from tests.tournaments.factories import enter, make_event, open_event, owner_of
from tournaments import actions, forms
from tournaments.models import Round, TableAssignment
from tournaments.services import events, results, rounds
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def admin_act(client, model: str, action: str, rows, **extra):
    url = reverse(f"admin:tournaments_{model}_changelist")
    data = {"action": action, ACTION_CHECKBOX_NAME: [r.pk for r in rows], **extra}
    return client.post(url, data, follow=not extra)


def run_step(client, event, step: str, data=None):
    url = reverse("event_step", kwargs={"slug": event.slug, "step": step})
    return client.post(url, data or {}, follow=True)


def entry_step(client, entry, action: str, data=None):
    kwargs = {"slug": entry.tournament.slug, "entry": entry.pk, "action": action}
    return client.post(reverse("event_entry_action", kwargs=kwargs), data or {}, follow=True)


def said(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def run_url(event) -> str:
    return reverse("event_run", kwargs={"slug": event.slug})


@pytest.fixture
def seated(running):
    """``running`` with round 1 played and round 2 seated, not started."""
    boss = owner_of(running.club)
    for table in TableAssignment.objects.filter(round__tournament=running):
        results.record_result(running, boss, table, [1, 2], "played")
    rounds.generate_round(running, boss, start=False)
    return running


def test_admin_result_form_orders_places_as_numbers(club):
    """Twelve seats: seat 10 comes after seat 9, not after seat 1 ("place_10" < "place_2"
    as text), and every place is a number."""
    table = TableAssignment(seats=[None] * 12, places=None)
    target = actions.Target(make_event(club), table=table)
    posted = {f"place_{i}": str(12 - i) for i in range(12)} | {"reason": "typed in"}
    posted["version"] = results.result_version(table)
    form = actions.COMMANDS["result"].form_for(target, posted)
    assert isinstance(form, forms.ResultForm) and form.is_valid(), form.errors
    assert form.places() == list(range(12, 0, -1))
    assert all(type(place) is int for place in form.places())


def test_admin_and_run_page_show_one_result_form(client, people, running):
    first, second = TableAssignment.objects.filter(round__tournament=running).order_by("number")
    client.force_login(people.organiser)
    admin_page = admin_act(client, "tableassignment", "record_result", [first])
    url = reverse("table_result", kwargs={"slug": running.slug, "table": second.pk})
    run_page = client.get(url)
    assert type(admin_page.context["form"]) is type(run_page.context["form"]) is forms.ResultForm
    saved = admin_act(client, "tableassignment", "record_result", [first], apply="1",
                      place_0="2", place_1="1", reason="seat 1 conceded",
                      version=results.result_version(first))  # fmt: skip
    assert saved.status_code == 302
    shown = said(client.get(reverse("admin:tournaments_tableassignment_changelist")))
    assert shown == [f"{first.round}: The result of table 1 is saved."]
    posted = {"place_0": "1", "place_1": "2", "reason": "agreed"}
    done = client.post(url, posted | {"version": results.result_version(second)}, follow=True)
    assert said(done) == ["The result of table 2 is saved."]
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.places, second.places) == ([2, 1], [1, 2])


def test_run_page_and_admin_run_the_same_command(client, people, running, monkeypatch):
    ran = []
    command = actions.COMMANDS["withdraw"]

    def spy(call):
        ran.append(call.target.entry.pk)
        return command.run(call)

    monkeypatch.setitem(actions.COMMANDS, "withdraw", replace(command, run=spy))
    first, second = running.entries.order_by("pk")[:2]
    client.force_login(people.organiser)
    asked = admin_act(client, "entry", "withdraw", [first], confirmed="")
    assert "Are you sure?" in asked.content.decode() and ran == []
    url = reverse("admin:tournaments_entry_changelist")
    data = {"action": "withdraw", ACTION_CHECKBOX_NAME: [first.pk], "confirmed": "yes"}
    from_admin = said(client.post(url, data, follow=True))
    from_page = said(entry_step(client, second, "withdraw"))
    assert ran == [first.pk, second.pk]
    assert from_admin == [f"{first.name}: Withdrawn."]
    assert from_page == [f"{second.name}: Withdrawn."]


def round_one_played(club, name: str, prefix: str):
    event = open_event(club, name=name, turn_clock=0)
    enter(event, 4, prefix=prefix)
    boss = owner_of(club)
    events.start(event, boss)
    for table in TableAssignment.objects.filter(round__tournament=event):
        results.record_result(event, boss, table, [1, 2], "played")
    event.refresh_from_db()
    return event


@pytest.mark.parametrize(
    ("admin_action", "start", "message", "state"),
    [
        ("generate_next_round", {"start": "1"}, "Round 2 is out.", Round.State.RUNNING),
        ("generate_next_round_seated", {}, "Round 2 is seated.", Round.State.SEATED),
    ],
)
def test_the_next_round_reads_alike_from_the_run_page_and_the_admin(
    client, club, people, admin_action, start, message, state
):
    on_page = round_one_played(club, "Page Night", "p")
    in_admin = round_one_played(club, "Admin Night", "q")
    client.force_login(people.organiser)
    assert said(run_step(client, on_page, "next-round", {"round": "2", **start})) == [message]
    assert said(admin_act(client, "tournament", admin_action, [in_admin])) == [
        f"{in_admin}: {message}"
    ]
    assert on_page.rounds.get(number=2).state == in_admin.rounds.get(number=2).state == state


def test_a_next_round_number_that_is_not_a_number_is_refused(client, people, running):
    client.force_login(people.organiser)
    url = reverse("event_step", kwargs={"slug": running.slug, "step": "next-round"})
    refused = client.post(url, {"round": "two", "start": "1"}, follow=True)
    assert refused.redirect_chain == [(run_url(running), 302)]
    assert "whole number" in " ".join(said(refused))
    assert running.rounds.count() == 1


def test_the_run_pages_reseat_goes_through_its_form(client, people, seated):
    row = seated.rounds.get(number=2)
    first, second = row.tables.order_by("number")
    a, b = seated.entries.get(pk=first.seats[0]), seated.entries.get(pk=second.seats[1])
    other = make_event(seated.club, name="Other Night")
    stranger = enter(events.open_registration(other, owner_of(seated.club)), 1, prefix="x")[0]
    client.force_login(people.organiser)
    url = reverse("event_reseat", kwargs={"slug": seated.slug})
    for data in ({"first": "abc", "second": b.pk}, {"first": a.pk, "second": stranger.pk}, {}):
        refused = client.post(url, data, follow=True)
        assert refused.redirect_chain == [(run_url(seated), 302)], data
        assert said(refused) == ["Choose two entries of this event."], data
    done = client.post(url, {"first": a.pk, "second": b.pk}, follow=True)
    assert said(done) == [f"{a.name} and {b.name} have swapped seats."]
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.seats[0], second.seats[1]) == (b.pk, a.pk)


def test_the_admins_reseat_reads_as_the_run_pages(client, people, seated):
    row = seated.rounds.get(number=2)
    tables = list(row.tables.order_by("number"))
    a, b = seated.entries.get(pk=tables[0].seats[0]), seated.entries.get(pk=tables[1].seats[1])
    client.force_login(people.organiser)
    form = admin_act(client, "tableassignment", "reseat", tables)
    assert type(form.context["form"]) is forms.ReseatForm
    done = admin_act(client, "tableassignment", "reseat", tables, apply="1", first=a.pk,
                     second=b.pk)  # fmt: skip
    assert done.status_code == 302
    shown = said(client.get(reverse("admin:tournaments_tableassignment_changelist")))
    assert shown == [f"{row}: {a.name} and {b.name} have swapped seats."]


def test_a_seed_that_is_not_a_whole_number_is_refused_not_cleared(client, people, club):
    event = open_event(club)
    (entry,) = enter(event, 1)
    client.force_login(people.organiser)
    for typed in ("abc", "0", "-3", "1000000"):
        refused = entry_step(client, entry, "seed", {"seed": typed})
        assert refused.redirect_chain == [(run_url(event), 302)], typed
        assert said(refused) == [f"{entry.name}: A seed is a whole number from 1 up."], typed
        entry.refresh_from_db()
        assert entry.seed == 1, typed
    assert said(entry_step(client, entry, "seed", {"seed": "7"})) == [f"{entry.name}: Seed saved."]
    entry.refresh_from_db()
    assert entry.seed == 7
    entry_step(client, entry, "seed", {"seed": ""})
    entry.refresh_from_db()
    assert entry.seed is None


def test_the_admin_starts_a_seated_round_with_the_run_pages_words(client, people, seated):
    row = seated.rounds.get(number=2)
    client.force_login(people.organiser)
    shown = said(admin_act(client, "round", "start_now", [row]))
    assert shown == [f"{row}: Round 2 has started."]
    row.refresh_from_db()
    assert row.state == Round.State.RUNNING


def test_a_command_refuses_anyone_who_may_not_run_the_event(club, people, running):
    entry = running.entries.first()
    target = actions.Target(running, entry=entry)
    for who in (people.member, people.outsider, entry.player):
        with pytest.raises(TournamentError, match="Only the club's organisers"):
            actions.COMMANDS["withdraw"].perform(target, who)
    entry.refresh_from_db()
    assert entry.active
    assert actions.COMMANDS["withdraw"].perform(target, people.organiser) == "Withdrawn."


def test_admin_only_commands_are_not_steps_of_the_run_page(client, people, running):
    client.force_login(people.organiser)
    for step in ("preview", "step", "check-in", "result"):
        url = reverse("event_step", kwargs={"slug": running.slug, "step": step})
        assert client.post(url).status_code == 404, step
    entry = running.entries.first()
    url = reverse("event_entry_action",
                  kwargs={"slug": running.slug, "entry": entry.pk, "action": "finish"})  # fmt: skip
    assert client.post(url).status_code == 404


def test_every_command_has_a_label_and_its_message_in_the_organisers_language(club, people):
    event = make_event(club)
    with translation.override("es"):
        done = actions.COMMANDS["open-registration"].perform(actions.Target(event), people.owner)
        labels = {name: str(command.label) for name, command in actions.COMMANDS.items()}
    assert done and done != "Registration is open."
    assert all(labels.values())
    assert labels["withdraw"] != "Withdraw"
