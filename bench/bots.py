"""Bot strength and speed: duplicate deals between levels, one JSON line per style.

Usage: python bench/bots.py [--games N] [--styles NAME ...] [--pairings NAME ...] [--budget-ms MS]
[--seed S] [--jobs J] [--hook [STYLE:]NAME=VALUE ...] [--raw FILE]

Each pairing seats a *hero* level (one seat, or one team) against a *field* level. Every deal is
played once per rotation of the hero's seats (duplicate play: the hero gets every hand of the
deal once, so the luck of the deal cancels), and the 95% confidence intervals are taken over
deals, which are independent. Pairings:

- ``expert_vs_casual``: one expert among casual seats (an expert pair in Partner, head to head in
  the 2-seat Block and Draw). Goals: Cut-Throat win rate >= 0.33 (0.25 is even), Partner >= 0.57,
  French mean game score <= 0.8 of the casual seats' (lower is better there).
- ``casual_vs_random``: the same seating with casual against random; casual should be clearly
  better in every style (Doubles, where luck weighs most, is named in ``GOALS``; there the expert
  must also beat casual).
- ``open_vs_casual``: the yardstick of issue 20. The expert's own search, but its play-outs run on
  the true deal instead of sampled ones (``open_hand``): what the same search reaches when it
  sees every tile. It lives here only: it reads hidden tiles, so it is no bot level and the live
  game can never seat it. When both it and ``expert_vs_casual`` ran, each style's line gets
  ``expert_share_of_open_edge``: (expert - even) / (open - even) on the win rate (the pair's in
  Partner), and in French, whose score ratio is better when lower, (1 - expert) / (1 - open) on
  the score ratios; the interval is a bootstrap over deals, both pairings resampled together
  (they play the same deals).
- ``hands_vs_casual``: the open hand, but it sees only the hands (``open_hands``): each round
  shuffles the boneyard afresh, so its edge is what a perfect reading of the other seats could
  be worth, without foreseeing the draws (the same as the open hand where nothing is left to
  draw). Its share is reported beside the open hand's as ``expert_share_of_hands_edge``.
- ``beliefs_vs_casual``: the expert's own search on deals drawn from the exact beliefs
  (``exact_beliefs``): every hidden tile as likely as the casual seats' recorded choices make it,
  read sharply from a start at the true deal, the draws unforeseen. It is what perfect reading of
  the table would make of this search; its share of the open hand's edge is reported as
  ``beliefs_share_of_open_edge``, the most any better dealing of the expert's could keep.

``--styles`` names the tables: the six styles (the default: Block and Draw with two seats, as
in issue 20's table), and ``block_teams`` / ``draw_teams``, the same styles with four seats in two
teams, where the hero is a pair as in Partner.

``--hook NAME=VALUE`` (repeatable) overrides one of the bots' hooks (``games.bots.hooks.Hooks``)
in every style for the run (``--hook STYLE:NAME=VALUE`` in one style), to measure a change
against the defaults on the same deals; ``--raw FILE`` keeps every deal's results, so that two
runs with the same seed can be compared deal by deal.

``decision_p50_ms`` / ``decision_p95_ms`` are per level, over the decisions with a real choice
(forced moves are answered at once and left out). Progress goes to standard error. Games go
through the engine API only (no Django).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import bots
from games.bots import expert, hooks
from games.bots.inference import Evidence
from games.bots.knowledge import read
from games.bots.posterior import Chain
from games.engine import new_match, with_hidden
from games.engine.rules.base import NO_DRAW
from games.engine.tiles import bits

#: style -> (seats, options, hero seat sets, one per rotation)
TABLES: dict[str, tuple[int, dict, list[tuple[int, ...]]]] = {
    "cutthroat": (4, {}, [(0,), (1,), (2,), (3,)]),
    "partner": (4, {}, [(0, 2), (1, 3)]),
    "block": (2, {}, [(0,), (1,)]),
    "draw": (2, {}, [(0,), (1,)]),
    "french": (4, {}, [(0,), (1,), (2,), (3,)]),
    "doubles": (4, {}, [(0,), (1,), (2,), (3,)]),
    # Block and Draw in two teams of two (the ``teams`` option): an expert pair, as in Partner.
    # Not in the table (its Block and Draw are the 2-seat games), so not run by default.
    "block_teams": (4, {"teams": True}, [(0, 2), (1, 3)]),
    "draw_teams": (4, {"teams": True}, [(0, 2), (1, 3)]),
}
DEFAULT_TABLES = [table for table in TABLES if not table.endswith("_teams")]
PAIRINGS = {
    "expert_vs_casual": ("expert", "casual"),
    "casual_vs_random": ("casual", "random"),
    "open_vs_casual": ("open", "casual"),
    "hands_vs_casual": ("hands", "casual"),
    "beliefs_vs_casual": ("beliefs", "casual"),
}
#: How sharply the exact-beliefs yardstick reads the casual seats' choices: casual plays its
#: best-scoring move (ties at random), so a deal in which another move scored higher is all but
#: ruled out (one point of casual score costs a factor of e^30).
EXACT_BETA = 30.0
GOALS = {
    ("cutthroat", "expert_vs_casual"): "win_rate >= 0.33",
    ("partner", "expert_vs_casual"): "win_rate >= 0.57",
    ("french", "expert_vs_casual"): "score_ratio <= 0.8",
    ("doubles", "expert_vs_casual"): "win_rate > 0.25 and score_ratio > 1",
    ("doubles", "casual_vs_random"): "win_rate > 0.25 and score_ratio > 1",
}


def play_deal(task: tuple) -> dict:
    """Every rotation of one deal: the hero's wins and points, the field's, decision times."""
    style, pairing, deal, budget_ms, seed = task
    seats, options, rotations = TABLES[style]
    hero_level, field_level = PAIRINGS[pairing]
    out = {
        "style": style,
        "pairing": pairing,
        "deal": deal,
        "win": [],
        "hero": [],
        "field": [],
        "times": {},
    }
    for r, heroes in enumerate(rotations):
        rng = random.Random(f"{seed}:{deal}:{r}")
        game = new_match(_rules_of(style), seats, options, seed=f"{seed}:{deal}").start_game()
        levels = [hero_level if s in heroes else field_level for s in range(seats)]
        while not game.over:
            seat = game.turn
            level = levels[seat]
            began = time.perf_counter()
            move = decide(level, game, seat, rng, budget_ms)
            if len(game.legal_moves()) > 1:
                out["times"].setdefault(level, []).append(time.perf_counter() - began)
            game.apply(move)
        _score(out, game, heroes)
    return out


def decide(level: str, game, seat: int, rng: random.Random, budget_ms: float):
    if level == "expert":
        return expert.choose(game, seat, rng, budget_ms=budget_ms)
    if level == "open":
        return open_hand(game, seat, rng, budget_ms)
    if level == "hands":
        return open_hands(game, seat, rng, budget_ms)
    if level == "beliefs":
        return exact_beliefs(game, seat, rng, budget_ms)
    return bots.choose(level, game, seat, rng)


def open_hand(game, seat: int, rng: random.Random, budget_ms: float):
    """The expert's search with its play-outs on the true deal (it sees every hidden tile).

    The play-outs are deterministic (greedy policy, the real boneyard order), so every round on
    the true deal would repeat the first: one round is the whole budget's worth.
    """
    return expert.choose(game, seat, rng, budget_ms=budget_ms, max_worlds=1, deal=game.copy)


def open_hands(game, seat: int, rng: random.Random, budget_ms: float):
    """The expert's search seeing every hand but not the boneyard's order: each round draws
    from a freshly shuffled boneyard (one round where none is left, as the open hand)."""
    left = game.boneyard[game.drawn :] if game.rules.draw_rule != NO_DRAW else []
    if len(left) < 2:
        return open_hand(game, seat, rng, budget_ms)
    hands = {s: bits(h) for s, h in enumerate(game.hands) if s != seat}

    def deal():
        pile = left[:]
        rng.shuffle(pile)
        return with_hidden(game, seat, hands, pile)

    return expert.choose(game, seat, rng, budget_ms=budget_ms, deal=deal)


def exact_beliefs(game, seat: int, rng: random.Random, budget_ms: float):
    """The expert's search on deals drawn from the exact beliefs: every hidden tile placed as
    likely as the casual seats' choices make it, which no reading of the table can better.

    A tile-swap chain (``posterior.Chain``) reads every choice of the field's seats (poses and
    placements before draws too, the hero's own party never) at ``EXACT_BETA``, so its deals are
    those in which each casual seat made its best-scoring move. Such a sharp chain wanders
    slowly, and a seat at the table has no start inside the likely deals; this one starts at the
    true deal, where the chain's deals are drawn from once it has burned in. The boneyard's
    order is shuffled afresh in every deal, so it foresees no draw.
    """
    know = read(game, seat)
    evidence = Evidence(
        game, seat, beta=EXACT_BETA, unread=game.rules.parties[game.rules.party_of[seat]]
    )
    if not evidence.choices:
        return expert.choose(game, seat, rng, budget_ms=budget_ms)
    chain = Chain(game, know, evidence, rng)
    chain.restart(
        {s: h for s, h in enumerate(game.hands) if s != seat}, game.boneyard[game.drawn :]
    )
    return expert.choose(game, seat, rng, budget_ms=budget_ms, deal=chain.world)


def _score(out: dict, game, heroes: tuple[int, ...]) -> None:
    """One game's result from the hero's side: won or not, its points and the field's mean."""
    rules = game.rules
    result = game.result
    hero = rules.party_of[heroes[0]]
    field = [p for p in range(len(rules.parties)) if p != hero]
    out["win"].append(1.0 if result.winner == hero else 0.0)
    out["hero"].append(float(result.points[hero]))
    out["field"].append(sum(result.points[p] for p in field) / len(field))


def summarise(style: str, pairing: str, deals: list[dict], rng: random.Random) -> dict:
    """Rates and means with 95% intervals over deals (each deal's rotations averaged first)."""
    per_deal = {key: [sum(d[key]) / len(d[key]) for d in deals] for key in ("win", "hero", "field")}
    rotations = len(TABLES[style][2])
    out = {
        "games": len(deals) * rotations,
        "deals": len(deals),
        "win_rate": _mean(per_deal["win"]),
        "win_ci95": _interval(per_deal["win"]),
        "even": round(1 / _parties(style), 3),
        "mean_points": _mean(per_deal["hero"]),
        "mean_points_field": _mean(per_deal["field"]),
    }
    if _rules_of(style) in ("french", "doubles", "block", "draw"):
        out["score_ratio"], out["ratio_ci95"] = _ratio(per_deal["hero"], per_deal["field"], rng)
    goal = GOALS.get((style, pairing))
    if goal:
        out["goal"] = goal
    return out


def _parties(style: str) -> int:
    """How many parties a table has: its seats over the hero's (one seat, or a pair)."""
    seats, _options, rotations = TABLES[style]
    return seats // len(rotations[0])


def _rules_of(table: str) -> str:
    """The engine's style of a bench table ("block_teams" is Block with the teams option)."""
    return table.removesuffix("_teams")


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 4) if values else float("nan")


def _interval(values: list[float]) -> list[float]:
    n = len(values)
    if n < 2:
        return [float("nan"), float("nan")]
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return [round(mean - half, 4), round(mean + half, 4)]


def _ratio(hero: list[float], field: list[float], rng: random.Random) -> tuple[float, list]:
    """Hero's mean points over the field's, with a bootstrap 95% interval over deals."""
    n = len(hero)
    if not n or not sum(field):
        return float("nan"), [float("nan"), float("nan")]
    samples = []
    for _ in range(1000):
        picks = [rng.randrange(n) for _ in range(n)]
        below = sum(field[i] for i in picks)
        if below:
            samples.append(sum(hero[i] for i in picks) / below)
    samples.sort()
    lo, hi = samples[int(0.025 * len(samples))], samples[int(0.975 * len(samples)) - 1]
    return round(sum(hero) / sum(field), 4), [round(lo, 4), round(hi, 4)]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def share_of_open_edge(
    style: str,
    results: dict,
    rng: random.Random,
    reference: str = "open_vs_casual",
    hero: str = "expert_vs_casual",
) -> dict | None:
    """(expert - even) / (open - even) on the win rate; French: (1 - expert) / (1 - open) on the
    score ratio; with a bootstrap 95% interval, both pairings resampled by the same deals. The
    ``reference`` pairing is the open hand's, or the one that sees only the hands; the ``hero``
    pairing is the expert's, or the exact beliefs'."""
    expert_deals = {d["deal"]: d for d in results.get((style, hero), [])}
    open_deals = {d["deal"]: d for d in results.get((style, reference), [])}
    common = sorted(set(expert_deals) & set(open_deals))
    if len(common) < 2:
        return None
    ratio = style == "french"
    even = 1 / _parties(style)

    def columns(deals: dict) -> tuple[list[float], list[float]]:
        if ratio:
            return [sum(deals[k]["hero"]) for k in common], [sum(deals[k]["field"]) for k in common]
        return [sum(deals[k]["win"]) / len(deals[k]["win"]) for k in common], []

    (eh, ef), (oh, of) = columns(expert_deals), columns(open_deals)

    def share(picks: list[int]) -> float | None:
        if ratio:
            e = sum(eh[i] for i in picks) / (sum(ef[i] for i in picks) or math.nan)
            o = sum(oh[i] for i in picks) / (sum(of[i] for i in picks) or math.nan)
            gap = 1 - o
            return (1 - e) / gap if gap else None
        e = sum(eh[i] for i in picks) / len(picks)
        o = sum(oh[i] for i in picks) / len(picks)
        return (e - even) / (o - even) if o != even else None

    n = len(common)
    value = share(list(range(n)))
    samples = sorted(
        v for _ in range(1000) if (v := share([rng.randrange(n) for _ in range(n)])) is not None
    )
    out = {"measure": "score_ratio" if ratio else "win_rate", "deals": n}
    out["value"] = round(value, 3) if value is not None else None
    if samples:
        lo, hi = samples[int(0.025 * len(samples))], samples[int(0.975 * len(samples)) - 1]
        out["ci95"] = [round(lo, 3), round(hi, 3)]
    return out


def set_hooks(overrides: list[str]) -> None:
    """Apply ``[STYLE:]NAME=VALUE`` overrides to the hooks of one style or of every style (in
    this process), in the order given."""
    for item in overrides:
        target, _, raw = item.partition("=")
        only, _, name = target.rpartition(":")
        for style, entry in list(hooks.HOOKS.items()):
            if only and style != only:
                continue
            kind = type(getattr(entry, name))
            value = raw.lower() in ("1", "true", "yes", "on") if kind is bool else kind(raw)
            hooks.HOOKS[style] = dataclasses.replace(entry, **{name: value})


def run(args: argparse.Namespace) -> None:
    tasks = []
    for style in args.styles:
        deals = math.ceil(args.games / len(TABLES[style][2]))
        for pairing in args.pairings:
            tasks += [(style, pairing, d, args.budget_ms, args.seed) for d in range(deals)]
    results: dict[tuple[str, str], list[dict]] = {}
    began = time.time()
    with multiprocessing.Pool(args.jobs, set_hooks, (args.hook,)) as pool:
        for done, out in enumerate(pool.imap_unordered(play_deal, tasks), 1):
            results.setdefault((out["style"], out["pairing"]), []).append(out)
            if done % 20 == 0 or done == len(tasks):
                print(f"{done}/{len(tasks)} deals, {time.time() - began:.0f} s", file=sys.stderr)
    if args.raw:
        with open(args.raw, "w", encoding="utf-8") as raw:
            for deals in results.values():
                for deal in sorted(deals, key=lambda d: d["deal"]):
                    kept = {k: v for k, v in deal.items() if k != "times"}
                    raw.write(json.dumps(kept) + "\n")
    rng = random.Random(args.seed)
    for style in args.styles:
        print(json.dumps(report(style, results, rng)), flush=True)


def report(style: str, results: dict, rng: random.Random) -> dict:
    line: dict = {"style": style, "seats": TABLES[style][0], "games": 0, "pairings": {}}
    times: dict[str, list[float]] = {}
    for pairing in PAIRINGS:
        deals = results.get((style, pairing))
        if not deals:
            continue
        summary = summarise(style, pairing, deals, rng)
        line["pairings"][pairing] = summary
        line["games"] += summary["games"]
        for deal in deals:
            for level, values in deal["times"].items():
                times.setdefault(level, []).extend(values)
    for reference, key in (("open_vs_casual", "open"), ("hands_vs_casual", "hands")):
        share = share_of_open_edge(style, results, rng, reference)
        if share:
            line[f"expert_share_of_{key}_edge"] = share
    share = share_of_open_edge(style, results, rng, hero="beliefs_vs_casual")
    if share:
        line["beliefs_share_of_open_edge"] = share
    line["decision_p50_ms"] = {level: percentile(v, 0.50) for level, v in sorted(times.items())}
    line["decision_p95_ms"] = {level: percentile(v, 0.95) for level, v in sorted(times.items())}
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--styles", nargs="+", default=DEFAULT_TABLES, choices=list(TABLES))
    parser.add_argument("--budget-ms", type=float, default=expert.BUDGET_MS)
    parser.add_argument("--pairings", nargs="+", default=list(PAIRINGS), choices=list(PAIRINGS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hook", action="append", default=[], help="[STYLE:]NAME=VALUE")
    parser.add_argument("--raw", help="also write every deal's results here (JSON lines)")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
