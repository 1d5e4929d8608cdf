"""How many tables of which sizes a round needs, by style, and what to do with the leftovers.

A four-seat format seats ``n`` entrants like this, trying each way in turn:

1. **Exact tables.** The fewest tables whose sizes the style allows, as even as possible
   (Doubles takes 4, 3 or 2 players, so 10 entrants sit 4 + 3 + 3; Cut-Throat and French take
   only 4, so 10 does not fit this way).
2. **Bots** (``fill_with_bots``): ceil(n / 4) tables, the entrants spread evenly over them and
   the empty seats marked ``None`` for bots to fill (10 entrants: 4 + 3 + 3 with a bot at each
   of the two short tables).
3. **Byes** (``allow_byes``): the one to three entrants left over sit the round out and score
   the bye; byes rotate so that nobody gets a second one while another has none.
4. Otherwise ``SeatingError`` tells the organiser the nearest counts that work.

Smaller tables and bot seats go to the bottom of the round (the lowest-ranked entrants).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.rules import STYLES, Rules

from .errors import OptionError, SeatingError, listed

#: The table sizes a format seats (points are known for these).
TABLE_SIZES = (2, 3, 4)


def style_sizes(rules: type[Rules]) -> tuple[int, ...]:
    """The table sizes an event of the style seats, for entrants playing each for themselves
    (Partner: four individuals), unless the organiser picks others: all its seat counts when
    the style is the same game at each (``Rules.mixes_seat_counts``: Doubles), else full tables
    only (a 2-seat Block game in a 4-seat event is a different game, so it is only used when
    asked for). The sizes allowed at all are the style's ``seat_counts``."""
    return rules.seat_counts if rules.mixes_seat_counts else (max(rules.seat_counts),)


@dataclass(frozen=True)
class Seating:
    """The seating options of a four-seat format, checked."""

    seats: int
    sizes: tuple[int, ...]
    fill_with_bots: bool
    allow_byes: bool
    label: str

    @classmethod
    def build(
        cls,
        style: str | None,
        seats: int,
        table_sizes: Sequence[int] | None,
        fill_with_bots: bool,
        allow_byes: bool,
    ) -> Seating:
        if style is not None and style not in STYLES:
            raise OptionError(
                f"unknown style {style!r}; choose among {', '.join(STYLES)}",
                "option_choice",
                option="style",
                choices=", ".join(STYLES),
            )
        if seats not in TABLE_SIZES:
            raise OptionError(
                f"seats must be 2, 3 or 4 (a full table), not {seats!r}",
                "option_choice",
                option="seats",
                choices=listed(TABLE_SIZES),
            )
        known = STYLES.get(style) if style else None
        sizes = tuple(sorted(set(table_sizes or (style_sizes(known) if known else (seats,)))))
        shown = _sizes_text(sizes)
        if not sizes or sizes[0] < 2 or sizes[-1] > seats:
            raise OptionError(
                f"table sizes ({shown}) must lie between 2 and {seats}",
                "table_sizes_range",
                sizes=listed(sizes),
                seats=seats,
            )
        if seats not in sizes:
            raise OptionError(
                f"table sizes ({shown}) must include full tables of {seats}",
                "table_sizes_full",
                sizes=listed(sizes),
                seats=seats,
            )
        if known and not set(sizes) <= set(known.seat_counts):
            wrong = _sizes_text(tuple(set(sizes) - set(known.seat_counts)))
            raise OptionError(
                f"{known.label} is not played at tables of {wrong}",
                "style_table_sizes",
                style=style,
                sizes=listed(tuple(set(sizes) - set(known.seat_counts))),
            )
        label = known.label if known else f"{seats}-seat"
        return cls(seats, sizes, fill_with_bots, allow_byes, label)

    def split(self, count: int) -> Split:
        """Table sizes (humans per table, biggest first), bot seats and byes for ``count``."""
        exact = exact_sizes(count, self.sizes)
        if exact is not None:
            return Split(exact, self.seats, 0)
        if self.fill_with_bots and count >= 2:
            tables = math.ceil(count / self.seats)
            return Split(_spread(count, tables), self.seats, 0, bots=True)
        if self.allow_byes:
            for byes in range(1, count - 1):
                exact = exact_sizes(count - byes, self.sizes)
                if exact is not None:
                    return Split(exact, self.seats, byes)
        raise SeatingError(self.explain(count))

    def tally(self, count: int) -> tuple[tuple[int, int], ...]:
        """The humans-per-table sizes ``split`` gives ``count``, as (size, how many tables)
        pairs, without listing every table (so as quick for any count); raises as ``split``
        does."""
        exact = exact_tally(count, self.sizes)
        if exact is not None:
            return exact
        if self.fill_with_bots and count >= 2:
            base, extra = divmod(count, math.ceil(count / self.seats))
            tables = math.ceil(count / self.seats)
            return tuple((s, k) for s, k in ((base + 1, extra), (base, tables - extra)) if k)
        if not self.allow_byes:
            raise SeatingError(f"{self.label} tables cannot seat {count}")  # (no advice: quick)
        sizes = self.split(count).sizes
        return tuple((s, sizes.count(s)) for s in sorted(set(sizes), reverse=True))

    @property
    def sizes_text(self) -> str:
        return _sizes_text(self.sizes)

    def explain(self, count: int) -> str:
        need = _sizes_text(self.sizes)
        lower = next((n for n in range(count - 1, 1, -1) if exact_tally(n, self.sizes)), None)
        upper = next(
            n for n in range(count + 1, count + 2 * self.seats + 2) if exact_tally(n, self.sizes)
        )
        over = count - lower if lower else count
        take = f"take {lower} or {upper}" if lower else f"take {upper}"
        return (
            f"{self.label} tables need {need} players: {count} entries leave {over} over; "
            f"allow bots to fill seats, or {take}"
        )


@dataclass(frozen=True)
class Split:
    """How one round's entrants split into tables: sizes only (who sits where is the format's
    ``TablePlan``). ``sizes``: humans per table, biggest first. With ``bots`` every table has
    ``seats`` seats and those without a human are bot seats (``None``); otherwise each table has
    just its humans. ``byes``: how many entrants sit the round out."""

    sizes: tuple[int, ...]
    seats: int
    byes: int
    bots: bool = False

    @property
    def seated(self) -> int:
        return sum(self.sizes)


def exact_sizes(count: int, sizes: Sequence[int]) -> tuple[int, ...] | None:
    """The fewest tables of allowed sizes holding exactly ``count``, as even as possible.

    For a given number of tables the most even mix uses one size or two neighbouring allowed
    sizes, so only those are tried (Block at 2 or 4: 6 players sit 4 + 2, not 2 + 2 + 2).
    """
    tally = exact_tally(count, sizes)
    return None if tally is None else tuple(s for s, k in tally for _ in range(k))


def exact_tally(count: int, sizes: Sequence[int]) -> tuple[tuple[int, int], ...] | None:
    """``exact_sizes`` as (size, how many tables) pairs, biggest first: as quick for a huge
    count as for a small one."""
    ordered = sorted(sizes)
    if count < ordered[0]:
        return None
    for tables in _table_counts(count, ordered):
        best = None
        for low, high in [(s, s) for s in ordered] + list(itertools.pairwise(ordered)):
            if high == low:
                if low * tables == count:
                    best = (0, ((low, tables),))
                continue
            big, rest = divmod(count - tables * low, high - low)
            if rest == 0 and 0 <= big <= tables:
                option = (
                    high - low,
                    tuple((s, k) for s, k in ((high, big), (low, tables - big)) if k),
                )
                best = option if best is None or option < best else best
        if best is not None:
            return best[1]
    return None


def _table_counts(count: int, ordered: Sequence[int]) -> list[int]:
    """The numbers of tables worth trying for ``count`` at tables of ``ordered`` sizes, fewest
    first: the one that fills tables of one size exactly, and, for two neighbouring sizes
    low < high, the first high - low counts from the fewest that can hold ``count`` (whether
    k tables take ``count`` exactly depends on k only through k mod (high - low), so if none
    of those does, no more tables do). The fewest tables that work is among them, so
    ``exact_sizes`` answers at once however big ``count`` is."""
    most = count // ordered[0]
    tables = {count // size for size in ordered if count % size == 0}
    for low, high in itertools.pairwise(ordered):
        start = max(math.ceil(count / ordered[-1]), math.ceil(count / high))
        tables.update(range(start, min(start + high - low, most) + 1))
    return sorted(t for t in tables if math.ceil(count / ordered[-1]) <= t <= most)


def _spread(count: int, tables: int) -> tuple[int, ...]:
    base, extra = divmod(count, tables)
    return tuple([base + 1] * extra + [base] * (tables - extra))


def _sizes_text(sizes: Sequence[int]) -> str:
    words = [str(s) for s in sorted(sizes)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
