"""A format says once, on its class, what the Django side needs of it (its label, the kinds of
event it plays, whether it eliminates and takes late entries, the stage of a two-stage event
it may play, and its options with their fields and limits); the kinds, the event form and the
entry rules read it. A format declared in a test shows up in all of them with nothing else
edited."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from django.utils import translation

from tournaments.formats import FORMATS, Option, Swiss, make_format, stage_formats
from tournaments.forms import EventForm
from tournaments.kinds import (
    FORMAT_LABELS,
    KindError,
    format_choices,
    format_label,
    formats_for,
    kind_for,
    kind_of,
)
from tournaments.models import Tournament
from tournaments.services import entries


@pytest.fixture
def ladder():
    """A format for tables that takes late entries and may play a two-stage event's pools,
    with an option of its own: declared here, and only here."""

    @dataclass(frozen=True, kw_only=True)
    class Ladder(Swiss):
        name: ClassVar[str] = "ladder"
        label: ClassVar[str] = "Ladder"
        for_two_parties: ClassVar[bool] = False
        for_tables: ClassVar[bool] = True
        OPTIONS: ClassVar[tuple[Option, ...]] = (
            Option("rounds", "count", "Rungs", "How many rungs to climb.", least=1, most=9),
        )

    yield Ladder
    del FORMATS["ladder"]


def test_every_format_declares_its_label_and_the_kinds_of_event_it_plays():
    for name, cls in FORMATS.items():
        assert cls.label and FORMAT_LABELS[name] == cls.label, name
        assert cls.for_two_parties or cls.for_tables, name
        assert cls.stage in ("", "pools", "playoff"), name
        names = {f for f in cls.__dataclass_fields__}
        for option in cls.OPTIONS:
            assert option.name in names, (name, option.name)
            assert option.kind in ("bool", "count", "stage"), (name, option.name)


def test_what_the_kinds_knew_by_name_is_now_each_formats_own_word():
    two_party, tables = kind_for("block", 2, {}), kind_for("cutthroat", 4, {})
    assert formats_for(two_party) == [
        "single_elimination", "double_elimination", "round_robin", "swiss", "two_stage",
    ]  # fmt: skip
    assert formats_for(tables) == ["swiss_tables", "round_robin", "table_knockout", "two_stage"]
    assert {n for n, c in FORMATS.items() if c.eliminates} == {
        "single_elimination", "double_elimination", "table_knockout", "two_stage",
    }  # fmt: skip
    assert {n for n, c in FORMATS.items() if c.late_entries} == {"swiss", "swiss_tables"}
    assert list(stage_formats("pools")) == ["swiss_tables", "round_robin", "swiss"]
    assert list(stage_formats("playoff")) == [
        "single_elimination", "double_elimination", "table_knockout",
    ]  # fmt: skip


def test_a_formats_label_reads_in_the_readers_language():
    with translation.override("es"):
        assert format_label("swiss") != "Swiss" and str(FORMAT_LABELS["swiss"]) != "Swiss"
        assert dict(format_choices())["round_robin"] == format_label("round_robin")


def test_a_new_format_is_offered_and_checked_from_its_declaration_alone(ladder):
    tables = kind_for("cutthroat", 4, {})
    assert "ladder" in formats_for(tables) and "ladder" not in formats_for(kind_for("block", 2, {}))
    assert dict(format_choices())["ladder"] == "Ladder"
    assert kind_of("cutthroat", 4, {}, "ladder", {}).name == "tables"
    with pytest.raises(KindError, match="played by two sides"):
        kind_of("block", 2, {}, "ladder", {})
    running = Tournament(format="ladder", state=Tournament.State.RUNNING)
    assert entries.takes_late_entries(running)  # a Swiss's late entries, inherited


def test_a_new_format_may_play_a_stage_of_two(ladder):
    assert "ladder" in stage_formats("pools")  # a Swiss's stage, inherited
    kind_of("cutthroat", 4, {}, "two_stage", {"pools": "ladder", "playoff": "table_knockout"})
    two = make_format("two_stage", pools="ladder", playoff="table_knockout",
                      playoff_options={"style": "cutthroat"})  # fmt: skip
    assert type(two.pool_format) is ladder
    form = EventForm(initial={"style": "cutthroat", "format": "two_stage"}, clubs=None)
    assert "ladder" in dict(form.fields["pools"].widget.choices)


def test_the_event_form_offers_a_new_formats_own_option_within_its_limits(ladder):
    form = EventForm(initial={"style": "cutthroat", "format": "ladder"}, clubs=None)
    assert "ladder" in dict(form.fields["format"].widget.choices)
    field = form.fields["rounds"]
    assert (field.label, field.help_text) == ("Rungs", "How many rungs to climb.")
    assert (field.min_value, field.max_value) == (1, 9)
    assert "allow_byes" not in form.fields  # not declared by the ladder


@pytest.mark.parametrize(
    ("style", "seats", "fmt", "fields"),
    [
        ("block", 2, "swiss", ["rounds"]),
        ("block", 2, "single_elimination", ["third_place"]),
        ("block", 2, "double_elimination", ["grand_final_reset"]),
        ("block", 2, "round_robin", []),
        ("partner", 4, "round_robin", ["partnerships"]),
        ("cutthroat", 4, "round_robin", ["rounds", "allow_byes"]),
        ("cutthroat", 4, "swiss_tables", ["rounds", "allow_byes"]),
        ("cutthroat", 4, "table_knockout", ["going_on"]),
        ("block", 2, "two_stage", ["pools", "playoff", "going_on", "rounds", "third_place"]),
        ("cutthroat", 4, "two_stage", ["pools", "playoff", "going_on", "rounds",
                                       "allow_byes"]),
    ],
)  # fmt: skip
def test_the_event_form_shows_only_the_chosen_formats_options(style, seats, fmt, fields):
    form = EventForm(initial={"style": style, "seats": seats, "format": fmt}, clubs=None)
    assert form.format_fields == fields


def test_a_stage_offers_the_formats_that_fit_the_event_and_starts_on_one():
    """Pools of a Cut-Throat event are Swiss for tables or a round robin, not the two-party
    Swiss the list would otherwise open with."""
    form = EventForm(initial={"style": "cutthroat", "format": "two_stage"}, clubs=None)
    assert [n for n, _t in form.fields["pools"].widget.choices] == ["swiss_tables", "round_robin"]
    assert [n for n, _t in form.fields["playoff"].widget.choices] == ["table_knockout"]
    assert form["pools"].value() == "swiss_tables" and form["playoff"].value() == "table_knockout"
