"""``python -m games.bots analyse FILE``: the expert's analysis of a ``dominoes-record/1`` file.

Prints one JSON document: ``{"games": [...]}``, one analysis per finished game (or only game
``--game N``). FILE may be ``-`` for standard input. Exit status 2 with one line on standard error
for a file that is not a valid record.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from games.engine.errors import RecordError

from .analysis import WORLDS, analyse_game, analyse_record


def main(argv: list[str] | None = None) -> int:
    summary = __doc__.split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m games.bots", description=summary)
    commands = parser.add_subparsers(dest="command", required=True)
    analyse = commands.add_parser("analyse", help="analyse a dominoes-record/1 file")
    analyse.add_argument("file", help="the record, or - for standard input")
    analyse.add_argument("--game", type=int, help="only this game (1-based)")
    analyse.add_argument("--seed", default="0", help="the sampling seed (same seed, same figures)")
    analyse.add_argument("--worlds", type=int, default=WORLDS, help="deals per decision")
    args = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
        record = json.loads(text)
        if args.game is not None:
            games = [analyse_game(record, args.game, args.seed, worlds=args.worlds)]
        else:
            games = analyse_record(record, args.seed, worlds=args.worlds)
    except (OSError, ValueError, RecordError) as error:
        sys.stderr.write(f"python -m games.bots: {error}\n")
        return 2
    json.dump({"games": games}, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
