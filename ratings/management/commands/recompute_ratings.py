"""``python manage.py recompute_ratings``: rebuild every rating from the stored results.

Replays the ledger (the order the live updates took the games in), then any finished game it
lacks, and rewrites ratings, the ledger and the history. ``--check`` computes without writing
and lists where the stored ratings differ (exit status 1 if they do).
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from ratings.services import recompute


class Command(BaseCommand):
    help = "Rebuild every rating from the stored results, in the order they were rated."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Compute only; report where the stored ratings differ, exit 1 if they do.",
        )

    def handle(self, *args, check: bool = False, **options) -> None:
        began = time.perf_counter()
        replay = recompute.recompute(write=not check)
        seconds = time.perf_counter() - began
        rated = sum(1 for _game, status in replay.ledger if status == "rated")
        summary = (
            f"{len(replay.ledger)} games ({rated} rated, {len(replay.ledger) - rated} with a "
            f"stand-in), {len(replay.tallies)} ratings, {seconds:.1f} s"
        )
        if not check:
            self.stdout.write(f"Recomputed {summary}.")
            return
        found = recompute.differences(replay)
        if found:
            for line in found[:50]:
                self.stdout.write(line)
            raise CommandError(f"{len(found)} ratings differ from the stored results ({summary}).")
        self.stdout.write(f"The stored ratings match the results: {summary}.")
