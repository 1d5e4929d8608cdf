"""Duplicate scoring of a same-deals event, read from its games (``formats.duplicate`` scores).

For every round, deal and seat of the deal, the *holders* are the entries seated there at each
table of the round (a bot that filled a seat holds it too: its play is a yardstick, and it
stands nowhere). A pair sits in two games seats opposite; it holds that side. Each holder's
result is the game's, by the style's rule (``formats.duplicate.result_key``).

Which deals count, and what a holder that did not play one gets (docs/tournaments.md,
"Duplicate scoring"):

- a deal still being played at a table of the round, or that a table still playing its set may
  yet come to, counts for nobody yet (the comparison page waits for it the same way);
- a deal a table could not play (its set was abandoned or decided at the deadline, the round
  was recorded by hand, or it played fewer of a fixed number of games) gives its holders the
  average (50 %);
- an entry that lost its table by forfeit (it never came; a bot played its seat) gets the
  average-minus (40 %) on every deal of that table, and the bot's play is not compared;
- a set that ended by its own rules before deal *k* (a whole-set table) does not hold deal
  *k*: it had no such deal to play.

Two queries per call (the tables with their sets, and the games); the snapshot's standings and
the comparison page call it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

from games import engine
from games.engine.rules import make_rules
from games.models import Game, Match
from games.services import play

from ..formats import duplicate
from ..models import Round, TableAssignment, Tournament, table_label
from ..placing import lost_by_forfeit, seats_per_format_seat
from .deals import seat_labels


@dataclass
class Holder:
    """One holder of a deal-seat at one table, with what it did and what it scored."""

    table: int
    label: str
    match: int | None
    entrant: int | None  # None: a bot filled the seat
    bot_name: str  # the bot's name, for a seat a bot filled
    games_seats: list[int]
    played: bool
    points: int | None = None
    won: bool = False
    count: int | None = None
    posed: bool = False
    how: str = ""
    key: tuple | None = None
    average: str = duplicate.AVERAGE  # given if it did not play: AVERAGE, or AVERAGE_MINUS
    score: duplicate.Score | None = None


@dataclass
class DealSeat:
    """Seat ``position`` (a format seat: a player, or a pair's side) of one deal."""

    position: int
    size: int
    holders: list[Holder]

    @property
    def alone(self) -> bool:
        return any(h.score is not None and h.score.alone for h in self.holders)


@dataclass
class Deal:
    number: int
    waiting: list[int]
    seats: list[DealSeat] = field(default_factory=list)


@dataclass
class RoundScores:
    number: int
    deals: list[Deal]


def _deal_count(tournament: Tournament, games: dict, matches: Iterable[int | None]) -> int:
    """How many deals a table of the round is meant to play: the fixed number of games, or
    (a whole set at each table) the most any table played."""
    if tournament.play_mode == Tournament.PlayMode.GAMES and tournament.games_per_table:
        return tournament.games_per_table
    wanted = set(matches)
    return max((k for match, k in games if match in wanted), default=0)


def _holding(
    table: TableAssignment, k: int, games: dict, mode_games: bool
) -> tuple[str, Game | None]:
    """What deal ``k`` is at a table: "played", "waiting", "average" or "none" (not held)."""
    game = games.get((table.match_id, k))
    if game is not None and game.state == Game.State.OVER and game.result:
        return "played", game
    match = table.match
    if match is not None and match.state == Match.State.PLAYING:
        return "waiting", None
    if match is None and table.state != TableAssignment.State.FINISHED:
        return "waiting", None
    ended_by_rule = (
        match is not None and match.state == Match.State.OVER and not table.adjudicated
        and table.overridden_by_id is None
    )  # fmt: skip
    if ended_by_rule and not mode_games:
        return "none", None
    return "average", None


def round_scores(
    tournament: Tournament, row: Round, tables: list[TableAssignment], games: dict
) -> RoundScores:
    """Every deal of one round, every seat of it, every holder with its score."""
    tables = [t for t in tables if not t.bye]
    mode_games = tournament.play_mode == Tournament.PlayMode.GAMES
    count = _deal_count(tournament, games, [t.match_id for t in tables])
    pairs = tournament.pairs
    rules = {}
    deals = []
    for k in range(1, count + 1):
        status = {t.number: _holding(t, k, games, mode_games) for t in tables}
        waiting = [n for n, (what, _game) in status.items() if what == "waiting"]
        deal = Deal(k, waiting)
        deals.append(deal)
        if waiting:
            continue
        groups: dict[tuple[int, int], DealSeat] = {}
        for table in tables:
            what, game = status[table.number]
            if what == "none":
                continue
            size = len(table.seats)
            lost = set(lost_by_forfeit(table.places, table.seats, table.forfeited or ()))
            players = table.match.players if table.match is not None else []
            for position, seats in enumerate(seats_per_format_seat(pairs, size)):
                who = table.seats[position]
                bot_name = ""
                if who is None:
                    bot_name = next(
                        (players[s].get("name", "") for s in seats if s < len(players)), ""
                    )
                holder = Holder(table.number, table_label(table.label), table.match_id, who,
                                bot_name, seats, played=what == "played")  # fmt: skip
                average = duplicate.AVERAGE
                if who is not None and who in lost:
                    holder.played, average = False, duplicate.AVERAGE_MINUS
                if game is not None:
                    result = game.result
                    key = (table.match.table.style, table.match.table.seat_count,
                           str(sorted(table.match.table.options.items())))  # fmt: skip
                    if key not in rules:
                        rules[key] = make_rules(key[0], key[1], table.match.table.options).parties
                    parties = rules[key]
                    party = next(p for p, m in enumerate(parties) if seats[0] in m)
                    holder.points = result["points"][party]
                    holder.won = result.get("winner") == party
                    holder.count = sum(result["counts"][s] for s in seats)
                    holder.posed = game.deal.get("first") in seats
                    holder.how = "domino" if result.get("end") == "domino" else "blocked"
                    holder.key = (
                        duplicate.result_key(key[0], result, seats[0], parties)
                        if holder.played
                        else None
                    )
                else:
                    holder.key = None
                holder.average = average
                groups.setdefault((size, position), DealSeat(position, size, [])).holders.append(
                    holder
                )
        for group in sorted(groups.values(), key=lambda g: (-g.size, g.position)):
            scores = duplicate.matchpoints(
                [duplicate.Holding(i, h.key, h.average) for i, h in enumerate(group.holders)]
            )
            for holder, score in zip(group.holders, scores, strict=True):
                holder.score = score
            deal.seats.append(group)
    return RoundScores(row.number, deals)


def _read(tournament: Tournament, rounds: list[Round]) -> tuple[dict, dict]:
    tables: dict[int, list[TableAssignment]] = {r.pk: [] for r in rounds}
    rows = TableAssignment.objects.filter(round__in=[r.pk for r in rounds]).select_related(
        "match__table"
    )
    for table in rows.order_by("number"):
        tables[table.round_id].append(table)
    ids = [t.match_id for ts in tables.values() for t in ts if t.match_id]
    games = {
        (g.match_id, g.number): g
        for g in Game.objects.filter(match_id__in=ids).only(
            "match_id", "number", "state", "result", "deal"
        )
    }
    return tables, games


def event_scores(tournament: Tournament, rounds: list[Round] | None = None) -> list[RoundScores]:
    """Every round's deals, scored (two queries)."""
    rounds = list(rounds if rounds is not None else tournament.rounds.order_by("number"))
    tables, games = _read(tournament, rounds)
    return [round_scores(tournament, r, tables[r.pk], games) for r in rounds]


def entrant_totals(scored: list[RoundScores]) -> dict[int, duplicate.Total]:
    """Each entry's matchpoints and percentages added up over every deal it held (bots left
    out: they stand nowhere)."""
    return duplicate.totals(
        (holder.entrant, holder.score)
        for one in scored
        for deal in one.deals
        for seat in deal.seats
        for holder in seat.holders
        if holder.entrant is not None and holder.score is not None
    )


def percent(value: Fraction | None) -> str:
    """A percentage as pages and files show it: two decimals, "" for none."""
    return "" if value is None else f"{float(value):.2f}"


# -- the traveller page ----------------------------------------------------------------------


@dataclass
class TravellerRow:
    """One holder's line in a deal-seat's traveller: who, at which table, with what left."""

    holder: Holder
    name: str
    bot: bool
    tiles: list[str] | None
    went_out: bool
    percentage: str
    matchpoints: str


@dataclass
class TravellerSeat:
    position: int
    label: str
    rows: list[TravellerRow]
    alone: bool


@dataclass
class TravellerDeal:
    number: int
    waiting: list[int]
    hands: list[list[str]] | None
    seats: list[TravellerSeat]


@dataclass
class SummaryRow:
    """An entry over the round's deals: its percentage (or average) per deal, their sum and
    their mean."""

    entrant: int
    name: str
    cells: list[str]
    total: str
    percentage: str
    mean: Fraction


@dataclass
class Traveller:
    deals: list[TravellerDeal]
    summary: list[SummaryRow]


def figure(value: Fraction) -> str:
    """Matchpoints as a page shows them: whole, or with a half (1.5)."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _position_labels(tournament: Tournament, size: int, parties) -> list[str]:
    if tournament.pairs:
        return [
            _("Pair in seats %(a)s and %(b)s") % {"a": seats[0] + 1, "b": seats[1] + 1}
            for seats in seats_per_format_seat(True, size)
        ]
    return seat_labels(parties)


def _tiles_left(game: Game) -> list[list[str]] | None:
    """The tiles each seat still held when the game ended (from the stored engine state)."""
    try:
        state = play.load(game).game
    except engine.RulesError:
        return None
    return [[str(t) for t in state.hand(seat)] for seat in range(state.seats)]


def traveller(tournament: Tournament, row: Round, hands: dict[int, list[list[str]] | None],
              sealed: bool) -> Traveller:  # fmt: skip
    """The round as bridge hand records show it: per deal and seat, every table's holder with
    its result, matchpoints and percentage, who posed, the tiles left and the count; then each
    entry over the round's deals. ``hands``: the hands as dealt per deal, where they may be
    shown (``deals.comparison`` decides); ``sealed``: the round's sets are still sealed, so the
    tiles left in hand are not shown."""
    tables, games = _read(tournament, [row])
    scored = round_scores(tournament, row, tables[row.pk], games)
    entries = {
        e.pk: e for e in tournament.entries.select_related("player", "partner").order_by("pk")
    }
    left: dict[tuple[int, int], list[list[str]] | None] = {}
    if not sealed:
        full = Game.objects.filter(
            match_id__in=[t.match_id for t in tables[row.pk] if t.match_id], state=Game.State.OVER
        ).only("match_id", "number", "snapshot")
        left = {(g.match_id, g.number): _tiles_left(g) for g in full}
    deals = []
    per_entry: dict[int, dict[int, duplicate.Score]] = {}
    for deal in scored.deals:
        seats = []
        for group in deal.seats:
            sample = next((t for t in tables[row.pk] if len(t.seats) == group.size), None)
            board = sample.match.table if sample is not None and sample.match else None
            parties = (make_rules(board.style, board.seat_count, board.options).parties
                       if board is not None else [[s] for s in range(group.size)])  # fmt: skip
            labels = _position_labels(tournament, group.size, parties)
            rows = []
            for holder in group.holders:
                if holder.entrant is not None:
                    per_entry.setdefault(holder.entrant, {})[deal.number] = holder.score
                name = (
                    entries[holder.entrant].name
                    if holder.entrant in entries
                    else holder.bot_name or _("Bot")
                )
                tiles_all = left.get((holder.match, deal.number)) if holder.match else None
                tiles = (
                    [t for s in holder.games_seats for t in tiles_all[s]]
                    if tiles_all is not None and holder.played
                    else None
                )
                went_out = holder.played and holder.how == "domino" and holder.won and (
                    tiles == [] if tiles is not None else holder.count == 0
                )  # fmt: skip
                rows.append(TravellerRow(
                    holder, name, holder.entrant is None, tiles, bool(went_out),
                    percent(holder.score.percentage), figure(holder.score.matchpoints),
                ))  # fmt: skip
            rows.sort(key=lambda r: (-r.holder.score.percentage, r.holder.table))
            label = labels[group.position] if group.position < len(labels) else ""
            seats.append(TravellerSeat(group.position, label, rows, group.alone))
        deals.append(TravellerDeal(deal.number, deal.waiting, hands.get(deal.number), seats))
    return Traveller(deals, _summary(per_entry, entries, [d.number for d in scored.deals]))


def _summary(per_entry, entries, numbers: list[int]) -> list[SummaryRow]:
    out = []
    for entrant, scores in per_entry.items():
        cells = []
        for k in numbers:
            score = scores.get(k)
            if score is None:
                cells.append("")
            elif score.average:
                cells.append(f"{score.average} {percent(score.percentage)}")
            else:
                cells.append(percent(score.percentage))
        total = sum((s.percentage for s in scores.values()), Fraction(0))
        mean = total / len(scores)
        name = entries[entrant].name if entrant in entries else f"#{entrant}"
        out.append(SummaryRow(entrant, name, cells, percent(total), percent(mean), mean))
    out.sort(key=lambda r: (-r.mean, r.name))
    return out
