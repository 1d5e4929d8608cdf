"""Properties of the engine over random legal play, for every style, seat count and option mix.

Each example plays a seeded match with uniformly random legal moves and checks what must hold at
every step (tiles conserved, views leak nothing) and across the engine's boundaries (record export
and import, snapshots, the shared examples).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    Action,
    IllegalMove,
    MatchState,
    load_record,
    load_snapshot,
    make_record,
    make_snapshot,
    match_score,
    match_view,
    new_match,
    sample_hidden,
    score,
)
from games.engine.tiles import FULL, NAMES, PIPS, SUIT

COMBOS = [
    ("cutthroat", 4, {}),
    ("cutthroat", 4, {"first_to_six": True}),
    ("partner", 4, {}),
    ("partner", 4, {"first_to_six": True}),
    ("block", 2, {}),
    ("block", 4, {}),
    ("block", 4, {"teams": True, "target": 60}),
    ("draw", 2, {"target": 80}),
    ("draw", 4, {}),
    ("draw", 4, {"teams": True}),
    ("french", 4, {}),
    ("french", 4, {"target": 150}),
    ("french", 4, {"double_blank_ten": True}),
    ("doubles", 2, {}),
    ("doubles", 3, {"target": 70}),
    ("doubles", 4, {}),
]
EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"
SNAPSHOT_LIMIT = 2048
MAX_GAMES = 12  # enough to cross set/target boundaries, short enough to keep the suite fast

combos = st.sampled_from(COMBOS)
seeds = st.integers(min_value=0, max_value=10**9)
quick = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(
    match: MatchState, rng: random.Random, games: int = MAX_GAMES, each_step=None
) -> MatchState:
    """Uniformly random legal moves until the match ends or ``games`` games are done."""
    while not match.over and match.games_played < games:
        game = match.start_game()
        steps = 0
        while not game.over:
            if each_step is not None:
                each_step(match)
            game.apply(rng.choice(game.legal_moves()))
            steps += 1
            assert steps < 400, "a game must end"
    return match


def visible_tiles(match: MatchState, viewer: int | None) -> int:
    game = match.game
    if game.over:
        return FULL
    own = game.hands[viewer] if viewer is not None else 0
    return game.placed | own


# -- conservation and termination ---------------------------------------------------------------


@quick
@given(combos, seeds)
def test_every_tile_is_in_exactly_one_place_at_every_step(combo, seed):
    style, seats, options = combo

    def check(match: MatchState) -> None:
        game = match.game
        seen = 0
        for hand in game.hands:
            assert not seen & hand
            seen |= hand
        assert not seen & game.placed
        assert not seen & game.sleeping
        assert seen | game.placed | game.sleeping == FULL
        assert game.sleeping.bit_count() == game.boneyard_left or style == "block"

    play(new_match(style, seats, options, seed), random.Random(seed), each_step=check)


@quick
@given(combos, seeds)
def test_matches_end_and_every_game_ends_with_a_result(combo, seed):
    style, seats, options = combo
    match = play(new_match(style, seats, options, seed), random.Random(seed), games=60)
    for result in match.results:
        assert result.end in ("domino", "blocked")
        assert len(result.counts) == seats
        assert len(result.points) == len(match.parties)
    assert match.over or match.games_played == 60
    if match.over:
        assert match.result in ("six-love", "bruck", "six", "target")


@quick
@given(combos, seeds)
def test_a_seat_that_cannot_place_gets_exactly_one_pass_or_draw(combo, seed):
    style, seats, options = combo

    def check(match: MatchState) -> None:
        game = match.game
        moves = game.legal_moves()
        assert moves, "the seat to act always has a move"
        kinds = {m.kind for m in moves}
        if kinds != {"play"}:
            assert len(moves) == 1
        for other in range(seats):
            if other != game.turn:
                assert game.legal_moves(other) == []
        assert len(set(moves)) == len(moves), "alike sides of one tile are one move"

    play(new_match(style, seats, options, seed), random.Random(seed), games=3, each_step=check)


@quick
@given(combos, seeds)
def test_pass_is_refused_when_a_tile_fits(combo, seed):
    style, seats, options = combo
    refused = 0

    def check(match: MatchState) -> None:
        nonlocal refused
        game = match.game
        moves = game.legal_moves()
        if moves[0].kind == "play" and game.board.fit:
            with pytest.raises(IllegalMove, match="cannot pass"):
                game.apply(Action.pass_(game.turn))
            refused += 1

    play(new_match(style, seats, options, seed), random.Random(seed), games=2, each_step=check)
    assert refused


@quick
@given(combos, seeds)
def test_moves_of_the_wrong_seat_are_refused_and_change_nothing(combo, seed):
    style, seats, options = combo

    def check(match: MatchState) -> None:
        game = match.game
        before = make_snapshot(match)
        move = game.legal_moves()[0]
        wrong = move._replace(seat=(move.seat + 1) % seats)
        with pytest.raises(IllegalMove, match="turn"):
            game.apply(wrong)
        assert make_snapshot(match) == before

    play(new_match(style, seats, options, seed), random.Random(seed), games=1, each_step=check)


@quick
@given(combos, seeds)
def test_apply_accepts_exactly_the_listed_legal_moves(combo, seed):
    style, seats, options = combo
    rng = random.Random(seed ^ 2)

    def check(match: MatchState) -> None:
        if rng.random() > 0.2:
            return
        game = match.game
        seat = game.turn
        legal = set(game.legal_moves())
        targets = [None, *(t for t in range(28) if game.placed >> t & 1)]
        candidates = {Action.pass_(seat), Action.draw(seat)}
        for tile in game.hand(seat):
            candidates.update(Action.play(seat, tile, on) for on in targets)
        for move in candidates:
            trial = game.copy()
            try:
                trial.apply(move)
                accepted = True
            except IllegalMove:
                accepted = False
            assert accepted == (move in legal), (move, sorted(legal))

    play(new_match(style, seats, options, seed), random.Random(seed), games=2, each_step=check)


# -- views --------------------------------------------------------------------------------------


@quick
@given(combos, seeds)
def test_a_view_never_shows_a_tile_its_viewer_may_not_see(combo, seed):
    style, seats, options = combo
    rng = random.Random(seed ^ 1)

    def check(match: MatchState) -> None:
        if rng.random() > 0.15:
            return
        for viewer in [None, *range(seats)]:
            view = match_view(match, viewer)
            text = json.dumps(view)
            allowed = visible_tiles(match, viewer)
            for tile in range(28):
                if not allowed >> tile & 1:
                    assert f'"{NAMES[tile]}"' not in text, (viewer, NAMES[tile])
            assert "seed" not in text and "boneyard_tiles" not in text
            if viewer is None and not match.game.over:
                assert view["hand"] is None and "hands" not in view

    play(new_match(style, seats, options, seed), random.Random(seed), games=3, each_step=check)


@quick
@given(combos, seeds)
def test_events_are_cut_for_each_viewer(combo, seed):
    style, seats, options = combo
    match = new_match(style, seats, options, seed)
    rng = random.Random(seed)
    match.start_game()
    game = match.game
    while not game.over:
        for event in game.apply(rng.choice(game.legal_moves())):
            if event.kind == "drew":
                assert event.audience == event.seat
                assert event.visible_to(event.seat).tile == event.tile
                assert event.public().tile is None
                assert event.to_dict((event.seat + 1) % seats)["tile"] is None
            else:
                assert event.audience is None
                assert event.public() == event
            json.dumps(event.to_dict())


# -- records and snapshots ----------------------------------------------------------------------


@quick
@given(combos, seeds)
def test_a_records_score_equals_the_live_result(combo, seed):
    style, seats, options = combo
    match = play(new_match(style, seats, options, seed), random.Random(seed))
    if not match.over and match.games_played and random.Random(seed).random() < 0.5:
        game = match.start_game()  # leave the last game in progress
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 12)):
            if game.over:
                break
            game.apply(rng.choice(game.legal_moves()))
    record = json.loads(json.dumps(make_record(match)))
    assert score(record) == match_score(match)
    again = load_record(record)
    assert make_record(again) == record
    assert again.totals == match.totals


@quick
@given(combos, seeds)
def test_a_snapshot_round_trip_is_exact_and_plays_the_same_future(combo, seed):
    style, seats, options = combo
    rng = random.Random(seed)
    match = new_match(style, seats, options, seed)
    stop = rng.randrange(0, 200)
    steps = 0
    while not match.over and steps < stop:
        game = match.game if match.game and not match.game.over else match.start_game()
        game.apply(rng.choice(game.legal_moves()))
        steps += 1
    snap = make_snapshot(match)
    text = json.dumps(snap)
    assert len(text) < SNAPSHOT_LIMIT
    copy = load_snapshot(json.loads(text))
    assert make_snapshot(copy) == snap
    assert match_score(copy) == match_score(match)
    for viewer in [None, *range(seats)]:
        assert match_view(copy, viewer) == match_view(match, viewer)
    future_a, future_b = random.Random(seed + 1), random.Random(seed + 1)
    for _ in range(120):
        if match.over:
            break
        for m in (match, copy):
            if m.game is None or m.game.over:
                m.start_game()
        assert copy.game.legal_moves() == match.game.legal_moves()
        moves = match.game.legal_moves()
        pick = future_a.randrange(len(moves))
        future_b.randrange(len(moves))
        assert copy.apply(moves[pick]) == match.apply(moves[pick])
    assert match_score(copy) == match_score(match)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([c for c in COMBOS if c[0] in ("french", "block", "cutthroat")]), seeds)
def test_a_snapshot_of_a_long_match_stays_under_2kb(combo, seed):
    style, seats, options = combo
    options = {**options, "target": 150} if style == "french" else options
    rng = random.Random(seed)
    match = new_match(style, seats, options, seed)
    largest = 0

    def check(m: MatchState) -> None:
        nonlocal largest
        largest = max(largest, len(json.dumps(make_snapshot(m))))

    play(match, rng, games=40, each_step=check)
    assert largest < SNAPSHOT_LIMIT


# -- simulation helpers -------------------------------------------------------------------------


@quick
@given(combos, seeds)
def test_a_copy_plays_the_same_future_without_touching_the_match(combo, seed):
    style, seats, options = combo
    rng = random.Random(seed)
    match = new_match(style, seats, options, seed)
    game = match.start_game()
    for _ in range(rng.randrange(0, 15)):
        if game.over:
            return
        game.apply(rng.choice(game.legal_moves()))
    before = make_snapshot(match)
    clone = game.copy()
    choices = random.Random(seed + 7)
    for _ in range(400):
        if clone.over:
            break
        clone.apply(choices.choice(clone.legal_moves()))
    assert make_snapshot(match) == before
    assert clone.result is not None


@quick
@given(combos, seeds)
def test_a_sampled_hidden_world_keeps_what_the_seat_knows(combo, seed):
    style, seats, options = combo
    rng = random.Random(seed)
    game = new_match(style, seats, options, seed).start_game()
    for _ in range(rng.randrange(0, 12)):
        if game.over:
            return
        game.apply(rng.choice(game.legal_moves()))
    seat = rng.randrange(seats)
    world = sample_hidden(game, seat, rng)
    assert world.hands[seat] == game.hands[seat]
    assert world.placed == game.placed
    assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in game.hands]
    assert world.boneyard_left == game.boneyard_left
    for _ in range(400):
        if world.over:
            break
        world.apply(rng.choice(world.legal_moves()))
    assert world.over


# -- scoring cross-checks -----------------------------------------------------------------------


def independent_french_points(game_record: dict, counts: list[int], hands: list[int]) -> list[int]:
    """French game score plus fines, worked out from the moves alone (a second opinion)."""
    moves = game_record["moves"]
    fines = [0, 0, 0, 0]
    streak = [0, 0, 0, 0]
    since_play = 0
    for move in moves:
        seat = move["seat"]
        if "pass" in move:
            streak[seat] += 1
            since_play += 1
            if streak[seat] == 3:
                fines[seat] += 10
                streak[seat] = 0
            if since_play == 3:
                for other in range(4):
                    if other != (seat + 1) % 4:
                        fines[other] += 10
        else:
            streak[seat] = 0
            since_play = 0
    last = moves[-1]
    dominoed = "play" in last and not hands[last["seat"]]
    if dominoed:
        winner = last["seat"]
    else:
        low = min(counts)
        winner = counts.index(low) if counts.count(low) == 1 else None
    doubled = dominoed and last["play"][0] == last["play"][2]
    points = []
    for seat in range(4):
        doubles = sum(1 for n in range(7) if hands[seat] >> (n * (n + 1) // 2 + n) & 1)
        value = counts[seat] << doubles
        if doubled and seat != winner:
            value *= 2
        points.append(value + fines[seat])
    return points


@quick
@given(st.sampled_from([c for c in COMBOS if c[0] == "french"]), seeds)
def test_french_points_are_the_doubled_count_plus_fines(combo, seed):
    style, seats, options = combo
    match = play(new_match(style, seats, options, seed), random.Random(seed), games=6)
    record = make_record(match)
    for game, result, data in zip(match.games, match.results, record["games"], strict=False):
        expected = independent_french_points(data, list(result.counts), game.hands)
        assert list(result.points) == expected


@quick
@given(st.sampled_from([c for c in COMBOS if c[0] in ("block", "draw", "doubles")]), seeds)
def test_count_scored_styles_pay_the_winner_the_losers_counts(combo, seed):
    style, seats, options = combo
    match = play(new_match(style, seats, options, seed), random.Random(seed), games=6)
    for game, result in zip(match.games, match.results, strict=False):
        counts = [sum(PIPS[t] for t in range(28) if h >> t & 1) for h in game.hands]
        assert list(result.counts) == counts
        results = [sum(counts[s] for s in party) for party in match.parties]
        if result.winner is None:
            assert result.end == "blocked" and not any(result.points)
            continue
        others = sum(r for p, r in enumerate(results) if p != result.winner)
        own = 0 if style == "doubles" else results[result.winner]  # Doubles: others' counts only
        expected = max(0, others - own)
        assert result.points[result.winner] == expected
        assert sum(result.points) == expected


@quick
@given(st.sampled_from([c for c in COMBOS if c[0] in ("cutthroat", "partner")]), seeds)
def test_a_key_card_needs_both_suits_complete_and_both_ends_matched(combo, seed):
    style, seats, options = combo
    match = play(new_match(style, seats, options, seed), random.Random(seed), games=8)
    for game, result in zip(match.games, match.results, strict=False):
        if not result.key_card:
            continue
        last = game.log[-1]
        tile = last.tile
        assert not tile.is_double and result.end == "domino"
        suits = SUIT[tile.high] | SUIT[tile.low]
        assert game.placed & suits == suits
        assert result.points[result.winner] == 2


# -- the shared examples ------------------------------------------------------------------------


def example_pairs() -> list[tuple[Path, Path]]:
    if not EXAMPLES.is_dir():
        return []
    return [
        (p, p.with_name(p.stem + ".score.json"))
        for p in sorted(EXAMPLES.glob("*.json"))
        if not p.name.endswith(".score.json")
    ]


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="shared examples not present")
@pytest.mark.parametrize("record_path,score_path", example_pairs(), ids=lambda p: p.name)
def test_each_shared_example_scores_exactly_as_expected(record_path, score_path):
    record = json.loads(record_path.read_text())
    assert score(record) == json.loads(score_path.read_text())
