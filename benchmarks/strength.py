"""Head-to-head strength: bot A against bot B, every deal played twice with the seats swapped.

    python -m benchmarks.strength classic expert hyperskill --games 200
    python -m benchmarks.strength allfives expert fivescorer --games 50 --unit match
    python -m benchmarks.strength partnership9 expert greedy --games 1000 --option budget=0.1
    python -m benchmarks.strength partnership expert dominoes:random --games 200   # the package's own game
    python -m benchmarks.strength block expert ismcts --games 100 --unit match --budget-ratio

Prints A's wins, losses and draws, its net points, its share of decided games (or matches, with ``--unit match``:
to the variant's target, e.g. 100 in block, 150 in All Fives, 200 in partnership) with a 95% confidence interval
(Wilson), and each side's think time per decision (median, p95, max; every decision, first moves of a game
included) and, for a searching bot, the guesses per decision (ismcts: iterations, one guess each).
``--budget-ratio`` adds A's think time over B's (mean and p95), in wall time and in CPU time (the fairer one on
a loaded machine).

``--oracle`` gives A every hand and the stock (A must be ``expert``: its guesses are then always the truth). That
is no bot: it bounds what any player could win against B, and so how much of a variant is luck. ``--oracle-from
N`` tells it only from the game's N-th event on: what knowing the hands later in a game, which is all that reading
the others' plays could ever give, is worth. ``--oracle-hands`` tells it the hands but not the order of the
stock: in the drawing games, a bound that does not count knowing what will be drawn. ``--oracle-of partner`` or
``--oracle-of opponents`` tells it only those hands and leaves it to guess the rest, the stock included.

With ``dominoes:<player>`` as B, the games are refereed by the `dominoes` PyPI package (pip install
dominoes==6.1.0, the ``bench`` extra) and B is one of its players: random, bota_gorda, or pab
(probabilistic_alphabeta with sample_size=10, bota_gorda before move 8).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from domino_tui.ai import make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.inference import Knowledge
from domino_tui.ai.sampling import Guess, Guesses, Sampler
from domino_tui.engine import VARIANTS, GameState, Match, Observation, full_set, get_rules, observe


class Truth:
    """Guesses that are all the real deal (with ``order`` False, the stock in a random order)."""

    def __init__(self, state: GameState, order: bool = True) -> None:
        self.guess = Guess(tuple(state.kernel.masks), tuple(state.kernel.stock))
        self.order = order

    def sample(self, rng: random.Random) -> Guess:
        if self.order or len(self.guess.stock) < 2:
            return self.guess
        stock = list(self.guess.stock)
        rng.shuffle(stock)
        return Guess(self.guess.masks, tuple(stock))


class Oracle(ExpertBot):
    """The expert told every hand (``--oracle``) once ``since`` events of the game have passed (``--oracle-from``;
    before that it guesses as the expert does), or only some hands (``--oracle-of``, the rest guessed): set
    ``state`` before each decision."""

    state: GameState
    since = 0
    order = True  # whether it knows the order of the stock too (``--oracle-hands``: not)
    told = "all"  # whose hands: all, partner or opponents

    def sampler(self, obs: Observation) -> Guesses:
        if len(obs.history) < self.since:
            return super().sampler(obs)
        if self.told == "all":
            return Truth(self.state, self.order)
        rules = obs.rules
        if self.told == "partner":
            seats = [] if obs.partner is None else [obs.partner]
        else:
            seats = [s for s in range(rules.players) if rules.team_of(s) != obs.team]
        return Told(self.knowledge(obs), obs, {s: self.state.kernel.masks[s] for s in seats})


class Told:
    """Guesses in which some hands are the real ones: those tiles are taken out of what is guessed, and the seats
    holding them get nothing more (the stock, where there is one, is guessed as ever)."""

    def __init__(self, know: Knowledge, obs: Observation, hands: dict[int, int]) -> None:
        self.hands = hands
        for seat, hand in hands.items():
            know.unknown &= ~hand
            know.seats[seat].size = 0
        self.inner = Sampler(know, obs.stock_size)

    def sample(self, rng: random.Random) -> Guess:
        guess = self.inner.sample(rng)
        masks = list(guess.masks)
        for seat, hand in self.hands.items():
            masks[seat] = hand
        return Guess(tuple(masks), guess.stock)


def parse_options(items: list[str]) -> dict[str, object]:
    """``key=value`` pairs as a bot's keyword options (numbers, None, True and False as themselves)."""
    out: dict[str, object] = {}
    for item in items:
        key, eq, raw = item.partition("=")
        if not eq or not key:
            raise ValueError(f"option {item!r} is not key=value (e.g. budget=0.5)")
        try:
            out[key] = int(raw)
        except ValueError:
            try:
                out[key] = float(raw)
            except ValueError:
                out[key] = {"None": None, "True": True, "False": False}.get(raw, raw)
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - r) / d, (c + r) / d


def timing(xs: list[float]) -> str:
    if not xs:
        return "no decisions"
    return (
        f"mean {statistics.fmean(xs) * 1000:.1f} ms, median {statistics.median(xs) * 1000:.1f} ms, "
        f"p95 {p95(xs) * 1000:.1f} ms, max {max(xs) * 1000:.1f} ms "
        f"({len(xs)} decisions)"
    )


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(0.95 * len(xs)) - 1)]


def ratios(times: dict[str, list[float]]) -> str:
    """A's think time over B's: mean and p95."""
    a, b = times["A"], times["B"]
    if not a or not b or not statistics.fmean(b) or not p95(b):
        return "B took no measurable time"
    return f"mean {statistics.fmean(a) / statistics.fmean(b):.2f}, p95 {p95(a) / p95(b):.2f}"


class Tally:
    def __init__(self) -> None:
        self.wins = self.losses = self.draws = 0
        self.net: list[int] = []
        self.think: dict[str, list[float]] = {"A": [], "B": []}
        self.cpu: dict[str, list[float]] = {"A": [], "B": []}
        # CPU time of the decisions with more than one legal move: what a search spends when it has a choice.
        self.cpu_choice: dict[str, list[float]] = {"A": [], "B": []}
        self.guesses: dict[str, list[int]] = {"A": [], "B": []}

    def merge(self, other: Tally) -> None:
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        self.net.extend(other.net)
        for side, xs in other.think.items():
            self.think[side].extend(xs)
            self.cpu[side].extend(other.cpu[side])
            self.cpu_choice[side].extend(other.cpu_choice[side])
        for side, counts in other.guesses.items():
            self.guesses[side].extend(counts)

    def add(self, a_won: bool | None, net: int) -> None:
        if a_won is None:
            self.draws += 1
        elif a_won:
            self.wins += 1
        else:
            self.losses += 1
        self.net.append(net)

    def report(self, label: str, a: str, b: str, unit: str, ratio: bool = False) -> str:
        n = self.wins + self.losses + self.draws
        decided = self.wins + self.losses
        lo, hi = wilson(self.wins, decided)
        share = self.wins / decided if decided else 0.0
        mean = statistics.fmean(self.net) if self.net else 0.0
        sd = statistics.stdev(self.net) if len(self.net) > 1 else 0.0
        half = 1.96 * sd / math.sqrt(len(self.net)) if self.net else 0.0
        units = "matches" if unit == "match" else f"{unit}s"
        return "\n".join(
            [
                f"{label}: A={a} vs B={b}, {n} {units}",
                f"  A wins {self.wins}, losses {self.losses}, draws {self.draws}",
                f"  A share of decided {units}: {share:.1%}  (95% CI {lo:.1%} .. {hi:.1%})",
                f"  A net points: {sum(self.net):+d}  ({mean:+.2f} per {unit}, 95% CI {mean - half:+.2f} .. "
                f"{mean + half:+.2f})",
                f"  think time A: {timing(self.think['A'])}",
                f"  think time B: {timing(self.think['B'])}",
                f"  CPU think time A, decisions with a choice: {timing(self.cpu_choice['A'])}",
                *(
                    f"  guesses per decision {side}: mean {statistics.fmean(g):.1f}, "
                    f"median {statistics.median(g):.0f} ({len(g)} decisions)"
                    for side, g in self.guesses.items()
                    if g
                ),
                *([f"  budget ratio A/B: wall {ratios(self.think)}; CPU {ratios(self.cpu)}"] if ratio else []),
            ]
        )


def play_engine(
    variant: str,
    a: str,
    b: str,
    a_opts: dict,
    b_opts: dict,
    seed: int,
    unit: str,
    target: int | None,
    oracle: tuple[int, bool, str] | None,
    games: range,
    progress: bool,
) -> Tally:
    rules = get_rules(variant)
    tally = Tally()
    for g in games:
        a_team = g % 2  # the same deal twice in a row, seats swapped
        deal_seed = seed * 1_000_003 + g // 2
        bots = {}
        for seat in range(rules.players):
            name, opts, side = (a, a_opts, "A") if rules.team_of(seat) == a_team else (b, b_opts, "B")
            rng = random.Random(f"{seed}-{g}-{seat}")
            if oracle is not None and side == "A":
                bot = Oracle(rng, **opts)
                bot.since, bot.order, bot.told = oracle
            else:
                bot = make_bot(name, rng, **opts)
            bots[seat] = (bot, side)
        if unit == "match":
            match = Match(rules, random.Random(deal_seed), target=target)
            while True:
                _play(match.game, bots, tally, match.scores_before(len(match.games) - 1), match.target)
                if match.over:
                    break
                match.next_game()
            scores = match.scores
            winner = match.winner
        else:
            state = GameState.new(rules, random.Random(deal_seed))
            _play(state, bots, tally, (), None)
            scores = state.team_points()
            winner = state.result.winner
        net = scores[a_team] - scores[1 - a_team]
        tally.add(None if winner is None else winner == a_team, net)
        _progress(progress, tally, games)
    return tally


def _play(state: GameState, bots: dict, tally: Tally, scores: tuple, target: int | None) -> None:
    while not state.over:
        seat = state.turn
        bot, side = bots[seat]
        obs = observe(state, seat, tuple(scores), target)
        if isinstance(bot, Oracle):
            bot.state = state
        t0 = time.perf_counter()
        c0 = time.process_time()
        move = bot.choose(obs)
        cpu = time.process_time() - c0
        tally.cpu[side].append(cpu)
        if len(obs.legal) > 1:
            tally.cpu_choice[side].append(cpu)
        tally.think[side].append(time.perf_counter() - t0)
        state.apply(move)
    _collect_guesses(tally, list(bots.values()))


def _collect_guesses(tally: Tally, bots: list[tuple[object, str]]) -> None:
    """Move the guesses each expert looked at per decision into the tally (other bots have none)."""
    for bot, side in bots:
        counts = getattr(bot, "guesses", None)
        if counts:
            tally.guesses[side].extend(counts)
            counts.clear()


def play_package(a: str, a_opts: dict, b: str, seed: int, games: range, progress: bool) -> Tally:
    from benchmarks.dominoes_adapter import package_player, play_game

    player = package_player(b)
    tiles = list(full_set(6))
    tally = Tally()
    for g in games:
        a_team = g % 2
        deal = random.Random(seed * 1_000_003 + g // 2)
        order = tiles.copy()
        deal.shuffle(order)
        hands = [order[i * 7 : (i + 1) * 7] for i in range(4)]
        ours = {s: make_bot(a, random.Random(f"{seed}-{g}-{s}"), **a_opts) for s in range(4) if s % 2 == a_team}
        out = play_game(hands, ours, player, random.Random(f"{seed}-{g}"))
        _collect_guesses(tally, [(bot, "A") for bot in ours.values()])
        for side, team in (("A", a_team), ("B", 1 - a_team)):
            tally.think[side].extend(out.think[team])
            tally.cpu[side].extend(out.cpu[team])
        tally.add(None if out.winner is None else out.winner == a_team, out.points[a_team] - out.points[1 - a_team])
        _progress(progress, tally, games)
    return tally


def _progress(on: bool, tally: Tally, games: range) -> None:
    done = tally.wins + tally.losses + tally.draws
    if on and done % 10 == 0:
        print(f"  ... {done}/{len(games)}: A {tally.wins}-{tally.losses}-{tally.draws}", file=sys.stderr, flush=True)


def _run(play: Callable[[range, bool], Tally], games: int, jobs: int, progress: bool) -> Tally:
    """Games 0..games-1, split into ``jobs`` contiguous runs (a game's seeds depend only on its number, so the
    split changes nothing but the wall time)."""
    if jobs <= 1:
        return play(range(games), progress)
    cuts = [games * j // jobs for j in range(jobs + 1)]
    tally = Tally()
    with ProcessPoolExecutor(jobs) as pool:
        parts = [pool.submit(play, range(a, b), progress) for a, b in itertools.pairwise(cuts)]
        for part in parts:
            tally.merge(part.result())
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant", choices=VARIANTS)
    ap.add_argument("a", help="bot A (ours)")
    ap.add_argument("b", help="bot B, or dominoes:<player> for the package's own partnership game")
    ap.add_argument("--games", type=int, default=100, help="games (or matches) in all, an even number")
    ap.add_argument("--unit", choices=("game", "match"), default="game")
    ap.add_argument("--target", type=int, default=None, help="match target (default: the variant's)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], help="A's bot option, e.g. budget=0.5")
    ap.add_argument("--b-option", action="append", default=[], help="B's bot option")
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--budget-ratio", action="store_true", help="also print A's think time over B's")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes; a budget in seconds wants a core for each")
    ap.add_argument("--oracle", action="store_true", help="A (the expert) sees every hand: a bound, not a bot")
    ap.add_argument(
        "--oracle-from", type=int, metavar="N", help="the same, from the game's N-th event (play, draw or pass) on"
    )
    ap.add_argument("--oracle-hands", action="store_true", help="the same, but not the order of the stock")
    ap.add_argument("--oracle-of", choices=("partner", "opponents"), help="the same, but only these seats' hands")
    ap.add_argument(
        "--save-nets", metavar="PATH", help="write A's net points, game by game, as JSON (benchmarks/paired_nets.py)"
    )
    args = ap.parse_args(argv)
    try:
        a_opts = parse_options(args.option)
        b_opts = parse_options(args.b_option)
        # Built once here so that a misspelt bot or option stops the run with a message, not a worker's traceback.
        make_bot(args.a, random.Random(0), **a_opts)
        if not args.b.startswith("dominoes:"):
            make_bot(args.b, random.Random(0), **b_opts)
    except (ValueError, TypeError) as exc:
        ap.error(str(exc))
    if args.oracle_of and args.oracle_hands:
        ap.error("--oracle-of tells only those hands and the stock is guessed, so --oracle-hands adds nothing")
    if args.oracle_from is not None or args.oracle_hands or args.oracle_of:
        args.oracle = True
    # (from which event A is told, whether it is told the order of the stock too, whose hands)
    oracle = (args.oracle_from or 0, not args.oracle_hands, args.oracle_of or "all") if args.oracle else None
    t0 = time.perf_counter()
    cmd = "python -m benchmarks.strength " + " ".join(sys.argv[1:] if argv is None else argv)
    print(cmd)
    if args.oracle and args.a != "expert":
        print("--oracle tells the expert every hand: A must be expert", file=sys.stderr)
        return 2
    if args.oracle_of == "partner" and not get_rules(args.variant).partnership:
        print(f"--oracle-of partner: {args.variant} is played without partners", file=sys.stderr)
        return 2
    if args.b.startswith("dominoes:"):
        if args.oracle:
            print("--oracle plays only the engine's games", file=sys.stderr)
            return 2
        if args.variant != "partnership":
            print("the dominoes package plays only its partnership game", file=sys.stderr)
            return 2
        if args.unit == "match":
            print(
                "against the dominoes package the unit is a game (its series are not matches to a target)",
                file=sys.stderr,
            )
            return 2
        play = partial(play_package, args.a, a_opts, args.b.split(":", 1)[1], args.seed)
    else:
        play = partial(
            play_engine, args.variant, args.a, args.b, a_opts, b_opts, args.seed, args.unit, args.target, oracle
        )
    tally = _run(play, args.games, args.jobs, args.progress)
    label = f"{args.variant} (options A {a_opts or 'default'}, B {b_opts or 'default'}, seed {args.seed})"
    if args.oracle:
        label += ", A sees every hand" + (f" from event {args.oracle_from}" if args.oracle_from else "")
        label += " but not the order of the stock" if args.oracle_hands else ""
        told = {"partner": "the partner's hand", "opponents": "the opponents' hands"}
        label = label.replace("every hand", told[args.oracle_of]) if args.oracle_of else label
    print(tally.report(label, args.a, args.b, args.unit, args.budget_ratio))
    print(f"  wall time {time.perf_counter() - t0:.0f} s")
    if args.save_nets:
        with open(args.save_nets, "w") as out:
            json.dump({"seed": args.seed, "options": a_opts, "nets": tally.net}, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
