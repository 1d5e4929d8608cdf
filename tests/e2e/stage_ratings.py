"""A Cut-Throat board with both kinds of rating, made in a running site's database for
``test_ratings_in_browser``: ``python -m tests.e2e.stage_ratings`` (with the site's environment).

Eight people who are not on the staged table: four with established ratings (twelve rated
games together, always in the same order of places) and four with a single game (provisional,
its winner above every established figure, to show the established-first order). Their sets
are written as finished, at finished tables, so no lobby lists them.
"""

from __future__ import annotations

import json
import os

GAMES = 12


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def stage() -> dict:
    from accounts.models import User
    from games.models import Match, Table
    from tests.ratings.helpers import announce, finish, table_of

    def person(username: str, name: str, country: str = "Jamaica") -> User:
        return User.objects.create_user(username, password=None, display_name=name,
                                        country=country)  # fmt: skip

    top, mid, low, filler = (
        person("marcia", "Marcia Campbell"), person("desmond", "Desmond Oyelaran-Whitfield"),
        person("keisha", "Keisha", "Trinidad and Tobago"), person("ruel", "Ruel"),
    )  # fmt: skip
    made = []
    for _ in range(GAMES):
        made.append(table_of([top, mid, low, filler]))
        announce(finish(made[-1], [0, 5, 9, 14], winner=0))
    lucky, unlucky = person("newton", "Newton Brathwaite-Ellis"), person("zed", "Zed")
    fresh = [person(f"guest{i}", f"Guest {i}") for i in range(2)]
    made.append(table_of([lucky, *fresh, unlucky]))
    announce(finish(made[-1], [0, 5, 9, 14], winner=0))
    Table.objects.filter(matches__in=made).update(state=Table.State.FINISHED)
    Match.objects.filter(pk__in=[m.pk for m in made]).update(state=Match.State.OVER, winner_party=0)
    return {"established": ["marcia", "desmond", "keisha", "ruel"], "provisional": "newton"}


if __name__ == "__main__":
    _setup()
    print(json.dumps(stage()))
