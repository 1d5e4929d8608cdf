"""The Celery app. Settings come from Django (``CELERY_*``); tasks are found in each app's tasks.py.

Tasks subclass Celery's DjangoTask, so ``task.delay_on_commit(...)`` queues a task only once the
surrounding transaction commits: a task never runs for a change that was rolled back.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dominoes", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["config", "accounts", "games", "tournaments"])
