"""View models for the table and the lobby: what one viewer sees, shaped for the templates.

Everything a template shows of a game comes from the engine's ``match_view(state, viewer)``,
which holds only what that viewer may see; these modules arrange it and add names. The facts
about a style (its vocabulary, whether it draws, whether low totals win) come from its rules
class, never from its name. They are pure: rows and the engine's view in, a view model out, no
queries (``rendering`` reads and caches).

- ``board``: the board every viewer of a version shares, and the tiles (public: the replay
  uses it too);
- ``hand``: the viewer's tiles and what a tap on each does;
- ``seats``: the seating cards and the boxes around the felt;
- ``narration``: the result explained, and the move log;
- ``event_note``: what an event's table says of its event (the set's note, worded);
- ``table_page``: the whole table page for one viewer, from the above;
- ``table_lists``: the lobby's tables and a player's own;
- ``words``: the small words they share (lists, teams, bots, clocks, a style's words).
"""
