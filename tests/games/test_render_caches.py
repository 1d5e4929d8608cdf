"""The live table's in-process caches: an engine state that drops out of the cache is freed at
once, not left for a full pass of Python's cyclic collector (a pause of the whole web process,
felt by every socket of every table)."""

from __future__ import annotations

import gc
import weakref

from games.engine import match_view, new_match
from games.live.rendering import Recent


def test_a_state_dropped_from_the_cache_is_freed_without_the_cyclic_collector():
    cache = Recent(1, dropped=lambda state: state.detach())
    state = new_match("cutthroat", 4, seed=7)
    state.start_game()
    gone = weakref.ref(state)
    cache.put("old", state)
    del state
    gc.disable()
    try:
        cache.put("new", new_match("cutthroat", 4, seed=8))
        assert gone() is None
    finally:
        gc.enable()


def test_a_detached_state_still_shows_what_it_held():
    state = new_match("block", 2, seed=3)
    game = state.start_game()
    before = [match_view(state, seat) for seat in (None, 0, 1)]
    state.detach()
    assert [match_view(state, seat) for seat in (None, 0, 1)] == before
    assert game.match is None


def test_the_cache_tells_of_a_value_it_replaces_but_not_of_one_put_again():
    told: list[str] = []
    cache = Recent(4, dropped=told.append)
    cache.put("k", "first")
    cache.put("k", "first")
    cache.put("k", "second")
    assert told == ["first"]
