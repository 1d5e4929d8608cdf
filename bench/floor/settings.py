"""Settings of the floor app (see the package's docstring for its two stacks).

The database and the channel layer come from the site's own ``config.env``, so the floor runs
on the same PostgreSQL pool and the same Redis pub/sub layer as the site it is compared with.
"""

from __future__ import annotations

import os
from pathlib import Path

from config import env

BASE_DIR = Path(__file__).resolve().parent
STACK = os.environ.get("FLOOR_STACK", "django")
SECRET_KEY = "floor-bench-only-" + "x" * 40
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = ["channels"]
MIDDLEWARE: list[str] = []
if STACK == "django":
    INSTALLED_APPS = [
        "django.contrib.auth",
        "django.contrib.contenttypes",
        "django.contrib.sessions",
        "django.contrib.messages",
        "channels",
    ]
    MIDDLEWARE = [  # django-admin startproject's own list
        "django.middleware.security.SecurityMiddleware",
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
        "django.middleware.clickjacking.XFrameOptionsMiddleware",
    ]
ROOT_URLCONF = "floor.app"
ASGI_APPLICATION = "floor.app.application"
USE_TZ = True
DATABASES = {"default": env.database(os.environ, BASE_DIR)}
CHANNEL_LAYERS = env.channel_layers(os.environ["REDIS_URL"])
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
