"""The one game model every style shares: hands, board, turn, and the apply / legal_moves hot path.

Style differences live in the rules object (``self.rules``) and the board kind it chose; the game
only knows "place, pass, draw" and asks the rules at the few points where styles differ (whether a
seat may draw, fines on a pass, how an ended game scores). ``LineGameState`` and ``TreeGameState``
are the same model with their board's placement or move listing written inline, because those
paths run millions of times in simulations and a Python call costs as much as the work it would
wrap.
"""

from __future__ import annotations

from typing import Any

from .boards import LINE_INFO, LINE_PASSES, LineBoard
from .errors import IllegalMove, shown
from .events import Drew, GameOver, Passed, Placed
from .moves import DRAW, DRAWN, DRAWS, PASS, PASSES, PLAY, PLAYS, ROW, Action, as_action
from .rules import DRAW_UNTIL, NO_DRAW, Rules
from .tiles import FULL, NAMES, NUMBERS, SUIT, TILE_COUNT, TILES, Tile, bits, tiles_of

_new = tuple.__new__
_blank = object.__new__
#: NEXT[n][s]: the seat after s at a table of n.
NEXT = [tuple((s + 1) % n for s in range(n)) if n else () for n in range(5)]


def make_game(
    rules: Rules,
    hands: list[int],
    boneyard: list[int],
    first: int,
    pose_mask: int,
    pose_reason: str,
    stake: int = 1,
    index: int = 0,
    match: Any = None,
) -> GameState:
    """A game on the board kind the rules chose (LineGameState for line boards)."""
    board = rules.new_board()
    cls = LineGameState if type(board) is LineBoard else TreeGameState
    game = _blank(cls)
    game._setup(rules, board, hands, boneyard, first, pose_mask, pose_reason, stake, index, match)
    return game


class GameState:
    """One deal played out. ``turn`` is the seat to act (None once ``over``)."""

    __slots__ = (
        "board",
        "boneyard",
        "dealt",
        "draw_rule",
        "drawn",
        "end",
        "fines",
        "first",
        "hands",
        "in_hands",
        "index",
        "log",
        "match",
        "next",
        "over",
        "passed",
        "pose_mask",
        "pose_reason",
        "posed",
        "result",
        "rules",
        "seats",
        "sleeping",
        "stake",
        "turn",
    )

    def _setup(
        self,
        rules: Rules,
        board: Any,
        hands: list[int],
        boneyard: list[int],
        first: int,
        pose_mask: int,
        pose_reason: str,
        stake: int,
        index: int,
        match: Any,
    ) -> None:
        self.rules = rules
        self.board = board
        self.match = match
        self.index = index
        self.seats = n = len(hands)
        self.next = NEXT[n]
        self.hands = hands  # the caller's fresh list, now the game's
        self.dealt = tuple(hands)
        in_hands = 0
        for h in hands:
            in_hands |= h
        self.in_hands = in_hands
        self.sleeping = FULL ^ in_hands
        self.boneyard = boneyard
        self.drawn = 0
        self.draw_rule = rules.draw_rule
        self.first = self.turn = first
        self.pose_mask = pose_mask
        self.pose_reason = pose_reason
        self.posed = self.over = False
        self.stake = stake
        self.end = self.result = None
        self.log: list[Action] = []
        self.passed = [0] * n
        self.fines = [0] * n

    # -- asking ---------------------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[Action]:
        """Every legal move of the seat to act (an empty list for any other seat or once over).

        A seat that cannot place gets exactly one move: its pass, or its draw in the draw styles.
        """
        s = self.turn
        if s is None or (seat is not None and seat != s):
            return []
        if not self.posed:
            return self._pose_moves(s)
        moves = self.board.moves(s, self.hands[s])
        if moves:
            return moves
        return [DRAWS[s] if self.draw_rule and self.may_draw(s) else PASSES[s]]

    def _pose_moves(self, seat: int) -> list[Action]:
        row = PLAYS[seat]
        return [row[t * ROW + TILE_COUNT] for t in bits(self.hands[seat] & self.pose_mask)]

    @property
    def drew(self) -> bool:
        """Whether the seat to act has just drawn (Doubles allows one draw a turn)."""
        return bool(self.log) and self.log[-1].kind == DRAW

    def may_draw(self, seat: int) -> bool:
        """Whether ``seat`` may draw now, by its style's draw rule (placeability aside).

        Doubles asks only the boneyard (3 or more tiles left) and whether this turn's one draw is
        spent; the seat's own hand size never matters, so a seat down to one tile draws too.
        """
        rule = self.draw_rule
        if rule == NO_DRAW:
            return False
        left = len(self.boneyard) - self.drawn
        if rule == DRAW_UNTIL:
            return left > 0
        return left > 2 and not self.drew

    def may_anyone_draw(self) -> bool:
        """Whether a stuck seat could still draw: the "nobody may draw" half of a blocked game.

        The boneyard alone decides, never the hands: while Doubles leaves 3 or more, a seat that
        drew and still cannot place passes and the next stuck seat draws in its turn, so the game
        goes on however small the hands are. One subtraction and a compare.
        """
        rule = self.draw_rule
        if rule == NO_DRAW:
            return False
        left = len(self.boneyard) - self.drawn
        return left > 0 if rule == DRAW_UNTIL else left > 2

    def hand(self, seat: int) -> list[Tile]:
        """Seat's tiles, highest first."""
        return tiles_of(self.hands[seat])

    @property
    def placed(self) -> int:
        """Mask of the tiles on the board."""
        return FULL & ~self.in_hands & ~self.sleeping

    @property
    def boneyard_left(self) -> int:
        return len(self.boneyard) - self.drawn

    # -- acting ---------------------------------------------------------------------------------

    def apply(self, move: Action) -> list:
        """Carry out ``move`` for its seat; the events in order, or IllegalMove if refused."""
        if move.__class__ is not Action:
            move = as_action(move)
        kind, seat, tile, on = move
        if seat != self.turn or kind != "play":
            return self._not_a_placement(move)
        if tile.__class__ is not Tile or (on is not None and on.__class__ is not Tile):
            return self.apply(as_action(move))  # built by hand from strings or ids: normalise
        bit = 1 << tile
        hands = self.hands
        h = hands[seat]
        if not h & bit:
            raise IllegalMove(
                f"seat {seat} cannot place {NAMES[tile]}: it does not hold it",
                "not_held",
                tile=NAMES[tile],
            )
        if self.posed:
            opens = self.board.place(tile, on)
            if opens is None:
                return self._refuse(move)
        else:
            opens = self._pose(seat, tile, on)
        h ^= bit
        hands[seat] = h
        self.in_hands ^= bit
        self.log.append(move)
        event = _new(Placed, (seat, tile, on, opens))
        if not h:
            return self._finish("domino", seat, event)
        if not self.in_hands & self.board.fit and not self.may_anyone_draw():
            return self._finish("blocked", None, event)
        self.turn = self.next[seat]
        return [event]

    def _not_a_placement(self, move: Action) -> list:
        if move.__class__ is not Action:
            move = as_action(move)
        if move.seat != self.turn:
            raise IllegalMove(self._not_your_turn(move), self._not_your_turn_code(move))
        if move.kind == PASS:
            return self._pass(move.seat, move)
        return self._pass_or_draw(move.kind, move.seat, move.tile, move)

    def _refuse(self, move: Action) -> list:
        """A placement that did not fit: retry a hand-built move once normalised, else explain."""
        if move.on is not None and move.on.__class__ is not Tile:
            return self.apply(as_action(move))
        if not self.posed:
            self._pose(move.seat, move.tile, move.on)  # raises: nothing to place against yet
        raise IllegalMove(
            self._misfit(move.seat, move.tile, move.on), "misfit", tile=NAMES[move.tile]
        )

    def _pose(self, seat: int, tile: int, on: int | None) -> tuple[int, ...]:
        if on is not None:
            raise IllegalMove(
                f"seat {seat} cannot place {NAMES[tile]} on {NAMES[on]}: "
                "the board is empty, the first tile is posed on nothing",
                "pose_on_nothing",
                tile=NAMES[tile],
            )
        if not self.pose_mask >> tile & 1:
            raise IllegalMove(
                f"seat {seat} cannot pose {NAMES[tile]}: {self.pose_reason}",
                "pose_refused",
                tile=NAMES[tile],
                must=_only_tile(self.pose_mask),
            )
        self.posed = True
        return self.board.pose(tile)

    def _pass_or_draw(self, kind: str, seat: int, tile: int | None, move: Action) -> list:
        if kind == PASS:
            return self._pass(seat, move)
        if kind == DRAW:
            return self._draw(seat, tile)
        raise IllegalMove(
            f"{shown(kind)} is not a kind of move (play, pass or draw)", "no_such_move"
        )

    def _pass(self, seat: int, move: Action) -> list:
        if not self.posed:
            raise IllegalMove(f"seat {seat} cannot pass: it poses the first tile", "pass_must_pose")
        fits = self.hands[seat] & self.board.fit
        if fits:
            raise IllegalMove(
                f"seat {seat} cannot pass: it holds {NAMES[fits.bit_length() - 1]}"
                ", which fits, and must play",
                "pass_holds_fit",
                tile=NAMES[fits.bit_length() - 1],
            )
        if self.draw_rule and self.may_draw(seat):
            raise IllegalMove(
                f"seat {seat} cannot pass: it must draw from the boneyard", "pass_must_draw"
            )
        ends = self.board.open_numbers()
        mask = self.passed[seat]
        for n in ends:
            mask |= 1 << n
        self.passed[seat] = mask
        self.log.append(move)
        self.turn = self.next[seat]
        event = _new(Passed, (seat, ends))
        if self.rules.has_pass_hook:
            return [event, *self.rules.on_pass(self, seat)]
        return [event]

    def _draw(self, seat: int, tile: int | None) -> list:
        refusal = self._draw_refusal(seat, tile)
        if refusal:
            code, why, params = refusal
            raise IllegalMove(f"seat {seat} cannot draw: {why}", code, **params)
        t = self.boneyard[self.drawn]
        self.drawn += 1
        bit = 1 << t
        self.hands[seat] |= bit
        self.in_hands |= bit
        self.sleeping ^= bit
        self.log.append(DRAWN[seat][t])
        event = _new(Drew, (seat, TILES[t]))
        if not self.in_hands & self.board.fit and not self.may_anyone_draw():
            return self._finish("blocked", None, event)
        return [event]

    def _draw_refusal(self, seat: int, tile: int | None) -> tuple[str, str, dict] | None:
        """Why ``seat`` may not draw now, as (code, English reason, parameters); None if it may."""
        if self.draw_rule == NO_DRAW:
            return "draw_no_boneyard", f"{self.rules.name} has no boneyard to draw from", {}
        if not self.posed:
            return "draw_must_pose", "it poses the first tile", {}
        fits = self.hands[seat] & self.board.fit
        if fits:
            name = NAMES[fits.bit_length() - 1]
            return "draw_holds_fit", f"it holds {name}, which fits, and must play", {"tile": name}
        if not self.may_draw(seat):
            return self._why_no_draw(seat)
        if tile is not None and tile != self.boneyard[self.drawn]:
            why = f"{NAMES[tile]} is not the next tile of the boneyard"
            return "draw_not_next", why, {"tile": NAMES[tile]}
        return None

    def _why_no_draw(self, seat: int) -> tuple[str, str, dict]:
        left = len(self.boneyard) - self.drawn
        if left == 0:
            return "draw_boneyard_empty", "the boneyard is empty", {}
        if self.drew:
            return "draw_once", "it has drawn its one tile this turn", {}
        return "draw_boneyard_low", "the boneyard is down to 2 tiles", {}

    def _finish(self, end: str, seat: int | None, event: Any) -> list:
        self.over = True
        self.turn = None
        self.end = end
        self.result = self.rules.game_result(self, end, seat)
        if self.match is None:
            return [event, _new(GameOver, (self.result,))]
        return [event, _new(GameOver, (self.result,)), *self.match.game_ended(self)]

    # -- messages -------------------------------------------------------------------------------

    def _not_your_turn(self, move: Action) -> str:
        if self.over:
            return f"{_what(move)}: the game is over"
        if not isinstance(move.seat, int) or not 0 <= move.seat < self.seats:
            return f"there is no seat {move.seat} at this table"
        return f"it is seat {self.turn}'s turn, not seat {move.seat}'s"

    def _not_your_turn_code(self, move: Action) -> str:
        if self.over:
            return "game_over"
        if not isinstance(move.seat, int) or not 0 <= move.seat < self.seats:
            return "no_such_seat"
        return "not_your_turn"

    def _misfit(self, seat: int, tile: int, on: int | None) -> str:
        where = "" if on is None else f" on {NAMES[on]}"
        reason = self.board.why_not(tile, on, self.placed)
        return f"seat {seat} cannot place {NAMES[tile]}{where}: {reason}"

    # -- state for others -----------------------------------------------------------------------

    def copy(self) -> GameState:
        """A detached clone for simulation: same state and future, no match to report to.

        The boneyard list and the dealt hands are shared (they are never changed, only read).
        """
        new = _blank(self.__class__)
        new.rules, new.index, new.seats, new.next = self.rules, self.index, self.seats, self.next
        new.dealt, new.boneyard, new.drawn = self.dealt, self.boneyard, self.drawn
        new.in_hands, new.sleeping, new.draw_rule = self.in_hands, self.sleeping, self.draw_rule
        new.first, new.turn, new.posed, new.over = self.first, self.turn, self.posed, self.over
        new.pose_mask, new.pose_reason = self.pose_mask, self.pose_reason
        new.stake, new.end, new.result = self.stake, self.end, self.result
        new.match = None
        new.hands = self.hands[:]
        new.board = self.board.copy()
        new.log = self.log[:]
        new.passed = self.passed[:]
        new.fines = self.fines[:]
        return new

    def points_so_far(self) -> list[int]:
        """What this game has added to each party's total so far (French fines while in play)."""
        if self.result is not None:
            return list(self.result.points)
        return self.rules.party_sums(self.fines)


class LineGameState(GameState):
    """The game on a two-ended line, with the board's placement and move listing inlined."""

    __slots__ = ()

    def legal_moves(self, seat: int | None = None) -> list[Action]:
        s = self.turn
        if s is None or (seat is not None and seat != s):
            return []
        if not self.posed:
            return self._pose_moves(s)
        b = self.board
        h = self.hands[s]
        one = b.c0[s][h & SUIT[b.n0]]
        two = b.c1[s][h & SUIT[b.n1]]
        if one is two:  # the pose double: both ends are one tile's alike sides (or both empty)
            if one:
                return one[:]
        else:
            return one + two
        return [DRAWS[s] if self.draw_rule and self.may_draw(s) else PASSES[s]]

    def apply(self, move: Action) -> list:
        try:
            kind, seat, tile, on = move
        except (TypeError, ValueError):
            return GameState.apply(self, move)  # not a move at all: the general path explains
        if seat != self.turn or kind != "play":
            if kind == "pass" and seat == self.turn and self.posed:
                return self._line_pass(seat, move)
            return self._not_a_placement(move)
        try:  # anything but a Tile pair sharing a number fails here; the cached Action is logged
            bit, matched, n, cache, event, move = LINE_INFO[seat][tile * ROW + on]
        except (TypeError, IndexError):  # the pose (on None), hand-built moves, no shared number
            return self._odd_placement(move)
        hands = self.hands
        h = hands[seat]
        if not h & bit:
            raise IllegalMove(
                f"seat {seat} cannot place {NAMES[tile]}: it does not hold it",
                "not_held",
                tile=NAMES[tile],
            )
        b = self.board
        if on == b.t0 and matched == b.n0:
            b.t0 = tile
            b.n0 = n
            b.c0 = cache
            fit = b.fit = SUIT[n] | SUIT[b.n1]
        elif on == b.t1 and matched == b.n1:
            b.t1 = tile
            b.n1 = n
            b.c1 = cache
            fit = b.fit = SUIT[b.n0] | SUIT[n]
        else:
            return self._refuse(move)
        h ^= bit
        hands[seat] = h
        self.in_hands ^= bit
        self.log.append(move)
        if not h:
            return self._finish("domino", seat, event)
        if not self.in_hands & fit and not self.may_anyone_draw():
            return self._finish("blocked", None, event)
        self.turn = self.next[seat]
        return [event]

    def _line_pass(self, seat: int, move: Action) -> list:
        """A pass on a line: its event is looked up by the two end numbers, not built."""
        b = self.board
        if self.hands[seat] & b.fit or (self.draw_rule and self.may_draw(seat)):
            return self._pass(seat, move)  # refused: the general path explains why
        event, numbers = LINE_PASSES[seat][b.n0 * NUMBERS + b.n1]
        self.passed[seat] |= numbers
        self.log.append(PASSES[seat])
        self.turn = self.next[seat]
        if self.rules.has_pass_hook:
            return [event, *self.rules.on_pass(self, seat)]
        return [event]

    def _odd_placement(self, move: Action) -> list:
        """The placements the table look-up does not cover go through the general path."""
        return GameState.apply(self, move)


class TreeGameState(GameState):
    """The game on a cross or spinners, with the board's move listing inlined."""

    __slots__ = ()

    def legal_moves(self, seat: int | None = None) -> list[Action]:
        s = self.turn
        if s is None or (seat is not None and seat != s):
            return []
        if not self.posed:
            return self._pose_moves(s)
        b = self.board
        h = self.hands[s]
        if h & b.fit:
            out: list[Action] = []
            takes = b.takes
            for n, caches, _ in b.ends.values():
                fits = h & takes[n]
                if fits:
                    out += caches[s][fits]
            return out
        return [DRAWS[s] if self.draw_rule and self.may_draw(s) else PASSES[s]]


def _what(move: Action) -> str:
    if move.kind == PLAY and move.tile is not None:
        return f"seat {move.seat} cannot place {NAMES[move.tile]}"
    return f"seat {move.seat} cannot {move.kind}"


def _only_tile(mask: int) -> str:
    """The name of the one tile a pose mask allows, or "" when it allows several (the doubles)."""
    return NAMES[mask.bit_length() - 1] if mask and not mask & (mask - 1) else ""
