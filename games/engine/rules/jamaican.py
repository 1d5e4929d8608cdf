"""Cut-Throat and Partner: the Jamaican line games played in sets ("six love", "bruck")."""

from __future__ import annotations

from ..results import GameResult
from ..texts import gettext_noop, pgettext
from ..tiles import COMMON, DOUBLE, HIGH, LOW, SUIT, TILE_COUNT
from .base import GameLike, Option, Pose, Rules, free_pose, holder_of

SIX = 6


class Cutthroat(Rules):
    """Four seats each for self; the 6-6 holder poses a fresh set and after a drawn game."""

    name = "cutthroat"
    label = pgettext("domino style", "Cut-Throat")
    summary = gettext_noop("Four players, each alone; six love wins the set, bruck breaks it.")
    OPTIONS = {
        "first_to_six": Option(
            "bool", False, label=gettext_noop("Straight six: first to six wins, no bruck")
        )
    }
    won_by_games = True

    def new_carry(self) -> dict:
        return {"poser": None, "stake": 1}

    def stake(self, carry: dict) -> int:
        return carry["stake"]

    def pose(self, carry: dict, hands: list[int]) -> Pose:
        poser = carry["poser"]
        if poser is None:
            return holder_of(hands, DOUBLE[6], "the holder of 6-6 poses it")
        return free_pose(poser, "it won the last game")

    def game_result(self, game: GameLike, end: str, seat: int | None) -> GameResult:
        counts = self.counts(game)
        key = end == "domino" and is_key_card(game)
        if end == "blocked":
            seat = self.blocked_winner(counts)
        points = [0] * len(self.parties)
        winner = None
        if seat is not None:
            winner = self.party_of[seat]
            points[winner] = 2 if key else game.stake
        return GameResult(end, winner, key, game.stake, counts, tuple(points), seat)

    def blocked_winner(self, counts: tuple[int, ...]) -> int | None:
        """The lowest count wins; a lowest count shared across parties is a draw."""
        low = min(counts)
        seats = [s for s, c in enumerate(counts) if c == low]
        if len({self.party_of[s] for s in seats}) == 1:
            return seats[0]
        return None

    def after_game(self, carry, totals, result, game):
        if result.winner is None:
            carry = {"poser": None, "stake": 2}
        else:
            carry = {"poser": result.seat, "stake": 1}
        return (carry, *self.set_end(totals, result.winner))

    def set_end(self, totals: list[int], winner: int | None) -> tuple[bool, int | None, str | None]:
        """Six love, bruck, or (option first_to_six) the first to six."""
        if winner is None:
            return False, None, None
        others_nil = 0 in totals  # the winner has just scored, so any 0 is another party's
        if self.opts["first_to_six"]:
            if totals[winner] >= SIX:
                return True, winner, "six-love" if others_nil else "six"
            return False, None, None
        if totals[winner] >= SIX and others_nil:
            return True, winner, "six-love"
        if 0 not in totals:
            return True, None, "bruck"
        return False, None, None


class Partner(Cutthroat):
    """Cut-Throat for two teams of partners sitting opposite (seats 0+2 and 1+3)."""

    name = "partner"
    label = pgettext("domino style", "Partner")
    summary = gettext_noop("Two teams, partners opposite; six games before the others win one.")
    always_teams = True

    def make_parties(self) -> list[list[int]]:
        return [[0, 2], [1, 3]]


def is_key_card(game: GameLike) -> bool:
    """The domino tile a-b met an a end and a b end and completed both suits on the board."""
    last = game.log[-1]
    tile = last.tile
    a, b = HIGH[tile], LOW[tile]
    if a == b or last.on is None:
        return False
    board = game.board
    far = board.n0 if board.t0 == tile else board.n1
    near = COMMON[tile * TILE_COUNT + last.on]
    if board.n0 != board.n1 or far == near:
        return False
    suits = SUIT[a] | SUIT[b]
    return game.placed & suits == suits
