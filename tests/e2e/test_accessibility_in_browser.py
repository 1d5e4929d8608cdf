"""An axe-core audit of every kind of page, at 360 px and at 1440 px (issue 42, point 8).

axe-core (bundled by axe-playwright-python, injected through Playwright's evaluate: the site's
Content-Security-Policy is not loosened for it) checks each page as a visitor, a player, a
club's organiser or a staff member sees it; any finding of impact "serious" or "critical"
fails, named by its rule, the elements it found and the page. The pages are staged once, in
one process, and visited by one browser (CI's time is tight). Each page is photographed
(test-results/a11y-*.png); a few pages are audited in Spanish too.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.e2e.conftest import ARTIFACTS, ENVIRONMENTS, ROOT, browser_pages

pytestmark = pytest.mark.e2e

PHONE, DESKTOP = (360, 740), (1440, 900)
FAILING = {"serious", "critical"}
#: Pages audited in Spanish as well (longer words, the same colours): the visitor's first page,
#: the table at the player's turn and the analysis.
SPANISH = ("home", "table-your-turn", "analysis")


def stage_pages(base: str) -> dict:
    made = subprocess.run(
        [sys.executable, "-m", "tests.e2e.stage_accessibility"],
        cwd=ROOT, env=ENVIRONMENTS[base], check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(made.stdout.strip().splitlines()[-1])


def findings(page, where: str) -> list[str]:
    """The serious and critical findings of axe on the page as it is, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = []
    for violation in Axe().run(page).response["violations"]:
        if violation["impact"] not in FAILING:
            continue
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        found.append(f"{where}: {violation['impact']} {violation['id']} "
                     f"({violation['help']}) at {targets[:6]}")  # fmt: skip
    return found


def visit(page, base: str, path: str, session: str | None, language: str = "en") -> None:
    page.context.clear_cookies()
    cookies = [{"name": "django_language", "value": language, "url": base}]
    if session:
        cookies.append({"name": "sessionid", "value": session, "url": base})
    page.context.add_cookies(cookies)
    page.goto(base + path)
    page.wait_for_load_state()


def test_every_kind_of_page_has_no_serious_accessibility_finding(site, chromium):
    staged = stage_pages(site)
    ARTIFACTS.mkdir(exist_ok=True)
    found: list[str] = []
    with browser_pages(chromium, phone=PHONE, desktop=DESKTOP) as (phone, desktop):
        for name, (path, session) in staged["pages"].items():
            for page, width in ((phone, 360), (desktop, 1440)):
                visit(page, site, path, session)
                found += findings(page, f"{name} at {width} px (/{path})")
                page.screenshot(path=str(ARTIFACTS / f"a11y-{name}-{width}.png"))
        for name in SPANISH:
            path, session = staged["pages"][name]
            visit(phone, site, path, session, "es")
            assert phone.locator("html").get_attribute("lang") == "es"
            found += findings(phone, f"{name} in Spanish at 360 px (/{path})")
            phone.screenshot(path=str(ARTIFACTS / f"a11y-{name}-360-es.png"))
    assert not found, "\n".join(found)
