"""What tournaments hear from games: a few lines each around ``services.results``.

Connected in ``TournamentsConfig.ready()``. games sends both signals on commit through
``send_robust``, so a listener that fails is logged there and never undoes a move.
"""

from __future__ import annotations

from .live import news
from .services import results


def on_match_finished(sender, match_id: int, result, **kwargs) -> None:
    results.set_finished(match_id, result)


def on_game_finished(sender, match_id: int, **kwargs) -> None:
    results.game_finished(match_id)


def on_table_news(sender, match_id: int, **kwargs) -> None:
    """A game or set of an event table finished: the event's live pages re-render (connected
    after the listeners above, so a finished set's places are stored by then)."""
    news.table_news(match_id)
