"""Standings: points, every tiebreak column, and a rank that only full ties share.

Tiebreaks (columns, higher is better), in our words:

- ``buchholz``: the strength of the field met. For each finished table, the mean points of the
  entrants you played against there (bots left out; in Partner tables, the two opponents, not
  your partner); summed over your tables. A bye counts as a table against an opponent with your
  own points.
- ``median_buchholz``: the same with your single best and single worst table left out (only
  once you have three or more; before that it equals ``buchholz``).
- ``sonneborn_berger``: whom you beat. For each table, the mean over your opponents there of
  their points times your result against them (1 ahead of them, 1/2 level, 0 behind). For two
  parties this is the classic "points of the opponents you beat, half of those you drew".
  Byes add nothing.
- ``head_to_head``: among entrants level on points and on every earlier tiebreak, your results
  (1, 1/2, 0 per opponent per table) against the others of that group. It only counts when every
  two of them met at least once; otherwise it is 0 for the whole group, as it would reward
  whoever happened to meet the others.
- ``wins``: outright first places (a shared first is not a win).

Entrants level on points and on every tiebreak share a rank; they are listed by seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .duplicate import Total
from .errors import OptionError
from .ledger import Ledger
from .model import Entrant, EntrantId
from .order import seed_key

TIEBREAKS: Mapping[str, str] = {
    "buchholz": "Buchholz",
    "median_buchholz": "Median Buchholz",
    "sonneborn_berger": "Sonneborn-Berger",
    "head_to_head": "Head to head",
    "wins": "Wins",
}


@dataclass(frozen=True)
class Standing:
    """One line of the standings.

    ``rank``: 1 best, shared by entrants level on points and every tiebreak. ``tiebreaks``: the
    format's tiebreak columns in the order they are applied (keys of ``TIEBREAKS``). ``place``:
    an elimination format's final place once decided (``None`` while the entrant is still in).
    ``pool``: the pool's label in pooled events ("A", "B", ...), else empty.
    """

    rank: int
    entrant: EntrantId
    points: float
    played: int
    wins: int
    byes: int
    tiebreaks: Mapping[str, float]
    active: bool
    place: int | None = None
    pool: str = ""
    duplicate: Total | None = None


def check_tiebreaks(names: Sequence[str]) -> tuple[str, ...]:
    for name in names:
        if name not in TIEBREAKS:
            known = ", ".join(TIEBREAKS)
            raise OptionError(
                f"unknown tiebreak {name!r}; choose among {known}",
                "option_choice",
                option="tiebreaks",
                choices=known,
            )
    return tuple(names)


def rank(
    entrants: Sequence[Entrant],
    ledger: Ledger,
    tiebreaks: Sequence[str],
    salt: int | str,
    pool: str = "",
) -> list[Standing]:
    """Standings of ``entrants`` from the ledger, sorted and ranked."""
    columns = {
        name: _column(name, entrants, ledger) for name in tiebreaks if name != "head_to_head"
    }
    values: dict[EntrantId, dict[str, int]] = {e.id: {} for e in entrants}
    divide = {name: divisor(name, ledger) for name in tiebreaks}
    for name, column in columns.items():
        for e in entrants:
            values[e.id][name] = column[e.id]
    value = ledger.scoring.value
    ordered = sorted(entrants, key=lambda e: seed_key(e, salt))
    ordered.sort(key=lambda e: -ledger.score(e.id))
    groups = _split(ordered, {e.id: ledger.score(e.id) for e in entrants})
    for name in tiebreaks:
        refined = []
        for group in groups:
            if name == "head_to_head":
                _head_to_head(group, ledger, values)
            column = {e.id: values[e.id][name] for e in group}
            group.sort(key=lambda e: -column[e.id])
            refined.extend(_split(group, column))
        groups = refined
    rows = []
    position = 1
    for group in groups:
        for e in group:
            record = ledger.records[e.id]
            rows.append(
                Standing(
                    rank=position,
                    entrant=e.id,
                    points=float(value(record.points)),
                    played=record.played,
                    wins=record.wins,
                    byes=record.byes,
                    tiebreaks={n: values[e.id][n] / divide[n] for n in tiebreaks},
                    active=e.active,
                    pool=pool,
                )
            )
        position += len(group)
    return rows


def _split(ordered: list[Entrant], key: Mapping[EntrantId, object]) -> list[list[Entrant]]:
    """Runs of entrants with equal ``key`` values, in order."""
    groups: list[list[Entrant]] = []
    for e in ordered:
        if groups and key[groups[-1][-1].id] == key[e.id]:
            groups[-1].append(e)
        else:
            groups.append([e])
    return groups


#: Tiebreak sums are kept as whole numbers of 1 / (MEAN * scale) points: means over one, two
#: or three opponents and halves of them all stay whole, so sums are exact and fast.
MEAN = 12


def divisor(name: str, ledger: Ledger) -> int:
    """What a column's whole number is divided by to read it in points (or wins)."""
    if name == "wins":
        return 1
    if name == "head_to_head":
        return 2
    return MEAN * ledger.scoring.scale


def _column(name: str, entrants: Sequence[Entrant], ledger: Ledger) -> dict[EntrantId, int]:
    if name == "wins":
        return {e.id: ledger.records[e.id].wins for e in entrants}
    if name == "sonneborn_berger":
        return {e.id: sonneborn_berger(e.id, ledger) for e in entrants}
    cut = name == "median_buchholz"
    return {e.id: buchholz(e.id, ledger, cut=cut) for e in entrants}


def opponent_strengths(who: EntrantId, ledger: Ledger) -> list[int]:
    """Per finished table, the mean points of the opponents; per bye, one's own points
    (in 1 / (MEAN * scale) of a point)."""
    record = ledger.records[who]
    score = ledger.score
    own = record.points * MEAN
    out = []
    for game in record.games:
        if game.opponents:
            total = sum(score(o) for o, _ in game.opponents)
            out.append(total * (MEAN // len(game.opponents)))
        else:
            out.append(own)
    out.extend([own] * record.byes)
    return out


def buchholz(who: EntrantId, ledger: Ledger, cut: bool = False) -> int:
    strengths = opponent_strengths(who, ledger)
    if cut and len(strengths) >= 3:
        strengths = sorted(strengths)[1:-1]
    return sum(strengths)


def sonneborn_berger(who: EntrantId, ledger: Ledger) -> int:
    score = ledger.score
    total = 0
    for game in ledger.records[who].games:
        if game.opponents:
            beaten = sum(score(o) * halves for o, halves in game.opponents)
            total += beaten * (MEAN // (2 * len(game.opponents)))
    return total


def _head_to_head(
    group: list[Entrant], ledger: Ledger, values: dict[EntrantId, dict[str, int]]
) -> None:
    members = {e.id for e in group}
    # played, not only seated (``ledger.met``): seating the next round changes no standing
    played = {
        a: {o for game in ledger.records[a].games for o, _ in game.opponents} for a in members
    }
    complete = len(group) > 1 and all(b in played[a] for a in members for b in members if a != b)
    for e in group:
        halves = 0
        if complete:
            for game in ledger.records[e.id].games:
                halves += sum(r for o, r in game.opponents if o in members)
        values[e.id]["head_to_head"] = halves
