"""The admin permissions of the "Club organisers" group (``clubs.services`` puts organisers
in it and gives them staff access): add, change and view on every tournaments model, view on
clubs. Which events an organiser sees is narrowed to their own clubs by the ModelAdmins.

Granted after every migrate (a ``post_migrate`` handler rather than a data migration, so the
permissions of a model added later are granted too, and a flushed test database gets them back).
"""

from __future__ import annotations

from django.apps import apps as global_apps
from django.contrib.auth.models import Group, Permission

from clubs.services import ORGANISER_GROUP

TOURNAMENT_MODELS = ("tournament", "entry", "stage", "round", "tableassignment")
ACTIONS = ("add", "change", "view")


def organiser_codenames() -> list[tuple[str, str]]:
    """(app label, codename) of every permission the group holds."""
    granted = [("tournaments", f"{a}_{m}") for m in TOURNAMENT_MODELS for a in ACTIONS]
    granted += [("clubs", f"view_{m}") for m in ("club", "membership", "invite", "joinrequest")]
    return granted


def grant_organiser_permissions(sender=None, apps=global_apps, **kwargs) -> None:
    group, _made = Group.objects.get_or_create(name=ORGANISER_GROUP)
    wanted = organiser_codenames()
    found = Permission.objects.filter(
        content_type__app_label__in={app for app, _ in wanted},
        codename__in=[code for _, code in wanted],
    )
    group.permissions.add(*found)
