"""Django settings, read from the environment (see README, "Configuration").

With nothing set the site runs on embedded defaults: SQLite and a generated secret key under
``var/``, and a Redis started by ``make run`` on a unix socket there. ``DATABASE_URL`` and
``REDIS_URL`` move it to PostgreSQL and a shared Redis without any code change.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from . import env, languages, security

BASE_DIR = Path(__file__).resolve().parent.parent
ENV = os.environ
VAR_DIR = env.var_dir(ENV, BASE_DIR)

SECRET_KEY = env.secret_key(ENV, VAR_DIR)
DEBUG = env.flag(ENV, "DJANGO_DEBUG")
ALLOWED_HOSTS = env.words(ENV, "DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.words(ENV, "DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "config.apps.SiteAdminConfig",  # django.contrib.admin, with a guarded "view on site"
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "template_partials.apps.SimpleAppConfig",
    "accounts",
    "clubs",
    "games",
    "tournaments",
    "history",
    "ratings",
]

# Order matters for speed as well as meaning. Under ASGI a sync view costs the fewest hops
# between the event loop and a thread when every middleware above the last sync-only one runs
# sync: Django runs a middleware that can go both ways async only below that one, and runs
# MiddlewareMixin's hooks there through a thread hop each. PreferredLanguageMiddleware is
# sync-only, so it comes below Django's MiddlewareMixin ones (messages, clickjacking), and only
# natively async ones (htmx, axes) follow it: three hops per request instead of six.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.bounds.RefuseNulInQuery",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "accounts.middleware.PreferredLanguageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    }
]

DATABASES = {"default": env.database(ENV, VAR_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
#: Every language we translate into (docs/languages.md). Django has no facts on Papiamentu:
#: config.languages adds them to its LANG_INFO.
LANGUAGE_NAMES = {
    "en": _("English"),
    "es": _("Spanish"),
    "pap": _("Papiamentu"),
    "fr": pgettext_lazy("language", "French"),
    "ro": _("Romanian"),
    "ru": _("Russian"),
}
#: The languages the site offers: a code goes here once locale/<code>/ is complete (the test
#: tests/i18n/test_catalogues.py fails for an offered language with a string left to translate).
OFFERED_LANGUAGES = ["en", "es", "pap", "fr", "ro", "ru"]
LANGUAGES = [(code, LANGUAGE_NAMES[code]) for code in OFFERED_LANGUAGES]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]  # date and number formats for Papiamentu
languages.register()
TIME_ZONE = ENV.get("TIME_ZONE", "America/Jamaica")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(ENV.get("STATIC_ROOT") or VAR_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env.flag(ENV, "STATIC_MANIFEST", default=True)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not env.flag(ENV, "STATIC_MANIFEST", default=True)

REDIS_URL = env.redis_url(ENV, VAR_DIR)
EMBEDDED_REDIS = env.uses_embedded_redis(ENV)
EMBEDDED_REDIS_SOCKET = env.embedded_redis_socket(VAR_DIR)
CHANNEL_LAYERS = env.channel_layers(REDIS_URL)
CACHES = {
    "default": {
        "BACKEND": "config.cache.SharedRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": ENV.get("CACHE_KEY_PREFIX", "dominoes"),
    }
}
# Sessions: in the database only, never in Redis (issue 10). With ``cached_db`` every request
# carrying a session cookie, and every login, wrote the session to the Redis cache and answered
# 500 while Redis was down. The database is in every request's path anyway (the user row), so
# reading the session there costs one primary-key query and adds no service to fail. Signed
# cookies were the other choice, but a cookie session cannot be ended on the server: a copied
# cookie would outlive "Log out". Expired rows are cleared daily (config/housekeeping.py).
SESSION_ENGINE = "django.contrib.sessions.backends.db"

CELERY_BROKER_URL = env.broker_url(REDIS_URL)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# Celery's Django fixup closes the database connection around every task unless this is set;
# a bot's move is a few milliseconds of work, so a fresh connection per task was the worker's
# biggest cost. Connections are reused instead, and ``config.celery`` drops a broken or
# CONN_MAX_AGE-old one before each task, as Django does per request.
CELERY_DB_REUSE_MAX = 1000
CELERY_BEAT_SCHEDULE = {
    "heartbeat": {
        "task": "config.tasks.heartbeat",
        "schedule": env.seconds(ENV, "HEARTBEAT_SECONDS", 15.0),
    },
    "sweep-stalled-games": {"task": "games.tasks.sweep", "schedule": 5.0},
    # events with something due (a start, a deadline, a lost step): see tournaments.services
    "sweep-event-schedules": {"task": "tournaments.tasks.sweep", "schedule": 5.0},
}

# Broker outages (issue 10): a worker waits for Redis for as long as it takes instead of giving
# up after 100 tries, and keeps running the tasks it holds (their moves commit; the ack that
# fails is redelivered later and the tasks are idempotent). config/celery.py fixes the crash on
# reconnect; config/serve.py restarts whatever still dies. See docs/operations.md.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
CELERY_IMPORTS = ["config.housekeeping"]
CELERY_BEAT_SCHEDULE["housekeeping"] = {
    "task": "config.housekeeping.housekeeping",
    "schedule": 24 * 3600.0,
}
# The expert's post-game analysis (issue 18) takes 1-7 CPU seconds a game: it runs on a queue of
# its own, consumed by a worker of its own (config/serve.py, one slot, under nice), so that a
# burst of analyses at the end of a round never holds up a bot's move or a turn clock.
ANALYSIS_QUEUE = ENV.get("ANALYSIS_QUEUE", "analysis")
CELERY_TASK_ROUTES = {"history.tasks.analyse_game": {"queue": ANALYSIS_QUEUE}}
# Every game of an event table is analysed when it ends (once its deals are no longer secret);
# ANALYSE_EVENT_GAMES=0 leaves it to the players' "Analyse this game".
ANALYSE_EVENT_GAMES = env.flag(ENV, "ANALYSE_EVENT_GAMES", default=True)
# How many of the analyses a person asked for may wait (queued or running) at once, so that one
# account cannot fill the one slot's queue ahead of everyone else and the event games.
ANALYSES_WAITING_PER_USER = int(ENV.get("ANALYSES_WAITING_PER_USER", "3"))

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = env.flag(ENV, "DJANGO_SECURE_COOKIES")
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": ENV.get("LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}, "django.channels.server": {"level": "WARNING"}},
}

# Login and sign-up throttling (issue 10): django-axes, counting in the database so that it
# works while Redis is down. Five wrong passwords per username and address lock that pair out
# for 15 minutes; sign-ups are limited per address. See config/throttle.py, docs/operations.md.
INSTALLED_APPS += ["axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]  # last, as axes asks
AUTHENTICATION_BACKENDS = [
    "config.throttle.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "config.throttle.throttle_username"
AXES_RESET_ON_SUCCESS = True  # a right password (before lockout) forgets earlier slips
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the page's "15 minutes" holds
AXES_LOCKOUT_CALLABLE = "config.throttle.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
SIGNUPS_PER_IP_PER_HOUR = int(ENV.get("SIGNUPS_PER_IP_PER_HOUR", "10"))

# Content-Security-Policy (issue 10): only our own scripts, styles, images and sockets. Enforced,
# except with DJANGO_DEBUG=1, where it is report-only so that Django's debug pages (inline
# styles and scripts) still render; the production profile always enforces it.
INSTALLED_APPS += ["csp"]
MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
                  "config.security.SiteCSPMiddleware")  # fmt: skip
if DEBUG:
    CONTENT_SECURITY_POLICY_REPORT_ONLY = security.content_security_policy()
else:
    CONTENT_SECURITY_POLICY = security.content_security_policy()

# /healthz details (error text, timings) go to whoever sees everything (accounts.access: not
# staff as such) and, here, to requests from this machine
# (``make run``'s probe, a developer's curl); everyone else sees ok/failing per service only.
HEALTHZ_LOCAL_DETAILS = True

# Live play: pauses that make a table feel natural; BOT_THINK=0 removes them (tests, benches).
BOT_THINK_SECONDS = env.think_times(ENV)
NEXT_GAME_PAUSE_SECONDS = env.seconds(ENV, "NEXT_GAME_PAUSE_SECONDS", 6.0)
AWAY_GRACE_SECONDS = env.seconds(ENV, "AWAY_GRACE_SECONDS", 45.0)

# Live play: limits that keep one client from crowding out the others, and presence.
TABLES_PER_USER = int(ENV.get("TABLES_PER_USER", "5"))
PRESENCE_HEARTBEAT = env.seconds(ENV, "PRESENCE_HEARTBEAT_SECONDS", 10.0)
PRESENCE_TTL = env.seconds(ENV, "PRESENCE_TTL_SECONDS", 35.0)
WS_FRAMES_PER_SECOND = 5.0
WS_FRAME_BURST = 20
# Posts per user and minute (django-ratelimit), counted on a cache that fails open.
RATELIMIT_USE_CACHE = "limits"
RATELIMIT_FAIL_OPEN = True
RATE_MOVES = ENV.get("RATE_MOVES", "120/m")
RATE_ACTIONS = ENV.get("RATE_ACTIONS", "60/m")
RATE_NEW_TABLES = ENV.get("RATE_NEW_TABLES", "10/m")
CACHES["limits"] = {
    "BACKEND": "config.cache.ForgivingRedisCache",
    "LOCATION": REDIS_URL,
    "KEY_PREFIX": CACHES["default"]["KEY_PREFIX"] + "-limits",
    "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
}
