"""The table's small words, shared by its presenters: lists ("4, 2 and 1"), a style's word for
a run of games, bot levels, teams and parties, clocks. Looked up in the active language."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games import bots, engine
from games.engine.rules import make_rules

from ...models import Table


def and_list(items) -> str:
    """ "4, 2 and 1": how a table says the ends someone passed on."""
    return join_and(items, _("%(head)s and %(last)s"))


def join_and(items, pattern: str) -> str:
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return pattern % {"head": ", ".join(words[:-1]), "last": words[-1]}


def vocabulary(rules: type[engine.Rules]) -> dict[str, str]:
    """The words for a run of games: a "set" in every style, whether won by games (six love,
    bruck) or played to a target, as the history and the ratings say (one word for one thing;
    issue 42). ``rules`` stays so that a style could have its own word again."""
    return {"run": pgettext("run of games", "set"), "another": _("Play another set")}


def clock_text(seconds: int) -> str:
    if not seconds:
        return _("No turn clock.")
    return ngettext(
        "Each turn has a %(n)s-second clock; when it runs out, a bot plays that move for you.",
        "Each turn has a %(n)s-second clock; when it runs out, a bot plays that move for you.",
        seconds,
    ) % {"n": seconds}


def pause_text(seconds: int) -> str:
    """What the seating page says of the pause after each game (``services/pause.py``)."""
    return ngettext(
        "After each game its result stays on screen for %(n)s second, or until every player "
        'has pressed "Next game".',
        "After each game its result stays on screen for %(n)s seconds, or until every player "
        'has pressed "Next game".',
        seconds,
    ) % {"n": seconds}


def short_clock(seconds: int) -> str:
    return _("%(n)s s turn clock") % {"n": seconds} if seconds else _("no turn clock")


def bot_levels() -> list[tuple[str, str]]:
    """(level, its name in the current language), weakest first, from the bots' one list."""
    return [(level, _(name)) for level, name in bots.LEVELS.items()]


def bot_label(player) -> str:
    """ "Casual bot": a bot's level, wherever its name appears."""
    return _bot_label(get_language(), player.bot_level)


@lru_cache(maxsize=64)
def _bot_label(language: str | None, level: str) -> str:
    """``bot_label`` in ``language``, the active one (looked up once: see ``seats.seat_words``)."""
    return _("%(level)s bot") % {"level": _(bots.LEVELS.get(level, level))}


def team_name(index: int) -> str:
    return _("Team %(n)s") % {"n": index + 1}


def parties_of(table: Table) -> list[list[int]]:
    """The table's parties as its rules make them (teams of partners, or each for self)."""
    try:
        return make_rules(table.style, table.seat_count, table.options).parties
    except ValueError:  # options the engine refuses cannot be at a table; never fail a page
        return [[s] for s in range(table.seat_count)]


def seat_teams(parties: list[list[int]]) -> dict[int, int]:
    """Seat to team, only when some party has partners."""
    if all(len(members) < 2 for members in parties):
        return {}
    return {seat: i for i, members in enumerate(parties) for seat in members}


def party_names(view: dict, seats, party: int) -> tuple[str, int]:
    members = view["parties"][party]
    names = " & ".join(seats[s].player.name for s in members if seats[s].player)
    return names, len(members)
