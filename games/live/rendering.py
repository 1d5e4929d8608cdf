"""Rendering the live table for one viewer, with work shared across viewers of one version.

Every move is pushed to every socket at the table, and each socket renders for its own viewer.
Much of that work is the same for all of them: the engine state and the board. Those are kept
per game version in small in-process caches, and viewers who see the same page (every
watcher, a seat's two tabs) share one whole render. Nothing cached here is ever sent to a
viewer it was not rendered for: the key of a render is everything that changes the page
(``RenderKey``), and per-seat parts (the hand) are rendered for that seat only.

The board is rendered once per version (and language) and shared by every viewer; the parts
of it that are a viewer's own, the targets on the ends where this player may tap to place a
tile that fits two ends and the empty board's line (a prompt for the seat to pose), are
rendered for that viewer and put into the shared board at the markers it leaves for them
(``_for_viewer``), so the shared render never holds them.

This is the screen wing's only reader: it asks the core's ``reads`` for rows and hands them,
with the engine's view for the viewer, to the pure presenters.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from games.engine import match_view

from ..models import Game, Table
from ..services import leaving, reads, sealing
from ..services.play import Outcome, load
from .presenters.board import POSE_MARKER, board_context, end_marker
from .presenters.table_page import Viewer, seating_of, table_context, viewer_of


class Recent(OrderedDict):
    """A tiny LRU map: plenty for the versions in flight in one process.

    Renders run in a pool of threads (their database waits then overlap). The sockets of a
    table all ask for the same version at once, so a missing value is made by the first asker
    while the others wait for it ("single flight"), instead of each reading it again.
    """

    def __init__(self, size: int, dropped: Callable[[Any], None] | None = None) -> None:
        super().__init__()
        self.size = size
        self.dropped = dropped  # told of each value the map lets go of
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
        gone = []
        with self.lock:
            if self.dropped is not None and self.get(key) not in (None, value):
                gone.append(self[key])
            self[key] = value
            while len(self) > self.size:
                gone.append(self.popitem(last=False)[1])
        for value in gone:
            if self.dropped is not None:
                self.dropped(value)


class RenderKey(NamedTuple):
    """One render of the live table: a version of a game with its seats as they are (who is
    away, who has a bot standing in: these change without a move), as one kind of viewer sees
    it."""

    table: int
    game: int
    version: int
    seating: tuple
    viewer: Viewer
    sealed: bool = False  # unsealing a set changes what its finished game shows, not its version
    #: The set's state and its event's note (``set_stamp``): a set closed between two games,
    #: or a result its event settled or corrected, changes the page but not the version.
    set_stamp: tuple = ()


#: Engine states are for reading here (renders never play on them), so one that drops out is
#: detached from its games: freed at once instead of by a full collection (``MatchState.detach``).
STATES = Recent(256, dropped=lambda state: state.detach())
BOARDS = Recent(256)
LIVE = Recent(1024)
TABLES = Recent(256)
FINES = Recent(64)


def set_stamp(game: Game) -> tuple:
    """What of the set changes the page without a new game version (``RenderKey.set_stamp``)."""
    match = game.match
    return (match.state, json.dumps(match.note, sort_keys=True) if match.note else "")


def _version(game: Game) -> tuple:
    """A game version; the start time guards against a reused id (a test database)."""
    return (game.pk, game.started_at, game.version)


def engine_state(game: Game):
    """The engine state of this game version, loaded once per process (read-only use)."""
    return STATES.get_or_make(_version(game), lambda: load(game))


def _board_html(game: Game, view: dict, language: str) -> str:
    """The board is the same for every viewer of a version (language aside): laid out and
    rendered once, from the parts of the view every viewer shares (board, ends, last tile)."""
    key = (*_version(game), language)
    return BOARDS.get_or_make(
        key, lambda: render_to_string("games/table.html#board", {"board": board_context(view)})
    )


def _for_viewer(board: str, context: dict) -> SafeString:
    """The shared board with this viewer's parts put in at its markers: the empty board's line
    (a prompt for the seat to pose) and the targets of a tile that fits two ends."""
    if POSE_MARKER in board:
        line = render_to_string("games/table.html#pose-line", context)
        board = board.replace(POSE_MARKER, line, 1)
    targets = context.get("targets")
    if not targets:
        return mark_safe(board)  # our own render
    for (on, number), items in targets.items():
        forms = render_to_string("games/table.html#end-targets", {**context, "items": items})
        board = board.replace(end_marker(on, number), forms, 1)
    return mark_safe(board)  # our own renders


def _fines(game: Game) -> dict[int, int]:
    if game.state != Game.State.OVER:
        return {}
    return FINES.get_or_make(_version(game), lambda: reads.fines_of(game.pk))


def context_for(table: Table, seats: list, viewer: Viewer, game: Game | None) -> dict:
    """The whole page context for ``viewer``: the engine's view for their seat, presented."""
    if game is None:
        return table_context(table, seats, viewer)
    if viewer.barred:  # nothing of the game: its board would tell them their own deal's hands
        return {"table": table, "barred": True, "viewer": None, "version": game.version}
    state = engine_state(game)
    view = match_view(state, viewer.seat)
    if view.get("over") and viewer.seat is None and game.match.sealed:
        view = {**view, "hands": None}  # the same deal may still be played at another table
    context = table_context(table, seats, viewer, game, view, _fines(game),
                            next_stake=_next_stake(state))  # fmt: skip
    context["board_html"] = _for_viewer(_board_html(game, view, viewer.language), context)
    return context


def _next_stake(state) -> int | None:
    """What the next game of the set will be worth, once this one is over (the rules' own
    answer: after a drawn Cut-Throat game, 2)."""
    game = state.game
    if game is None or not game.over or state.over:
        return None
    return state.rules.stake(state.carry)


def page_context(table: Table, user, language: str | None = None) -> dict:
    """For the full page view: the latest state, read now."""
    game = reads.latest_game(table.pk)
    seats = reads.seats_of(table)
    viewer = viewer_of(table, seats, user, language or translation.get_language())
    return context_for(table, seats, _barred(_not_left(viewer, game), game, user), game)


def _not_left(viewer: Viewer, game: Game | None) -> Viewer:
    """A player who left the set (``services.leaving``) watches it: the seat is the bot's."""
    if viewer.seat is None or game is None or not leaving.has_left(game.match, viewer.seat):
        return viewer
    return replace(viewer, seat=None, left=True)


def _barred(viewer: Viewer, game: Game | None, user) -> Viewer:
    """A watcher who sits at another table dealt the same sealed deals sees none of this one
    (``services.sealing``); the question costs a query only at a sealed table."""
    if viewer.seat is not None or game is None or not game.match.sealed:
        return viewer
    if sealing.plays_same_deals_elsewhere(game.match, user):
        return replace(viewer, barred=True)
    return viewer


def cached_live(key: RenderKey) -> str | None:
    """A render already made in this process for this viewer of this version (no queries)."""
    return LIVE.get(key)


def render_live(
    table_id: int,
    user,
    language: str,
    hint: RenderKey | None = None,
    known: tuple[int, int] | None = None,
) -> tuple[str, RenderKey | None]:
    """The live partial for one viewer, and the key it was rendered for.

    Each key is rendered once per process: a seat's two tabs, its hx-post answer and its
    socket push share one render, and all watchers of one language share another. ``hint`` is
    that key as a group message announced it; if already rendered, no query runs. ``known``
    is a (game, version) just stored in this process (``prime``), whose rows are kept.
    """
    if hint is not None:
        html = LIVE.get(hint)
        if html is not None:
            return html, hint
        known = (hint.game, hint.version)
    table, game, seats = _table_state(table_id, known)
    viewer = viewer_of(table, seats, user, language or settings.LANGUAGE_CODE)
    viewer = _barred(_not_left(viewer, game), game, user)

    def render() -> str:
        with translation.override(viewer.language):
            context = context_for(table, seats, viewer, game)
            return render_to_string("games/table.html#live", context)

    if game is None:
        return render(), None
    key = RenderKey(
        table.pk, game.pk, game.version, seating_of(seats), viewer, game.match.sealed,
        set_stamp(game),
    )  # fmt: skip
    return LIVE.get_or_make(key, render), key


def _table_state(table_id: int, known: tuple[int, int] | None) -> tuple[Table, Game | None, list]:
    """Table, latest game and seats: read once per announced version and shared by every
    viewer's render in this process (seat badges such as "away" refresh with the next move)."""
    if known is None:
        return _read_table(table_id)
    # A newer version than announced may be read; showing the newest state is always right.
    return TABLES.get_or_make((table_id, *known), lambda: _read_table(table_id))


def _read_table(table_id: int) -> tuple[Table, Game | None, list]:
    game = reads.latest_game(table_id)
    table = game.match.table if game is not None else Table.objects.get(pk=table_id)
    seats = reads.seats_of(table)
    if game is not None:
        TABLES.put((table.pk, game.pk, game.version), (table, game, seats))
    return table, game, seats


def prime(outcome: Outcome) -> None:
    """After a move made in this process, keep what it already holds (the saved game, seats and
    engine state) so rendering it, for the mover and for the sockets here, reads nothing again."""
    game = outcome.game
    if game is None:
        return
    table = game.match.table
    TABLES.put((table.pk, game.pk, game.version), (table, game, outcome.seats))
    STATES.put(_version(game), outcome.state)


def clear() -> None:
    """Forget every cached render (tests reuse database ids)."""
    for cache in (STATES, BOARDS, LIVE, TABLES, FINES):
        cache.clear()
