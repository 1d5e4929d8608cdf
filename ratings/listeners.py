"""What ratings hear from games: receivers around ``services.live``.

Connected in ``RatingsConfig.ready()``. games sends ``game_finished`` and ``sets_unsealed`` on
commit through ``send_robust``, so a failure here is logged there and never undoes or fails the
move (or the unsealing); the game is then missing from the ledger, and ``recompute_ratings``
takes it in.
"""

from __future__ import annotations

from games.services.outcomes import GameOutcome

from .services import live


def on_game_finished(sender, game_id: int, style: str, result: GameOutcome, **kwargs) -> None:
    live.rate_game(game_id, style, result)


def on_sets_unsealed(sender, match_ids: list[int], **kwargs) -> None:
    """The games these sets finished while sealed, which ``on_game_finished`` let wait."""
    live.rate_unsealed(match_ids)
