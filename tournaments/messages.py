"""Sentences kept to be translated when they are shown, not when they are written.

A note the schedule stores for the organiser (``Tournament.notice``) is written by a worker or
by whoever's request finished a table, in whatever language was active there; the organiser
reads it later, in theirs. So the note keeps its sentences as ``parts``: each the English msgid
(marked with ``gettext_noop`` where it is written, so it is in the catalogues) and parameters
that are numbers or names, never English words. ``render`` words them in the current language.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _


def message(msgid: str, plural: str = "", n: int | None = None, **params) -> dict:
    """One sentence kept to be translated when shown: its msgid, the plural and count if it
    has one, and its parameters. A part may also hold ``en``: more precise English words (a
    format's own message), which English readers get instead."""
    part: dict = {"code": msgid, "params": params}
    if plural:
        part.update(plural=plural, n=n)
    return part


def param(part: dict, name: str) -> object:
    """One parameter of a kept sentence; None when it has none of that name."""
    return (part.get("params") or {}).get(name)


def with_param(part: dict, name: str, value: object) -> dict:
    """The same sentence with one parameter given another value (a form names an option by its
    own label). Its ``en`` words name the old value, so they are dropped: English readers get
    the msgid, worded with the new one, like everyone else."""
    kept = {key: item for key, item in part.items() if key != "en"}
    kept["params"] = {**(part.get("params") or {}), name: value}
    return kept


def render(parts: list[dict], fallback: str = "") -> str:
    """Kept sentences in the current language, one after another; ``fallback`` (the text
    stored before notes kept their sentences, or a refusal made from text alone) when there
    are none, or one no longer reads (a catalogue that lost a placeholder)."""
    texts = []
    in_english = english()
    for part in parts or []:
        try:
            if in_english and part.get("en"):
                text = part["en"]
            elif part.get("plural"):
                text = ngettext(part["code"], part["plural"], part["n"])
            else:
                text = _(part["code"])
            texts.append(text % part["params"] if part.get("params") else text)
        except (KeyError, TypeError, ValueError):
            return fallback
    return " ".join(texts) or fallback


def english() -> bool:
    """Whether the current language is English (where a part's ``en`` words are shown)."""
    return (get_language() or settings.LANGUAGE_CODE).split("-")[0] == "en"
