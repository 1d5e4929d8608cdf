"""Weighing sampled deals by the other seats' earlier choices: a deal in which a seat passed over
the move it would surely have made counts less than one that explains its play."""

from __future__ import annotations

import dataclasses
import random

from games import bots
from games.bots import hooks
from games.bots.inference import Evidence, _choices
from games.engine import Action, new_match, with_hidden
from games.engine.moves import PLAY
from games.engine.tiles import PIPS, TILES, bits, to_tile
from tests.bots.helpers import six_six_game


def _table():
    game, hands = six_six_game()
    game.apply(Action.play(2, "6-3", "6-6"))  # not the heavier 6-5 a weight-shedder would lay
    game.apply(Action.play(3, "6-4", "6-6"))
    return game, hands


def _world(game, hands: list[list[str]]):
    return with_hidden(
        game, 0, {s: [t for t in hands[s] if t not in _on_board(game)] for s in (1, 2, 3)}
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


def test_tiles_read_as_drawn_later_were_never_in_the_hand_at_the_choice():
    # Draw games between casual seats: every placement is read, those before a draw too, and
    # the tiles taken out of the hand then (they fitted at a later draw) were really not in it.

    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = new_match("draw", 2, seed=seed).start_game()
        hands_at: dict[int, tuple[int, ...]] = {}
        while not game.over:
            move = bots.choose("casual", game, game.turn, rng)
            if move.kind == PLAY:
                hands_at[game.placed] = tuple(game.hands)
            game.apply(move)
        every = _choices(game, {0}, before_draws=True)
        assert len(every) >= len(_choices(game, {0}))
        for c in every:
            assert hands_at[c.placed][c.seat] & c.drawn == 0
            assert hands_at[c.placed][c.seat] >> c.tile & 1
            checked += bool(c.drawn)
    assert checked


def test_a_partner_s_placements_can_be_left_unread(monkeypatch):

    game = new_match("partner", 4, seed=3).start_game()
    while len([m for m in game.log if m.kind == "play"]) < 8 and not game.over:
        game.apply(game.legal_moves()[0])
    read = {c.seat for c in Evidence(game, 0, beta=1.0).choices}
    monkeypatch.setitem(
        hooks.HOOKS, "partner", dataclasses.replace(hooks.HOOKS["partner"], read_partner=False)
    )
    unread = {c.seat for c in Evidence(game, 0, beta=1.0).choices}
    assert 2 in read and unread == read - {2}


#: A 2-seat Block deal: seat 0 poses (any tile: casual lays 3-0), 14 tiles sleep.
BLOCK_HANDS = [
    ["6-0", "5-3", "4-0", "3-1", "3-0", "2-0", "1-0"],
    ["4-4", "4-3", "3-3", "3-2", "2-2", "2-1", "1-1"],
]


def _posed_block(monkeypatch, read_poses: bool):
    monkeypatch.setitem(
        hooks.HOOKS, "block", dataclasses.replace(hooks.HOOKS["block"], read_poses=read_poses)
    )
    dealt = {t for hand in BLOCK_HANDS for t in hand}
    sleeping = [str(t) for t in TILES if str(t) not in dealt]
    game = new_match("block", 2).start_game([list(h) for h in BLOCK_HANDS], sleeping, first=0)
    game.apply(bots.choose("casual", game, 0, random.Random(1)))
    return game


def test_a_free_pose_is_read_as_a_choice(monkeypatch):
    game = _posed_block(monkeypatch, read_poses=True)
    [pose] = Evidence(game, 1, beta=1.0).choices
    assert pose.on is None and pose.seat == 0
    assert Evidence(game, 1, beta=1.0).seat_log_weight(0, game.hands[0]) > -1.0
    unread = _posed_block(monkeypatch, read_poses=False)
    assert Evidence(unread, 1, beta=1.0).choices == []


def test_a_hand_with_a_better_pose_than_the_one_made_weighs_less(monkeypatch):
    game = _posed_block(monkeypatch, read_poses=True)
    posed = game.log[0].tile
    assert str(posed) == "3-0"
    evidence = Evidence(game, 1, beta=1.0)
    real = game.hands[0]
    kept = min(bits(real), key=lambda t: PIPS[t])  # its lightest tile for the 6-6, unseen to 1
    six_six = to_tile("6-6")
    heavier = real & ~(1 << kept) | 1 << six_six
    assert posed != six_six
    assert evidence.seat_log_weight(0, heavier) < evidence.seat_log_weight(0, real) - 1.0


def test_a_forced_pose_says_nothing(monkeypatch):
    monkeypatch.setitem(
        hooks.HOOKS, "cutthroat", dataclasses.replace(hooks.HOOKS["cutthroat"], read_poses=True)
    )
    game, _ = six_six_game()  # 6-6 must open the first Cut-Throat game
    assert Evidence(game, 0, beta=1.0).choices == []
