"""The daily housekeeping task removes expired sessions and old login records, and only those
(sessions live in the database now, and axes logs every login there)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessLog
from django.contrib.sessions.models import Session
from django.utils import timezone

from config.housekeeping import LOGIN_LOG_DAYS, housekeeping

pytestmark = pytest.mark.django_db


def _login_record(days_ago: float) -> AccessLog:
    record = AccessLog.objects.create(username="ann", ip_address="127.0.0.1", user_agent="t")
    AccessLog.objects.filter(pk=record.pk).update(
        attempt_time=timezone.now() - timedelta(days=days_ago)
    )
    return record


def test_housekeeping_removes_expired_sessions_and_old_login_records_only():
    now = timezone.now()
    Session.objects.create(session_key="expired", session_data="", expire_date=now - timedelta(1))
    Session.objects.create(session_key="current", session_data="", expire_date=now + timedelta(1))
    old, recent = _login_record(LOGIN_LOG_DAYS + 1), _login_record(1)
    housekeeping()
    assert list(Session.objects.values_list("session_key", flat=True)) == ["current"]
    assert list(AccessLog.objects.values_list("pk", flat=True)) == [recent.pk]
    assert not AccessLog.objects.filter(pk=old.pk).exists()


def test_housekeeping_runs_daily_from_beat(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["housekeeping"]
    assert entry["task"] == housekeeping.name
    assert entry["schedule"] == 24 * 3600
