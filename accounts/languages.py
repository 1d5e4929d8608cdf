"""A player's language: the saved choice, checked against the languages the site offers now."""

from __future__ import annotations

from django.conf import settings


def offered(code: str | None) -> str:
    """``code`` if the site offers it now, else "" (a saved choice may outlive its offer)."""
    return code if code and code in dict(settings.LANGUAGES) else ""


def remember(user, code: str) -> None:
    """Save a signed-in player's choice from the language switcher (bots and visitors: no-op)."""
    code = offered(code)
    if not code or not getattr(user, "is_authenticated", False) or user.is_bot:
        return
    if user.preferred_language != code:
        user.preferred_language = code
        user.save(update_fields=["preferred_language"])
