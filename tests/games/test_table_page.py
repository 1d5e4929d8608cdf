"""What the table page says and shows: ends called out, end targets for the player alone,
results and stakes in plain words in the style's own vocabulary, partners and bot levels, the
whole log, and seats that come back seen at once."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from games import engine
from games.live import rendering
from games.live.presenters.board import ends_text
from games.live.presenters.hand import hand_buttons
from games.live.presenters.narration import explain
from games.live.presenters.table_page import set_watch
from games.live.presenters.words import bot_label, vocabulary
from games.models import Move, Seat
from games.services import presence
from tests.factories import DEFAULT_PASSWORD, make_table, make_user, start_table
from tests.games.helpers import current, play_out_game, play_turn, to_two_ends


def seats_named(*names: str) -> list:
    return [SimpleNamespace(player=SimpleNamespace(name=name)) for name in names]


def finished_view(style: str, result: dict, **extra) -> dict:
    """A finished game's view with just what ``explain`` reads."""
    parties = extra.pop("parties", [[0], [1], [2], [3]])
    view = {
        "style": style, "parties": parties, "totals": extra.pop("totals", [0] * len(parties)),
        "options": extra.pop("options", {}), "result": result, "stake": result["stake"],
        "match": {"over": False, "winner": None, "result": None}, "hands": [], "last_move": None,
    }  # fmt: skip
    view.update(extra)
    return view


def lines(found: dict | None) -> str:
    assert found is not None
    return " ".join([found["headline"], *found["lines"]])


# -- ends and choices --------------------------------------------------------------------------


def test_the_ends_are_called_out_from_left_to_right_and_a_trees_highest_first_and_counted():
    line = [{"on": "5-3", "number": 5, "sides": 1}, {"on": "4-1", "number": 4, "sides": 1}]
    assert ends_text(line, "line") == "5 · 4"
    assert ends_text([{"on": "6-6", "number": 6, "sides": 2}], "line") == "6 · 6"
    tree = [{"on": "0-0", "number": 0, "sides": 2}, {"on": "3-0", "number": 3, "sides": 1}]
    assert ends_text(tree, "cross") == "3 · 0 \u00d72"


def test_a_tile_whose_ways_come_to_the_same_plays_at_once_and_one_that_fits_two_numbers_waits():
    view = {"hand": ["6-3", "5-4", "1-0"], "legal": [
        {"kind": "play", "seat": 0, "tile": "6-3", "on": "6-6", "number": 6},
        {"kind": "play", "seat": 0, "tile": "6-3", "on": "6-1", "number": 6},
        {"kind": "play", "seat": 0, "tile": "5-4", "on": "5-2", "number": 5},
        {"kind": "play", "seat": 0, "tile": "5-4", "on": "4-1", "number": 4},
    ]}  # fmt: skip
    hand, targets = hand_buttons(view)
    modes = {item["tile"].name: item["mode"] for item in hand}
    assert modes == {"6-3": "play", "5-4": "choose", "1-0": "idle"}
    assert hand[0]["option"]["label"] == "Play 6-3 on 6-6"
    assert set(targets) == {("5-2", 5), ("4-1", 4)}
    target = targets[("4-1", 4)][0]
    assert target["label"] == "Play 5-4 on 4-1 (the 4 end)"
    assert (target["near"], target["far"]) == (4, 5)  # drawn as it would lie: 4 against the 4


# -- results in plain words ---------------------------------------------------------------------


def test_a_drawn_cutthroat_game_says_nobody_scores_and_the_next_game_is_worth_two():
    result = {"end": "blocked", "winner": None, "key_card": False, "stake": 1,
              "counts": [5, 5, 9, 12], "points": [0, 0, 0, 0]}  # fmt: skip
    view = finished_view("cutthroat", result)
    text = lines(explain(view, seats_named("A", "B", "C", "D"), engine.STYLES["cutthroat"], {}, 2))
    assert "Blocked" in text and "shared by A and B" in text
    assert "next game is worth 2" in text


def test_a_key_card_is_explained_and_never_adds_to_a_game_worth_two():
    result = {"end": "domino", "winner": 1, "key_card": True, "stake": 2,
              "counts": [9, 0, 4, 12], "points": [0, 2, 0, 0]}  # fmt: skip
    view = finished_view("cutthroat", result, last_move={"kind": "play", "seat": 1, "tile": "6-5"})
    text = lines(explain(view, seats_named("A", "B", "C", "D"), engine.STYLES["cutthroat"], {}, 1))
    assert "Domino! B went out." in text
    assert "Key card: 6-5 touched both ends" in text and "worth 2" in text
    assert "do not add up" in text


def test_french_doubling_and_fines_are_worked_out_from_the_scores():
    """B held 2-2 (doubled) and A went out on 5-5 (everyone else doubled once more): B's 11
    became 44; C's 7 became 14 and was fined 10."""
    result = {"end": "domino", "winner": 0, "key_card": False, "stake": 1,
              "counts": [0, 11, 7, 3], "points": [0, 44, 24, 6]}  # fmt: skip
    view = finished_view(
        "french", result, hands=[[], ["6-1", "2-2"], ["4-3"], ["2-1"]],
        last_move={"kind": "play", "seat": 0, "tile": "5-5"}, options={"target": 100},
    )  # fmt: skip
    names = seats_named("A", "B", "C", "D")
    text = lines(explain(view, names, engine.STYLES["french"], {2: 10}, None))
    assert "doubles that hand's score: B" in text
    assert "A went out on a double (5-5): everyone else's score doubles" in text
    assert "Fines this game: C 10" in text
    assert "lower is better" in text


def test_the_end_of_a_set_is_told_as_a_set_in_every_style():
    cutthroat, french, block = (engine.STYLES[s] for s in ("cutthroat", "french", "block"))
    won = {"end": "domino", "winner": 0, "key_card": False, "stake": 1,
           "counts": [0, 3, 4, 5], "points": [1, 0, 0, 0]}  # fmt: skip
    names = seats_named("A", "B", "C", "D")
    six_love = finished_view("cutthroat", won, totals=[6, 0, 2, 0],
                             match={"over": True, "winner": 0, "result": "six-love"})  # fmt: skip
    text = lines(explain(six_love, names, cutthroat, {}, None))
    assert "Six love! A reached 6 while B and D still had nothing." in text
    assert "A wins the set." in text
    bruck = finished_view("cutthroat", won, totals=[2, 1, 2, 1],
                          match={"over": True, "winner": None, "result": "bruck"})  # fmt: skip
    assert "Bruck" in lines(explain(bruck, names, cutthroat, {}, None))
    target = finished_view("french", {**won, "points": [0, 30, 40, 50]}, totals=[12, 103, 70, 80],
                           options={"target": 100}, hands=[[], [], [], []],
                           match={"over": True, "winner": 0, "result": "target"})  # fmt: skip
    text = lines(explain(target, names, french, {}, None))
    assert "the lowest total wins. A wins the set with 12." in text
    assert "match" not in text
    teams = finished_view("block", {**won, "points": [40, 0]}, parties=[[0, 2], [1, 3]],
                          totals=[104, 30], options={"target": 100},
                          match={"over": True, "winner": 0, "result": "target"})  # fmt: skip
    text = lines(explain(teams, names, block, {}, None))
    assert "A & C win the game and score 40: the others' 8 less their own 4." in text
    assert "A & C reached 100 and win the set." in text


def test_the_run_of_games_is_a_set_in_every_style():
    assert vocabulary(engine.STYLES["cutthroat"])["another"] == "Play another set"
    assert vocabulary(engine.STYLES["french"])["another"] == "Play another set"


def test_the_set_watch_says_has_or_have_by_how_many_lead():
    view = {"style": "partner", "match": {"over": False}, "options": {}}
    scores = [{"names": "Marcia & Toto", "total": 1, "members": 2},
              {"names": "Ann & Bammy", "total": 0, "members": 2}]  # fmt: skip
    assert set_watch(view, scores) == ("Still on love: Ann & Bammy. Marcia & Toto have 1 of 6.")


# -- the page, rendered --------------------------------------------------------------------------


@pytest.mark.django_db
def test_end_targets_reach_only_their_player_and_never_the_shared_board():
    ann = make_user("ann")
    table, _game = to_two_ends(ann)
    mine, _ = rendering.render_live(table.pk, ann, "en")
    watching, _ = rendering.render_live(table.pk, None, "en")
    bot = Seat.objects.get(table=table, index=1).player
    as_bot, _ = rendering.render_live(table.pk, bot, "en")
    assert mine.count('class="end-target') == 2
    assert 'type="radio" name="pick"' in mine and " checked" not in mine  # none chosen yet
    assert "end-target" not in watching and "end-target" not in as_bot
    assert all(
        "end-target" not in html and "<form" not in html for html in rendering.BOARDS.values()
    )


@pytest.mark.django_db
def test_a_player_coming_back_is_seen_by_a_watcher_at_once_even_after_a_reload(monkeypatch):
    ann = make_user("ann")
    table = make_table(ann, turn_clock=0)
    start_table(table, seed=2)
    Seat.objects.filter(table=table, index=0).update(stand_in=True)
    watcher = Client(HTTP_HOST="localhost")
    url = reverse("table", kwargs={"code": table.code})
    assert "bot standing in" in rendering.render_live(table.pk, None, "en")[0]
    told = []
    monkeypatch.setattr(presence.notify, "table_changed", lambda t, *a, **k: told.append(t.pk))
    presence.arrived(table.pk, ann, "tab-1")
    assert told == [table.pk]  # every socket of the table re-renders now, not at the next move
    assert "bot standing in" not in rendering.render_live(table.pk, None, "en")[0]
    assert "bot standing in" not in watcher.get(url).text


@pytest.mark.django_db
def test_the_boneyard_is_counted_only_in_styles_that_draw(client):
    host = make_user("host")
    quiet = make_table(host, turn_clock=0)
    drawing = make_table(host, style="draw", seats=2, turn_clock=0)
    start_table(quiet)
    start_table(drawing)
    assert "Boneyard" not in client.get(reverse("table", kwargs={"code": quiet.code})).text
    assert "Boneyard: " in client.get(reverse("table", kwargs={"code": drawing.code})).text


@pytest.mark.django_db
def test_partners_are_marked_on_the_seating_page_and_the_felt_and_bots_show_their_level():
    ann = make_user("ann")
    table = make_table(ann, style="partner", turn_clock=0)
    client = Client(HTTP_HOST="localhost")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    url = reverse("table", kwargs={"code": table.code})
    seating_page = client.get(url).text
    assert "Team 1" in seating_page and "Team 2" in seating_page
    assert "your partner" in seating_page and "Casual bot" in seating_page
    start_table(table)
    felt = client.get(url).text
    assert re.search(r'aria-label="Seat 3: [^"]*your partner', felt)
    assert re.search(r'aria-label="Seat 2: [^"]*Team 2', felt)
    assert "Casual bot" in felt


@pytest.mark.django_db
def test_the_log_shows_every_move_of_the_game(client):
    table = make_table(make_user("host"), style="draw", seats=2, turn_clock=0)
    game = play_out_game(start_table(table, seed=11))
    page = client.get(reverse("table", kwargs={"code": table.code})).text
    log = page[page.index('id="table-log"') :]
    assert log.count("<li>") == Move.objects.filter(game=game).count() > 12


@pytest.mark.django_db
def test_the_turn_clock_is_said_before_the_game_starts(client):
    host = make_user("host")
    clocked = make_table(host, turn_clock=30)
    free = make_table(host, turn_clock=0)
    assert "30-second clock" in client.get(reverse("table", kwargs={"code": clocked.code})).text
    assert "No turn clock" in client.get(reverse("table", kwargs={"code": free.code})).text


@pytest.mark.django_db
def test_the_page_says_whose_turn_it_is_for_the_title_and_the_icon(client):
    ann = make_user("ann")
    table = make_table(ann, turn_clock=0)
    match = start_table(table, seed=4)
    game = current(match)
    while game.turn != 0:
        play_turn(game.pk, game.version)
        game.refresh_from_db()
    client.login(username="ann", password=DEFAULT_PASSWORD)
    page = client.get(reverse("table", kwargs={"code": table.code})).text
    assert 'data-turn="mine"' in page and "favicon-turn.svg" in page
    watching = Client(HTTP_HOST="localhost").get(reverse("table", kwargs={"code": table.code}))
    assert 'data-turn="mine"' not in watching.text


# -- lobby, my tables, home -----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_lobby_shows_open_seats_and_a_join_button_that_seats_you(client):
    table = make_table(make_user("host"), bots=[None, None, "casual", "casual"])
    text = client.get(reverse("lobby")).text
    assert "1 of 4 seats open" in text and "Casual bot" in text
    take = reverse("take_seat", kwargs={"code": table.code})
    assert take in text
    answer = client.post(take)  # not logged in: to the login page, and back to the table after
    assert answer.status_code == 302 and "login" in answer.url
    make_user("ann")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    answer = client.post(take, HTTP_HX_REQUEST="true")
    assert answer["HX-Redirect"] == reverse("table", kwargs={"code": table.code})
    assert table.seats.filter(player__username="ann").exists()
    assert "every seat taken" in client.get(reverse("lobby")).text


@pytest.mark.django_db
def test_a_join_that_cannot_be_taken_still_lands_on_the_table_with_the_reason(client):
    table = make_table(make_user("host"))  # bots fill every other seat
    make_user("ann")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    answer = client.post(reverse("take_seat", kwargs={"code": table.code}), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("table", kwargs={"code": table.code})
    assert "The table is full." in answer.text


@pytest.mark.django_db
def test_my_tables_lists_the_finished_ones_with_how_they_ended(client):
    from tests.games.helpers import play_out_match

    ann = make_user("ann")
    done = make_table(ann, turn_clock=0)
    play_out_match(start_table(done, seed=3))
    waiting = make_table(ann, turn_clock=0)
    elsewhere = make_table(make_user("other"))
    client.login(username="ann", password=DEFAULT_PASSWORD)
    text = client.get(reverse("my_tables")).text
    assert done.code in text and waiting.code in text and elsewhere.code not in text
    assert "Set 1: " in text and ("won" in text or "bruck" in text)
    assert "Look back" in text


@pytest.mark.django_db
def test_the_home_page_leads_a_signed_in_player_on_and_claims_nothing_that_is_not_there(client):
    text = client.get(reverse("home")).text
    main = text[text.index("<main") : text.index("</main>")].lower()
    # Tournaments and replays are their own apps' to announce (in the menu), once they are there.
    assert "tournament" not in main and "replay" not in main
    assert f'href="{reverse("lobby")}?style=french' in text
    make_user("ann")
    client.login(username="ann", password=DEFAULT_PASSWORD)
    text = client.get(reverse("home")).text
    assert "Play now" in text and reverse("my_tables") in text


@pytest.mark.django_db
def test_bots_at_a_table_have_names_that_read_like_names_and_their_level_beside_them():
    table = make_table(make_user("host"), bots=[None, "expert", "expert", "expert"])
    seats = list(table.seats.select_related("player").order_by("index"))[1:]
    names = [seat.player.name for seat in seats]
    assert len(set(names)) == 3 and not any("bot" in name.lower() for name in names)
    assert {bot_label(seat.player) for seat in seats} == {"Expert bot"}
