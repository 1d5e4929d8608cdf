"""Site-wide periodic tasks."""

from celery import shared_task

from . import health


@shared_task(ignore_result=True)
def heartbeat() -> None:
    """Run by beat on a schedule; records that beat and a worker are both alive (see /healthz)."""
    health.record_heartbeat()
