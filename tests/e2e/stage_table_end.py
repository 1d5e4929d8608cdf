"""Event tables that end, set up inside the running site's environment (its database and Redis).

``python -m tests.e2e.stage_table_end SCENARIO`` prints JSON: the event's slug, the tables'
codes and logged-in sessions. Scenarios:

- ``ended``: a club's two-party Block Swiss of one round, one game a table, no turn clock;
  ``ann`` (seed 1) and ``bob`` entered, and their table played to its last game here (both
  counted on the site meanwhile, so no bot stands in while the game is played out). The set is
  closed after its game and the event has the result (it is finished, too). Sessions: ``ann``,
  ``bob``, ``organiser``; ``names``; ``code`` of the table; ``winner`` (ann or bob).
- ``room``: a running Cut-Throat Swiss for tables with bots filling empty seats, of the
  organiser (who plays, and counts as on the site), ``ann``, ``bob``, ``cal``, ``dee`` and
  ``eve``: two tables, the no-show grace ten minutes. Ann opened her table (her socket's
  presence is made here, fresh for the site's sweep for a while); the others are nowhere, so
  bots play for them. Sessions: ``organiser``, ``ann``; ``codes`` of the tables.
- ``forfeit``: a two-party Block Swiss whose table of ``ann`` and ``bob`` was decided by
  forfeit: Ann came, Bob never did, and the no-show grace ran out. Sessions: ``ann``,
  ``organiser``; ``code``.
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


def _person(name: str):
    from accounts.models import User

    return User.objects.create_user(
        f"{name}{secrets.token_hex(3)}", password=secrets.token_hex(8), display_name=name.title()
    )


def _event(owner, name: str, **fields):
    from clubs import services as clubs
    from tournaments.services import events

    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    fields = {"style": "block", "seats": 2, "format": "swiss", "format_options": {"rounds": 1},
              "play_mode": "games", "games_per_table": 1, "turn_clock": 0, **fields}  # fmt: skip
    event = events.create(club, owner, name=f"{name} {secrets.token_hex(2)}", **fields)
    return events.open_registration(event, owner)


def _enter(event, owner, people: list) -> None:
    from tournaments.services import entries

    for seed, person in enumerate(people, start=1):
        entries.set_seed(event, owner, entries.register(event, person, person), seed)


def ended() -> dict:
    from games.models import Match
    from tests.faults.fixture import session_for
    from tests.games.helpers import play_out_match
    from tournaments.models import TableAssignment
    from tournaments.services import attendance, events

    owner, ann, bob = _person("organiser"), _person("ann"), _person("bob")
    event = _event(owner, "Friday Swiss")
    _enter(event, owner, [ann, bob])
    for person in (ann, bob):
        attendance.here(person.pk)  # around: nobody's turns go to a bot meanwhile
    events.start(event, owner)
    table = TableAssignment.objects.select_related("table").get(round__tournament=event)
    play_out_match(Match.objects.get(pk=table.match_id))
    table.refresh_from_db()
    anns = table.seats.index(event.entries.get(player=ann).pk)
    winner = "ann" if table.places[anns] == 1 else "bob"
    return {"slug": event.slug, "code": table.table.code, "winner": winner,
            "organiser": session_for(owner), "ann": session_for(ann), "bob": session_for(bob),
            "names": {"ann": ann.name, "bob": bob.name, "event": event.name}}  # fmt: skip


def room() -> dict:
    from games.services import presence
    from tests.faults.fixture import session_for
    from tournaments.models import TableAssignment
    from tournaments.services import attendance, entries, events

    owner = _person("organiser")
    event = _event(owner, "Club night", style="cutthroat", seats=4, format="swiss_tables",
                   format_options={"rounds": 2}, bots_fill=True, no_show_grace=600,
                   play_mode="set")  # fmt: skip
    people = {name: _person(name) for name in ("ann", "bob", "cal", "dee", "eve")}
    _enter(event, owner, list(people.values()))
    entries.register(event, owner, owner)
    attendance.here(owner.pk)  # the organiser has the run page open
    events.start(event, owner)
    tables = list(TableAssignment.objects.filter(round__tournament=event).select_related("table"))
    mine = next(t for t in tables if event.entries.get(player=people["ann"]).pk in t.seats)
    presence.arrived(mine.table_id, people["ann"], f"stage-{secrets.token_hex(4)}")
    return {"slug": event.slug, "organiser": session_for(owner), "ann": session_for(people["ann"]),
            "codes": [t.table.code for t in tables]}  # fmt: skip


def forfeit() -> dict:
    from datetime import timedelta

    from django.utils import timezone

    from games.services import presence
    from tests.faults.fixture import session_for
    from tournaments.models import TableAssignment
    from tournaments.services import events, schedule

    owner, ann, bob = _person("organiser"), _person("ann"), _person("bob")
    event = _event(owner, "Friday Swiss", no_show_grace=60)
    _enter(event, owner, [ann, bob])
    events.start(event, owner)
    table = TableAssignment.objects.select_related("table").get(round__tournament=event)
    presence.arrived(table.table_id, ann, f"stage-{secrets.token_hex(4)}")
    schedule.step(event.pk, now=timezone.now() + timedelta(seconds=61))
    return {"slug": event.slug, "code": table.table.code, "organiser": session_for(owner),
            "ann": session_for(ann), "names": {"bob": bob.name}}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=["ended", "room", "forfeit"])
    args = parser.parse_args()
    _setup()
    made = {"ended": ended, "room": room, "forfeit": forfeit}[args.scenario]()
    print(json.dumps(made))


if __name__ == "__main__":
    main()
