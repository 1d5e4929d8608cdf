"""A finished games set as a full order of places, one per seat of the format's table.

The games core announces a set's places per party (the winner first, then the set totals,
higher better, lower in French; parties level on totals share a place, as after a bruck or a
set closed after a fixed number of games). A tournament needs more: knockouts cannot go on
from a tie. So parties level there are told apart by, in turn:

1. fewer pips left in hand over all the set's games (the counts the others scored off them);
2. fewer pips left in the last game (the party that went out has none);
3. the better seed (an entry's seed; a pair takes its better one; bots and unseeded entries
   come after every seeded one).

Parties still level share the place ("1, 2, 2, 4"); the formats take such ties where they
can, and a knockout asks the organiser to settle one. Pure functions: tested without a
database.
"""

from __future__ import annotations

from collections.abc import Sequence

NO_SEED = 10**9


def competition_ranks(keys: Sequence[tuple]) -> list[int]:
    """1 for the best (smallest) key; equal keys share a place and the next place skips."""
    return [1 + sum(other < mine for other in keys) for mine in keys]


def party_places(
    outcome_places: Sequence[int],
    set_pips: Sequence[int],
    last_pips: Sequence[int],
    seeds: Sequence[int | None],
) -> list[int]:
    """Places per party after the tiebreaks above (every sequence is per party)."""
    keys = [
        (place, pips, last, NO_SEED if seed is None else seed)
        for place, pips, last, seed in zip(outcome_places, set_pips, last_pips, seeds, strict=True)
    ]
    return competition_ranks(keys)


def pips_per_party(counts: Sequence[int], parties: Sequence[Sequence[int]]) -> list[int]:
    return [sum(counts[seat] for seat in members) for members in parties]


def seats_per_format_seat(pairs: bool, format_seats: int) -> list[list[int]]:
    """The games seats of each format seat: a pair sits opposite (A in 0 and 2, B in 1 and 3);
    anyone else one to one."""
    if pairs:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(format_seats)]


def format_places(
    pairs: bool, parties: Sequence[Sequence[int]], places: Sequence[int], format_seats: int
) -> list[int]:
    """Per format seat, the place of the party its games seats play for."""
    party_of = {seat: p for p, members in enumerate(parties) for seat in members}
    return [places[party_of[seats[0]]] for seats in seats_per_format_seat(pairs, format_seats)]


def after_forfeits(places: Sequence[int], seats: Sequence, forfeited: Sequence) -> list[int]:
    """Places per format seat with the entries that forfeited the table (they never came) put
    after everyone who played, in the order their seats' places gave, seat order breaking ties
    among them: a forfeit never shares a place."""
    lost = set(forfeited)
    order = sorted(
        range(len(places)), key=lambda i: (seats[i] in lost and seats[i] is not None, places[i])
    )
    out = list(places)
    kept = [i for i in order if not (seats[i] in lost and seats[i] is not None)]
    for i in kept:  # those who played keep their places among themselves
        out[i] = 1 + sum(places[j] < places[i] for j in kept)
    rank = len(kept)
    for i in order[len(kept) :]:
        rank += 1
        out[i] = rank
    return out


def lost_by_forfeit(
    places: Sequence[int] | None, seats: Sequence, forfeited: Sequence
) -> list[int]:
    """The entries of ``forfeited`` seated at the table that lost it by forfeit as its result
    stands: all of them until it has places, then those placed after everyone who played (bot
    seats included). So a result the organiser corrected, lifting a forfeiter among those who
    played, no longer reads as lost by forfeit."""
    lost = [who for who in forfeited if who is not None and who in seats]
    if places is None:
        return lost
    came = [places[i] for i, who in enumerate(seats) if who is None or who not in lost]
    if not came:  # nobody came: the bots played it out, and everyone forfeited
        return lost
    worst = max(came)
    return [who for who in lost if places[list(seats).index(who)] > worst]
