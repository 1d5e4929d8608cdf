"""Tables for the browser tests, set up inside the running site's environment (its database).

``python -m tests.e2e.stage SCENARIO --style STYLE [--seats N] [--options JSON]`` makes a new
player (with a logged-in session, so the browser needs no sign-up) in seat 0 of a new table
whose other seats are casual bots, without a turn clock, and prints JSON: the table's code and
id and the player's session key. Scenarios:

- ``table``: the table, not started (the test presses Start).
- ``two-ends``: started and played, every seat by the bots' policy, up to the player's turn
  with a tile that fits two ends showing different numbers (the tap-the-end case).
- ``finished``: started and played to the end of the first game, the game chosen to be a hard
  board to draw: in a style with spinners, one where at least three later doubles opened
  branches; with a cross, one whose longest arm has at least nine tiles.

A staged game is played inside one transaction, trying deal after deal until one gives the
wanted position; a deal that does not is rolled back. The bots' turns the moves queue are only
sent at the commit, by then for past versions, so no worker moves in the middle; nothing is
queued for the player's turn. Deals come from the site's own dealing, so no particular seed is
assumed: the search finds a suitable deal whatever the shuffle does.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _choose(seed: int):
    """The casual bot's move for whoever is to play, the same every time for a position."""
    from games import bots

    def choose(state, seat):
        rng = random.Random(seed * 10_000 + len(state.log))
        return bots.choose("casual", state, seat.index, rng)

    return choose


def two_ends(view: dict) -> bool:
    """Whether the viewer's legal placements hold a tile that fits ends with two numbers."""
    numbers: dict[str, set] = {}
    for move in view["legal"]:
        if move["kind"] == "play" and move["on"] is not None:
            numbers.setdefault(move["tile"], set()).add(move["number"])
    return any(len(found) > 1 for found in numbers.values())


def hard_board(board: dict) -> bool:
    """A tree worth testing the layout on: spinners with branches, or a long cross arm."""
    if board["kind"] == "line":
        return True
    children: dict[str, list[dict]] = {}
    for item in board["tiles"]:
        children.setdefault(item["parent"], []).append(item)
    if board["kind"] == "spinners":
        pose = board["tiles"][0]["tile"]
        spun = [t for t, kids in children.items() if t not in (None, pose) and len(kids) > 1]
        return len(spun) >= 3

    def arm(node: dict) -> int:
        kids = children.get(node["tile"], [])
        return 1 + (arm(kids[0]) if kids else 0)

    return max(arm(kid) for kid in children.get(board["tiles"][0]["tile"], [])) >= 9


def stage(scenario: str, style: str, seats: int, options: dict) -> dict:
    from django.db import transaction

    from accounts.models import User
    from games.engine import match_view
    from games.models import Game
    from games.services import play, reads, seating
    from tests.faults.fixture import session_for

    name = f"e2e{secrets.token_hex(4)}"
    player = User.objects.create_user(
        name, password=secrets.token_hex(8), display_name=f"Tester {name}"
    )
    bots = [None] + ["casual"] * (seats - 1)
    table = seating.create_table(player, style, seats, options, turn_clock=0, bots=bots)
    if scenario != "table":
        with transaction.atomic():
            for seed in range(1, 400):
                point = transaction.savepoint()
                if _play(table, seed, scenario, play, reads, match_view, Game):
                    transaction.savepoint_commit(point)
                    break
                transaction.savepoint_rollback(point)
            else:
                raise SystemExit(f"no deal gave a {scenario} position in {style}")
    return {"code": table.code, "table": table.pk, "session": session_for(player), "user": name}


def _play(table, seed: int, scenario: str, play, reads, match_view, game_model) -> bool:
    """Play one deal until the wanted position (True) or until it cannot come (False)."""
    table.refresh_from_db()
    play.start_match(table, seed=seed)
    choose = _choose(seed)
    for _ in range(400):
        game = reads.latest_game(table.pk)
        state = play.load(game)
        if game.state == game_model.State.OVER:
            return scenario == "finished" and hard_board(match_view(state, None)["board"])
        if scenario == "two-ends" and game.turn == 0 and two_ends(match_view(state, 0)):
            return True
        play.submit(game.pk, None, game.version, None, reason="bot", choose=choose)
    return False


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=["table", "two-ends", "finished"])
    parser.add_argument("--style", default="cutthroat")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--options", default="{}")
    args = parser.parse_args()
    _setup()
    print(json.dumps(stage(args.scenario, args.style, args.seats, json.loads(args.options))))


if __name__ == "__main__":
    main()
