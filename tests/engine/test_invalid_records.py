"""Invalid records: ``score`` refuses each with a one-line RecordError naming game and move.

The CLI cases check the same refusal end to end: exit status 2, nothing on standard output, one
line on standard error, no traceback.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import RecordError, score
from tests.engine import test_rules_doubles as dbl
from tests.engine import test_rules_draw as drw
from tests.engine import test_rules_french as fr
from tests.engine.records import (
    ANY_POSE,
    BLOCKED_SEAT1,
    BLOCKED_TIE13,
    DOMINO,
    chain,
    game,
    moves,
    record,
    rotate,
    truncate,
    with_moves,
)
from tests.engine.test_rules_block import TWO_BLOCKED

ROOT = Path(__file__).resolve().parents[2]


def ct(games, **options):
    return record("cutthroat", games, options=options)


def changed(doc, edit):
    """A deep copy of doc after edit(copy) has changed it in place."""
    new = copy.deepcopy(doc)
    edit(new)
    return new


def set_move(doc, game_index, move_index, move):
    """doc with move ``move_index`` (0-based) of game ``game_index`` replaced."""

    def edit(d):
        d["games"][game_index]["moves"][move_index] = move

    return changed(doc, edit)


CUT = ct([DOMINO])  # moves: 0:6-6 1:6-4/6-6 2:4-0/6-4 3:2-0/4-0 0:2-1/2-0 ...
TWO_DRAW = record(
    "draw", [chain("5 2 1 4 6 0 1 1 5 6 1 3 0 2", ["", "6-6"], seats=2, first=0)], seats=2
)
NO_DOUBLE = game(["6-5 6-4 6-3 6-2 6-1 6-0 5-4 5-3", "5-2 5-1 5-0 4-3 4-2 4-1 4-0 3-2"], "0:6-5")
# Block: seat 1 cannot follow 6-6 but seat 0 still holds 6-5, so the game goes on; seat 1 must
# pass, and drawing a sleeping tile is refused.
BLOCK_NOT_BLOCKED = game(
    ["6-6 6-5 0-0 1-0 1-1 2-0 2-1", "5-5 5-4 5-3 4-4 5-2 4-3 3-3"], "0:6-6 1:+6-4", first=0
)
BRUCK = [DOMINO, BLOCKED_SEAT1, rotate(BLOCKED_SEAT1, 1), rotate(BLOCKED_SEAT1, 2)]

# (id, record, pattern the one-line message must match)
INVALID = [
    # --- the document ---
    ("bad_format_string", dict(CUT, format="dominoes-record/2"), r"format"),
    ("format_missing", {k: v for k, v in CUT.items() if k != "format"}, r"format"),
    ("unknown_style", dict(CUT, style="mexican"), r"style|mexican"),
    ("cutthroat_with_two_seats", dict(CUT, seats=2), r"seat"),
    ("partner_with_three_seats", dict(CUT, style="partner", seats=3), r"seat"),
    ("block_with_three_seats", record("block", [], seats=3), r"seat"),
    ("doubles_with_five_seats", record("doubles", [], seats=5), r"seat"),
    ("seats_as_string", dict(CUT, seats="4"), r"seat"),
    ("unknown_option", ct([DOMINO], speed=2), r"speed"),
    ("target_not_for_cutthroat", ct([], target=10), r"target"),
    (
        "first_to_six_not_for_block",
        record("block", [], seats=2, options={"first_to_six": True}),
        r"first_to_six",
    ),
    ("teams_not_for_partner", record("partner", [], options={"teams": True}), r"teams"),
    (
        "double_blank_ten_not_for_doubles",
        record("doubles", [], options={"double_blank_ten": True}),
        r"double_blank_ten",
    ),
    ("teams_with_two_seats", record("block", [], seats=2, options={"teams": True}), r"teams"),
    ("french_target_120", record("french", [], options={"target": 120}), r"target"),
    ("target_zero", record("block", [], seats=2, options={"target": 0}), r"target"),
    ("target_negative", record("draw", [], seats=2, options={"target": -5}), r"target"),
    ("target_as_string", record("block", [], seats=2, options={"target": "100"}), r"target"),
    ("target_as_bool", record("doubles", [], options={"target": True}), r"target"),
    ("target_fraction", record("doubles", [], options={"target": 50.5}), r"target"),
    ("first_to_six_as_string", ct([], first_to_six="yes"), r"first_to_six"),
    ("teams_as_number", record("block", [], options={"teams": 1}), r"teams"),
    (
        "double_blank_ten_as_string",
        record("french", [], options={"double_blank_ten": "no"}),
        r"double_blank_ten",
    ),
    ("options_not_an_object", dict(CUT, options=[]), r"option"),
    ("games_not_a_list", dict(CUT, games={}), r"games"),
    # --- the deal ---
    (
        "hand_wrong_size",
        changed(CUT, lambda d: d["games"][0]["hands"][1].append(d["games"][0]["hands"][0].pop())),
        r"^game 1\b",
    ),
    (
        "duplicate_tile",
        changed(CUT, lambda d: d["games"][0]["hands"][3].__setitem__(0, "6-6")),
        r"^game 1\b",
    ),
    (
        "missing_tile",
        changed(record("block", [TWO_BLOCKED], seats=2), lambda d: d["games"][0]["boneyard"].pop()),
        r"^game 1\b",
    ),
    (
        "invalid_tile_text",
        changed(CUT, lambda d: d["games"][0]["hands"][0].__setitem__(1, "7-1")),
        r"^game 1\b.*7-1",
    ),
    (
        "tile_not_text",
        changed(CUT, lambda d: d["games"][0]["hands"][0].__setitem__(1, 21)),
        r"^game 1\b",
    ),
    (
        "three_hands_for_four_seats",
        changed(CUT, lambda d: d["games"][0]["hands"].pop()),
        r"^game 1\b",
    ),
    (
        "cutthroat_boneyard_not_empty",
        changed(CUT, lambda d: d["games"][0]["boneyard"].append(d["games"][0]["hands"][3].pop())),
        r"^game 1\b",
    ),
    (
        "boneyard_not_a_list",
        changed(
            record("block", [TWO_BLOCKED], seats=2),
            lambda d: d["games"][0].__setitem__("boneyard", "5-1"),
        ),
        r"^game 1\b",
    ),
    (
        "boneyard_repeats_a_hand_tile",
        changed(TWO_DRAW, lambda d: d["games"][0]["boneyard"].__setitem__(0, "5-2")),
        r"^game 1\b",
    ),
    ("doubles_hands_without_a_double", record("doubles", [NO_DOUBLE], seats=2), r"^game 1\b"),
    # --- first ---
    ("first_disagrees_with_six_six_holder", ct([dict(DOMINO, first=1)]), r"^game 1\b"),
    (
        "block_first_game_without_first",
        changed(record("block", [TWO_BLOCKED], seats=2), lambda d: d["games"][0].pop("first")),
        r"^game 1\b",
    ),
    (
        "draw_first_game_without_first",
        changed(TWO_DRAW, lambda d: d["games"][0].pop("first")),
        r"^game 1\b",
    ),
    ("first_out_of_range", record("block", [dict(TWO_BLOCKED, first=2)], seats=2), r"^game 1\b"),
    (
        "block_later_first_not_next_seat",
        record("block", [TWO_BLOCKED, TWO_BLOCKED], seats=2),
        r"^game 2\b",
    ),
    # --- poses ---
    (
        "block_pose_by_seat_other_than_first",
        record("block", [dict(TWO_BLOCKED, first=1)], seats=2),
        r"^game 1, move 1: ",
    ),
    (
        "cutthroat_first_pose_not_six_six",
        set_move(CUT, 0, 0, {"seat": 0, "play": "6-1"}),
        r"^game 1, move 1: ",
    ),
    ("cutthroat_later_game_posed_by_loser", ct([DOMINO, rotate(DOMINO, 1)]), r"^game 2, move 1: "),
    (
        "cutthroat_after_draw_winner_poses_other_tile",
        ct([DOMINO, BLOCKED_TIE13, ANY_POSE]),
        r"^game 3, move 1: ",
    ),
    (
        "partner_after_partners_tie_higher_seat_poses",
        record("partner", [BLOCKED_TIE13, rotate(DOMINO, 3)]),
        r"^game 2, move 1: ",
    ),
    (
        "partner_domino_seat_partner_poses",
        record("partner", [DOMINO, rotate(DOMINO, 2)]),
        r"^game 2, move 1: ",
    ),
    (
        "french_first_pose_not_double_blank",
        record("french", [with_moves(fr.FINES, "0:1-0", keep=0)]),
        r"^game 1, move 1: ",
    ),
    (
        "french_first_pose_by_seat_without_double_blank",
        record("french", [with_moves(fr.FINES, "1:1-1", keep=0)]),
        r"^game 1, move 1: ",
    ),
    (
        "french_opening_skips_next_seat_with_double",
        record("french", [fr.DOUBLE_DOMINO, with_moves(fr.OPENING_PASSED_ON, "3:0-0", keep=0)]),
        r"^game 2, move 1: ",
    ),
    (
        "french_opening_with_non_double",
        record("french", [fr.DOUBLE_DOMINO, with_moves(fr.OPENING_PASSED_ON, "2:3-2", keep=0)]),
        r"^game 2, move 1: ",
    ),
    (
        "french_after_no_winner_not_double_blank",
        record("french", [fr.BLOCKED_TIE, fr.SWAPPED]),
        r"^game 2, move 1: ",
    ),
    (
        "doubles_pose_not_highest_double",
        record("doubles", [with_moves(dbl.THREE_SEATS, "0:4-4", keep=0)], seats=3),
        r"^game 1, move 1: ",
    ),
    (
        "doubles_pose_by_wrong_seat",
        record("doubles", [with_moves(dbl.DRAW_ONE, "1:5-5", keep=0)], seats=4),
        r"^game 1, move 1: ",
    ),
    (
        "pose_with_on",
        set_move(CUT, 0, 0, {"seat": 0, "play": "6-6", "on": "6-6"}),
        r"^game 1, move 1: ",
    ),
    # --- placements, passes, draws ---
    (
        "move_by_wrong_seat",
        set_move(CUT, 0, 1, {"seat": 2, "play": "4-0", "on": "6-6"}),
        r"^game 1, move 2: ",
    ),
    (
        "play_does_not_fit",
        set_move(CUT, 0, 1, {"seat": 1, "play": "5-1", "on": "6-6"}),
        r"^game 1, move 2: .*5-1",
    ),
    (
        "play_of_tile_not_in_hand",
        set_move(CUT, 0, 1, {"seat": 1, "play": "6-5", "on": "6-6"}),
        r"^game 1, move 2: .*6-5",
    ),
    (
        "on_names_tile_not_on_board",
        set_move(CUT, 0, 2, {"seat": 2, "play": "4-0", "on": "5-5"}),
        r"^game 1, move 3: ",
    ),
    ("placement_without_on", set_move(CUT, 0, 1, {"seat": 1, "play": "6-4"}), r"^game 1, move 2: "),
    ("pass_while_able", set_move(CUT, 0, 1, {"seat": 1, "pass": True}), r"^game 1, move 2: "),
    ("draw_in_cutthroat", set_move(CUT, 0, 1, {"seat": 1, "draw": "6-5"}), r"^game 1, move 2: "),
    (
        "draw_in_block",
        record("block", [BLOCK_NOT_BLOCKED], seats=2),
        r"^game 1, move 2: .*draw",
    ),
    (
        "draw_while_able",
        changed(
            TWO_DRAW,
            lambda d: d["games"][0]["moves"].__setitem__(
                1, {"seat": 1, "draw": d["games"][0]["boneyard"][0]}
            ),
        ),
        r"^game 1, move 2: ",
    ),
    (
        "draw_of_wrong_tile",
        record("draw", [with_moves(drw.DRAW_THEN_PLACE, "1:+3-3", keep=1)]),
        r"^game 1, move 2: ",
    ),
    (
        "draw_from_empty_boneyard",
        record("draw", [with_moves(drw.DRAW_THEN_PLACE, "2:+6-5", keep=10)]),
        r"^game 1, move 11: ",
    ),
    (
        "draw_style_pass_after_drawing_placeable",
        record("draw", [with_moves(drw.DRAW_THEN_PLACE, "1:pass", keep=9)]),
        r"^game 1, move 10: ",
    ),
    (
        "doubles_pass_instead_of_draw_with_two_tiles",
        record("doubles", [with_moves(dbl.DOMINO, "1:pass", keep=13)], seats=2),
        r"^game 1, move 14: seat 1 cannot pass: it must draw from the boneyard$",
    ),
    (
        "doubles_pass_instead_of_draw_with_one_tile",
        record("doubles", [with_moves(dbl.ONE_TILE_PASSES, "0:pass", keep=14)], seats=2),
        r"^game 1, move 15: seat 0 cannot pass: it must draw from the boneyard$",
    ),
    (
        "doubles_draw_with_two_left_in_boneyard",
        record("doubles", [with_moves(dbl.DRAW_ONE, "3:+0-0", keep=5)], seats=4),
        r"^game 1, move 6: ",
    ),
    (
        "doubles_second_draw_in_one_turn",
        record("doubles", [with_moves(dbl.DRAW_ONE, "2:+0-0", keep=4)], seats=4),
        r"^game 1, move 5: ",
    ),
    (
        "doubles_drawn_placeable_tile_not_placed",
        record("doubles", [with_moves(dbl.DRAW_ONE, "1:pass", keep=2)], seats=4),
        r"^game 1, move 3: ",
    ),
    (
        "doubles_locked_number",
        record("doubles", [with_moves(dbl.DOMINO, "0:4-0/6-4", keep=6)], seats=2),
        r"^game 1, move 7: ",
    ),
    (
        "doubles_fifth_tile_on_the_pose",
        record("doubles", [with_moves(dbl.DOMINO, "1:6-5/6-6", keep=5)], seats=2),
        r"^game 1, move 6: ",
    ),
    (
        "french_locked_number",
        record("french", [with_moves(fr.DOUBLE_DOMINO, "1:2-1/1-0", keep=5)]),
        r"^game 1, move 6: ",
    ),
    (
        "french_arm_grows_before_cross_is_full",
        record("french", [with_moves(fr.FINES, "1:1-1/1-0", keep=5)]),
        r"^game 1, move 6: ",
    ),
    (
        "french_cross_tile_on_an_arm_before_four_sides",
        record("french", [with_moves(fr.DOUBLE_DOMINO, "2:2-0/1-0", keep=2)]),
        r"^game 1, move 3: ",
    ),
    # --- game and match flow ---
    ("move_after_domino", ct([with_moves(DOMINO, "1:pass", keep=25)]), r"^game 1, move 26: "),
    ("pass_after_block", ct([with_moves(BLOCKED_SEAT1, "2:pass", keep=10)]), r"^game 1, move 11: "),
    (
        "pass_after_block_by_draw",
        record("draw", [with_moves(drw.DRAWN_OUT, "2:pass", keep=18)]),
        r"^game 1, move 19: ",
    ),
    ("unfinished_game_not_last", ct([truncate(DOMINO, 5), DOMINO]), r"^game 1\b"),
    ("game_after_six_love", ct([DOMINO] * 7), r"^game 7\b"),
    ("game_after_bruck", ct([*BRUCK, DOMINO]), r"^game 5\b"),
    ("game_after_target", record("doubles", [dbl.DOMINO] * 6, seats=2), r"^game 6\b"),
    ("game_not_an_object", ct([DOMINO, "next"]), r"^game 2\b"),
    (
        "moves_not_a_list",
        changed(CUT, lambda d: d["games"][0].__setitem__("moves", {})),
        r"^game 1\b",
    ),
    # --- move shapes and types ---
    (
        "extra_key_in_move",
        set_move(CUT, 0, 1, {"seat": 1, "play": "6-4", "on": "6-6", "note": "nice"}),
        r"^game 1, move 2: ",
    ),
    (
        "seat_as_string",
        set_move(CUT, 0, 1, {"seat": "1", "play": "6-4", "on": "6-6"}),
        r"^game 1, move 2: ",
    ),
    (
        "seat_as_bool",
        set_move(CUT, 0, 1, {"seat": True, "play": "6-4", "on": "6-6"}),
        r"^game 1, move 2: ",
    ),
    (
        "seat_out_of_range",
        set_move(CUT, 0, 1, {"seat": 5, "play": "6-4", "on": "6-6"}),
        r"^game 1, move 2: ",
    ),
    ("pass_false", set_move(CUT, 0, 1, {"seat": 1, "pass": False}), r"^game 1, move 2: "),
    (
        "play_as_number",
        set_move(CUT, 0, 1, {"seat": 1, "play": 64, "on": "6-6"}),
        r"^game 1, move 2: ",
    ),
    (
        "play_and_pass_together",
        set_move(CUT, 0, 1, {"seat": 1, "play": "6-4", "on": "6-6", "pass": True}),
        r"^game 1, move 2: ",
    ),
    ("move_without_action", set_move(CUT, 0, 1, {"seat": 1}), r"^game 1, move 2: "),
    ("move_not_an_object", set_move(CUT, 0, 1, ["1", "6-4"]), r"^game 1, move 2: "),
]


@pytest.mark.parametrize(("doc", "pattern"), [pytest.param(d, p, id=i) for i, d, p in INVALID])
def test_invalid_record_is_refused_with_one_line_naming_the_fault(doc, pattern):
    with pytest.raises(RecordError) as caught:
        score(doc)
    message = str(caught.value)
    assert "\n" not in message
    assert re.search(pattern, message, re.IGNORECASE), message


def test_record_error_is_a_value_error():
    assert issubclass(RecordError, ValueError)


def test_compact_moves_parse_as_the_record_format():
    assert moves("0:6-6 1:6-5/6-6 2:pass 3:+3-2") == [
        {"seat": 0, "play": "6-6"},
        {"seat": 1, "play": "6-5", "on": "6-6"},
        {"seat": 2, "pass": True},
        {"seat": 3, "draw": "3-2"},
    ]


# --- command line ---------------------------------------------------------------------------


def run_cli(arg, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "games.engine", "score", arg],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_cli_prints_score_on_one_line(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(CUT))
    done = run_cli(str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1 and done.stdout.endswith("\n")
    assert json.loads(done.stdout) == score(CUT)


def test_cli_reads_standard_input():
    done = run_cli("-", stdin=json.dumps(CUT))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"] == [1, 0, 0, 0]


CLI_INVALID = [
    pytest.param(
        json.dumps(set_move(CUT, 0, 1, {"seat": 1, "play": "5-1", "on": "6-6"})),
        r"^game 1, move 2: ",
        id="illegal_move",
    ),
    pytest.param(json.dumps(dict(CUT, style="mexican")), r"style|mexican", id="unknown_style"),
    pytest.param(json.dumps(ct([DOMINO] * 7)), r"^game 7\b", id="game_after_match_over"),
    pytest.param("{not json", r".", id="not_json"),
    pytest.param("[1, 2, 3]", r".", id="not_an_object"),
]


@pytest.mark.parametrize(("text", "pattern"), CLI_INVALID)
def test_cli_refuses_invalid_record(tmp_path, text, pattern):
    path = tmp_path / "bad.json"
    path.write_text(text)
    done = run_cli(str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert re.search(pattern, lines[0], re.IGNORECASE), lines[0]


def test_cli_refuses_invalid_record_from_standard_input():
    done = run_cli("-", stdin=json.dumps(ct([truncate(DOMINO, 5), DOMINO])))
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr
