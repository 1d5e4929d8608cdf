"""Doubles: every double a spinner, numbers locked until their double, draw one, first to 100."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..boards import TreeBoard
from ..results import GameResult
from ..texts import gettext_noop, pgettext
from ..tiles import DOUBLE, DOUBLES_MASK, NAMES
from .base import DRAW_ONE, GameLike, Option, Pose, Rules, lowest, tile_pose

if TYPE_CHECKING:
    from ..deal import DealRandom


class Doubles(Rules):
    """2, 3 or 4 seats each for self; a deal with no double in any hand is dealt again."""

    name = "doubles"
    label = pgettext("domino style", "Doubles")
    summary = gettext_noop("Every double a spinner; draw one when stuck; first to the target.")
    seat_counts = (2, 3, 4)
    OPTIONS = {
        "target": Option("count", 100, label=gettext_noop("Play to"), offered=(50, 100, 150))
    }
    draw_rule = DRAW_ONE
    highest_double_poses = True
    mixes_seat_counts = True

    def hand_size(self) -> int:
        return 8 if self.seats == 2 else 6

    def new_board(self) -> TreeBoard:
        return TreeBoard(double_sides=3, cross=False)

    def deal(self, rng: DealRandom) -> tuple[list[int], list[int]]:
        while True:
            hands, boneyard = super().deal(rng)
            if self.deal_problem(hands) is None:
                return hands, boneyard

    def deal_problem(self, hands: list[int]) -> str | None:
        if not any(h & DOUBLES_MASK for h in hands):
            return "no hand holds a double (the tiles would have been dealt again)"
        return None

    def pose(self, carry: dict, hands: list[int]) -> Pose:
        for tile in reversed(DOUBLE):
            for seat, h in enumerate(hands):
                if h >> tile & 1:
                    name = NAMES[tile]
                    rule = f"the first tile must be {name}, the highest double held"
                    return tile_pose(seat, tile, f"it holds {name}, the highest double", rule)
        raise AssertionError("deal_problem refuses hands without a double")

    def game_result(self, game: GameLike, end: str, seat: int | None) -> GameResult:
        counts = self.counts(game)
        if end == "blocked":
            seat = lowest(counts)
        points = [0] * self.seats
        if seat is not None:
            points[seat] = sum(counts) - counts[seat]
        return GameResult(end, seat, False, 1, counts, tuple(points), seat)

    def after_game(self, carry, totals, result, game):
        if result.winner is not None and totals[result.winner] >= self.opts["target"]:
            return carry, True, result.winner, "target"
        return carry, False, None, None
