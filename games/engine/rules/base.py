"""The rules object every style is: defaults for the standard line game, hooks a style overrides.

A style subclass names only what differs (seats, hand size, board kind, draw rule, pose, scoring,
match progression). Options are declared in ``OPTIONS``; adding a house rule is one entry there plus
the code that reads ``self.opts[name]``.

The class is also the one description of its style for everybody else: its ``label`` and
``summary`` (English; the site translates them), its seat counts, its options with their labels,
defaults and the values a form offers (``rules.form_options`` lists them), and the facts about it
that the site, the tournament formats and the bots act on (``low_totals_win``, ``won_by_games``,
``always_teams``, ``mixes_seat_counts``, who poses).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..boards import LineBoard, TreeBoard
from ..deal import deal_hands
from ..errors import RulesError, either, shown
from ..tiles import DOUBLE, DOUBLES_MASK, FULL, NAMES, PIPS, count_tables

if TYPE_CHECKING:
    from ..deal import DealRandom
    from ..moves import Action
    from ..results import GameResult

#: Draw rules (``Rules.draw_rule``): no boneyard to draw from (the undealt tiles sleep); draw
#: until a tile fits (Draw); one tile a turn while the boneyard holds 3 or more (Doubles). They
#: are facts of a style, so they live here; the game model reads them on its hot path.
NO_DRAW, DRAW_UNTIL, DRAW_ONE = 0, 1, 2


class GameLike(Protocol):
    """What the rules read of the game they score and fine (the game model has all of it).

    The rules sit below the game model in the engine's layers (the model asks its rules object
    how to deal, pose, draw and score), so they name what they read of a game here instead of
    importing the model.
    """

    seats: int
    first: int
    stake: int
    hands: list[int]
    fines: list[int]
    log: list[Action]
    next: tuple[int, ...]
    board: Any

    @property
    def placed(self) -> int: ...


class Option(NamedTuple):
    """A declared option: ``kind`` is "bool" or "count" (a positive whole number).

    ``choices`` are the only values the engine accepts (None: any of the kind); ``offered`` the
    values a form offers when the engine accepts more (Block plays to any target, the lobby offers
    four). ``label`` is the English wording a form shows for it.
    """

    kind: str
    default: Any
    choices: tuple[int, ...] | None = None
    seats: tuple[int, ...] | None = None  # seat counts it applies to (None: all)
    label: str = ""
    offered: tuple[int, ...] | None = None


class Pose(NamedTuple):
    """Who poses a game and with what: ``seat`` None means chosen at random (Block/Draw game 1)."""

    seat: int | None
    mask: int
    rule: str  # what the pose must be, for refusals ("the first tile must be 6-6")
    why: str  # why this seat poses, for a record whose ``first`` disagrees


class Rules:
    """The standard line game: 4 seats each for self, 7 tiles, no boneyard, no locks."""

    name = ""
    #: The style's name for people, in English (the site translates it), and one line saying
    #: what sets it apart, in our own words (what the lobby shows under the name).
    label = ""
    summary = ""
    seat_counts: tuple[int, ...] = (4,)
    OPTIONS: dict[str, Option] = {}
    #: Whether the table may choose its direction of play (turn order is the same either way; only
    #: the drawing of the table differs, so this is a lobby choice the rule book leaves to Block
    #: and Draw players).
    direction_choice = False
    draw_rule = NO_DRAW
    has_pass_hook = False
    #: Whether a lower match total is better (French totals are penalties).
    low_totals_win = False
    #: Whether the match is a set won by games (six love, bruck: see ``set_end``), not by points.
    won_by_games = False
    #: Whether the style is always played by two teams, partners opposite (seats 0+2 against
    #: 1+3; see ``make_parties``): Partner. Block and Draw at four seats may be, by their
    #: ``teams`` option.
    always_teams = False
    #: Whether the style is the same game at each of its seat counts, so that tables of
    #: different sizes may play side by side (Doubles, each for self at 2, 3 or 4). Block and
    #: Draw at two are duels, a different game from theirs at four.
    mixes_seat_counts = False
    #: Who poses, as far as it tells the other seats about the deal: the seat holding the highest
    #: double poses it (Doubles: nobody holds a higher double), and after a won game the winner
    #: poses a double if it holds one, else the next seat holding one (French: the seats passed
    #: over hold no double; the match's ``carry["winner"]`` is the last winner).
    highest_double_poses = False
    next_double_poses = False
    weights: list[int] = PIPS
    tables = count_tables(PIPS)  # see count()

    def __init__(self, seats: int, options: dict | None = None) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in self.seat_counts:
            allowed = either(self.seat_counts)
            raise RulesError(f"{self.name} is played by {allowed} seats, not {shown(seats)}")
        self.seats = seats
        self.opts = self.check_options(options or {})
        self.parties = self.make_parties()
        self.party_of = [0] * seats
        for p, members in enumerate(self.parties):
            for s in members:
                self.party_of[s] = p

    # -- options and seats ----------------------------------------------------------------------

    def check_options(self, options: dict) -> dict:
        """Validate given options and return them with defaults filled in."""
        if not isinstance(options, dict):
            raise RulesError("options must be an object")
        resolved = {name: spec.default for name, spec in self.OPTIONS.items()}
        for name, value in options.items():
            spec = self.OPTIONS.get(name)
            if spec is None:
                raise RulesError(f'unknown option "{name}" for {self.name}')
            resolved[name] = self.check_option(name, spec, value)
        return resolved

    def check_option(self, name: str, spec: Option, value: Any) -> Any:
        if spec.kind == "bool":
            if not isinstance(value, bool):
                raise RulesError(f"{name} must be true or false, not {shown(value)}")
        elif isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RulesError(f"{name} must be a positive whole number, not {shown(value)}")
        if spec.choices is not None and value not in spec.choices:
            allowed = either(spec.choices)
            raise RulesError(f"{name} must be {allowed} for {self.name}, not {shown(value)}")
        if spec.seats is not None and self.seats not in spec.seats and value != spec.default:
            raise RulesError(f"{name} does not apply to {self.name} with {self.seats} seats")
        return value

    def make_parties(self) -> list[list[int]]:
        return [[s] for s in range(self.seats)]

    def party_sums(self, per_seat: list[int]) -> list[int]:
        return [sum(per_seat[s] for s in members) for members in self.parties]

    # -- deal and pose --------------------------------------------------------------------------

    def hand_size(self) -> int:
        return 7

    def new_board(self) -> LineBoard | TreeBoard:
        return LineBoard()

    def deal(self, rng: DealRandom) -> tuple[list[int], list[int]]:
        """Shuffle and deal: hands as masks, the rest (boneyard, in draw order) as ids."""
        return deal_hands(rng, self.seats, self.hand_size())

    def deal_problem(self, hands: list[int]) -> str | None:
        """Why a dealt set of hands could not occur under this style (None: fine)."""
        return None

    def pose(self, carry: dict, hands: list[int]) -> Pose:
        return holder_of(hands, DOUBLE[6], "the holder of 6-6 poses it")

    def new_carry(self) -> dict:
        """What one game hands to the next (who poses, the stake); JSON-able for snapshots."""
        return {}

    def stake(self, carry: dict) -> int:
        return 1

    # -- end of a game and of the match ---------------------------------------------------------

    def count(self, mask: int) -> int:
        """A hand's count (pips, with this style's weights)."""
        a, b, c, d = self.tables
        return a[mask & 127] + b[mask >> 7 & 127] + c[mask >> 14 & 127] + d[mask >> 21]

    def counts(self, game: GameLike) -> tuple[int, ...]:
        """Every seat's count, by table look-ups (this runs at the end of every game)."""
        a, b, c, d = self.tables
        out = []
        for m in game.hands:
            out.append(a[m & 127] + b[m >> 7 & 127] + c[m >> 14 & 127] + d[m >> 21])
        return tuple(out)

    def game_result(self, game: GameLike, end: str, seat: int | None) -> GameResult:
        raise NotImplementedError

    def after_game(
        self, carry: dict, totals: list[int], result: GameResult, game: GameLike
    ) -> tuple[dict, bool, int | None, str | None]:
        """New carry, and whether the match is over, its winner party and result word."""
        raise NotImplementedError

    def on_pass(self, game: GameLike, seat: int) -> list:
        return []


def holder_of(hands: list[int], tile: int, why: str) -> Pose:
    """The seat holding ``tile`` poses it."""
    for s, h in enumerate(hands):
        if h >> tile & 1:
            return tile_pose(s, tile, why)
    raise RulesError(f"nobody holds {NAMES[tile]}")


@cache
def tile_pose(seat: int, tile: int, why: str, rule: str = "") -> Pose:
    """Seat poses exactly ``tile`` (cached: a pose is worked out at every game start)."""
    return Pose(seat, 1 << tile, rule or f"the first tile must be {NAMES[tile]}", why)


@cache
def free_pose(seat: int, why: str) -> Pose:
    return Pose(seat, FULL, "", why)


@cache
def double_pose(seat: int, why: str) -> Pose:
    return Pose(seat, DOUBLES_MASK, "the first tile must be a double", why)


def lowest(values: list[int] | tuple[int, ...]) -> int | None:
    """Index of the strictly lowest value, or None when it is shared."""
    low = min(values)
    return values.index(low) if values.count(low) == 1 else None
