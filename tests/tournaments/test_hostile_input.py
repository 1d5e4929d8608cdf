"""Hostile input to the event pages and the events' admin (issue 40): each was a 500, now a
form error or a refusal that says why, and nothing is saved. JSON options nested deeper than
the parser's recursion, options too long to parse, and times at the end of year 9999 (past what
a datetime holds once moved to UTC or a day on)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.factories import make_event, owner_of, with_round_two_seated
from tests.tournaments.test_pages import event_form
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

TOO_DEEP = "That JSON is too deeply nested (more than 20 levels of brackets)."
TOO_LONG = "That JSON is too long (more than 100000 characters)."
#: Deep JSON and why it is refused: twice 100,000 brackets are refused by length, unread.
DEEP = [
    ("[" * 100_000, TOO_DEEP),
    ("[" * 100_000 + "]" * 100_000, TOO_LONG),
    ('{"a": ' * 21 + "1" + "}" * 21, TOO_DEEP),
]
YEARS = "Choose a date from the year 2000 to the year"
WHEN_FIELDS = ["starts_at", "registration_opens_at", "checkin_opens_at"]


def _event_url(event: Tournament | None) -> str:
    return reverse("event_edit", kwargs={"slug": event.slug}) if event else reverse("event_new")


def _unchanged(event: Tournament | None) -> bool:
    if event is None:
        return not Tournament.objects.exists()
    stored = Tournament.objects.get(pk=event.pk)
    return (stored.name, stored.format_options, stored.starts_at) == (
        event.name, event.format_options, event.starts_at,
    )  # fmt: skip


@pytest.fixture(params=["new", "edit"])
def event(request, club) -> Tournament | None:
    """None for the new-event form, a draft for the edit form."""
    return make_event(club) if request.param == "edit" else None


@pytest.mark.parametrize(("text", "reason"), DEEP, ids=["open", "closed", "objects"])
def test_options_nested_too_deep_are_the_json_boxs_error(client, club, people, event, text,
                                                          reason):  # fmt: skip
    client.force_login(people.owner)
    response = client.post(_event_url(event), event_form(club, name="Deep", more_options=text))
    assert response.status_code == 400
    assert reason in response.text
    assert _unchanged(event)


def test_options_too_long_to_parse_are_refused_by_their_length(client, club, people, event):
    client.force_login(people.owner)
    text = '{"cycles": 2, "note": "' + "x" * 100_000 + '"}'
    response = client.post(_event_url(event), event_form(club, more_options=text))
    assert response.status_code == 400
    assert TOO_LONG in response.text
    assert _unchanged(event)


def test_megabytes_of_options_get_the_bad_request_page_saying_why(client, club, people, settings):
    """Past Django's bound on a request's body the form never sees them: the 400 page says."""
    settings.DEBUG = False
    client.force_login(people.owner)
    text = '{"note": "' + "x" * 3_000_000 + '"}'
    response = client.post(_event_url(None), event_form(club, more_options=text))
    assert response.status_code == 400
    assert "That was too much to send at once: the site takes at most 2560 KB." in response.text
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("field", WHEN_FIELDS)
@pytest.mark.parametrize("value", ["9999-12-31T23:59", "1999-12-31T23:59", "0001-01-01T00:00"])
def test_a_time_outside_the_sites_years_is_the_fields_error(client, club, people, event, field,
                                                            value):  # fmt: skip
    client.force_login(people.owner)
    response = client.post(_event_url(event), event_form(club, name="Late", **{field: value}))
    assert response.status_code == 400
    assert YEARS in response.text
    assert _unchanged(event)


def _seated_round(club) -> tuple[Tournament, Round]:
    event, _boss = with_round_two_seated(club)
    return event, event.rounds.get(number=2)


@pytest.mark.parametrize("value", ["9999-12-31T23:59", "0001-01-01T00:00"])
def test_a_round_start_outside_the_sites_years_is_refused_naming_them(client, club, value):
    event, row = _seated_round(club)
    client.force_login(owner_of(club))
    url = reverse("event_step", kwargs={"slug": event.slug, "step": "round-time"})
    response = client.post(url, {"starts_at": value}, follow=True)
    assert response.redirect_chain == [(reverse("event_run", kwargs={"slug": event.slug}), 302)]
    (said,) = [str(m) for m in response.context["messages"]]
    assert said.startswith(f"Start the round at: {YEARS}")
    assert Round.objects.get(pk=row.pk).starts_at == row.starts_at
    assert Round.objects.get(pk=row.pk).state == Round.State.SEATED


def test_a_round_start_that_is_no_time_keeps_its_own_reason(client, club):
    event, _row = _seated_round(club)
    client.force_login(owner_of(club))
    url = reverse("event_step", kwargs={"slug": event.slug, "step": "round-time"})
    response = client.post(url, {"starts_at": "tomorrow"}, follow=True)
    assert response.redirect_chain[-1][1] == 302
    assert "Give the time as a date and a time of day." in response.text


# -- the admin ---------------------------------------------------------------------------------


def _admin_event_data(club, **changes: str) -> dict:
    """What the admin's event form posts for a two-party Block Swiss, with ``changes``."""
    return {
        "club": club.pk, "name": "Admin Swiss", "style": "block", "seats": "2",
        "options": "{}", "format": "swiss", "format_options": "{}", "play_mode": "set",
        "points": '{"2": [1, 0], "3": [4, 2, 0], "4": [4, 2, 1, 0]}', "bot_level": "casual",
        "turn_clock": "30", "visibility": "public", "advance": "auto", "round_pause": "0",
        "no_show": "bot", "no_show_grace": "180", "byes": "scored",
        **{f"{inline}-{n}": "0" for inline in ("entries", "rounds")
           for n in ("TOTAL_FORMS", "INITIAL_FORMS")},
        **changes,
    }  # fmt: skip


@pytest.mark.parametrize("field", ["options", "format_options", "points"])
@pytest.mark.parametrize(("text", "reason"), DEEP, ids=["open", "closed", "objects"])
def test_the_admin_refuses_json_nested_too_deep_at_its_field(client, club, people, field, text,
                                                             reason):  # fmt: skip
    event = make_event(club)
    client.force_login(people.owner)
    url = reverse("admin:tournaments_tournament_change", args=[event.pk])
    response = client.post(url, _admin_event_data(club, **{field: text}))
    assert response.status_code == 200
    assert reason in response.context["adminform"].form.errors[field]
    assert _unchanged(event)


def test_the_admin_refuses_nan_in_json_as_not_json(client, club, people):
    """A JSON column cannot store NaN; Django's own field let it through to the database."""
    event = make_event(club)
    client.force_login(people.owner)
    url = reverse("admin:tournaments_tournament_change", args=[event.pk])
    response = client.post(url, _admin_event_data(club, format_options='{"cycles": NaN}'))
    assert response.status_code == 200
    assert "format_options" in response.context["adminform"].form.errors
    assert _unchanged(event)


@pytest.mark.parametrize("field", WHEN_FIELDS)
def test_the_admin_refuses_an_event_time_at_the_end_of_year_9999(client, club, people, field):
    event = make_event(club)
    client.force_login(people.owner)
    url = reverse("admin:tournaments_tournament_change", args=[event.pk])
    data = _admin_event_data(club, **{f"{field}_0": "9999-12-31", f"{field}_1": "23:59:00"})
    response = client.post(url, data)
    assert response.status_code == 200
    assert YEARS in str(response.context["adminform"].form.errors[field])
    assert _unchanged(event)


def test_the_admin_refuses_a_round_start_at_the_end_of_year_9999(client, club):
    _event, row = _seated_round(club)
    client.force_login(owner_of(club))
    url = reverse("admin:tournaments_round_change", args=[row.pk])
    data = {"starts_at_0": "9999-12-31", "starts_at_1": "23:59:00",
            **{f"tables-{n}": "0" for n in ("TOTAL_FORMS", "INITIAL_FORMS")}}  # fmt: skip
    response = client.post(url, data)
    assert response.status_code == 200
    assert YEARS in str(response.context["adminform"].form.errors["starts_at"])
    stored = Round.objects.get(pk=row.pk)
    assert (stored.starts_at, stored.state) == (row.starts_at, Round.State.SEATED)


@pytest.mark.parametrize("page", ["²", "abc", "-1", "99999999999999999999999"])
def test_an_entries_page_that_is_no_page_shows_the_first(client, club, people, page):
    """A "²" passed ``isdigit`` and then broke ``int``: a 500."""
    event = make_event(club)
    client.force_login(people.owner)
    url = reverse("admin:tournaments_tournament_change", args=[event.pk])
    assert client.get(url, {"entries_page": page}).status_code == 200


def test_a_points_key_that_is_a_digit_but_no_number_is_refused_by_name(client, club, people):
    """A "²" passed ``isdigit`` and then broke ``int``: refused only by a general sentence."""
    client.force_login(people.owner)
    options = '{"pool_options": {"points": {"²": [1, 0]}}}'
    data = event_form(club, format="two_stage", more_options=options)
    response = client.post(reverse("event_new"), data)
    assert response.status_code == 400
    assert "Points are set per table size (2, 3 or 4), not for &#x27;²&#x27;." in response.text
    assert not Tournament.objects.exists()
