"""A translation call inside an f-string is invisible to ``makemessages`` (xgettext does not
read f-strings' insides), so its text is never in the catalogues and shows in English in every
language: none may be written so."""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

APPS = ["accounts", "clubs", "games", "tournaments", "history", "ratings", "config"]
NAMES = {"_", "gettext", "gettext_lazy", "ngettext", "pgettext", "pgettext_lazy", "npgettext"}


def _calls_in_fstrings(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.JoinedStr):
            continue
        for part in ast.walk(node):
            if (isinstance(part, ast.Call) and isinstance(part.func, ast.Name)
                    and part.func.id in NAMES):  # fmt: skip
                found.append(f"{path.relative_to(settings.BASE_DIR)}:{part.lineno}")
    return found


def test_no_translation_call_sits_inside_an_fstring():
    base = Path(settings.BASE_DIR)
    found = [
        where
        for app in APPS
        for path in sorted((base / app).rglob("*.py"))
        if "migrations" not in path.parts
        for where in _calls_in_fstrings(path)
    ]
    assert not found, f"gettext inside an f-string (makemessages cannot see it): {found}"
