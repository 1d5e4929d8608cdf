"""Show the site in a logged-in player's preferred language."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from .languages import offered


class PreferredLanguageMiddleware:
    """Runs after LocaleMiddleware and authentication: a saved choice beats the browser's.

    It also keeps the language cookie in step with the saved choice, so the choice holds
    from the moment of logging in and after logging out, and sockets (which read the cookie
    when they cannot read the user) speak the same language as the pages.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = _saved(request)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        language = _saved(request)  # again: the view may have logged someone in
        if language and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response


def _saved(request: HttpRequest) -> str:
    """The signed-in player's saved language, if the site still offers it."""
    user = getattr(request, "user", None)
    return offered(getattr(user, "preferred_language", "") if user else "")
