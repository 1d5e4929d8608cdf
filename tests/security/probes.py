"""What the security tests look at: a client signed in as a role, the database's fingerprint
(to tell that a refused request changed nothing), and the answer a response gives, in the
small vocabulary the tables of expected answers use."""

from __future__ import annotations

import functools
import hashlib
import logging
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

#: Rows that signing in writes, whatever the request: the session, the login throttle's logs
#: and the moment of the last login.
NOISE_MODELS = {
    "sessions.session",
    "axes.accesslog",
    "axes.accessattempt",
    "axes.accessfailurelog",
    "axes.accessattemptexpiration",
}
NOISE_FIELDS = {("accounts.user", "last_login")}

#: The answers a table may expect: OK (200), SEES (200 showing the row's secret), AWAY (a
#: redirect, the thing done), BACK (a redirect that did nothing: the refusal told on the page it
#: leads to), LOGIN (to a login page), DENIED (403), HIDDEN (404), REFUSED (400, 405, 409, 429:
#: with a reason), GONE (410), INDEX (the admin's "no such object" redirect to its index) and NO
#: (the admin shows nothing: DENIED, HIDDEN or INDEX). All but AWAY promise that the request
#: changed nothing in the database.
OK, SEES, AWAY, BACK, LOGIN = "OK", "SEES", "AWAY", "BACK", "LOGIN"
DENIED, HIDDEN, REFUSED, GONE, INDEX, NO = "DENIED", "HIDDEN", "REFUSED", "GONE", "INDEX", "NO"
ANSWERS = {OK, SEES, AWAY, BACK, LOGIN, DENIED, HIDDEN, REFUSED, GONE, INDEX, NO}
UNCHANGED = ANSWERS - {AWAY}
LOGIN_PAGES = ("/accounts/login/", "/admin/login/")


def client_for(user) -> Client:
    """A browser for ``user`` (None: nobody signed in), on a host the site allows."""
    client = Client(HTTP_HOST="localhost")
    if user is not None:
        client.force_login(user)
    return client


def sign_in(world) -> None:
    """Sign each role of the world in once (``world.sessions``): a login costs more than most
    requests, and every test's savepoint keeps the sessions as they were."""
    log = logging.getLogger("axes")  # a line per login, in every failing test's report
    level, log.level = log.level, logging.WARNING
    for role, user in world.people.items():
        cookie = client_for(user).cookies.get(settings.SESSION_COOKIE_NAME)
        world.sessions[role] = None if cookie is None else cookie.value
    log.setLevel(level)


def browser(world, role: str, **options) -> Client:
    """A fresh browser holding ``role``'s session (``sign_in``)."""
    client = Client(HTTP_HOST="localhost", **options)
    if world.sessions[role]:
        client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client


def fingerprint() -> dict[str, str]:
    """A digest of every row of every table but the noise, per model: equal fingerprints mean
    nothing was added, removed or changed (the world is small, so reading it all is quick).
    PostgreSQL digests each table itself, in one query; elsewhere the rows are read."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(_digests())
            return dict(cursor.fetchall())
        found = {}
        for label, columns, table, pk in _tables():
            cursor.execute(f"SELECT {columns} FROM {table} ORDER BY {pk}")
            rows = repr(cursor.fetchall()).encode()
            found[label] = hashlib.blake2b(rows, digest_size=12).hexdigest()
        return found


@functools.cache
def _tables() -> tuple[tuple[str, str, str, str], ...]:
    """(label, columns, table, primary key) of every model but the noise, quoted for SQL: a
    fingerprint is taken twice a request, so no ORM on the way."""
    quote = connection.ops.quote_name
    found = []
    for model in apps.get_models(include_auto_created=True):
        label = model._meta.label_lower
        if label in NOISE_MODELS:
            continue
        columns = ", ".join(
            quote(f.column)
            for f in model._meta.concrete_fields
            if (label, f.name) not in NOISE_FIELDS
        )
        found.append((label, columns, quote(model._meta.db_table), quote(model._meta.pk.column)))
    return tuple(found)


@functools.cache
def _digests() -> str:
    return " UNION ALL ".join(
        f"SELECT '{label}', md5(coalesce(string_agg(ROW({columns})::text, '|' ORDER BY {pk}), "
        f"'')) FROM {table}"
        for label, columns, table, pk in _tables()
    )


def changed(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return sorted(label for label in before if before[label] != after.get(label))


def location(response: HttpResponse) -> str:
    return response.get("Location", "") if 300 <= response.status_code < 400 else ""


def judge(response: HttpResponse, secret: str | None = None) -> str:
    """The answer ``response`` gives, named as the tables name it. ``secret`` is a text only
    those who see everything may find on the page: a 200 that shows it is SEES, not OK."""
    status = response.status_code
    if status == 200:
        body = b"" if response.streaming else response.content
        return SEES if secret and secret.encode() in body else OK
    if 300 <= status < 400:
        where = location(response)
        if any(page in where for page in LOGIN_PAGES):
            return LOGIN
        return INDEX if where in ("/admin/", reverse("admin:index")) else AWAY
    if status in (400, 405, 409, 429):
        return REFUSED
    return {403: DENIED, 404: HIDDEN, 410: GONE}.get(status, str(status))


def agrees(expected: str, got: str) -> bool:
    if expected == NO:
        return got in (DENIED, HIDDEN, INDEX)
    if expected == BACK:
        return got == AWAY
    return expected == got


def admin_url(name: str, *args: Any) -> str:
    return reverse(f"admin:{name}", args=args)
