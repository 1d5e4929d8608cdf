"""The casual bot's habits, scored on hand-made tables: domino when it can, doubles early, keep a
suit it can follow, block the opponents and spare a partner."""

from __future__ import annotations

import random

from games.bots import casual
from games.bots.hooks import LINE
from games.bots.knowledge import Knowledge
from games.engine import Action, new_match
from games.engine.tiles import FULL, PIPS, SUIT, mask_of, parse_tile


def situation(
    hand: list[str], partner_lacks: int = -1, partner_play: bool = True
) -> casual.Situation:
    """Seat 0 holding ``hand``; seat 2 (partner or opponent) shown to lack ``partner_lacks``."""
    own = mask_of(parse_tile(t) for t in hand)
    unseen = FULL & ~own
    void = [0, 0, SUIT[partner_lacks] & unseen if partner_lacks >= 0 else 0, 0]
    know = Knowledge(0, own, unseen, (len(hand), 7, 7, 7), 0, tuple(void), (0,) * 4, (0,) * 4)
    return casual.Situation(
        know=know,
        weights=PIPS,
        opened=None,
        next_seat=1,
        partners=(2,) if partner_play else (),
        opponents=(1, 3) if partner_play else (1, 2, 3),
        double_bonus=LINE.double_bonus,
    )


def best(sit: casual.Situation, moves: list[Action]) -> str:
    return str(max(moves, key=lambda m: casual.score(sit, m)).tile)


def test_it_dominoes_whenever_it_can():
    sit = situation(["1-0"])
    assert casual.score(sit, Action.play(0, "1-0", "1-1")) == casual.DOMINO


def test_it_plays_a_double_before_a_heavier_tile():
    sit = situation(["4-4", "6-4", "1-0"])
    assert best(sit, [Action.play(0, "4-4", "4-2"), Action.play(0, "6-4", "4-2")]) == "4-4"


def test_it_keeps_an_end_it_can_follow():
    # 6-1 leaves a 1, which 1-1 and 2-1 can follow; 6-4 is heavier but leaves a 4 it lacks.
    sit = situation(["6-4", "6-1", "1-1", "2-1"])
    assert best(sit, [Action.play(0, "6-4", "6-6"), Action.play(0, "6-1", "6-6")]) == "6-1"


def test_it_shuts_out_an_opponent_but_spares_a_partner():
    moves = [Action.play(0, "6-3", "3-2"), Action.play(0, "5-3", "3-2")]  # leave a 6, or a 5
    assert best(situation(["6-3", "5-3", "1-0"], 6, partner_play=False), moves) == "6-3"
    assert best(situation(["6-3", "5-3", "1-0"], 6, partner_play=True), moves) == "5-3"


def test_casual_choices_are_legal_from_a_real_table():
    game = new_match("partner", 4, seed=3).start_game()
    rng = random.Random(2)
    while not game.over:
        move = casual.choose(game, game.turn, rng)
        assert move in game.legal_moves()
        game.apply(move)
