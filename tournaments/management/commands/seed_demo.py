"""``make run``'s demo data: the two logins, a bot of each level and a demo club.

It lives in tournaments, the top app, because it sets up every app below it: accounts (the
logins), games (the bots) and clubs (a club that ``admin`` owns and ``player`` belongs to,
so an organiser can create an event at once). Running it again changes nothing.
"""

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.demo import ensure_demo_data
from accounts.models import User
from clubs import services as clubs
from clubs.models import Club, Membership
from games.services.seating import ensure_bots

DEMO_CLUB = "Demo Dominoes Club"


def ensure_demo_club() -> Club:
    """The demo club, owned by ``admin``, with ``player`` as a member (made once)."""
    admin = User.objects.get(username="admin")
    player = User.objects.get(username="player")
    with transaction.atomic():
        club = Club.objects.filter(name=DEMO_CLUB).first()
        if club is None:
            club = clubs.create_club(
                admin, DEMO_CLUB, slug="demo", country="Jamaica",
                description=_("A club to try events in: create one, enter bots, and play."),
            )  # fmt: skip
        if not Membership.objects.filter(club=club, user=player).exists():
            invite = clubs.make_invite(club, admin, uses=1)
            clubs.join_by_invite(invite.code, player)
    return club


class Command(BaseCommand):
    help = "Create the demo organiser, player, a bot of each level and a demo club once."

    def handle(self, *args: object, **options: object) -> None:
        logins = ensure_demo_data()
        ensure_bots()
        club = ensure_demo_club()
        self.stdout.write(self.style.SUCCESS(_("Demo logins (kept in var/demo-logins.json):")))
        for login in logins:
            self.stdout.write(
                f"  {login.role:<7} username: {login.username:<8} password: {login.password}"
            )
        self.stdout.write(_("Demo club: %(name)s (/clubs/%(slug)s/)") % {
            "name": club.name, "slug": club.slug
        })  # fmt: skip
