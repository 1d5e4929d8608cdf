"""``python -m games.engine``: ``score`` a record, ``verify`` its shuffle, or ``play`` random
legal games into one.

Exit status 2 with one line on standard error (and nothing on standard output) for anything the
command refuses, so scripts can tell "invalid" from "crashed". ``verify`` exits 1 when a record is
valid but a seed does not match its commitment or does not deal its game: the verdict is printed
and the first problem goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from .deal import commitment, game_seed
from .errors import IllegalMove, RecordError, RulesError
from .match import MatchState, new_match
from .record import make_record, score
from .verify import verify

INVALID = 2
MISMATCH = 1


class _Parser(argparse.ArgumentParser):
    """argparse, but its usage errors are one line and exit 2 (argparse's own status)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(INVALID)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m games.engine", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    scorer = commands.add_parser("score", help="replay a dominoes-record/1 and print its score")
    scorer.add_argument("file", help="the record, or - for standard input")
    checker = commands.add_parser(
        "verify", help="check that each game's revealed seed matches its commitment and deals it"
    )
    checker.add_argument("file", help="the record, or - for standard input")
    player = commands.add_parser("play", help="play uniformly random legal games into a record")
    player.add_argument("--style", required=True)
    player.add_argument("--seats", type=int, required=True)
    player.add_argument("--seed", default="0", help="match seed (also drives the random choices)")
    player.add_argument("--games", type=int, default=None, help="stop after this many games")
    player.add_argument("--options", default="{}", help="options as a JSON object")
    player.add_argument(
        "--game-seeds",
        action="store_true",
        help="deal each game from a seed of its own (derived from --seed) and write each "
        "game's seed and commitment, as the site does, so that verify can check the record",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "score":
            result = score(_read(args.file))
        elif args.command == "verify":
            result = verify(_read(args.file))
        else:
            key = f"play:{args.seed}" if args.game_seeds else None
            match = play(
                args.style, args.seats, _seed(args.seed), args.games, json.loads(args.options), key
            )
            result = make_record(match)
            if key is not None:
                for index, game in enumerate(result["games"]):
                    game["seed"] = game_seed(key, index)
                    game["commitment"] = commitment(game["seed"])
    except (RecordError, RulesError, IllegalMove, OSError, ValueError) as error:
        sys.stderr.write(_one_line(error) + "\n")
        return INVALID
    sys.stdout.write(json.dumps(result, separators=(",", ":")) + "\n")
    if args.command == "verify" and not result["verified"]:
        problem = next(v["problem"] for v in result["games"] if not v["verified"])
        sys.stderr.write(problem + "\n")
        return MISMATCH
    return 0


def _read(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise RecordError(f"cannot read {path}: {reason}") from None
    try:
        return json.loads(text)
    except ValueError as error:
        raise RecordError(f"not JSON: {error}") from None


def _seed(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split()) or type(error).__name__


def play(
    style: str,
    seats: int,
    seed: int | str = 0,
    games: int | None = None,
    options: dict | None = None,
    seed_key: str | None = None,
) -> MatchState:
    """A match of uniformly random legal moves: until it ends, or ``games`` games are done.
    With ``seed_key``, game i is dealt from ``game_seed(seed_key, i)``, not the match seed."""
    match = new_match(style, seats, options, seed)
    chooser = random.Random(f"play:{seed}")
    while not match.over and (games is None or match.games_played < games):
        index = match.games_played
        game = match.start_game(seed=None if seed_key is None else game_seed(seed_key, index))
        while not game.over:
            game.apply(chooser.choice(game.legal_moves()))
    return match
