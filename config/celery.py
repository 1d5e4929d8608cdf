"""The Celery app. Settings come from Django (``CELERY_*``); tasks are found in each app's tasks.py.

Tasks subclass Celery's DjangoTask, so ``task.delay_on_commit(...)`` queues a task only once the
surrounding transaction commits: a task never runs for a change that was rolled back.
"""

import os

from celery import Celery
from celery.signals import task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dominoes", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["config", "accounts", "games", "tournaments"])


@task_prerun.connect
def _fresh_connections(task=None, **kwargs: object) -> None:
    """Drop a broken or too old database connection before a task, as Django does per request
    (connections are otherwise reused across tasks: CELERY_DB_REUSE_MAX in settings). An eager
    task runs inside its caller's transaction and keeps its connection."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()
