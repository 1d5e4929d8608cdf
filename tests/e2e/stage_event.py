"""Events for the browser tests, set up inside the running site's environment (its database).

``python -m tests.e2e.stage_event SCENARIO [--start-in SECONDS]`` prints JSON: the event's slug
and logged-in sessions. Scenarios:

- ``checkin``: a club whose owner organises a two-party Block Swiss (one game a table, no turn
  clock, bots allowed) starting by itself ``--start-in`` seconds from now; two players,
  ``ann`` and ``bob``, have entered. Sessions: ``organiser``, ``ann``, ``bob``.
- ``club-night``: a running Cut-Throat Swiss of ``--entries`` bots (80: 20 tables) with more
  rounds to come, for looking at the screen; its bots play on through the worker. Session:
  ``organiser``.
- ``withdrawal``: a running two-party Block single elimination of 8 people, the organiser
  starting each round by hand, whose round 1 the organiser recorded (the better seed won
  every table); seed 4 withdrew before the last result was in, so round 2 is seated (by the
  schedule, here and now) with seed 1 through by walkover. Session: ``organiser``, and
  ``names`` of seeds 1 and 4.
- ``scheduled``: issue 41's night on the clock: a Cut-Throat Swiss for tables (one game a
  table, bots allowed) whose check-in opens by itself ``--checkin-in`` seconds from now and
  which starts ``--start-in`` seconds from now; the organiser entered four bots and two people
  (``cy``, ``dee``: they count as checked in), and ``ann`` and ``bob`` entered themselves.
  Sessions: ``organiser``, ``ann``, ``bob``; ``names`` of all four people.
- ``knockout-night``: a Cut-Throat table knockout of sixteen people with long full names
  (``LONG_NAMES``), two games a table, round 1 recorded by the organiser. Session:
  ``organiser``, and the ``names``.
- ``seated``: a two-party Block Swiss of 4 people (``--format swiss``, of ``--rounds``
  rounds, 3 unless said) or a knockout of 4 (``--format single_elimination``) whose round 1
  the organiser recorded (the better seed won), with no pause for corrections and ten minutes
  between seating a round and starting it: so round 2 is seated and has not started.
  Session: ``organiser``, and ``names`` of seeds 1 and 2.
- ``same-deals``: issue 43's duplicate night: a Cut-Throat Swiss for tables of twelve people
  with long full names (``LONG_NAMES``), same deals at every table and duplicate scoring, two
  games a table, whose round 1 was played out (every move through the services, table 1 by
  the expert bot's choices, table 2 the casual's, table 3 at random): the round is over, its
  deals unsealed, and the event waits for the organiser to pair round 2. Session:
  ``organiser``, and the ``names``.
- ``pause``: a two-party Block Swiss of 4 people in 3 rounds, each next round started by the
  organiser, whose round 1 the organiser recorded (the better seed won) a moment ago: the
  event is in its pause for corrections (``--pause`` seconds, 120 unless said) before round 2
  is paired. Session: ``organiser``, and ``names`` of seeds 1 to 4.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
from datetime import timedelta


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _person(name: str):
    from accounts.models import User

    return User.objects.create_user(
        f"{name}{secrets.token_hex(3)}", password=secrets.token_hex(8), display_name=name.title()
    )


def _seeded(event, owner, count: int) -> list:
    """``count`` people entered and seeded 1, 2, … in that order."""
    from tournaments.services import entries

    made = []
    for seed in range(1, count + 1):
        person = _person(f"player{seed}")
        made.append(entries.set_seed(event, owner, entries.register(event, person, person), seed))
    return made


def checkin(start_in: float) -> dict:
    from django.utils import timezone

    from clubs import services as clubs
    from tests.faults.fixture import session_for
    from tournaments.services import entries, events

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    event = events.create(
        club, owner, name=f"Friday Swiss {secrets.token_hex(2)}", style="block", seats=2,
        format="swiss", format_options={"rounds": 2}, play_mode="games", games_per_table=1,
        turn_clock=0, bots_fill=True, starts_at=timezone.now() + timedelta(seconds=start_in),
    )  # fmt: skip
    events.open_registration(event, owner)
    people = {"ann": _person("ann"), "bob": _person("bob")}
    for person in people.values():
        entries.register(event, person, person)
    sessions = {name: session_for(person) for name, person in people.items()}
    return {"slug": event.slug, "organiser": session_for(owner), **sessions,
            "names": {name: person.name for name, person in people.items()}}  # fmt: skip


def scheduled(checkin_in: float, start_in: float) -> dict:
    from django.utils import timezone

    from clubs import services as clubs
    from tests.faults.fixture import session_for
    from tournaments.services import entries, events

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    now = timezone.now()
    event = events.create(
        club, owner, name=f"Night on the clock {secrets.token_hex(2)}", style="cutthroat",
        seats=4, format="swiss_tables", format_options={"rounds": 2}, play_mode="games",
        games_per_table=1, turn_clock=0, bots_fill=True,
        checkin_opens_at=now + timedelta(seconds=checkin_in),
        starts_at=now + timedelta(seconds=start_in),
    )  # fmt: skip
    events.open_registration(event, owner)
    for _ in range(4):
        entries.register_bot(event, owner)
    people = {name: _person(name) for name in ("ann", "bob", "cy", "dee")}
    for name in ("cy", "dee"):
        entries.register(event, owner, people[name])  # the organiser's: checked in
    for name in ("ann", "bob"):
        entries.register(event, people[name], people[name])
    return {"slug": event.slug, "organiser": session_for(owner),
            "ann": session_for(people["ann"]), "bob": session_for(people["bob"]),
            "names": {name: person.name for name, person in people.items()}}  # fmt: skip


def club_night(count: int) -> dict:
    from clubs import services as clubs
    from tests.faults.fixture import session_for
    from tournaments.services import entries, events

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    event = events.create(
        club, owner, name="Club night Cut-Throat", style="cutthroat", seats=4,
        format="swiss_tables", format_options={"rounds": 3}, turn_clock=0, bots_fill=True,
        play_mode="games", games_per_table=3,
    )  # fmt: skip
    events.open_registration(event, owner)
    for _ in range(count):
        entries.register_bot(event, owner)
    events.start(event, owner)
    return {"slug": event.slug, "organiser": session_for(owner)}


def withdrawal() -> dict:
    from clubs import services as clubs
    from tests.faults.fixture import session_for
    from tournaments.services import entries, events, results, schedule

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    event = events.create(
        club, owner, name=f"Knockout {secrets.token_hex(2)}", style="block", seats=2,
        format="single_elimination", play_mode="games", games_per_table=1, turn_clock=0,
        advance="organiser", pairing_pause=0,
    )  # fmt: skip
    events.open_registration(event, owner)
    made = _seeded(event, owner, 8)
    first = list(events.start(event, owner).tables.order_by("number"))
    for table in first[:3]:  # R1-1, R1-2 (seed 4 beats seed 5), R1-3
        results.record_result(event, owner, table, [1, 2], "played on paper")
    entries.withdraw(event, owner, made[3])
    # the last result finishes round 1; the schedule seats round 2 at once (the site's worker
    # would too: stepping here first makes that certain before the browser looks)
    results.record_result(event, owner, first[3], [1, 2], "played on paper")
    schedule.step(event.pk)
    return {"slug": event.slug, "organiser": session_for(owner),
            "names": {"seed1": made[0].name, "seed4": made[3].name}}  # fmt: skip


def seated(format_name: str, rounds: int = 3) -> dict:
    from clubs import services as clubs
    from tests.faults.fixture import session_for
    from tournaments.services import events, results, schedule

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    event = events.create(
        club, owner, name=f"Evening {secrets.token_hex(2)}", style="block", seats=2,
        format=format_name, format_options={"rounds": rounds} if format_name == "swiss" else {},
        play_mode="games", games_per_table=1, turn_clock=0, round_pause=600, pairing_pause=0,
    )  # fmt: skip
    events.open_registration(event, owner)
    made = _seeded(event, owner, 4)
    seed_of = {entry.pk: entry.seed for entry in made}
    for table in events.start(event, owner).tables.order_by("number"):
        first, second = (seed_of[who] for who in table.seats)
        results.record_result(event, owner, table, [1, 2] if first < second else [2, 1], "paper")
    schedule.step(event.pk)  # round 2 is seated; it starts after the pause
    return {"slug": event.slug, "organiser": session_for(owner),
            "names": {"seed1": made[0].name, "seed2": made[1].name}}  # fmt: skip


def pause(seconds: int) -> dict:
    from clubs import services as clubs
    from tests.faults.fixture import session_for
    from tournaments.services import events, results

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    event = events.create(
        club, owner, name=f"Corrections {secrets.token_hex(2)}", style="block", seats=2,
        format="swiss", format_options={"rounds": 3}, play_mode="games", games_per_table=1,
        turn_clock=0, advance="organiser", pairing_pause=seconds,
    )  # fmt: skip
    events.open_registration(event, owner)
    made = _seeded(event, owner, 4)
    seed_of = {entry.pk: entry.seed for entry in made}
    for table in events.start(event, owner).tables.order_by("number"):
        first, second = (seed_of[who] for who in table.seats)
        results.record_result(event, owner, table, [1, 2] if first < second else [2, 1], "paper")
    return {"slug": event.slug, "organiser": session_for(owner),
            "names": {f"seed{entry.seed}": entry.name for entry in made}}  # fmt: skip


#: Full names as a club's members have them, long enough to wrap on the screen's cards.
LONG_NAMES = (
    "Beverley Campbell-Richards", "Winston Montgomery-Clarke", "Marcia Fitzgerald-Brown",
    "Desmond Alexander Whyte", "Hyacinth Ramsay-Thompson", "Clive Wellington Stewart",
    "Paulette Henriques-Lewis", "Ainsley Barrington Grant", "Claudette Shakespeare",
    "Roderick Livingston-Hall", "Yvonne McFarlane-Dixon", "Trevor Constantine Blake",
    "Millicent Braithwaite", "Horace Wilberforce Reid", "Jacqueline Ebanks-Morgan",
    "Lloyd Alphonso Chambers",
)  # fmt: skip


def knockout_night() -> dict:
    """A Cut-Throat table knockout of the sixteen ``LONG_NAMES``, seeded in that order, whose
    round 1 the organiser recorded (the better seed first at each table): for the screen and
    the print-out with full names, a bracket and a knockout's standings."""
    from clubs import services as clubs
    from tests.faults.fixture import session_for
    from tournaments.services import entries, events, results

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    event = events.create(
        club, owner, name=f"Knockout night {secrets.token_hex(2)}", style="cutthroat", seats=4,
        format="table_knockout", play_mode="games", games_per_table=2, turn_clock=0,
        advance="organiser",
    )  # fmt: skip
    events.open_registration(event, owner)
    made = []
    for seed, name in enumerate(LONG_NAMES, start=1):
        person = _person(name.split()[0].lower())
        person.display_name = name
        person.save(update_fields=["display_name"])
        made.append(entries.set_seed(event, owner, entries.register(event, owner, person), seed))
    seed_of = {entry.pk: entry.seed for entry in made}
    for table in events.start(event, owner).tables.order_by("number"):
        order = sorted(range(len(table.seats)), key=lambda i: seed_of[table.seats[i]])
        places = [order.index(i) + 1 for i in range(len(table.seats))]
        results.record_result(event, owner, table, places, "played on paper")
    return {"slug": event.slug, "organiser": session_for(owner), "names": list(LONG_NAMES)}


def same_deals() -> dict:
    """A finished round of three Cut-Throat tables with the same deals, scored as duplicate:
    for the traveller page (issue 43)."""
    from clubs import services as clubs
    from tests.faults.fixture import session_for
    from tournaments.services import entries, events

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    event = events.create(
        club, owner, name=f"Duplicate night {secrets.token_hex(2)}", style="cutthroat", seats=4,
        format="swiss_tables", format_options={"rounds": 2}, play_mode="games",
        games_per_table=2, turn_clock=0, advance="organiser", pairing_pause=None,
        same_deals=True,
    )  # fmt: skip
    events.open_registration(event, owner)
    names = LONG_NAMES[:12]
    for seed, name in enumerate(names, start=1):
        person = _person(name.split()[0].lower())
        person.display_name = name
        person.save(update_fields=["display_name"])
        entries.set_seed(event, owner, entries.register(event, owner, person), seed)
    rng = random.Random(43)
    tables = events.start(event, owner).tables.select_related("match").order_by("number")
    for table, level in zip(tables, ("expert", "casual", "random"), strict=True):
        _play_out(table.match, level, rng)  # played apart, so the tables' results differ
    return {"slug": event.slug, "organiser": session_for(owner), "names": list(names)}


def _play_out(match, level: str, rng: random.Random) -> None:
    """Every move of the set through the services, chosen at ``level`` (a stand-in bot of
    the worker may move first: then the move is refused and the next one is tried)."""
    from games import bots
    from games.models import Game, Match
    from games.services import play

    for _ in range(5000):
        match.refresh_from_db()
        if match.state == Match.State.OVER:
            return
        game = match.games.order_by("-number").first()
        if game.state == Game.State.OVER:
            play.start_next_game(match.pk, game.number)
            continue
        play.submit(
            game.pk, None, game.version, None, reason="bot",
            choose=lambda state, seat: bots.choose(level, state, seat.index, rng),
        )  # fmt: skip
    raise AssertionError("the set did not end")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "scenario",
        choices=["checkin", "club-night", "withdrawal", "seated", "scheduled", "knockout-night",
                 "pause", "same-deals"],
    )  # fmt: skip
    parser.add_argument("--pause", type=int, default=120)
    parser.add_argument("--format", default="swiss")
    parser.add_argument("--start-in", type=float, default=30.0)
    parser.add_argument("--checkin-in", type=float, default=15.0)
    parser.add_argument("--entries", type=int, default=80)
    parser.add_argument("--rounds", type=int, default=3, help="a seated Swiss's rounds")
    args = parser.parse_args()
    _setup()
    if args.scenario == "checkin":
        made = checkin(args.start_in)
    elif args.scenario == "withdrawal":
        made = withdrawal()
    elif args.scenario == "seated":
        made = seated(args.format, args.rounds)
    elif args.scenario == "scheduled":
        made = scheduled(args.checkin_in, args.start_in)
    elif args.scenario == "knockout-night":
        made = knockout_night()
    elif args.scenario == "pause":
        made = pause(args.pause)
    elif args.scenario == "same-deals":
        made = same_deals()
    else:
        made = club_night(args.entries)
    print(json.dumps(made))


if __name__ == "__main__":
    main()
