# Bots entered before this rule were left "registered" and withdrawn at a start from check-in
# (bots are never checked in by hand). An organiser's entries now count as checked in, so the
# bots of events that have not started yet are checked in here. People an organiser entered
# earlier cannot be told apart from those who entered themselves, so they are left as they are.

from django.db import migrations

NOT_STARTED = ("draft", "registration", "checkin")


def check_in_bots(apps, schema_editor) -> None:
    Entry = apps.get_model("tournaments", "Entry")
    Entry.objects.filter(
        status="registered", player__is_bot=True, tournament__state__in=NOT_STARTED
    ).update(status="checked_in")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_walkovers_and_withdrawal_rounds"),
    ]

    operations = [migrations.RunPython(check_in_bots, migrations.RunPython.noop)]
