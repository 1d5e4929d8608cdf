"""French: the four-armed cross, numbers locked until their double, fines, lowest total wins."""

from __future__ import annotations

from ..boards import TreeBoard
from ..events import Penalty
from ..moves import PASS
from ..results import GameResult
from ..texts import gettext_noop, pgettext
from ..tiles import DOUBLE, DOUBLES_MASK, HIGH, LOW, PIPS, count_tables
from .base import GameLike, Option, Pose, Rules, double_pose, holder_of, lowest

FINE = 10
PASSES_FINED = 3
_new = tuple.__new__


class French(Rules):
    """Four seats each for self, 7 tiles, a cross of four arms; totals are bad, the lowest wins."""

    name = "french"
    label = pgettext("domino style", "French")
    summary = gettext_noop("A four-armed cross, locked numbers and fines; lowest total wins.")
    OPTIONS = {
        "target": Option("count", 100, choices=(100, 150), label=gettext_noop("Play to")),
        "double_blank_ten": Option("bool", False, label=gettext_noop("Double blank counts 10")),
    }
    has_pass_hook = True
    low_totals_win = True
    next_double_poses = True

    def __init__(self, seats: int, options: dict | None = None) -> None:
        super().__init__(seats, options)
        if self.opts["double_blank_ten"]:
            self.weights = PIPS[:]
            self.weights[DOUBLE[0]] = 10
            self.tables = count_tables(self.weights)

    def new_board(self) -> TreeBoard:
        return TreeBoard(double_sides=1, cross=True)

    def new_carry(self) -> dict:
        return {"winner": None}

    def pose(self, carry: dict, hands: list[int]) -> Pose:
        winner = carry["winner"]
        if winner is None:
            return holder_of(
                hands, DOUBLE[0], "the holder of 0-0 poses it (first game, or no winner)"
            )
        for step in range(self.seats):
            seat = (winner + step) % self.seats
            if hands[seat] & DOUBLES_MASK:
                why = (
                    "it won the last game" if step == 0 else "it is the next seat holding a double"
                )
                return double_pose(seat, why)
        raise AssertionError("a full deal always holds the doubles")

    def game_result(self, game: GameLike, end: str, seat: int | None) -> GameResult:
        counts = self.counts(game)
        if end == "blocked":
            seat = lowest(counts)
        last = game.log[-1].tile
        with_double = end == "domino" and HIGH[last] == LOW[last]
        points = []
        for s, h in enumerate(game.hands):
            score = counts[s] << (h & DOUBLES_MASK).bit_count()
            if with_double and s != seat:
                score *= 2
            points.append(score + game.fines[s])
        return GameResult(end, seat, False, 1, counts, tuple(points), seat)

    def after_game(self, carry, totals, result, game):
        carry = {"winner": result.winner}
        if max(totals) >= self.opts["target"]:
            best = lowest(totals)
            if best is not None:
                return carry, True, best, "target"
        return carry, False, None, None

    def on_pass(self, game: GameLike, seat: int) -> list:
        """Fines: a third pass in a row, and all three others passing after one placement.

        French has exactly one move a turn, so both are read off the log: the seat's own earlier
        turns sit every ``seats`` moves back, and "all three passed" is three passes in a row.
        """
        events = []
        log, seats = game.log, game.seats
        in_a_row = 0
        for i in range(len(log) - 1, -1, -seats):
            if log[i].kind != PASS:
                break
            in_a_row += 1
        if in_a_row % PASSES_FINED == 0:
            events.append(self._fine(game, seat, "a third pass in a row"))
        if all(m.kind == PASS for m in log[-(seats - 1) :]):
            placer = game.next[seat]
            reason = f"all three passed after seat {placer} placed"
            for step in range(1, game.seats):
                events.append(self._fine(game, (placer + step) % game.seats, reason))
        return events

    def _fine(self, game: GameLike, seat: int, reason: str) -> Penalty:
        game.fines[seat] += FINE
        return _new(Penalty, (seat, FINE, reason))
