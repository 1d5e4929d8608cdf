"""The traveller of a same-deal round: deal by deal and seat by seat, how every table's holder
fared with the same hand and what it scored (``services.deals`` seals, ``services.duplicate``
scores). One view, a few lines around the services."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from .models import Round, Tournament
from .services import access, deals, duplicate


@require_GET
def round_deals(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    if not access.can_see(event, request.user) or not event.same_deals:
        raise Http404
    row = get_object_or_404(Round, tournament=event, number=number)
    comparison = deals.comparison(event, row)
    hands = {deal.number: deal.hands for deal in comparison.deals}
    context = {
        "event": event,
        "round": row,
        "finished": row.state == Round.State.FINISHED,
        "rounds": list(event.rounds.order_by("number").values_list("number", flat=True)),
        "comparison": comparison,
        "traveller": duplicate.traveller(event, row, hands, comparison.sealed),
    }
    return render(request, "tournaments/deals.html", context)
