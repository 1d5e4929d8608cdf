"""Every page carries a Content-Security-Policy that htmx works under, and the production
profile passes ``manage.py check --deploy`` with HTTPS, HSTS, Secure cookies and an enforced
policy."""

from __future__ import annotations

import json
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
CSP = "Content-Security-Policy"


def _directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["home", "login", "signup", "lobby"])
def test_every_page_carries_a_policy_of_our_own_sources(client, url_name):
    # Not "page": pytest-playwright owns that fixture name and would start a browser here.
    response = client.get(reverse(url_name), follow=True)
    policy = _directives(response.headers[CSP])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-eval'" not in response.headers[CSP]


@pytest.mark.django_db
def test_the_policy_lets_the_page_open_its_own_websocket(client):
    policy = _directives(client.get(reverse("home"), HTTP_HOST="localhost:8000").headers[CSP])
    assert {"'self'", "ws://localhost:8000", "wss://localhost:8000"} <= set(policy["connect-src"])


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["home", "login", "signup"])
def test_pages_need_nothing_the_policy_forbids(client, url_name):
    """No inline script or style element, no event-handler attribute, and htmx told not to add
    its indicator <style>: all of these would be blocked, and htmx with them."""
    html = client.get(reverse(url_name)).text
    assert "htmx-2.0.11.min.js" in html and "ext-ws-2.0.4.min.js" in html
    config = re.search(r"""<meta name="htmx-config" content='([^']*)'>""", html)
    assert config and json.loads(config.group(1))["includeIndicatorStyles"] is False
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline <script>"
    assert not re.search(r"<style\b", html), "an inline <style> element"
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler"


def _django(tmp_path: Path, code: str, **variables: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` after django.setup() in a fresh process with exactly these variables."""
    environment = {"PATH": "/usr/bin:/bin", "DOMINOES_VAR_DIR": str(tmp_path), **variables}
    setup = "import django; django.setup(); from django.conf import settings;"
    return subprocess.run(
        [sys.executable, "-c", setup + code],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _production(**variables: str) -> dict[str, str]:
    return {
        "DJANGO_SETTINGS_MODULE": "config.production",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "club.example,testserver",
        **variables,
    }


def test_check_deploy_is_clean_in_the_production_profile(tmp_path):
    environment = {"PATH": "/usr/bin:/bin", "DOMINOES_VAR_DIR": str(tmp_path), **_production()}
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues (0 silenced)." in out.stdout


def test_the_default_profile_would_not_pass_check_deploy(tmp_path):
    """The checks above are real: without the profile they warn (HSTS, SSL redirect, cookies)."""
    environment = {"PATH": "/usr/bin:/bin", "DOMINOES_VAR_DIR": str(tmp_path)}
    environment["DJANGO_SETTINGS_MODULE"] = "config.settings"
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in out.stderr + out.stdout


@pytest.mark.parametrize("missing", ["SECRET_KEY", "DJANGO_ALLOWED_HOSTS"])
def test_the_production_profile_refuses_to_start_without(tmp_path, missing):
    variables = _production()
    del variables[missing]
    out = _django(tmp_path, "pass", **variables)
    assert out.returncode != 0
    assert missing in out.stderr


def test_the_production_profile_refuses_debug(tmp_path):
    out = _django(tmp_path, "pass", **_production(DJANGO_DEBUG="1"))
    assert out.returncode != 0 and "DJANGO_DEBUG" in out.stderr


PROBE = """
import json
from django.test import Client
client = Client(HTTP_HOST="club.example")
plain = client.get("/")
healthz = client.get("/healthz")
tls = client.get("/", HTTP_X_FORWARDED_PROTO="https", secure=False)
print(json.dumps({
    "plain": [plain.status_code, plain.headers.get("Location")],
    "healthz": healthz.status_code,
    "healthz_body": healthz.json(),
    "tls": tls.status_code,
    "hsts": tls.headers.get("Strict-Transport-Security"),
    "csp": tls.headers.get("Content-Security-Policy"),
    "csp_report_only": tls.headers.get("Content-Security-Policy-Report-Only"),
}))
"""


def test_production_redirects_plain_http_but_lets_the_health_probe_through(tmp_path):
    out = _django(tmp_path, PROBE, **_production(STATIC_MANIFEST="0"))  # no collectstatic here
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["plain"] == [301, "https://club.example/"]
    assert seen["healthz"] in {200, 503}  # answered, not redirected (services may be absent)
    assert set(seen["healthz_body"]["broker"]) == {"ok"}, "details only for staff in production"
    assert seen["tls"] == 200
    assert seen["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert "script-src 'self'" in seen["csp"] and seen["csp_report_only"] is None


def test_with_debug_on_the_policy_is_only_reported(tmp_path):
    code = (
        "import json; print(json.dumps([bool(getattr(settings, name, None)) for name in"
        " ('CONTENT_SECURITY_POLICY', 'CONTENT_SECURITY_POLICY_REPORT_ONLY')]))"
    )
    variables = {"DJANGO_SETTINGS_MODULE": "config.settings"}
    on = _django(tmp_path, code, DJANGO_DEBUG="1", **variables)
    off = _django(tmp_path, code, **variables)
    assert json.loads(on.stdout.splitlines()[-1]) == [False, True], on.stderr
    assert json.loads(off.stdout.splitlines()[-1]) == [True, False], off.stderr
