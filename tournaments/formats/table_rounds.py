"""Building a round of three- and four-seat tables: byes, the mixer, bot seats.

Shared by ``swiss_tables`` (leaders together) and the four-seat ``round_robin`` (everybody
level, so only the spread of table-mates counts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .ledger import Ledger
from .mixer import SPREAD, Mixer
from .model import Entrant, EntrantId, RoundPlan, TablePlan
from .seating import Seating


def pick_byes(order: Sequence[Entrant], count: int, ledger: Ledger) -> list[Entrant]:
    """``count`` entrants to sit out: fewest byes so far first, then the lowest placed."""
    if count <= 0:
        return []
    position = {e.id: i for i, e in enumerate(order)}
    candidates = sorted(order, key=lambda e: (ledger.records[e.id].byes, -position[e.id]))
    return candidates[:count]


def seat_round(
    number: int,
    order: Sequence[Entrant],
    ledger: Ledger,
    seating: Seating,
    level: Mapping[EntrantId, float],
    salt: str,
    avoid_weight: float,
    start: Sequence[EntrantId] | None = None,
) -> RoundPlan:
    """One round: ``order`` is best first; ``level`` the points gap scale (all 0 to ignore)."""
    split = seating.split(len(order))
    byes = pick_byes(order, split.byes, ledger)
    gone = {e.id for e in byes}
    playing = [e.id for e in order if e.id not in gone]
    mixer = Mixer(
        level=level,
        met=ledger.met,
        groups={e.id: e.groups for e in order},
        salt=f"{salt}|{number}",
        clash=avoid_weight * 2 * SPREAD,
    )
    if start is not None:
        start = [who for who in start if who not in gone]
    tables = mixer.seat(playing, split.sizes, start)
    out = []
    for people in tables:
        seats: tuple = tuple(people)
        if split.bots:
            seats += (None,) * (split.seats - len(people))
        out.append(TablePlan(seats=seats))
    return RoundPlan(number=number, tables=tuple(out), byes=tuple(e.id for e in byes))
