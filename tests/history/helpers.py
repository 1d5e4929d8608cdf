"""Sets for the history tests: played through the real services, or written straight as rows
(a list of thousands of sets needs no games)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from games.models import Match, Table
from games.services import seating
from tests.factories import make_user, start_table
from tests.games.helpers import play_out_game, play_out_match


def played(
    style: str,
    seats: int,
    options: dict | None = None,
    seed: int = 1,
    people: int = 1,
    whole_set: bool = False,
    prefix: str = "p",
):
    """A table of ``people`` people (the rest casual bots) with one game, or the whole set,
    played out by the bots' policy. Returns (match, the people)."""
    users = [make_user(f"{prefix}{i}") for i in range(people)]
    bots = [None] * people + ["casual"] * (seats - people)
    table = seating.create_table(
        users[0], style, seats, options or {}, bots=bots, host_sits=False,
        players=users + [None] * (seats - people),
    )  # fmt: skip
    match = start_table(table, seed=seed)
    if whole_set:
        play_out_match(match)
    else:
        play_out_game(match)
    match.refresh_from_db()
    return match, users


def set_row(
    players: list,
    style: str = "cutthroat",
    *,
    at: datetime | None = None,
    state: str = Match.State.OVER,
    winner: int | None = 0,
    result: str = "six-love",
    private: bool = False,
    options: dict | None = None,
) -> Match:
    """A finished (or not) set at a table of its own, written as rows, with ``players`` (users
    or None for an empty entry) in seat order; its history lines come from the listener."""
    table = Table.objects.create(style=style, seat_count=len(players), options=options or {},
                                 is_private=private, state=Table.State.FINISHED)  # fmt: skip
    match = Match.objects.create(
        table=table, seed=1, state=state, result=result if state == Match.State.OVER else "",
        winner_party=winner if state == Match.State.OVER else None,
        players=[{"id": p.pk, "name": p.name, "bot": p.is_bot} for p in players],
        totals=[0] * len(players),
    )  # fmt: skip
    if at is not None:
        Match.objects.filter(pk=match.pk).update(started_at=at)
        match.history_items.update(at=at)
        match.refresh_from_db()
    return match


def days_ago(n: int) -> datetime:
    return timezone.now() - timedelta(days=n)
