"""The new-event form as a director meets it: it opens with a combination that makes an event
(sent untouched, it creates one), offers only the seat counts of the chosen style and the
formats that fit it, shows only the chosen format's own options (asked again with htmx when
the style or format changes; without script, by a button), keeps the JSON box behind
"Advanced", and says in a director's words what the turn clock and the no-show grace do."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.tournaments.factories import enter, make_event, owner_of
from tournaments.forms import EventForm, initial_for
from tournaments.models import Tournament
from tournaments.services import events

pytestmark = pytest.mark.django_db


class _Fields(HTMLParser):
    """What a browser sends for the page's event form, untouched: each field's value, a
    ticked box's, a list's selected option (else its first)."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[str, str]] = []
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []
        self._textarea: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and "name" in a and a.get("type") not in ("submit", "button"):
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.sent.append((a["name"], a.get("value", "on")))
            else:
                self.sent.append((a["name"], a.get("value") or ""))
        elif tag == "select":
            self._select, self._options = a["name"], []
        elif tag == "option" and self._select is not None:
            self._options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea":
            self._textarea, self._text = a["name"], ""

    def handle_data(self, data):
        if self._textarea is not None:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "select" and self._select is not None:
            chosen = [v for v, selected in self._options if selected] or [self._options[0][0]]
            self.sent.append((self._select, chosen[0]))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.sent.append((self._textarea, self._text.strip("\n")))
            self._textarea = None


def sent_by(html: str) -> dict[str, str]:
    form = html[html.index('<form method="post" class="card ev-form">') :]
    parser = _Fields()
    parser.feed(form[: form.index("</form>")])
    return dict(parser.sent)


def test_the_new_event_form_sent_untouched_creates_an_event_that_runs(client, club, people):
    client.force_login(people.organiser)
    page = client.get(reverse("event_new")).content.decode()
    data = sent_by(page)
    assert data["name"] and data["style"] == "cutthroat" and data["seats"] == "4"
    assert data["format"] == "swiss_tables"
    created = client.post(reverse("event_new"), data)
    assert created.status_code == 302, created.content.decode()[:3000]
    event = Tournament.objects.get()
    assert (event.style, event.seats, event.format, event.format_options) == (
        "cutthroat", 4, "swiss_tables", {},
    )  # fmt: skip
    events.open_registration(event, owner_of(club))
    enter(event, 4)
    events.start(event, owner_of(club))
    event.refresh_from_db()
    assert event.state == Tournament.State.RUNNING and event.rounds.count() == 1


def test_the_form_offers_only_the_seat_counts_and_formats_of_the_style(client, people):
    client.force_login(people.organiser)
    page = client.get(reverse("event_new")).content.decode()
    seats = page[page.index('name="seats"') : page.index("</select>", page.index('name="seats"'))]
    assert re.findall(r'<option value="(\d)"', seats) == ["4"]
    assert "2: one against one" not in page  # the seats' help only where two seats are offered
    shape = client.get(reverse("event_style_options"), {"style": "doubles"}).content.decode()
    assert "2: one against one" in shape
    seats = shape[shape.index('name="seats"') :]
    assert re.findall(r'<option value="(\d)"', seats[: seats.index("</select>")]) == [
        "4", "3", "2",
    ]  # fmt: skip
    partner = client.get(reverse("event_style_options"), {"style": "partner"}).content.decode()
    formats = partner[partner.index('name="format"') :]
    offered = re.findall(r'<option value="(\w+)"', formats[: formats.index("</select>")])
    assert offered == ["single_elimination", "double_elimination", "round_robin", "swiss",
                       "two_stage"]  # fmt: skip


def test_changing_the_style_or_format_swaps_in_what_fits_and_keeps_what_still_does(client):
    url = reverse("event_style_options")
    shape = client.get(url, {"style": "cutthroat", "seats": "4", "format": "swiss_tables",
                             "rounds": "5", "shown": "allow_byes"}).content.decode()  # fmt: skip
    assert shape.index('id="style-options"') < shape.index('id="format-options"')
    assert 'id="format-options" hx-swap-oob="true"' in shape and "<html" not in shape
    assert re.search(r'name="rounds" value="5"', shape)
    assert 'name="allow_byes"' in shape and 'name="third_place"' not in shape
    knockout = client.get(url, {"style": "block", "seats": "2", "format": "single_elimination",
                                "rounds": "5"}).content.decode()  # fmt: skip
    assert 'name="third_place"' in knockout and 'name="rounds"' not in knockout
    # a format that does not fit the new style gives way to the first that does
    partner = client.get(url, {"style": "partner", "seats": "4", "format": "swiss_tables",
                               "rounds": "5"}).content.decode()  # fmt: skip
    assert re.search(r'<option value="single_elimination" selected>', partner)
    assert 'name="rounds"' not in partner and 'name="third_place"' in partner
    for name in ("style", "seats", "format"):
        tag = re.search(rf'<select name="{name}"[^>]*>', partner or knockout)
        if tag:
            assert 'hx-get="/events/new/style-options/"' in tag.group(0), name


def test_the_fields_that_reshape_the_form_ask_for_it_again(client, people):
    client.force_login(people.organiser)
    page = client.get(reverse("event_new")).content.decode()
    for name in ("style", "seats", "format"):
        tag = re.search(rf'<select name="{name}"[^>]*>', page).group(0)
        assert 'hx-get="/events/new/style-options/"' in tag and 'hx-target="#style-options"' in tag
        assert 'hx-include="#id_style, #style-options, #format-options"' in tag
    assert re.search(r'<input type="checkbox" name="style_first_to_six"[^>]*hx-get=', page)


def test_without_script_a_button_shows_the_choices_for_the_style_and_format(client, people):
    client.force_login(people.organiser)
    page = client.get(reverse("event_new")).content.decode()
    assert re.search(r'<noscript>.*name="reshape".*</noscript>', page, re.S)
    data = sent_by(page)
    data.pop("rated")  # unticked by the director before changing the format
    data.update(name="Knockout Friday", style="block", seats="2", format="single_elimination",
                reshape="1")  # fmt: skip
    again = client.post(reverse("event_new"), data)
    assert again.status_code == 200 and not Tournament.objects.exists()
    html = again.content.decode()
    assert 'value="Knockout Friday"' in html and 'name="third_place"' in html
    assert re.search(r'<option value="single_elimination" selected>', html)
    assert not re.search(r'name="rated"[^>]*checked', html)
    assert "This field is required" not in html


def test_the_json_box_is_behind_advanced_and_opens_when_it_holds_something(client, people):
    client.force_login(people.organiser)
    page = client.get(reverse("event_new")).content.decode()
    closed = re.search(r'<details class="ev-advanced">\s*<summary>Advanced</summary>', page)
    assert closed and page.index("<details") < page.index('name="more_options"')
    event = make_event(people.organiser.memberships.first().club,
                       format_options={"tiebreaks": ["wins"]})  # fmt: skip
    edit = client.get(reverse("event_edit", kwargs={"slug": event.slug})).content.decode()
    assert '<details class="ev-advanced" open>' in edit


def test_the_clock_and_the_no_show_grace_say_what_they_do(client, people):
    client.force_login(people.organiser)
    page = client.get(reverse("event_new")).content.decode()
    assert "when it runs out, a bot&#x27;s move is played for them" in page
    assert "How long after a table starts a player may still come" in page
    assert re.search(r'name="no_show_grace" value="180"', page)


def test_a_two_stage_events_stage_options_are_edited_in_their_fields_and_kept(club):
    stored = {"pools": "swiss", "playoff": "single_elimination", "advance": 4,
              "pool_options": {"rounds": 3, "avoid_weight": 1.5},
              "playoff_options": {"third_place": True}, "tiebreaks": ["wins"]}  # fmt: skip
    event = make_event(club, format="two_stage", format_options=stored)
    initial = initial_for(event)
    assert (initial["rounds"], initial["third_place"], initial["going_on"]) == (3, True, 4)
    assert json.loads(initial["more_options"]) == {
        "pool_options": {"avoid_weight": 1.5}, "tiebreaks": ["wins"],
    }  # fmt: skip
    data = {**{k: "" if v is None else v for k, v in initial.items()}, "third_place": "on"}
    data = {k: v for k, v in data.items() if v is not False}
    data["points_4"], data["points_3"], data["points_2"] = "4-2-1-0", "4-2-0", "1-0"
    form = EventForm(data, editing=True)
    assert form.is_valid(), form.errors
    assert form.format_options() == stored
