"""Show the site in a logged-in player's preferred language."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation


class PreferredLanguageMiddleware:
    """Runs after LocaleMiddleware and authentication: a saved choice beats the browser's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        language = getattr(user, "preferred_language", "") if user else ""
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
