"""A table for the browser test of a pass explained, made inside the running site's environment.

``python -m tests.e2e.stage_news --style doubles`` makes a player (with a logged-in session) in
seat 0 of a table with casual bots and no turn clock, and plays every seat with the bots'
policy until the player is to play again right after a turn in which the table passed for them
without a draw (in Doubles: nothing fits and the boneyard is down to two tiles). Nothing is
queued for the player's turn, so the position stays. Prints JSON: the table's code and the
player's session.
"""

from __future__ import annotations

import argparse
import json
import secrets

from tests.e2e.stage import _choose, _setup


def passed_alone(recent: list, seat: int) -> bool:
    """Whether ``seat``'s latest turn was a pass and nothing else (no draw before it)."""
    mine = [i for i, move in enumerate(recent) if move[1] == seat]
    if not mine or mine[-1] == 0 or recent[mine[-1] - 1][1] == seat:
        return False
    return recent[mine[-1]][2] == "pass"


def stage(style: str) -> dict:
    from django.db import transaction

    from accounts.models import User
    from games.models import Game
    from games.services import play, reads, seating
    from tests.faults.fixture import session_for

    name = f"e2e{secrets.token_hex(4)}"
    player = User.objects.create_user(
        name, password=secrets.token_hex(8), display_name=f"Tester {name}"
    )
    for seed in range(1, 200):
        with transaction.atomic():
            point = transaction.savepoint()
            table = seating.create_table(
                player, style, 4, {}, turn_clock=0, bots=[None, "casual", "casual", "casual"]
            )
            play.start_match(table, seed=seed)
            choose = _choose(seed)
            for _ in range(200):
                game = reads.latest_game(table.pk)
                if game.state != Game.State.PLAYING:
                    break
                if game.turn == 0 and passed_alone(game.recent, 0):
                    transaction.savepoint_commit(point)
                    return {"code": table.code, "session": session_for(player)}
                play.submit(game.pk, None, game.version, None, reason="bot", choose=choose)
            transaction.savepoint_rollback(point)
    raise SystemExit(f"no {style} deal made the table pass for seat 0")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--style", default="doubles")
    args = parser.parse_args()
    _setup()
    print(json.dumps(stage(args.style)))


if __name__ == "__main__":
    main()
