"""MatchState: the series of games (a Jamaican *set*) with totals by party, and its entry points.

The match sits above the game model and the rules: it deals, asks the rules who poses, and the
game reports its end back through ``game_ended``. Views, records, snapshots and the score are
built from a match by the modules above this one (``sight``, ``record``, ``snapshot``, ``score``).
"""

from __future__ import annotations

from operator import add
from typing import Any

from .deal import DealRandom
from .errors import IllegalMove, RulesError, shown
from .events import MatchOver
from .game import GameState, make_game
from .moves import Action
from .results import GameResult
from .rules import Pose, Rules, make_rules
from .tiles import NAMES, TILE_COUNT, mask_of, parse_tile


def new_match(
    style: str, seats: int, options: dict | None = None, seed: int | str = 0
) -> MatchState:
    """A fresh match; RulesError if the style, seat count or options are wrong."""
    return MatchState(make_rules(style, seats, options), seed, options)


class MatchState:
    """Totals by party, the games so far, and whether (and how) the match is over.

    ``game`` is the current (or last) game; act through it or through the shortcuts here.
    """

    def __init__(self, rules: Rules, seed: int | str = 0, options: dict | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise RulesError(f"a seed is a whole number or a string, not {shown(seed)}")
        self.rules = rules
        self.style = rules.name
        self.seats = rules.seats
        self.options = dict(options or {})
        self.seed = seed
        self.parties = [list(p) for p in rules.parties]
        self.base = [0] * len(self.parties)
        self.carry = rules.new_carry()
        self.games: list[GameState] = []
        self.results: list[GameResult] = []
        self.over = False
        self.winner: int | None = None
        self.result: str | None = None
        self.offset = 0  # games finished before this object held them (a restored snapshot)
        #: (totals, carry, games finished) as the current game began: what a snapshot stores
        #: (it replays the current game's moves from there). None before the first game.
        self.before_game: tuple[list[int], dict, int] | None = None

    # -- state ----------------------------------------------------------------------------------

    @property
    def game(self) -> GameState | None:
        """The game in progress, or the last one played (None before the first)."""
        return self.games[-1] if self.games else None

    @property
    def totals(self) -> list[int]:
        """Totals by party, including what a game in progress has added (French fines)."""
        game = self.game
        if game is None or game.over:
            return list(self.base)
        return [b + p for b, p in zip(self.base, game.points_so_far(), strict=True)]

    @property
    def games_played(self) -> int:
        return len(self.results)

    @property
    def turn(self) -> int | None:
        game = self.game
        return None if game is None else game.turn

    def legal_moves(self, seat: int | None = None) -> list[Action]:
        game = self.game
        return [] if game is None else game.legal_moves(seat)

    def apply(self, move: Action) -> list:
        game = self.game
        if game is None:
            raise IllegalMove("no game has started: call start_game() first")
        return game.apply(move)

    # -- games ----------------------------------------------------------------------------------

    def start_game(
        self,
        hands: list | None = None,
        boneyard: list | None = None,
        first: int | None = None,
        seed: str | None = None,
    ) -> GameState:
        """Start the next game: dealt from the seeded RNG, or from the given deal (record import).

        ``hands`` are lists of tiles ("6-4" or Tile), ``boneyard`` the rest in draw order. The rules
        decide who poses; ``first`` must agree, except in Block/Draw's first game where it is the
        random starter (required with a given deal, drawn from the RNG otherwise).

        ``seed`` deals the game from a seed of its own instead of the match seed and the game's
        index: the verifiable shuffle, where each game's seed is committed to before the deal and
        revealed after it, so that revealing one game's seed tells nothing of the next.
        """
        if self.over:
            raise IllegalMove(f"the match is over ({self.result}): start a new match")
        if self.games and not self.games[-1].over:
            raise IllegalMove(f"game {self.games[-1].index + 1} is still in progress")
        if seed is not None and (hands is not None or not isinstance(seed, str) or not seed):
            raise RulesError("a game seed is a non-empty string, and deals no given hands")
        index = len(self.results)
        rules = self.rules
        rng = None
        if hands is None:
            rng = DealRandom(self.seed, index) if seed is None else DealRandom(seed, None)
            masks, pile = rules.deal(rng)
        else:
            masks, pile = self._check_deal(hands, boneyard)
        pose = rules.pose(self.carry, masks)
        if first is None and pose.seat is not None:
            seat = pose.seat
        else:
            seat = self._poser(pose, first, rng)
        self.before_game = (self.base[:], self.carry, index)
        game = make_game(
            rules, masks, pile, seat, pose.mask, pose.rule, rules.stake(self.carry), index, self
        )
        self.games.append(game)
        return game

    def _poser(self, pose: Pose, first: Any, rng: DealRandom | None) -> int:
        if first is not None and (
            isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < self.seats
        ):
            raise RulesError(f"first must be a seat from 0 to {self.seats - 1}, not {shown(first)}")
        if pose.seat is None:
            if first is not None:
                return first
            if rng is None:
                raise RulesError(f"first is required: in {self.style} {pose.why}")
            return rng.randrange(self.seats)
        if first is not None and first != pose.seat:
            raise RulesError(f"first is seat {first}, but seat {pose.seat} poses: {pose.why}")
        return pose.seat

    def _check_deal(self, hands: Any, boneyard: Any) -> tuple[list[int], list[int]]:
        rules = self.rules
        if not isinstance(hands, list | tuple) or len(hands) != self.seats:
            raise RulesError(f"hands must list {self.seats} hands, one per seat")
        size = rules.hand_size()
        seen = 0
        masks = []
        for s, hand in enumerate(hands):
            if not isinstance(hand, list | tuple):
                raise RulesError(f"seat {s}'s hand must be a list of tiles")
            if len(hand) != size:
                raise RulesError(f"seat {s}'s hand holds {len(hand)} tiles, not {size}")
            ids = [_tile_in(t, f"seat {s}'s hand") for t in hand]
            seen = _no_twice(seen, ids, "hands")
            masks.append(mask_of(ids))
        pile = [] if boneyard is None else boneyard
        if not isinstance(pile, list | tuple):
            raise RulesError("boneyard must be a list of tiles")
        ids = [_tile_in(t, "boneyard") for t in pile]
        _no_twice(seen, ids, "hands and boneyard")
        expected = TILE_COUNT - size * self.seats
        if len(ids) != expected:
            raise RulesError(f"boneyard holds {len(ids)} tiles, not {expected}")
        problem = rules.deal_problem(masks)
        if problem:
            raise RulesError(problem)
        return masks, ids

    def detach(self) -> None:
        """Unlink the games from this match, for a state no one will play on again (a cache's
        copy, once dropped): a game reports its end to its match, and that link back makes a
        cycle that only Python's cyclic collector frees, in a pause of the whole process. Once
        detached, a game that ended would report to no match."""
        for game in self.games:
            game.match = None

    def game_ended(self, game: GameState) -> list:
        """Called by the game as it ends: totals, what carries to the next game, the match end.

        The events it returns (a MatchOver, or none) follow the game's own GameOver.
        """
        result = game.result
        self.results.append(result)
        self.base = list(map(add, self.base, result.points))
        self.carry, over, winner, word = self.rules.after_game(self.carry, self.base, result, game)
        if not over:
            return []
        self.over, self.winner, self.result = True, winner, word
        return [tuple.__new__(MatchOver, (winner, word))]


def _tile_in(value: Any, where: str) -> int:
    try:
        return parse_tile(value)
    except ValueError as error:
        raise RulesError(f"{where}: {error}") from None


def _no_twice(seen: int, ids: list[int], where: str) -> int:
    for t in ids:
        if seen >> t & 1:
            raise RulesError(f"{where} hold {NAMES[t]} twice")
        seen |= 1 << t
    return seen


__all__ = ["MatchState", "new_match"]
