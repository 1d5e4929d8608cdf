"""Tasks are queued only when the transaction that asked for them commits."""

import uuid

import pytest
from celery import shared_task
from django.db import transaction

from config.health import broker_client

PROBE_QUEUE = f"probe-{uuid.uuid4().hex}"


@shared_task(name="tests.probe", ignore_result=True)
def probe(tag: str) -> str:
    return tag


def _queued() -> int:
    client = broker_client()
    try:
        return client.llen(PROBE_QUEUE)
    finally:
        client.close()


@pytest.fixture
def empty_probe_queue():
    client = broker_client()
    client.delete(PROBE_QUEUE)
    yield
    client.delete(PROBE_QUEUE)
    client.close()


@pytest.mark.django_db(transaction=True)
def test_task_enqueued_in_a_rolled_back_transaction_is_never_sent(empty_probe_queue):
    with pytest.raises(RuntimeError), transaction.atomic():
        probe.apply_async_on_commit(("rolled back",), queue=PROBE_QUEUE)
        raise RuntimeError("the move failed")
    assert _queued() == 0


@pytest.mark.django_db(transaction=True)
def test_task_enqueued_in_a_committed_transaction_is_sent_once(empty_probe_queue):
    with transaction.atomic():
        probe.apply_async_on_commit(("committed",), queue=PROBE_QUEUE)
        assert _queued() == 0, "nothing may leave before the commit"
    assert _queued() == 1
