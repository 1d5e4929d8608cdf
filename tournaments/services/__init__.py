"""Everything that changes or reads an event: the only place its logic lives.

Views, admin actions and signal listeners are a few lines each around these functions. Every
function that acts for someone checks who acts (``access``), locks the event's row for anything
that changes its rounds or results, and raises ``TournamentError`` with a sentence for the
organiser; a format's own ``FormatError`` becomes that sentence.

- ``events``: create, update, open registration and check-in, start, finish, cancel.
- ``entries``: register people, pairs and bots, check in, withdraw, disqualify, seeds.
- ``rounds``: preview and generate the next round, seat it at games tables, re-seat.
- ``results``: places from a finished games set, results entered or overridden by hand.
- ``deals``: same deals at every table of a round, sealed until it finishes; the comparison.
- ``in_play``: what may be seen of a round of same deals while it is played (the one rule).
- ``state``: the format's ``State`` built from the rows, standings and brackets.
- ``access``: who may see and who may run an event.
- ``reads``: the queries pages need (lists, a club's events, a player's events).
"""
