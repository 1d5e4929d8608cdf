"""tests/waiting.py: what the tests' one wait returns, and how it fails."""

from __future__ import annotations

import itertools

import pytest

from tests.waiting import wait_until


def test_it_returns_the_first_true_value_the_condition_gives():
    looks = itertools.count()
    found = wait_until(lambda: next(looks) >= 2 and "there", 5, "a third look", interval=0)
    assert found == "there"


def test_it_fails_naming_what_never_happened_and_where_things_stopped():
    with pytest.raises(AssertionError) as failed:
        wait_until(lambda: None, 0.05, "the sky to fall", interval=0.01, detail=lambda: "blue")
    assert str(failed.value) == "timed out after 0.05 s waiting for the sky to fall; blue"


def test_it_looks_once_more_at_the_deadline():
    looks = []
    with pytest.raises(AssertionError):
        wait_until(lambda: looks.append(1), 0.05, "nothing", interval=1)
    assert len(looks) == 2  # the first look, and the last at the deadline (not 1 s later)


def test_a_condition_that_raises_fails_at_once():
    def gone():
        raise AssertionError("the process exited")

    with pytest.raises(AssertionError, match="the process exited"):
        wait_until(gone, 60, "a process that has exited")
