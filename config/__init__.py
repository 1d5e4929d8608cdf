"""Project configuration: settings, ASGI entry point, Celery app and the local runner."""

from .celery import app as celery_app

__all__ = ["celery_app"]
