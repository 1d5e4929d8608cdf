"""Check a record's shuffle: every game's revealed seed matches its commitment and deals it.

The site commits to each game's secret seed before the deal (``commitment(seed)``, SHA-256) and
reveals the seed once the game is over; a record carries both per game (``seed``, ``commitment``:
keys the record format allows and ``score`` ignores). Anyone can then redo the deal from the seed
(docs/engine.md, "The deal, step by step") and compare: this module is that check, for
``python -m games.engine verify`` and the tests, and ``static/js/replay.js`` does the same in a
browser. Each game is checked on its own, since a game's deal depends on its seed alone.
"""

from __future__ import annotations

from typing import Any

from .deal import DealRandom, commitment
from .errors import RecordError, shown
from .record import load_record
from .tiles import NAMES, bits


def verify(record: Any) -> dict:
    """The verdict on every game of a valid record: ``{"games": [{"game", "seed", "commitment",
    "verified", "problem"}], "verified"}``. RecordError if the record is invalid or has a game
    without a seed or a commitment (nothing to verify: a seed is revealed once its game is over).
    """
    match = load_record(record)
    games = record["games"]
    if not games:
        raise RecordError("nothing to verify: the record holds no games")
    rules = match.rules
    verdicts = []
    for number, (data, game) in enumerate(zip(games, match.games, strict=True), 1):
        seed, claimed = data.get("seed"), data.get("commitment")
        if not isinstance(claimed, str) or not claimed:
            raise RecordError(f"game {number}: no commitment to check, not {shown(claimed)}")
        if not isinstance(seed, str) or not seed:
            raise RecordError(
                f"game {number}: no seed to verify, not {shown(seed)} "
                "(a game's seed is revealed once the game is over)"
            )
        problem = None
        digest = commitment(seed)
        if digest != claimed.lower():
            problem = (
                f"game {number}: SHA-256 of the seed is {digest}, not the commitment {claimed}"
            )
        else:
            rng = DealRandom(seed, None)
            hands, pile = rules.deal(rng)
            problem = _difference(number, hands, pile, game.dealt, game.boneyard)
            if (
                problem is None
                and number == 1
                and rules.pose(rules.new_carry(), hands).seat is None
            ):
                starter = rng.randrange(rules.seats)
                if starter != game.first:
                    problem = (
                        f"game {number}: the seed draws seat {starter} to start, "
                        f"but the record has seat {game.first}"
                    )
        verdicts.append(
            {"game": number, "seed": seed, "commitment": claimed, "verified": problem is None,
             "problem": problem}
        )  # fmt: skip
    return {"games": verdicts, "verified": all(v["verified"] for v in verdicts)}


def _difference(
    number: int, hands: list[int], pile: list[int], dealt: tuple, boneyard: list[int]
) -> str | None:
    for seat, (mine, theirs) in enumerate(zip(hands, dealt, strict=True)):
        if mine != theirs:
            return (
                f"game {number}: the seed deals seat {seat} {_names(bits(mine))}, "
                f"but the record gives {_names(bits(theirs))}"
            )
    if list(pile) != list(boneyard):
        return (
            f"game {number}: the seed leaves the boneyard {_names(pile)}, "
            f"but the record gives {_names(boneyard)}"
        )
    return None


def _names(tiles) -> str:
    return " ".join(NAMES[t] for t in tiles) or "empty"


__all__ = ["verify"]
