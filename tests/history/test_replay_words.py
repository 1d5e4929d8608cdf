"""The replay's end-of-game line agrees with its winner: one player "wins", a team "win"."""

from __future__ import annotations

from django.utils import translation

from history.presenters import step_marks
from history.replay import Step


def last_move(winner: int) -> Step:
    result = {"end": "domino", "winner": winner, "key_card": False, "counts": [0, 5, 3, 9]}
    return Step(number=9, seat=winner, kind="play", tile="3-4", on="3", result=result)


def texts(marks: list[dict]) -> list[str]:
    return [mark["text"] for mark in marks]


def test_one_winner_wins_the_game():
    names = ["Ann", "Bob", "Cy", "Dee"]
    marks = step_marks(last_move(0), names, names, [1, 1, 1, 1])
    assert "Ann wins the game" in texts(marks)


def test_a_team_wins_the_game_in_the_plural():
    names = ["Ann", "Bob", "Cy", "Dee"]
    marks = step_marks(last_move(0), names, ["Ann & Cy", "Bob & Dee"], [2, 2])
    assert "Ann & Cy win the game" in texts(marks)


def test_one_winner_in_spanish_is_singular():
    names = ["Ana", "Beto", "Cy", "Dee"]
    with translation.override("es"):
        text = " ".join(texts(step_marks(last_move(0), names, names, [1, 1, 1, 1])))
    assert "ganan" not in text
