"""Passes, draws and fines the table makes for a player are explained to that player where they
happen, in the rule book's words for the style (issue 42), not only in the log."""

from __future__ import annotations

import pytest

from games import engine
from games.live import rendering
from games.live.presenters.narration import your_news
from games.models import Game, Move
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_turn

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def news(style: str, recent: list, *, turn: int | None = 1, viewer: int | None = 0) -> list:
    view = {"over": False, "turn": turn}
    return your_news(recent, view, viewer, engine.STYLES[style], NAMES)


def move(seq: int, seat: int, kind: str, tile: str = "", detail: dict | None = None) -> list:
    reason = "" if kind == "play" else "forced"
    return [seq, seat, kind, tile, "6-6" if kind == "play" else "", reason, detail or {}]


def test_a_pass_in_doubles_with_two_tiles_left_says_the_boneyard_rule():
    recent = [move(1, 3, "play", "6-5"), move(2, 0, "pass")]
    assert news("doubles", recent) == [
        "You pass: no tile fits, and Doubles never draws the last two tiles of the boneyard."
    ]


def test_a_draw_that_does_not_fit_in_doubles_says_one_draw_a_turn():
    recent = [move(1, 3, "play", "6-5"), move(2, 0, "draw", "3-1"), move(3, 0, "pass")]
    assert news("doubles", recent) == [
        "You drew 3-1 and it does not fit: in Doubles you draw one tile a turn, so you pass."
    ]


def test_a_pass_in_draw_says_the_boneyard_is_empty():
    recent = [move(1, 3, "play", "6-5"), move(2, 0, "draw", "3-1"), move(3, 0, "draw", "2-0"),
              move(4, 0, "pass")]  # fmt: skip
    assert news("draw", recent) == [
        "You drew 2 tiles and none fits: the boneyard is empty, so you pass."
    ]
    assert news("draw", [move(1, 3, "play", "6-5"), move(2, 0, "pass")]) == [
        "You pass: no tile fits and the boneyard is empty."
    ]


@pytest.mark.parametrize("style", ["cutthroat", "partner", "block", "french"])
def test_a_pass_where_nobody_draws_says_no_tile_fits(style):
    assert news(style, [move(1, 3, "play", "6-5"), move(2, 0, "pass")]) == [
        "You pass: no tile fits."
    ]


def test_tiles_drawn_for_you_are_said_while_you_choose_where_the_last_one_goes():
    recent = [move(1, 3, "play", "6-5"), move(2, 0, "draw", "3-1"), move(3, 0, "draw", "5-2")]
    assert news("draw", recent, turn=0) == ["Nothing fitted, so you drew 2 tiles: 3-1 and 5-2."]


def test_a_third_pass_in_a_row_is_fined_at_the_moment():
    recent = [move(1, 3, "play", "6-5"), move(2, 0, "pass", detail={"fines": [[0, 10, "third"]]})]
    assert news("french", recent) == ["You pass: no tile fits.", "Third pass in a row: fined 10."]


def test_all_three_passing_after_one_tile_is_explained_to_the_fined_and_to_the_player():
    fines = {"fines": [[1, 10, "all"], [2, 10, "all"], [3, 10, "all"]]}
    recent = [move(1, 0, "play", "6-5"), move(2, 1, "pass"), move(3, 2, "pass"),
              move(4, 3, "pass", detail=fines)]  # fmt: skip
    assert news("french", recent, viewer=1, turn=0) == [
        "You pass: no tile fits.",
        "Nobody could follow Ann's tile: all three who passed are fined 10 each, you too.",
    ]
    assert news("french", recent, viewer=0, turn=0) == [
        "Nobody could follow your tile: the three others are fined 10 each."
    ]


def test_the_line_stays_until_your_next_move_and_a_watcher_or_a_finished_game_gets_none():
    recent = [move(1, 3, "play", "6-5"), move(2, 0, "pass")]
    assert news("block", recent, turn=0) == ["You pass: no tile fits."]
    assert news("block", [*recent, move(3, 1, "pass"), move(4, 0, "play", "5-5")], turn=1) == []
    assert news("block", recent, viewer=None) == []
    assert your_news(recent, {"over": True, "turn": None}, 0, engine.STYLES["block"], NAMES) == []


@pytest.mark.django_db
def test_the_table_stores_why_it_fined_and_shows_the_fined_player_at_once():
    ann = make_user("ann")
    for seed in range(1, 40):
        table = make_table(ann, style="french", turn_clock=0)
        match = start_table(table, seed=seed)
        for _ in range(200):
            game = current(match)
            if game.state != Game.State.PLAYING:
                break
            if game.turn != 0 and _fined(game.recent, 0):
                shown = rendering.render_live(table.pk, ann, "en")[0]
                assert "You pass: no tile fits." in shown or "Nobody could follow" in shown
                assert "fined 10" in shown
                kinds = {fine[2] for m in Move.objects.filter(game=game)
                         for fine in m.detail.get("fines", [])}  # fmt: skip
                assert kinds <= {"third", "all"} and kinds
                return
            play_turn(game.pk, game.version)
        table.delete()
    pytest.fail("no French deal fined seat 0")


def _fined(recent: list, seat: int) -> bool:
    """Whether the last moves (since ``seat``'s last turn) fined ``seat``."""
    since = max((i for i, m in enumerate(recent) if m[1] == seat), default=None)
    if since is None:
        return False
    return any(fine[0] == seat for m in recent[since:] for fine in m[6].get("fines", []))


@pytest.mark.django_db
def test_a_doubles_player_passed_with_two_tiles_left_reads_the_rule_on_the_table():
    ann = make_user("ann")
    for seed in range(1, 60):
        table = make_table(ann, style="doubles", turn_clock=0)
        match = start_table(table, seed=seed)
        for _ in range(200):
            game = current(match)
            if game.state != Game.State.PLAYING:
                break
            mine = [i for i, m in enumerate(game.recent) if m[1] == 0]
            alone = mine and mine[-1] > 0 and game.recent[mine[-1] - 1][1] != 0
            if game.turn != 0 and alone and game.recent[mine[-1]][2] == "pass":
                shown = rendering.render_live(table.pk, ann, "en")[0]
                assert "Doubles never draws the last two tiles of the boneyard" in shown
                assert 'id="table-news"' in shown
                return
            play_turn(game.pk, game.version)
        table.delete()
    pytest.fail("no Doubles deal made seat 0 pass without drawing")
