"""A director's tools in the browser (issue 41, point 4): the new-event form opens with a
combination that makes an event, offers only what fits the style and swaps the chosen format's
options in with htmx (focus staying where it was), keeps the JSON box behind "Advanced"; the
run page offers a command only where it applies, and a command refused (sent from a page the
event has moved on from) answers on the run page, which a reload does not send again.
Photographs at 360 and 1440 px: test-results/e2e-form-*.png.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS, browser_pages, signed_in
from tests.e2e.test_event_in_browser import DESKTOP, PHONE, stage_event

pytestmark = pytest.mark.e2e


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-form-{name}.png"), full_page=True)


def _offered(page, name: str) -> list[str]:
    return page.locator(f"[name='{name}'] option").all_inner_texts()


def _choose(page, name: str, value: str) -> None:
    """Choose from a list that reshapes the form, and wait for htmx to have swapped in its
    answer (a load state does not wait for requests after the page's own load)."""
    with page.expect_response(lambda response: "/style-options/" in response.url):
        page.locator(f"[name='{name}']").select_option(value)
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")


def test_the_new_event_form_offers_what_fits_and_swaps_the_formats_options(site, chromium):
    made = stage_event(site, "seated", "--format", "swiss")
    with browser_pages(chromium, desk=DESKTOP, phone=PHONE) as (desk, phone):
        signed_in(desk, site, made["organiser"])
        desk.goto(f"{site}events/new/")
        assert _offered(desk, "seats") == ["4"]  # Cut-Throat is played at four
        assert _offered(desk, "format") == [
            "Swiss for tables", "Round robin", "Table knockout", "Pools, then a knockout",
        ]  # fmt: skip
        assert desk.get_by_label("Rounds", exact=True).is_visible()
        assert not desk.locator("[name='more_options']").is_visible()  # behind "Advanced"
        desk.get_by_text("Advanced").click()
        assert desk.locator("[name='more_options']").is_visible()

        _choose(desk, "format", "two_stage")
        desk.get_by_label("Pools played as").wait_for()
        assert _offered(desk, "pools") == ["Swiss for tables", "Round robin"]
        assert _offered(desk, "playoff") == ["Table knockout"]
        assert desk.locator("#id_going_on").input_value() == "8"
        _shoot(desk, "two-stage-1440")

        _choose(desk, "style", "partner")  # two sides now: the pools' formats follow
        assert _offered(desk, "format") == [
            "Single elimination", "Double elimination", "Round robin", "Swiss",
            "Pools, then a knockout",
        ]  # fmt: skip
        assert desk.locator("[name='format']").input_value() == "two_stage"
        assert _offered(desk, "pools") == ["Round robin", "Swiss"]
        assert _offered(desk, "playoff") == ["Single elimination", "Double elimination"]
        assert desk.get_by_label("Play a third-place match").is_visible()

        desk.locator("#id_format").focus()  # a keyboard change keeps the focus on the list
        with desk.expect_response(lambda response: "/style-options/" in response.url):
            desk.keyboard.press("ArrowUp")
        desk.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")
        assert desk.locator("[name='format']").input_value() == "swiss"
        assert desk.evaluate("document.activeElement.id") == "id_format"
        assert desk.locator("[name='pools']").count() == 0
        assert desk.get_by_label("Rounds", exact=True).is_visible()
        _shoot(desk, "partner-swiss-1440")

        signed_in(phone, site, made["organiser"])
        phone.goto(f"{site}events/new/")
        _shoot(phone, "new-360")
        phone.get_by_role("button", name="Create the event").click()  # untouched
        phone.wait_for_load_state()
        phone.get_by_text("The event is saved as a draft.").wait_for()
        assert "/run/" in phone.url
        assert phone.get_by_role("button", name="Open registration").is_visible()
        _shoot(phone, "created-360")


def test_a_command_is_offered_where_it_applies_and_a_refusal_answers_on_the_run_page(
    site, chromium
):
    made = stage_event(site, "seated", "--format", "single_elimination")
    run_url = f"{site}events/{made['slug']}/run/"
    with browser_pages(chromium, desk=DESKTOP, phone=PHONE) as (desk, phone):
        for page in (desk, phone):
            signed_in(page, site, made["organiser"])
            page.goto(run_url)
        start = "Start the tables of round 2"
        for page in (desk, phone):  # the final is seated: no Finish, and the page says why
            assert page.get_by_role("button", name=start).is_visible()
            assert page.get_by_role("button", name="Finish the event").count() == 0
            assert page.get_by_role("button", name="Open registration").count() == 0
            assert page.locator("input[name='seed']").count() == 0  # seeds are before the start
        champion = "The event can finish once the knockout has its champion."
        assert desk.get_by_text(champion).is_visible()
        desk.get_by_role("button", name=start).click()
        desk.wait_for_load_state()
        desk.get_by_text("1 table started.").wait_for()
        assert desk.get_by_role("button", name=start).count() == 0  # done: no longer offered

        phone.get_by_role("button", name=start).click()  # from a page the event moved on from
        phone.wait_for_load_state()
        alert = phone.locator(".messages [role='alert']")
        alert.wait_for()
        # bots stand in for the finalists, who never come: by now the final may be over
        assert alert.inner_text() in (
            "Every table of round 2 has started.",
            "The event is finished: rounds are made only while it is running.",
        )
        assert phone.url == run_url
        _shoot(phone, "refused-360")
        phone.reload()  # the refusal is not sent again
        phone.wait_for_load_state()
        assert phone.locator(".messages [role='alert']").count() == 0
        _shoot(desk, "started-1440")
