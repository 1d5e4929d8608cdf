"""Keep the table log's last moves on the game row; fill it for games already stored."""

from django.db import migrations, models

RECENT = 12  # games.services.log.RECENT when this migration was written


def fill_recent(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    for game in Game.objects.only("pk").iterator():
        rows = list(Move.objects.filter(game_id=game.pk).order_by("-seq")[:RECENT])[::-1]
        recent = [[m.seq, m.seat, m.kind, m.tile, m.on, m.reason, m.detail or {}] for m in rows]
        Game.objects.filter(pk=game.pk).update(recent=recent)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="recent",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text=(
                    "The last moves for the table log, kept with the game so a push reads one "
                    "row (a drawn tile in it is shown only to the seat that drew it)."
                ),
            ),
        ),
        migrations.RunPython(fill_recent, migrations.RunPython.noop),
    ]
