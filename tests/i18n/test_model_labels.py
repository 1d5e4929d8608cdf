"""Every model of ours speaks the reader's language in the admin and in forms: its name, its
fields' labels and its choices are lazy translations, and they read translated in Spanish."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.utils import translation
from django.utils.functional import Promise

OUR_APPS = ["accounts", "clubs", "games", "tournaments", "history", "ratings"]


def _models():
    return [model for app in OUR_APPS for model in apps.get_app_config(app).get_models()]


def _fields(model):
    """The fields written on the model (not the reverse relations, nor Django's own id)."""
    return [f for f in model._meta.get_fields() if f.concrete and not f.auto_created]


def _labels():
    for model in _models():
        meta = model._meta
        name = meta.label
        for attr in ("verbose_name", "verbose_name_plural"):
            # the plural must be written, not derived: "s" added to a translation is no plural
            yield f"{name}.Meta.{attr}", meta.original_attrs.get(attr)
        for field in _fields(model):
            yield f"{name}.{field.name}", field.verbose_name
            if field.choices and not callable(field.choices):
                for value, label in field.flatchoices:
                    yield f"{name}.{field.name} choice {value!r}", label


def test_every_model_field_and_choice_label_is_a_lazy_translation():
    plain = [where for where, label in _labels() if not isinstance(label, Promise)]
    assert not plain, f"labels not marked with gettext_lazy: {plain}"


def test_every_model_field_label_reads_translated_in_spanish():
    """A label left in English in Spanish is one makemessages missed or nobody translated."""
    with translation.override("en"):
        english = {where: str(label) for where, label in _labels() if label is not None}
    with translation.override("es"):
        spanish = {where: str(label) for where, label in _labels() if label is not None}
    same = [w for w, text in english.items() if spanish[w] == text and not _same_in_spanish(text)]
    assert not same, f"labels that read in English in Spanish: {same}"


def _same_in_spanish(text: str) -> bool:
    """Words Spanish writes as English does (a club, a bot, a set, an error, a style's name, a
    bot's level)."""
    same = {"bot", "bots", "club", "clubs", "set", "sets", "error", "cut-throat", "casual"}
    return text.lower() in same


@pytest.mark.parametrize("code", ["es", "pap"])
def test_a_tournaments_admin_labels_are_translated(code):
    from tournaments.models import Tournament

    with translation.override(code):
        assert str(Tournament._meta.get_field("state").verbose_name) != "state"
        assert str(Tournament._meta.get_field("created_at").verbose_name) != "created"
