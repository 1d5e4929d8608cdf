"""Post-game analysis by the expert: the cost of every choice, the luck of the deal and of each
draw, and a band for the play (like GNU Backgammon's, for dominoes).

Pure, like the rest of ``games.bots``: a ``dominoes-record/1`` record in, a JSON-able dict out.
Each decision is judged from the deciding seat's view only (the expert's own sampling and
play-outs, with a fixed, larger budget and a seed, so that the figures repeat). See
docs/analysis.md for the units, the thresholds and how the bands were calibrated.

- ``walk``: replays the record and calls the rest, move by move (``analyse_game``).
- ``judge``: one decision, every legal move valued.
- ``luck``: the deal and each draw against what they might have been.
- ``units``: the style's unit (win chance or points), error marks and bands.
- ``summary``: rows and per-seat figures.
"""

from __future__ import annotations

from .units import BANDS, MARKS, MIN_BAND_DECISIONS, band, mark, unit_for
from .walk import WORLDS, analyse_game, analyse_record

__all__ = [
    "BANDS",
    "MARKS",
    "MIN_BAND_DECISIONS",
    "WORLDS",
    "analyse_game",
    "analyse_record",
    "band",
    "mark",
    "unit_for",
]
