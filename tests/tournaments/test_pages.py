"""The event pages: who may see them, who may run an event from them, and what they show."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from tests.factories import DEFAULT_PASSWORD, make_user
from tests.tournaments.factories import (
    enter,
    make_event,
    open_event,
    owner_of,
    with_round_two_seated,
)
from tournaments.models import Entry, TableAssignment, Tournament
from tournaments.services import events, results

pytestmark = pytest.mark.django_db

ORGANISING = ["owner", "organiser"]
NOT_ORGANISING = ["member", "outsider", None]


def client_for(client, people, who):
    if who is not None:
        client.force_login(getattr(people, who))
    return client


def organiser_requests(event: Tournament) -> list[tuple[str, str, dict]]:
    """Every organiser page and action of a running event: (method, url, data)."""
    table = TableAssignment.objects.filter(round__tournament=event).first()
    entry = event.entries.first()
    slug = event.slug
    steps = ["open-registration", "open-checkin", "start", "next-round", "start-round", "finish",
             "cancel", "add-bot"]  # fmt: skip
    out = [
        ("get", reverse("event_new"), {}),
        ("get", reverse("event_edit", kwargs={"slug": slug}), {}),
        ("get", reverse("event_run", kwargs={"slug": slug}), {}),
        ("get", reverse("table_result", kwargs={"slug": slug, "table": table.pk}), {}),
        ("post", reverse("table_result", kwargs={"slug": slug, "table": table.pk}),
         {"place_0": "1", "place_1": "2", "reason": "x"}),
        ("post", reverse("event_enter_for", kwargs={"slug": slug}), {"player": "member"}),
        ("post", reverse("event_reseat", kwargs={"slug": slug}), {"first": "1", "second": "2"}),
    ]  # fmt: skip
    out += [("post", reverse("event_step", kwargs={"slug": slug, "step": s}), {}) for s in steps]
    for action in ("check-in", "withdraw", "disqualify", "seed"):
        url = reverse(
            "event_entry_action", kwargs={"slug": slug, "entry": entry.pk, "action": action}
        )
        out.append(("post", url, {"seed": "3"}))
    return out


@pytest.mark.parametrize("who", NOT_ORGANISING)
def test_members_and_outsiders_get_no_organiser_page_or_action(client, club, people, running, who):
    client = client_for(client, people, who)
    before = (running.state, TableAssignment.objects.filter(places__isnull=False).count())
    for method, url, data in organiser_requests(running):
        response = getattr(client, method)(url, data)
        if who is None:
            assert response.status_code == 302 and "/login" in response["Location"], url
        else:
            assert response.status_code == 404, url
    running.refresh_from_db()
    after = (running.state, TableAssignment.objects.filter(places__isnull=False).count())
    assert after == before and running.entries.filter(status="registered").count() == 4


@pytest.mark.parametrize("who", ORGANISING)
def test_owners_and_organisers_reach_every_organiser_page(client, club, people, running, who):
    client = client_for(client, people, who)
    slug = running.slug
    assert client.get(reverse("event_new")).status_code == 200
    assert client.get(reverse("event_run", kwargs={"slug": slug})).status_code == 200
    assert client.get(reverse("event_edit", kwargs={"slug": slug})).status_code == 200
    table = TableAssignment.objects.filter(round__tournament=running).first()
    url = reverse("table_result", kwargs={"slug": slug, "table": table.pk})
    assert client.get(url).status_code == 200
    version = results.result_version(table)
    response = client.post(
        url, {"place_0": "2", "place_1": "1", "reason": "agreed", "version": version}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.places == [2, 1] and table.overridden_by == getattr(people, who)


def test_an_organiser_creates_an_event_for_one_of_their_clubs(client, club, people):
    client.force_login(people.organiser)
    data = {
        "club": club.pk, "name": "Cut-Throat Night", "style": "cutthroat", "seats": "4",
        "style_first_to_six": "on", "format": "swiss_tables", "rounds": "3", "pools": "swiss",
        "playoff": "single_elimination", "play_mode": "games", "games_per_table": "3",
        "points_4": "4-2-1-0", "points_3": "4-2-0", "points_2": "1-0", "bot_level": "casual",
        "turn_clock": "30", "visibility": "club", "bots_fill": "on", "grand_final_reset": "on",
    }  # fmt: skip
    response = client.post(reverse("event_new"), data)
    event = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "event_run", kwargs={"slug": event.slug}
    )
    assert (event.club, event.style, event.options) == (club, "cutthroat", {"first_to_six": True})
    assert event.format_options == {"rounds": 3}
    assert (event.play_mode, event.games_per_table, event.bots_fill) == ("games", 3, True)
    assert event.visibility == "club" and event.state == Tournament.State.DRAFT


def test_a_table_knockouts_going_on_and_the_schedules_next_round_are_two_fields(
    client, club, people
):
    """The format's "advance" (how many go on) and the schedule's (how each next round
    starts) share a name: the form keeps them apart, and editing shows both as stored."""
    client.force_login(people.organiser)
    data = {
        "club": club.pk, "name": "Knockout Night", "style": "cutthroat", "seats": "4",
        "format": "table_knockout", "going_on": "1", "advance": "organiser", "pools": "swiss",
        "playoff": "single_elimination", "play_mode": "set", "points_4": "4-2-1-0",
        "points_3": "4-2-0", "points_2": "1-0", "bot_level": "casual", "turn_clock": "30",
        "visibility": "public", "bots_fill": "on",
    }  # fmt: skip
    response = client.post(reverse("event_new"), data)
    assert response.status_code == 302, response.content.decode()
    event = Tournament.objects.get()
    assert event.format_options == {"advance": 1} and event.advance == "organiser"
    page = client.get(reverse("event_edit", kwargs={"slug": event.slug})).content.decode()
    assert re.search(r'name="going_on"[^>]*value="1"', page)
    assert re.search(r'<option value="organiser" selected>', page)


def event_form(club, **changes: str) -> dict:
    """What the event form posts for a two-party Block Swiss, with ``changes``."""
    return {
        "club": club.pk, "name": "Friday", "style": "block", "seats": "2", "format": "swiss",
        "pools": "swiss", "playoff": "single_elimination", "play_mode": "set",
        "points_4": "4-2-1-0", "points_3": "4-2-0", "points_2": "1-0", "bot_level": "casual",
        "turn_clock": "30", "visibility": "public", **changes,
    }  # fmt: skip


def test_an_event_form_that_makes_no_event_says_why(client, club, people):
    client.force_login(people.owner)
    data = event_form(club, name="Wrong", style="cutthroat", seats="4")
    response = client.post(reverse("event_new"), data)
    assert response.status_code == 400
    assert "tables of players each for themselves" in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_refused_option_is_shown_at_its_field_by_the_name_the_form_gives_it(client, club, people):
    """The format calls it "advance"; the organiser set "Going on", in their language. Three
    going on from a table of three is within what the field takes (a table knockout's tables
    seat four), and the format says what this event takes."""
    client.force_login(people.owner)
    data = event_form(club, style="doubles", seats="3", format="table_knockout", going_on="3")
    page = client.post(reverse("event_new"), data).content.decode()
    going_on = page[page.index('for="id_going_on"') :][:1500]
    assert "The option “Going on” must be from 1 to 2." in going_on
    summary = page[page.index('class="form-errors" role="alert"') :][:400]
    assert '<a href="#id_going_on">Going on</a>: The option “Going on”' in summary
    assert "dvance" not in page.split('id="id_going_on"')[0].split("<form")[1]
    spanish = client.post(reverse("event_new"), data, HTTP_ACCEPT_LANGUAGE="es")
    assert "La opción «Pasan» debe ir de 1 a 2." in spanish.content.decode()
    assert not Tournament.objects.exists()


def test_a_format_option_beyond_its_declared_limits_is_the_fields_error(client, club, people):
    """The form takes a format's option within the limits the format declares (at least 2
    qualify for a knockout after pools), and says so at the field before anything is sent on."""
    client.force_login(people.owner)
    page = client.post(reverse("event_new"), event_form(club, format="two_stage", going_on="1"))
    assert page.status_code == 400
    going_on = page.content.decode()[page.content.decode().index('for="id_going_on"') :][:800]
    assert 'min="2" max="1024"' in going_on
    assert "Ensure this value is greater than or equal to 2." in going_on
    assert not Tournament.objects.exists()


def test_an_option_written_as_json_is_named_as_written(client, club, people):
    client.force_login(people.owner)
    data = event_form(club, format="two_stage", more_options='{"advance": 1}')
    page = client.post(reverse("event_new"), data).content.decode()
    assert "Advance must be from 2 to 1024, not 1." in page and "Going on”" not in page
    nested = event_form(club, format="two_stage", more_options='{"pool_options": {"rounds": 0}}')
    page = client.post(reverse("event_new"), nested).content.decode()
    assert "“Rounds”" not in page and "has-error" not in page
    assert "Rounds must be from 1 to 999, not 0." in page


def test_an_organiser_cannot_create_for_a_club_they_do_not_run(client, club, people):
    from tests.tournaments.factories import make_club

    other = make_club(make_user("rival"), "Spanish Town")
    client.force_login(people.organiser)
    response = client.post(reverse("event_new"), {"club": other.pk, "name": "x"})
    assert response.status_code == 400 and not Tournament.objects.exists()


def test_editing_keeps_what_was_chosen(client, club, people):
    event = make_event(club, format="single_elimination", format_options={"third_place": True})
    client.force_login(people.owner)
    page = client.get(reverse("event_edit", kwargs={"slug": event.slug})).content.decode()
    assert re.search(r'name="third_place"[^>]*checked', page)


def said(response) -> str:
    """The messages a page shows (after a redirect: what was done, or why not)."""
    return " ".join(str(m) for m in response.context["messages"])


def test_running_an_event_step_by_step_from_its_page(client, club, people):
    event = make_event(club, turn_clock=0)
    run_url = reverse("event_run", kwargs={"slug": event.slug})
    client.force_login(people.organiser)
    step = lambda s: client.post(reverse("event_step", kwargs={"slug": event.slug, "step": s}))  # noqa: E731
    assert step("open-registration").status_code == 302
    for name in ("ann", "bob", "cy", "dee"):
        client.post(
            reverse("event_enter_for", kwargs={"slug": event.slug}),
            {"player": make_user(name).username},
        )
    assert event.entries.count() == 4
    assert step("start").status_code == 302
    refused = step("next-round")  # refused: back on the run page, which says why
    assert refused.status_code == 302 and refused["Location"] == run_url
    assert "still being played" in said(client.get(run_url))
    for table in TableAssignment.objects.filter(round__tournament=event):
        results.record_result(event, people.organiser, table, [1, 2], "played")
    page = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert "Preview of round 2" in page
    done = client.post(reverse("event_step", kwargs={"slug": event.slug, "step": "next-round"}),
                       {"round": "2", "start": "1"})  # fmt: skip
    assert done.status_code == 302
    again = client.post(reverse("event_step", kwargs={"slug": event.slug, "step": "next-round"}),
                        {"round": "2", "start": "1"}, follow=True)  # fmt: skip
    assert again.redirect_chain == [(run_url, 302)]
    assert "Round 2 has been generated already." in said(again)
    assert event.rounds.count() == 2
    refreshed = client.get(run_url)  # a reload after the refusal sends nothing again
    assert not said(refreshed) and event.rounds.count() == 2


def test_a_player_enters_with_a_partner_checks_in_and_withdraws(client, club):
    event = open_event(club, style="partner", seats=4)
    ann, bob = make_user("ann"), make_user("bob")
    client.force_login(ann)
    url = reverse("event_enter", kwargs={"slug": event.slug})
    missing = client.post(url, {})
    assert missing.status_code == 409 and "name your partner" in missing.content.decode()
    unknown = client.post(url, {"partner": "nobody"})
    assert unknown.status_code == 409 and "no player called nobody" in unknown.content.decode()
    assert client.post(url, {"partner": "bob"}).status_code == 302
    entry = Entry.objects.get()
    assert (entry.player, entry.partner) == (ann, bob)
    twice = client.post(url, {"partner": "bob"})
    assert twice.status_code == 409 and "entered already" in twice.content.decode()
    events.open_checkin(event, owner_of(club))
    client.force_login(bob)
    assert client.post(reverse("event_check_in", kwargs={"slug": event.slug})).status_code == 302
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CHECKED_IN
    assert client.post(reverse("event_leave", kwargs={"slug": event.slug})).status_code == 302
    assert not Entry.objects.exists()


def test_club_only_events_are_for_members_only(client, club, people):
    event = open_event(club, visibility="club")
    public = open_event(club, name="Open Night")
    pages = [
        reverse("event", kwargs={"slug": event.slug}),
        reverse("event_print", kwargs={"slug": event.slug}),
        reverse("event_export", kwargs={"slug": event.slug, "what": "standings"}),
    ]
    client.force_login(people.outsider)
    for url in pages:
        assert client.get(url).status_code == 404, url
    listing = client.get(reverse("events")).content.decode()
    assert "Open Night" in listing and event.name not in listing
    fragment = client.get(reverse("club_events", kwargs={"slug": club.slug})).content.decode()
    assert "Open Night" in fragment and event.name not in fragment
    client.force_login(people.member)
    for url in pages:
        assert client.get(url).status_code == 200, url
    assert event.name in client.get(reverse("events")).content.decode()
    assert public.slug


def test_drafts_are_shown_to_their_organisers_only(client, club, people):
    event = make_event(club)
    url = reverse("event", kwargs={"slug": event.slug})
    assert client.get(url).status_code == 404
    client.force_login(people.member)
    assert client.get(url).status_code == 404
    assert event.name not in client.get(reverse("events")).content.decode()
    client.force_login(people.organiser)
    assert client.get(url).status_code == 200


def test_the_event_page_shows_standings_with_every_tiebreak_and_live_tables(client, club, running):
    boss = owner_of(club)
    first = TableAssignment.objects.filter(round__tournament=running).order_by("number").first()
    results.record_result(running, boss, first, [1, 2], "played")
    page = client.get(reverse("event", kwargs={"slug": running.slug})).content.decode()
    for heading in ("Buchholz", "Median Buchholz", "Sonneborn-Berger", "Head to head"):
        assert f'title="{heading}"' in page
    second = TableAssignment.objects.filter(round__tournament=running).order_by("number").last()
    assert reverse("table", kwargs={"code": second.table.code}) in page
    assert "Watch live" in page and "<caption" in page and 'scope="col"' in page


def test_the_bracket_is_drawn_in_html(client, club):
    event = open_event(club, format="single_elimination", turn_clock=0)
    enter(event, 5)
    events.start(event, owner_of(club))
    page = client.get(reverse("event", kwargs={"slug": event.slug})).content.decode()
    assert 'class="ev-bracket"' in page and "Quarter-finals" in page and "Final" in page
    assert page.count('class="ev-match ') == 4 + 2 + 1


def test_a_running_knockout_offers_no_finish_before_its_champion(client, club):
    event = open_event(club, format="single_elimination", turn_clock=0)
    enter(event, 4)
    owner = owner_of(club)
    events.start(event, owner)
    client.force_login(owner)
    run = reverse("event_run", kwargs={"slug": event.slug})
    page = client.get(run).content.decode()
    assert "Finish the event" not in page
    assert "The event can finish once the knockout has its champion." in page


def test_a_running_swiss_may_be_finished_early_from_its_page(client, club):
    """Not while a table of its round has no result (Finish would be refused: it is not
    offered, and the page says what the round waits for); once the round is in, before its
    planned rounds are played."""
    event = open_event(club, turn_clock=0)
    enter(event, 4)
    owner = owner_of(club)
    events.start(event, owner)
    client.force_login(owner)
    run = reverse("event_run", kwargs={"slug": event.slug})
    page = client.get(run).content.decode()
    assert "Finish the event" not in page and "has its champion" not in page
    assert "Round 1 is still being played: tables 1, 2 have no result yet." in page
    for table in TableAssignment.objects.filter(round__tournament=event):
        results.record_result(event, owner, table, [1, 2], "played")
    page = client.get(run).content.decode()
    assert "Finish the event" in page and "has its champion" not in page


def test_finishing_a_swiss_with_its_next_round_seated_says_that_round_is_dropped(client, club):
    event, owner = with_round_two_seated(club, format_options={"rounds": 5})
    client.force_login(owner)
    run = reverse("event_run", kwargs={"slug": event.slug})
    page = client.get(run).content.decode()
    assert "Finishing now drops round 2, which has not started." in page
    finish = reverse("event_step", kwargs={"slug": event.slug, "step": "finish"})
    assert client.post(finish).status_code == 302
    event.refresh_from_db()
    assert event.state == Tournament.State.FINISHED and event.rounds.count() == 1


def test_pages_carry_no_inline_script_or_style(client, club, people, running):
    client.force_login(people.owner)
    urls = [reverse("events"), reverse("my_events"), reverse("event_new"),
            reverse("event", kwargs={"slug": running.slug}),
            reverse("event_run", kwargs={"slug": running.slug}),
            reverse("event_print", kwargs={"slug": running.slug}),
            reverse("club_events", kwargs={"slug": club.slug})]  # fmt: skip
    for url in urls:
        page = client.get(url).content.decode()
        assert "<style" not in page, url
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), url
        assert not re.search(r"\son[a-z]+=", page), url


def test_csv_exports_hold_entries_pairings_and_standings(client, club, running):
    boss = owner_of(club)
    for table in TableAssignment.objects.filter(round__tournament=running):
        results.record_result(running, boss, table, [1, 2], "played")

    def rows(what: str) -> list[list[str]]:
        response = client.get(reverse("event_export", kwargs={"slug": running.slug, "what": what}))
        assert response["Content-Type"].startswith("text/csv")
        assert f"{running.slug}-{what}.csv" in response["Content-Disposition"]
        assert response.content.startswith("\ufeff".encode())  # a spreadsheet reads UTF-8
        return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))

    entries_rows = rows("entries")
    assert entries_rows[0][:3] == ["no.", "seed", "player"] and len(entries_rows) == 5
    assert [row[:2] for row in entries_rows[1:]] == [["1", "1"], ["2", "2"], ["3", "3"], ["4", "4"]]
    pairings = rows("pairings")  # no stage nor label in a one-stage Swiss
    assert pairings[0][:3] == ["round", "table", "seat 1"] and len(pairings) == 3
    standings = rows("standings")
    assert "Buchholz" in standings[0] and len(standings) == 5
    assert standings[0][:3] == ["rank", "no.", "entry"]
    assert [row[3] for row in standings[1:]] == ["1", "1", "0", "0"]


def test_the_printable_round_is_a_pairing_sheet_with_a_box_for_each_place(client, club, running):
    """Each table with its seats (the entries' numbers and names) and a box to write each
    place in, on a page of its own: none of the site's banners, menus or notices."""
    page = client.get(reverse("event_print", kwargs={"slug": running.slug})).content.decode()
    assert "Round 1" in page and page.count('class="sheet-table"') == 2
    assert page.count('class="sheet-write"') == 4 and page.count("Signed:") == 2
    assert "site-header" not in page and "site-footer" not in page and "event-notice" not in page
    assert "css/print.css" in page and "css/site.css" not in page
    numbers = re.findall(r'<td>(\d+)</td><th scope="row">', page)
    assert sorted(numbers) == ["1", "2", "3", "4"]


def test_my_events_lists_what_i_entered_and_what_i_run(client, club, people, running):
    entry = running.entries.first()
    client.force_login(entry.player)
    assert running.name in client.get(reverse("my_events")).content.decode()
    client.force_login(people.organiser)
    page = client.get(reverse("my_events")).content.decode()
    assert reverse("event_run", kwargs={"slug": running.slug}) in page


def test_the_club_fragment_lists_events_and_tables_being_played(client, club, running):
    page = client.get(reverse("club_events", kwargs={"slug": club.slug})).content.decode()
    assert running.name in page and "<html" not in page
    table = TableAssignment.objects.filter(round__tournament=running).first()
    assert reverse("table", kwargs={"code": table.table.code}) in page


def test_the_list_filters_by_club_and_style(client, club):
    open_event(club, name="Block Night")
    open_event(club, name="Cut Night", style="cutthroat", seats=4, format="swiss_tables")
    page = client.get(reverse("events"), {"style": "cutthroat"}).content.decode()
    assert "Cut Night" in page and "Block Night" not in page
    page = client.get(reverse("events"), {"club": "elsewhere"}).content.decode()
    assert "Cut Night" not in page


def test_login_is_needed_to_enter(client, club):
    event = open_event(club)
    response = client.post(reverse("event_enter", kwargs={"slug": event.slug}))
    assert response.status_code == 302 and "/login" in response["Location"]
    assert DEFAULT_PASSWORD


def test_the_event_form_offers_the_chosen_styles_own_options(client):
    page = client.get(reverse("event_style_options"), {"style": "block"}).content.decode()
    assert 'id="style-options"' in page and 'name="style_teams"' in page
    assert 'name="style_target"' in page and "<html" not in page
    french = client.get(reverse("event_style_options"), {"style": "french"}).content.decode()
    assert 'name="style_double_blank_ten"' in french and "style_teams" not in french


def test_a_most_entries_beyond_any_club_is_a_form_error_not_a_crash(client, club, people):
    client.force_login(people.owner)
    data = event_form(club, name="Huge", entry_cap="99999999999999999999")
    response = client.post(reverse("event_new"), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "less than or equal to 100000" in response.content.decode()
    assert not Tournament.objects.exists()
