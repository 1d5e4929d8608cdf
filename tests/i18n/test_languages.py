"""The site in every language it offers: complete catalogues, every page, Papiamentu's facts,
the switcher and the saved preference."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games.engine.errors import IllegalMove
from games.services import refusals
from tests.factories import DEFAULT_PASSWORD, make_table, make_user, start_table
from tests.history.helpers import played
from tests.tournaments.factories import make_club, open_event

LOCALE = Path(settings.BASE_DIR) / "locale"
#: The offered languages that have a catalogue of their own (English is the source language).
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
OFFERED = [code for code, _name in settings.LANGUAGES]


def _catalogue(code: str) -> polib.POFile:
    path = LOCALE / code / "LC_MESSAGES" / "django.po"
    assert path.exists(), f"{code} is offered but has no {path.relative_to(settings.BASE_DIR)}"
    return polib.pofile(str(path))


@pytest.mark.parametrize("code", TRANSLATED)
def test_an_offered_language_has_every_string_translated(code):
    entries = [e for e in _catalogue(code) if not e.obsolete]
    missing = [e.msgid for e in entries if not e.translated()]
    fuzzy = [e.msgid for e in entries if "fuzzy" in e.flags]
    assert not missing, f"{code}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not fuzzy, f"{code}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


#: What makemessages walks besides the code: nothing of the environment or the run's files.
_NOT_SOURCE = {".venv", "var", "locale", "node_modules", "test-results", "build", "dist"}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> set[tuple[str | None, str]]:
    """Every msgid in the code and templates now, as makemessages finds them (in a copy of the
    tree, so the real catalogues are never touched). Needs GNU gettext: skipped without it."""
    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext (xgettext) is not installed")
    tree = tmp_path_factory.mktemp("source")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for item in Path(settings.BASE_DIR).iterdir():
        if item.name in _NOT_SOURCE or item.name.startswith("."):
            continue
        if item.is_dir():
            shutil.copytree(item, tree / item.name, ignore=skip)
        else:
            shutil.copy2(item, tree / item.name)
    (tree / "locale").mkdir()
    code = (
        "import django; from django.conf import settings; settings.configure(USE_I18N=True); "
        "django.setup(); from django.core.management import call_command; "
        "call_command('makemessages', locale=['xx'], verbosity=0, no_location=True)"
    )
    subprocess.run([sys.executable, "-c", code], cwd=tree, check=True)
    return {
        (e.msgctxt, e.msgid) for e in polib.pofile(str(tree / "locale/xx/LC_MESSAGES/django.po"))
    }


@pytest.mark.parametrize("code", TRANSLATED)
def test_an_offered_language_has_every_string_of_the_code(extracted, code):
    """A string added to the code since the last `make messages` fails here, not on the page."""
    have = {(e.msgctxt, e.msgid) for e in _catalogue(code) if not e.obsolete}
    missing = sorted(msgid for _context, msgid in extracted - have)
    assert not missing, (
        f"{code}: {len(missing)} not in the catalogue (make messages), e.g. {missing[:5]}"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_an_offered_language_has_its_catalogue_compiled(code):
    """The .mo is committed (make test needs no gettext); it must say what the .po says."""
    mo_path = LOCALE / code / "LC_MESSAGES" / "django.mo"
    assert mo_path.exists(), f"{code}: run python manage.py compilemessages -l {code}"
    compiled = {
        (e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in polib.mofile(str(mo_path))
    }
    stale = [
        e.msgid
        for e in _catalogue(code)
        if not e.obsolete and e.translated() and "fuzzy" not in e.flags
        and compiled.get((e.msgctxt, e.msgid), (None, None))[0 if not e.msgid_plural else 1]
        != (e.msgstr if not e.msgid_plural else e.msgstr_plural)
    ]  # fmt: skip
    assert not stale, f"{code}: the .mo is older than the .po, e.g. {stale[:3]}; compilemessages"


@pytest.fixture
def site(db):
    """One of everything the main pages show: a table in play, a finished set, a club and an
    event; the player ``p0`` sat at the set and is signed in."""
    match, (person,) = played("block", 2, seed=2)
    host = make_user("host")
    table = make_table(host, style="cutthroat")
    start_table(table, seed=1)
    club = make_club()
    event = open_event(club)
    return {"person": person, "match": match, "table": table, "club": club, "event": event}


def _pages(site) -> list[str]:
    match, event = site["match"], site["event"]
    return [
        reverse("home"),
        reverse("rules"),
        reverse("lobby"),
        reverse("my_tables"),
        reverse("table", args=[site["table"].code]),
        reverse("history"),
        reverse("history_stats"),
        reverse("history_match", args=[match.pk]),
        reverse("history_match_game", args=[match.pk, 1]),
        reverse("leaderboard"),
        reverse("player", args=[site["person"].username]),
        reverse("events"),
        reverse("event", args=[event.slug]),
        reverse("event_screen", args=[event.slug]),
        reverse("clubs"),
        reverse("club", args=[site["club"].slug]),
        reverse("profile"),
    ]


@pytest.mark.parametrize("code", OFFERED)
def test_every_main_page_renders_in_every_offered_language(site, code):
    client = Client(headers={"accept-language": code})
    client.login(username=site["person"].username, password=DEFAULT_PASSWORD)
    for url in _pages(site):
        response = client.get(url)
        assert response.status_code == 200, url
        assert f'<html lang="{code}">' in response.text, url
    visitor = Client(headers={"accept-language": code})
    for url in (reverse("login"), reverse("signup"), reverse("home"), reverse("events")):
        response = visitor.get(url)
        assert response.status_code == 200, url
        assert f'<html lang="{code}">' in response.text, url


def test_papiamentu_is_known_to_django_with_its_own_name():
    info = translation.get_language_info("pap")
    assert info["name_local"] == "Papiamentu"
    assert info["code"] == "pap"
    assert info["bidi"] is False


@pytest.mark.django_db
def test_papiamentu_passes_checks_and_is_chosen_from_accept_language(settings):
    settings.LANGUAGES = [*settings.LANGUAGES, ("pap", "Papiamentu")]
    call_command("check", fail_level="ERROR")
    response = Client(headers={"accept-language": "pap,nl;q=0.8"}).get(reverse("home"))
    assert response.headers["Content-Language"] == "pap"
    assert '<html lang="pap">' in response.text
    assert '<option value="pap" lang="pap"' in response.text
    rendered = Template(
        "{% load i18n %}{% get_available_languages as langs %}"
        "{% get_language_info_list for langs as infos %}"
        "{% for l in infos %}{{ l.code }}={{ l.name_local }};{% endfor %}"
    ).render(Context())
    assert "pap=Papiamentu;" in rendered


@pytest.mark.django_db
def test_a_visitor_gets_the_browser_language_and_the_switcher_marks_it():
    other = next((code for code in OFFERED if code != settings.LANGUAGE_CODE), None)
    if other is None:
        pytest.skip("only one language offered")
    response = Client(headers={"accept-language": other}).get(reverse("home"))
    assert response.headers["Content-Language"] == other
    assert f'<option value="{other}" lang="{other}" selected>' in response.text


@pytest.mark.django_db
def test_switching_language_while_signed_in_saves_the_choice():
    other = next((code for code in OFFERED if code != settings.LANGUAGE_CODE), None)
    if other is None:
        pytest.skip("only one language offered")
    make_user("ann")
    client = Client()
    client.login(username="ann", password=DEFAULT_PASSWORD)
    response = client.post(reverse("set_language"), {"language": other, "next": "/clubs/"})
    assert response.status_code == 302 and response.headers["Location"] == "/clubs/"
    assert User.objects.get(username="ann").preferred_language == other
    assert client.get(reverse("home")).headers["Content-Language"] == other


@pytest.mark.django_db
def test_the_saved_choice_beats_the_browser_and_sets_the_cookie_at_login():
    other = next((code for code in OFFERED if code != settings.LANGUAGE_CODE), None)
    if other is None:
        pytest.skip("only one language offered")
    make_user("ann", preferred_language=other)
    client = Client(headers={"accept-language": settings.LANGUAGE_CODE})
    response = client.post(reverse("login"), {"username": "ann", "password": DEFAULT_PASSWORD})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == other
    assert client.get(reverse("home")).headers["Content-Language"] == other


@pytest.mark.django_db
def test_a_language_no_longer_offered_is_ignored_as_a_saved_choice():
    make_user("ann", preferred_language="xx")
    client = Client(headers={"accept-language": settings.LANGUAGE_CODE})
    client.login(username="ann", password=DEFAULT_PASSWORD)
    assert client.get(reverse("home")).status_code == 200


def test_every_refusal_code_has_a_text_and_unknown_codes_read_as_the_general_one():
    with translation.override(settings.LANGUAGE_CODE):
        error = IllegalMove("seat 1 cannot pass: it holds 6-4, which fits", "pass_holds_fit",
                            tile="6-4")  # fmt: skip
        assert refusals.describe(error) == "You cannot pass: 6-4 fits, so you must play."
        assert refusals.describe(IllegalMove("new", "a_code_not_yet_known")) == (
            "That move is not allowed."
        )
        assert "6-6" in refusals.describe(IllegalMove("x", "pose_refused", tile="5-5", must="6-6"))


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_refusal_reads_in_the_players_language(code):
    error = IllegalMove("seat 0 cannot place 6-4: it does not fit", "misfit", tile="6-4")
    with translation.override(code):
        text = refusals.describe(error)
    assert "6-4" in text
    assert text != "6-4 does not fit there."


def test_papiamentu_writes_dates_day_first_and_numbers_with_a_decimal_comma():
    from datetime import date

    from django.utils import formats

    with translation.override("pap"):
        assert formats.number_format(1234.5, 1, force_grouping=True) == "1.234,5"
        assert formats.date_format(date(2026, 1, 20), "SHORT_DATE_FORMAT") == "20-01-2026"
        assert formats.date_format(date(2026, 1, 20), "DATE_FORMAT").startswith("20 ")


@pytest.mark.django_db
def test_offering_another_language_needs_no_migration(settings):
    settings.LANGUAGES = [*settings.LANGUAGES, ("pap", "Papiamentu"), ("ru", "Russian")]
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
