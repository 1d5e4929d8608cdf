"""One render for every socket that asks at once (``sockets.pool.Flights``)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from sockets.pool import Flights


class _Render:
    """A render that waits until released, counting how often it ran."""

    def __init__(self) -> None:
        self.runs = 0
        self.release = threading.Event()

    def __call__(self, text: str) -> str:
        self.runs += 1
        self.release.wait(5)
        return text.upper()


async def _ask_together(flights: Flights, render: _Render, askers: int) -> list[str]:
    asking = [asyncio.ensure_future(flights.run("key", render, "board")) for _ in range(askers)]
    await asyncio.sleep(0)  # every asker is waiting before the render may finish
    render.release.set()
    return await asyncio.gather(*asking)


@pytest.mark.django_db
def test_sockets_that_ask_at_once_share_one_render():
    render = _Render()
    answers = asyncio.run(_ask_together(Flights(), render, askers=5))
    assert answers == ["BOARD"] * 5
    assert render.runs == 1


@pytest.mark.django_db
def test_a_finished_render_is_forgotten_unless_kept():
    async def twice(flights: Flights, render: _Render) -> None:
        render.release.set()
        await flights.run("key", render, "a")
        await asyncio.sleep(0)
        await flights.run("key", render, "a")

    forgetful, keeping = _Render(), _Render()
    asyncio.run(twice(Flights(), forgetful))
    asyncio.run(twice(Flights(keep=4), keeping))
    assert (forgetful.runs, keeping.runs) == (2, 1)


@pytest.mark.django_db
def test_a_failed_render_reaches_every_asker_and_is_not_kept():
    calls = []

    def failing(text: str) -> str:
        calls.append(text)
        raise RuntimeError("the database is down")

    async def ask(flights: Flights) -> None:
        for _ in range(2):
            with pytest.raises(RuntimeError):
                await flights.run("key", failing, "board")

    flights = Flights(keep=4)
    asyncio.run(ask(flights))
    assert len(calls) == 2 and not flights.runs


@pytest.mark.django_db
def test_only_the_last_kept_renders_stay():
    async def many(flights: Flights) -> None:
        for key in range(5):
            await flights.run(key, str, key)

    flights = Flights(keep=3)
    asyncio.run(many(flights))
    assert list(flights.runs) == [2, 3, 4]
