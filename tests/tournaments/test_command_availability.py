"""Every organiser command says when it is available (``Command.available``), and the run page
and the admin offer only what is: the answer agrees with the services. For events in each
state and format, every command offered is accepted by its service, and every command its
service would refuse is not offered (each is tried in a savepoint that is rolled back).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest
from django.db import transaction
from django.urls import reverse

from tests.factories import make_user
from tests.tournaments.factories import (
    enter,
    make_event,
    open_event,
    owner_of,
    with_round_two_seated,
)
from tournaments import actions
from tournaments.models import Entry, Round, TableAssignment, Tournament
from tournaments.services import entries, events, results

pytestmark = pytest.mark.django_db


class RolledBack(Exception):
    """Raised inside a savepoint to undo a command that was accepted."""


def _played(event: Tournament) -> Tournament:
    boss = owner_of(event.club)
    for table in TableAssignment.objects.filter(round__tournament=event, places__isnull=True):
        results.record_result(event, boss, table, list(range(1, len(table.seats) + 1)), "played")
    return event


def _running(club, count: int = 4, **fields) -> Tournament:
    event = open_event(club, turn_clock=0, **fields)
    enter(event, count)
    events.start(event, owner_of(club))
    return event


def _checking_in(club) -> Tournament:
    event = open_event(club)
    made = enter(event, 4)
    boss = owner_of(club)
    events.open_checkin(event, boss)
    for entry in made[:2]:
        entries.check_in(event, boss, entry)
    return event


def _full(club) -> Tournament:
    event = open_event(club, entry_cap=2, bots_fill=True)
    enter(event, 2)
    return event


def _finished(club) -> Tournament:
    event = _played(_running(club))
    events.finish(event, owner_of(club))
    return event


def _cancelled(club) -> Tournament:
    event = _running(club)
    events.cancel(event, owner_of(club))
    return event


def _in_the_pause(club, **fields) -> Tournament:
    """Round 1 played; the pause for corrections counts down to round 2 (or the finish)."""
    return _played(_running(club, pairing_pause=600, **fields))


def _held(club) -> Tournament:
    """Round 1 played; the event waits for the director (set to, with no pause)."""
    return _played(_running(club, pairing_pause=None))


def _corrected_after_seating(club) -> Tournament:
    """Round 2 seated; then a result of round 1 corrected that changes round 2's pairing."""
    event, boss = with_round_two_seated(club)
    first = TableAssignment.objects.filter(round__tournament=event, round__number=1)
    results.record_result(event, boss, first.order_by("number").first(), [2, 1], "misread")
    return event


def _voided_back_to_round_1(club) -> Tournament:
    """Round 2 played, then voided: the event is back after round 1, held."""
    event = _played(_running(club))
    from tournaments.services import corrections, schedule

    schedule.step(event.pk)
    _played(event)
    corrections.void_round(event, owner_of(club), "replayed")
    return event


def _reopened(club) -> Tournament:
    event = _finished(club)
    events.reopen(event, owner_of(club), "a late correction")
    return event


def _withdrawn_and_disqualified(club) -> Tournament:
    event = _played(_running(club, 6))
    boss = owner_of(club)
    first, second = event.entries.order_by("pk")[:2]
    entries.withdraw(event, boss, first)
    entries.disqualify(event, boss, second)
    return event


#: Events in each state and format, by what they are.
SCENARIOS: dict[str, Callable] = {
    "a draft": lambda club: make_event(club),
    "registration, nobody entered": lambda club: open_event(club, bots_fill=True),
    "registration, four entered": lambda club: enter(open_event(club), 4)[0].tournament,
    "registration, full": _full,
    "pairs in registration": lambda club: enter(open_event(club, style="partner", seats=4,
                                                           bots_fill=True), 2)[0].tournament,
    "check-in, two of four in": _checking_in,
    "a Swiss, round 1 being played": _running,
    "a Swiss, round 1 played": lambda club: _played(_running(club)),
    "a Swiss, round 2 seated": lambda club: with_round_two_seated(club)[0],
    "a Swiss, its last round seated": lambda club: with_round_two_seated(
        club, format_options={"rounds": 2})[0],
    "a knockout, its final seated": lambda club: with_round_two_seated(
        club, format="single_elimination")[0],
    "a round robin being played": lambda club: _running(club, format="round_robin"),
    "Swiss for tables with bots": lambda club: _running(
        club, 6, style="cutthroat", seats=4, format="swiss_tables", bots_fill=True),
    "a table knockout being played": lambda club: _running(
        club, 8, style="cutthroat", seats=4, format="table_knockout"),
    "a Swiss after a withdrawal and a disqualification": _withdrawn_and_disqualified,
    "finished": _finished,
    "cancelled": _cancelled,
    "a Swiss in its pause for corrections": _in_the_pause,
    "a knockout in its pause before the final": lambda club: _in_the_pause(
        club, format="single_elimination"),
    "a Swiss waiting for the director": _held,
    "a Swiss whose round 2 was paired before a correction": _corrected_after_seating,
    "a Swiss whose round 2 was voided": _voided_back_to_round_1,
    "a finished event reopened": _reopened,
}  # fmt: skip


def _accepted(command: actions.Command, target: actions.Target, by, data: dict) -> bool:
    try:
        with transaction.atomic():
            command.perform(target, by, data)
            raise RolledBack
    except RolledBack:
        return True
    except actions.TournamentError:
        return False


def _fresh(event: Tournament, entry: Entry | None = None, table=None,
           row: Round | None = None) -> actions.Target:  # fmt: skip
    """The target read again (a rolled-back command may have changed the rows it held)."""
    event = Tournament.objects.select_related("club").get(pk=event.pk)
    entry = entry and Entry.objects.select_related("player", "partner").get(pk=entry.pk)
    table = table and TableAssignment.objects.select_related("round").get(pk=table.pk)
    row = row and Round.objects.get(pk=row.pk)
    return actions.Target(event, entry=entry, table=table, round=row)


#: Commands the admin also runs on a round it chose (which must be the event's latest).
ON_A_ROUND = ("undo-round", "void-round", "re-pair")


def _data(name: str, target: actions.Target, count: list[int]) -> dict:
    """Values a command's form takes: whatever the organiser would send for it."""
    count[0] += 1
    if name in ("next-round", "preview"):
        try:
            return {"round": str(target.next_round().number), "start": "1"}
        except actions.TournamentError:
            return {"round": "1", "start": "1"}
    if name == "enter":
        people = {"player": make_user(f"late{count[0]}").username}
        if target.event.kind.pairs:
            people["partner"] = make_user(f"partner{count[0]}").username
        return people
    if name in ("void-round", "reopen"):
        return {"reason": "checked"}
    if name == "groups":
        return {"groups": "Brown family"}
    if name == "seed":
        return {"seed": str(500 + target.entry.pk)}
    if name == "result":
        table = target.table
        places = table.places or list(range(1, len(table.seats) + 1))
        places_data = {f"place_{i}": str(place) for i, place in enumerate(places)}
        return {**places_data, "reason": "checked",
                "version": results.result_version(table)}  # fmt: skip
    return {}


def _targets(event: Tournament, on: str, name: str = "") -> list[actions.Target]:
    if name in ON_A_ROUND:
        rows = list(event.rounds.order_by("number"))
        return [_fresh(event), *(_fresh(event, row=row) for row in rows)]
    if on == actions.ENTRY:
        return [_fresh(event, entry=e) for e in event.entries.order_by("pk")]
    if on == actions.TABLE:
        tables = TableAssignment.objects.filter(round__tournament=event).order_by("pk")
        return [_fresh(event, table=t) for t in tables]
    return [_fresh(event)]


def _reseat_accepted(target: actions.Target, by) -> bool:
    """A re-seat is accepted for some pair of entries (which pairs fit is the format's)."""
    command = actions.COMMANDS["reseat"]
    people = list(target.event.entries.order_by("pk").values_list("pk", flat=True))
    return any(
        _accepted(command, _fresh(target.event), by, {"first": a, "second": b})
        for a, b in combinations(people, 2)
    )


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_a_command_is_offered_exactly_when_its_service_accepts_it(club, scenario):
    event = SCENARIOS[scenario](club)
    boss, count, disagree = owner_of(club), [0], []
    for name, command in actions.COMMANDS.items():
        for target in _targets(event, command.on, name):
            offered = command.available(target)
            if name == "reseat":
                accepted = _reseat_accepted(target, boss)
            else:
                fresh = _fresh(event, target.entry, target.table, target.round)
                accepted = _accepted(command, fresh, boss, _data(name, target, count))
            if offered != accepted:
                what = target.entry or target.table or target.round or event
                disagree.append(f"{name} on {what}: offered {offered}, accepted {accepted}")
    assert not disagree, f"{scenario}: " + "; ".join(disagree)


@pytest.mark.parametrize("scenario", ["finished", "cancelled"])
def test_an_event_that_is_over_offers_no_finish_no_override_and_no_entry_command(
    client, club, scenario
):
    event = SCENARIOS[scenario](club)
    client.force_login(owner_of(club))
    page = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert "This event is over." in page
    for absent in ("Finish the event", "Override", "Record result", "Cancel the event",
                   ">Withdraw<", ">Disqualify<", ">Check in<", "Generate round"):  # fmt: skip
        assert absent not in page, absent
    assert "/result/" not in page and "/run/finish/" not in page


def test_the_run_page_offers_each_step_only_where_it_applies(client, club):
    """A draft offers registration, not the start; the start, once entries may come, says
    why it cannot be pressed yet; seeds are set before the start and disqualifying is for a
    running event."""
    event = make_event(club)
    client.force_login(owner_of(club))
    run = reverse("event_run", kwargs={"slug": event.slug})
    page = client.get(run).content.decode()
    assert "Open registration" in page and "Start: play round 1" not in page
    assert "Open check-in" not in page and 'id="enter-player"' not in page
    events.open_registration(event, owner_of(club))
    page = client.get(run).content.decode()
    assert "Open registration" not in page and "Start: play round 1" not in page
    assert "needs at least 2 entries; there are 0." in page
    assert 'id="enter-player"' in page and "Open check-in" in page
    enter(event, 2)
    page = client.get(run).content.decode()
    assert "Start: play round 1" in page and ">Disqualify<" not in page
    assert page.count('name="seed"') == 2 and page.count(">Withdraw<") == 2
    events.start(event, owner_of(club))
    page = client.get(run).content.decode()
    assert 'name="seed"' not in page and page.count(">Disqualify<") == 2
    assert "Adjudicate now" in page and "Start the round at" not in page


def test_a_refused_command_answers_on_the_run_page_and_a_reload_sends_nothing(client, club):
    """Post/redirect/get: the refusal is a message on the run page after the redirect."""
    event = make_event(club)
    client.force_login(owner_of(club))
    url = reverse("event_step", kwargs={"slug": event.slug, "step": "start"})
    refused = client.post(url, follow=True)
    run = reverse("event_run", kwargs={"slug": event.slug})
    assert refused.redirect_chain == [(run, 302)]
    (message,) = refused.context["messages"]
    assert message.level_tag == "error" and "only an event taking entries can start" in str(message)
    assert 'role="alert"' in refused.content.decode()
    again = client.get(run)
    assert not list(again.context["messages"])
    event.refresh_from_db()
    assert event.state == Tournament.State.DRAFT


def test_the_admin_asks_before_it_runs_and_says_why_not(client, club):
    from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME

    event = make_event(club)
    client.force_login(owner_of(club))
    url = reverse("admin:tournaments_tournament_changelist")
    answer = client.post(url, {"action": "finish", ACTION_CHECKBOX_NAME: [event.pk]}, follow=True)
    (said,) = [str(m) for m in answer.context["messages"]]
    assert said == f"{event}: The event is still a draft: only a running event can finish."
