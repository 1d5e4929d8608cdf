"""The 400, 403 and 404 pages: styled like the rest of the site, with its header and a way back,
not Django's bare "Not Found"."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation
from django.views import defaults

from tests.factories import make_user
from tests.tournaments.factories import enter, join, open_event

pytestmark = pytest.mark.django_db


def _has_the_site_around_it(html: str) -> None:
    assert 'class="site-header"' in html
    assert 'class="site-footer"' in html
    assert "css/site.css" in html
    assert f'href="{reverse("home")}"' in html
    assert 'class="error-page"' in html


def test_an_organiser_page_answers_a_plain_member_with_the_site_s_404(client, settings):
    settings.DEBUG = False
    event = open_event()
    member = join(event.club, make_user("milo", display_name="Milo Member"))
    client.force_login(member)
    response = client.get(reverse("event_run", kwargs={"slug": event.slug}))
    assert response.status_code == 404
    html = response.content.decode()
    _has_the_site_around_it(html)
    assert "Page not found" in html
    assert "Milo Member" in html  # the header knows who is signed in
    assert f'href="{reverse("events")}"' in html


def test_an_unknown_address_answers_a_visitor_with_the_site_s_404(client, settings):
    settings.DEBUG = False
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    _has_the_site_around_it(html)
    assert f'href="{reverse("login")}"' in html


def test_the_404_page_is_translated(client, settings):
    settings.DEBUG = False
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 404
    assert '<html lang="fr">' in response.content.decode()
    assert "Page introuvable" in response.content.decode()


def test_a_refusal_answers_with_the_site_s_403():
    request = RequestFactory().get("/somewhere/")
    request.user = AnonymousUser()
    with translation.override("en"):
        response = defaults.permission_denied(request, PermissionDenied())
    assert response.status_code == 403
    html = response.content.decode()
    _has_the_site_around_it(html)
    assert "Not allowed" in html


def test_a_bad_request_answers_with_the_site_s_400(client, settings):
    settings.DEBUG = False
    response = client.get("/", HTTP_HOST="not-our-site.example")
    assert response.status_code == 400
    html = response.content.decode()
    _has_the_site_around_it(html)
    assert "Bad request" in html


def test_a_form_posted_with_a_stale_token_answers_with_the_site_s_page(settings):
    settings.DEBUG = False
    browser = Client(enforce_csrf_checks=True)
    login = reverse("login")
    response = browser.post(login, {"username": "a", "password": "b"},
                            HTTP_REFERER=f"http://testserver{login}")  # fmt: skip
    assert response.status_code == 403
    html = response.content.decode()
    _has_the_site_around_it(html)
    assert "This page was out of date" in html
    assert "Nothing was changed" in html
    assert f'href="http://testserver{login}"' in html  # back to the form, to load it afresh


def test_the_stale_token_page_never_links_back_to_another_site(settings):
    settings.DEBUG = False
    browser = Client(enforce_csrf_checks=True)
    response = browser.post(reverse("login"), {}, HTTP_REFERER="https://evil.example/")
    assert response.status_code == 403
    assert "evil.example" not in response.content.decode()


def test_the_stale_token_page_is_translated(settings):
    settings.DEBUG = False
    browser = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="es")
    response = browser.post(reverse("login"), {})
    assert response.status_code == 403
    assert '<html lang="es">' in response.content.decode()
    assert "This page was out of date" not in response.content.decode()


def test_the_entries_table_becomes_cards_and_set_and_save_are_buttons(client):
    event = open_event()
    enter(event, 2)
    client.force_login(event.club.memberships.get(role="owner").user)
    html = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert 'class="ev-table ev-cards ev-entries"' in html
    assert html.count('<button class="button ghost small" type="submit">Set</button>') == 2
    assert html.count('<button class="button ghost small" type="submit">Save</button>') == 2
    assert html.count('class="ev-name"') == 2
