"""Every kind of page for the accessibility audit, set up at once in the running site's database.

``python -m tests.e2e.stage_accessibility`` prints JSON, one process for all of it (CI's time is
tight): four tables of ``tests.e2e.stage`` (a waiting room; a Cut-Throat game at the player's
turn; a Block game played to its end, whose player has a history and an analysis, worked out
here rather than by the worker; a finished Cut-Throat game to replay), a club's Swiss with
round 2 seated (its club page, event page and run page, as its director), a Swiss on the same
deals, started (its deals page) and a staff member (the admin). ``pages`` names each page to
audit: its path and the logged-in session to see it with (None: a visitor). Replays open at a
step within the game, so that a move of the list is the current one.
"""

from __future__ import annotations

import json
import secrets

from tests.e2e.stage import _setup


def _analysed(game) -> None:
    """The game's analysis, done (asked for by nobody, so no per-person limit applies)."""
    from history import analysis
    from history.models import GameAnalysis

    row = analysis.request_automatically(type(game).objects.filter(pk=game.pk))
    assert row == 1, "the finished game could not be analysed"
    analysis.run(GameAnalysis.objects.get(game=game).pk)


def _same_deals() -> tuple[str, str]:
    """A Swiss on the same deals, started: its round 1 deals page and its organiser's session."""
    from clubs import services as clubs
    from tests.e2e.stage_event import _person, _seeded
    from tests.faults.fixture import session_for
    from tournaments.services import events

    owner = _person("organiser")
    club = clubs.create_club(owner, f"Club {secrets.token_hex(3)}")
    event = events.create(
        club, owner, name=f"Same deals {secrets.token_hex(2)}", style="block", seats=2,
        format="swiss", format_options={"rounds": 2}, play_mode="games", games_per_table=1,
        turn_clock=0, same_deals=True, advance="organiser",
    )  # fmt: skip
    events.open_registration(event, owner)
    _seeded(event, owner, 4)
    events.start(event, owner)
    return f"events/{event.slug}/rounds/1/deals/", session_for(owner)


def stage() -> dict:
    from accounts.models import User
    from games.models import Game
    from history.models import GameAnalysis
    from tests.e2e import stage as tables
    from tests.e2e.stage_event import seated
    from tests.faults.fixture import session_for
    from tournaments.models import Tournament

    waiting = tables.stage("table", "cutthroat", 4, {})
    turn = tables.stage("two-ends", "cutthroat", 4, {})
    done = tables.stage("finished", "block", 2, {})
    other = tables.stage("finished", "cutthroat", 4, {})
    unanalysed = Game.objects.filter(match__table_id=other["table"]).order_by("pk").first()
    game = Game.objects.filter(match__table_id=done["table"]).order_by("pk").first()
    _analysed(game)
    assert GameAnalysis.objects.get(game=game).state == GameAnalysis.State.DONE
    event = seated("swiss")
    club = Tournament.objects.get(slug=event["slug"]).club
    staff = User.objects.create_user(
        f"staff{secrets.token_hex(3)}", password=secrets.token_hex(8), display_name="Staff",
        is_staff=True, is_superuser=True,
    )  # fmt: skip
    replay = f"history/set/{game.match_id}/game/{game.number}/"
    player, organiser = done["session"], event["organiser"]
    pages = {
        "home": ("", None),
        "sign-up": ("accounts/signup/", None),
        "log-in": ("accounts/login/", None),
        "lobby": ("play/", player),
        "table-waiting": (f"play/t/{waiting['code']}/", waiting["session"]),
        "table-your-turn": (f"play/t/{turn['code']}/", turn["session"]),
        "table-result": (f"play/t/{done['code']}/", player),
        "history": ("history/", player),
        "set": (f"history/set/{game.match_id}/", player),
        "replay": (f"history/set/{unanalysed.match_id}/game/1/?at=3", other["session"]),
        "analysis": (replay + "?at=3", player),
        "ratings": ("ratings/?style=block&bots=on", player),
        "player": (f"players/{done['user']}/", player),
        "settings": ("accounts/profile/", player),
        "statistics": ("history/stats/", player),
        "clubs": ("clubs/", None),
        "club": (f"clubs/{club.slug}/", organiser),
        "events": ("events/", None),
        "event": (f"events/{event['slug']}/", organiser),
        "event-run": (f"events/{event['slug']}/run/", organiser),
        "admin": ("admin/", session_for(staff)),
    }
    pages["deals"] = _same_deals()
    return {"pages": pages, "turn": turn, "done": done}


def main() -> None:
    _setup()
    print(json.dumps(stage()))


if __name__ == "__main__":
    main()
