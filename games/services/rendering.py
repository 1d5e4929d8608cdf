"""Rendering the live table for a socket, with work shared across viewers of one version.

Every move is pushed to every socket at the table, and each socket renders for its own viewer.
Much of that work is the same for all of them: the engine state and the board.
Those are kept per (game, version) in small in-process caches, and everyone who is not seated
shares one whole render. Nothing cached here is ever sent to a viewer it was not rendered for:
per-seat parts (the hand) are always rendered for the asking viewer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.template.loader import render_to_string

from ..models import Game, Table
from . import log, queries, reads
from .play import load


class Recent(OrderedDict):
    """A tiny LRU map: plenty for the versions in flight in one process.

    Renders run in a pool of threads (their database waits then overlap). The sockets of a
    table all ask for the same version at once, so a missing value is made by the first asker
    while the others wait for it ("single flight"), instead of each reading it again.
    """

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.lock = threading.Lock()
        self.making: dict[Any, threading.Lock] = {}

    def get_or_make(self, key: Any, make: Callable[[], Any]) -> Any:
        value = self.get(key)
        if value is not None:
            return value
        with self.lock:
            flight = self.making.setdefault(key, threading.Lock())
        with flight:
            value = self.get(key)
            if value is None:
                value = make()
                self.put(key, value)
        with self.lock:
            self.making.pop(key, None)
        return value

    def put(self, key: Any, value: Any) -> None:
        with self.lock:
            self[key] = value
            while len(self) > self.size:
                self.popitem(last=False)


STATES = Recent(256)
BOARDS = Recent(256)


def _key(game: Game) -> tuple:
    """A game version; the start time guards against a reused id (a test database)."""
    return (game.pk, game.started_at, game.version)


def engine_state(game: Game):
    """The engine state of this game version, loaded once per process (read-only use)."""
    return STATES.get_or_make(_key(game), lambda: load(game))


def recent_moves(game: Game) -> list[log.Entry]:
    """The table log's last moves, from the game row itself (no query)."""
    return log.entries(game.recent)


def board_html(game: Game, context: dict) -> str:
    return BOARDS.get_or_make(
        _key(game), lambda: render_to_string("games/table.html#board", context)
    )


LIVE = Recent(1024)
TABLES = Recent(256)


def viewer_key(seat: int | None, user) -> tuple:
    """Who a render is for: a seat, or a watcher (signed in or not: their buttons differ)."""
    if seat is not None:
        return ("seat", seat)
    return ("watch", bool(user is not None and user.is_authenticated))


def cached_live(table_id: int, game_id: int, version: int, viewer: tuple) -> str | None:
    """A render already made in this process for this viewer of this version (no queries)."""
    return LIVE.get((table_id, game_id, version, viewer))


def render_live(table_id: int, user, hint: tuple | None = None) -> tuple[str, tuple | None]:
    """The live partial for one viewer, and the key it was rendered for.

    Each (table, game, version, viewer) is rendered once per process: a seat's two tabs, its
    hx-post answer and its socket push share one render, and all watchers share another.
    ``hint`` is that key as a group message announced it; if already rendered, no query runs.
    """
    from ..presenters import table_context, viewer_seat

    if hint is not None:
        html = LIVE.get(hint)
        if html is not None:
            return html, hint
    table, game, seats = _table_state(table_id, hint)
    viewer = viewer_key(viewer_seat(seats, user), user)

    def render() -> str:
        context = table_context(table, user, seats, game)
        return render_to_string("games/table.html#live", context)

    if game is None:
        return render(), None
    key = (table.pk, game.pk, game.version, viewer)
    return LIVE.get_or_make(key, render), key


def _table_state(table_id: int, hint: tuple | None) -> tuple[Table, Game | None, list]:
    """Table, latest game and seats: read once per announced version and shared by every
    viewer's render in this process (seat badges such as "away" refresh with the next move)."""
    if hint is None:
        return _read_table(table_id)
    # A newer version than announced may be read; showing the newest state is always right.
    return TABLES.get_or_make(hint[:3], lambda: _read_table(table_id))


def _read_table(table_id: int) -> tuple[Table, Game | None, list]:
    game = queries.current_game_of(table_id)
    table = game.match.table if game is not None else Table.objects.get(pk=table_id)
    seats = reads.seats_of(table)
    if game is not None:
        TABLES.put((table.pk, game.pk, game.version), (table, game, seats))
    return table, game, seats


def prime(outcome) -> None:
    """After a move made in this process, keep what it already holds (the saved game, seats and
    engine state) so rendering it, for the mover and for the sockets here, reads nothing again."""
    game = outcome.game
    if game is None:
        return
    table = game.match.table
    TABLES.put((table.pk, game.pk, game.version), (table, game, outcome.seats))
    STATES.put(_key(game), outcome.state)


def clear() -> None:
    """Forget every cached render (tests reuse database ids)."""
    for cache in (STATES, BOARDS, LIVE, TABLES):
        cache.clear()
