"""The rating model: OpenSkill's Plackett-Luce, and what a finished game gives it.

Pure Python over ``openskill`` and the games engine's parties: no database, so the
live update (``services.live``) and the recompute command (``services.recompute``) run every
line of the same arithmetic and store the same floats.

Why Plackett-Luce: a domino result is an order of parties, four players each for themselves
(Cut-Throat, French, Doubles, Block and Draw at four) or two pairs (Partner, Block and Draw as
teams), with ties. Plackett-Luce rates any number of teams of any size from such an order;
Elo and Glicko-2 rate pairs of players.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from games.engine.rules import make_rules

#: OpenSkill's own defaults: a new player is mu 25, sigma 25/3 (so the ordinal starts at 0).
MU = 25.0
SIGMA = MU / 3
#: A rating is provisional until this many rated games in its style (a four-seat game compares
#: a player with three others, so ten games is thirty comparisons: sigma is then about half
#: of where it started).
PROVISIONAL_GAMES = 10
#: Places only, no score margin: openskill 6.2's ``margin`` (with ``scores=``) moves a rating
#: the wrong way for the side expected to lose (docs/ratings.md, "Why no score margin").
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

#: The figure players see, on the scale lichess and the chess federations use: a new player's
#: mu reads 1500 (docs/ratings.md, "What is shown").
START = 1500
#: Shown points per unit of mu, so that a difference reads as it does in Elo: 400 points apart,
#: the stronger of two players the system is sure of (sigma near 0) wins a game between them
#: 10 times in 11. Plackett-Luce gives that game to the stronger with odds exp(d / c), where
#: c = sqrt(2) beta for two such players and d is their mu apart; Elo gives 10 ** (D / 400).
#: Equal odds: D = d times this, about 29.5 (mu 25 +/- 10 reads 1500 +/- 295).
SCALE = 400 / (math.log(10) * math.sqrt(2) * MODEL.beta)


def shown(mu: float) -> int:
    """The rating as players read it: 1500 for a new player, ``SCALE`` points per unit of mu,
    to the nearest whole number, halves away from 1500. So rounding takes no side: a mu a hair
    below 25 still reads 1500, never 1499, and results that mirror each other (a win then a
    loss, a loss then a win) read as mirror images around it.

    Computed here alone: the pages, the plots, the changes and the admin all come through it.
    It is mu, not the cautious ordinal: a rating starts where players expect and moves by what
    each game says; how sure the system is shows as the provisional mark (``is_provisional``)
    and as the boards' established-first order."""
    offset = (mu - MU) * SCALE
    return START + int(math.copysign(math.floor(abs(offset) + 0.5), offset))


def shown_change(mu_before: float, mu_after: float) -> int:
    """How far results moved the shown figure: the difference of the two figures as shown, so
    that a page's before, change and after always add up."""
    return shown(mu_after) - shown(mu_before)


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma, openskill's cautious estimate (the skill is very likely above it):
        stored beside mu and sigma and shown in the admin, no longer on the public pages."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        return shown(self.mu)


NEW = Skill()


@dataclass(frozen=True)
class Finished:
    """One finished game as the ratings see it: the games core's outcome, plus what the
    stored result and set add (the key card, which seats are bots, when it finished)."""

    game_id: int
    match_id: int
    style: str
    played_at: datetime
    parties: list[list[int]]
    players: list[int | None]
    bots: list[bool]
    places: list[int]
    winner: int | None
    key_card: bool
    replaced: list[bool]

    @property
    def stand_in(self) -> bool:
        """Whether the server played most of a person's own choices at some seat (a bot
        standing in for someone away, or the clock): then the game changes nobody's rating."""
        return any(self.replaced)


@dataclass(frozen=True)
class Change:
    """One player's rating before and after one game."""

    player_id: int
    seat: int
    party: int
    place: int
    before: Skill
    after: Skill
    key_card: bool


def rate(game: Finished, current: Callable[[int], Skill]) -> list[Change]:
    """Every player's new rating after ``game``; ``current(player_id)`` gives the rating before.

    A seat without a player (a person whose account was deleted, when a recompute replays an
    old game) plays with a new rating and is not stored.
    """
    before = [current(p) if p is not None else NEW for p in game.players]
    teams = [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma) for s in party]
             for party in game.parties]  # fmt: skip
    rated = MODEL.rate(teams, ranks=[float(place) for place in game.places])
    changes = []
    for p, party in enumerate(game.parties):
        won_key = game.key_card and game.winner == p
        for member, seat in zip(rated[p], party, strict=True):
            player = game.players[seat]
            if player is None:
                continue
            after = Skill(member.mu, member.sigma)
            changes.append(Change(player, seat, p, game.places[p], before[seat], after, won_key))
    return changes


def is_provisional(games: int) -> bool:
    """Whether a rating with ``games`` rated games is still provisional (shown with a "?")."""
    return games < PROVISIONAL_GAMES


def parties_of(style: str, seats: int, options: dict | None) -> list[list[int]]:
    """The parties of a table (seats per party), as the engine makes them."""
    return [list(party) for party in make_rules(style, seats, options or {}).parties]
