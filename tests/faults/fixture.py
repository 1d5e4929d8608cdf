"""Rows for a fault test, made and read inside the site's own environment (its database).

``python -m tests.faults.fixture table --style cutthroat --humans 1`` creates players with a
logged-in session each and a table with bots in the other seats, starts its set and prints
JSON; ``state --table ID`` prints every game of the table with its stored move numbers, so a
test can check that every move was stored exactly once.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def session_for(user) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def make_table(style: str, seats: int, humans: int, clock: int, level: str, seed: int) -> dict:
    from accounts.models import User
    from games.services import play, seating

    people = [
        User.objects.create_user(f"p{secrets.token_hex(4)}", password=secrets.token_hex(8))
        for _ in range(humans)
    ]
    bots = [None] * humans + [level] * (seats - humans)
    host = people[0] if people else None
    table = seating.create_table(host, style, seats, {}, turn_clock=clock, bots=bots,
                                 host_sits=bool(people))  # fmt: skip
    for index, person in enumerate(people[1:], start=1):
        seating.join(table, person, index)
    play.start_match(table, seed=seed)
    return {"table": table.pk, "code": table.code, "sessions": [session_for(p) for p in people]}


def state(table_id: int) -> dict:
    from games.models import Game, Match, Move, Presence, Seat

    matches = []
    for match in Match.objects.filter(table_id=table_id).order_by("number"):
        games = []
        for game in Game.objects.filter(match=match).order_by("number"):
            seqs = list(
                Move.objects.filter(game=game).order_by("seq").values_list("seq", flat=True)
            )
            games.append({"id": game.pk, "state": game.state, "version": game.version,
                          "turn": game.turn, "seqs": seqs})  # fmt: skip
        matches.append({"state": match.state, "games": games})
    seats = [
        {"index": s.index, "away": s.away_since is not None, "stand_in": s.stand_in}
        for s in Seat.objects.filter(table_id=table_id).order_by("index")
    ]
    presences = Presence.objects.filter(seat__table_id=table_id).count()
    return {"matches": matches, "seats": seats, "presences": presences}


def main() -> None:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    table = commands.add_parser("table")
    table.add_argument("--style", default="cutthroat")
    table.add_argument("--seats", type=int, default=4)
    table.add_argument("--humans", type=int, default=1)
    table.add_argument("--clock", type=int, default=0)
    table.add_argument("--level", default="casual")
    table.add_argument("--seed", type=int, default=7)
    read = commands.add_parser("state")
    read.add_argument("--table", type=int, required=True)
    args = parser.parse_args()
    _setup()
    if args.command == "table":
        out = make_table(args.style, args.seats, args.humans, args.clock, args.level, args.seed)
    else:
        out = state(args.table)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
