"""The styles as the site shows them, every fact taken from the engine's rules classes.

A style is described once, on its rules class (``games.engine.STYLES``): its label, summary,
seat counts and options. This module only puts those facts into the current language for
forms and pages; adding a style adds nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games import engine
from games.models import style_label

DEFAULT_STYLE = next(iter(engine.STYLES))


@dataclass(frozen=True)
class StyleInfo:
    """One style for a page: its name, and label and summary in the current language."""

    style: str
    label: str
    summary: str
    seat_counts: tuple[int, ...]
    direction_choice: bool
    options: list[engine.FormOption]


def info(style: str) -> StyleInfo:
    """The style's facts (an unknown style reads as the default one, as the form does)."""
    rules = engine.STYLES.get(style) or engine.STYLES[DEFAULT_STYLE]
    return StyleInfo(
        rules.name, style_label(rules), _(rules.summary), tuple(rules.seat_counts),
        rules.direction_choice, engine.form_options(rules.name),
    )  # fmt: skip


def all_styles() -> list[StyleInfo]:
    return [info(name) for name in engine.STYLES]
