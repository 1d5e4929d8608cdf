"""Everything that changes or reads ratings: ``live`` (one finished game, from the signal),
``recompute`` (every stored game again, in the ledger's order), ``boards`` (leaderboards) and
``profiles`` (a player's public page)."""
