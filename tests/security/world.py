"""One small world for the security tests: a person in every role, and things that are not
theirs (issue 40: who may see and do what).

Every role looks at the same objects: club A's events (a draft, a running club-only event with
its tables, a public one open for entries), a private table whose set two other people played,
someone else's imported record, a pending join request and an invite of club A. Club B is the
rival organiser's own club, with an event of its own, so the admin has something of theirs to
show beside what it must hide. Everything is built through the services and factories, with
one game played out (the fewest moves that give a finished game to replay and analyse).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.contenttypes.models import ContentType
from django.test import TestCase

from accounts.models import User
from clubs import services as clubs
from clubs.models import Club, Invite, JoinRequest
from games import engine
from games.engine.cli import play as play_random
from games.models import Match, Table
from games.services import seating
from history.models import GameAnalysis, ImportedRecord
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import play_out_game
from tests.tournaments.factories import (
    enter,
    join,
    make_event,
    open_event,
    with_round_two_seated,
)
from tournaments.models import TableAssignment, Tournament
from tournaments.services import events

#: The roles, from the least to the most trusted; ``anonymous`` has no user.
ROLES = ("anonymous", "player", "member", "rival", "organiser", "owner", "superuser")


@dataclass
class World:
    """The people by role and the objects the tests name. ``refs`` holds what a URL or a form
    takes for each object (a pk, a slug, a code, a username), by the name the tables use."""

    people: dict[str, User | None]
    club_a: Club
    club_b: Club
    draft_event: Tournament
    running_event: Tournament
    public_event: Tournament
    seated_event: Tournament
    rival_event: Tournament
    private_table: Table
    private_set: Match
    public_table: Table
    imported: ImportedRecord
    analysis: GameAnalysis
    join_request: JoinRequest
    invite: Invite
    event_table: TableAssignment
    refs: dict[str, Any] = field(default_factory=dict)
    sessions: dict[str, str | None] = field(default_factory=dict)  # probes.sign_in

    def user(self, role: str) -> User | None:
        return self.people[role]

    def ref(self, value: Any) -> Any:
        """``"@name"`` stands for ``refs[name]``; anything else is itself."""
        if isinstance(value, str) and value.startswith("@"):
            return self.refs[value[1:]]
        return value


def _people(club_a: Club, club_b: Club) -> dict[str, User | None]:
    return {
        "anonymous": None,
        "player": make_user("player"),
        "member": join(club_a, make_user("member")),
        "rival": club_b.memberships.get(role="owner").user,
        "organiser": join(club_a, make_user("organiser"), "organiser"),
        "owner": club_a.memberships.get(role="owner").user,
        "superuser": make_user("root", is_superuser=True, is_staff=True),
    }


def _private_set(pat: User, sam: User) -> tuple[Table, Match]:
    """A private Block table of two, both seats people (neither a role of the world), with its
    first game played out: a finished game to replay, the set still being played."""
    table = seating.create_table(
        pat, "block", 2, {}, is_private=True, turn_clock=0, players=[pat, sam], host_sits=False
    )
    match = start_table(table, seed=3)
    with TestCase.captureOnCommitCallbacks(execute=True):  # as when committed: rated, listed
        play_out_game(match)
    match.refresh_from_db()
    return table, match


def _an_import_of(owner: User) -> ImportedRecord:
    record = engine.make_record(play_random("block", 2, 4, 1))
    return ImportedRecord.objects.create(
        owner=owner, name="Pat's Friday night", style="block", seats=2, games=1, record=record
    )


def _events(club_a: Club, club_b: Club) -> dict[str, Tournament]:
    """A club-only draft, a club-only same-deals event running round 1 at two tables, a
    public event open for entries and one with round 2 seated (its start time may move), all of
    club A; a draft of club B."""
    running = open_event(
        club_a, name="Members Night Swiss", visibility=Tournament.Visibility.CLUB, turn_clock=0,
        same_deals=True,
    )  # fmt: skip
    enter(running, 4, prefix="entrant")
    events.start(running, club_a.memberships.get(role="owner").user)
    running.refresh_from_db()
    seated, _organiser = with_round_two_seated(club_a, name="Seated Swiss")
    seated.refresh_from_db()
    return {
        "draft_event": make_event(
            club_a, name="Secret Draft Social", visibility=Tournament.Visibility.CLUB
        ),
        "running_event": running,
        "public_event": open_event(club_a, name="Open Cup"),
        "seated_event": seated,
        "rival_event": make_event(club_b, name="Rival Draft Night"),
    }


def build() -> World:
    """The whole world, through the services (about a quarter of a second)."""
    club_a = clubs.create_club(make_user("owner"), "Kingston Domino Club")
    club_b = clubs.create_club(make_user("rival"), "Spanish Town Dominoes")
    people = _people(club_a, club_b)
    pat, sam, asker = make_user("pat"), make_user("sam"), make_user("asker")
    kim = join(club_a, make_user("kim"))  # a member the organisers' forms may name
    private_table, private_set = _private_set(pat, sam)
    game = private_set.games.get(number=1)
    found = _events(club_a, club_b)
    world = World(
        people=people, club_a=club_a, club_b=club_b, **found,
        private_table=private_table, private_set=private_set,
        public_table=make_table(sam, turn_clock=0, bots=[None, None, "casual", "casual"]),
        imported=_an_import_of(pat),
        analysis=GameAnalysis.objects.create(game=game, number=1, state="queued"),
        join_request=clubs.request_to_join(club_a, asker, "let me in"),
        invite=clubs.make_invite(club_a, people["owner"]),
        event_table=TableAssignment.objects.filter(round__tournament=found["running_event"])
        .order_by("number").first(),
    )  # fmt: skip
    world.refs = {**_refs(world), "pat": pat.pk, "pat_name": pat.username, "kim": kim.pk,
                  "kim_name": kim.username}  # fmt: skip
    _a_failed_login(pat)
    return world


def _a_failed_login(user: User) -> None:
    """The login throttle's rows of a wrong password and a login, for the admin's pages."""
    where = {"username": user.username, "ip_address": "203.0.113.9", "user_agent": "test",
             "http_accept": "*/*", "path_info": "/accounts/login/"}  # fmt: skip
    AccessAttempt.objects.create(**where, get_data="", post_data="", failures_since_start=1)
    AccessFailureLog.objects.create(**where, locked_out=False)
    AccessLog.objects.create(**where)


def _refs(world: World) -> dict[str, Any]:
    running = world.running_event
    return {
        "club": world.club_a.slug,
        "rival_club": world.club_b.slug,
        "draft_event": world.draft_event.slug,
        "running_event": running.slug,
        "public_event": world.public_event.slug,
        "entry": running.entries.order_by("seed").first().pk,
        "event_table": world.event_table.pk,
        "private_code": world.private_table.code,
        "public_code": world.public_table.code,
        "private_set": world.private_set.pk,
        "imported": world.imported.pk,
        "analysis": world.analysis.pk,
        "invite_code": world.invite.code,
        "join_request": world.join_request.pk,
        "running_event_pk": running.pk,
        "seated_event": world.seated_event.slug,
        "seated_round": world.seated_event.rounds.get(number=2).pk,
        "invite": world.invite.pk,
        "invite_type": ContentType.objects.get_for_model(Invite).pk,
        "event_type": ContentType.objects.get_for_model(Tournament).pk,
    }
