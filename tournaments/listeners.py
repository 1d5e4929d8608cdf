"""What tournaments hear from games: a few lines each around ``services.results``.

Connected in ``TournamentsConfig.ready()``. games sends both signals on commit through
``send_robust``, so a listener that fails is logged there and never undoes a move.
"""

from __future__ import annotations

from .services import results


def on_match_finished(sender, match_id: int, result, **kwargs) -> None:
    results.set_finished(match_id, result)


def on_game_finished(sender, match_id: int, **kwargs) -> None:
    results.game_finished(match_id)
