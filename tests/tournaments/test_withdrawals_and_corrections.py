"""An organiser's busy night through the site's services: withdrawals mid-event never rewrite
a match already decided, a correction that would change a seated round is refused with a
sentence in the organiser's language, and wrong format options are refused in it too."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.tournaments.factories import enter, make_event, open_event, owner_of
from tournaments.models import Entry, Round
from tournaments.services import entries, events, results, rounds, state
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def _first_seat_wins(event, row: Round) -> None:
    for table in row.tables.order_by("number"):
        results.record_result(event, owner_of(event.club), table, [1, 2], "played")


def _knockout(club, count: int):
    event = open_event(club, format="single_elimination", turn_clock=0)
    made = enter(event, count)
    row = events.start(event, owner_of(club))
    return event, made, row


def test_a_walkover_is_kept_with_its_round_and_stands_when_its_winner_withdraws(club):
    event, made, row = _knockout(club, 8)
    boss = owner_of(club)
    seed = {i: entry for i, entry in enumerate(made, start=1)}
    _first_seat_wins(event, row)  # seeds 1, 4, 2 and 3 win
    entries.withdraw(event, boss, seed[4])
    second = rounds.generate_round(event, boss)
    assert second.walkovers == [seed[1].pk]
    _first_seat_wins(event, second)
    entries.withdraw(event, boss, seed[1])  # after winning round 2 by walkover
    assert Entry.objects.get(pk=seed[1].pk).withdrawn_after_round == 2
    bracket = state.snapshot(event).bracket()  # the final is a walkover: the event is over
    assert bracket.match("R3-1").status == "walkover"
    assert bracket.match("R2-1").status == "walkover"
    assert bracket.match("R2-1").advancing == (seed[1].pk,)
    assert bracket.champion == seed[2].pk and bracket.places[seed[1].pk] == 2
    events.finish(event, boss)
    assert Entry.objects.get(pk=seed[1].pk).final_place == 2


def test_an_event_page_names_who_went_through_by_walkover(client, club):
    event, made, row = _knockout(club, 8)
    boss = owner_of(club)
    _first_seat_wins(event, row)  # seeds 1, 4, 2 and 3 win
    entries.withdraw(event, boss, made[3])
    rounds.generate_round(event, boss)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Through without playing (their opponent withdrew):" in page
    assert made[0].name in page
    assert "R2-1 · won without playing" in page  # the bracket says so too


def test_a_correction_that_would_change_a_seated_round_is_refused_in_the_organisers_language(
    club,
):
    event, _made, row = _knockout(club, 4)
    boss = owner_of(club)
    _first_seat_wins(event, row)
    rounds.generate_round(event, boss)
    first = row.tables.order_by("number").first()
    with pytest.raises(TournamentError) as english:
        results.record_result(event, boss, first, [2, 1], "second thoughts")
    said = str(english.value)
    assert said.startswith("That would change who plays in round 2, which is seated already")
    assert not re.search(r"\b\d+ v \d+\b", said)  # entries by name or not at all, never by number
    with translation.override("es"), pytest.raises(TournamentError) as spanish:
        results.record_result(event, boss, first, [2, 1], "second thoughts")
    assert "ya está sentada" in str(spanish.value)
    first.refresh_from_db()
    assert first.places == [1, 2]


@pytest.mark.parametrize(
    ("options", "english", "spanish"),
    [
        ({"rounds": "3"}, "Rounds must be a whole number", "«rounds» lleva un número entero"),
        ({"rounds": 0}, "Rounds must be from 1 to 999", "«rounds» debe ir de 1 a 999"),
        ({"colour": "red"}, "Swiss has no option colour", "no tiene la opción «colour»"),
    ],
)
def test_a_wrong_format_option_is_refused_in_the_organisers_language(
    club, options, english, spanish
):
    with pytest.raises(TournamentError, match=english):
        make_event(club, format_options=options)
    with translation.override("es"), pytest.raises(TournamentError) as refused:
        make_event(club, format_options=options)
    assert spanish in str(refused.value)


def test_a_table_knockout_that_would_never_end_is_refused_when_it_starts(club):
    event = open_event(
        club, style="cutthroat", seats=4, format="table_knockout", bots_fill=True,
        format_options={"advance": 3}, turn_clock=0,
    )  # fmt: skip
    enter(event, 6)
    with pytest.raises(TournamentError, match="knock nobody out"):
        events.start(event, owner_of(club))
    assert not event.rounds.exists()
