"""The game in words: its result and stakes explained, and the log of its moves."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games import engine

from ...models import Move
from ...services import log
from .words import and_list, join_and, party_names, vocabulary


def explain(
    view: dict, seats, rules: type[engine.Rules], fines: dict[int, int],
    next_stake: int | None, closed: bool = False,
) -> dict | None:  # fmt: skip
    """The game's result and the stakes in plain words: a headline and the reasons.

    Every line is worked out from the engine's result (counts, points, who went out with what)
    and the style's facts on its rules class, so a reader learns the rule from what just
    happened: a drawn game makes the next worth 2, a key card is worth 2, doubles in a French
    hand double its score, and so on.
    """
    if closed:
        text = _("This %(run)s was stopped before it ended; it counts for nothing.")
        return {"headline": text % {"run": vocabulary(rules)["run"]}, "lines": [], "over": True}
    result = view.get("result")
    if result is None:
        if view.get("stake") == 2:
            line = _("This game is worth 2: the last one was a draw.")
            return {"headline": line, "lines": [], "over": False}
        return None
    lines: list[str] = []
    counts = result["counts"]
    winner = result["winner"]
    last = view.get("last_move") or {}
    if result["end"] == "domino":
        seat = last.get("seat")
        who = seats[seat].player.name if seat is not None else "?"
        headline = _("Domino! %(name)s went out.") % {"name": who}
    else:
        headline = _("Blocked: nobody can play.")
        lines.append(_blocked_line(view, seats, rules, counts, winner))
    if rules.low_totals_win:
        lines.append(
            _("Everyone adds the count left in their hand to their total; lower is better.")
        )
    if winner is not None:
        lines.append(_winner_line(view, seats, rules, result))
        if result.get("stake") == 2 and not result.get("key_card"):
            lines.append(_("This game was worth 2 because the one before it was a draw."))
    if result.get("key_card"):
        lines.append(
            _("Key card: %(tile)s touched both ends and was the last tile of both its numbers, "
              "so it is worth 2.") % {"tile": last.get("tile")}
        )  # fmt: skip
        if result.get("stake") == 2:
            lines.append(_("A key card and a game worth 2 do not add up: 2 at most."))
    lines += _doubling_lines(view, seats, result, fines)
    if fines:
        parts = [f"{seats[s].player.name} {p}" for s, p in sorted(fines.items())]
        lines.append(
            _("Fines this game: %(list)s (10 for a third pass in a row; 10 each when all three "
              "others pass after one tile).") % {"list": ", ".join(parts)}
        )  # fmt: skip
    match = view["match"]
    if match["over"]:
        lines += _match_lines(view, seats, rules)
    else:
        if rules.won_by_games and winner is None and next_stake == 2:
            lines.append(_("A draw: nobody scores, and the next game is worth 2."))
        elif next_stake == 2:
            lines.append(_("The next game is worth 2."))
        target = view["options"].get("target")
        totals = view["totals"]
        if rules.low_totals_win and target and max(totals) >= target:
            lines.append(
                _("Someone has reached %(t)s, but the lowest total is shared: another game "
                  "decides.") % {"t": target}
            )  # fmt: skip
    return {"headline": headline, "lines": [line for line in lines if line], "over": True}


def _blocked_line(
    view: dict, seats, rules: type[engine.Rules], counts: list[int], winner: int | None
) -> str:
    """Who a blocked game goes to: the lowest hand, or with partners in a style played to a
    target, the lowest team (both partners' counts together)."""
    parties = view["parties"]
    if any(len(members) > 1 for members in parties) and not rules.won_by_games:
        results = [sum(counts[s] for s in members) for members in parties]
        if winner is None:
            return _("The teams' lowest count, %(c)s, is shared: nobody wins this game.") % {
                "c": min(results)
            }
        names, _members = party_names(view, seats, winner)
        return _("The lowest team count wins: %(names)s with %(c)s together.") % {
            "names": names, "c": results[winner],
        }  # fmt: skip
    low = min(counts)
    lowest = [s for s, c in enumerate(counts) if c == low]
    names = and_list([seats[s].player.name for s in lowest])
    if winner is None:
        return _("The lowest count, %(c)s, is shared by %(names)s: nobody wins this game.") % {
            "c": low, "names": names,
        }  # fmt: skip
    return ngettext(
        "The lowest count wins: %(names)s with %(c)s.",
        "The lowest count wins: %(names)s with %(c)s each.",
        len(lowest),
    ) % {"names": names, "c": low}


def _winner_line(view: dict, seats, rules: type[engine.Rules], result: dict) -> str:
    winner = result["winner"]
    names, members = party_names(view, seats, winner)
    points = result["points"][winner]
    if rules.won_by_games:
        return ngettext(
            "%(names)s wins the game and scores %(p)s.",
            "%(names)s win the game and score %(p)s.",
            members,
        ) % {"names": names, "p": points}
    if rules.low_totals_win:
        return ngettext("%(names)s wins the game.", "%(names)s win the game.", members) % {
            "names": names
        }
    counts = result["counts"]
    mine = sum(counts[s] for s in view["parties"][winner])
    others = sum(counts) - mine
    if points == others:
        why = _("the others' counts, %(others)s") % {"others": others}
    else:
        why = _("the others' %(others)s less their own %(own)s") % {"others": others, "own": mine}
    return ngettext(
        "%(names)s wins the game and scores %(p)s: %(why)s.",
        "%(names)s win the game and score %(p)s: %(why)s.",
        members,
    ) % {"names": names, "p": points, "why": why}


def _doubling_lines(view: dict, seats, result: dict, fines: dict[int, int]) -> list[str]:
    """Why a score is more than the count left in a hand (French): doubles held double it, and
    going out on a double doubles everyone else's once more. Read off the numbers themselves."""
    hands = view.get("hands") or []
    if len(result["points"]) != len(hands):  # scored by parties of partners: counts as they are
        return []
    lines = []
    doubled = []
    out_on_double = False
    winner = result["winner"]
    for seat, hand in enumerate(hands):
        count = result["counts"][seat]
        score = result["points"][seat] - fines.get(seat, 0)
        held = sum(1 for t in hand if t[0] == t[2])
        if count and held and score == count << held:
            doubled.append(seat)
        elif count and seat != winner and score == count << (held + 1):
            out_on_double = True
            if held:
                doubled.append(seat)
    if doubled:
        lines.append(
            _("Every double still in a hand doubles that hand's score: %(names)s.")
            % {"names": and_list([seats[s].player.name for s in doubled])}
        )
    if out_on_double:
        last = view.get("last_move") or {}
        lines.append(
            _("%(name)s went out on a double (%(tile)s): everyone else's score doubles.")
            % {"name": seats[last["seat"]].player.name, "tile": last.get("tile")}
        )
    return lines


def _match_lines(view: dict, seats, rules: type[engine.Rules]) -> list[str]:
    match = view["match"]
    winner = match["winner"]
    names, members = party_names(view, seats, winner) if winner is not None else ("", 1)
    word = match["result"]
    if word in ("games", "deadline"):  # closed by its event: ``play.close_set``
        return [_closed_line(word, names, members, winner is not None, vocabulary(rules)["run"])]
    if word == "bruck":
        return [_("Bruck: everyone has scored at least once, so the set is broken and nobody "
                  "wins it.")]  # fmt: skip
    if word == "six-love":
        love = [
            party_names(view, seats, i)[0]
            for i, total in enumerate(view["totals"])
            if i != winner and total == 0
        ]
        return [
            _("Six love! %(names)s reached 6 while %(love)s still had nothing.")
            % {"names": names, "love": and_list(love)},
            ngettext("%(names)s wins the set.", "%(names)s win the set.", members)
            % {"names": names},
        ]
    if word == "six":
        return [ngettext(
            "Six! %(names)s reached 6 first and wins the set.",
            "Six! %(names)s reached 6 first and win the set.",
            members,
        ) % {"names": names}]  # fmt: skip
    target = view["options"].get("target") or 100
    if rules.low_totals_win:
        total = view["totals"][winner]
        return [ngettext(
            "Target reached: a total reached %(t)s, so the lowest total wins. %(names)s wins the "
            "match with %(total)s.",
            "Target reached: a total reached %(t)s, so the lowest total wins. %(names)s win the "
            "match with %(total)s.",
            members,
        ) % {"t": target, "names": names, "total": total}]  # fmt: skip
    return [ngettext(
        "Target reached: %(names)s reached %(t)s and wins the match.",
        "Target reached: %(names)s reached %(t)s and win the match.",
        members,
    ) % {"names": names, "t": target}]  # fmt: skip


def _closed_line(word: str, names: str, members: int, won: bool, run: str) -> str:
    """A set its event ended between two games: after its fixed number of games, or at the
    round's deadline; the best total wins it (the lowest where totals are penalties)."""
    facts = {"names": names, "run": run}
    if word == "games":
        if not won:
            return _("The %(run)s ended after its fixed number of games with the best total "
                     "shared: nobody wins it.") % facts  # fmt: skip
        return ngettext(
            "The %(run)s ended after its fixed number of games: %(names)s wins it with the "
            "best total.",
            "The %(run)s ended after its fixed number of games: %(names)s win it with the "
            "best total.",
            members,
        ) % facts  # fmt: skip
    if not won:
        return _("The %(run)s was stopped at the round's deadline with the best total shared: "
                 "nobody wins it.") % facts  # fmt: skip
    return ngettext(
        "The %(run)s was stopped at the round's deadline: %(names)s wins it with the best "
        "total.",
        "The %(run)s was stopped at the round's deadline: %(names)s win it with the best "
        "total.",
        members,
    ) % facts  # fmt: skip


@lru_cache(maxsize=64)
def log_words(language: str | None) -> dict[str, str]:
    """The move log's sentences in ``language``, the active one: looked up once per language,
    not once per line of every viewer's log on every push (see ``seats.seat_words``)."""
    return {
        "played": _("%(who)s played %(tile)s on %(on)s"), "posed": _("%(who)s posed %(tile)s"),
        "drew_tile": _("%(who)s drew %(tile)s"), "drew": _("%(who)s drew a tile"),
        "passed_on": _("%(who)s passed on %(ends)s"), "passed": _("%(who)s passed"),
        "clock": _("(clock ran out)"), "stand_in": _("(bot standing in)"),
        "fined": _("%(who)s fined %(p)s"), "and": _("%(head)s and %(last)s"),
    }  # fmt: skip


def move_log(recent: list, viewer: int | None, names: list[str]) -> list[str]:
    """Every move of the game in words; a draw names its tile only to the seat that drew it."""
    words = log_words(get_language())
    lines = []
    for move in log.entries(recent):
        who = names[move.seat]
        if move.kind == Move.Kind.PLAY:
            text = (words["played"] if move.on else words["posed"]) % {
                "who": who, "tile": move.tile, "on": move.on,
            }  # fmt: skip
        elif move.kind == Move.Kind.DRAW:
            shown = move.tile if viewer == move.seat else None
            text = (
                words["drew_tile"] % {"who": who, "tile": shown}
                if shown
                else words["drew"] % {"who": who}
            )
        else:
            ends = (move.detail or {}).get("ends") or []
            text = (
                words["passed_on"] % {"who": who, "ends": join_and(ends, words["and"])}
                if ends
                else words["passed"] % {"who": who}
            )
        if move.reason == Move.Reason.CLOCK:
            text += " " + words["clock"]
        elif move.reason == Move.Reason.STAND_IN:
            text += " " + words["stand_in"]
        for fine in (move.detail or {}).get("fines", []):
            text += " · " + words["fined"] % {"who": names[fine[0]], "p": fine[1]}
        lines.append(text)
    return lines
