"""What an event tells the games tables it seated (``games.services.notes``): its name and page,
the round and table, how many games the table plays when that is fixed, and once the table has
a result, how it was decided and each seat's place and points there.

games never imports tournaments, so a table knows its event only through this note, written
whenever the event's view of the table changes: when its set starts (``rounds.start_tables``)
and whenever its result is set (``results.settle``: a set that ended, a forfeit, the round's
deadline, an organiser's result or correction). The table page words it in each viewer's
language.
"""

from __future__ import annotations

from games.services import notes

from ..models import TableAssignment, Tournament
from ..placing import lost_by_forfeit, seats_per_format_seat


def how_decided(assignment: TableAssignment, decided: str = "") -> str:
    """How the table's result came about: ``decided`` if the caller knows (a forfeit), else
    from the table's row (an organiser's result, the deadline, a bye against a bot, play)."""
    if assignment.overridden_by_id is not None:
        return "override"
    if decided:
        return decided
    if assignment.bye:
        return "bye"
    return "adjudicated" if assignment.adjudicated else "played"


def note_of(tournament: Tournament, assignment: TableAssignment, decided: str = "") -> dict:
    """The note for the table's games set, as the event stands now."""
    note: dict = {
        "event": tournament.name,
        "url": tournament.get_absolute_url(),
        "round": assignment.round.number,
        "table": assignment.number,
    }
    if tournament.play_mode == Tournament.PlayMode.GAMES and tournament.games_per_table:
        note["games"] = tournament.games_per_table  # the set is closed after that many
    if assignment.places is None:
        return note
    per_seat = seats_per_format_seat(tournament.kind.pairs, len(assignment.seats))
    count = sum(len(games_seats) for games_seats in per_seat)
    places: list[int | None] = [None] * count
    points: list[float | None] = [None] * count
    lost = set(lost_by_forfeit(assignment.places, assignment.seats, assignment.forfeited or ()))
    forfeited = []
    earned = assignment.points or []
    for index, (games_seats, who) in enumerate(zip(per_seat, assignment.seats, strict=True)):
        for seat in games_seats:
            places[seat] = assignment.places[index]
            if who is not None and index < len(earned):
                points[seat] = earned[index]
            if who in lost:
                forfeited.append(seat)
    note["result"] = {
        "how": how_decided(assignment, decided), "places": places, "points": points,
        "forfeited": sorted(forfeited),
    }  # fmt: skip
    return note


def tell_table(tournament: Tournament, assignment: TableAssignment, decided: str = "") -> None:
    """Write the note on the table's games set (nothing for a table never started)."""
    if assignment.match_id is not None:
        notes.annotate(assignment.match_id, note_of(tournament, assignment, decided))
