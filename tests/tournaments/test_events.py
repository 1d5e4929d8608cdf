"""An event's life through the services: its shape is checked as a whole, its steps go in
order, and a refused step says why and changes nothing."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.models import Table
from tests.factories import make_user
from tests.tournaments.factories import (
    enter,
    make_event,
    open_event,
    owner_of,
    with_round_two_seated,
)
from tournaments.models import Entry, Round, TableAssignment, Tournament
from tournaments.services import entries, events, results, rounds
from tournaments.services.errors import TournamentError
from tournaments.services.state import state_of

pytestmark = pytest.mark.django_db


def test_an_event_is_created_as_a_draft_with_a_seed_and_a_free_slug(club, people):
    first = make_event(club, name="Friday Swiss")
    second = events.create(club, people.organiser, name="Friday Swiss", style="block", seats=2,
                           format="swiss")  # fmt: skip
    assert first.state == Tournament.State.DRAFT and first.seed > 0
    assert (first.slug, second.slug) == ("friday-swiss", "friday-swiss-2")
    assert second.created_by == people.organiser
    assert events.create(club, people.owner, name="Mine", style="block", seats=2,
                         format="swiss").slug == "mine-2"  # fmt: skip


@pytest.mark.parametrize("who", ["member", "outsider"])
def test_only_the_clubs_organisers_create_its_events(club, people, who):
    with pytest.raises(TournamentError, match="organisers"):
        events.create(club, getattr(people, who), name="X", style="block", seats=2, format="swiss")
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"style": "cutthroat", "seats": 4, "format": "swiss"}, "tables of players each"),
        ({"style": "partner", "seats": 4, "format": "swiss_tables"}, "two sides"),
        ({"style": "block", "seats": 3, "format": "swiss"}, "played at 2, 4 seats"),
        ({"format_options": {"rounds": 0}}, "Rounds must be from 1 to 999"),
        ({"format_options": {"rounds": 10**12}}, "Rounds must be from 1 to 999"),
        ({"format_options": {"bogus": 1}}, "no option bogus"),
        ({"options": {"target": -5}}, "positive whole number"),
        ({"play_mode": "games"}, "how many games"),
        ({"points": {"2": [0, 1]}}, "must not rise"),
        ({"entry_cap": 1}, "at least 2"),
        ({"entry_cap": 10**20}, "at most 100,000"),
        ({"format_options": {"seed": 1}}, "sets seed"),
    ],
)  # fmt: skip
def test_fields_that_make_no_event_are_refused_and_nothing_is_stored(club, fields, says):
    with pytest.raises(TournamentError, match=says):
        make_event(club, **fields)
    assert not Tournament.objects.exists()


def test_the_shape_is_fixed_once_someone_has_entered(club):
    event = open_event(club)
    events.update(event, owner_of(club), format="round_robin", name="Renamed")
    enter(event, 1)
    with pytest.raises(TournamentError, match="can no longer change"):
        events.update(event, owner_of(club), format="swiss")
    events.update(event, owner_of(club), name="Friday Round Robin", entry_cap=20)
    event.refresh_from_db()
    assert (event.format, event.name, event.entry_cap) == ("round_robin", "Friday Round Robin", 20)


def test_steps_go_in_order_and_a_step_out_of_order_is_refused(club):
    event = make_event(club)
    boss = owner_of(club)
    with pytest.raises(TournamentError, match="still a draft"):
        events.open_checkin(event, boss)
    events.open_registration(event, boss)
    with pytest.raises(TournamentError, match="taking entries"):
        events.open_registration(event, boss)
    events.open_checkin(event, boss)
    event.refresh_from_db()
    assert event.state == Tournament.State.CHECKIN


def test_start_plays_round_one_at_games_tables_with_the_people_seated(club):
    event = open_event(club, turn_clock=0)
    made = enter(event, 4)
    row = events.start(event, owner_of(club))
    event.refresh_from_db()
    assert event.state == Tournament.State.RUNNING and row.number == 1
    tables = list(row.tables.order_by("number"))
    assert len(tables) == 2 and all(t.state == TableAssignment.State.PLAYING for t in tables)
    seated = {who for t in tables for who in t.seats}
    assert seated == {e.pk for e in made}
    for t in tables:
        players = list(t.table.seats.order_by("index").values_list("player_id", flat=True))
        assert players == [Entry.objects.get(pk=who).player_id for who in t.seats]
        assert t.match.table_id == t.table_id and t.table.host_id is None


def test_pairs_sit_opposite_at_four_seat_tables(club):
    event = open_event(club, style="partner", seats=4, format="swiss", turn_clock=0)
    made = enter(event, 2)
    row = events.start(event, owner_of(club))
    table = row.tables.get()
    first, second = (Entry.objects.get(pk=who) for who in table.seats)
    players = list(table.table.seats.order_by("index").values_list("player_id", flat=True))
    assert players == [first.player_id, second.player_id, first.partner_id, second.partner_id]
    assert {first.pk, second.pk} == {e.pk for e in made}


def test_bots_take_the_seats_the_format_leaves_empty(club):
    event = open_event(club, style="cutthroat", seats=4, format="swiss_tables", bots_fill=True,
                       turn_clock=0)  # fmt: skip
    enter(event, 6)
    row = events.start(event, owner_of(club))
    tables = list(row.tables.order_by("number"))
    assert [t.seats.count(None) for t in tables] == [1, 1]
    for t in tables:
        seat = t.table.seats.get(index=t.seats.index(None))
        assert seat.player.is_bot and seat.player.bot_level == "casual"


def test_a_count_the_format_cannot_take_is_refused_with_what_would_work(club):
    event = open_event(club, style="cutthroat", seats=4, format="swiss_tables")
    enter(event, 6)
    with pytest.raises(TournamentError, match=r"take 4 or 8.*let bots fill empty seats"):
        events.start(event, owner_of(club))
    event.refresh_from_db()
    assert event.state == Tournament.State.REGISTRATION
    assert not Round.objects.exists() and not Table.objects.exists()


@pytest.mark.parametrize(
    ("fields", "count", "says"),
    [({"format": "round_robin"}, 1, "necesita al menos 2 inscripciones; hay 1"),
     ({"format": "round_robin", "format_options": {"pools": 2}}, 3,
      "necesita al menos 4 inscripciones; hay 3"),
     ({"format": "two_stage", "format_options": {"advance": 8}}, 5,
      "Deben clasificarse 8 para la eliminatoria, pero solo hay 5 inscripciones.")],
)  # fmt: skip
def test_too_few_entries_read_as_too_few_in_another_language(club, fields, count, says):
    event = open_event(club, turn_clock=0, **fields)
    enter(event, count)
    with translation.override("es"), pytest.raises(TournamentError) as refused:
        events.start(event, owner_of(club))
    assert says in str(refused.value)


def test_starting_from_check_in_withdraws_those_who_did_not_check_in(club):
    event = open_event(club, turn_clock=0)
    made = enter(event, 5)
    boss = owner_of(club)
    events.open_checkin(event, boss)
    for entry in made[:4]:
        entries.check_in(event, entry.player, entry)
    events.start(event, boss)
    made[4].refresh_from_db()
    assert made[4].status == Entry.Status.WITHDRAWN
    assert made[4].pk not in {e.id for e in state_of(event).entrants}


@pytest.mark.parametrize(
    ("language", "says"),
    [("en", "Only entries that have checked in play: 1 of 3 have."),
     ("es", "Solo juegan las inscripciones que han registrado su llegada: 1 de 3 lo han hecho.")],
)  # fmt: skip
def test_too_few_checked_in_says_only_those_checked_in_count(club, language, says):
    event = open_event(club, turn_clock=0)
    made = enter(event, 3)
    boss = owner_of(club)
    events.open_checkin(event, boss)
    entries.check_in(event, made[0].player, made[0])
    with translation.override(language), pytest.raises(TournamentError) as refused:
        events.start(event, boss)
    assert says in str(refused.value)
    assert Entry.objects.filter(status=Entry.Status.REGISTERED).count() == 2  # nobody withdrawn


def test_the_next_round_waits_for_the_last_and_two_clicks_make_one_round(club):
    event = open_event(club, turn_clock=0)
    enter(event, 4)
    boss = owner_of(club)
    events.start(event, boss)
    with pytest.raises(TournamentError, match=r"Round 1 is still being played: tables 1, 2"):
        rounds.preview_round(event, boss)
    for table in TableAssignment.objects.filter(round__number=1):
        results.record_result(event, boss, table, [1, 2], "played on paper")
    preview = rounds.preview_round(event, boss)
    row = rounds.generate_round(event, boss, number=preview.number)
    assert row.number == 2
    assert [list(t.seats) for t in row.tables.order_by("number")] == [
        list(t.seats) for t in preview.tables
    ]
    with pytest.raises(TournamentError, match="Round 2 has been generated already"):
        rounds.generate_round(event, boss, number=2)
    assert Round.objects.filter(tournament=event).count() == 2


def test_finishing_needs_every_result_and_writes_final_places(club):
    event = open_event(club, format="single_elimination", turn_clock=0)
    enter(event, 2)
    boss = owner_of(club)
    row = events.start(event, boss)
    with pytest.raises(TournamentError, match=r"\(table 1\): record its result first"):
        events.finish(event, boss)
    table = row.tables.get()
    results.record_result(event, boss, table, [2, 1], "the set was played at the bar")
    events.finish(event, boss)
    places = {Entry.objects.get(pk=who).final_place for who in table.seats}
    assert places == {1, 2}
    winner = Entry.objects.get(pk=table.seats[1])
    assert winner.final_place == 1


def test_cancelling_abandons_the_sets_still_being_played(club):
    event = open_event(club, turn_clock=0)
    enter(event, 2)
    row = events.start(event, owner_of(club))
    events.cancel(event, owner_of(club))
    event.refresh_from_db()
    assert event.state == Tournament.State.CANCELLED
    assert row.tables.get().table.state == Table.State.FINISHED
    with pytest.raises(TournamentError, match="cancelled already"):
        events.cancel(event, owner_of(club))


def test_a_member_cannot_run_any_step(club, people):
    event = open_event(club)
    for step in (events.open_checkin, events.start, events.finish, events.cancel):
        with pytest.raises(TournamentError, match="organisers"):
            step(event, people.member)
    with pytest.raises(TournamentError, match="organisers"):
        rounds.preview_round(event, make_user("stranger"))


def test_a_knockout_cannot_finish_before_it_has_a_champion_but_a_swiss_may_end_early(club):
    knockout = open_event(club, name="Cup", format="single_elimination", turn_clock=0)
    enter(knockout, 4, prefix="k")
    boss = owner_of(club)
    row = events.start(knockout, boss)
    for table in row.tables.all():
        results.record_result(knockout, boss, table, [1, 2], "played")
    with pytest.raises(TournamentError, match="no champion yet"):
        events.finish(knockout, boss)
    swiss = open_event(club, name="Swiss", turn_clock=0)
    enter(swiss, 4, prefix="s")
    row = events.start(swiss, boss)
    for table in row.tables.all():
        results.record_result(swiss, boss, table, [1, 2], "played")
    assert events.finish(swiss, boss).state == Tournament.State.FINISHED


def _swiss_with_round_two_seated(club):
    event, boss = with_round_two_seated(club, format_options={"rounds": 5})
    assert event.rounds.get(number=2).state == Round.State.SEATED
    return event, boss


def test_a_swiss_may_end_early_with_its_next_round_seated_and_the_unplayed_round_is_dropped(club):
    event, boss = _swiss_with_round_two_seated(club)
    assert events.finish(event, boss).state == Tournament.State.FINISHED
    assert list(event.rounds.values_list("number", flat=True)) == [1]
    places = sorted(event.entries.values_list("final_place", flat=True))
    assert places == [1, 1, 3, 3]


def test_a_seated_round_with_a_result_typed_in_is_kept_and_the_finish_waits_for_it(club):
    event, boss = _swiss_with_round_two_seated(club)
    first = event.rounds.get(number=2).tables.order_by("number").first()
    results.record_result(event, boss, first, [2, 1], "played early")
    with pytest.raises(TournamentError, match="still being played"):
        events.finish(event, boss)
    assert event.rounds.count() == 2
    assert TableAssignment.objects.get(pk=first.pk).places == [2, 1]


def test_a_refused_finish_keeps_the_seated_final(club):
    event, boss = with_round_two_seated(club, format="single_elimination")
    with pytest.raises(TournamentError, match="no champion yet"):
        events.finish(event, boss)
    assert event.rounds.get(number=2).tables.count() == 1


@pytest.mark.parametrize(
    ("language", "says"),
    [("es", "El evento ya está terminado."), ("fr", "Le tournoi est déjà terminé.")],
)
def test_a_finished_events_refusal_agrees_with_the_word_for_event(club, language, says):
    event, boss = _swiss_with_round_two_seated(club)
    events.finish(event, boss)
    with translation.override(language), pytest.raises(TournamentError) as refused:
        events.cancel(event, boss)
    assert str(refused.value) == says
