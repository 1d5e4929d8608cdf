"""Prepare the floor's database: Django's tables, the moves table, and ``N`` signed-in users.

``python -m floor.setup N`` (with ``floor.settings``) prints one JSON list: a session key per
user, for the scripted players' cookies.
"""

from __future__ import annotations

import json
import os
import secrets
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "floor.settings")
django.setup()

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from floor.app import SCHEMA  # noqa: E402


def main(count: int) -> list[str]:
    call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute(SCHEMA)
    sessions = []
    for i in range(count):
        user = User.objects.create_user(f"floor{i}", password=secrets.token_hex(8))
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        sessions.append(session.session_key)
    return sessions


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]))))
