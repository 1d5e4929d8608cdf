"""A table for the result-pause browser test, made inside the running site's environment.

``python -m tests.e2e.stage_result_pause`` makes two players, Ann and Bob (each with a logged-in
session), at a Cut-Throat table with two casual bots and a 30-second turn clock, plays its first
game to the end with the bots' policy for every seat, and prints JSON: the table's code, the
players' sessions and names. The set goes on, so the result's pause is running (as long as the
site's ``NEXT_GAME_PAUSE_SECONDS`` or the table's own pause, whichever is longer).
"""

from __future__ import annotations

import json
import secrets

from tests.e2e.stage import _choose, _setup


def stage() -> dict:
    from django.db import transaction

    from accounts.models import User
    from games.models import Game, Match
    from games.services import play, reads, seating
    from tests.faults.fixture import session_for

    tag = secrets.token_hex(3)
    people = [
        User.objects.create_user(
            f"{name.lower()}{tag}", password=secrets.token_hex(8), display_name=f"{name} {tag}"
        )
        for name in ("Ann", "Bob")
    ]
    for seed in range(1, 50):
        with transaction.atomic():
            point = transaction.savepoint()
            table = seating.create_table(
                people[0], "cutthroat", 4, {}, turn_clock=30, bots=[None, None, "casual", "casual"]
            )  # fmt: skip
            seating.join(table, people[1], 1)
            match = play.start_match(table, seed=seed)
            choose = _choose(seed)
            game = reads.latest_game(table.pk)
            while game.state == Game.State.PLAYING:
                play.submit(game.pk, None, game.version, None, reason="bot", choose=choose)
                game = reads.latest_game(table.pk)
            match.refresh_from_db()
            if match.state == Match.State.PLAYING and game.result.get("winner") is not None:
                transaction.savepoint_commit(point)
                break
            transaction.savepoint_rollback(point)
    return {
        "code": table.code,
        "sessions": [session_for(person) for person in people],
        "names": [person.name for person in people],
    }


def main() -> None:
    _setup()
    print(json.dumps(stage()))


if __name__ == "__main__":
    main()
