"""An organiser's unhappy paths in the browser: a player withdrew after round 1 of a knockout,
so round 2 names who went through without playing; a late correction of round 1 is refused
with the reason, in Spanish on a phone; and a format option of the wrong type is refused on
the event form, in Spanish too, and an option set by a field of the form is refused at that
field by its label ("Pasan", not the format's "advance"). Photographs at 360 and 1440 px:
test-results/e2e-arbiter-*.png.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in
from tests.e2e.test_event_in_browser import DESKTOP, PHONE, stage_event

pytestmark = pytest.mark.e2e

WALKOVER = "Through without playing (their opponent withdrew):"


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-arbiter-{name}.png"), full_page=True)


def _submit(page) -> None:
    """Send the organiser's form on the page and wait for the answer."""
    page.locator("form.ev-form button[type='submit']").click()
    page.wait_for_load_state()


def _send_event_form(page, **values: str) -> None:
    """Set the event form's fields by name, in order (a list is chosen from, the rest typed),
    and send it. A list that reshapes the form (style, seats, format) is answered by htmx
    before the next field is set; the JSON box is opened from behind "Advanced" first."""
    for name, value in values.items():
        field = page.locator(f"[name='{name}']")
        if field.evaluate("field => field.tagName") == "SELECT":
            if field.get_attribute("hx-get") is None or field.input_value() == value:
                field.select_option(value)
                continue
            with page.expect_response(lambda response: "/style-options/" in response.url):
                field.select_option(value)
            page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")
        else:
            closed = page.locator("details.ev-advanced:not([open])", has=field)
            if closed.count():
                closed.locator("summary").click()
            field.fill(value)
    _submit(page)


def _in_spanish(page, base: str) -> None:
    page.context.add_cookies([{"name": "django_language", "value": "es", "url": base}])


def test_an_organiser_sees_a_walkover_and_why_a_late_correction_is_refused(site, chromium):
    made = stage_event(site, "withdrawal")
    run_url = f"{site}events/{made['slug']}/run/"
    with browser_pages(chromium, desk=DESKTOP, phone=PHONE) as (desk, phone):
        for page in (desk, phone):
            signed_in(page, site, made["organiser"])

        desk.goto(run_url)
        line = desk.locator("p", has_text=WALKOVER)
        line.wait_for()
        assert made["names"]["seed1"] in line.inner_text()
        assert desk.get_by_text(
            "The event can finish once the knockout has its champion."
        ).is_visible()
        assert desk.get_by_role("button", name="Finish the event").count() == 0
        _shoot(desk, "walkover-1440")

        _in_spanish(phone, site)
        phone.goto(run_url)
        phone.locator("p", has_text="Pasan sin jugar (su rival se retiró):").wait_for()
        assert phone.get_by_text("cuando la eliminatoria tenga su campeón").is_visible()
        _shoot(phone, "walkover-360-es")
        links = phone.locator("a[href*='/tables/']").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
        results = sorted(
            (h for h in links if re.search(r"/tables/\d+/result/$", h)),
            key=lambda h: int(re.search(r"/tables/(\d+)/", h).group(1)),
        )
        phone.goto(site.rstrip("/") + results[0])  # round 1, table 1: seed 1 beat seed 8
        phone.locator("select[name='place_0']").select_option("2")
        phone.locator("select[name='place_1']").select_option("1")
        phone.locator("input[name='reason']").fill("el acta decía otra cosa")
        _submit(phone)
        alert = phone.locator(".form-errors[role='alert']")
        alert.wait_for()
        assert "ya está sentada" in alert.inner_text()
        _shoot(phone, "late-correction-360-es")

        phone.goto(f"{site}events/new/")
        _send_event_form(
            phone, style="block", seats="2", format="swiss", name="Swiss del viernes",
            more_options='{"rounds": "3"}',
        )  # fmt: skip
        alert = phone.locator("[role='alert']", has_text="«rounds» lleva un número entero")
        alert.first.wait_for()
        _shoot(phone, "option-360-es")

        # an option set by a field of the form is refused at that field, by its label (three
        # going on is within what the field takes, but not from Doubles tables of three)
        _send_event_form(phone, style="doubles", seats="3", format="table_knockout",
                         more_options="", going_on="3")  # fmt: skip
        summary = phone.locator(".form-errors[role='alert']")
        assert "Pasan: La opción «Pasan» debe ir de 1 a 2." in summary.inner_text()
        summary.get_by_role("link", name="Pasan").click()  # the summary leads to the field
        field = phone.locator(".field.has-error", has=phone.locator("#id_going_on"))
        field.get_by_text("La opción «Pasan» debe ir de 1 a 2.").wait_for()
        assert phone.locator("#id_going_on").is_visible()
        _shoot(phone, "going-on-360-es")

        desk.goto(f"{site}events/new/")  # the same refusal on a desktop, in English
        _send_event_form(desk, style="doubles", seats="3", format="table_knockout",
                         name="Friday knockout", going_on="3")  # fmt: skip
        summary = desk.locator(".form-errors[role='alert']")
        assert "Going on: The option “Going on” must be from 1 to 2." in summary.inner_text()
        _shoot(desk, "going-on-1440")


def test_an_organiser_finishes_a_swiss_early_with_its_next_round_seated(site, chromium):
    made = stage_event(site, "seated", "--format", "swiss")
    run_url = f"{site}events/{made['slug']}/run/"
    with browser_pages(chromium, desk=DESKTOP, phone=PHONE) as (desk, phone):
        signed_in(phone, site, made["organiser"])
        _in_spanish(phone, site)
        phone.goto(run_url)
        phone.get_by_text("Si terminas ahora, se descarta la ronda 2").wait_for()
        _shoot(phone, "finish-with-seated-round-360-es")

        signed_in(desk, site, made["organiser"])
        desk.goto(run_url)
        desk.get_by_text("Finishing now drops round 2, which has not started.").wait_for()
        seated = desk.get_by_text(re.compile(r"Round 2 is seated\. At .+ it starts by itself\."))
        assert ".." not in seated.inner_text()
        _shoot(desk, "finish-with-seated-round-1440")
        desk.get_by_role("button", name="Finish the event").click()
        desk.wait_for_load_state()
        desk.get_by_text("This event is over.").wait_for()
        for gone in ("Finish the event", "Cancel the event", "Withdraw", "Disqualify", "Set",
                     "Save"):  # fmt: skip
            assert desk.get_by_role("button", name=gone, exact=True).count() == 0, gone
        for gone in ("Override", "Record result"):  # a finished event's results stand
            assert desk.get_by_role("link", name=gone).count() == 0, gone
        _shoot(desk, "finished-early-1440")


def test_a_swiss_whose_last_round_is_seated_offers_no_late_entry(site, chromium):
    made = stage_event(site, "seated", "--format", "swiss", "--rounds", "2")
    run_url = f"{site}events/{made['slug']}/run/"
    with browser_pages(chromium, desk=DESKTOP, phone=PHONE) as (desk, phone):
        signed_in(desk, site, made["organiser"])
        desk.goto(run_url)
        desk.get_by_text("Round 2 is the last round: a late arrival would not play.").wait_for()
        assert desk.locator("#enter-player").count() == 0
        desk.locator("#entries-heading").scroll_into_view_if_needed()
        _shoot(desk, "no-late-entry-1440")

        signed_in(phone, site, made["organiser"])
        _in_spanish(phone, site)
        phone.goto(run_url)
        phone.get_by_text("La ronda 2 es la última: quien llegue tarde no jugaría.").wait_for()
        _shoot(phone, "no-late-entry-360-es")


def test_a_finalist_who_withdraws_in_the_pause_hands_the_final_over(site, chromium):
    made = stage_event(site, "seated", "--format", "single_elimination")
    run_url = f"{site}events/{made['slug']}/run/"
    event_url = f"{site}events/{made['slug']}/"
    with browser_pages(chromium, desk=DESKTOP, phone=PHONE) as (desk, phone):
        signed_in(desk, site, made["organiser"])
        desk.goto(run_url)
        row = desk.locator("tr", has_text=made["names"]["seed1"])
        row.locator("summary", has_text="Withdraw").click()
        row.get_by_role("button", name=f"Yes, withdraw {made['names']['seed1']}").click()
        desk.wait_for_load_state()
        champion = f"Champion: {made['names']['seed2']}"
        desk.goto(event_url)
        for _ in range(20):  # the worker finishes the event once the final is decided
            if desk.get_by_text(champion).count():
                break
            desk.wait_for_timeout(500)
            desk.reload()
        desk.get_by_text(champion).wait_for()
        forfeit = desk.get_by_text("Lost by forfeit (resigned, left, or never came):")
        assert made["names"]["seed1"] in forfeit.first.inner_text()
        _shoot(desk, "finalist-withdrew-1440")

        signed_in(phone, site, made["organiser"])
        phone.goto(event_url)
        phone.get_by_text(champion).wait_for()
        _shoot(phone, "finalist-withdrew-360")
