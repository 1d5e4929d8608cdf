"""The engine under single and double elimination: a fixed plan of two-party matches, resolved
against the rounds played so far.

A plan is a list of ``Spec``s in the order they are played. Each slot comes from a seed or from
the winner or loser of an earlier match. Resolving walks the plan once: a match whose two sides
are known is found among the tables of its tournament round (by the entrants seated there, so
table order and labels do not matter); a side with nobody gives the other a bye; a side whose
entrant had withdrawn when the match's round was made loses by walkover.

What the rounds made say is final. A walkover is read from the round that decided it
(``RoundPlan.walkovers``), never from who is withdrawn today, so a later withdrawal cannot turn an
old walkover into a void match and change who reached the next round. Only matches of rounds
not yet made are foreseen from today's withdrawals. Every table, bye and walkover of a round
made must be one of the plan's matches of that round, and no round may follow the last match:
anything else is a ``StateError`` (a table for entrants already out, a table of more than two
seats or with a bot seat, a round after the final). Where both sides of a match come from one
earlier match (the grand final of two entrants, a grand-final reset), the seats also say who is
which side: a correction that swaps them is refused like any that changes who went on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .bracket import Bracket, BracketMatch, BracketRound, Slot
from .errors import ResultError, StateError, listed
from .model import Entrant, EntrantId, RoundPlan, State, TablePlan


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
    specs: dict[str, Spec] = field(default_factory=dict)


@dataclass
class _Made:
    """What one round made says: its tables by entrant, its byes and walkovers (``None``:
    not recorded), and which of them the plan has accounted for so far."""

    tables: dict[EntrantId, TablePlan]
    byes: set[EntrantId]
    walkovers: set[EntrantId] | None
    claimed: set[int] = field(default_factory=set)


def resolve(specs: Sequence[Spec], seeds: Sequence[Entrant], state: State) -> Resolution:
    """Walk the plan in order and settle every match the rounds so far decide; raise
    ``StateError`` if a round made holds anything the plan does not."""
    by_seed = {i: e.id for i, e in enumerate(seeds, start=1)}
    active = {e.id: e.active for e in state.entrants}
    made = {r.number: _made(r) for r in state.rounds}
    res = Resolution({}, specs={spec.id: spec for spec in specs})
    for spec in specs:
        out = Outcome(spec, [_side(src, by_seed, res) for src in spec.sources])
        res.outcomes[spec.id] = out
        if spec.reset_of is not None and not _reset_needed(res.outcomes[spec.reset_of]):
            out.status = "void" if _decided(res.outcomes[spec.reset_of]) else "waiting"
            continue
        _settle(out, active, made.get(spec.round), state)
        _record_keys(out, res)
    _check_made(specs, res, made, state)
    return res


def _made(round_: RoundPlan) -> _Made:
    tables = {who: table for table in round_.tables for who in table.entrants}
    walkovers = set(round_.walkovers) if round_.walkovers is not None else None
    return _Made(tables, set(round_.byes), walkovers)


def _check_made(specs: Sequence[Spec], res: Resolution, made: dict[int, _Made], state: State):
    """Everything a round made must be a match of the plan in that round."""
    # the last round the plan plays (a grand-final reset that is not needed is not played)
    playing = [s for s in specs if not (s.reset_of and res.outcomes[s.id].status == "void")]
    last = max(s.round for s in playing)
    for round_ in state.rounds:
        if round_.number > last:
            raise StateError(
                f"round {round_.number} comes after the last match of the bracket (round {last})",
                "after_the_final",
                round=round_.number,
            )
        there = made[round_.number]
        for table in round_.tables:
            if id(table) not in there.claimed:
                raise StateError(
                    f"round {round_.number} seats {listed(table.entrants)} at a table that is "
                    "not one of the bracket's matches",
                    "not_the_brackets",
                    round=round_.number,
                )
        byes = {o.winner for o in res.outcomes.values() if o.status == "bye" and o.spec.round == 1}
        _same(round_.number, "byes", there.byes, byes if round_.number == 1 else set())
        if there.walkovers is not None:
            walkovers = [
                o.winner
                for o in res.outcomes.values()
                if o.status == "walkover" and o.spec.round == round_.number
            ]
            _same(round_.number, "walkovers", there.walkovers, set(walkovers))
            if list(round_.walkovers or ()) != walkovers:
                # the same entrants, through other matches: a correction swapped who went
                # through where (a winners' match winner and a losers' bracket one)
                given = ", ".join(map(str, round_.walkovers or ()))
                raise StateError(
                    f"round {round_.number} gave walkovers to {given}, match by match, but "
                    f"the results before it give them to {', '.join(map(str, walkovers))}: a "
                    "round already made cannot change, so neither can the results that made it",
                    "seated_already",
                    round=round_.number,
                )


def _same(number: int, what: str, given: set, expected: set) -> None:
    if given != expected:
        raise StateError(
            f"round {number} gives {what} to {listed(given) or 'nobody'}, but the bracket gives "
            f"them to {listed(expected) or 'nobody'}",
            "not_the_brackets",
            round=number,
        )


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


def _settle(out: Outcome, active, made: _Made | None, state: State) -> None:
    """Settle one match: by its table, by the walkover its round recorded, or (a round not
    made yet) as today's withdrawals foretell."""
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
    table = made.tables.get(a) if made is not None else None
    if table is not None:
        made.claimed.add(id(table))
        _from_table(out, table)
        return
    if made is not None and made.tables.get(b) is not None:
        raise _rewritten(out, made.tables[b])
    if made is not None and made.walkovers is not None:
        _recorded_walkover(out, a, b, state, made.walkovers)
        return
    if not active[a] or not active[b]:
        _walkover(out, a, b, active)
        return
    if made is not None:
        raise _rewritten(out, None)
    out.status = "ready"


def _recorded_walkover(out: Outcome, a, b, state: State, walkovers: set[EntrantId]) -> None:
    """A match of a round made without a table: the walkover that round recorded, or, if it
    recorded none, a void match (both sides had withdrawn)."""
    spec = out.spec
    if a in walkovers and b in walkovers:
        raise StateError(f"round {spec.round} gives both {a!r} and {b!r} a walkover in {spec.id}")
    if a in walkovers or b in walkovers:
        winner, loser = (a, b) if a in walkovers else (b, a)
        if state.in_at(loser, spec.round):
            raise StateError(
                f"round {spec.round} gives {winner!r} a walkover over {loser!r} in {spec.id}, "
                f"but {loser!r} had not withdrawn then",
                "seated_already",
                round=spec.round,
            )
        out.status, out.winner, out.loser = "walkover", winner, loser
        return
    if state.in_at(a, spec.round) or state.in_at(b, spec.round):
        raise _rewritten(out, None)
    out.status = "void"
    out.winner = out.loser = NOBODY
    out.gone = (a, b)


def _from_table(out: Outcome, table: TablePlan) -> None:
    a, b = out.sides
    spec = out.spec
    if len(table.seats) != 2 or None in table.seats:
        raise StateError(
            f"round {spec.round} seats {listed(table.entrants)} at a table of "
            f"{len(table.seats)} seats{' with a bot seat' if None in table.seats else ''}, "
            f"but {spec.id} is a match of two",
            "not_the_brackets",
            round=spec.round,
        )
    if set(table.entrants) != {a, b}:
        raise _rewritten(out, table)
    if table.label and table.label != spec.id:
        # the same two, but made as another match of the bracket: a correction before the
        # bracket (a two-stage event's pools) moved them to another slot of its draw
        raise StateError(
            f"round {spec.round} made {listed(table.entrants)} as match {table.label}, but "
            f"the results before it make them match {spec.id}: a round already made cannot "
            "change, so neither can the results that made it",
            "seated_already",
            round=spec.round,
        )
    if _same_feeder(spec) and table.seats != (a, b):
        # Both sides come from one match (its winner and its loser): the same two sit here
        # whoever won it, so only the seats say who is which side. A correction of that match
        # swaps them: it would change who went on, which a seated round fixes.
        raise StateError(
            f"by the results before it, {spec.id} seats {a!r} as "
            f"{_role(spec.sources[0])} and {b!r} as {_role(spec.sources[1])}, but round "
            f"{spec.round} seats them the other way: a round already seated cannot change, "
            "so neither can the result that seated it",
            "seated_already",
            round=spec.round,
        )
    if table.places is None:
        out.status = "playing"
        return
    place = dict(zip(table.seats, table.places, strict=True))
    if place[a] == place[b]:
        raise ResultError(
            f"match {out.spec.id} ({a!r} v {b!r}) needs a winner, but the places tie: "
            f"{table.places}; break the tie before handing the result in",
            "match_tied",
        )
    out.status = "done"
    out.places = (place[a], place[b])
    out.winner, out.loser = (a, b) if place[a] < place[b] else (b, a)


def _same_feeder(spec: Spec) -> bool:
    """Whether both sides of the match come from one earlier match (its winner and loser)."""
    (kind_a, ref_a), (kind_b, ref_b) = spec.sources
    return kind_a != "seed" and kind_b != "seed" and ref_a == ref_b


def _role(source: tuple[str, int | str]) -> str:
    kind, ref = source
    return f"the {kind} of {ref}"


def _rewritten(out: Outcome, table: TablePlan | None) -> StateError:
    """A made round that the results before it no longer lead to (another table, or none for
    a match both sides were in for): most often a result corrected after the next round was
    seated from it."""
    a, b = out.sides
    spec = out.spec
    there = f"seats {listed(table.entrants)} there" if table else "has no table for it"
    return StateError(
        f"by the results before it, {spec.id} is {a!r} v {b!r}, but round {spec.round} "
        f"{there}: a round already seated cannot change, so neither can the results that "
        "seated it",
        "seated_already",
        round=spec.round,
    )


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
    if out.gone and spec.loser_key is None:
        for gone in out.gone:  # both left: out where their loser would have lost next
            res.keys[gone] = _key_of_loss_down(spec, res)
    if spec.winner_key is not None and out.winner is not NOBODY:
        res.keys[out.winner] = spec.winner_key
        if spec.crowns:
            res.champion = out.winner


def _key_of_loss_down(spec: Spec, res: Resolution) -> float | None:
    """The finishing key of losing at the first match down the losers' path that puts its
    loser out: where the loser of a void match (both sides withdrawn) would have gone out at
    the latest. Without it they were never placed, and stood above the champion."""
    while spec.loser_key is None and spec.loser_to is not None:
        spec = res.specs[spec.loser_to]
    return spec.loser_key


def _needs_reset(out: Outcome, spec: Spec) -> bool:
    return spec.loser_to is not None and out.status == "done" and out.winner == out.sides[1]


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
    grouped: dict[tuple[str, int], list[BracketMatch]] = {}
    for spec in specs:
        out = res.outcomes[spec.id]
        slots = tuple(_slot(src, side) for src, side in zip(spec.sources, out.sides, strict=True))
        advancing = (out.winner,) if out.winner not in (None, NOBODY) else ()
        match = BracketMatch(
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
