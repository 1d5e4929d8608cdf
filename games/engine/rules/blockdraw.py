"""Block and Draw: 2 or 4 seats (4 may be two teams), scoring the losers' counts to a target."""

from __future__ import annotations

from ..results import GameResult
from ..texts import gettext_noop, pgettext
from ..tiles import FULL
from .base import DRAW_UNTIL, GameLike, Option, Pose, Rules, free_pose, lowest

TARGET = 100


class Block(Rules):
    """Block: the undealt tiles sleep; a seat that cannot place passes."""

    name = "block"
    label = pgettext("domino style", "Block")
    summary = gettext_noop("No drawing: pass when stuck; the winner scores the losers' pips.")
    seat_counts = (2, 4)
    OPTIONS = {
        "teams": Option(
            "bool", False, seats=(4,), label=gettext_noop("Play as two teams (partners opposite)")
        ),
        "target": Option(
            "count", TARGET, label=gettext_noop("Play to"), offered=(50, 100, 150, 200)
        ),
    }
    direction_choice = True

    def make_parties(self) -> list[list[int]]:
        if self.opts["teams"]:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(self.seats)]

    def hand_size(self) -> int:
        return 7 if self.seats == 2 else 5

    def new_carry(self) -> dict:
        return {"starter": None}

    def pose(self, carry: dict, hands: list[int]) -> Pose:
        starter = carry["starter"]
        if starter is None:
            return Pose(None, FULL, "", "the first game's starter is chosen at random")
        return free_pose(starter, "the starter moves one seat on after every game")

    def game_result(self, game: GameLike, end: str, seat: int | None) -> GameResult:
        counts = self.counts(game)
        results = self.party_sums(list(counts))
        winner = self.party_of[seat] if end == "domino" else lowest(results)
        points = [0] * len(self.parties)
        if winner is not None:
            losers = sum(r for p, r in enumerate(results) if p != winner)
            points[winner] = max(0, losers - results[winner])
            if seat is None:
                seat = self.parties[winner][0]
        return GameResult(end, winner, False, 1, counts, tuple(points), seat)

    def after_game(self, carry, totals, result, game):
        carry = {"starter": (game.first + 1) % self.seats}
        if result.winner is not None and totals[result.winner] >= self.opts["target"]:
            return carry, True, result.winner, "target"
        return carry, False, None, None


class Draw(Block):
    """Draw: a seat that cannot place draws until it can; with the boneyard empty it passes."""

    name = "draw"
    label = pgettext("domino style", "Draw")
    summary = gettext_noop("Draw from the boneyard until a tile fits; play to a target.")
    draw_rule = DRAW_UNTIL
