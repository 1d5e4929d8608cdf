"""A daily task (beat) that removes rows nothing else removes.

Sessions live in the database (see settings, "Sessions"), and django-axes logs every login
there; both would otherwise grow for ever. Axes' failed-attempt rows clean themselves after the
cool-off. The login log is kept for ``LOGIN_LOG_DAYS`` (sign-up throttling reads its last hour).
"""

from __future__ import annotations

import logging

from axes.handlers.proxy import AxesProxyHandler
from celery import shared_task
from django.contrib.sessions.models import Session
from django.utils import timezone

LOGIN_LOG_DAYS = 30

log = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def housekeeping() -> None:
    sessions, _ = Session.objects.filter(expire_date__lt=timezone.now()).delete()
    logins = AxesProxyHandler.reset_logs(age_days=LOGIN_LOG_DAYS)
    log.info("housekeeping: %d expired sessions, %d old login records removed", sessions, logins)
