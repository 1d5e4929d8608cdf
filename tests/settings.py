"""Settings for the test suite: the real settings, with a private var/ directory per run.

Each run gets its own secret key, SQLite file and embedded Redis socket, so ``make test`` never
touches the state of a running ``make run``. DATABASE_URL and REDIS_URL still switch the suite to
PostgreSQL and Redis (CI's second pass).
"""

import os
import tempfile

os.environ.setdefault("DOMINOES_VAR_DIR", tempfile.mkdtemp(prefix="dominoes-test-"))
os.environ["STATIC_MANIFEST"] = "0"

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # noqa: F405
