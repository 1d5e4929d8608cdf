"""The post-game analysis (games.bots.analysis): it judges each decision from the deciding seat's
view only, finds a planted blunder, charges nothing for forced or best moves, and repeats."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games import bots
from games.bots.analysis import analyse_game, band, mark, unit_for
from games.bots.analysis.judge import judge
from games.bots.analysis.luck import position_value
from games.engine import RecordError, load_record, make_record, new_match
from games.engine.record import parse_move
from games.engine.rules import make_rules
from tests.bots.helpers import position, twin

ROOT = Path(__file__).resolve().parents[2]

#: A Cut-Throat game played by casual bots but for move 24 (index 23), planted by hand: seat 0,
#: holding 6-0, 3-1 and 1-0, plays 6-0 on 6-2, where 3-1 on 4-3 would have won the game for sure
#: (every other seat had shown it lacked what followed). It goes on to lose.
PLANTED = {
    "format": "dominoes-record/1",
    "style": "cutthroat",
    "seats": 4,
    "options": {},
    "games": [
        {
            "hands": [
                ["6-0", "5-5", "5-0", "4-4", "3-1", "3-0", "1-0"],
                ["6-6", "6-2", "5-1", "3-3", "3-2", "2-2", "2-0"],
                ["6-5", "6-1", "5-3", "4-3", "4-0", "2-1", "1-1"],
                ["6-4", "6-3", "5-4", "5-2", "4-2", "4-1", "0-0"],
            ],
            "boneyard": [],
            "first": 1,
            "moves": [
                {"seat": 1, "play": "6-6"},
                {"seat": 2, "play": "6-5", "on": "6-6"},
                {"seat": 3, "play": "6-4", "on": "6-6"},
                {"seat": 0, "play": "5-5", "on": "6-5"},
                {"seat": 1, "play": "5-1", "on": "5-5"},
                {"seat": 2, "play": "1-1", "on": "5-1"},
                {"seat": 3, "play": "5-4", "on": "6-4"},
                {"seat": 0, "play": "5-0", "on": "5-4"},
                {"seat": 1, "play": "2-0", "on": "5-0"},
                {"seat": 2, "play": "6-1", "on": "1-1"},
                {"seat": 3, "play": "6-3", "on": "6-1"},
                {"seat": 0, "play": "3-0", "on": "6-3"},
                {"seat": 1, "play": "2-2", "on": "2-0"},
                {"seat": 2, "play": "4-0", "on": "3-0"},
                {"seat": 3, "play": "4-2", "on": "4-0"},
                {"seat": 0, "pass": True},
                {"seat": 1, "play": "6-2", "on": "2-2"},
                {"seat": 2, "play": "2-1", "on": "4-2"},
                {"seat": 3, "play": "4-1", "on": "2-1"},
                {"seat": 0, "play": "4-4", "on": "4-1"},
                {"seat": 1, "pass": True},
                {"seat": 2, "play": "4-3", "on": "4-4"},
                {"seat": 3, "pass": True},
                {"seat": 0, "play": "6-0", "on": "6-2"},
                {"seat": 1, "play": "3-3", "on": "4-3"},
                {"seat": 2, "play": "5-3", "on": "3-3"},
            ],
        }
    ],
}
SMALL = {"worlds": 60, "luck_samples": 40, "draw_samples": 20}


@pytest.fixture(scope="module")
def planted() -> dict:
    return analyse_game(PLANTED, 1, seed=7, **SMALL)


def test_a_planted_blunder_is_found_as_a_big_error(planted):
    row = next(d for d in planted["decisions"] if d["index"] == 23)
    assert row["played"] == {"seat": 0, "play": "6-0", "on": "6-2"}
    assert row["best"] == {"seat": 0, "play": "3-1", "on": "4-3"}
    assert row["cost"] == pytest.approx(1.0)
    assert row["mark"] == "big"
    assert planted["players"][0]["marks"]["big"] >= 1


def test_forced_moves_are_not_judged_or_counted(planted):
    game = load_record({**PLANTED, "games": []}).start_game(
        PLANTED["games"][0]["hands"], [], PLANTED["games"][0]["first"]
    )
    choices = []
    for index, raw in enumerate(PLANTED["games"][0]["moves"]):
        if len(game.legal_moves()) > 1:
            choices.append(index)
        game.apply(parse_move(raw, 4))
    assert [d["index"] for d in planted["decisions"]] == choices
    assert 15 not in choices  # seat 0's pass: forced
    assert sum(p["decisions"] for p in planted["players"]) == len(choices)


def test_the_best_move_costs_nothing():
    game, _ = position("cutthroat", 4, {}, 5, earliest=3)
    first = judge(game, game.legal_moves()[0], random.Random(1), 40)
    best = judge(game, first.legal[first.best], random.Random(1), 40)
    assert best.cost == 0.0
    assert best.mark == ""
    assert best.best == best.played


@pytest.mark.parametrize(
    ("style", "seats"), [("cutthroat", 4), ("french", 4), ("draw", 2), ("doubles", 4)]
)
def test_a_judgement_reads_only_the_seats_view(style, seats):
    checked = 0
    for seed in range(60):
        start = position(style, seats, {}, seed, earliest=3)
        if start is None:
            continue
        game, seat = start
        other = twin(game, seat, random.Random(seed))
        if other is None:
            continue
        assert other.hands != game.hands
        move = game.legal_moves()[0]
        assert judge(game, move, random.Random(2), 20) == judge(other, move, random.Random(2), 20)
        mine = position_value(game, seat, random.Random(3), 20)
        theirs = position_value(other, seat, random.Random(3), 20)
        assert (mine.mean, mine.stderr) == (theirs.mean, theirs.stderr)
        checked += 1
        if checked == 2:
            break
    assert checked, "no twin positions found"


def test_the_same_seed_gives_the_same_analysis(planted):
    assert analyse_game(PLANTED, 1, seed=7, **SMALL) == planted


def test_a_game_still_in_progress_is_refused():
    unfinished = json.loads(json.dumps(PLANTED))
    del unfinished["games"][0]["moves"][-3:]
    with pytest.raises(RecordError, match="not finished"):
        analyse_game(unfinished, 1, **SMALL)


def test_luck_and_the_luck_adjusted_result_add_up(planted):
    for player in planted["players"]:
        assert player["luck"] == pytest.approx(player["deal_luck"] + player["draw_luck"])
        assert player["adjusted"] == pytest.approx(player["result"] - player["luck"])
    assert [p["result"] for p in planted["players"]] == [0.0, 0.0, 1.0, 0.0]


def test_draws_from_the_boneyard_get_their_luck():
    record = _casual_record("draw", 2, seed=4)
    analysis = analyse_game(record, 1, seed=1, **SMALL)
    draws = [m for m in record["games"][0]["moves"] if "draw" in m]
    assert len(analysis["draws"]) == len(draws) > 0
    assert analysis["unit"] == "points"


def test_costs_are_marked_by_the_documented_thresholds():
    win = unit_for(make_rules("cutthroat", 4))
    points = unit_for(make_rules("block", 2))
    assert (win.name, points.name) == ("win", "points")
    assert [mark(c, 0.0, win) for c in (0.01, 0.02, 0.05, 0.1)] == ["", "small", "clear", "big"]
    assert mark(2.0, 0.0, points) == "big"
    assert unit_for(make_rules("draw", 2)).scale == 2 * points.scale  # Hooks.points_scale
    assert mark(0.2, 0.15, win) == ""  # within the noise of the estimate
    assert band(0.0) == "Supernatural"
    assert band(1.0) == "Awful!"


def test_the_command_prints_the_analysis_as_json(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(PLANTED))
    command = [sys.executable, "-m", "games.bots", "analyse", str(path), "--worlds", "10"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)["games"]
    assert [g["game"] for g in games] == [1]


def _casual_record(style: str, seats: int, seed: int) -> dict:
    match = new_match(style, seats, seed=seed)
    game = match.start_game()
    rng = random.Random(seed)
    while not game.over:
        game.apply(bots.choose("casual", game, game.turn, rng))
    return make_record(match)
