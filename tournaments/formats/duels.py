"""The engine under single and double elimination: a fixed plan of two-party matches, resolved
against the rounds played so far.

A plan is a list of ``Spec``s in the order they are played. Each slot comes from a seed or from
the winner or loser of an earlier match. Resolving walks the plan once: a match whose two sides
are known is found among the tables of its tournament round (by the entrants seated there, so
table order and labels do not matter); a side with nobody gives the other a bye; a side whose
entrant has withdrawn before the match was seated loses by walkover.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .bracket import Bracket, BracketRound, Match, Slot
from .errors import ResultError, StateError
from .model import Entrant, EntrantId, State, Table


class _Nobody:
    def __repr__(self) -> str:
        return "NOBODY"


#: An empty side: a bye, or the winner of a match that had nobody to play.
NOBODY = _Nobody()


@dataclass(frozen=True)
class Spec:
    """One planned match. ``sources``: ``("seed", n)``, ``("winner", id)`` or ``("loser", id)``.
    ``loser_key`` / ``winner_key``: the finishing key of a loser who is out / of a winner who is
    finishes (larger is better); ``None`` when they go on. ``crowns``: the winner is champion
    (unless a reset follows). ``reset_of``: a grand-final reset,
    played only when the second side won that match."""

    id: str
    bracket: str
    column: int
    round: int
    sources: tuple[tuple[str, int | str], tuple[str, int | str]]
    loser_key: float | None = None
    winner_key: float | None = None
    reset_of: str | None = None
    crowns: bool = False
    winner_to: str | None = None
    loser_to: str | None = None


@dataclass
class Outcome:
    spec: Spec
    sides: list[object]  # entrant id, NOBODY, or None while unknown
    status: str = "waiting"
    places: tuple[int, int] | None = None
    winner: object = None
    loser: object = None
    gone: tuple = ()  # both sides withdrawn: both are out here


@dataclass
class Resolution:
    outcomes: dict[str, Outcome]
    keys: dict[EntrantId, float] = field(default_factory=dict)
    champion: EntrantId | None = None


def resolve(specs: Sequence[Spec], seeds: Sequence[Entrant], state: State) -> Resolution:
    """Walk the plan in order and settle every match the rounds so far decide."""
    by_seed = {i: e.id for i, e in enumerate(seeds, start=1)}
    active = {e.id: e.active for e in state.entrants}
    tables = _tables_by_round(state)
    res = Resolution({})
    for spec in specs:
        out = Outcome(spec, [_side(src, by_seed, res) for src in spec.sources])
        res.outcomes[spec.id] = out
        if spec.reset_of is not None and not _reset_needed(res.outcomes[spec.reset_of]):
            out.status = "void" if _decided(res.outcomes[spec.reset_of]) else "waiting"
            continue
        _settle(out, active, tables.get(spec.round), len(state.rounds))
        _record_keys(out, res)
    return res


def _side(source: tuple[str, int | str], by_seed: Mapping[int, EntrantId], res: Resolution):
    kind, ref = source
    if kind == "seed":
        return by_seed.get(int(ref), NOBODY)
    feeder = res.outcomes[str(ref)]
    if feeder.status == "void":
        return NOBODY
    return feeder.winner if kind == "winner" else feeder.loser


def _decided(out: Outcome) -> bool:
    return out.status in ("done", "bye", "walkover", "void")


def _reset_needed(final: Outcome) -> bool:
    return final.status == "done" and final.winner == final.sides[1]


def _settle(out: Outcome, active, round_tables, rounds_played: int) -> None:
    a, b = out.sides
    if a is None or b is None:
        return
    if a is NOBODY or b is NOBODY:
        out.status = "void" if a is b else "bye"
        out.winner = b if a is NOBODY else a
        out.loser = NOBODY
        if out.status == "void":
            out.winner = NOBODY
        return
    table = round_tables.get(a) if round_tables is not None else None
    if table is not None:
        _from_table(out, table)
        return
    if round_tables is not None and round_tables.get(b) is not None:
        raise StateError(f"round {out.spec.round} seats {b!r} away from {a!r} in {out.spec.id}")
    if not active[a] or not active[b]:
        _walkover(out, a, b, active)
        return
    if out.spec.round <= rounds_played:
        raise StateError(
            f"round {out.spec.round} has no table for match {out.spec.id} ({a!r} v {b!r})"
        )
    out.status = "ready"


def _from_table(out: Outcome, table: Table) -> None:
    a, b = out.sides
    if set(table.entrants) != {a, b}:
        raise StateError(f"match {out.spec.id} is {a!r} v {b!r} but its table seats {table.seats}")
    if table.places is None:
        out.status = "playing"
        return
    place = dict(zip(table.seats, table.places, strict=True))
    if place[a] == place[b]:
        raise ResultError(
            f"match {out.spec.id} ({a!r} v {b!r}) needs a winner, but the places tie: "
            f"{table.places}; break the tie before handing the result in"
        )
    out.status = "done"
    out.places = (place[a], place[b])
    out.winner, out.loser = (a, b) if place[a] < place[b] else (b, a)


def _walkover(out: Outcome, a, b, active) -> None:
    if not active[a] and not active[b]:
        out.status = "void"
        out.winner = out.loser = NOBODY
        out.gone = (a, b)
        return
    out.status = "walkover"
    out.winner, out.loser = (a, b) if active[a] else (b, a)


def _record_keys(out: Outcome, res: Resolution) -> None:
    spec = out.spec
    if out.status not in ("done", "walkover", "void", "bye"):
        return
    losers = list(out.gone) or ([out.loser] if out.loser is not NOBODY else [])
    if spec.reset_of is None and spec.bracket == "final" and _needs_reset(out, spec):
        return  # the reset decides: nobody is placed by the first grand final
    for loser in losers:
        if spec.loser_key is not None:
            res.keys[loser] = spec.loser_key
    if spec.winner_key is not None and out.winner is not NOBODY:
        res.keys[out.winner] = spec.winner_key
        if spec.crowns:
            res.champion = out.winner


def _needs_reset(out: Outcome, spec: Spec) -> bool:
    return spec.loser_to is not None and out.status == "done" and out.winner == out.sides[1]


def _tables_by_round(state: State) -> dict[int, dict[EntrantId, Table]]:
    out: dict[int, dict[EntrantId, Table]] = {}
    for round_ in state.rounds:
        seats = out.setdefault(round_.number, {})
        for table in round_.tables:
            for who in table.entrants:
                seats[who] = table
    return out


def places(res: Resolution, specs: Sequence[Spec], everyone: Sequence[EntrantId]):
    """Final places: 1 + the number of entrants who finish ahead (or are still in), given once
    every match that could still give the same finishing key is settled."""
    pending_keys = {
        key
        for spec in specs
        for key in (spec.loser_key, spec.winner_key)
        if key is not None and not _decided(res.outcomes[spec.id])
    }
    alive = [e for e in everyone if e not in res.keys]
    out: dict[EntrantId, int] = {}
    for who, key in res.keys.items():
        if key in pending_keys:
            continue
        ahead = sum(1 for k in res.keys.values() if k > key) + len(alive)
        out[who] = 1 + ahead
    return out


def to_bracket(name: str, res: Resolution, specs: Sequence[Spec], columns, place_map) -> Bracket:
    """Public ``Bracket`` from a resolution; ``columns`` maps (bracket, column) to a name."""
    grouped: dict[tuple[str, int], list[Match]] = {}
    for spec in specs:
        out = res.outcomes[spec.id]
        slots = tuple(_slot(src, side) for src, side in zip(spec.sources, out.sides, strict=True))
        advancing = (out.winner,) if out.winner not in (None, NOBODY) else ()
        match = Match(
            id=spec.id,
            bracket=spec.bracket,
            column=spec.column,
            round=spec.round,
            slots=slots,
            status=out.status,
            places=out.places,
            advancing=advancing,
            winner_to=spec.winner_to,
            loser_to=spec.loser_to,
        )
        grouped.setdefault((spec.bracket, spec.column), []).append(match)
    drawing = sorted(grouped, key=lambda key: (BRACKET_ORDER.index(key[0]), key[1]))
    rounds = tuple(
        BracketRound(bracket, column, columns[(bracket, column)], tuple(grouped[bracket, column]))
        for bracket, column in drawing
    )
    return Bracket(name, rounds, res.champion, place_map)


BRACKET_ORDER = ("main", "third_place", "winners", "losers", "final")


def _slot(source: tuple[str, int | str], side) -> Slot:
    kind, ref = source
    entrant = side if side not in (None, NOBODY) else None
    bye = side is NOBODY
    if kind == "seed":
        label = "Bye" if bye else f"Seed {ref}"
        return Slot(entrant=entrant, seed=int(ref), bye=bye, label=label)
    place = 1 if kind == "winner" else 2
    label = f"{kind.capitalize()} of {ref}" if not bye else "Bye"
    return Slot(entrant=entrant, source=str(ref), source_place=place, bye=bye, label=label)
