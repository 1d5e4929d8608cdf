"""The admin an organiser uses reads in their language, Papiamentu included: Django's own admin
texts (which Django has no Papiamentu for) are in our catalogues, its scripts' texts (the date
and time pickers) in ``locale/pap/LC_MESSAGES/djangojs.po``, and our words do not replace
Django's where the same English word means something else."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import make_bot, make_user
from tests.tournaments.factories import make_club, make_event

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _language_restored():
    """A request activates the organiser's language in this thread: not for the next tests."""
    with translation.override("en"):
        yield


#: Django's admin texts on a tournament's change form, and how Spanish and Papiamentu read them.
EXPECTED = {
    "es": ["Guardar y continuar editando", "Eliminar", "Ver en el sitio"],
    "pap": ["Warda i sigui editá", "Eliminá", "Mira riba e sitio", "Bai na e kontenido prinsipal"],
}
ENGLISH = ["Save and continue editing", "Save and add another", "Django administration",
           "Skip to main content", "View site", "Toggle theme", ">Delete<", "Welcome,"]  # fmt: skip


def _admin_client(code: str) -> Client:
    boss = make_user("boss", is_staff=True, is_superuser=True, preferred_language=code)
    client = Client()
    client.force_login(boss)
    return client


@pytest.mark.parametrize("code", ["es", "pap"])
def test_a_tournaments_admin_change_form_reads_in_the_organisers_language(code):
    event = make_event(make_club(make_user("owner")))
    page = _admin_client(code).get(reverse("admin:tournaments_tournament_change", args=[event.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    for words in EXPECTED[code]:
        assert words in text, words
    left = [words for words in ENGLISH if words in text]
    assert not left, f"English left in the {code} admin: {left}"


def test_the_admins_date_pickers_read_in_papiamentu():
    script = _admin_client("pap").get(reverse("admin:jsi18n")).content.decode()
    assert "Awor" in script and "djaluna" in script  # "Now", "Monday"


def test_a_ratings_change_column_does_not_rename_the_admins_change_links():
    """Our "Change" (a rating's rise or fall) has its own context, so Django's "Change" (a
    link to a change form) keeps Django's word."""
    page = _admin_client("es").get(reverse("admin:index")).content.decode()
    assert "Modificar" in page and ">Cambio<" not in page


def test_a_bots_level_reads_as_a_word_in_the_organisers_language():
    bot = make_bot("rob", level="expert")
    client = _admin_client("es")
    listing = client.get(reverse("admin:accounts_user_changelist")).content.decode()
    assert "Experto" in listing
    form = client.get(reverse("admin:accounts_user_change", args=[bot.pk])).content.decode()
    assert "Experto" in form
    filtered = client.get(reverse("admin:accounts_user_changelist") + "?bot_level=expert")
    assert "rob" in filtered.content.decode()
