"""End-to-end fixtures: the whole site (daphne, worker, beat, Redis) and a real Chromium.

The site runs through ``python -m config.serve`` exactly as ``make run`` starts it, on a private
var/ directory. Chromium is Debian's package driven by Playwright (Playwright's own browser
download is not available here); without it these tests are skipped, and .ci/run installs it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "test-results"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


#: Each running site's environment by its base URL, for ``stage``.
ENVIRONMENTS: dict[str, dict[str, str]] = {}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_healthy(url: str, runner: subprocess.Popen, timeout: float = 90) -> None:
    def healthy() -> bool:
        if runner.poll() is not None:
            raise RuntimeError("the site exited while starting")
        try:
            with urllib.request.urlopen(url + "healthz", timeout=3) as response:
                return response.status == 200
        except OSError:
            return False

    wait_until(healthy, timeout, "the site to be healthy", interval=0.3)


@contextmanager
def serve(var: Path, pause: float) -> Iterator[str]:
    """Run the whole site on ``var`` as ``make run`` does; bots do not pause, and the next deal
    comes ``pause`` seconds after a game ends. Yields the base URL."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update({
        "DJANGO_SETTINGS_MODULE": "config.settings", "DOMINOES_VAR_DIR": str(var),
        "STATIC_MANIFEST": "0", "PORT": str(port), "BOT_THINK": "0",
        "NEXT_GAME_PAUSE_SECONDS": str(pause), "CELERY_CONCURRENCY": "2",
    })  # fmt: skip
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                   env=env, check=True)  # fmt: skip
    log = (var / "site.log").open("wb")
    runner = subprocess.Popen([sys.executable, "-m", "config.serve"], cwd=ROOT, env=env,
                              stdout=log, stderr=subprocess.STDOUT)  # fmt: skip
    base = f"http://127.0.0.1:{port}/"
    ENVIRONMENTS[base] = env
    try:
        _wait_healthy(base, runner)
        yield base
    finally:
        ENVIRONMENTS.pop(base, None)
        runner.send_signal(signal.SIGINT)
        try:
            runner.wait(30)
        except subprocess.TimeoutExpired:
            runner.kill()
        log.close()
        ARTIFACTS.mkdir(exist_ok=True)
        shutil.copy(var / "site.log", ARTIFACTS / f"e2e-site-{var.name}.log")


def stage(base: str, scenario: str, style: str, seats: int = 4, options: dict | None = None):
    """A table made in the site's own database by ``tests/e2e/stage.py`` (see its scenarios):
    a dict with its ``code`` and a logged-in ``session`` for the player in seat 0."""
    made = subprocess.run(
        [sys.executable, "-m", "tests.e2e.stage", scenario, "--style", style, "--seats",
         str(seats), "--options", json.dumps(options or {})],
        cwd=ROOT, env=ENVIRONMENTS[base], check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(made.stdout.strip().splitlines()[-1])


#: What a tap may play: a tile in the hand that plays at once, a tile that fits two ends (chosen
#: first: none is chosen before the player touches one), or a target on an end of the board.
PLAYABLE = (
    "#table-hand form button:visible, #table-hand label.choose:visible, "
    "#table-board .end-target button:visible"
)


def tap_a_tile(page) -> None:
    """Plays the first playable tile as a player would: a tile that fits two ends is tapped,
    then the first end the board offers for it."""
    first = page.locator(PLAYABLE).first
    if first.evaluate("e => e.matches('label.choose')"):
        first.click()
        page.locator("#table-board .end-target button:visible").first.click()
    else:
        first.click()


#: Whether a table that scrolls sideways keeps its first column (the names) in view when
#: scrolled to its far end: called with the scrolling region's and a name cell's selectors.
NAMES_STAY_IN_VIEW = """([regionAt, nameAt]) => {
  const region = document.querySelector(regionAt);
  region.scrollIntoView();
  region.scrollLeft = region.scrollWidth;
  const name = region.querySelector(nameAt);
  return name.getBoundingClientRect().left >= region.getBoundingClientRect().left - 1;
}"""


def signed_in(page, base: str, session: str) -> None:
    """The page's browser carries the staged player's session."""
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": base}])


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Iterator[str]:
    """A fresh site whose next deal waits long enough to look at a finished game."""
    with serve(tmp_path_factory.mktemp("e2e-var"), pause=120) as base:
        yield base


@pytest.fixture(scope="session")
def chromium():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@contextmanager
def browser_pages(chromium, **sizes: tuple[int, int]) -> Iterator[tuple]:
    """One page per name at its (width, height); each is photographed on the way out, so a
    failing test leaves a picture of where every browser was."""
    pages = {name: chromium.new_page(viewport={"width": w, "height": h})
             for name, (w, h) in sizes.items()}  # fmt: skip
    try:
        yield tuple(pages.values())
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        for name, page in pages.items():
            page.screenshot(path=str(ARTIFACTS / f"e2e-last-{name}.png"), full_page=True)
            page.close()
