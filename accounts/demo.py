"""Demo logins for a fresh site: an organiser (admin) and a player.

Passwords are generated once and kept in var/demo-logins.json (git-ignored), so ``make run``
can print the same working logins on every start without storing anything in the database.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction

from .models import User


@dataclass(frozen=True)
class Login:
    role: str
    username: str
    password: str


def logins_file() -> Path:
    return Path(settings.VAR_DIR) / "demo-logins.json"


def _load_or_make_passwords() -> dict[str, str]:
    path = logins_file()
    if path.exists():
        return json.loads(path.read_text())
    passwords = {"admin": secrets.token_urlsafe(9), "player": secrets.token_urlsafe(9)}
    path.write_text(json.dumps(passwords))
    path.chmod(0o600)
    return passwords


@transaction.atomic
def ensure_demo_data() -> list[Login]:
    """Create whatever is missing; never touch what an organiser has changed since."""
    passwords = _load_or_make_passwords()
    if not User.objects.filter(username="admin").exists():
        User.objects.create_superuser(
            "admin", "admin@example.com", passwords["admin"], display_name="Organiser"
        )
    if not User.objects.filter(username="player").exists():
        User.objects.create_user("player", "player@example.com", passwords["player"])
    return [
        Login("admin", "admin", passwords["admin"]),
        Login("player", "player", passwords["player"]),
    ]
