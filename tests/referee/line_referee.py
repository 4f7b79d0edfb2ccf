"""A referee for the line games written from their rule books, not from the engine: it imports none of the engine's
rule code (core.py, state.py, the variants' lead functions), only `Tile` and the rules' declared data (the player
count, the teams, the draw rule, the count's divisors, the settlement's kind), and keeps its own table.

Sources, named beside each rule below:
- Hyperskill: the Hyperskill stage text of the classic draw game (and the README of a game built to it);
- pagat: pagat.com's pages on All Fives, Muggins and the fives family;
- the block books: zpag.net, learnplaywin.net, onlinedominogames.com and an old Hoyle's text on the block game;
- gambiter: gambiter.com's Fives and Threes, after Arthur Taylor's Guinness Book of Traditional Pub Games;
- dominoes: the `dominoes` library's documentation of the Puerto Rico partnership game and its series;
- MC102: the MC102 assignment's double-nine partnership judge.

Two conventions of the engine's move list are followed so that lists can be compared, and they are not rules: a
lead on an empty table is laid on the left; an All Fives spinner's up arm opens before its down arm (two empty arms
are one choice).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domino_tui.engine import Rules, Tile
from domino_tui.engine.rules import Blocked, DrawRule, Scores

LEFT, RIGHT, UP, DOWN = 0, 1, 2, 3
PLAY, DRAW, PASS = "play", "draw", "pass"


def round_to_five(points: int) -> int:
    """The All Fives bot README: hands are scored to the nearest five (12 -> 10, 13 -> 15)."""
    return (points + 2) // 5 * 5


@dataclass
class Arm:
    """One open end of the layout: the number it shows, and whether its outer tile is a double (laid crosswise)."""

    pip: int
    double: bool


@dataclass
class LineReferee:
    """One game from its deal: ``hands`` per seat, ``stock`` (drawn from its end where the variant draws, asleep
    otherwise), and who opens: ``lead`` a seat that leads any tile, or None for the holder of the highest double,
    who lays it. Moves are tuples: ("play", tile, end), ("draw",), ("pass",)."""

    rules: Rules
    hands: list[list[Tile]]
    stock: list[Tile]
    lead: int | None
    arms: dict[int, Arm] = field(default_factory=dict)
    line: list[Tile] = field(default_factory=list)
    spinner: int | None = None  # the spinner's number (All Fives)
    spinner_open_sides: set[int] = field(default_factory=set)  # the ends where a side of the spinner is still bare
    arms_started: list[bool] = field(default_factory=lambda: [False, False])  # up, down hold a tile
    turn: int = 0
    passes: int = 0
    fives: list[int] = field(init=False)
    over: bool = False
    reason: str | None = None
    winner: int | None = None
    points: list[int] = field(init=False)
    pips: list[int] = field(default_factory=list)
    out_seat: int | None = None
    last_seat: int | None = None
    leader: int = 0
    scored: list[int] = field(default_factory=list)  # what each play scored, in order

    def __post_init__(self) -> None:
        self.hands = [list(h) for h in self.hands]
        self.stock = list(self.stock) if self.rules.draw is not DrawRule.NONE else []
        self.fives = [0] * len(self.rules.teams)
        self.points = [0] * len(self.rules.teams)
        if self.lead is not None:
            self.turn = self.leader = self.lead  # the block books, MC102: the leader may lead any tile
            return
        # Hyperskill, the All Fives bot README, dominoes: the holder of the highest double lays it first, and the next
        # player goes on.
        for pip in range(self.rules.max_pip, -1, -1):
            double = Tile(pip, pip)
            for seat, hand in enumerate(self.hands):
                if double in hand:
                    self.turn = self.leader = seat
                    self.apply((PLAY, double, LEFT))
                    return
        raise AssertionError("nobody holds a double: the deal is redealt before a game starts")

    # ----- the table -----

    def team_of(self, seat: int) -> int:
        return next(t for t, seats in enumerate(self.rules.teams) if seat in seats)

    def open_ends(self) -> list[int]:
        if not self.arms:
            return []
        ends = [LEFT, RIGHT]
        # The All Fives bot README: once both sides of the spinner hold a tile, play may go up and down from it too.
        if self.spinner is not None and not self.spinner_open_sides:
            ends.append(UP)
            if self.arms_started[0]:
                ends.append(DOWN)
        return ends

    def ends(self) -> tuple[int, int, int, int]:
        """The numbers shown (left, right, up, down), -1 where no end is open."""
        open_ends = self.open_ends()
        return tuple(self.arms[e].pip if e in open_ends else -1 for e in range(4))  # type: ignore[return-value]

    def count(self) -> int:
        """pagat (the fives family), gambiter, the All Fives bot README: the sum of the open ends; a double at an end
        counts both halves.
        The spinner's empty up and down arms count nothing (only an arm that holds a tile counts)."""
        if not self.arms:
            return 0
        total = 0
        left, right = self.arms[LEFT], self.arms[RIGHT]
        if len(self.line) == 1:
            only = self.line[0]  # a lone tile: both ends are its two halves
            return only.low + only.high
        for arm in (left, right):
            total += arm.pip * (2 if arm.double else 1)
        for k, e in enumerate((UP, DOWN)):
            if self.arms_started[k]:
                total += self.arms[e].pip * (2 if self.arms[e].double else 1)
        return total

    def count_points(self, count: int) -> int:
        """The All Fives bot README: a count that is a multiple of five scores itself; gambiter: a point for each five
        and each three it holds (15 scores 8). The rules declare which: (divisor, points a multiple) pairs."""
        return sum(count // d * each for d, each in self.rules.count_scores if count > 0 and count % d == 0)

    # ----- what may be played -----

    def legal(self) -> set[tuple]:
        if self.over:
            return set()
        hand = self.hands[self.turn]
        if not self.arms:
            plays = {(PLAY, t, LEFT) for t in hand}
        else:
            plays = {(PLAY, t, e) for e in self.open_ends() for t in hand if self.arms[e].pip in (t.low, t.high)}
        draw = self.rules.draw
        if draw is DrawRule.ONE_ENDS_TURN:
            # Hyperskill: "0" takes one tile from the stock and ends the turn, whether or not a tile fits; with
            # the stock empty it skips the turn.
            return plays | {(DRAW,) if self.stock else (PASS,)}
        if plays:
            return plays  # the block books, gambiter, dominoes: a player who can play must
        if draw is DrawRule.UNTIL_PLAYABLE and self.stock:
            return {(DRAW,)}  # the All Fives bot README: draw until able to play
        return {(PASS,)}

    # ----- moves -----

    def apply(self, move: tuple) -> None:
        assert move in self.legal() or not self.line, f"{move} is not legal: {sorted(map(str, self.legal()))}"
        seat = self.turn
        if move[0] == DRAW:
            self.hands[seat].append(self.stock.pop())
            if self.rules.draw is DrawRule.ONE_ENDS_TURN:
                self._next_turn()
            return  # drawing until playable: the same player goes on
        if move[0] == PASS:
            self._pass()
            return
        _, tile, end = move
        self.hands[seat].remove(tile)
        self._lay(tile, end)
        self.passes = 0
        self.last_seat = seat
        scored = self.count_points(self.count()) if self.rules.count_scores else 0
        self.scored.append(scored)
        self.fives[self.team_of(seat)] += scored
        if not self.hands[seat]:
            self._finish("out", seat)  # everywhere: the first to empty the hand wins the game
            return
        if self.rules.stalemate_eight:
            left, right = self.arms[LEFT].pip, self.arms[RIGHT].pip
            halves = sum((t.low == left) + (t.high == left) for t in self.line)
            if left == right and halves >= 8:
                # Hyperskill: both ends show the same number and it appears eight times in the line: a draw.
                self._finish("stalemate", None)
                return
        self._next_turn()

    def forfeit(self) -> None:
        """The tournaments' rule for a faulty bot in a line game: the turn is lost, as a pass."""
        self._pass()

    def _pass(self) -> None:
        # the block books, MC102: when every player has passed in a row nobody can play.
        self.passes += 1
        if self.rules.must_play and self.passes >= self.rules.players:
            self._finish("blocked", None)
            return
        self._next_turn()

    def _lay(self, tile: Tile, end: int) -> None:
        double = tile.low == tile.high
        self.line.append(tile)
        if len(self.line) == 1:
            self.arms = {LEFT: Arm(tile.low, double), RIGHT: Arm(tile.high, double)}
            if double and self.rules.spinner:
                # The All Fives bot README: the first double played is the spinner; led, both its sides are bare.
                self._make_spinner(tile.low, {LEFT, RIGHT})
            return
        pip = self.arms[end].pip
        self.arms[end] = Arm(tile.high if tile.low == pip else tile.low, double)
        if end in (UP, DOWN):
            self.arms_started[end - UP] = True
        self.spinner_open_sides.discard(end)
        if double and self.rules.spinner and self.spinner is None:
            # The All Fives bot README: a double played later in the line becomes the spinner: the side laid against the
            # line holds a tile, its other side is the end it was played on.
            self._make_spinner(tile.low, {end})

    def _make_spinner(self, pip: int, bare: set[int]) -> None:
        self.spinner = pip
        self.spinner_open_sides = set(bare)
        # Up and down show the spinner's number; they open (and count) as the rules above say.
        self.arms[UP] = Arm(pip, False)
        self.arms[DOWN] = Arm(pip, False)

    def _next_turn(self) -> None:
        n = self.rules.players
        if not self.rules.must_play and not self.stock:
            # Hyperskill ("a draw when the stock is empty and nobody can play"): no tile fits anywhere any more.
            ends = {self.arms[e].pip for e in self.open_ends()}
            if not any(t.low in ends or t.high in ends for h in self.hands for t in h):
                self._finish("blocked", None)
                return
        self.turn = (self.turn + 1) % n

    # ----- the settlement -----

    def _finish(self, reason: str, out_seat: int | None) -> None:
        self.over, self.reason, self.out_seat = True, reason, out_seat
        rules = self.rules
        teams = rules.teams
        pips = [sum(t.low + t.high for t in h) for h in self.hands]
        team_pips = [sum(pips[s] for s in seats) for seats in teams]
        points = [0] * len(teams)
        winner: int | None = None
        if out_seat is not None:
            winner = self.team_of(out_seat)
        elif reason == "stalemate" or rules.blocked is Blocked.DRAW:
            winner = None  # Hyperskill: a locked line is a draw; gambiter: a blocked hand scores nobody
        elif rules.blocked is Blocked.LIGHTER_TEAM:
            # zpag (block), the All Fives bot README, dominoes: the lighter side wins a blocked game; equal, nobody.
            lightest = min(team_pips)
            winner = team_pips.index(lightest) if team_pips.count(lightest) == 1 else None
        else:
            # MC102: in each pair take its lighter hand; the pair whose lighter hand is lighter wins; equal, a tie.
            best = [min(pips[s] for s in seats) for seats in teams]
            winner = best.index(min(best)) if best.count(min(best)) == 1 else None
        if winner is not None:
            others = sum(p for t, p in enumerate(team_pips) if t != winner)
            if rules.scores is Scores.OPPONENTS:
                points[winner] = others  # zpag, Hoyle's (block): the opponents' pips
            elif rules.scores is Scores.ALL:
                points[winner] = sum(team_pips)  # dominoes (Puerto Rico): every pip left, the partner's too
            elif rules.scores is Scores.ONE:
                points[winner] = 1  # gambiter: a point for the go; MC102: a game won counts one
            else:
                # The All Fives bot README: going out scores the opponent's pips, a locked round the difference, each
                # rounded to the nearest five.
                own = team_pips[winner]
                points[winner] = round_to_five(others if out_seat is not None else others - own)
        self.winner, self.points, self.pips = winner, points, pips

    def team_points(self) -> list[int]:
        return [f + p for f, p in zip(self.fives, self.points, strict=True)]


def next_lead(rules: Rules, ref: LineReferee, index: int) -> int | None:
    """Who leads the game after ``ref`` (the ``index``-th game from 0) in a match: a seat that leads any tile, or
    None for the holder of the highest double."""
    name, n = rules.name, rules.players
    if name == "classic":
        return None  # Hyperskill: every game opens with the highest double
    if name in ("block", "fivesandthrees", "partnership9"):
        # Hoyle's (block): each player leads alternately; gambiter: the turn to start passes to the left; MC102:
        # clockwise.
        return (ref.leader + 1) % n
    if name == "allfives":
        # The All Fives bot README: the winner of a round leads the next with any tile; after a locked round the
        # highest double opens again.
        return ref.out_seat if ref.reason == "out" else None
    if name == "partnership":
        # dominoes (Series): the player who went out leads; a blocked game won by the last player's team, the
        # last player; a tie, the same leader; lost, the player after the last.
        if ref.reason == "out":
            return ref.out_seat
        last = ref.last_seat if ref.last_seat is not None else ref.leader
        if ref.winner is None:
            return ref.leader
        return last if ref.winner == ref.team_of(last) else (last + 1) % n
    raise AssertionError(f"no lead rule for {name}")
