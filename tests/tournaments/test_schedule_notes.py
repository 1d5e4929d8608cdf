"""The schedule's note to the organiser is kept as sentences, not as the text of whichever
language wrote it: each organiser reads it in their own language, and a note stored before
reads as it was stored."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from tests.tournaments.factories import enter, open_event, owner_of
from tournaments.formats import EntryCountError
from tournaments.messages import message, param, render, with_param
from tournaments.models import Tournament
from tournaments.services import schedule
from tournaments.services.errors import TournamentError, explained

pytestmark = pytest.mark.django_db

QUICK = {"play_mode": "games", "games_per_table": 1, "turn_clock": 0}


def refused_start(club) -> Tournament:
    """An event whose start the format refuses (one entry), stepped by the worker in English."""
    event = open_event(club, starts_at=timezone.now() + timedelta(hours=1), **QUICK)
    enter(event, 1)
    with translation.override("en"):
        assert schedule.step(event.pk, now=event.starts_at) == ["notice"]
    event.refresh_from_db()
    return event


def test_a_schedule_notice_written_in_english_reads_in_spanish_and_papiamentu(club):
    event = refused_start(club)
    assert event.notice_parts, "the note keeps its sentences"
    with translation.override("en"):
        english = event.notice_text
    for code in ("es", "pap"):
        with translation.override(code):
            text = event.notice_text
        assert text and text != english
        assert english not in text, "no English words in brackets"


def test_a_schedule_notice_keeps_the_formats_precise_words_for_english_readers(club):
    event = refused_start(club)
    with translation.override("en"):
        assert event.notice_text == event.notice  # as the worker wrote it, in English


def test_a_notice_stored_before_notes_kept_sentences_reads_as_it_was_stored(club):
    event = refused_start(club)
    Tournament.objects.filter(pk=event.pk).update(notice="Old words.", notice_parts=[])
    event.refresh_from_db()
    with translation.override("es"):
        assert event.notice_text == "Old words."


def test_a_kept_sentence_that_no_longer_reads_falls_back_to_the_stored_text():
    broken = [message("Round %(n)s has started already.", m=3)]  # the wrong parameter
    with translation.override("es"):
        assert render(broken, "stored") == "stored"


def test_a_kept_sentence_worded_with_another_parameter_drops_its_english_words():
    part = {**message("Table %(table)s is waiting.", table=3), "en": "Table 3, precisely."}
    renamed = with_param(part, "table", 4)
    assert param(renamed, "table") == 4 and param(part, "table") == 3, "the original stays"
    with translation.override("en"):
        assert render([renamed]) == "Table 4 is waiting."
    assert param(message("No parameters."), "table") is None


def test_the_run_page_shows_the_schedules_note_in_the_organisers_language(club):
    event = refused_start(club)
    organiser = owner_of(club)
    organiser.preferred_language = "es"
    organiser.save(update_fields=["preferred_language"])
    browser = Client()
    browser.force_login(organiser)
    with translation.override("en"):  # the request activates Spanish: not for the next tests
        page = browser.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    with translation.override("es"):
        spanish = event.notice_text
    assert spanish in page
    assert event.notice not in page


def test_a_format_refusal_in_spanish_is_its_meaning_without_the_english_detail():
    error = EntryCountError("swiss needs at least 2 entries, got 1")
    with translation.override("es"):
        refused = explained(error)
    assert "swiss needs" not in str(refused) and "(" not in str(refused)
    with translation.override("en"):
        assert str(explained(error)) == "Swiss needs at least 2 entries, got 1."


def test_a_refusal_made_from_text_alone_is_noted_as_that_text(club):
    from tournaments.services.notes import keep_refusal

    event = refused_start(club)
    keep_refusal(event, TournamentError("Plain words."), timezone.now())
    event.refresh_from_db()
    assert event.notice == "Plain words." and event.notice_parts == []
    with translation.override("ru"):
        assert event.notice_text == "Plain words."


def test_an_option_of_the_wrong_type_is_refused_in_spanish_without_pythons_words(club):
    from tests.tournaments.factories import make_event

    with translation.override("es"), pytest.raises(TournamentError) as refused:
        make_event(club, format_options={"rounds": "many"})
    assert str(refused.value) == "La opción «rounds» lleva un número entero."
