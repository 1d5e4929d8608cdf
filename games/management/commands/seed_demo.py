from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from accounts.demo import ensure_demo_data
from games.services.seating import ensure_bots


class Command(BaseCommand):
    help = "Create the demo organiser, player and a bot of each level once; print the logins."

    def handle(self, *args: object, **options: object) -> None:
        logins = ensure_demo_data()
        ensure_bots()
        self.stdout.write(self.style.SUCCESS(_("Demo logins (kept in var/demo-logins.json):")))
        for login in logins:
            self.stdout.write(
                f"  {login.role:<7} username: {login.username:<8} password: {login.password}"
            )
