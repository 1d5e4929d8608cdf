"""The ratings pages say how the figure works (it starts at 1500; a "?" marks it provisional
until its tenth rated game; established ratings are listed first), in the reader's language.

The Spanish pages are checked against the explanation as the Spanish catalogue renders it, so
the test holds before the translators' next pass (English shows through) and after it; and the
old explanation ("starts at 0"), in either language, is gone."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from tests.factories import make_user
from tests.ratings.helpers import announce, finish, table_of

pytestmark = pytest.mark.django_db

PAGES = ("/ratings/", "/players/ann/")
OLD = ("it starts at 0 and rises", "empieza en 0 y sube")


@pytest.fixture
def rated():
    ann, bob = make_user("ann"), make_user("bob")
    announce(finish(table_of([ann, bob], "block"), [0, 20], winner=0))


def _scale_in(code: str) -> str:
    """The shared explanation of the figure, as the ``code`` catalogue words it."""
    with translation.override(code):
        return Template("{% load ratings_extras %}{% rating_scale %}").render(Context()).strip()


def _get(path: str, code: str) -> str:
    response = Client(headers={"accept-language": code}).get(path)
    assert response.status_code == 200
    assert f'<html lang="{code}">' in response.text
    return response.text


def test_the_english_pages_explain_the_figure(rated):
    scale = _scale_in("en")
    assert scale.startswith("A rating starts at 1500, goes up with good results")
    assert "(1500?) means it is provisional: fewer than 10 rated games" in scale
    for path in PAGES:
        page = _get(path, "en")
        assert scale in page, path
        assert not any(old in page for old in OLD), path
    board = _get("/ratings/?style=block", "en")
    assert "Established ratings are listed first." in board
    assert "everyone starts at 1500, and of two established players 400 points apart" in board
    assert "In a game of four every place counts" in board
    assert "marked with a question mark, for its first 10 rated games" in board
    assert "three times its uncertainty" not in board


@pytest.mark.parametrize("path", PAGES)
def test_the_spanish_pages_explain_the_figure_in_spanish(rated, path):
    page = _get(path, "es")
    assert _scale_in("es") in page
    assert not any(old in page for old in OLD)
