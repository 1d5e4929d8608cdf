"""Builders for hand-made ``dominoes-record/1`` records and their expected ``score`` output.

Tiles are written as in the record format (``"6-4"``); hands as space-separated strings. Moves are
written compactly, separated by spaces:

- ``"0:6-6"``          seat 0 poses 6-6 (no ``on``);
- ``"1:6-5/6-6"``      seat 1 places 6-5 against 6-6;
- ``"2:pass"``         seat 2 passes;
- ``"3:+3-2"``         seat 3 draws 3-2 from the boneyard.

``chain`` deals and plays the simplest legal games there are: a path of numbers ``v0 v1 ... vk``
gives the tiles ``v0-v1, v1-v2, ...``; tile i is dealt to seat ``(poser + i) % seats`` and placed in
turn on the tile before it, so the line only ever grows at one end and nobody passes.

The builders check that every deal they produce holds each of the 28 tiles exactly once, so a slip
in a test's deal fails loudly as a test bug rather than as an engine disagreement.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

FORMAT = "dominoes-record/1"

ALL_TILES = [f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1)]


def norm(tile: str) -> str:
    """The tile written high number first."""
    a, b = (int(x) for x in tile.split("-"))
    return f"{max(a, b)}-{min(a, b)}"


def pips(tile: str) -> int:
    a, b = (int(x) for x in tile.split("-"))
    return a + b


def tiles(text: str) -> list[str]:
    return [norm(t) for t in text.split()]


def count(text: str) -> int:
    """Pip count of a space-separated hand."""
    return sum(pips(t) for t in text.split())


def moves(text: str) -> list[dict[str, Any]]:
    """Parse the compact move notation described in the module docstring."""
    out: list[dict[str, Any]] = []
    for token in text.split():
        seat_text, what = token.split(":", 1)
        seat = int(seat_text)
        if what == "pass":
            out.append({"seat": seat, "pass": True})
        elif what.startswith("+"):
            out.append({"seat": seat, "draw": what[1:]})
        elif "/" in what:
            play, on = what.split("/")
            out.append({"seat": seat, "play": play, "on": on})
        else:
            out.append({"seat": seat, "play": what})
    return out


def _check_deal(hands: list[list[str]], boneyard: list[str]) -> None:
    dealt = [t for hand in hands for t in hand] + boneyard
    assert sorted(dealt) == sorted(ALL_TILES), f"test bug: deal is not the 28 tiles: {dealt}"


def game(
    hands: list[str],
    play: str = "",
    boneyard: str | None = None,
    first: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """One game; ``boneyard`` lists the first tiles to be drawn, the unused rest follow in order."""
    hand_lists = [tiles(h) for h in hands]
    head = tiles(boneyard) if boneyard else []
    used = {t for h in hand_lists for t in h} | set(head)
    rest = [t for t in ALL_TILES if t not in used]
    bone = head + rest
    _check_deal(hand_lists, bone)
    result: dict[str, Any] = {"hands": hand_lists, "boneyard": bone}
    if first is not None:
        result["first"] = first
    result["moves"] = moves(play)
    result.update(extra)
    return result


def chain(
    path: str,
    rest: list[str],
    poser: int = 0,
    seats: int = 4,
    boneyard: str | None = None,
    first: int | None = None,
    upto: int | None = None,
) -> dict[str, Any]:
    """A game played along ``path``; ``rest[s]`` are the tiles seat s keeps besides its path tiles.

    ``upto`` stops the move list after that many moves (a game in progress).
    """
    numbers = [int(v) for v in path.split()]
    path_tiles = [norm(f"{a}-{b}") for a, b in itertools.pairwise(numbers)]
    hands: list[list[str]] = [[] for _ in range(seats)]
    play: list[str] = []
    for i, tile in enumerate(path_tiles):
        seat = (poser + i) % seats
        hands[seat].append(tile)
        play.append(f"{seat}:{tile}" if i == 0 else f"{seat}:{tile}/{path_tiles[i - 1]}")
    for seat in range(seats):
        hands[seat] += tiles(rest[seat])
    if upto is not None:
        play = play[:upto]
    return game([" ".join(h) for h in hands], " ".join(play), boneyard=boneyard, first=first)


def rotate(one_game: dict[str, Any], k: int, seats: int = 4) -> dict[str, Any]:
    """The same game with every seat s moved to seat (s + k) % seats."""
    new = copy.deepcopy(one_game)
    new["hands"] = [one_game["hands"][(s - k) % seats] for s in range(seats)]
    for move in new["moves"]:
        move["seat"] = (move["seat"] + k) % seats
    if "first" in new:
        new["first"] = (new["first"] + k) % seats
    return new


def truncate(one_game: dict[str, Any], n: int) -> dict[str, Any]:
    """The game stopped after its first n moves."""
    new = copy.deepcopy(one_game)
    new["moves"] = new["moves"][:n]
    return new


def with_moves(one_game: dict[str, Any], play: str, keep: int) -> dict[str, Any]:
    """The game's first ``keep`` moves followed by the moves written in ``play``."""
    new = copy.deepcopy(one_game)
    new["moves"] = new["moves"][:keep] + moves(play)
    return new


def record(
    style: str,
    games: list[dict[str, Any]],
    seats: int = 4,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    result: dict[str, Any] = {
        "format": FORMAT,
        "style": style,
        "seats": seats,
        "options": dict(options or {}),
        "games": copy.deepcopy(games),
    }
    result.update(extra)
    return result


def low_first(doc: Any) -> Any:
    """A copy of a record with every tile written low number first (``"6-4"`` -> ``"4-6"``)."""
    if isinstance(doc, dict):
        return {k: low_first(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [low_first(v) for v in doc]
    if isinstance(doc, str) and len(doc) == 3 and doc[1] == "-" and doc[0].isdigit():
        return f"{doc[2]}-{doc[0]}"
    return doc


# Expected ``score`` output -------------------------------------------------------------------


def singles(seats: int) -> list[list[int]]:
    return [[s] for s in range(seats)]


TEAMS = [[0, 2], [1, 3]]


def result(
    end: str | None,
    winner: int | None,
    counts: list[int],
    points: list[int],
    stake: int = 1,
    key_card: bool = False,
) -> dict[str, Any]:
    return {
        "end": end,
        "winner": winner,
        "key_card": key_card,
        "stake": stake,
        "counts": counts,
        "points": points,
    }


def expected(
    parties: list[list[int]],
    games: list[dict[str, Any]],
    over: bool = False,
    winner: int | None = None,
    outcome: str | None = None,
) -> dict[str, Any]:
    """The score document; totals are the sums of the games' points."""
    totals = [sum(g["points"][p] for g in games) for p in range(len(parties))]
    return {
        "parties": parties,
        "games": games,
        "totals": totals,
        "match": {"over": over, "winner": winner, "result": outcome},
    }


# Shared deals for the Jamaican line styles (cutthroat, partner) ------------------------------
# Each is a 4-seat game posed by seat 0 with 6-6 (so it may open a set); rotate() moves it round.
# Hand counts are noted beside each; all were worked out by hand from the path and rest tiles.

# Seat 0 dominoes with 2-3 on the 2 end (the other end shows 6): one end only, no key card.
# Seats 1-3 keep 6-3 (9), 5-5 (10), 2-2 (4).
DOMINO_PATH = "6 6 4 0 2 1 0 0 6 1 5 6 2 5 0 3 4 5 3 3 1 1 4 4 2 3"
DOMINO = chain(DOMINO_PATH, ["", "6-3", "5-5", "2-2"])
DOMINO_COUNTS = [0, 9, 10, 4]
# Hands before any move: seat 0 45, seat 1 44, seat 2 42, seat 3 37.

# Seat 0 dominoes with 3-6 against ends 3 and 6, all other 3s and 6s on the board: a key card.
# Seats 1-3 keep 5-5 (10), 2-2 (4), 1-1 (2).
KEY_CARD = chain("6 6 0 0 1 3 3 2 1 4 5 6 1 5 0 2 4 0 3 5 2 6 4 4 3 6", ["", "5-5", "2-2", "1-1"])
KEY_CARD_COUNTS = [0, 10, 4, 2]

# Seat 0 dominoes with 4-6 against ends 4 and 6, but 4-4 is still in seat 2's hand: no key card.
INCOMPLETE_SUIT = chain(
    "6 6 5 0 6 3 4 5 1 4 0 3 2 1 6 2 0 0 1 1 3 5 2 2 4 6", ["", "5-5", "4-4", "3-3"]
)
INCOMPLETE_SUIT_COUNTS = [0, 10, 8, 6]

# Seat 0 dominoes with the double 1-1: a double is never a key card.
DOUBLE_LAST = chain(
    "6 6 1 3 3 2 2 0 3 6 0 5 6 2 4 4 0 1 2 5 4 3 5 5 1 1", ["", "6-4", "4-1", "0-0"]
)
DOUBLE_LAST_COUNTS = [0, 10, 5, 0]

# Seat 0 dominoes with 1-0 on the 1 end; every 1 is out but the other end shows 6: no key card.
ONE_END = chain("6 6 3 1 1 4 0 2 3 0 5 1 2 5 5 4 4 2 6 5 3 3 4 6 1 0", ["", "6-0", "2-2", "0-0"])
ONE_END_COUNTS = [0, 6, 4, 0]

# Ten tiles end with 6 at both ends and all seven 6s out: blocked after move 10 (seat 1's 6-5).
# Seats 0 and 1 keep 4 tiles, seats 2 and 3 keep 5; the rest tiles decide who is lowest.
BLOCK_PATH = "6 6 1 0 6 2 3 6 4 5 6"


def blocked(rest: list[str]) -> dict[str, Any]:
    return chain(BLOCK_PATH, rest)


# Seat 1 lowest alone: counts [15, 7, 28, 40] (teams: 43 against 47).
BLOCKED_SEAT1 = blocked(
    ["2-1 3-1 4-0 2-2", "0-0 1-1 2-0 3-0", "4-1 5-0 5-1 4-2 3-3", "5-2 4-3 4-4 5-3 5-5"]
)
BLOCKED_SEAT1_COUNTS = [15, 7, 28, 40]
# Seat 3 lowest alone: counts [17, 23, 40, 10].
BLOCKED_SEAT3 = blocked(
    ["3-1 4-0 2-2 4-1", "5-0 5-1 4-2 3-3", "5-2 4-3 4-4 5-3 5-5", "0-0 1-1 2-0 3-0 2-1"]
)
BLOCKED_SEAT3_COUNTS = [17, 23, 40, 10]
# Seats 1 and 3 share the lowest count: counts [20, 17, 36, 17].
BLOCKED_TIE13 = blocked(
    ["2-1 5-0 5-1 4-2", "2-2 3-1 4-0 4-1", "3-3 5-2 4-3 4-4 5-3", "0-0 1-1 2-0 3-0 5-5"]
)
BLOCKED_TIE13_COUNTS = [20, 17, 36, 17]
# Seats 0 and 1 share the lowest count: counts [12, 12, 26, 40].
BLOCKED_TIE01 = blocked(
    ["0-0 2-0 3-1 4-2", "1-1 2-1 3-0 4-0", "2-2 4-1 5-0 5-1 3-3", "5-2 4-3 4-4 5-3 5-5"]
)
BLOCKED_TIE01_COUNTS = [12, 12, 26, 40]


def rotated_counts(counts: list[int], k: int) -> list[int]:
    """Counts after rotate(game, k): seat s now holds what seat s - k held."""
    n = len(counts)
    return [counts[(s - k) % n] for s in range(n)]


# A later game: seat 0 (the previous winner) poses the non-double 5-2 and dominoes with 4-2.
ANY_POSE = chain("5 2 0 3 3 1 4 0 1 2 2 3 4 6 3 5 6 1 5 5 0 0 6 6 2 4", ["", "5-4", "4-4", "1-1"])
ANY_POSE_COUNTS = [0, 9, 8, 2]
