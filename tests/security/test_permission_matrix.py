"""Who may see and do what, everywhere (issue 40): one table of every URL of the site, one of
the admin and one of the sockets, each with the answer every role must get.

Founding or organising a club makes a person staff, for the admin of their own club's events,
and nothing more: seeing what is private (another person's private sets, imports and history
lines, /healthz's details) is for superusers and those granted ``accounts.view_everything``
(``accounts.access``). So the rival organiser (club B's owner, staff) must get exactly what a
plain player gets outside the admin, and in the admin only club B's rows.

The URLs are enumerated from the resolver and the admin's registry, so a URL or a ModelAdmin
added without its row fails ``test_every_url_has_a_row`` by name. Each row is checked for each
role against the live site; a refusal, and every GET, must change nothing in the database.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib import admin
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.security.probes import UNCHANGED, agrees, browser, changed, fingerprint, judge, sign_in
from tests.security.world import ROLES, World, build


@dataclass(frozen=True)
class Row:
    """One case of a URL: the answer of each role, in ``ROLES`` order (see ``probes``); the
    URL's arguments ("@name" stands for the world's ``refs[name]``); the data of a POST (None
    for a GET); a ``secret`` (formatted with the refs) that only those who see everything may
    find on the page (SEES instead of OK); and extra request headers (``meta``)."""

    answers: str
    args: tuple = ()
    post: dict | None = None
    secret: str = ""
    meta: dict | None = None

    def answer(self, role: str) -> str:
        return self.answers.split()[ROLES.index(role)]


def posted(answers: str, *args, **data) -> Row:
    return Row(answers, args, post=data)


TABLE_CODE = ("@private_code",)
CLUB = ("@club",)
EVENT = ("@running_event",)

# The keys are URL names, or "name:case" for a second case of one URL.
# fmt: off
PAGES: dict[str, Row] = {
    #                          anonymous player  member  rival   organiser owner superuser
    "home":                Row("OK       OK      OK      OK      OK      OK      OK"),
    "healthz":             Row("OK       OK      OK      OK      OK      OK      SEES",
                               secret='"vendor"', meta={"REMOTE_ADDR": "203.0.113.9"}),
    "rules":               Row("OK       OK      OK      OK      OK      OK      OK"),
    "signup":              Row("OK       AWAY    AWAY    AWAY    AWAY    AWAY    AWAY"),
    "login":               Row("OK       AWAY    AWAY    AWAY    AWAY    AWAY    AWAY"),
    "logout":           posted("AWAY     AWAY    AWAY    AWAY    AWAY    AWAY    AWAY"),
    "profile":             Row("LOGIN    OK      OK      OK      OK      OK      OK"),
    "password_change":     Row("LOGIN    OK      OK      OK      OK      OK      OK"),
    "password_change_done": Row("LOGIN   OK      OK      OK      OK      OK      OK"),
    "set_language":     posted("AWAY     AWAY    AWAY    AWAY    AWAY    AWAY    AWAY",
                               language="es", next="/"),
    # -- tables: a private table is seen by whoever has its link, and played by its seats only
    "lobby":               Row("OK       OK      OK      OK      OK      OK      OK",
                               secret="{private_code}"),
    "create_form":         Row("OK       OK      OK      OK      OK      OK      OK"),
    "create_table":     posted("LOGIN    AWAY    AWAY    AWAY    AWAY    AWAY    AWAY",
                               style="draw", seats="2", direction="ccw", turn_clock="30",
                               fill="casual"),
    "my_tables":           Row("LOGIN    OK      OK      OK      OK      OK      OK",
                               secret="{private_code}"),
    "table":               Row("OK       OK      OK      OK      OK      OK      OK", TABLE_CODE),
    "take_seat":        posted("LOGIN    BACK    BACK    BACK    BACK    BACK    BACK",
                               *TABLE_CODE),
    "join":             posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE),
    "leave":            posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE),
    "swap":             posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE, seat="1"),
    "decline_swap":     posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE, seat="1"),
    "add_bot":          posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE, seat="1", level="casual"),
    "remove_bot":       posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE, seat="1"),
    "start":            posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE),
    "new_set":          posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE),
    "move":             posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE, kind="pass"),
    # abort, resign, leave: the confirmation and the deed are for the table's own players only
    "give_up":             Row("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               (*TABLE_CODE, "resign")),
    "give_up:post":     posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE, "leave"),
    "next_game":        posted("LOGIN    REFUSED REFUSED REFUSED REFUSED REFUSED REFUSED",
                               *TABLE_CODE),
    # -- clubs: the page is public; letting people in and roles are the organisers' and owners'
    "clubs":               Row("OK       OK      OK      OK      OK      OK      OK"),
    "club_new":            Row("LOGIN    OK      OK      OK      OK      OK      OK"),
    "club":                Row("OK       OK      OK      OK      SEES    SEES    SEES", CLUB,
                               secret="{invite_code}"),
    "club_invite":         Row("OK       OK      OK      OK      OK      OK      OK",
                               ("@invite_code",)),
    "club_invite:join": posted("LOGIN    AWAY    GONE    AWAY    GONE    GONE    AWAY",
                               "@invite_code"),
    "club_request":     posted("LOGIN    AWAY    REFUSED AWAY    REFUSED REFUSED AWAY", *CLUB,
                               message="let me in"),
    "club_decide":      posted("LOGIN    REFUSED REFUSED REFUSED AWAY    AWAY    AWAY", *CLUB,
                               request="@join_request", answer="yes"),
    "club_invite_new":  posted("LOGIN    REFUSED REFUSED REFUSED AWAY    AWAY    AWAY", *CLUB),
    "club_invite_new:limited": posted("LOGIN REFUSED REFUSED REFUSED AWAY  AWAY    AWAY", *CLUB,
                               uses="5"),
    # turning an invite link off is for the club's organisers
    "club_invite_revoke": posted("LOGIN  REFUSED REFUSED REFUSED AWAY    AWAY    AWAY", *CLUB,
                               "@invite"),
    "club_role":        posted("LOGIN    REFUSED REFUSED REFUSED REFUSED AWAY    AWAY", *CLUB,
                               user="@kim", role="organiser"),
    "club_remove":      posted("LOGIN    REFUSED REFUSED REFUSED AWAY    AWAY    AWAY", *CLUB,
                               user="@kim"),
    # -- history: a private set is its players' (pat and sam), an import its owner's (pat)
    "history":             Row("LOGIN    OK      OK      OK      OK      OK      OK"),
    "history_stats":       Row("LOGIN    OK      OK      OK      OK      OK      OK"),
    "history_of":          Row("OK       OK      OK      OK      OK      OK      SEES", ("@pat",),
                               secret="/history/set/{private_set}/"),
    "history_stats_of":    Row("OK       OK      OK      OK      OK      OK      OK", ("@pat",)),
    "history_match":       Row("HIDDEN   HIDDEN  HIDDEN  HIDDEN  HIDDEN  HIDDEN  OK",
                               ("@private_set",)),
    "history_match_record": Row("HIDDEN  HIDDEN  HIDDEN  HIDDEN  HIDDEN  HIDDEN  OK",
                               ("@private_set",)),
    "history_match_game":  Row("HIDDEN   HIDDEN  HIDDEN  HIDDEN  HIDDEN  HIDDEN  OK",
                               ("@private_set", 1)),
    "history_match_game_record": Row("HIDDEN HIDDEN HIDDEN HIDDEN HIDDEN HIDDEN  OK",
                               ("@private_set", 1)),
    "history_match_game_analyse": posted("LOGIN HIDDEN HIDDEN HIDDEN HIDDEN HIDDEN AWAY",
                               "@private_set", 1),
    "history_import":      Row("LOGIN    OK      OK      OK      OK      OK      OK"),
    "history_imported":    Row("HIDDEN   HIDDEN  HIDDEN  HIDDEN  HIDDEN  HIDDEN  OK",
                               ("@imported",)),
    "history_imported_record": Row("HIDDEN HIDDEN HIDDEN HIDDEN  HIDDEN  HIDDEN  OK",
                               ("@imported",)),
    "history_imported_game": Row("HIDDEN HIDDEN  HIDDEN  HIDDEN  HIDDEN  HIDDEN  OK",
                               ("@imported", 1)),
    "history_imported_game_record": Row("HIDDEN HIDDEN HIDDEN HIDDEN HIDDEN HIDDEN OK",
                               ("@imported", 1)),
    # asking for an import's analysis, and deleting it, are its owner's alone
    "history_imported_game_analyse": posted("LOGIN HIDDEN HIDDEN HIDDEN HIDDEN HIDDEN HIDDEN",
                               "@imported", 1),
    "history_imported_delete": posted("LOGIN HIDDEN HIDDEN  HIDDEN  HIDDEN  HIDDEN  HIDDEN",
                               "@imported"),
    # -- events: club-only ones are for the club's members, drafts for its organisers
    "events":              Row("OK       OK      SEES    OK      SEES    SEES    SEES",
                               secret="Members Night Swiss"),
    "my_events":           Row("LOGIN    OK      OK      OK      SEES    SEES    SEES",
                               secret="Secret Draft Social"),
    "event_new":           Row("LOGIN    HIDDEN  HIDDEN  OK      SEES    SEES    SEES",
                               secret="Kingston Domino Club"),
    "event_style_options": Row("OK       OK      OK      OK      OK      OK      OK"),
    "club_events":         Row("OK       OK      SEES    OK      SEES    SEES    SEES", CLUB,
                               secret="Members Night Swiss"),
    "event":               Row("HIDDEN   HIDDEN  OK      HIDDEN  OK      OK      OK", EVENT),
    "event:draft":         Row("HIDDEN   HIDDEN  HIDDEN  HIDDEN  OK      OK      OK",
                               ("@draft_event",)),
    "event:public":        Row("OK       OK      OK      OK      OK      OK      OK",
                               ("@public_event",)),
    # once it runs, only organisers enter anyone (late), and only members of the club; an
    # organiser's command refused answers back on the run page (post/redirect/get)
    "event_enter":      posted("LOGIN    HIDDEN  REFUSED HIDDEN  AWAY    AWAY    REFUSED", *EVENT),
    "event_leave":      posted("LOGIN    HIDDEN  REFUSED HIDDEN  REFUSED REFUSED REFUSED", *EVENT),
    "event_check_in":   posted("LOGIN    HIDDEN  REFUSED HIDDEN  REFUSED REFUSED REFUSED", *EVENT),
    "event_edit":          Row("LOGIN    HIDDEN  HIDDEN  HIDDEN  OK      OK      OK", EVENT),
    "event_run":           Row("LOGIN    HIDDEN  HIDDEN  HIDDEN  OK      OK      OK", EVENT),
    "event_room":          Row("LOGIN    HIDDEN  HIDDEN  HIDDEN  OK      OK      OK", EVENT),
    "event_enter_for":  posted("LOGIN    HIDDEN  HIDDEN  HIDDEN  BACK    BACK    BACK", *EVENT,
                               player="nobody-of-that-name"),
    "event_reseat":     posted("LOGIN    HIDDEN  HIDDEN  HIDDEN  BACK    BACK    BACK", *EVENT),
    "event_step":       posted("LOGIN    HIDDEN  HIDDEN  HIDDEN  BACK    BACK    BACK",
                               *EVENT, "finish"),
    "event_entry_action": posted("LOGIN  HIDDEN  HIDDEN  HIDDEN  BACK    BACK    BACK",
                               *EVENT, "@entry", "check-in"),
    "table_result":        Row("LOGIN    HIDDEN  HIDDEN  HIDDEN  OK      OK      OK",
                               (*EVENT, "@event_table")),
    "event_export":        Row("HIDDEN   HIDDEN  OK      HIDDEN  OK      OK      OK",
                               (*EVENT, "standings")),
    "event_export:deals":  Row("HIDDEN   HIDDEN  OK      HIDDEN  OK      OK      OK",
                               (*EVENT, "deals")),
    "event_print":         Row("HIDDEN   HIDDEN  OK      HIDDEN  OK      OK      OK", EVENT),
    "round_deals":         Row("HIDDEN   HIDDEN  OK      HIDDEN  OK      OK      OK", (*EVENT, 1)),
    "event_screen":        Row("HIDDEN   HIDDEN  OK      HIDDEN  OK      OK      OK", EVENT),
    # -- ratings: public, but a player's private sets are theirs
    "leaderboard":         Row("OK       OK      OK      OK      OK      OK      OK"),
    "player":              Row("OK       OK      OK      OK      OK      OK      SEES",
                               ("@pat_name",), secret="/history/set/{private_set}/"),
}
# fmt: on


def site_patterns(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[str]:
    """The key of every URL of the site (its name, or its route if it has none), the admin's
    left out: ``ADMIN`` covers it by its registry."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            if pattern.app_name != "admin":
                yield from site_patterns(pattern, route)
        elif isinstance(pattern, URLPattern):
            yield pattern.name or route


def test_every_url_has_a_row() -> None:
    """A URL added without saying who may use it fails here, by name."""
    missing = sorted({key for key in site_patterns()} - {key.split(":")[0] for key in PAGES})
    assert not missing, f"URLs without a row in PAGES: {missing}"
    unknown = sorted({key.split(":")[0] for key in PAGES} - set(site_patterns()))
    assert not unknown, f"rows of PAGES for no URL: {unknown}"


def test_every_row_names_an_answer_for_each_role() -> None:
    from tests.security.probes import ANSWERS

    for key, row in PAGES.items():
        answers = row.answers.split()
        assert len(answers) == len(ROLES) and set(answers) <= ANSWERS, key


@pytest.fixture(scope="class")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    """The world, built once for a class of tests in a transaction undone after it; each test
    runs in a savepoint of its own (pytest-django's ``db``), so none sees another's changes.
    (Class-scoped, not module-scoped: the socket test below must run outside it.)"""
    with django_db_blocker.unblock(), transaction.atomic():
        world = build()
        sign_in(world)
        yield world
        transaction.set_rollback(True)


def check(world: World, role: str, expected: str, method: str, url: str, data: dict | None,
          secret: str = "", meta: dict | None = None) -> None:  # fmt: skip
    """Send the request as ``role`` and compare the answer; a refusal, and any GET, must leave
    the database as it was."""
    client = browser(world, role)
    before = fingerprint()
    if method == "POST":
        response = client.post(url, data or {}, **(meta or {}))
    else:
        response = client.get(url, **(meta or {}))
    got = judge(response, secret)
    where = response.get("Location", "")
    assert agrees(expected, got), (
        f"{method} {url} as {role}: expected {expected}, got {got} {where}"
    )
    if expected in UNCHANGED or method == "GET":
        differs = changed(before, fingerprint())
        assert not differs, f"{method} {url} as {role} changed the database: {differs}"


@pytest.mark.django_db
class TestEveryPage:
    @pytest.mark.parametrize("role", ROLES)
    @pytest.mark.parametrize("key", PAGES)
    def test_each_role_gets_the_intended_answer(self, world: World, key: str, role: str) -> None:
        row = PAGES[key]
        url = reverse(key.split(":")[0], args=[world.ref(a) for a in row.args])
        data = None if row.post is None else {k: world.ref(v) for k, v in row.post.items()}
        secret = row.secret.format(**world.refs)
        method = "GET" if row.post is None else "POST"
        check(world, role, row.answer(role), method, url, data, secret, row.meta)


# -- the admin ----------------------------------------------------------------------------
# Staff only: anonymous people, players and members are sent to the admin's login. An
# organiser has the admin of their own clubs' events, entries, rounds and tables (and sees
# their clubs, invites and join requests), and nothing of any other club, of the games, the
# history, the ratings, the people or the login throttle.
#                roles: anonymous player  member  rival  organiser owner superuser
SUPER = "                 LOGIN    LOGIN   LOGIN   NO     NO       NO    OK"
NOBODY = "                LOGIN    LOGIN   LOGIN   NO     NO       NO    NO"
CLUB_A = "                LOGIN    LOGIN   LOGIN   NO     OK       OK    OK"
ORGANISERS = "            LOGIN    LOGIN   LOGIN   OK     OK       OK    OK"
ADMIN_PAGES = ("changelist", "change", "add", "delete", "history")

# The object of each page is club A's (the rival organiser's other club), or for a model of
# no club someone else's (``admin_object``).
# fmt: off
ADMIN: dict[str, tuple[str, str, str, str, str]] = {
    #                              changelist   change  add     delete  history
    "auth.group":                 (SUPER,       SUPER,  SUPER,  SUPER,  SUPER),
    "accounts.user":              (SUPER,       SUPER,  SUPER,  SUPER,  SUPER),
    "clubs.club":                 (ORGANISERS,  CLUB_A, SUPER,  SUPER,  CLUB_A),
    "clubs.invite":               (ORGANISERS,  CLUB_A, SUPER,  SUPER,  CLUB_A),
    "clubs.joinrequest":          (ORGANISERS,  CLUB_A, SUPER,  SUPER,  CLUB_A),
    "games.table":                (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "games.match":                (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "games.game":                 (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "games.move":                 (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "tournaments.tournament":     (ORGANISERS,  CLUB_A, ORGANISERS, SUPER, CLUB_A),
    "tournaments.entry":          (ORGANISERS,  CLUB_A, ORGANISERS, NOBODY, CLUB_A),
    "tournaments.round":          (ORGANISERS,  CLUB_A, NOBODY, NOBODY, CLUB_A),
    "tournaments.tableassignment": (ORGANISERS, CLUB_A, NOBODY, NOBODY, CLUB_A),
    "history.importedrecord":     (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "history.item":               (SUPER,       SUPER,  NOBODY, NOBODY, SUPER),
    "ratings.rating":             (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "ratings.ratedgame":          (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "ratings.ratingchange":       (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "axes.accessattempt":         (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "axes.accesslog":             (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
    "axes.accessfailurelog":      (SUPER,       SUPER,  NOBODY, SUPER,  SUPER),
}

# The admin's own pages; the URLs are formatted with the world's refs.
ADMIN_EXTRAS: dict[str, Row] = {
    "/admin/":                 Row(ORGANISERS),
    "/admin/tournaments/":     Row(ORGANISERS),
    "/admin/games/":           Row(SUPER),
    "/admin/history/":         Row(SUPER),
    # an organiser picks an event's club among their own clubs only
    "/admin/autocomplete/?app_label=tournaments&model_name=tournament&field_name=club&term=":
        Row(ORGANISERS.replace("OK       OK    OK", "SEES     SEES  SEES"),
            secret="Kingston Domino Club"),
    "/admin/accounts/user/?_to_field=id&_popup=1": Row(SUPER),
    # entering someone from the admin: the players offered are the asker's clubs' members only
    # (the rival organiser finds nobody of club A), never every user
    "/admin/tournaments/entry/players/?term=":
        Row(ORGANISERS.replace("OK       OK    OK", "SEES     SEES  SEES"),
            secret='"text": "{kim_name}"'),
    "/admin/tournaments/entry/players/?term=ki":
        Row(ORGANISERS.replace("OK       OK    OK", "SEES     SEES  SEES"),
            secret='"text": "{kim_name}"'),
    "/admin/clubs/club/?_to_field=id&_popup=1":
        Row(ORGANISERS.replace("OK       OK    OK", "SEES     SEES  SEES"),
            secret="Kingston Domino Club"),
    # "view on site": an invite's page is its secret link, an event's is for its club
    "/admin/r/{invite_type}/{invite}/":
        Row(CLUB_A.replace("OK       OK    OK", "AWAY     AWAY  AWAY")),
    "/admin/r/{event_type}/{running_event_pk}/":
        Row(CLUB_A.replace("OK       OK    OK", "AWAY     AWAY  AWAY")),
}
# fmt: on

#: What each side must never find on its admin's lists: the other club's names.
OTHER_CLUBS = {
    "rival": (
        "Kingston Domino Club",
        "Members Night Swiss",
        "Secret Draft Social",
        "Open Cup",
        "Seated Swiss",
    ),
    "organiser": ("Spanish Town Dominoes", "Rival Draft Night"),
    "owner": ("Spanish Town Dominoes", "Rival Draft Night"),
}
CLUB_SCOPED = [label for label, pages in ADMIN.items() if pages[0] == ORGANISERS]


def admin_object(world: World, label: str):
    """The object a model's pages show: club A's, or a private one of someone else's."""
    game = world.private_set.games.get(number=1)
    chosen = {
        "auth.group": lambda: world.people["organiser"].groups.get(),
        "accounts.user": lambda: world.imported.owner,
        "clubs.club": lambda: world.club_a,
        "clubs.invite": lambda: world.invite,
        "clubs.joinrequest": lambda: world.join_request,
        "games.table": lambda: world.private_table,
        "games.match": lambda: world.private_set,
        "games.game": lambda: game,
        "games.move": lambda: game.moves.order_by("seq").first(),
        "tournaments.tournament": lambda: world.running_event,
        "tournaments.entry": lambda: world.running_event.entries.order_by("pk").first(),
        "tournaments.round": lambda: world.event_table.round,
        "tournaments.tableassignment": lambda: world.event_table,
        "history.importedrecord": lambda: world.imported,
        "history.item": lambda: world.private_set.history_items.order_by("pk").first(),
    }
    model = next(m for m in admin.site._registry if m._meta.label_lower == label)
    found = chosen.get(label, lambda: model._default_manager.order_by("pk").first())()
    assert found is not None, f"the world has no {label} for the admin's pages"
    return found


def admin_page_url(world: World, label: str, page: str) -> str:
    app, model = label.split(".")
    if page in ("changelist", "add"):
        return reverse(f"admin:{app}_{model}_{page}")
    return reverse(f"admin:{app}_{model}_{page}", args=[admin_object(world, label).pk])


def test_every_model_of_the_admin_has_a_row() -> None:
    registered = {model._meta.label_lower for model in admin.site._registry}
    assert not registered - set(ADMIN), f"admin models without a row: {registered - set(ADMIN)}"
    assert not set(ADMIN) - registered, f"rows for no admin model: {set(ADMIN) - registered}"


@pytest.mark.django_db
class TestTheAdmin:
    @pytest.mark.parametrize("role", ROLES)
    @pytest.mark.parametrize("view", ADMIN_PAGES)
    @pytest.mark.parametrize("label", ADMIN)
    def test_each_role_gets_the_intended_admin_page(
        self, world: World, label: str, view: str, role: str
    ) -> None:
        expected = Row(ADMIN[label][ADMIN_PAGES.index(view)]).answer(role)
        check(world, role, expected, "GET", admin_page_url(world, label, view), None)

    @pytest.mark.parametrize("role", ROLES)
    @pytest.mark.parametrize("url", ADMIN_EXTRAS)
    def test_each_role_gets_the_intended_admin_extra(
        self, world: World, url: str, role: str
    ) -> None:
        row = ADMIN_EXTRAS[url]
        secret = row.secret.format(**world.refs)
        check(world, role, row.answer(role), "GET", url.format(**world.refs), None, secret)

    @pytest.mark.parametrize("role", OTHER_CLUBS)
    @pytest.mark.parametrize("label", CLUB_SCOPED)
    def test_an_organisers_lists_show_nothing_of_another_club(
        self, world: World, label: str, role: str
    ) -> None:
        page = browser(world, role).get(admin_page_url(world, label, "changelist"))
        assert page.status_code == 200
        shown = [name for name in OTHER_CLUBS[role] if name in page.content.decode()]
        assert not shown, f"{label}'s list shows {role} another club's {shown}"


# -- sockets ------------------------------------------------------------------------------
# IN: the socket is accepted; OUT: it is closed before it opens. A private table's socket is
# for whoever has its link (as its page); an event's for those who may see the event; an
# analysis's for those who may see the game (a private set: its players, or who sees all).
# fmt: off
SOCKETS: dict[str, tuple[str, str]] = {
    # the answers: anonymous player member rival organiser owner superuser
    "ws/lobby/":                     ("/ws/lobby/",                "IN  IN  IN  IN  IN  IN  IN"),
    "ws/table/<str:code>/":          ("/ws/table/{private_code}/", "IN  IN  IN  IN  IN  IN  IN"),
    "ws/event-notices/":             ("/ws/event-notices/",        "OUT IN  IN  IN  IN  IN  IN"),
    "ws/events/<slug:slug>/":        ("/ws/events/{running_event}/",
                                                                   "OUT OUT IN  OUT IN  IN  IN"),
    "ws/events/<slug:slug>/screen/": ("/ws/events/{running_event}/screen/",
                                                                   "OUT OUT IN  OUT IN  IN  IN"),
    "ws/analysis/<int:pk>/":         ("/ws/analysis/{analysis}/",  "OUT OUT OUT OUT OUT OUT IN"),
}
# fmt: on


def socket_routes() -> list[str]:
    from games.live.routing import websocket_urlpatterns as tables
    from history.live.routing import websocket_urlpatterns as analyses
    from tournaments.live.routing import websocket_urlpatterns as events

    return [str(pattern.pattern) for pattern in [*tables, *events, *analyses]]


def test_every_socket_has_a_row() -> None:
    missing = set(socket_routes()) - set(SOCKETS)
    assert not missing, f"sockets without a row in SOCKETS: {sorted(missing)}"
    assert not set(SOCKETS) - set(socket_routes()), "rows of SOCKETS for no socket"


def cookies_of(world: World) -> dict[str, str | None]:
    """Each role's session cookie (None: nobody signed in)."""
    from django.conf import settings

    sign_in(world)
    name = settings.SESSION_COOKIE_NAME
    return {role: key and f"{name}={key}" for role, key in world.sessions.items()}


async def accepted(path: str, cookie: str | None) -> bool:
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _code = await socket.connect(timeout=5)
    await socket.disconnect()
    return connected


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("route", SOCKETS)
async def test_each_role_is_let_in_by_the_sockets_it_may_open(route: str) -> None:
    """Committed (the sockets read in threads of their own), so a world per route."""
    from asgiref.sync import sync_to_async

    world = await sync_to_async(build)()
    cookies = await sync_to_async(cookies_of)(world)
    template, answers = SOCKETS[route]
    path = template.format(**world.refs)
    wrong = []
    for role, expected in zip(ROLES, answers.split(), strict=True):
        got = "IN" if await accepted(path, cookies[role]) else "OUT"
        if got != expected:
            wrong.append(f"{role}: expected {expected}, got {got}")
    assert not wrong, f"{path}: {wrong}"
