"""A director puts mistakes right (issue 41): a round seated by mistake is taken back, a round
that must be played again is voided with a reason (its results set aside in the log, counting
for nothing), a seated round paired before a correction is paired again from the corrected
results, a finished event is reopened for a late correction and finished again; each is
refused with the reason where it cannot apply, and every one of them (and every result set by
hand) is in the log, on the run page and in the organisers' CSV file."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from games.models import Match, Table
from tests.tournaments.factories import (
    enter,
    open_event,
    owner_of,
    record_by_seed,
    with_round_two_seated,
)
from tournaments import actions, director
from tournaments.formats import State
from tournaments.models import Entry, EventLog, Round, TableAssignment, Tournament
from tournaments.services import corrections, entries, events, results, rounds, schedule, state
from tournaments.services.errors import NotNow, TournamentError

pytestmark = pytest.mark.django_db


def _running(club, count: int = 4, **fields) -> tuple[Tournament, Round]:
    event = open_event(club, turn_clock=0, **fields)
    enter(event, count)
    return event, events.start(event, owner_of(club))


def _latest(event: Tournament) -> Round | None:
    return event.rounds.order_by("-number").first()


def _fresh(event: Tournament) -> Tournament:
    return Tournament.objects.select_related("club").get(pk=event.pk)


def _points(event: Tournament) -> dict[int, float]:
    return {line.entrant: line.points for line in state.standings(event)}


def _pairs(row: Round) -> list[tuple]:
    return [tuple(t.seats) for t in row.tables.order_by("number")]


def _run_page(client, event: Tournament) -> str:
    client.force_login(owner_of(event.club))
    return client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()


# -- taking back a round seated by mistake -----------------------------------------------------


def test_a_seated_round_is_taken_back_and_the_event_waits_to_seat_it_again(club):
    event, boss = with_round_two_seated(club)
    seated = _pairs(_latest(event))
    assert corrections.undo_round(event, boss) == 2
    assert _latest(event).number == 1 and not TableAssignment.objects.filter(
        round__number=2, round__tournament=event
    )
    assert _fresh(event).moves_on_at is None  # the director seats it again when ready
    assert schedule.step(event.pk) == []
    (logged,) = event.log.filter(kind=EventLog.Kind.UNDO)
    assert (logged.round, logged.by) == (2, boss)
    assert [tuple(t["seats"]) for t in logged.details["tables"]] == seated
    again = rounds.generate_round(event, boss, number=2, start=False)
    assert _pairs(again) == seated  # nothing changed: the same round


def test_a_round_that_has_started_is_not_taken_back_but_voided(club):
    event, _row = _running(club)
    target = actions.Target(_fresh(event))
    assert not actions.COMMANDS["undo-round"].available(target)
    assert actions.COMMANDS["void-round"].available(target)
    with pytest.raises(
        NotNow, match=re.escape("Round 1 has started: void it instead, with a reason.")
    ):
        corrections.check_undo(_fresh(event))


def test_only_the_latest_round_is_taken_back_or_voided(club):
    event, boss = with_round_two_seated(club, format="single_elimination")
    first = event.rounds.get(number=1)
    with pytest.raises(TournamentError, match=re.escape(
        "Round 2 is seated from the results of round 1: take round 2 back first."
    )):  # fmt: skip
        corrections.void_round(event, boss, "wrong tiles", row=first)
    corrections.undo_round(event, boss)
    corrections.void_round(event, boss, "wrong tiles", row=first)
    assert not event.rounds.exists()


def test_a_finished_event_must_be_reopened_first(club):
    event, row = _running(club)
    record_by_seed(event, row)
    schedule.step(event.pk)
    record_by_seed(event, _latest(event))
    events.finish(event, owner_of(club))
    for check in (corrections.check_undo, corrections.check_void):
        with pytest.raises(NotNow, match="The event is finished: reopen it first"):
            check(_fresh(event))


# -- voiding a round that must be played again -------------------------------------------------


def test_a_voided_round_stops_its_tables_and_counts_for_nothing(club):
    event, row = _running(club)
    record_by_seed(event, row)
    schedule.step(event.pk)
    second = _latest(event)
    before = _points(event)
    finished, playing = second.tables.order_by("number")
    results.record_result(event, owner_of(club), finished, [1, 2], "played")
    playing_table = Table.objects.get(pk=playing.table_id)
    assert corrections.void_round(event, owner_of(club), "the tiles were marked") == 2
    playing_table.refresh_from_db()
    assert playing_table.state == Table.State.FINISHED  # its games set was stopped
    assert Match.objects.get(pk=playing.match_id).state == Match.State.ABANDONED
    assert Match.objects.get(pk=playing.match_id).note["voided"] is True
    assert _points(event) == before  # as if round 2 had never been played
    assert [r.number for r in state.snapshot(event).rounds] == [1]
    (logged,) = event.log.filter(kind=EventLog.Kind.VOID)
    assert logged.reason == "the tiles were marked"
    assert logged.details["tables"][0]["places"] == [1, 2]  # the results set aside, kept
    assert logged.details["tables"][0]["code"] == finished.table.code


def test_a_voided_round_is_paired_again_as_before_and_dealt_anew(club):
    event, row = _running(club)
    record_by_seed(event, row)
    schedule.step(event.pk)
    voided = _latest(event)
    seats, seeds = _pairs(voided), [t.match.seed for t in voided.tables.order_by("number")]
    corrections.void_round(event, owner_of(club), "replay")
    again = rounds.generate_round(event, owner_of(club), number=2)
    assert _pairs(again) == seats
    assert [t.match.seed for t in again.tables.order_by("number")] != seeds


def test_a_void_needs_a_reason(club):
    event, _row = _running(club)
    with pytest.raises(TournamentError, match="Say why"):
        corrections.void_round(event, owner_of(club), "  ")
    assert _latest(event) is not None


def test_an_entry_that_left_during_a_voided_round_left_before_it(club):
    event, row = _running(club, 6)
    record_by_seed(event, row)
    schedule.step(event.pk)
    gone = event.entries.get(seed=6)
    entries.withdraw(event, owner_of(club), gone)
    assert Entry.objects.get(pk=gone.pk).withdrawn_after_round == 2
    corrections.void_round(event, owner_of(club), "replay")
    assert Entry.objects.get(pk=gone.pk).withdrawn_after_round == 1
    again = rounds.generate_round(event, owner_of(club), number=2)
    assert gone.pk not in {who for seats in _pairs(again) for who in seats}


@pytest.mark.parametrize(
    ("fmt", "fields"),
    [
        ("swiss", {}),
        ("single_elimination", {}),
        ("double_elimination", {}),
        ("round_robin", {}),
        ("table_knockout", {"style": "cutthroat", "seats": 4}),
        ("swiss_tables", {"style": "cutthroat", "seats": 4}),
    ],
)
def test_the_formats_take_the_event_back_to_before_a_voided_round(club, fmt, fields):
    count = 8 if fmt in ("table_knockout", "swiss_tables") else 4
    event, row = _running(club, count, format=fmt, **fields)
    for table in row.tables.order_by("number"):
        results.record_result(event, owner_of(club), table, list(range(1, len(table.seats) + 1)),
                              "ok")  # fmt: skip
    made = rounds.preview_round(event, owner_of(club))
    schedule.step(event.pk)
    corrections.void_round(event, owner_of(club), "replay")
    assert rounds.preview_round(event, owner_of(club)) == made


def test_state_before_a_round_is_the_state_it_was_made_from():
    from tournaments.formats import Entrant, RoundPlan, TablePlan

    one = RoundPlan(1, (TablePlan((1, 2), (1, 2)), TablePlan((3, 4), (2, 1))))
    two = RoundPlan(2, (TablePlan((1, 4)), TablePlan((2, 3))))
    played = State([Entrant(i, seed=i) for i in range(1, 5)], (one, two)).withdraw([4])
    back = played.before(2)
    assert back.rounds == (one,)
    assert back.by_id[4].withdrawn_after == 1 and not back.by_id[4].active
    assert played.before(3) == played
    with pytest.raises(Exception, match="no round 4"):
        played.before(4)


# -- pairing a seated round again after a correction -------------------------------------------


def test_re_pair_is_offered_only_after_a_correction_that_changes_the_pairing(client, club):
    event, boss = with_round_two_seated(club)
    target = actions.Target(_fresh(event))
    assert actions.offer("re-pair", target).available is False
    assert actions.offer("re-pair", target).reason == ""  # nothing was corrected: not a word
    first = event.rounds.get(number=1).tables.order_by("number").first()
    results.record_result(event, boss, first, [2, 1], "the sheet was misread")
    target = actions.Target(_fresh(event))
    assert actions.COMMANDS["re-pair"].available(target)
    page = _run_page(client, event)
    assert "Round 2 was paired before the result of round 1, table 1 was corrected." in page
    assert "Pair round 2 again" in page
    row = _latest(event)
    starts_at = row.starts_at
    new = corrections.repair_round(event, boss)
    assert new.number == 2 and new.starts_at == starts_at
    planned = corrections.paired_on_old_results  # offered no more: paired from the results now
    with pytest.raises(NotNow):
        planned(_fresh(event))
    assert event.log.filter(kind=EventLog.Kind.REPAIR, round=2).exists()
    # the new round is what the format pairs from round 1 as it now stands
    snap = state.snapshot(event)
    again = snap.format.next_round(snap.state.before(2))
    assert _pairs(new) == [tuple(t.seats) for t in again.tables]


def test_a_correction_that_would_pair_the_same_says_so(club):
    event, boss = with_round_two_seated(club)
    first = event.rounds.get(number=1).tables.order_by("number").first()
    results.record_result(event, boss, first, [1, 2], "checked again: it stands")
    offered = actions.offer("re-pair", actions.Target(_fresh(event)))
    assert not offered.available
    assert "would seat the same" in offered.reason


def test_a_knockout_correction_waits_for_its_seated_round_to_be_taken_back(club):
    event, boss = with_round_two_seated(club, format="single_elimination")
    semi = event.rounds.get(number=1).tables.order_by("number").first()
    with pytest.raises(TournamentError, match="which is seated already"):
        results.record_result(event, boss, semi, [2, 1], "misread")
    corrections.undo_round(event, boss)
    results.record_result(event, boss, semi, [2, 1], "misread")
    final = rounds.generate_round(event, boss, number=2)
    assert semi.seats[1] in final.tables.get().seats


# -- reopening a finished event ----------------------------------------------------------------


def test_a_finished_event_is_reopened_corrected_and_finished_again(club):
    event, row = _running(club, format="single_elimination")
    boss = owner_of(club)
    record_by_seed(event, row)
    schedule.step(event.pk)
    final = _latest(event).tables.get()
    results.record_result(event, boss, final, [1, 2], "played")
    schedule.step(event.pk)
    assert _fresh(event).state == Tournament.State.FINISHED
    champion = event.entries.get(final_place=1)
    with pytest.raises(TournamentError, match="Say why"):
        events.reopen(event, boss, "")
    events.reopen(event, boss, "the final's sheet was signed the other way round")
    event = _fresh(event)
    assert event.state == Tournament.State.RUNNING and event.moves_on_at is None
    assert not event.entries.filter(final_place__isnull=False).exists()
    assert schedule.step(event.pk) == []  # it waits for the director, even though it could end
    results.record_result(event, boss, final, [2, 1], "late correction")
    events.finish(event, boss)
    event = _fresh(event)
    assert event.state == Tournament.State.FINISHED
    assert event.entries.get(final_place=1).pk != champion.pk
    kinds = list(event.log.values_list("kind", flat=True))
    assert kinds[:3] == [EventLog.Kind.FINISH, EventLog.Kind.OVERRIDE, EventLog.Kind.REOPEN]


def test_only_a_finished_event_is_reopened(club):
    event, _row = _running(club)
    with pytest.raises(NotNow, match="only a finished event can be reopened"):
        events.reopen(event, owner_of(club), "why not")


# -- the log -----------------------------------------------------------------------------------


def _corrected_night(club) -> Tournament:
    event, boss = with_round_two_seated(club)
    first = event.rounds.get(number=1).tables.order_by("number").first()
    results.record_result(event, boss, first, [2, 1], '=HYPERLINK("x") misread')
    corrections.repair_round(event, boss)
    corrections.undo_round(event, boss)
    rounds.generate_round(event, boss, number=2)
    corrections.void_round(event, boss, "tiles marked")
    return event


def test_the_log_lists_every_correction_newest_first_with_who_when_and_why(client, club):
    event = _corrected_night(club)
    rows = director.log_rows(event)
    assert [r.kind for r in rows[:4]] == ["void", "undo", "repair", "override"]
    void, _undo, repair, override = rows[:4]
    assert (void.what, void.where, void.reason) == ("Round voided", "Round 2", "tiles marked")
    assert repair.detail == "2 tables dropped; paired again after round 1, table 1 was corrected"
    assert override.what == "Result corrected" and override.where == "Round 1, table 1"
    assert override.detail == "Places 1, 2, now 2, 1"
    assert all(r.by == owner_of(club).name for r in rows)
    page = _run_page(client, event)
    assert "Log of corrections" in page and "tiles marked" in page
    assert page.index("Round voided") < page.index("Round taken back")
    assert reverse("event_export", kwargs={"slug": event.slug, "what": "log"}) in page


def test_the_log_csv_is_the_organisers_and_holds_no_formula(client, club, people):
    event = _corrected_night(club)
    url = reverse("event_export", kwargs={"slug": event.slug, "what": "log"})
    client.force_login(people.organiser)
    answer = client.get(url)
    assert answer.status_code == 200
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert rows[0] == ["when", "what", "round", "table", "who", "why", "details"]
    assert [row[1] for row in rows[1:5]] == ["Round voided", "Round taken back",
                                            "Round paired again", "Result corrected"]  # fmt: skip
    corrected = rows[4]
    assert corrected[2:4] == ["1", "1"] and corrected[5] == '\'=HYPERLINK("x") misread'
    client.force_login(people.member)  # sees the event and its other files, not the log
    assert client.get(url).status_code == 404
    assert (
        client.get(
            reverse("event_export", kwargs={"slug": event.slug, "what": "standings"})
        ).status_code
        == 200
    )


# -- the admin ---------------------------------------------------------------------------------


def _act(client, model: str, action: str, rows, **extra):
    url = reverse(f"admin:tournaments_{model}_changelist")
    data = {"action": action, ACTION_CHECKBOX_NAME: [r.pk for r in rows], **extra}
    return client.post(url, data, follow=True)


def _said(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def test_the_admin_takes_back_voids_and_reopens_or_says_why_not(client, club):
    event, boss = with_round_two_seated(club, format="single_elimination")
    client.force_login(boss)
    first, second = event.rounds.order_by("number")
    said = _said(_act(client, "round", "void", [first], apply="1", reason="misread"))
    assert "Round 2 is seated from the results of round 1: take round 2 back first." in said
    said = _said(_act(client, "round", "take_back", [second]))
    assert "Round 2 is taken back" in said
    page = _act(client, "round", "void", [first])  # the reason is asked first
    assert page.status_code == 200 and 'name="reason"' in page.content.decode()
    said = _said(_act(client, "round", "void", [first], apply="1", reason="marked tiles"))
    assert "Round 1 is void" in said
    assert event.log.filter(kind=EventLog.Kind.VOID, reason="marked tiles").exists()
    said = _said(_act(client, "tournament", "reopen", [event], apply="1", reason="late"))
    assert "only a finished event can be reopened" in said
    change = client.get(reverse("admin:tournaments_tournament_change", args=[event.pk]))
    assert "Log of corrections" in change.content.decode()
    assert "marked tiles" in change.content.decode()
