"""Settings for the test suite: the real settings, with a private var/ directory per run.

Each run gets its own secret key, SQLite file and embedded Redis socket, so ``make test`` never
touches the state of a running ``make run``. DATABASE_URL and REDIS_URL still switch the suite to
PostgreSQL and Redis (CI's second pass).
"""

import os
import tempfile

os.environ.setdefault("DOMINOES_VAR_DIR", tempfile.mkdtemp(prefix="dominoes-test-"))
os.environ["STATIC_MANIFEST"] = "0"
# This run's name, kept in the environment so that a worker the tests start as a process of its
# own (tests/worker_process.py) takes the same queue and cache keys.
RUN = os.environ.setdefault(
    "DOMINOES_TEST_RUN", f"{os.getpid()}-{os.path.basename(os.environ['DOMINOES_VAR_DIR'])}"
)
# pytest-xdist (``make test-fast``): each of its workers inherits the controller's environment,
# so each makes a var/ directory and a run name of its own from there (its own SQLite file,
# embedded Redis socket, Celery queue and cache keys), as a separate run would.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if XDIST_WORKER and not RUN.endswith(f"-{XDIST_WORKER}"):
    os.environ["DOMINOES_VAR_DIR"] = os.path.join(os.environ["DOMINOES_VAR_DIR"], XDIST_WORKER)
    os.makedirs(os.environ["DOMINOES_VAR_DIR"], exist_ok=True)
    RUN = os.environ["DOMINOES_TEST_RUN"] = f"{RUN}-{XDIST_WORKER}"

from config.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES["default"]["KEY_PREFIX"] = f"test-{RUN}"  # noqa: F405
# Groups are named by database ids, which every run (and xdist worker) reuses: on a shared
# Redis (CI's second pass) each run's table and event groups must be its own.
CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = f"test-{RUN}"  # noqa: F405
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # noqa: F405
BOT_THINK_SECONDS = {}
NEXT_GAME_PAUSE_SECONDS = 0
# A queue of this run's own, so tasks never mix with another run's on a shared Redis.
CELERY_TASK_DEFAULT_QUEUE = f"test-{RUN}"
ANALYSIS_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-analysis"
CELERY_TASK_ROUTES = {"history.tasks.analyse_game": {"queue": ANALYSIS_QUEUE}}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    # A file, not shared-cache memory: concurrent transactions then wait for the write lock as
    # in production instead of failing with "table is locked".
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}  # noqa: F405
if os.environ.get("DOMINOES_TEST_DATABASE"):
    # A worker process started by a test: it works on the test run's database, not the default.
    DATABASES["default"]["NAME"] = os.environ["DOMINOES_TEST_DATABASE"]  # noqa: F405
