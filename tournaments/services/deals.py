"""Same deals at every table (``Tournament.same_deals``), in the spirit of duplicate bridge.

Every table of a round is started with one deal key, drawn from the event's secret seed and the
round's number (never the table's): the games' seeds derive from it one way
(``games.engine.game_seed(key, k)``), so deal *k* gives seat *N* the same hand at every table of
the round, whoever sits there. Comparing how each seat fared with the same hand, table by table,
shows skill apart from the luck of the deal.

A deal played at one table must stay secret from the others until they have played it too, so
these sets are started *sealed* (``games.services.play.start_match(sealed=True)``): no seed and
no finished game's hands are shown to anyone but the players at that table (the table page's
end-of-game reveal), and the history shows their games as a spectator saw them. When the round
finishes, every set of it is unsealed (``unseal_round``, called where the round row is marked
finished) and the seeds are public like any other.

Each game keeps its own commitment, SHA-256 of its seed, published before its deal; at every
table of a round deal *k* has the same seed, hence the same commitment (anyone can see that the
tables play one deal), and after unsealing the revealed seed still verifies against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from hashlib import sha256
from typing import Any

from django.utils.translation import gettext as _

from games import engine
from games.engine.rules import make_rules
from games.models import Game, Match
from games.services import play

from ..models import Round, TableAssignment, Tournament, table_label


def round_deal_key(tournament: Tournament, round_number: int, replay: int = 0) -> str:
    """The secret key a same-deal round's games derive their seeds from: the event's seed and
    the round's number, and nothing of the table; a round played again after it was voided
    (``replay``: how many times) has a key of its own, since its first deals were seen."""
    text = f"dominoes-same-deals:{tournament.seed}:{round_number}"
    return sha256((text + (f":replay {replay}" if replay else "")).encode()).hexdigest()


def start_options(tournament: Tournament, round_number: int, replay: int = 0) -> dict[str, Any]:
    """What ``play.start_match`` is told for a table of this round: nothing unless the event
    deals the same at every table, then the round's deal key and a sealed set."""
    if not tournament.same_deals:
        return {}
    return {"deal_key": round_deal_key(tournament, round_number, replay), "sealed": True}


def unseal_round(row: Round) -> int:
    """Every set of a finished round becomes public (seeds, hands at the end of each game).
    Idempotent; returns how many sets were sealed."""
    ids = TableAssignment.objects.filter(round=row, match__isnull=False).values_list(
        "match_id", flat=True
    )
    return play.unseal(list(ids))


def unseal_event(tournament: Tournament) -> int:
    """Every set of the event becomes public: for an event called off mid-round."""
    ids = TableAssignment.objects.filter(
        round__tournament=tournament, match__isnull=False
    ).values_list("match_id", flat=True)
    return play.unseal(list(ids))


# -- the comparison page ---------------------------------------------------------------------------


@dataclass
class SeatResult:
    """How one seat fared with its hand at one table: who sat there, what the game gave its
    party (in the style's own unit), the count left in that hand, and whether its party won."""

    name: str
    bot: bool
    points: int
    count: int
    won: bool


@dataclass
class TableDeal:
    """Deal *k* at one table of the round."""

    table: int
    label: str
    match: int
    seats: list[SeatResult]
    how: str


@dataclass
class DealRow:
    """Deal *k* across the round: each table's result once every table has played it (or can no
    longer), the tables still to play it otherwise, and the hands as dealt once unsealed."""

    number: int
    tables: list[TableDeal]
    waiting: list[int]
    hands: list[list[str]] | None


@dataclass
class Comparison:
    seats: int
    labels: list[str]
    parties: list[list[int]]
    unit: str
    low_wins: bool
    sealed: bool
    deals: list[DealRow]
    totals: list[TableDeal] = field(default_factory=list)


def unit_of(style: str) -> tuple[str, bool]:
    """What a game's points are in this style (games won, or points scored or taken), and
    whether a lower figure is better."""
    rules = engine.STYLES[style]
    if rules.won_by_games:
        return _("games won"), False
    if rules.low_totals_win:
        return _("points taken (lower is better)"), True
    return _("points"), False


def seat_labels(parties) -> list[str]:
    """ "Seat 1", or "Seat 1 · team 1" where partners play together."""
    teams = any(len(members) > 1 for members in parties)
    labels = {}
    for party, members in enumerate(parties):
        for seat in members:
            label = _("Seat %(n)s") % {"n": seat + 1}
            if teams:
                label += " · " + _("team %(n)s") % {"n": party + 1}
            labels[seat] = label
    return [labels[seat] for seat in sorted(labels)]


def how_it_ended(result: dict) -> str:
    """Domino or blocked, and what made the game worth more, in words."""
    words = [_("domino") if result["end"] == "domino" else _("blocked")]
    if result["winner"] is None:
        words.append(_("no winner"))
    if result.get("key_card"):
        words.append(_("key card"))
    if result.get("stake", 1) == 2:
        words.append(_("worth 2"))
    return ", ".join(words)


def comparison(tournament: Tournament, row: Round) -> Comparison:
    """Deal by deal, how each seat fared at every table of a same-deal round (two queries)."""
    tables = list(
        row.tables.filter(match__isnull=False).select_related("match__table").order_by("number")
    )
    unit, low_wins = unit_of(tournament.style)
    if not tables:
        return Comparison(0, [], [], unit, low_wins, False, [])
    board = tables[0].match.table
    parties = make_rules(board.style, board.seat_count, board.options).parties
    rows = Game.objects.filter(match_id__in=[t.match_id for t in tables]).only(
        "match_id", "number", "state", "result", "deal"
    )
    games = {(g.match_id, g.number): g for g in rows}
    sealed = any(t.match.sealed for t in tables)
    deepest = max((number for _match, number in games), default=0)
    deals = [_deal(k, tables, games, parties, sealed) for k in range(1, deepest + 1)]
    return Comparison(
        board.seat_count, seat_labels(parties), [list(p) for p in parties], unit, low_wins,
        sealed, deals,
        _totals(tables, deals),
    )  # fmt: skip


def _deal(k: int, tables: list[TableAssignment], games: dict, parties, sealed: bool) -> DealRow:
    """Deal ``k``: shown once no table is playing it and no table still playing its set may
    yet come to it; until then, the tables it waits for."""
    waiting, shown, hands = [], [], None
    for table in tables:
        game = games.get((table.match_id, k))
        if game is not None and game.state == Game.State.OVER and game.result:
            shown.append(_table_deal(table, game.result, parties))
            if hands is None and not sealed:
                hands = [list(hand) for hand in game.deal.get("hands", [])] or None
        elif table.match.state == Match.State.PLAYING:  # being played, or may come to it
            waiting.append(table.number)
    return DealRow(k, [] if waiting else shown, waiting, None if waiting else hands)


def _table_deal(table: TableAssignment, result: dict, parties) -> TableDeal:
    players = table.match.players
    party_of = {seat: p for p, members in enumerate(parties) for seat in members}
    seats = []
    for seat, who in enumerate(players):
        party = party_of[seat]
        seats.append(SeatResult(
            who.get("name") or _("Deleted player"), bool(who.get("bot")),
            result["points"][party], result["counts"][seat], result["winner"] == party,
        ))  # fmt: skip
    return TableDeal(
        table.number, table_label(table.label), table.match_id, seats, how_it_ended(result)
    )


def _totals(tables: list[TableAssignment], deals: list[DealRow]) -> list[TableDeal]:
    """Each table's points and counts per seat, added up over the deals shown."""
    totals = {}
    for table in tables:
        names = [SeatResult(p.get("name") or _("Deleted player"), bool(p.get("bot")), 0, 0, False)
                 for p in table.match.players]  # fmt: skip
        label = table_label(table.label)
        totals[table.number] = TableDeal(table.number, label, table.match_id, names, "")
    for deal in deals:
        for played in deal.tables:
            for mine, seat in zip(totals[played.table].seats, played.seats, strict=True):
                mine.points += seat.points
                mine.count += seat.count
    if not any(deal.tables for deal in deals):
        return []
    return list(totals.values())
