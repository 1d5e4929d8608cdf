"""What the games core announces to the rest of the site, once a result is committed.

Apps above games (tournaments, ratings, history) connect to these in their ``AppConfig.ready()``;
``games`` never imports them, so a table never knows its bracket. Both are sent on commit by the
move service with ids and the result only (never a hand), through ``send_robust``: a listener
that fails is logged and cannot undo or fail the move that finished the game.

``game_finished(game_id, match_id, table_id, style, result)`` and ``match_finished(match_id,
table_id, style, result)``, where ``result`` is an ``outcomes.GameOutcome`` or
``outcomes.MatchOutcome``: parties (seats), the player ids per seat, places per party (1 is
best, ties share), points, and per seat whether the server played most of that seat's turns
for a person who was away (a bot standing in, or the clock).

``sets_unsealed(match_ids)``: these sets' deals are no longer secret (``play.unseal``), so their
finished games may now be shown whole, analysed and rated.

``seat_given_up(match_id, table_id, seat, player_id, how)``: a person gave up their seat in a
set being played (``services/leaving.py``): ``how`` is ``"abort"`` (the set is dropped),
``"resign"`` (the set is over, their party last) or ``"leave"`` (a bot plays the seat to the
end). Sent on commit, before the ``game_finished`` and ``match_finished`` of the same change,
so an event counts the forfeit before it places the table.
"""

from django.dispatch import Signal

game_finished = Signal()
match_finished = Signal()
sets_unsealed = Signal()
seat_given_up = Signal()
