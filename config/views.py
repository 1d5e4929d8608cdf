"""Site-level views: the home page and the health probe."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from . import health


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 only when every service answers, so a load balancer can drop a sick process."""
    data = health.report()
    return JsonResponse(data, status=200 if data["ok"] else 503)
