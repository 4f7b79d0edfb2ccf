"""Learn the weights of the play model (domino_tui/ai/policy.py) from recorded games, and write policy.json.

    python scripts/fit_policy.py block --player ismcts --opponent expert --games 600 --seed 9001 --jobs 2

Plays ``--games`` games of the variant with ``--player`` in every seat of one team and ``--opponent`` in the
others (the seats swap every game), keeps each of the player's plays that had a choice (with the hand it held
then, read back from the end of the game), and fits a conditional logit over the plays' features by Newton's
method. It prints the mean log-likelihood of a play, and how often the likeliest play was the one made, beside
choosing at random, on the games held out of the fit (the last fifth), then fits on all of them and writes the
weights (``--out``, by default the package's policy.json). The same command writes the same file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from domino_tui.ai import make_bot
from domino_tui.ai.policy import FEATURES, PlayModel, features
from domino_tui.engine import GameState, get_rules, observe

# A decision: the features of each play it could have made, and which it made.
Decision = tuple[list[tuple[float, ...]], int]

OUT = Path(__file__).resolve().parent.parent / "domino_tui" / "ai" / "policy.json"


def parse_options(items: list[str]) -> dict[str, object]:
    out: dict[str, object] = {}
    for item in items:
        key, _, text = item.partition("=")
        try:
            out[key] = json.loads(text)
        except json.JSONDecodeError:
            out[key] = None if text == "None" else text
    return out


def record(
    variant: str, player: str, p_opts: dict, opponent: str, o_opts: dict, seed: int, games: range
) -> list[list[Decision]]:
    """The player's decisions, game by game."""
    rules = get_rules(variant)
    zero = (0.0,) * len(FEATURES)
    out = []
    for g in games:
        team = g % 2
        bots = {}
        for seat in range(rules.players):
            rng = random.Random(f"{seed}-{g}-{seat}")
            if rules.team_of(seat) == team:
                bots[seat] = make_bot(player, rng, **p_opts)
            else:
                bots[seat] = make_bot(opponent, rng, **o_opts)
        state = GameState.new(rules, random.Random(seed * 1_000_003 + g))
        while not state.over:
            state.apply(bots[state.turn].choose(observe(state, state.turn)))
        watcher = next(s for s in range(rules.players) if rules.team_of(s) != team)
        model = PlayModel(observe(state, watcher), zero)
        if rules.partnership:  # the player's partner's view too: it sees its partner's plays
            mates = [s for s in range(rules.players) if rules.team_of(s) == team]
            model.plays += PlayModel(observe(state, mates[0]), zero, partner=True).plays
            model.plays += PlayModel(observe(state, mates[1]), zero, partner=True).plays
        decisions: list[Decision] = []
        for play in model.plays:
            if rules.team_of(play.seat) != team:
                continue
            hand = state.masks[play.seat] | play.since
            feats = []
            chosen = -1
            for i, choice in enumerate(play.choices):
                if choice.bit & hand:
                    if i == play.chosen:
                        chosen = len(feats)
                    feats.append(features(choice, hand, rules.max_pip))
            if len(feats) > 1:
                decisions.append((feats, chosen))
        out.append(decisions)
    return out


def log_likelihood(w: list[float], data: list[Decision]) -> float:
    total = 0.0
    for feats, chosen in data:
        scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
        top = max(scores)
        total += scores[chosen] - top - math.log(sum(math.exp(s - top) for s in scores))
    return total


def fit(data: list[Decision], ridge: float = 1.0, steps: int = 30) -> list[float]:
    """Maximum likelihood with a small ridge penalty (keeps the weights finite on features that rarely vary)."""
    n = len(FEATURES)
    w = [0.0] * n
    for _ in range(steps):
        grad = [-ridge * x for x in w]
        hess = [[-ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        for feats, chosen in data:
            scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
            top = max(scores)
            ex = [math.exp(s - top) for s in scores]
            z = sum(ex)
            p = [e / z for e in ex]
            mean = [sum(p[k] * feats[k][i] for k in range(len(feats))) for i in range(n)]
            for i in range(n):
                grad[i] += feats[chosen][i] - mean[i]
            for k, f in enumerate(feats):
                d = [f[i] - mean[i] for i in range(n)]
                for i in range(n):
                    for j in range(n):
                        hess[i][j] -= p[k] * d[i] * d[j]
        step = solve([[-x for x in row] for row in hess], grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is small and positive definite here)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def report(label: str, w: list[float], data: list[Decision]) -> str:
    uniform = -sum(math.log(len(f)) for f, _ in data)
    ll = log_likelihood(w, data)
    hits = 0
    for feats, chosen in data:
        scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
        hits += max(range(len(scores)), key=lambda k: scores[k]) == chosen
    chance = sum(1 / len(f) for f, _ in data)
    n = len(data)
    return (
        f"{label}: {n} plays; log-likelihood a play {ll / n:.3f} (at random {uniform / n:.3f}); "
        f"likeliest play made {hits / n:.1%} (at random {chance / n:.1%})"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant")
    ap.add_argument("--player", default="ismcts")
    ap.add_argument("--opponent", default="expert")
    ap.add_argument("--option", action="append", default=[], help="the player's option, key=value")
    ap.add_argument("--o-option", action="append", default=[], help="the opponent's option, key=value")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=9001)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    p_opts = parse_options(args.option)
    o_opts = parse_options(args.o_option)
    work = partial(record, args.variant, args.player, p_opts, args.opponent, o_opts, args.seed)
    chunks = [range(j, args.games, args.jobs) for j in range(args.jobs)]
    games: list[list[Decision]] = [[] for _ in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        for chunk, result in zip(chunks, pool.map(work, chunks), strict=True):
            for g, decisions in zip(chunk, result, strict=True):
                games[g] = decisions
    cut = args.games * 4 // 5
    train = [d for game in games[:cut] for d in game]
    held = [d for game in games[cut:] for d in game]
    w = fit(train)
    print(report(f"held out ({args.games - cut} games)", w, held))
    w = fit(train + held)
    print(report(f"all ({args.games} games)", w, train + held))
    print("weights: " + ", ".join(f"{name} {x:+.3f}" for name, x in zip(FEATURES, w, strict=True)))
    data = {
        "features": list(FEATURES),
        "weights": [round(x, 4) for x in w],
        "fitted": f"scripts/fit_policy.py {args.variant} --player {args.player} --opponent {args.opponent} "
        f"--games {args.games} --seed {args.seed}"
        + "".join(f" --option {o}" for o in args.option)
        + "".join(f" --o-option {o}" for o in args.o_option),
    }
    args.out.write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
