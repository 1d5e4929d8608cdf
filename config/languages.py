"""The languages of the site, and Papiamentu, which Django does not know.

Django's ``LANG_INFO`` (``django.conf.locale``) lists the languages it has facts about; Papiamentu
is not among them, so ``get_language_info("pap")`` (the language switcher, ``{% get_language_info
%}``) would fail. ``register`` adds its entry once, at settings time, before anything asks.
Django's system checks only ask that codes look like language codes, and LocaleMiddleware accepts
a code that is in ``LANGUAGES`` and has a catalogue under ``LOCALE_PATHS``.
"""

from __future__ import annotations

from django.conf.locale import LANG_INFO

#: The facts Django keeps per language, for the ones it has none of.
EXTRA_LANG_INFO: dict[str, dict] = {
    "pap": {
        "bidi": False,
        "code": "pap",
        "name": "Papiamentu",
        "name_local": "Papiamentu",
    },
}


def register() -> None:
    """Add our languages to Django's LANG_INFO (idempotent; Django's own entries are kept)."""
    for code, info in EXTRA_LANG_INFO.items():
        LANG_INFO.setdefault(code, info)
