"""Lines for the sets played before history existed (from each set's players at the start)."""

from django.db import migrations

from games import engine


def add_items(apps, schema_editor) -> None:
    match_model = apps.get_model("games", "Match")
    item_model = apps.get_model("history", "Item")
    batch = []
    for match in match_model.objects.select_related("table").iterator(chunk_size=500):
        table = match.table
        rules = engine.STYLES[table.style](table.seat_count, table.options)
        party_of = {seat: p for p, members in enumerate(rules.parties) for seat in members}
        for seat, entry in enumerate(match.players):
            if entry.get("id") is not None:
                batch.append(
                    item_model(owner_id=entry["id"], match_id=match.pk, seat=seat,
                               party=party_of[seat], style=table.style, at=match.started_at)
                )  # fmt: skip
        if len(batch) >= 1000:
            item_model.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    item_model.objects.bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [("history", "0001_initial")]

    operations = [migrations.RunPython(add_items, migrations.RunPython.noop)]
