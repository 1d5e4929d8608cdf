"""Table labels and stage names the formats and services write in English read in the
reader's language; codes such as "W2-1" read the same in every language."""

from __future__ import annotations

from django.utils import translation

from tournaments.models import Stage, table_label


def test_a_bye_and_a_pool_read_in_spanish_and_papiamentu():
    with translation.override("es"):
        assert table_label("Bye") == "Descanso"
        assert table_label("Pool B") == "Grupo B"
    with translation.override("pap"):
        assert table_label("Pool C") == "Grupo C"


def test_a_bracket_code_reads_the_same_in_every_language():
    with translation.override("ru"):
        assert table_label("W2-1") == "W2-1"
        assert table_label("") == ""


def test_a_stage_named_by_the_rounds_service_reads_as_its_kind():
    with translation.override("es"):
        assert Stage(kind=Stage.Kind.POOLS, name="Pools").title == "Grupos"
        assert Stage(kind=Stage.Kind.MAIN, name="").title == ""
        assert Stage(kind=Stage.Kind.PLAYOFF, name="Final four").title == "Final four"
