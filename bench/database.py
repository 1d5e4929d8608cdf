"""A Django set-up for the benches that fill a database of their own (history, ratings).

Each bench gets a throw-away database named after it, so a run never touches a developer's
data and two benches never share rows; SQLite lives in a fresh temporary folder.
"""

from __future__ import annotations

import os
import tempfile


def setup(name: str, postgres: bool) -> str | None:
    """Configure and migrate Django for the bench ``name``; the PostgreSQL URL, if any."""
    os.environ.setdefault("DOMINOES_VAR_DIR", tempfile.mkdtemp(prefix=f"dominoes-bench-{name}-"))
    os.environ.update({"DJANGO_SETTINGS_MODULE": "config.settings", "STATIC_MANIFEST": "0",
                       "BOT_THINK": "0", "LOG_LEVEL": "WARNING"})  # fmt: skip
    url = None
    if postgres:
        base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
        url = base.rsplit("/", 1)[0] + f"/dominoes_bench_{name}"
        recreate(url)
        os.environ["DATABASE_URL"] = url
    else:
        os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url


def recreate(url: str, drop_only: bool = False) -> None:
    """Drop the bench's database (and create it empty again unless ``drop_only``)."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')
