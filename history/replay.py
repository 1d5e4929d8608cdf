"""A game replayed move by move from its record: the state at any step, and every step's events.

Played sets and imported records go through the same path: the record of the set up to the game
(``records``), its earlier games replayed by the engine's ``load_record`` (they decide who poses
and what the game is worth), then the game's moves applied one by one. Each step keeps the
engine's events (passes with the ends passed on, draws, French fines, the end of the game and of
the set); the state asked for is cut by the engine's ``match_view`` for a spectator, and a
finished game adds every hand at that step. Nothing here decides who may see what beyond that:
the caller passes ``reveal`` only for a game that is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games import engine
from games.engine.record import parse_move


@dataclass
class Step:
    """One move and what it caused: ``fines`` as (seat, points), ``ends`` passed on, and for the
    last move of a game its ``result`` (and the set's, if it ended)."""

    number: int
    seat: int
    kind: str
    tile: str | None
    on: str | None
    ends: tuple = ()
    fines: list[tuple[int, int]] = field(default_factory=list)
    result: dict | None = None
    set_over: tuple[int | None, str] | None = None


@dataclass
class Frame:
    """The game after ``at`` of its ``len(steps)`` moves, as a spectator sees it (``view``), and
    every hand then and as dealt (``hands``, ``dealt``: None unless revealed)."""

    at: int
    steps: list[Step]
    view: dict[str, Any]
    hands: list[list[str]] | None
    dealt: list[list[str]] | None
    parties: list[list[int]]
    boneyard: list[str] | None = None  # as dealt, in draw order (revealed only)
    first: int | None = None

    @property
    def total(self) -> int:
        return len(self.steps)


def replay(record: dict[str, Any], number: int, at: int | None, reveal: bool) -> Frame:
    """Game ``number`` (1-based) of a valid ``record`` after ``at`` moves (None: all of them).

    ``record`` must hold the games up to ``number`` with their deals (a server-side record for a
    game in progress; see ``records.secret_record_of``).
    """
    games = record["games"][:number]
    target = games[-1]
    moves = target["moves"]
    head = {**record, "games": [*games[:-1], {**target, "moves": []}]}
    match = engine.load_record(head)
    game = match.game
    dealt = [[str(t) for t in game.hand(s)] for s in range(match.seats)] if reveal else None
    stop = len(moves) if at is None else max(0, min(at, len(moves)))
    steps: list[Step] = []
    view: dict[str, Any] | None = None
    hands = None
    for index, raw in enumerate(moves):
        if index == stop:
            view, hands = _capture(match, reveal)
        action = parse_move(raw, match.seats)
        events = game.apply(action)
        steps.append(_step(index + 1, game.log[-1], events, reveal))
    if view is None:
        view, hands = _capture(match, reveal)
    parties = [list(p) for p in match.parties]
    if not reveal:
        return Frame(stop, steps, view, hands, None, parties)
    boneyard = [str(engine.TILES[t]) for t in game.boneyard]
    return Frame(stop, steps, view, hands, dealt, parties, boneyard, game.first)


def _capture(match: engine.MatchState, reveal: bool) -> tuple[dict, list[list[str]] | None]:
    view = engine.match_view(match, None)
    if not reveal:
        view.pop("hands", None)  # a finished game of a sealed set is not revealed either
        return view, None
    game = match.game
    return view, [[str(t) for t in game.hand(s)] for s in range(match.seats)]


def _step(number: int, action: engine.Action, events: list, reveal: bool) -> Step:
    """A drawn tile is kept only when the game is revealed: until then it is in a hand."""
    hidden = action.kind == "draw" and not reveal
    step = Step(
        number, action.seat, action.kind,
        None if action.tile is None or hidden else str(action.tile),
        None if action.on is None else str(action.on),
    )  # fmt: skip
    for event in events:
        if event.kind == "passed":
            step.ends = tuple(event.ends)
        elif event.kind == "penalty":
            step.fines.append((event.seat, event.points))
        elif event.kind == "game_over":
            step.result = event.result.to_dict()
        elif event.kind == "match_over":
            step.set_over = (event.winner, event.result)
    return step


@dataclass
class GameSummary:
    """A finished game as a set's page lists it: its result, French fines by seat, its length,
    and its shuffle's commitment and seed (as the record gives them)."""

    number: int
    result: dict
    fines: dict[int, int]
    moves: int
    commitment: str
    seed: str


@dataclass
class SetSummary:
    parties: list[list[int]]
    totals: list[int]
    over: bool
    winner: int | None
    result: str | None
    games: list[GameSummary]


def summarize(record: dict[str, Any]) -> SetSummary:
    """Every game of a valid record replayed, with what each one's events say (fines); the
    record's last game must be finished (``records.record_of`` leaves out one in progress)."""
    head = {**record, "games": []}
    match = engine.load_record(head)
    games = []
    for number, data in enumerate(record["games"], 1):
        game = match.start_game(data["hands"], data.get("boneyard", []), data.get("first"))
        fines: dict[int, int] = {}
        for raw in data["moves"]:
            for event in game.apply(parse_move(raw, match.seats)):
                if event.kind == "penalty":
                    fines[event.seat] = fines.get(event.seat, 0) + event.points
        if not game.over:
            break
        games.append(
            GameSummary(number, game.result.to_dict(), fines, len(data["moves"]),
                        _text(data.get("commitment")), _text(data.get("seed")))
        )  # fmt: skip
    return SetSummary(
        [list(p) for p in match.parties], list(match.totals), match.over, match.winner,
        match.result, games,
    )  # fmt: skip


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def deal_facts(style: str, seats: int, options: dict, number: int, dealt: list[list[str]]) -> dict:
    """What a browser needs besides the seed to redo a deal (docs/engine.md, "The deal, step by
    step"): hand size, whether a deal with no double in hand is dealt again (Doubles), and whether
    the starter is drawn after the deal (the first game of Block and Draw)."""
    rules = engine.STYLES[style](seats, options)
    masks = [sum(1 << engine.parse_tile(t) for t in hand) for hand in dealt]
    return {
        "hand_size": rules.hand_size(),
        "redeal_without_double": rules.deal_problem([0] * seats) is not None,
        "random_first": number == 1 and rules.pose(rules.new_carry(), masks).seat is None,
    }
