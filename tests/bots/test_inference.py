"""Weighing sampled deals by the other seats' earlier choices: a deal in which a seat passed over
the move it would surely have made counts less than one that explains its play."""

from __future__ import annotations

from games.bots.inference import Evidence
from games.engine import Move, new_match


def _table():
    hands = [
        ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
        ["6-6", "4-3", "4-2", "4-1", "4-0", "3-3", "3-2"],
        ["6-5", "6-3", "2-2", "1-1", "2-1", "2-0", "1-0"],
        ["6-4", "6-2", "6-1", "6-0", "3-1", "3-0", "0-0"],
    ]
    game = new_match("cutthroat", 4).start_game(hands, [])
    game.apply(Move.play(1, "6-6"))
    game.apply(Move.play(2, "6-3", "6-6"))  # not the heavier 6-5 a weight-shedder would lay
    game.apply(Move.play(3, "6-4", "6-6"))
    return game, hands


def _world(game, hands: list[list[str]]):
    return game.with_hidden(
        0, {s: [t for t in hands[s] if t not in _on_board(game)] for s in (1, 2, 3)}
    )


def _on_board(game) -> set[str]:
    return {str(m.tile) for m in game.log if m.kind == "play"}


def test_a_deal_that_explains_the_play_weighs_more():
    game, hands = _table()
    evidence = Evidence(game, 0, beta=1.0)
    real = _world(game, hands)
    swapped = [list(h) for h in hands]
    swapped[1][swapped[1].index("4-3")] = "6-5"  # seat 2 never held 6-5: its 6-3 was its best
    swapped[2][swapped[2].index("6-5")] = "4-3"
    explained = _world(game, swapped)
    assert evidence.log_weight(explained) > evidence.log_weight(real)


def test_only_other_seats_placements_count_and_beta_zero_turns_it_off():
    game, _ = _table()
    assert [c.seat for c in Evidence(game, 0, beta=1.0).choices] == [2, 3]
    assert [c.seat for c in Evidence(game, 2, beta=1.0).choices] == [3]
    assert Evidence(game, 0, beta=0.0).choices == []
