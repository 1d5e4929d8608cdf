"""What tournaments hear from games: a few lines each around ``services.results``.

Connected in ``TournamentsConfig.ready()``. games sends both signals on commit through
``send_robust``, so a listener that fails is logged there and never undoes a move.
"""

from __future__ import annotations

from .live import news
from .services import results, schedule


def on_match_finished(sender, match_id: int, result, **kwargs) -> None:
    results.set_finished(match_id, result)


def on_game_finished(sender, match_id: int, **kwargs) -> None:
    results.game_finished(match_id)


def on_seat_given_up(sender, match_id: int, player_id: int | None, how: str, **kwargs) -> None:
    """Resigning or leaving an event's table is a forfeit of that table."""
    if how in ("resign", "leave"):
        schedule.forfeit_by_giving_up(match_id, player_id, how)


def on_table_news(sender, match_id: int, **kwargs) -> None:
    """A game or set of an event table finished: the event's live pages re-render (connected
    after the listeners above, so a finished set's places are stored by then)."""
    news.table_news(match_id)
