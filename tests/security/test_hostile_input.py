"""No input gives a 500 (issue 40): hostile values in every form and every query parameter the
site reads, sent as each role of the world, and a refused request changes nothing.

The forms are read from the pages themselves (every GET page of the permission matrix, as the
roles that see different forms, and the admin's pages), so a form added to a page is fuzzed
without a word here. Hypothesis changes a few fields of a form at a time to values of their kind
(huge and negative numbers, dates at the edges, deeply nested JSON, NUL, bidi marks, lone
surrogates, very long text) and keeps the others as the page gave them, so the request gets as
far as the field it attacks. Derandomized: a run is the same every time; the inputs that once
gave a 500 are checked on every run by ``test_the_known_hostile_inputs_get_no_server_error``.

Every example runs in a savepoint rolled back after it, on one world built per test. Each test
gathers what it finds (a 500 with the end of its traceback, or a refusal that changed the
database) and fails once, listing them all.
"""

from __future__ import annotations

import json
import logging
import re
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import DatabaseError, transaction
from django.test import Client
from django.urls import Resolver404, resolve, reverse
from hypothesis import HealthCheck, Phase, example, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.security.forms import Form, forms_of
from tests.security.probes import browser, changed, fingerprint, sign_in
from tests.security.test_permission_matrix import ADMIN, PAGES, admin_page_url
from tests.security.world import ROLES, World, build

pytestmark = pytest.mark.django_db

# -- the hostile values -------------------------------------------------------------------

DEEP_JSON = "[" * 100_000
HUGE = "9999999999999999999999999"
NUMBERS = [HUGE, "-1", "0", str(2**63), str(-(2**63) - 1), "1e309",
           "NaN", "-inf", "0x1f", "١٢", "²", "3.5", " 7 "]  # fmt: skip
DATES = ["9999-12-31", "0001-01-01", "10000-01-01", "2026-02-30", "0000-00-00", "-2026-01-01",
         "9999-12-31T23:59", "0001-01-01T00:00", "9999-12-31 23:59:59",
         "2026-13-01T25:61"]  # fmt: skip
TIMES = ["23:59", "24:00", "99:99", "23:59:59.9999999", "-1:00"]
JSONS = [DEEP_JSON, "{" * 50_000, '{"a":' * 20_000 + "1" + "}" * 20_000,
         "[" * 3_000 + "]" * 3_000, "[" + "1," * 100_000 + "1]", "null", "[]", "1e999",
         '{"target": 9999999999999999999999999}', '{"__proto__": {"x": 1}}']  # fmt: skip
TEXTS = ["\x00", "a\x00b", "\u202eevil\u202c", "\u200f\u200e\u2066", "🁣🀱🂓👨‍👩‍👧", "\ud800",
         "x\udfffy", "x" * 100_000, "' OR 1=1 --", "<script>alert(1)</script>", "../../etc/passwd",
         "%00", "", " ", "\r\n", "\U0001d54f" * 1_000, "None", "[]"]  # fmt: skip
#: Raw bytes that are no UTF-8 at all, sent as they are.
RAW = [b"\xff\xfe", b"\xed\xa0\x80", b"\xc0\xaf"]
#: Leave the field out of the request.
OMIT = object()
POOLS = {"number": NUMBERS, "date": DATES, "datetime": DATES, "time": TIMES, "textarea": JSONS}


def hostile(kind: str) -> st.SearchStrategy:
    """A value for a field of ``kind``: mostly one of its kind's worst, else any text."""
    own = POOLS.get(kind, NUMBERS + DATES)
    return st.one_of(
        st.sampled_from(own), st.sampled_from(own), st.sampled_from(TEXTS + RAW),
        st.text(max_size=30), st.just(OMIT),
    )  # fmt: skip


#: The values every field of a kind gets one at a time, the others as the page gave them, before
#: the random examples (Hypothesis' explicit examples): the inputs that found 500s, by kind.
SWEEP = {
    "number": [HUGE, "-1"], "hidden": [HUGE, "x1"], "select": [HUGE],
    "date": ["9999-12-31", "0001-01-01"], "time": ["24:00"],
    "datetime": ["9999-12-31T23:59", "0001-01-01T00:00"],
    "text": ["a\x00b"], "password": ["a\x00b"], "email": ["a\x00b"],
    "textarea": ["a\x00b", DEEP_JSON],
}  # fmt: skip
#: Django's own bookkeeping of a formset, which Django checks: left to the random examples.
BOOKKEEPING = ("-TOTAL_FORMS", "-INITIAL_FORMS", "-MIN_NUM_FORMS", "-MAX_NUM_FORMS")
#: A second row of an inline formset ("tables-1-id"): the same code as the first.
LATER_ROW = re.compile(r"-[1-9][0-9]*-")


def sweep(fields: list[tuple[str, str]]) -> Iterable[dict[str, object]]:
    """Each field alone set to each of its kind's ``SWEEP`` values."""
    for name, kind in fields:
        if not name.endswith(BOOKKEEPING) and not LATER_ROW.search(name):
            yield from ({name: value} for value in SWEEP.get(kind, ()))


def with_examples(test: Callable, role: str, fields: list[tuple[str, str]]) -> Callable:
    """``test`` (a Hypothesis test of ``role`` and ``changes``) with the sweep as its explicit
    examples, sent as ``role``: they run first, every time, whatever the random ones do."""
    for changes in sweep(fields):
        test = example(role=role, changes=changes)(test)
    return test


def attacks(fields: list[tuple[str, str]]) -> st.SearchStrategy[dict[str, object]]:
    """One to three of ``fields`` (name, kind) changed, now and then sent twice."""
    one = st.sampled_from(fields).flatmap(lambda f: st.tuples(st.just(f[0]), hostile(f[1])))
    twice = st.lists(one, min_size=1, max_size=2).map(lambda pairs: [(k, [v, v]) for k, v in pairs])
    return st.one_of(st.lists(one, min_size=1, max_size=3), twice).map(dict)


# -- sending them -------------------------------------------------------------------------


def encoded(value: object) -> bytes:
    """Text as UTF-8, a lone surrogate included (as a careless client would send it); bytes
    as they are."""
    if isinstance(value, bytes):
        return value
    return str(value).encode("utf-8", "surrogatepass")


def query(pairs: Iterable[tuple[str, object]]) -> str:
    return urlencode([(encoded(k), encoded(v)) for k, v in pairs])


def merged(defaults: list[tuple[str, str | None]], changes: dict[str, object]):
    """The form's own values with ``changes`` applied: a list value is sent once per item."""
    sent = []
    for name, value in defaults:
        if name in changes:
            continue
        if value is not None:
            sent.append((name, value))
    for name, value in changes.items():
        for item in value if isinstance(value, list) else [value]:
            if item is not OMIT:
                sent.append((name, item))
    return sent


@dataclass
class Prober:
    """Sends requests as the world's roles, each in a savepoint rolled back after it, and
    gathers what went wrong (one line per kind of failure)."""

    world: World
    found: dict[tuple, str]

    def client(self, role: str) -> Client:
        return browser(self.world, role, raise_request_exception=True)

    def send(self, role: str, method: str, path: str, pairs: list, files: dict | None = None
             ) -> None:  # fmt: skip
        """One request; a 500, or a refusal that changed the database, is noted."""
        with transaction.atomic():
            before = fingerprint()
            try:
                response = _request(self.client(role), method, path, pairs, files)
            except Exception as error:  # the client raises what the view raised: a 500
                self._note(role, method, path, pairs, error)
            else:
                self._check(role, method, path, pairs, response.status_code, before)
            transaction.set_rollback(True)

    def _check(self, role: str, method: str, path: str, pairs: list, status: int,
               before: dict) -> None:  # fmt: skip
        if status >= 500:
            self._note(role, method, path, pairs, None, f"status {status}")
            return
        if method == "POST" and 300 <= status < 400:
            return  # done: it may change what it was asked to
        try:
            differs = changed(before, fingerprint())
        except DatabaseError as error:  # the view left the transaction broken
            differs = [f"the transaction broke: {error}"]
        if differs:
            self._note(role, method, path, pairs, None, f"{status} but changed {differs}")

    def _note(self, role: str, method: str, path: str, pairs: list, error: Exception | None,
              what: str = "") -> None:  # fmt: skip
        where, text = _where(error) if error else ("", what)
        key = (method, _name(path), type(error).__name__, where, what if not error else "")
        if key not in self.found:
            shown = ", ".join(f"{k}={_short(v)}" for k, v in pairs)
            self.found[key] = f"{method} {path} as {role} [{shown}]: {text} {where}".rstrip()

    def report(self) -> str:
        """What was found, one line each ("" for nothing)."""
        if not self.found:
            return ""
        return f"{len(self.found)} found:\n" + "\n".join(sorted(self.found.values()))


def _request(client: Client, method: str, path: str, pairs: list, files: dict | None):
    if files is not None:
        data = {k: v for k, v in pairs if isinstance(v, str) and "\x00" not in v}
        return client.post(path, {**data, **files})
    if method == "GET":
        joiner = "&" if "?" in path else "?"
        return client.get(f"{path}{joiner}{query(pairs)}" if pairs else path)
    return client.post(path, query(pairs), content_type="application/x-www-form-urlencoded")


def _where(error: Exception) -> tuple[str, str]:
    """Where it broke, from a traceback: the frame that raised, and the last of the site's own
    code on the way (the tests' and the libraries' left out)."""
    root = str(Path(__file__).resolve().parents[2]) + "/"
    every = traceback.extract_tb(error.__traceback__)
    site = [f for f in every if f.filename.startswith(root) and "/.venv/" not in f.filename
            and not f.filename.startswith(root + "tests/")]  # fmt: skip
    at = " via ".join(
        f"{f.filename.removeprefix(root)}:{f.lineno} ({f.line})"
        for f in [every[-1], *(f for f in site[-1:] if f is not every[-1])]
    )
    return f"at {at}", f"500 {type(error).__name__}: {str(error)[:160]}"


def _name(path: str) -> str:
    try:
        return resolve(urlsplit(path).path).view_name
    except Resolver404:
        return path


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}…({len(text)} chars)"


def fuzz(examples: int) -> Callable:
    """Hypothesis' settings here: derandomized, no shrinking (an example is a few fields
    already), no example database (each world has its own ids)."""
    return hypothesis_settings(
        max_examples=examples, derandomize=True, deadline=None, database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )  # fmt: skip


@pytest.fixture
def prober(settings) -> Iterator[Prober]:
    """A world, the rates lifted (the fuzz sends more than a person could) and the log of
    refused requests quiet (thousands of them; what matters is gathered by the Prober)."""
    for name in ("RATE_ACTIONS", "RATE_MOVES", "RATE_NEW_TABLES"):
        setattr(settings, name, "1000000/m")
    world = build()
    sign_in(world)
    log = logging.getLogger("django.request")
    level, log.level = log.level, logging.CRITICAL
    yield Prober(world, {})
    log.setLevel(level)


# -- the forms ----------------------------------------------------------------------------

#: Who reads the pages for their forms: between them they are offered every form (a visitor's
#: sign-up, a member's leave button, an owner's organiser forms, a superuser's admin).
READERS = ("anonymous", "member", "owner", "superuser")
#: Pages with forms the matrix's rows do not open: a seated round's start, a draft's steps, a
#: public table with open seats, and the admin's event and round forms.
MORE_PAGES = ("/events/{seated_event}/run/", "/events/{draft_event}/edit/",
              "/events/{draft_event}/run/", "/play/t/{public_code}/",
              "/admin/tournaments/round/{seated_round}/change/")  # fmt: skip
FORM_EXAMPLES = 6


def pages_to_read(world: World) -> Iterable[tuple[str, str]]:
    """(role, path) of every GET page of the matrix, and the admin's lists and forms."""
    for key, row in PAGES.items():
        if row.post is None and not row.meta:
            path = reverse(key.split(":")[0], args=[world.ref(a) for a in row.args])
            yield from ((role, path) for role in READERS)
    for page in MORE_PAGES:
        yield from ((role, page.format(**world.refs)) for role in ("owner", "superuser"))
    for label in ADMIN:
        for view in ("changelist", "change", "add"):
            yield "superuser", admin_page_url(world, label, view)


def discover(prober: Prober) -> dict[tuple, tuple[str, Form]]:
    """Every distinct form of the pages (by method, the URL it posts to and its field names:
    the same form for another object of a kind is the same code), with the first role offered
    it."""
    found: dict[tuple, tuple[str, Form]] = {}
    for role, page in pages_to_read(prober.world):
        try:
            response = prober.client(role).get(page)
        except Exception:  # a page that fails is the query test's to report
            continue
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for form in forms_of(page, response.content.decode()):
            if form.method == "GET":
                form.action = urlsplit(form.action).path
            found.setdefault((form.method, _name(form.action), form.names), (role, form))
    return found


def attack_form(prober: Prober, seen_by: str, form: Form) -> None:
    """The sweep of the form's fields as the role the page showed it to, then random attacks
    on a few fields at a time as any role (a form one may not see is posted too)."""
    fields = [(name, kind) for name, kind, _value in form.fields
              if kind != "button" and not LATER_ROW.search(name)]  # fmt: skip
    defaults = [(name, value) for name, _kind, value in form.fields]
    roles = st.one_of(st.just(seen_by), st.sampled_from(ROLES))

    @fuzz(min(FORM_EXAMPLES, 3 + len(fields)))  # a form of no fields: who may send it
    @given(role=roles, changes=attacks(fields or [("q", "text")]))
    def attempt(role: str, changes: dict[str, object]) -> None:
        prober.send(role, form.method, form.action, merged(defaults, changes))

    with_examples(attempt, seen_by, fields)()


def test_every_form_refuses_hostile_values_without_a_server_error(prober: Prober) -> None:
    targets = discover(prober)
    actions = {_name(form.action) for _role, form in targets.values()}
    assert {"event_new", "club_remove", "history_import", "admin:tournaments_round_change"} <= (
        actions
    ), f"the pages were not read as expected: {sorted(actions)}"
    for seen_by, form in targets.values():
        attack_form(prober, seen_by, form)
    failures = prober.report()
    assert not failures, failures


# -- the query strings --------------------------------------------------------------------

HISTORY_FILTERS = ("style", "result", "opponent", "partner", "club", "tournament", "since",
                   "until", "page")  # fmt: skip
#: Every query parameter a view reads (``request.GET``), and the admin's own, by page.
QUERIES: dict[str, tuple[str, ...]] = {
    "/history/": HISTORY_FILTERS,
    "/history/player/{pat}/": HISTORY_FILTERS,
    "/history/set/{private_set}/game/1/": ("at",),
    "/history/imported/{imported}/game/1/": ("at",),
    "/events/": ("club", "style"),
    "/events/new/": ("club",),
    "/events/new/style-options/": ("style",),
    "/play/": ("style",),
    "/play/new/form/": ("style",),
    "/ratings/": ("style", "club", "month", "bots", "page"),
    "/accounts/login/": ("next",),
    "/admin/tournaments/tournament/{running_event_pk}/change/": ("entries_page",),
    "/admin/tournaments/tournament/": ("q", "o", "p", "state__exact", "club__id__exact",
                                       "created_at__year", "created_at__month",
                                       "created_at__day", "_to_field", "_popup", "e"),
    "/admin/tournaments/entry/": ("q", "o", "p", "tournament__id__exact", "status__exact"),
    "/admin/autocomplete/": ("app_label", "model_name", "field_name", "term", "page"),
}  # fmt: skip
NUMBER_PARAMETERS = {"club", "tournament", "page", "at", "p", "o", "entries_page", "e"}
DATE_PARAMETERS = {"since", "until", "month"}
QUERY_EXAMPLES = 10


def kind_of_parameter(name: str) -> str:
    if name in NUMBER_PARAMETERS or name.endswith(("__exact", "__year", "__month", "__day")):
        return "number"
    return "date" if name in DATE_PARAMETERS else "textarea"  # NUL, and JSON where it is read


def attack_query(prober: Prober, path: str, fields: list[tuple[str, str]]) -> None:
    """The sweep of the page's parameters as the superuser (who sees every page), then random
    attacks as any role."""

    @fuzz(QUERY_EXAMPLES)
    @given(role=st.sampled_from(ROLES), changes=attacks(fields))
    def attempt(role: str, changes: dict[str, object]) -> None:
        prober.send(role, "GET", path, merged([], changes))

    with_examples(attempt, "superuser", fields)()


def test_every_query_parameter_refuses_hostile_values_without_a_server_error(
    prober: Prober,
) -> None:
    for page, names in QUERIES.items():
        fields = [(name, kind_of_parameter(name)) for name in names]
        attack_query(prober, page.format(**prober.world.refs), fields)
    failures = prober.report()
    assert not failures, failures


# -- record files -------------------------------------------------------------------------

IMPORT = "/history/import/"
FILES = [DEEP_JSON.encode(), b'{"format": "dominoes-record/1", "games": ' + b"[" * 50_000,
         ("[" * 3_000 + "]" * 3_000).encode(), b"[" + b"1," * 400_000 + b"1]",
         b"x" * 1_000_001, b"\xff\xfe\x00", "\ufeff\x00".encode(), b"", b"null", b"1e999",
         b'{"format": "dominoes-record/1", "style": "block", '
         b'"seats": 9999999999999999999999999, "games": []}']  # fmt: skip
JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from([2**63, -(2**63), 10**25]),
    st.floats(allow_nan=False), st.text(max_size=20), st.sampled_from(TEXTS[:7]),
)  # fmt: skip
JSON_VALUES = st.recursive(
    JSON_LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner),
    max_leaves=12,
)  # fmt: skip


def a_record() -> dict:
    from games import engine
    from games.engine.cli import play as play_random

    return engine.make_record(play_random("block", 2, 4, 1))


def upload(prober: Prober, role: str, data: bytes, name: str = "record.json") -> None:
    """The import form sent with ``data`` as its file (multipart, as a browser sends it)."""
    file = SimpleUploadedFile(name, data, content_type="application/json")
    prober.send(role, "POST", IMPORT, [("name", "hostile")], files={"file": file})


def test_a_hostile_record_file_is_refused_without_a_server_error(prober: Prober) -> None:
    """The files of ``FILES``, then a good record with one of its keys (or its first game's)
    set to any JSON value: refused with a reason, or imported, never a 500."""
    for data in FILES:
        upload(prober, "player", data)
    record = a_record()

    @fuzz(40)
    @given(
        place=st.sampled_from([*record, *(f"games.0.{key}" for key in record["games"][0])]),
        value=JSON_VALUES,
    )
    def attempt(place: str, value: object) -> None:
        changed_record = json.loads(json.dumps(record))
        parent, key = changed_record, place
        if place.startswith("games.0."):
            parent, key = changed_record["games"][0], place.removeprefix("games.0.")
        parent[key] = value
        upload(prober, "player", json.dumps(changed_record).encode())

    attempt()
    failures = prober.report()
    assert not failures, failures


# -- the inputs that gave a 500 once --------------------------------------------------------

#: (role, the page whose form is sent or None, where it is sent, what is changed in it).
KNOWN: list[tuple[str, str | None, str, dict[str, object]]] = [
    ("owner", "/events/new/", "/events/new/", {"more_options": DEEP_JSON}),
    ("owner", "/events/new/", "/events/new/", {"starts_at": "9999-12-31T23:59"}),
    ("owner", "/events/{draft_event}/edit/", "/events/{draft_event}/edit/",
     {"more_options": DEEP_JSON}),
    ("owner", "/events/{draft_event}/edit/", "/events/{draft_event}/edit/",
     {"starts_at": "9999-12-31T23:59"}),
    ("owner", "/events/{seated_event}/run/", "/events/{seated_event}/run/round-time/",
     {"starts_at": "9999-12-31T23:59"}),
    ("superuser", "/admin/tournaments/round/{seated_round}/change/",
     "/admin/tournaments/round/{seated_round}/change/",
     {"starts_at_0": "9999-12-31", "starts_at_1": "23:59:59"}),
    ("owner", None, "/clubs/{club}/members/remove/", {"user": "x1"}),
    ("owner", None, "/clubs/{club}/members/role/", {"user": "x1", "role": "member"}),
    ("member", None, "/history/player/{pat}/?tournament=9999999999999999999999999", {}),
    ("member", None, "/history/player/{pat}/?club=9999999999999999999999999", {}),
    # found by this test (issue 40)
    ("superuser", "/admin/tournaments/round/{seated_round}/change/",
     "/admin/tournaments/round/{seated_round}/change/", {"tables-0-id": "x1"}),
    ("member", None, "/events/?style=a%00b", {}),
    ("owner", None, "/admin/tournaments/tournament/?created_at__year=" + HUGE, {}),
    ("owner", None, "/admin/tournaments/entry/?q=" + "[" * 60_000, {}),
    ("superuser", None, "/admin/auth/group/add/", {"name": "x", "permissions": HUGE}),
    ("superuser", None, "/admin/accounts/user/{pat}/change/",
     {"username": "pat", "user_permissions": HUGE}),
]  # fmt: skip


def form_defaults(prober: Prober, role: str, page: str, action: str) -> list:
    """The values the page's form that posts to ``action`` comes with."""
    html = prober.client(role).get(page).content.decode()
    form = next((f for f in forms_of(page, html) if f.action == action), None)
    assert form is not None, f"{page} offers {role} no form that posts to {action}"
    return [(name, value) for name, _kind, value in form.fields]


@pytest.mark.parametrize(
    ("role", "form_page", "action", "changes"), KNOWN,
    ids=[f"{role}:{action[:60]}:{','.join(changes)}" for role, _p, action, changes in KNOWN],
)  # fmt: skip
def test_the_known_hostile_inputs_get_no_server_error(
    prober: Prober, role: str, form_page: str | None, action: str, changes: dict
) -> None:
    refs = prober.world.refs
    action = action.format(**refs)
    defaults = form_defaults(prober, role, form_page.format(**refs), action) if form_page else []
    prober.send(role, "GET" if "?" in action else "POST", action, merged(defaults, changes))
    failures = prober.report()
    assert not failures, failures
