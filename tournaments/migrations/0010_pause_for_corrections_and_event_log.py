"""Issue 41, "Put a mistake right": a pause for corrections between a round's last result and
the next round (``pairing_pause``, ``moves_on_at``), and the event's log (``EventLog``).

Existing events keep behaving as before: their pause is added as 0 (the next round is paired
the moment the last table ends, as it was), and only events created from now on get the new
default of two minutes. A running event between rounds moves on at once (``moves_on_at`` now,
as the schedule would have done), and the results organisers set by hand so far are entered in
the log from what their tables kept (who, when, why and the result).
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def between_rounds_and_overrides(apps, schema_editor) -> None:
    Tournament = apps.get_model("tournaments", "Tournament")
    Round = apps.get_model("tournaments", "Round")
    TableAssignment = apps.get_model("tournaments", "TableAssignment")
    EventLog = apps.get_model("tournaments", "EventLog")
    now = django.utils.timezone.now()
    unfinished = Round.objects.filter(state__in=("seated", "running")).values("tournament_id")
    Tournament.objects.filter(state="running").exclude(pk__in=unfinished).update(moves_on_at=now)
    overridden = TableAssignment.objects.filter(overridden_at__isnull=False).select_related("round")
    EventLog.objects.bulk_create(
        EventLog(
            tournament_id=table.round.tournament_id,
            kind="override",
            round=table.round.number,
            table=table.number,
            by_id=table.overridden_by_id,
            at=table.overridden_at,
            reason=table.override_reason,
            details={"before": None, "after": table.places, "seats": table.seats},
        )
        for table in overridden.iterator()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_no_shows_forfeit_by_default"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # added as 0 for the events there are (paired at once, as before), then two minutes
        migrations.AddField(
            model_name="tournament",
            name="pairing_pause",
            field=models.PositiveIntegerField(blank=True, default=0, null=True),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="tournament",
            name="pairing_pause",
            field=models.PositiveIntegerField(
                blank=True,
                default=120,
                help_text="From a round's last result until the next round is paired (after the "
                "last round: until the event finishes), results can still be corrected. Empty: "
                "wait for the director.",
                null=True,
                verbose_name="time to correct results before the next round (seconds)",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="moves_on_at",
            field=models.DateTimeField(
                blank=True,
                editable=False,
                help_text="Between rounds: when the schedule pairs the next round, or finishes "
                "the event after its last (the end of the pause for corrections). Empty between "
                "rounds: the event waits for the director.",
                null=True,
                verbose_name="moves on at",
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="round_pause",
            field=models.PositiveIntegerField(
                default=0,
                help_text="Between a round being seated and its tables starting: players see "
                "their next table meanwhile.",
                verbose_name="pause after seating (seconds)",
            ),
        ),
        migrations.CreateModel(
            name="EventLog",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("override", "Result set by hand"),
                            ("undo", "Round taken back"),
                            ("void", "Round voided"),
                            ("repair", "Round paired again"),
                            ("reopen", "Event reopened"),
                            ("finish", "Event finished again"),
                        ],
                        max_length=10,
                        verbose_name="what",
                    ),
                ),
                (
                    "round",
                    models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="round"),
                ),
                (
                    "table",
                    models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="table"),
                ),
                (
                    "at",
                    models.DateTimeField(default=django.utils.timezone.now, verbose_name="when"),
                ),
                ("reason", models.CharField(blank=True, max_length=200, verbose_name="reason")),
                (
                    "details",
                    models.JSONField(
                        blank=True,
                        default=dict,
                        help_text="What was changed: a result before and after, or the round set "
                        "aside.",
                        verbose_name="details",
                    ),
                ),
                (
                    "by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="by",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="log",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "log entry",
                "verbose_name_plural": "log",
                "ordering": ["-at", "-pk"],
                "indexes": [
                    models.Index(fields=["tournament", "kind", "round"], name="event_log_kind")
                ],
            },
        ),
        migrations.RunPython(between_rounds_and_overrides, migrations.RunPython.noop),
    ]
