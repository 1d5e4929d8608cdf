"""What may be seen of a round of same deals while it is played (issue 43: nothing is seen before
it is played).

At every table of a same-deals round, deal *k* gives each seat the same tiles
(``services.deals``). A table's result on a deal therefore tells whoever has still to play that
deal elsewhere which seat holds the winning hand: "Dumpling 1" at table 1 after its first deal
says, to a player at table 2, that Dumpling's seat wins deal 1. So, the rule (``in_play``), said
here once and used by every page, socket push, club-night screen, file and standings of an
event:

- while a round of a same-deals event is being played (the event running, the round not
  finished), no table's own result in that round is shown to anyone but the event's organisers:
  not a game's winner, not the set's running score, not a table's places or points, nor the
  standings by places and the bracket that count them. Not to its players (whether or not their
  own table has finished: simplest and sound), not to anonymous viewers, not on the screen in
  the room (which every player sees, organisers' screen too), not in the CSV files (which leave
  the site for notice boards);
- the round's deal-by-deal comparison (and duplicate scoring) shows a deal once every table
  has played it or can no longer (``deals.comparison``, ``services.duplicate``): a deal's
  comparison across tables then tells nobody anything they have still to play;
- the organisers (``access.can_run``) see everything, marked as not to be shown to players,
  unless they also play in the event (``sees_in_play``): a playing organiser sees it as its
  players do.

The round is finished once every table has played every deal it will play; its sets are
unsealed at the same moment, so the hands as dealt and the results become public together.

``as_players_see`` applies the rule to a ``Snapshot``: every presenter, template and file built
from its result shows nothing of a round in play, and the organisers' pages use the snapshot
itself. ``deal_waits`` says, for a table that has finished, which tables its deals still wait
for (one query).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

from games.models import Game, Match

from ..models import Round, TableAssignment, Tournament
from .state import Snapshot, State, format_round


def in_play(tournament: Tournament, row: Round) -> bool:
    """Whether ``row`` is a round of same deals still being played, whose tables' results are
    not to be shown to anyone but the organisers (the module's rule)."""
    return (
        tournament.same_deals
        and tournament.state == Tournament.State.RUNNING
        and row.state != Round.State.FINISHED
    )


def sees_in_play(organiser: bool, plays: bool) -> bool:
    """Whether a viewer sees the results of a round in play: an organiser of the event who does
    not play in it. Never the club-night screen, which the whole room sees."""
    return organiser and not plays


def rounds_in_play(snap: Snapshot) -> list[int]:
    """The numbers of the event's rounds in play (at most the last one, in practice)."""
    return [row.number for row in snap.rounds if in_play(snap.tournament, row)]


def is_withheld(table: TableAssignment) -> bool:
    """Whether ``table`` is a copy made by ``as_players_see`` (its result taken out): a page
    then shows it as finished or playing, and never as needing a result."""
    return bool(getattr(table, "withheld", False))


def as_players_see(snap: Snapshot) -> Snapshot:
    """The event as everyone but its organisers may see it: each table of a round in play keeps
    who sits where, its state and its games table, and loses its places, points, the set's
    running score and the organiser's note on a result set by hand (which may name the
    winner); the format's standings and bracket are worked out as if no table of that round had
    finished. The tables are copies (``is_withheld``): ``snap`` itself is left as it is, for the
    services that act on it. ``snap`` itself when no round is in play."""
    if not rounds_in_play(snap):
        return snap
    rounds = []
    for row in snap.rounds:
        if in_play(snap.tournament, row):
            tables = [_withheld(table) for table in row.table_list]
            row = copy.copy(row)
            row.table_list = tables
        rounds.append(row)
    state = State(snap.state.entrants, tuple(format_round(r, r.table_list) for r in rounds))
    return replace(snap, state=state, rounds=rounds)


def _withheld(table: TableAssignment) -> TableAssignment:
    shown = copy.copy(table)  # a model's copy has its own cache of related rows
    shown.places = None
    shown.points = None
    shown.override_reason = ""
    shown.overridden_by = None
    shown.overridden_at = None
    shown.adjudicated = False
    if table.match_id and table.match is not None:
        match = copy.copy(table.match)
        match.totals = []
        shown.match = match
    shown.withheld = True
    return shown


@dataclass(frozen=True)
class DealWait:
    """Deals a finished table has played that other tables of the round are still to play (or
    may yet come to), and those tables, by number."""

    deals: tuple[int, ...]
    tables: tuple[int, ...]


def deal_waits(row: Round) -> dict[int, list[DealWait]]:
    """For each finished table of a round in play, by number: its deals still to be played
    elsewhere, those that wait for the same tables together (deal order). A table still playing
    its set waits for nothing yet. One query (the round's finished games); ``row.table_list``
    is the snapshot's, with each table's set."""
    tables = [t for t in row.table_list if t.match_id]
    over: dict[int, set[int]] = {t.match_id: set() for t in tables}
    finished = Game.objects.filter(match_id__in=list(over), state=Game.State.OVER)
    for match_id, number in finished.values_list("match_id", "number"):
        over[match_id].add(number)
    playing = [
        t for t in tables
        if t.state != TableAssignment.State.FINISHED and t.match.state == Match.State.PLAYING
    ]  # fmt: skip
    waits: dict[int, list[DealWait]] = {}
    for table in tables:
        if table.state != TableAssignment.State.FINISHED:
            continue
        grouped: dict[tuple[int, ...], list[int]] = {}
        for deal in sorted(over[table.match_id]):
            behind = tuple(t.number for t in playing if deal not in over[t.match_id])
            if behind:
                grouped.setdefault(behind, []).append(deal)
        found = [DealWait(tuple(deals), behind) for behind, deals in grouped.items()]
        if found:
            waits[table.number] = sorted(found, key=lambda wait: wait.deals)
    return waits
