"""Fit the learned playout policy (domino_tui/ai/policy.py) to the expert's own choices and write policy.json.

    python scripts/fit_policy.py [--games 1500] [--seed 700] [--opponent hyperskill] [--guesses 600] [--jobs 1]
        [--out domino_tui/ai/policy.json]

Plays ``--games`` classic games, the expert (``--guesses`` a decision, no time budget, its heavy-tile playouts:
``learned=False``) in seat 0 against ``--opponent`` (``expert`` for self-play: then both seats' choices count). At
each of the expert's decisions between two or more plays that differ in what they do (`policy.features`) it notes
the features of every play and which the expert made (decisions where it drew or passed instead are left out).
A conditional logit over those features, fitted by Newton's method with a small ridge penalty to four fifths of
the decisions (drawn at random), gives the weights; the other fifth, held out, tells how often the fitted policy
picks the expert's play, beside shedding heavy tiles and choosing at random. Every bot runs from its own seed
without a clock, so a run writes the same file on any machine (the shipped one came from the defaults, about 10
minutes on one core).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from domino_tui.ai import Bot, make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.policy import FEATURES, features
from domino_tui.engine import GameState, Kind, Observation, get_rules, observe
from domino_tui.engine.tiles import tile_set

# One decision: the distinct feature rows of its plays, and which row the expert chose.
Decision = tuple[list[tuple[int, ...]], int]

L2 = 1.0  # the ridge penalty: only keeps the fit finite where a feature never varies
HOLD_OUT = 5  # one decision in this many, drawn at random, is held out to measure the fit


def decision(obs: Observation, chosen: object) -> Decision | None:
    """The features of ``obs``'s plays, and the index of ``chosen`` among them (None if it is no play, or the
    plays do not differ)."""
    ts = tile_set(obs.rules.max_pip)
    held = ts.full_mask & ~ts.mask_of(obs.board.tiles())
    rows: list[tuple[int, ...]] = []
    pick = -1
    for move in obs.legal:
        if move.kind is not Kind.PLAY:
            continue
        assert move.tile is not None and move.end is not None  # a play has both
        row = features(ts.match, ts.low, ts.high, ts.pips, obs.hand_mask, held, obs.ends, ts.index[move.tile], move.end)
        if row not in rows:
            rows.append(row)
        if move == chosen:
            pick = rows.index(row)
    return (rows, pick) if pick >= 0 and len(rows) > 1 else None


def gather(opponent: str, guesses: int, seed: int, games: range) -> list[Decision]:
    rules = get_rules("classic")
    out: list[Decision] = []
    for g in games:
        bots: dict[int, Bot] = {
            s: ExpertBot(random.Random(f"{seed}-{g}-{s}"), budget=None, samples=guesses, learned=False) for s in (0, 1)
        }
        if opponent != "expert":
            bots[1] = make_bot(opponent, random.Random(f"{seed}-{g}-1"))
        state = GameState.new(rules, random.Random(seed * 1_000_003 + g))
        while not state.over:
            obs = observe(state, state.turn)
            bot = bots[state.turn]
            move = bot.choose(obs)
            if isinstance(bot, ExpertBot) and not obs.board.empty:
                found = decision(obs, move)
                if found is not None:
                    out.append(found)
            state.apply(move)
    return out


def probabilities(weights: list[float], rows: list[tuple[int, ...]]) -> list[float]:
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def fit(decisions: list[Decision], l2: float = L2, steps: int = 50) -> list[float]:
    """The conditional logit's weights that make the chosen rows most likely (less ``l2`` times the squared
    weights, halved), by Newton's method from zero."""
    d = len(decisions[0][0][0])
    weights = [0.0] * d
    for _ in range(steps):
        grad = [-l2 * w for w in weights]
        hess = [[-l2 if i == j else 0.0 for j in range(d)] for i in range(d)]
        for rows, chosen in decisions:
            p = probabilities(weights, rows)
            mean = [sum(pk * row[j] for pk, row in zip(p, rows, strict=True)) for j in range(d)]
            for j in range(d):
                grad[j] += rows[chosen][j] - mean[j]
            for pk, row in zip(p, rows, strict=True):
                diff = [row[j] - mean[j] for j in range(d)]
                for i in range(d):
                    for j in range(d):
                        hess[i][j] -= pk * diff[i] * diff[j]
        step = _solve(hess, grad)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return weights


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gauss-Jordan with partial pivoting; a is small and, here, negative definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def agreement(decisions: list[Decision], score: list[float]) -> float:
    """How often the play scoring most under ``score`` is the expert's (ties shared out)."""
    hits = 0.0
    for rows, chosen in decisions:
        values = [sum(w * x for w, x in zip(score, row, strict=True)) for row in rows]
        top = max(values)
        best = [k for k, v in enumerate(values) if v == top]
        hits += (chosen in best) / len(best)
    return hits / max(len(decisions), 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=700)
    ap.add_argument("--opponent", default="hyperskill", help="a bot name; expert for self-play")
    ap.add_argument("--guesses", type=int, default=600)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "domino_tui/ai/policy.json")
    args = ap.parse_args(argv)
    try:
        make_bot(args.opponent, random.Random(0))
    except ValueError as exc:
        ap.error(str(exc))
    if args.games < 1 or args.guesses < 1 or args.jobs < 1:
        ap.error("--games, --guesses and --jobs must be positive")
    cuts = [args.games * j // args.jobs for j in range(args.jobs + 1)]
    parts = [range(cuts[j], cuts[j + 1]) for j in range(args.jobs)]
    run = partial(gather, args.opponent, args.guesses, args.seed)
    decisions: list[Decision] = []
    if args.jobs == 1:
        decisions = run(parts[0])
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for part in pool.map(run, parts):
                decisions.extend(part)
    if len(decisions) < HOLD_OUT:
        print("too few decisions to fit", file=sys.stderr)
        return 1
    random.Random(1).shuffle(decisions)
    cut = len(decisions) * (HOLD_OUT - 1) // HOLD_OUT
    train, held_out = decisions[:cut], decisions[cut:]
    weights = fit(train)
    heavy = [1.0, 3.0] + [0.0] * (len(FEATURES) - 2)  # pips, and a double as 3 pips more: the other playouts
    print(f"{len(decisions)} decisions from {args.games} games; weights:")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:>13} {w:+.3f}")
    print(
        f"held out ({len(held_out)}): the fit picks the expert's play {agreement(held_out, weights):.1%}, "
        f"heavy tiles first {agreement(held_out, heavy):.1%}, "
        f"at random {agreement(held_out, [0.0] * len(FEATURES)):.1%}"
    )
    fitted = f"scripts/fit_policy.py --games {args.games} --seed {args.seed} --opponent {args.opponent}"
    data = {"fitted": f"{fitted} --guesses {args.guesses}", "weights": dict(zip(FEATURES, weights, strict=True))}
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
