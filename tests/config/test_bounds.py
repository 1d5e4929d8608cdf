"""The bounds of what people may send (``config.bounds``, issue 40): the pages' tests show each
refusal where people meet it; these pin down the edges the pages cannot show one by one."""

from __future__ import annotations

import json
import time

import pytest
from django import forms
from django.contrib import admin
from django.db import models

from config import bounds


@pytest.mark.parametrize(
    ("raw", "found"),
    [("1", 1), (" 7 ", 7), (str(bounds.MAX_ID), bounds.MAX_ID), (str(bounds.MAX_ID + 1), None),
     ("0", None), ("-1", None), ("abc", None), ("²", None), ("١٢", None), ("1e3", None),
     ("", None), (None, None), ("9" * 5000, None)],
)  # fmt: skip
def test_an_id_from_request_data_is_ascii_digits_the_database_can_hold(raw, found):
    assert bounds.id_from(raw) == found


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"note": "[" * 500, "quoted": '"[[[[', "escaped": "\\" + "{" * 50})
    assert bounds.loads(text)["note"] == "[" * 500


@pytest.mark.parametrize("levels", [20, 21])
def test_twenty_levels_are_taken_and_twenty_one_refused(levels):
    text = "[" * levels + "]" * levels
    if levels <= bounds.MAX_JSON_DEPTH:
        assert bounds.loads(text) is not None
    else:
        with pytest.raises(bounds.JSONRefused, match="more than 20 levels"):
            bounds.loads(text)


def test_a_text_of_escaped_quotes_is_read_in_linear_time():
    """With its closing quote required, the string pattern tried every quote again: half a
    megabyte of ``\\"`` took minutes."""
    text = '"' + '\\"' * 500_000
    started = time.monotonic()
    with pytest.raises(ValueError):
        bounds.loads(text, max_chars=len(text))
    assert time.monotonic() - started < 2


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}', "[1e999]"])
def test_nan_infinity_and_floats_past_a_double_are_not_json(text):
    with pytest.raises(ValueError) as refused:
        bounds.loads(text)
    assert not isinstance(refused.value, bounds.JSONRefused)


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": ' * 30 + "1" + "}" * 30])
def test_the_json_field_shows_deep_json_back_unparsed_and_refuses_it(text):
    class Form(forms.Form):
        options = bounds.JSONField()

    form = Form({"options": text})
    assert not form.is_valid()
    assert "too deeply nested" in form.errors["options"][0]
    assert form["options"].value() == text


def test_an_admin_keeps_a_field_class_of_its_own_choosing():
    class Chosen(forms.JSONField):
        pass

    overrides = {models.JSONField: {"form_class": Chosen}}
    bounds.admin_overrides(overrides)
    assert overrides[models.JSONField]["form_class"] is Chosen
    assert overrides[models.DateTimeField]["form_class"] is bounds.AdminWhenField


def test_every_registered_admin_bounds_its_dates_times_and_json():
    for model_admin in admin.site._registry.values():
        overrides = model_admin.formfield_overrides
        assert overrides[models.DateTimeField]["form_class"] is bounds.AdminWhenField
        assert overrides[models.DateField]["form_class"] is bounds.AdminDayField
        assert overrides[models.JSONField]["form_class"] is bounds.JSONField
        assert overrides[models.ForeignKey]["form_class"] is bounds.IdChoiceField
        assert overrides[models.OneToOneField]["form_class"] is bounds.IdChoiceField


@pytest.mark.django_db
@pytest.mark.parametrize("value", [str(2**70), "²", "1; drop", "-3"])
def test_an_admin_pick_of_a_row_that_no_id_can_be_is_not_one_of_the_choices(client, value):
    """An event's club is picked through Django's autocomplete widget, which looks the sent
    value up again to show it: neither the field nor the widget may reach the database."""
    from tests.factories import make_user
    from tests.tournaments.factories import make_club, make_event

    root = make_user("root", is_superuser=True, is_staff=True)
    make_event(make_club(root))
    client.force_login(root)
    response = client.post("/admin/tournaments/tournament/add/", {"name": "Cup", "club": value})
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert "club" in form.errors
    assert f'value="{value}"' not in response.text  # nor shown again by the autocomplete


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    ["created_at__year=9999", "created_at__year=9999&created_at__month=12&created_at__day=31"],
)
def test_a_date_link_past_the_calendar_shows_the_list_unfiltered(client, query):
    from tests.factories import make_user

    client.force_login(make_user("root", is_superuser=True, is_staff=True))
    for model in ("tournaments/tournament", "games/table"):
        response = client.get(f"/admin/{model}/?{query}")
        assert response.status_code == 302 and "e=1" in response["Location"]
