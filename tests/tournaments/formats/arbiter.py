"""A simulated arbiter: plays a whole event as a busy club night would, and checks after every
step the rules docs/tournaments.md promises ("What an arbiter can rely on").

The arbiter seats each round the format gives, enters random legal results, withdraws entrants
between rounds now and then, lets late arrivals into a Swiss, and corrects old results. It
never looks inside a format: what it checks comes from the rounds and its own records (who
withdrew before which round), so a format cannot pass by agreeing with itself.
"""

from __future__ import annotations

import random
import signal
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from tournaments.formats import (
    DoubleElimination,
    Entrant,
    Format,
    FormatError,
    RoundPlan,
    SingleElimination,
    State,
    StateError,
    Swiss,
    SwissTables,
    TableKnockout,
    TablePlan,
    TwoStage,
)

from .play import entrants

#: Seconds any one call of a format may take before the arbiter calls it a hang.
CALL_LIMIT = 20.0
#: Rounds after which an event that has not finished is stuck.
MAX_ROUNDS = 200
BRACKETS = (SingleElimination, DoubleElimination, TableKnockout)
#: The formats an organiser may enter late arrivals into while they run.
LATE = (Swiss, SwissTables)
DECIDED = ("done", "bye", "walkover", "void")


class Hang(AssertionError):
    """A format call ran past ``CALL_LIMIT``."""


@contextmanager
def within(seconds: float = CALL_LIMIT) -> Iterator[None]:
    """Fail the test if the block runs longer than ``seconds`` (a format looping for ever)."""

    def expire(signum, frame):
        raise Hang(f"a format call took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Night:
    """One event as the arbiter runs it."""

    fmt: Format
    rng: random.Random
    state: State
    #: round number -> entrants withdrawn after that round was made (before the next)
    withdrawn_after: dict[int, list] = field(default_factory=dict)
    #: bracket match id -> what a made round decided about it (it must never change)
    settled: dict[str, tuple] = field(default_factory=dict)
    corrections: Counter = field(default_factory=Counter)

    def call(self, method: str, state: State | None = None):
        with within():
            return getattr(self.fmt, method)(self.state if state is None else state)


def run(fmt: Format, count: int, seed: int, withdraw: float = 0.15, correct: float = 0.3) -> Night:
    """Play the event to its end; every check failing raises ``AssertionError``."""
    night = Night(fmt, random.Random(seed), State(entrants(count)))
    for _ in range(MAX_ROUNDS):
        if night.call("is_finished"):
            break
        round_ = night.call("next_round")
        check_round(night, round_)
        night.state = play_round(night, night.state.then(round_), round_.number)
        check_history(night)
        if night.rng.random() < correct:
            correct_a_result(night)
        if night.rng.random() < withdraw:
            withdraw_some(night)
        if isinstance(fmt, LATE) and night.rng.random() < withdraw:
            enter_late(night)
    else:
        raise AssertionError(f"the event did not finish in {MAX_ROUNDS} rounds")
    check_final_places(night)
    return night


def check_final_places(night: Night) -> None:
    """A finished bracket places everyone who played in it, its champion first: an entrant
    left unplaced would stand above the champion."""
    rows = night.call("standings")
    bracket = night.call("bracket")
    if bracket is None or (isinstance(night.fmt, TwoStage) and bracket.champion is None):
        return
    placed = {row.entrant: row.place for row in rows}
    if not isinstance(night.fmt, TwoStage):  # there, only the qualifiers are the bracket's
        unplaced = [who for who, place in placed.items() if place is None]
        assert not unplaced, f"{unplaced} are never placed"
    if bracket.champion is not None:
        assert placed[bracket.champion] == 1 and rows[0].entrant == bracket.champion


# -- results -------------------------------------------------------------------------------


def play_round(night: Night, state: State, number: int) -> State:
    round_ = state.rounds[number - 1]
    for i, table in enumerate(round_.tables, start=1):
        state = state.with_result(number, i, legal_places(night, round_, table))
    return state


def legal_places(night: Night, round_: RoundPlan, table: TablePlan) -> tuple[int, ...]:
    """A result the format must take: no tie where a knockout needs to know who goes on."""
    rng = night.rng
    fmt = night.fmt
    knockout = isinstance(fmt, BRACKETS) or (
        isinstance(fmt, TwoStage) and round_.stage == "playoff"
    )
    if getattr(fmt, "partnerships", False) and len(table.seats) == 4:
        return rng.choice([(1, 2, 1, 2), (2, 1, 2, 1), (1, 1, 1, 1)])
    seats = len(table.seats)
    if not knockout and rng.random() < 0.15:
        values = [rng.randint(0, 2) for _ in range(seats)]
        return tuple(1 + sum(1 for o in values if o < v) for v in values)
    places = list(range(1, seats + 1))
    rng.shuffle(places)
    return tuple(places)


# -- withdrawals and corrections ------------------------------------------------------------


def withdraw_some(night: Night) -> None:
    active = [e.id for e in night.state.active]
    if not active:
        return
    gone = night.rng.sample(active, night.rng.randint(1, max(1, len(active) // 6)))
    night.withdrawn_after.setdefault(len(night.state.rounds), []).extend(gone)
    night.state = night.state.withdraw(gone)


def enter_late(night: Night) -> None:
    """A late arrival, in a Swiss (the site lets an organiser enter one while it runs): paired
    from the next round with no points, like anyone still in."""
    state = night.state
    newcomer = Entrant(max(e.id for e in state.entrants) + 1)
    night.state = State((*state.entrants, newcomer), state.rounds)


def correct_a_result(night: Night) -> None:
    """Change one finished table's places. A format must take it unless it would change a
    round already made after it, which it must refuse with ``StateError``."""
    state = night.state
    made = [(r.number, i) for r in state.rounds for i, t in enumerate(r.tables, 1) if t.finished]
    if not made:
        return
    number, i = night.rng.choice(made)
    round_ = state.rounds[number - 1]
    table = round_.tables[i - 1]
    places = table.places
    for _ in range(20):  # a correction changes something
        places = legal_places(night, round_, table)
        if places != table.places:
            break
    corrected = state.with_result(number, i, places)
    acceptable = replays_the_same(night, corrected, number)
    try:
        night.call("standings", corrected)
        night.call("bracket", corrected)
        night.call("is_finished", corrected)
    except StateError as error:
        assert not acceptable, f"a harmless correction of round {number} was refused: {error}"
        night.corrections["refused"] += 1
        return
    assert acceptable, f"a correction of round {number} rewrote a later round, and was taken"
    night.corrections["taken"] += 1
    night.state = corrected
    night.settled = {k: v for k, v in night.settled.items() if v[0] < number}
    check_history(night)


def replays_the_same(night: Night, corrected: State, number: int) -> bool:
    """Whether the rounds made after round ``number`` are what the format would make again
    from the corrected results (the same withdrawals at the same moments). Pairing formats
    keep their rounds whatever a correction says (a Swiss pairs on the standings of its day);
    brackets, and a two-stage event's playoff, must be the same."""
    fmt = night.fmt
    if isinstance(fmt, TwoStage):
        playoff = [r.number for r in corrected.rounds if r.stage == "playoff"]
        if not playoff:
            return True
        start = max(number + 1, playoff[0])
    elif isinstance(fmt, BRACKETS):
        start = number + 1
    else:
        return True
    # Where both sides of a match come from one earlier match (its winner and its loser: the
    # grand final of two entrants, a grand-final reset), only the seats say who is which
    # side: the same two the other way round are another round.
    kind = type(fmt.playoff_format) if isinstance(fmt, TwoStage) else type(fmt)
    duels = kind is DoubleElimination
    state = State(
        [e.__class__(e.id, e.seed, e.groups) for e in corrected.entrants], corrected.rounds[:0]
    )
    for made in corrected.rounds:
        if made.number >= start:
            try:
                with within():
                    again = fmt.next_round(state)
            except FormatError:  # the round made is one the format would not make now
                return False
            if shape(again, duels) != shape(made, duels):
                return False
        state = state.then(made).withdraw(night.withdrawn_after.get(made.number, []))
    return True


def shape(round_: RoundPlan, finals: bool = False) -> tuple:
    """A round as a correction must leave it: its tables (their entrants; in seat order for
    the grand finals, ``GF`` and ``GF2``, when ``finals``), byes and walkovers."""
    tables = sorted(
        (
            [str(who) for who in t.entrants]
            if finals and t.label in ("GF", "GF2")
            else sorted(map(str, t.entrants)),
            len(t.seats),
        )
        for t in round_.tables
    )
    return (
        round_.number,
        round_.stage,
        tables,
        sorted(map(str, round_.byes)),
        sorted(map(str, round_.walkovers or ())),
    )


# -- the checks ----------------------------------------------------------------------------


def withdrawn_before(night: Night, number: int) -> set:
    return {who for r, ids in night.withdrawn_after.items() if r < number for who in ids}


def check_round(night: Night, round_: RoundPlan) -> None:
    """A new round seats only entrants still in, each once, as the format's rules say."""
    state = night.state
    named = [*round_.seated(), *round_.byes, *(round_.walkovers or ())]
    assert len(named) == len(set(named)), f"someone twice in round {round_.number}"
    gone = withdrawn_before(night, round_.number)
    assert not set(named) & gone, f"round {round_.number} seats someone withdrawn"
    assert all(len(t.seats) >= 2 for t in round_.tables)
    fmt = night.fmt
    playoff = isinstance(fmt, TwoStage) and round_.stage == "playoff"
    kind = type(fmt.playoff_format) if playoff else type(fmt)
    if kind in (SingleElimination, DoubleElimination):
        check_losses(night, round_, kind)
    if kind is TableKnockout:
        check_knockout_seating(night, round_)
    if playoff and not any(r.stage == "playoff" for r in state.rounds):
        check_qualifiers(night, round_)


def losses(night: Night) -> Counter:
    """Defeats so far: at tables, and walkovers given against an entrant."""
    lost: Counter = Counter()
    for round_ in night.state.rounds:
        if isinstance(night.fmt, TwoStage) and round_.stage != "playoff":
            continue
        for table in round_.tables:
            if table.places is not None and len(table.seats) == 2 and 1 in table.places:
                lost[table.seats[table.places.index(2)]] += table.places.count(2)
    bracket = night.call("bracket")
    for match in bracket.matches() if bracket else ():
        if match.status == "walkover":
            lost.update(s.entrant for s in match.slots if s.entrant not in match.advancing)
    return lost


def check_losses(night: Night, round_: RoundPlan, kind: type) -> None:
    """Single elimination seats nobody who lost (the third-place match excepted); double
    elimination nobody with two defeats."""
    lost = losses(night)
    for table in round_.tables:
        for who in table.entrants:
            allowed = 1 if kind is DoubleElimination or table.label == "3P" else 0
            assert lost[who] <= allowed, f"{who} is seated in {table.label} after {lost[who]}"


def check_knockout_seating(night: Night, round_: RoundPlan) -> None:
    """From each table of the round before, the next round seats its best ``advance``,
    passing over only those who had withdrawn."""
    state = night.state
    fmt = night.fmt.playoff_format if isinstance(night.fmt, TwoStage) else night.fmt
    rounds = [r for r in state.rounds if r.stage == round_.stage]
    if not rounds or rounds[-1].stage != round_.stage:
        return
    before = rounds[-1]
    gone = withdrawn_before(night, round_.number)
    seated = set(round_.seated())
    for table in before.tables:
        order = sorted(
            (p, i) for i, (who, p) in enumerate(zip(table.seats, table.places, strict=True)) if who
        )
        ranked = [table.seats[i] for _, i in order]
        going = [who for who in ranked if who not in gone][: fmt.advance]
        assert {w for w in ranked if w in seated} == set(going), (
            f"round {round_.number} does not seat the best {fmt.advance} of {table.label}"
        )


def check_qualifiers(night: Night, round_: RoundPlan) -> None:
    """The playoff seats the pools' best who are still in, no one else."""
    fmt = night.fmt
    pools = State(night.state.entrants, night.state.rounds)
    order = [e.id for e in fmt.pool_order(pools) if e.active][: fmt.advance]
    assert {*round_.seated(), *round_.byes} == set(order), "the playoff seats a non-qualifier"


def check_history(night: Night) -> None:
    """A bracket never changes a match its made rounds decided."""
    bracket = night.call("bracket")
    if bracket is None:
        return
    offset = 0
    if isinstance(night.fmt, TwoStage):
        pools = [r for r in night.state.rounds if r.stage != "playoff"]
        if len(pools) == len(night.state.rounds):
            return
        offset = len(pools)
    made = len(night.state.rounds)
    for match in bracket.matches():
        number = match.round + offset
        if number > made or match.status not in DECIDED:
            continue
        entrants = tuple(s.entrant for s in match.slots)
        now = (number, match.status, entrants, tuple(match.advancing))
        before = night.settled.setdefault(match.id, now)
        assert before == now, f"{match.id} was {before} and is now {now}"
    if bracket.champion is not None and isinstance(night.fmt, DoubleElimination):
        assert losses(night)[bracket.champion] <= 1
