"""A pass the table made for the player is explained on the table, where it happened, at 360
and 1440 px (issue 42): in Doubles, that nothing fits and the last two tiles of the boneyard are
never drawn. Photographs: test-results/e2e-pass-explained-*.png."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.e2e.conftest import ARTIFACTS, ENVIRONMENTS, ROOT, browser_pages, signed_in

pytestmark = pytest.mark.e2e

SIZES = {"phone": (360, 740), "desktop": (1440, 900)}


def test_a_pass_in_doubles_is_explained_to_the_player_on_the_table(site, chromium):
    made = subprocess.run(
        [sys.executable, "-m", "tests.e2e.stage_news", "--style", "doubles"],
        cwd=ROOT, env=ENVIRONMENTS[site], check=True, capture_output=True, text=True,
    )  # fmt: skip
    made = json.loads(made.stdout.strip().splitlines()[-1])
    with browser_pages(chromium, **SIZES) as pages:
        for (name, (width, _height)), page in zip(SIZES.items(), pages, strict=True):
            signed_in(page, site, made["session"])
            page.goto(f"{site}play/t/{made['code']}/")
            news = page.locator("#table-news")
            news.wait_for()
            assert "Doubles never draws the last two tiles of the boneyard" in news.inner_text()
            box = news.bounding_box()
            assert box is not None and box["x"] + box["width"] <= width
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"e2e-pass-explained-{name}.png"), full_page=True)
