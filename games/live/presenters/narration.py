"""The game in words: its result and stakes explained, and the log of its moves."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games import engine
from games.engine.rules import DRAW_ONE, DRAW_UNTIL

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
        return _closed(view, seats, rules)
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


def _closed(view: dict, seats, rules: type[engine.Rules]) -> dict:
    """A game stopped before it ended: by a resignation (the set is over), by an abort before
    the first move, or by staff; the last two count for nothing (``services.leaving``)."""
    run = vocabulary(rules)["run"]
    word = view["match"].get("result")
    if word == "resigned":
        lines = _match_lines(view, seats, rules)
        return {"headline": lines[0], "lines": lines[1:], "over": True}
    if word == "aborted":
        text = _("This %(run)s was aborted before its first move; it counts for nothing.")
    else:
        text = _("This %(run)s was stopped before it ended; it counts for nothing.")
    return {"headline": text % {"run": run}, "lines": [], "over": True}


def _resigned_lines(view: dict, seats, rules: type[engine.Rules]) -> list[str]:
    """Who resigned the set (a pair resigns together) and who wins it."""
    match = view["match"]
    run = vocabulary(rules)["run"]
    gave_up = set(match.get("resigned") or [])
    party = next((i for i, m in enumerate(view["parties"]) if gave_up & set(m)), None)
    lines = []
    if party is not None:
        names, members = party_names(view, seats, party)
        lines.append(ngettext(
            "%(names)s resigned the %(run)s.", "%(names)s resigned the %(run)s.", members,
        ) % {"names": names, "run": run})  # fmt: skip
    winner = match["winner"]
    if winner is None:
        lines.append(_("The best total among the others is shared: nobody wins it."))
    else:
        names, members = party_names(view, seats, winner)
        lines.append(
            ngettext("%(names)s wins it.", "%(names)s win it.", members) % {"names": names}
        )
    return lines


def _match_lines(view: dict, seats, rules: type[engine.Rules]) -> list[str]:
    match = view["match"]
    winner = match["winner"]
    names, members = party_names(view, seats, winner) if winner is not None else ("", 1)
    word = match["result"]
    if word == "resigned":
        return _resigned_lines(view, seats, rules)
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
            "set with %(total)s.",
            "Target reached: a total reached %(t)s, so the lowest total wins. %(names)s win the "
            "set with %(total)s.",
            members,
        ) % {"t": target, "names": names, "total": total}]  # fmt: skip
    return [ngettext(
        "Target reached: %(names)s reached %(t)s and wins the set.",
        "Target reached: %(names)s reached %(t)s and win the set.",
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


def your_news(
    recent: list, view: dict, viewer: int | None, rules: type[engine.Rules], names: list[str]
) -> list[str]:
    """What the table just did for the viewer, said where it happens and not only in the log:
    a pass it made for them and why (by the style's draw rule: the rule book's words), the tiles
    it drew for them, and French fines as they fall. It covers the viewer's latest turn and what
    followed it, so it stays until their next move (bots play on at once: a line that went with
    the next turn would be gone before it was read); a watcher, or a finished game (its result
    says it all), gets nothing."""
    if viewer is None or view.get("over"):
        return []
    moves = log.entries(recent)
    end = len(moves)
    while end and moves[end - 1].seat != viewer:
        end -= 1
    start = end
    while start and moves[start - 1].seat == viewer:
        start -= 1
    turn = moves[start:end]
    if not turn:
        return []
    lines = []
    drawn = [move.tile for move in turn if move.kind == Move.Kind.DRAW]
    if turn[-1].kind == Move.Kind.PASS:
        lines.append(_pass_line(rules, drawn))
    elif drawn and end == len(moves) and view.get("turn") == viewer:
        lines.append(ngettext(
            "Nothing fitted, so you drew %(tiles)s.",
            "Nothing fitted, so you drew %(n)s tiles: %(tiles)s.",
            len(drawn),
        ) % {"n": len(drawn), "tiles": and_list(drawn)})  # fmt: skip
    for move in moves[start:]:
        lines += _fine_lines(move, viewer, names)
    return lines


def _pass_line(rules: type[engine.Rules], drawn: list[str]) -> str:
    """Why the table passed for a seat: nothing fits, and the style's draw rule (RULES.md)."""
    if rules.draw_rule == DRAW_ONE:
        if drawn:
            return _("You drew %(tile)s and it does not fit: in Doubles you draw one tile a "
                     "turn, so you pass.") % {"tile": drawn[-1]}  # fmt: skip
        return _("You pass: no tile fits, and Doubles never draws the last two tiles of the "
                 "boneyard.")  # fmt: skip
    if rules.draw_rule == DRAW_UNTIL:
        if drawn:
            return ngettext(
                "You drew %(n)s tile and it does not fit: the boneyard is empty, so you pass.",
                "You drew %(n)s tiles and none fits: the boneyard is empty, so you pass.",
                len(drawn),
            ) % {"n": len(drawn)}
        return _("You pass: no tile fits and the boneyard is empty.")
    return _("You pass: no tile fits.")


def _fine_lines(move: log.Entry, viewer: int, names: list[str]) -> list[str]:
    """A French fine that fell on the viewer with this move, and why; or, to the player whose
    tile nobody could follow, that the three others were fined."""
    fines = (move.detail or {}).get("fines", [])
    lines = []
    everyone = {fine[0] for fine in fines if len(fine) > 2 and fine[2] == "all"}
    placer = next((s for s in range(len(names)) if everyone and s not in everyone), None)
    for fine in fines:
        seat, points, why = fine[0], fine[1], fine[2] if len(fine) > 2 else ""
        if seat != viewer:
            continue
        if why == "third":
            lines.append(_("Third pass in a row: fined %(p)s.") % {"p": points})
        elif why == "all":
            lines.append(
                _("Nobody could follow %(name)s's tile: all three who passed are fined %(p)s "
                  "each, you too.") % {"name": names[placer], "p": points}
            )  # fmt: skip
        else:
            lines.append(_("Fined %(p)s.") % {"p": points})
    if placer == viewer:
        points = next(fine[1] for fine in fines if fine[0] in everyone)
        lines.append(
            _("Nobody could follow your tile: the three others are fined %(p)s each.")
            % {"p": points}
        )
    return lines


def last_game_line(view: dict, seats, rules: type[engine.Rules]) -> str:
    """How the previous game of the set ended, while the next one is played: a player who
    looked away during the result's pause still finds it beside the running score."""
    results = view.get("results") or []
    if view.get("over") or not results:
        return ""
    last = results[-1]
    winner = last["winner"]
    if winner is None:
        return _("Last game: nobody won it.")
    names, members = party_names(view, seats, winner)
    if rules.low_totals_win:
        return ngettext("Last game: %(names)s won it.", "Last game: %(names)s won it.", members) % {
            "names": names
        }
    return ngettext(
        "Last game: %(names)s won it and scored %(p)s.",
        "Last game: %(names)s won it and scored %(p)s.",
        members,
    ) % {"names": names, "p": last["points"][winner]}
