"""Duplicate scoring of a same-deals event: each deal compared, seat by seat, with everyone who
held the same tiles (docs/tournaments.md, "Duplicate scoring"). Hand-worked examples for every
style, the averages, the worked example of the docs through the whole event, the CSV files, and
a property: the deals CSV alone recomputes every score and the standings' order."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game, Match
from tests.tournaments.factories import enter, open_event, owner_of
from tournaments import exports
from tournaments.formats import duplicate
from tournaments.formats.duplicate import Holding, matchpoints, result_key
from tournaments.models import Tournament
from tournaments.services import events, results
from tournaments.services.state import snapshot

SOLO4 = [[0], [1], [2], [3]]
TEAMS = [[0, 2], [1, 3]]


def game(points, winner, counts, end="domino"):
    return {"end": end, "winner": winner, "key_card": False, "stake": 1, "counts": counts,
            "points": points}  # fmt: skip


def percents(keys, averages=None):
    holdings = [
        Holding(i, key, (averages or {}).get(i, duplicate.AVERAGE)) for i, key in enumerate(keys)
    ]
    return [float(s.percentage) for s in matchpoints(holdings)]


# -- the comparison rule of each style ------------------------------------------------------


def test_cutthroat_compares_points_then_the_winner_first():
    won_key_card = game([2, 0, 0, 0], 0, [0, 10, 12, 20])
    won = game([1, 0, 0, 0], 0, [0, 10, 12, 20])
    drawn = game([0, 0, 0, 0], None, [3, 3, 8, 9], end="blocked")
    lost = game([0, 1, 0, 0], 1, [5, 0, 12, 20])
    keys = [result_key("cutthroat", g, 0, SOLO4) for g in (won_key_card, won, drawn, lost)]
    # 2 points beats 1; a draw and a loss both score 0 for seat 1 and tie
    assert percents(keys) == [100.0, pytest.approx(200 / 3), pytest.approx(100 / 6),
                              pytest.approx(100 / 6)]  # fmt: skip


def test_partner_compares_the_sides_result_for_each_seat():
    ours = game([1, 0], 0, [9, 4, 0, 7])  # seat 3 (our partner) went out
    theirs = game([0, 1], 1, [0, 6, 3, 0])
    # seat 1 (index 0) holds the same tiles at both tables: its side won at the first
    assert percents([result_key("partner", g, 0, TEAMS) for g in (ours, theirs)]) == [100, 0]
    # seat 2 (index 1) is on the other side: the reverse
    assert percents([result_key("partner", g, 1, TEAMS) for g in (ours, theirs)]) == [0, 100]


def test_block_two_seats_points_then_winner_then_fewer_pips():
    parties = [[0], [1]]
    big = game([15, 0], 0, [0, 15])
    small = game([3, 0], 0, [0, 3])
    nothing_but_won = game([0, 0], 0, [0, 0])  # a domino with the other hand empty too
    lost_light = game([0, 4], 1, [4, 0], end="blocked")
    lost_heavy = game([0, 20], 1, [20, 0])
    keys = [result_key("block", g, 0, parties)
            for g in (big, small, nothing_but_won, lost_light, lost_heavy)]  # fmt: skip
    assert percents(keys) == [100, 75, 50, 25, 0]


def test_draw_four_seats_as_two_teams_counts_the_sides_pips():
    ahead = game([10, 0], 0, [0, 4, 6, 6])
    behind_light = game([0, 2], 1, [3, 0, 1, 0], end="blocked")
    behind_heavy = game([0, 12], 1, [9, 0, 5, 0])
    keys = [result_key("draw", g, 2, TEAMS) for g in (ahead, behind_light, behind_heavy)]
    assert percents(keys) == [100, 50, 0]


def test_doubles_three_seats_scores_the_points_taken_off_the_others():
    parties = [[0], [1], [2]]
    out = game([0, 25, 0], 1, [10, 0, 15])
    blocked_low = game([0, 12, 0], 1, [7, 2, 5], end="blocked")
    lost = game([30, 0, 0], 0, [0, 12, 18])
    keys = [result_key("doubles", g, 1, parties) for g in (out, blocked_low, lost)]
    assert percents(keys) == [100, 50, 0]


def test_french_lower_penalty_is_better():
    low = game([0, 22, 30, 14], 0, [0, 11, 15, 7])
    high = game([40, 0, 10, 12], 1, [20, 0, 5, 6])
    same = game([0, 22, 30, 14], 0, [0, 11, 15, 7])
    keys = [result_key("french", g, 0, SOLO4) for g in (low, high, same)]
    assert percents(keys) == [75, 0, 75]


# -- averages ---------------------------------------------------------------------------------


def test_a_holder_that_could_not_play_gets_an_average_not_a_zero():
    scores = matchpoints([Holding("t1", (1, 1)), Holding("t2", (0, 0)), Holding("t3", None)])
    assert [s.average for s in scores] == ["", "", "A"]
    assert [float(s.percentage) for s in scores] == [100, 0, 50]
    assert scores[2].top == 1 and scores[2].matchpoints == Fraction(1, 2)


def test_a_forfeiter_gets_average_minus():
    scores = matchpoints([Holding(1, (1, 1)), Holding(2, (0, 0)),
                          Holding(3, None, duplicate.AVERAGE_MINUS)])  # fmt: skip
    assert scores[2].average == "A-" and scores[2].percentage == 40


def test_fewer_than_two_holders_have_nothing_to_compare_and_score_average():
    alone = matchpoints([Holding(1, (1, 1)), Holding(2, None)])
    assert alone[0].alone and alone[0].average == "A" and alone[0].percentage == 50
    assert matchpoints([Holding(1, (0, 0))])[0].percentage == 50


def test_totals_are_the_mean_percentage_over_the_deals_held():
    won = matchpoints([Holding(1, (1,)), Holding(2, (0,))])[0]
    scored = duplicate.totals([("a", won), ("a", matchpoints([Holding(1, None)])[0])])
    assert scored["a"].deals == 2 and scored["a"].percentage == 75 and scored["a"].total == 150


# -- the worked example of the docs, through a whole event -----------------------------------

#: docs/tournaments.md, "A worked example": three Cut-Throat tables, two deals.
EXAMPLE = {
    1: [game([1, 0, 0, 0], 0, [0, 12, 9, 21]),  # table 1: seat 1 dominoes
        game([0, 2, 0, 0], 1, [14, 0, 6, 11]) | {"key_card": True}],  # seat 2, key card
    2: [game([0, 0, 1, 0], 2, [11, 9, 4, 17], end="blocked"),  # seat 3 lowest count
        game([0, 1, 0, 0], 1, [8, 0, 13, 10])],  # seat 2 dominoes
    3: [game([0, 0, 0, 0], None, [5, 8, 5, 12], end="blocked"),  # seats 1 and 3 tie: a draw
        game([0, 0, 0, 2], 3, [9, 16, 7, 0]) | {"stake": 2}],  # worth 2 after the draw
}  # fmt: skip
#: Each seat's percentage, table by table, deal 1 then deal 2 (worked by hand in the docs).
EXPECTED = {
    1: [(100, 50), (50, 100), (25, 50), (50, 25)],
    2: [(25, 50), (50, 50), (100, 50), (50, 25)],
    3: [(25, 50), (50, 0), (25, 50), (50, 100)],
}


def _example_event(club, results_by_table=EXAMPLE, style="cutthroat"):
    event = open_event(club, name="Duplicate night", style=style, seats=4, format="swiss_tables",
                       format_options={"rounds": 1}, same_deals=True, turn_clock=0,
                       play_mode="games", games_per_table=2)  # fmt: skip
    enter(event, 12)
    boss = owner_of(club)
    row = events.start(event, boss)
    tables = list(row.tables.select_related("match").order_by("number"))
    for table in tables:
        results.record_result(event, boss, table, [1, 2, 3, 4], "played on paper")
    set_games(tables, results_by_table)
    event.refresh_from_db()
    return event, tables


def set_games(tables, results_by_table):
    for table in tables:
        Match.objects.filter(pk=table.match_id).update(state=Match.State.OVER)
        for number, result in enumerate(results_by_table[table.number], start=1):
            Game.objects.update_or_create(
                match_id=table.match_id, number=number,
                defaults={"state": Game.State.OVER, "result": result, "snapshot": {},
                          "deal": {"first": 0}},
            )  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_the_worked_example_of_the_docs(club):
    event, tables = _example_event(club)
    assert event.duplicate
    snap = snapshot(event)
    scored = snap.duplicate_scores[0]
    for table in tables:
        for seat, (first, second) in enumerate(EXPECTED[table.number]):
            got = []
            for deal in scored.deals:
                holder = next(h for h in deal.seats[seat].holders if h.table == table.number)
                got.append(float(holder.score.percentage))
            assert got == [first, second], (table.number, seat)
    standings = snap.standings()
    by_entry = {line.entrant: line for line in standings}
    expected_mean = {table.seats[s]: sum(EXPECTED[table.number][s]) / 2
                     for table in tables for s in range(4)}  # fmt: skip
    assert {e: float(line.duplicate.percentage) for e, line in by_entry.items()} == expected_mean
    best = sorted(expected_mean.values(), reverse=True)
    assert [float(line.duplicate.percentage) for line in standings] == best
    assert standings[0].rank == 1 and standings[-1].duplicate.percentage == 25
    # the loser at table 3 of deal 2 (seat 2, 0 %) won nothing with tiles that won elsewhere


@pytest.mark.django_db(transaction=True)
def test_a_deal_a_table_could_not_play_is_an_average_and_a_forfeit_average_minus(club):
    from tournaments.models import TableAssignment

    event, tables = _example_event(club)
    third = tables[2]
    Game.objects.filter(match_id=third.match_id, number=2).delete()
    Match.objects.filter(pk=third.match_id).update(state=Match.State.ABANDONED)
    TableAssignment.objects.filter(pk=tables[0].pk).update(forfeited=[tables[0].seats[3]])
    scored = snapshot(event).duplicate_scores[0]
    deal1, deal2 = scored.deals

    def holder(deal, table, seat):
        return next(h for h in deal.seats[seat].holders if h.table == table)

    # table 3 played deal 1 but could not play deal 2: average, shown as such
    assert holder(deal2, 3, 1).score.average == "A" and holder(deal2, 3, 1).score.percentage == 50
    # the two that played deal 2 are compared between themselves: A2 (2 points) beats B2 (1)
    assert holder(deal2, 1, 1).score.percentage == 100 and holder(deal2, 1, 1).score.top == 1
    assert holder(deal2, 2, 1).score.percentage == 0
    # table 1's seat 4 lost by forfeit: average-minus on every deal, and not compared
    for deal in (deal1, deal2):
        assert holder(deal, 1, 3).score.average == "A-"
        assert holder(deal, 1, 3).score.percentage == 40
    assert holder(deal1, 2, 3).score.top == 1
    # and a deal-seat held by one player only has nothing to compare: average
    assert holder(deal2, 3, 3).score.average == "A"
    assert holder(deal2, 2, 3).score.alone  # B4 alone played seat 4 of deal 2


@pytest.mark.django_db(transaction=True)
def test_the_csv_files_carry_the_scores(club):
    event, _tables = _example_event(club)
    snap = snapshot(event)
    rows = list(csv.reader(io.StringIO(exports.deals_csv(snap))))
    assert len(rows) == 1 + 2 * 4 * 3  # header, then 2 deals x 4 seats x 3 tables
    standings = list(csv.reader(io.StringIO(exports.standings_csv(snap))))
    header = standings[0]
    assert "percentage" in header and "matchpoints" in header
    column = header.index("percentage")
    assert [float(r[column]) for r in standings[1:]] == sorted(
        (sum(p) / 2 for seats in EXPECTED.values() for p in seats), reverse=True
    )


@pytest.mark.django_db(transaction=True)
def test_the_traveller_page_shows_every_holder_with_matchpoints(club):
    event, tables = _example_event(club)
    url = reverse("round_deals", kwargs={"slug": event.slug, "number": 1})
    page = Client(HTTP_HOST="localhost").get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Traveller of deal 2, Seat 2" in text
    assert text.count("went out") >= 3  # the seats that dominoed say so beside their count 0
    assert "100.00" in text and "25.00" in text
    names = {t.number: exports.entry_name(snapshot(event).entries, t.seats[1]) for t in tables}
    assert all(name in text for name in names.values())


def test_a_form_that_turns_same_deals_off_is_scored_by_places():
    event = Tournament(same_deals=False, scoring=Tournament.Scoring.DUPLICATE)
    assert not event.duplicate
    assert Tournament(same_deals=True).duplicate  # the default with same deals


# -- the deals CSV recomputes every score and the standings ---------------------------------

RESULTS = st.fixed_dictionaries({
    "winner": st.sampled_from([None, 0, 1, 2, 3]),
    "points": st.sampled_from([1, 2]),
})  # fmt: skip


def _recompute(rows: list[list[str]]) -> dict[str, list[float]]:
    """Percentages per holder number, recomputed from the deals CSV alone (Cut-Throat: points,
    then the winner first)."""
    header, *lines = rows
    at = {name: header.index(name) for name in header}
    groups = defaultdict(list)
    for line in lines:
        groups[(line[at["round"]], line[at["deal"]], line[at["seat"]])].append(line)
    out = defaultdict(list)
    for group in groups.values():
        played = [r for r in group if r[at["points"]] != ""]
        for line in group:
            if line[at["points"]] == "" or len(played) < 2:
                share = {"A": 50, "A+": 60, "A-": 40}[line[at["average"]] or "A"]
                out[line[at["no."]]].append(float(share))
                continue
            mine = (int(line[at["points"]]), int(line[at["won"]]))
            mp = sum(1 if mine > k else 0.5 if mine == k else 0
                     for k in ((int(r[at["points"]]), int(r[at["won"]])) for r in played
                               if r is not line))  # fmt: skip
            assert float(line[at["matchpoints"]]) == pytest.approx(mp)
            out[line[at["no."]]].append(mp * 100 / (len(played) - 1))
    return out


@pytest.mark.django_db(transaction=True)
def test_the_deals_csv_recomputes_the_standings(club):
    event, tables = _example_event(club)

    @settings(max_examples=12, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
    @given(st.lists(RESULTS, min_size=6, max_size=6))
    def check(drawn):
        chosen = {}
        for index, table in enumerate(tables):
            games = []
            for deal in range(2):
                pick = drawn[index * 2 + deal]
                winner = pick["winner"]
                points = [0, 0, 0, 0]
                if winner is not None:
                    points[winner] = pick["points"]
                games.append(game(points, winner, [5, 6, 7, 8]))
            chosen[table.number] = games
        set_games(tables, chosen)
        snap = snapshot(event)
        rows = list(csv.reader(io.StringIO(exports.deals_csv(snap))))
        recomputed = _recompute(rows)
        standings = snap.standings()
        numbers = {line.entrant: exports.entry_number(snap.entries, line.entrant)
                   for line in standings}  # fmt: skip
        means = {e: sum(recomputed[str(n)]) / len(recomputed[str(n)]) for e, n in numbers.items()}
        for line in standings:
            assert float(line.duplicate.percentage) == pytest.approx(means[line.entrant])
        shown = [means[line.entrant] for line in standings]
        assert shown == sorted(shown, reverse=True)

    check()


@pytest.mark.django_db
@pytest.mark.parametrize("same_deals", [True, False])
def test_the_event_form_scores_duplicate_only_with_same_deals(client, people, same_deals):
    from tests.tournaments.test_event_form import sent_by

    client.force_login(people.organiser)
    data = sent_by(client.get(reverse("event_new")).content.decode())
    assert data["scoring"] == "duplicate"  # the default, for when same deals are on
    data.pop("same_deals", None)
    if same_deals:
        data["same_deals"] = "on"
    assert client.post(reverse("event_new"), data).status_code == 302
    event = Tournament.objects.get()
    assert event.scoring == ("duplicate" if same_deals else "places")
    assert event.duplicate == same_deals
