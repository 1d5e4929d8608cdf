"""What each style means to the bots, in one place: one ``Hooks`` entry per style name.

Facts of the rules are read from the rules class, not repeated here: who poses
(``highest_double_poses``, ``next_double_poses``: what a pose proves about the deal), whether
totals are penalties (``low_totals_win``), whether the set is won by games (``won_by_games``),
the board and its locks. What is here is the bots' own judgement of a style, each figure measured
(see docs/bots.md): how keen a player is to play doubles, how much an open end costs, how sharply
the expert reads the others' choices. A new style gets its entry here; without one it is played
like the line styles.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hooks:
    """The bots' weights for one style (the defaults are those of the line styles)."""

    #: Casual score per double played. On a line a double fits one number only, so it goes
    #: early (positive). Where numbers are locked until their double (French, Doubles) a double
    #: opens its number for everybody (three new sides in Doubles), so holding it keeps a lock
    #: only this seat can open; measured against random play, holding them wins clearly more
    #: there (French: score ratio 0.58 holding them, 0.87 shedding them first; Doubles, 8,000
    #: games: win rate 0.246 shedding them at +8, 0.319 holding them at -8, 0.322 at -20).
    double_bonus: float = 8.0
    #: The same habit in the expert's rollout policy, as a weight added to a double's pips: the
    #: casual bonus where doubles unlock numbers; 13 on a line, where the rollouts shed doubles
    #: harder than casual does. At casual's own 8 the play-outs pick casual's move but for its
    #: ties, and the open hand gains 0.026 in Cut-Throat; the expert, 800 games paired by deal,
    #: -0.026 to +0.030 by style, no interval clear of zero, so 13 stays (docs/bots.md).
    rollout_double: int = 13
    #: Cost per unseen tile that could follow the end a move leaves (casual and rollouts). In
    #: Doubles, where the winner takes everybody's count, an end few others can use is worth
    #: keeping shut (casual against random, 8,000 games: 0.324 at 3, 0.322 at 0, 0.290 rewarding
    #: open ends at -2).
    openness: float = 0.0
    #: How sharply the expert expects players to pick their best-scoring move when it weighs its
    #: sampled deals by the other seats' earlier choices (``inference``; per point of casual
    #: score); 0 turns the weighing off. French, 2,000 games at 150 ms: score ratio 0.807 off,
    #: 0.778 at 0.5, 0.763 and 0.771 at 1.0, 0.768 at 2.0 (all 28 tiles are dealt and numbers stay
    #: locked, so each placement says much about the rest of a hand). Cut-Throat, 1,200 games at
    #: 40 ms: win rate 0.343 off, 0.340 at 1.0, 0.311 at 3.0 (the weights gather on a few deals
    #: and the lost samples cost more than the sharper beliefs gain).
    beta: float = 0.0
    #: Sharpness of the same reading when it shapes the deals instead of weighing them: the
    #: expert then samples with ``posterior.Chain`` (tile swaps accepted by the likelihood of the
    #: other seats' choices, each deal counted once) and ``beta`` is not used; 0 turns it off.
    #: Against the uniform deals at 150 ms, paired by deal (win rate; Block and Draw 800 games
    #: over three seeds, the others 400 over two): Draw +0.051 [+0.017, +0.086], Block +0.019
    #: [-0.007, +0.044], Doubles +0.007, Partner +0.005, French score ratio -0.022 [-0.079,
    #: +0.031]; Cut-Throat (200 games) -0.035 at 1.0, -0.080 at 3.0, -0.005 at 0.5, so off
    #: there. 3.0 was below 1.0 in every style (docs/bots.md, *A stronger expert*).
    swap_beta: float = 0.0
    #: The expert stops playing out a move once it trails the best by this many standard errors
    #: of the paired difference (after ``expert.MIN_ROUNDS`` deals), so the rest of the budget
    #: goes to the close moves; 0 plays every move in every deal. At 2.0: median decision 11-60
    #: ms instead of 41-150, strength unchanged within noise (200 games per style), so off.
    prune_z: float = 0.0
    #: Whether the reading of choices (``inference``, ``posterior``) takes in the partner's
    #: placements as well as the opponents' (partner play only). The model reads every seat as
    #: a casual player; a partner that searches (an expert pair) does not always play as one.
    #: Partner, expert pair against casual, 800 games over four seeds at 150 ms, paired by deal:
    #: not reading the partner +0.019 [-0.024, +0.062] (seeds +0.14 to -0.08), no measured gain,
    #: so the partner is read (a casual or human partner plays like the model).
    read_partner: bool = True
    #: Whether the reading takes in a seat's placements from before its last draw too (with the
    #: tiles that fitted at its later draws out of its hand then; see ``inference``). Off, they
    #: are left out: nearly half of the placements in Draw, a tenth in Doubles. Paired by deal at
    #: 150 ms, 800 games over two seeds: Draw +0.009 [-0.020, +0.038] (points ratio 2.71 ->
    #: 2.82), Doubles +0.003 [-0.010, +0.015] (ratio 1.35 -> 1.40 [-0.04, +0.15]); no measured
    #: gain, none lost, and the reading is sound (tests/bots/test_inference.py), so on in both.
    before_draws: bool = False
    #: Whether the reading takes in a free pose (the first game of a Block or Draw set, a later
    #: game's winner in the line styles, a choice among doubles in French) as a choice like any
    #: other: the casual player poses its best-scoring tile, so its hand held no better one. A
    #: forced pose (6-6, 0-0, the highest double) is no choice and says nothing. Paired by deal
    #: at 150 ms, 800 games each (seed 13): Block +0.000 [-0.024, +0.024] (points ratio 1.93 ->
    #: 2.11), Draw +0.011 [-0.018, +0.040] (3.16 -> 3.07); no measured gain, none lost, and the
    #: reading is sound (tests/bots/test_inference.py), so on: the beliefs are already about as
    #: good as they can be (docs/bots.md, *Exact beliefs*).
    read_poses: bool = True
    #: How many of the expert's own later turns with a choice, in each play-out, are chosen by a
    #: one-ply search in the sampled deal (``lookahead``) instead of the rollout policy; 0 plays
    #: them greedily. Each searched turn costs a play-out per choice, so fewer deals fit (a deal
    #: costs 1.5-4 times as much). Against the greedy play-outs at 150 ms, paired by deal (win
    #: rate): Partner +0.037 [-0.003, +0.078] at 1 (800 games, four seeds), +0.035 [-0.027,
    #: +0.097] at 2 and +0.010 at 9, every own turn (400 games, two seeds); Cut-Throat +0.003
    #: [-0.048, +0.053] at 2; French score ratio (200 games) +0.012 to +0.037, worse. No interval
    #: above zero, so off everywhere.
    lookahead: int = 0
    #: How much the expert favours the casual move over the best by its search, in the units of
    #: ``utility``: by default it only breaks near-ties. Larger, the expert plays as the casual
    #: model reads it whenever its search finds little between the moves, so a partner who reads
    #: its play by that model (an expert partner does: ``read_partner``) is misled less often.
    #: Partner, expert pair against casual at 150 ms, paired by deal: 0.03 (a tenth of a game's
    #: swing in set standing) +0.034 [+0.008, +0.061] (1,600 games over seeds 14 and 15; +0.029
    #: and +0.040 alone), 0.01 +0.014, 0.06 +0.004 (800 games each). Cut-Throat, where nobody
    #: reads for the expert, loses by it: 0.03 -0.038 [-0.075, -0.000] (800 games). So it
    #: counts only for a seat with a partner (alone: ``expert.TIE_EDGE``), and is 0.03 in
    #: Partner only: an expert pair in team Block and Draw gained nothing measurable by it (800
    #: games, seed 14: Block -0.008 [-0.038, +0.023], Draw +0.006 [-0.026, +0.038]).
    casual_edge: float = 1e-3
    #: Points per unit of the post-game analysis' normalised cost (styles scored on points; see
    #: docs/analysis.md): its error thresholds and bands are read in these units. Set so that
    #: the casual bot's mean cost per decision comes out alike in every style: in Draw's two
    #: seats a choice moves about twice as many points as elsewhere (casual 1.8 points per
    #: decision against 0.5-0.9 in Block, French and Doubles; 16 games per level, two seeds).
    points_scale: float = 20.0


LINE = Hooks()

HOOKS: dict[str, Hooks] = {
    "cutthroat": LINE,
    "partner": Hooks(swap_beta=1.0, casual_edge=0.03),
    "block": Hooks(swap_beta=1.0),
    "draw": Hooks(points_scale=40.0, swap_beta=1.0, before_draws=True),
    "french": Hooks(double_bonus=-10.0, rollout_double=-10, beta=1.0, swap_beta=1.0),
    "doubles": Hooks(
        double_bonus=-20.0, rollout_double=-20, openness=3.0, swap_beta=1.0, before_draws=True
    ),
}


def hooks_for(style: str) -> Hooks:
    """The hooks of a style by its name (a style without an entry plays as a line style)."""
    return HOOKS.get(style, LINE)
