"""Options the engine refuses: English pages get the engine's own words, other languages the
translated sentence alone (never English words in brackets); the log keeps the words."""

from __future__ import annotations

import logging

import pytest
from django.utils import translation

from games.services import play
from games.services.errors import TableError


def test_refused_options_read_without_english_words_in_spanish(caplog):
    caplog.set_level(logging.INFO, logger="games.services.play")
    with translation.override("es"), pytest.raises(TableError) as refused:
        play.validate_options("block", 7, {})
    assert "(" not in str(refused.value)
    assert str(refused.value) != "These options do not make a game of this style."
    assert "options refused" in caplog.text


def test_refused_options_give_the_engines_words_in_english():
    with translation.override("en"), pytest.raises(TableError) as refused:
        play.validate_options("block", 7, {})
    assert str(refused.value).startswith("These options do not make a game of this style (")
