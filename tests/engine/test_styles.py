"""Each style describes itself on its rules class: what the lobby and the create form show."""

from __future__ import annotations

import pytest

from games.engine import STYLES, RulesError, chosen_options, form_options, new_match
from games.engine.rules import FormOption


@pytest.mark.parametrize("style", list(STYLES))
def test_every_style_has_a_label_a_one_line_summary_and_labelled_options(style):
    cls = STYLES[style]
    assert cls.label and cls.label[0].isupper()
    assert cls.summary.endswith(".") and "\n" not in cls.summary and len(cls.summary) < 80
    assert all(spec.label for spec in cls.OPTIONS.values())


@pytest.mark.parametrize("style", list(STYLES))
def test_every_value_a_form_offers_makes_a_match(style):
    for seats in STYLES[style].seat_counts:
        for option in form_options(style, seats):
            values = option.choices or (not option.default,)
            for value in values:
                new_match(style, seats, {option.name: value})


def test_block_with_four_seats_offers_teams_and_four_targets():
    assert form_options("block", 4) == [
        FormOption("teams", "bool", "Play as two teams (partners opposite)", False, (), (4,)),
        FormOption("target", "choice", "Play to", 100, (50, 100, 150, 200), None),
    ]


def test_teams_are_offered_only_where_they_apply():
    assert [o.name for o in form_options("block", 2)] == ["target"]
    assert [o.name for o in form_options("draw")] == ["teams", "target"]


def test_the_other_styles_offer_their_own_options():
    assert [(o.name, o.kind) for o in form_options("cutthroat", 4)] == [("first_to_six", "bool")]
    assert form_options("partner", 4) == form_options("cutthroat", 4)
    french = form_options("french", 4)
    assert [(o.name, o.choices) for o in french] == [
        ("target", (100, 150)),
        ("double_blank_ten", ()),
    ]
    assert form_options("doubles", 3)[0].choices == (50, 100, 150)


def test_chosen_options_keep_only_what_the_table_changed():
    assert chosen_options("block", 4, {"teams": True, "target": 100}) == {"teams": True}
    assert chosen_options("block", 2, {"teams": True, "target": 150}) == {"target": 150}
    assert chosen_options("cutthroat", 4, {"first_to_six": False, "target": 150}) == {}


def test_an_unknown_style_or_seat_count_is_refused():
    with pytest.raises(RulesError, match="unknown style"):
        form_options("dominion")
    with pytest.raises(RulesError, match="3 seats"):
        form_options("block", 3)


def test_the_facts_the_site_and_bots_act_on():
    assert [s for s, c in STYLES.items() if c.low_totals_win] == ["french"]
    assert [s for s, c in STYLES.items() if c.won_by_games] == ["cutthroat", "partner"]
    assert [s for s, c in STYLES.items() if c.direction_choice] == ["block", "draw"]
