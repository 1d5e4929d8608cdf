"""The verifiable shuffle: a game dealt from a seed of its own, as docs/engine.md tells it, and
``python -m games.engine verify``, which checks a record's seeds against its commitments and
deals. The reference deal below follows the documented steps, not the engine's code, so a
change to either that breaks reimplementations fails here."""

from __future__ import annotations

import hashlib
import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import RulesError, commitment, game_seed, new_match, verify
from games.engine.cli import play
from games.engine.record import make_record

ROOT = Path(__file__).resolve().parents[2]

STYLES = [
    ("cutthroat", 4, {}),
    ("partner", 4, {}),
    ("block", 2, {}),
    ("block", 4, {"teams": True}),
    ("draw", 2, {}),
    ("draw", 4, {}),
    ("french", 4, {}),
    ("doubles", 2, {}),
    ("doubles", 3, {}),
    ("doubles", 4, {}),
]
HAND = {("block", 2): 7, ("block", 4): 5, ("draw", 2): 7, ("draw", 4): 5, ("doubles", 2): 8,
        ("doubles", 3): 6, ("doubles", 4): 6}  # fmt: skip
NAMES = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]  # id a*(a+1)/2 + b


def documented_deal(seed: str, style: str, seats: int, first_game: bool) -> dict:
    """The deal as docs/engine.md ("The deal, step by step") describes it."""
    blocks = (hashlib.sha512(f"{seed}:{k}".encode()).digest() for k in range(10_000))
    size = HAND.get((style, seats), 7)
    while True:
        while True:
            keys = struct.unpack(">28H", next(blocks)[:56])
            if len(set(keys)) == 28:
                break
        order = sorted(range(28), key=lambda t: keys[t])
        hands = [order[s * size : (s + 1) * size] for s in range(seats)]
        doubles = {a * (a + 1) // 2 + a for a in range(7)}
        if style == "doubles" and not any(set(h) & doubles for h in hands):
            continue
        break
    first = None
    if first_game and style in ("block", "draw"):
        first = next(b % seats for block in blocks for b in block if b < 256 - 256 % seats)
    return {
        "hands": [sorted(NAMES[t] for t in h) for h in hands],
        "boneyard": [NAMES[t] for t in order[seats * size :]],
        "first": first,
    }


@pytest.mark.parametrize(("style", "seats", "options"), STYLES)
@pytest.mark.parametrize("seed", ["a", "3f" * 32, "table 7, game 2"])
def test_a_game_seed_deals_as_the_documented_steps_say(style, seats, options, seed):
    game = new_match(style, seats, options, seed=99).start_game(seed=seed)
    expected = documented_deal(seed, style, seats, first_game=True)
    assert [sorted(str(t) for t in game.hand(s)) for s in range(seats)] == expected["hands"]
    assert [NAMES[t] for t in game.boneyard] == expected["boneyard"]
    if expected["first"] is not None:
        assert game.first == expected["first"]


def test_the_match_seed_and_the_game_index_stay_out_of_a_game_seeds_deal():
    one = new_match("cutthroat", 4, seed=1).start_game(seed="x")
    other = new_match("cutthroat", 4, seed=2)
    other.start_game(seed="y")
    while not other.game.over:
        other.apply(other.legal_moves()[0])
    assert other.start_game(seed="x").dealt == one.dealt


def test_game_seed_s_colon_i_deals_what_match_seed_s_deals_game_i():
    by_match = new_match("doubles", 4, seed=365).start_game()
    assert new_match("doubles", 4).start_game(seed="365:0").dealt == by_match.dealt


def test_a_commitment_is_sha256_of_the_seed_in_hex():
    assert commitment("abc") == hashlib.sha256(b"abc").hexdigest()


def test_derived_game_seeds_differ_per_game_and_hide_their_key():
    seeds = [game_seed("secret key", i) for i in range(50)]
    assert len(set(seeds)) == 50
    assert all("secret" not in s and len(s) == 64 for s in seeds)


def test_a_seed_with_a_given_deal_is_refused():
    match = new_match("cutthroat", 4)
    with pytest.raises(RulesError):
        match.start_game(hands=[["6-6"]], seed="x")
    with pytest.raises(RulesError):
        match.start_game(seed="")


# -- verify --------------------------------------------------------------------------------------


def seeded_record(style: str = "draw", seats: int = 2, games: int = 3) -> dict:
    record = make_record(play(style, seats, 5, games, {}, "key"))
    for index, game in enumerate(record["games"]):
        game["seed"] = game_seed("key", index)
        game["commitment"] = commitment(game["seed"])
    return record


def run(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", *args], cwd=ROOT, input=stdin,
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize(("style", "seats", "options"), STYLES[::2])
def test_verify_accepts_every_game_whose_seed_matches_and_deals_it(style, seats, options):
    record = make_record(play(style, seats, 3, 3, options, "k"))
    for index, game in enumerate(record["games"]):
        game["seed"] = game_seed("k", index)
        game["commitment"] = commitment(game["seed"]).upper()  # hex in either case
    verdict = verify(record)
    assert verdict["verified"] and all(g["verified"] for g in verdict["games"])


def test_verify_command_prints_the_verdict_and_exits_0():
    result = run("verify", "-", stdin=json.dumps(seeded_record()))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("\n") == 1 and result.stderr == ""
    verdict = json.loads(result.stdout)
    assert verdict["verified"] is True and [g["game"] for g in verdict["games"]] == [1, 2, 3]


def test_play_with_game_seeds_writes_a_record_verify_accepts():
    played = subprocess.run(
        [sys.executable, "-m", "games.engine", "play", "--style", "doubles", "--seats", "3",
         "--seed", "4", "--games", "2", "--game-seeds"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert run("verify", "-", stdin=played.stdout).returncode == 0


def test_a_seed_that_does_not_match_its_commitment_exits_1_naming_the_game():
    record = seeded_record()
    record["games"][1]["seed"] = "not the seed"
    result = run("verify", "-", stdin=json.dumps(record))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith("game 2: SHA-256 of the seed is ")
    verdict = json.loads(result.stdout)
    assert [g["verified"] for g in verdict["games"]] == [True, False, True]


def test_a_matching_seed_that_deals_other_hands_exits_1():
    record = seeded_record()
    record["games"][0]["seed"] = "another seed"  # the server would have to find a collision
    record["games"][0]["commitment"] = commitment("another seed")
    result = run("verify", "-", stdin=json.dumps(record))
    assert result.returncode == 1
    assert result.stderr.startswith("game 1: the seed deals seat 0 ")


def test_a_wrong_starter_of_a_block_first_game_is_found():
    record = make_record(play("block", 2, 8, 1, {}, "k"))
    game = record["games"][0]
    game["seed"] = game_seed("k", 0)
    game["commitment"] = commitment(game["seed"])
    assert verify(record)["verified"]
    # The same deal with the other seat starting is still a valid record (the first game's
    # starter is free in a record), but not what the seed drew.
    game["first"] = 1 - game["first"]
    game["moves"] = []
    verdict = verify(record)
    assert not verdict["verified"]
    assert "to start" in verdict["games"][0]["problem"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["games"][0].pop("seed"), "game 1: no seed to verify"),
        (lambda r: r["games"][2].pop("commitment"), "game 3: no commitment"),
        (lambda r: r.update(games=[]), "nothing to verify"),
        (lambda r: r.update(style="chess"), "style: unknown style"),
    ],
)
def test_a_record_with_nothing_to_check_or_invalid_exits_2_with_one_line(change, words):
    record = seeded_record()
    change(record)
    result = run("verify", "-", stdin=json.dumps(record))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and words in result.stderr
