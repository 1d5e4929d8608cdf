"""Tables, seats, matches, games and moves (coming with live play)."""
