"""The ``python -m games.engine`` command, run as a user would, and the engine's import boundary."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine import test_rules_doubles as dbl
from tests.engine.records import expected, record, singles

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT.parent / "shared" / "examples"
ENGINE = ROOT / "games" / "engine"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def examples() -> list[Path]:
    if not EXAMPLES.is_dir():
        return []
    return [p for p in sorted(EXAMPLES.glob("*.json")) if not p.name.endswith(".score.json")]


def assert_refused(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="shared examples not present")
@pytest.mark.parametrize("path", examples(), ids=lambda p: p.name)
def test_score_prints_the_expected_json_on_one_line(path):
    result = run("score", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("\n") == 1
    expected = json.loads(path.with_name(path.stem + ".score.json").read_text())
    assert json.loads(result.stdout) == expected


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="shared examples not present")
def test_score_reads_standard_input_for_a_dash():
    path = examples()[0]
    result = run("score", "-", stdin=path.read_text())
    assert result.returncode == 0, result.stderr
    expected = json.loads(path.with_name(path.stem + ".score.json").read_text())
    assert json.loads(result.stdout) == expected


def test_score_refuses_invalid_json_with_one_line():
    line = assert_refused(run("score", "-", stdin="{not json"))
    assert "JSON" in line


def test_score_refuses_a_missing_file_with_one_line(tmp_path):
    line = assert_refused(run("score", str(tmp_path / "absent.json")))
    assert "absent.json" in line


def test_score_refuses_an_invalid_record_naming_game_and_move():
    record = {
        "format": "dominoes-record/1",
        "style": "block",
        "seats": 2,
        "options": {},
        "games": [
            {
                "hands": [
                    ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"],
                    ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
                ],
                "boneyard": [
                    "4-3",
                    "4-2",
                    "4-1",
                    "4-0",
                    "3-3",
                    "3-2",
                    "3-1",
                    "3-0",
                    "2-2",
                    "2-1",
                    "2-0",
                    "1-1",
                    "1-0",
                    "0-0",
                ],
                "first": 0,
                "moves": [{"seat": 0, "play": "6-6"}, {"seat": 1, "play": "5-3", "on": "6-6"}],
            }
        ],
    }
    line = assert_refused(run("score", "-", stdin=json.dumps(record)))
    assert line.startswith("game 1, move 2: seat 1 cannot place 5-3 on 6-6")


def test_score_refuses_a_record_that_is_not_an_object():
    line = assert_refused(run("score", "-", stdin="[1, 2]"))
    assert "object" in line


@pytest.mark.parametrize(
    "style,seats,options",
    [
        ("cutthroat", 4, "{}"),
        ("partner", 4, '{"first_to_six": true}'),
        ("block", 2, "{}"),
        ("draw", 4, '{"teams": true}'),
        ("french", 4, '{"target": 150}'),
        ("doubles", 3, "{}"),
    ],
)
def test_play_writes_a_record_that_scores_cleanly(style, seats, options):
    played = run(
        "play",
        "--style",
        style,
        "--seats",
        str(seats),
        "--seed",
        "9",
        "--games",
        "3",
        "--options",
        options,
    )
    assert played.returncode == 0, played.stderr
    record = json.loads(played.stdout)
    assert record["format"] == "dominoes-record/1" and record["style"] == style
    assert 1 <= len(record["games"]) <= 3
    scored = run("score", "-", stdin=played.stdout)
    assert scored.returncode == 0, scored.stderr
    assert len(json.loads(scored.stdout)["games"]) == len(record["games"])


def test_score_follows_the_boneyard_rule_on_a_doubles_record_where_a_one_tile_hand_draws(
    tmp_path,
):
    # Seat 0 draws while holding one tile (three times) and the game is blocked by the draw
    # that leaves 2 in the boneyard; the old hand-size reading refused this record.
    path = tmp_path / "doubles.json"
    path.write_text(json.dumps(record("doubles", [dbl.BLOCKED_BY_A_DRAW], seats=2)))
    result = run("score", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected(singles(2), [dbl.BLOCKED_BY_A_DRAW_RESULT])


def _check_the_doubles_draw_rule(one_game: dict) -> int:
    """Check one recorded Doubles game against rule 5 by counting tiles alone, not through the
    engine under test: every draw leaves the boneyard 2 or more, and a pass follows the seat's
    own draw or comes with 2 left. Returns how many draws came from a hand of 1 or 2 tiles."""
    sizes = [len(hand) for hand in one_game["hands"]]
    left = len(one_game["boneyard"])
    small = 0
    previous: dict = {}
    for move in one_game["moves"]:
        seat = move["seat"]
        if "draw" in move:
            assert left >= 3, f"a draw with {left} left: {move}"
            small += sizes[seat] < 3
            sizes[seat] += 1
            left -= 1
        elif "pass" in move:
            drew = previous.get("seat") == seat and "draw" in previous
            assert drew or left <= 2, f"a pass instead of a draw with {left} left: {move}"
        else:
            sizes[seat] -= 1
        previous = move
    return small


def test_play_writes_doubles_records_where_small_hands_draw_and_score_reads_them():
    played = run("play", "--style", "doubles", "--seats", "2", "--seed", "9", "--games", "3")
    assert played.returncode == 0, played.stderr
    doc = json.loads(played.stdout)
    small = sum(_check_the_doubles_draw_rule(one_game) for one_game in doc["games"])
    assert small > 0, "no hand of 1 or 2 tiles drew: the seed no longer shows the rule"
    scored = run("score", "-", stdin=played.stdout)
    assert scored.returncode == 0, scored.stderr
    games = json.loads(scored.stdout)["games"]
    assert len(games) == len(doc["games"])
    for one_game, scored_game in zip(doc["games"], games, strict=True):
        if scored_game["end"] == "blocked":
            drawn = sum("draw" in move for move in one_game["moves"])
            assert len(one_game["boneyard"]) - drawn == 2


def test_play_is_reproducible_for_a_seed():
    first = run("play", "--style", "cutthroat", "--seats", "4", "--seed", "abc")
    second = run("play", "--style", "cutthroat", "--seats", "4", "--seed", "abc")
    assert first.returncode == 0 and first.stdout == second.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--style", "cutthroat", "--seats", "3"],
        ["play", "--style", "chess", "--seats", "4"],
        ["play", "--style", "block", "--seats", "2", "--options", "not json"],
        ["play", "--style", "block", "--seats", "2", "--options", '{"colour": 1}'],
        ["play", "--seats", "4"],
        ["score"],
        ["dance"],
    ],
)
def test_bad_command_lines_exit_2_without_a_traceback(args):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr


def test_nothing_under_the_engine_imports_django():
    pattern = re.compile(r"^\s*(import\s+django|from\s+django)", re.MULTILINE)
    offenders = [p.name for p in ENGINE.rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == []


def test_the_engine_imports_without_django_loaded():
    code = "import sys, games.engine; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
