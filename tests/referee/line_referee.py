"""A referee for the line games written from their rule books, not from the engine: it imports none of the engine's
rule code (core.py, state.py, the variants' lead functions) and reads none of a variant's rule data either (what the
count scores, how a game settles, who may draw): each variant's rules are written out here, in `book_of`, from the
books. Of the engine's `Rules` it reads only the variant's name, its player count and the one option a variant may
be given differently (Fives and Threes' `blocked`), so that a variant declaring a rule wrongly is caught too.

Sources, named beside each rule below (docs/rules.md links them):
- the Hyperskill stage text: the classic draw game's five stages (and the README of a game built to it);
- the All Fives bot README: a bot for All Fives (muggins) with a spinner, two players; pagat's All Fives and Muggins;
- the block books: zpag, learnplaywin, onlinedominogames and Hoyle's block game as customgraph.com gives it;
- gambiter: gambiter.com's Fives and Threes, after Arthur Taylor's Guinness Book of Traditional Pub Games (and the
  copy of its text that gives the scoring); onlinedominogames, eightygames and dominorules on Fives and Threes;
- the dominoes library: its documentation of the Puerto Rico partnership game and its Series;
- the MC102 assignment: the University of Campinas double-nine partnership game of Havana and its judge.
Where no book gives a rule the engine plays, the comment says "our choice", as docs/rules.md does.

Two conventions of the engine's move list are followed so that lists can be compared, and they are not rules: a
lead on an empty table is laid on the left; an All Fives spinner's up arm opens before its down arm (two empty arms
are one choice).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domino_tui.engine import Rules, Tile
from domino_tui.engine.rules import Blocked

LEFT, RIGHT, UP, DOWN = 0, 1, 2, 3
PLAY, DRAW, PASS = "play", "draw", "pass"

# How a player who cannot play goes on.
NO_STOCK = "no stock"  # the rest of the set sleeps: pass
DRAW_ONE = "draw one"  # "0" takes one tile and ends the turn
DRAW_UNTIL = "draw until"  # draw until a tile fits
# What a count of the open ends scores after a play.
NO_COUNT, FIVES, FIVES_AND_THREES = "nothing", "fives", "fives and threes"
# What the side that wins a game scores.
OPPONENTS_PIPS, ALL_PIPS, ONE_POINT, ROUNDED = "opponents' pips", "all pips", "one", "rounded to five"
# Who wins a game nobody went out of.
NOBODY, LIGHTER, LIGHTEST_HAND = "nobody", "the lighter side", "the lightest hand"
# Who leads the first game.
HIGHEST_DOUBLE, FIRST_SEAT, BY_LOT = "highest double", "first seat", "by lot"

EACH_ALONE = {n: tuple((s,) for s in range(n)) for n in (2, 3, 4)}
PARTNERS_OPPOSITE = ((0, 2), (1, 3))


@dataclass(frozen=True)
class Book:
    """One variant's rules as the books give them, for one player count and option set."""

    variant: str
    players: int
    max_pip: int
    hand_size: int
    teams: tuple[tuple[int, ...], ...]
    stock: str
    must_play: bool
    spinner: bool
    count: str
    stalemate_eight: bool
    winner_scores: str
    blocked: str
    first_lead: str
    target: int | None  # the match: the first side to this at the end of a game, ahead of the others
    games: int | None  # or this many games


# The player counts each book seats.
SEATS = {
    "classic": (2,),  # the Hyperskill stage text: you against the computer
    "block": (2,),  # zpag, Hoyle's block game: two players
    "allfives": (2,),  # the All Fives bot README: human against robot
    "fivesandthrees": (2, 3, 4),  # gambiter, eightygames, dominorules: two to four, each for himself
    "partnership": (4,),  # the dominoes library: four players in two teams
    "partnership9": (4,),  # the MC102 assignment: two pairs
}


def book_of(rules: Rules) -> Book:
    """The book of ``rules``' variant, read by its name; only its player count and the blocked-hand option of
    Fives and Threes are taken from ``rules``. ValueError for a player count or option no book gives."""
    name, n = rules.name, rules.players
    if n not in SEATS.get(name, ()):
        raise ValueError(f"no book seats {n} at {name!r}")
    if name == "classic":
        return Book(
            name,
            n,
            max_pip=6,  # the Hyperskill stage text: the full set of 28
            hand_size=7,  # the Hyperskill stage text: 7 pieces each, 14 in the stock
            teams=EACH_ALONE[n],
            stock=DRAW_ONE,  # the Hyperskill stage text: "0" takes a piece from the stock and skips the turn
            must_play=False,  # the Hyperskill stage text: "Skipping a turn (move 0) is always legal"
            spinner=False,
            count=NO_COUNT,  # the Hyperskill stage text: nothing is scored in play
            stalemate_eight=True,  # the Hyperskill stage text: both ends one number, eight times in the snake
            winner_scores=OPPONENTS_PIPS,  # our choice (the stage text scores nothing): the loser's pips, recorded
            blocked=NOBODY,  # the README of the game built to the Hyperskill stage text: a draw
            first_lead=HIGHEST_DOUBLE,  # the Hyperskill stage text: the highest double, the other player moves first
            target=None,
            games=1,  # the Hyperskill stage text: one game
        )
    if name == "block":
        return Book(
            name,
            n,
            max_pip=6,  # zpag, learnplaywin, Hoyle's block game: double-six
            hand_size=7,  # zpag, Hoyle's block game: 7 each, the other 14 unused
            teams=EACH_ALONE[n],
            stock=NO_STOCK,  # the block books: no drawing
            must_play=True,  # zpag, learnplaywin: pass only when unable to play
            spinner=False,
            count=NO_COUNT,  # the block books: nothing scored in play
            stalemate_eight=False,
            winner_scores=OPPONENTS_PIPS,  # zpag, Hoyle's block game: the pips left in the opponent's hand
            blocked=LIGHTER,  # zpag, spaanszt: blocked, the lighter hand scores the loser's pips; equal, nobody
            first_lead=FIRST_SEAT,  # our choice: the books have the highest double lead, or lots drawn
            target=100,  # zpag, learnplaywin, onlinedominogames: 100 points
            games=None,
        )
    if name == "allfives":
        return Book(
            name,
            n,
            max_pip=6,  # the All Fives bot README, pagat: double-six
            hand_size=7,  # the All Fives bot README, pagat's Muggins: 7 each, the rest the boneyard
            teams=EACH_ALONE[n],
            stock=DRAW_UNTIL,  # the All Fives bot README: draw, and draw again while the tile does not connect
            must_play=True,  # the All Fives bot README: "If a player doesn't have any legal moves, they have to draw"
            spinner=True,  # the All Fives bot README, pagat's All Fives: the first double is the spinner
            count=FIVES,  # the All Fives bot README: a board score that is a multiple of 5 scores itself
            stalemate_eight=False,
            winner_scores=ROUNDED,  # the All Fives bot README: the opponent's tiles, rounded to the nearest 5
            blocked=LIGHTER,  # the All Fives bot README: the lower count gets the difference, rounded to the nearest 5
            first_lead=HIGHEST_DOUBLE,  # the All Fives bot README: the first round starts with the highest double
            # The All Fives bot README asks for "more than 150 points - and more points than their opponent"; the
            # engine ends at exactly 150 too (our choice, docs/rules.md says so).
            target=150,
            games=None,
        )
    if name == "fivesandthrees":
        # gambiter's copy, onlinedominogames: a blocked hand scores nobody; our house rule gives its point to the one
        # lightest hand. No other way is a rule anyone plays.
        blocked = {Blocked.DRAW: NOBODY, Blocked.LIGHTER_TEAM: LIGHTER}.get(rules.blocked)
        if blocked is None:
            raise ValueError(f"no book or house rule settles a blocked Fives and Threes hand by {rules.blocked!r}")
        return Book(
            name,
            n,
            max_pip=6,  # gambiter, onlinedominogames: double-six
            hand_size=7 if n == 2 else 5,  # gambiter, eightygames, dominorules: 7 each to two, 5 each to three or four
            teams=EACH_ALONE[n],
            stock=DRAW_UNTIL,  # dominorules: draw from the boneyard until a tile fits
            must_play=True,  # gambiter: "It is illegal to knock when able to play a tile"
            spinner=False,  # gambiter, onlinedominogames: "This game has no spinner"
            count=FIVES_AND_THREES,  # gambiter, eightygames: a point for each five and each three in the count
            stalemate_eight=False,
            winner_scores=ONE_POINT,  # onlinedominogames, eightygames, the copy of gambiter's text: a go scores 1
            blocked=blocked,
            first_lead=BY_LOT,  # gambiter: the first leader is "determined by lot"
            target=61,  # qcsalon: 61 points
            games=None,
        )
    if name == "partnership":
        return Book(
            name,
            n,
            max_pip=6,  # the dominoes library: a double-six set, every tile dealt
            hand_size=7,  # the dominoes library: the 28 dominoes distributed evenly between the 4 players
            teams=PARTNERS_OPPOSITE,  # the dominoes library: team 0 has players 0 and 2, team 1 players 1 and 3
            stock=NO_STOCK,  # the dominoes library: every tile is dealt
            must_play=True,  # the dominoes library: "If a player is able to place a domino on the board, he/she must"
            spinner=False,
            count=NO_COUNT,  # the dominoes library: nothing scored in play
            stalemate_eight=False,
            winner_scores=ALL_PIPS,  # the dominoes library: the dominoes remaining in the hands of the 3 other players
            blocked=LIGHTER,  # the dominoes library: stuck, the team with the lower score earns both teams' scores
            first_lead=HIGHEST_DOUBLE,  # the dominoes library's Series: the starting domino, usually [6|6]
            target=200,  # the dominoes library's Series: target_score defaults to 200
            games=None,
        )
    # partnership9
    return Book(
        name,
        n,
        max_pip=9,  # the MC102 assignment: double-nine
        hand_size=10,  # the MC102 assignment: "O juiz entrega a cada jogador 10 peças aleatórias"
        teams=PARTNERS_OPPOSITE,  # the MC102 assignment: partners hold positions of the same parity
        stock=NO_STOCK,  # the MC102 assignment: 10 each are dealt, and nobody draws the 15 left
        # Our choice, as docs/rules.md says: the MC102 assignment also lets a player pass by choice ("não quiser
        # jogar"), which no option offers.
        must_play=True,
        spinner=False,
        count=NO_COUNT,  # the MC102 assignment: nothing scored in play
        stalemate_eight=False,
        winner_scores=ONE_POINT,  # the MC102 assignment: a game won
        blocked=LIGHTEST_HAND,  # the MC102 assignment: the pair with the player holding the smaller sum wins
        first_lead=BY_LOT,  # the MC102 assignment: the judge chooses a random player for the first game
        target=None,
        games=1000,  # the MC102 assignment: 1000 games between each pair of pairs (10 at the table: our choice)
    )


def round_to_five(points: int) -> int:
    """The All Fives bot README: hands are scored "rounded to the nearest 5" (12 -> 10, 13 -> 15)."""
    return (points + 2) // 5 * 5


def count_points(book: Book, count: int) -> int:
    """What the count of the open ends scores after a play."""
    if count <= 0 or book.count == NO_COUNT:
        return 0
    if book.count == FIVES:
        return count if count % 5 == 0 else 0  # the All Fives bot README: 25 after your turn scores 25
    # gambiter, eightygames' table: a point a five and a point a three (3 and 5 score 1, 15 scores 8, 18 scores 6).
    return (count // 5 if count % 5 == 0 else 0) + (count // 3 if count % 3 == 0 else 0)


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

    book: Book
    hands: list[list[Tile]]
    stock: list[Tile]
    lead: int | None
    arms: dict[int, Arm] = field(default_factory=dict)
    # The tiles as they lie, each as (the half nearer the left, the other) in the line and (the half nearer the
    # spinner, the other) on an arm.
    line: list[tuple[int, int]] = field(default_factory=list)
    up: list[tuple[int, int]] = field(default_factory=list)
    down: list[tuple[int, int]] = field(default_factory=list)
    spinner: int | None = None  # the spinner's number (All Fives)
    spinner_open_sides: set[int] = field(default_factory=set)  # the ends where a side of the spinner is still bare
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
        self.stock = list(self.stock) if self.book.stock != NO_STOCK else []
        self.fives = [0] * len(self.book.teams)
        self.points = [0] * len(self.book.teams)
        if self.lead is not None:
            self.turn = self.leader = self.lead  # the block books, gambiter, MC102: the leader may lead any tile
            return
        # The Hyperskill stage text, the All Fives bot README, the dominoes library: the holder of the highest double
        # lays it first, and the next player goes on.
        for pip in range(self.book.max_pip, -1, -1):
            double = Tile(pip, pip)
            for seat, hand in enumerate(self.hands):
                if double in hand:
                    self.turn = self.leader = seat
                    self.apply((PLAY, double, LEFT))
                    return
        # The All Fives bot README: "If neither player has a double, the round is restarted after shuffling".
        raise AssertionError("nobody holds a double: the deal is redealt before a game starts")

    # ----- the table -----

    def team_of(self, seat: int) -> int:
        return next(t for t, seats in enumerate(self.book.teams) if seat in seats)

    def tiles_laid(self) -> int:
        return len(self.line) + len(self.up) + len(self.down)

    def open_ends(self) -> list[int]:
        if not self.arms:
            return []
        ends = [LEFT, RIGHT]
        # pagat's All Fives: the first and second tiles go against the spinner's sides, then the third and fourth
        # against its ends.
        if self.spinner is not None and not self.spinner_open_sides:
            ends.append(UP)
            if self.up:
                ends.append(DOWN)
        return ends

    def ends(self) -> tuple[int, int, int, int]:
        """The numbers shown (left, right, up, down), -1 where no end is open."""
        open_ends = self.open_ends()
        return tuple(self.arms[e].pip if e in open_ends else -1 for e in range(4))  # type: ignore[return-value]

    def count(self) -> int:
        """The All Fives bot README: "the sum of the ends of the chains on the board. With doubles, both numbers are
        counted"; gambiter: doubles count the total of their pips. An empty arm of the spinner counts nothing."""
        if not self.arms:
            return 0
        if self.tiles_laid() == 1:
            only = self.line[0]  # gambiter: a lone tile's two halves are both ends
            return only[0] + only[1]
        total = 0
        for end, arm in self.arms.items():
            if end in (LEFT, RIGHT) or (end == UP and self.up) or (end == DOWN and self.down):
                total += arm.pip * (2 if arm.double else 1)
        return total

    # ----- what may be played -----

    def legal(self) -> set[tuple]:
        if self.over:
            return set()
        hand = self.hands[self.turn]
        if not self.arms:
            plays = {(PLAY, t, LEFT) for t in hand}  # the block books, gambiter, MC102: any tile may lead
        else:
            # The Hyperskill stage text: a tile that shares a number with an end.
            plays = {(PLAY, t, e) for e in self.open_ends() for t in hand if self.arms[e].pip in (t.low, t.high)}
        stock = self.book.stock
        if stock == DRAW_ONE:
            # The Hyperskill stage text: "0" takes one tile from the stock and ends the turn, whether or not a tile
            # fits; with the stock empty it skips the turn.
            return plays | {(DRAW,) if self.stock else (PASS,)}
        if plays:
            return plays  # the block books, gambiter, the dominoes library: a player who can play must
        if stock == DRAW_UNTIL and self.stock:
            return {(DRAW,)}  # the All Fives bot README, dominorules: draw until able to play
        return {(PASS,)}  # the All Fives bot README: no tiles in the boneyard and no play: pass

    # ----- moves -----

    def apply(self, move: tuple) -> None:
        assert move in self.legal() or not self.line, f"{move} is not legal: {sorted(map(str, self.legal()))}"
        seat = self.turn
        if move[0] == DRAW:
            self.hands[seat].append(self.stock.pop())
            if self.book.stock == DRAW_ONE:
                self._next_turn()  # the Hyperskill stage text: drawing ends the turn
            return  # the All Fives bot README: "then have a new turn"
        if move[0] == PASS:
            self._pass()
            return
        _, tile, end = move
        self.hands[seat].remove(tile)
        self._lay(tile, end)
        self.passes = 0
        self.last_seat = seat
        scored = count_points(self.book, self.count())
        self.scored.append(scored)
        self.fives[self.team_of(seat)] += scored  # the All Fives bot README, gambiter: the player who made the count
        if not self.hands[seat]:
            self._finish("out", seat)  # every book: the first to empty the hand ends the game and wins it
            return
        if self.book.stalemate_eight:
            left, right = self.arms[LEFT].pip, self.arms[RIGHT].pip
            halves = sum((a == left) + (b == left) for a, b in self.line)
            if left == right and halves >= 8:
                # The Hyperskill stage text: both ends show the same number, eight times in the snake: a draw.
                self._finish("stalemate", None)
                return
        self._next_turn()

    def forfeit(self) -> None:
        """The tournaments' rule for a faulty bot in a line game (our rule): the turn is lost, as a pass."""
        self._pass()

    def _pass(self) -> None:
        self.passes += 1
        # The All Fives bot README ("When both players pass consecutively, the game is locked"), the MC102 assignment
        # (four passes), the dominoes library (no player can play): everybody passing in turn ends the game.
        if self.book.must_play and self.passes >= self.book.players:
            self._finish("blocked", None)
            return
        self._next_turn()

    def _lay(self, tile: Tile, end: int) -> None:
        double = tile.low == tile.high
        if not self.line:
            self.line.append((tile.low, tile.high))
            self.arms = {LEFT: Arm(tile.low, double), RIGHT: Arm(tile.high, double)}
            if double and self.book.spinner:
                # The All Fives bot README: the first double played is the spinner; led, both its sides are bare.
                self._make_spinner(tile.low, {LEFT, RIGHT})
            return
        pip = self.arms[end].pip
        other = tile.high if tile.low == pip else tile.low
        # The Hyperskill stage text: the tile is turned so that the matching numbers touch.
        if end == LEFT:
            self.line.insert(0, (other, pip))
        elif end == RIGHT:
            self.line.append((pip, other))
        else:
            (self.up if end == UP else self.down).append((pip, other))
        self.arms[end] = Arm(other, double)
        self.spinner_open_sides.discard(end)
        if double and self.book.spinner and self.spinner is None:
            # pagat's All Fives: "The first double, and only the first double, played is used as a spinner"; its side
            # against the line holds a tile, its other side is the end it was played on.
            self._make_spinner(tile.low, {end})

    def _make_spinner(self, pip: int, bare: set[int]) -> None:
        self.spinner = pip
        self.spinner_open_sides = set(bare)
        # Up and down show the spinner's number; they open (and count) as the rules above say.
        self.arms[UP] = Arm(pip, False)
        self.arms[DOWN] = Arm(pip, False)

    def _next_turn(self) -> None:
        if not self.book.must_play and not self.stock:
            # The README of the game built to the Hyperskill stage text: "neither player can make a move and the
            # stock is empty (draw)", as soon as that is so.
            ends = {self.arms[e].pip for e in self.open_ends()}
            if not any(t.low in ends or t.high in ends for h in self.hands for t in h):
                self._finish("blocked", None)
                return
        # The dominoes library, the MC102 assignment: play proceeds clockwise, seat by seat.
        self.turn = (self.turn + 1) % self.book.players

    # ----- the settlement -----

    def _finish(self, reason: str, out_seat: int | None) -> None:
        self.over, self.reason, self.out_seat = True, reason, out_seat
        book = self.book
        pips = [sum(t.low + t.high for t in h) for h in self.hands]
        team_pips = [sum(pips[s] for s in seats) for seats in book.teams]
        points = [0] * len(book.teams)
        winner: int | None = None
        if out_seat is not None:
            winner = self.team_of(out_seat)
        elif reason == "stalemate" or book.blocked == NOBODY:
            winner = None  # the Hyperskill stage text: a draw; gambiter's copy: "no one scores this point"
        elif book.blocked == LIGHTER:
            # zpag (block), the All Fives bot README, the dominoes library, the Fives and Threes house rule: the one
            # lightest side wins a blocked game; two equally lightest, nobody.
            lightest = min(team_pips)
            winner = team_pips.index(lightest) if team_pips.count(lightest) == 1 else None
        else:
            # The MC102 assignment: the pair with the player holding the smaller sum wins; the same sum, a tie.
            best = [min(pips[s] for s in seats) for seats in book.teams]
            winner = best.index(min(best)) if best.count(min(best)) == 1 else None
        if winner is not None:
            others = sum(p for t, p in enumerate(team_pips) if t != winner)
            if book.winner_scores == OPPONENTS_PIPS:
                points[winner] = others  # zpag, Hoyle's block game: the pips in the opponent's hand
            elif book.winner_scores == ALL_PIPS:
                points[winner] = sum(team_pips)  # the dominoes library: every pip left, the partner's too
            elif book.winner_scores == ONE_POINT:
                points[winner] = 1  # gambiter's copy: a point for the go; the MC102 assignment: a game won
            elif out_seat is not None:
                points[winner] = round_to_five(others)  # the All Fives bot README: the opponent's tiles, rounded
            else:
                # The All Fives bot README: "the sum of their opponent's tiles minus the sum of their tiles, rounded".
                points[winner] = round_to_five(others - team_pips[winner])
        self.winner, self.points, self.pips = winner, points, pips

    def team_points(self) -> list[int]:
        return [f + p for f, p in zip(self.fives, self.points, strict=True)]


def next_lead(book: Book, ref: LineReferee) -> int | None:
    """Who leads the game after ``ref`` in a match: a seat that leads any tile, or None for the holder of the
    highest double."""
    name, n = book.variant, book.players
    if name == "classic":
        return None  # the Hyperskill stage text: every game opens with the highest double
    if name in ("block", "fivesandthrees", "partnership9"):
        # Hoyle's block game: "each player leads alternately"; gambiter: "the turn to start passes to the left"; the
        # MC102 assignment: the start moves clockwise, whoever won.
        return (ref.leader + 1) % n
    if name == "allfives":
        # The All Fives bot README: a player who gets dominoes starts the next round with any piece; after a locked
        # game the highest double starts again.
        return ref.out_seat if ref.reason == "out" else None
    if name == "partnership":
        # The dominoes library's Series: the player who went out leads; a stuck game won by the team of the player
        # who made it stuck, that player; a tie, the same leader; lost, the player after.
        if ref.reason == "out":
            return ref.out_seat
        last = ref.last_seat if ref.last_seat is not None else ref.leader
        if ref.winner is None:
            return ref.leader
        return last if ref.winner == ref.team_of(last) else (last + 1) % n
    raise AssertionError(f"no lead rule for {name}")


def match_over(
    book: Book, totals: list[int], games_played: int, target: int | None = None, games: int | None = None
) -> bool:
    """Whether a match is over after ``games_played`` games with ``totals``; ``target`` or ``games`` a match length
    chosen in place of the book's."""
    target = target if target is not None else (book.target if games is None else None)
    if target is not None:
        # The All Fives bot README ("more than 150 points - and more points than their opponent - at the end of a
        # round"), zpag, the dominoes library's Series: a side at the target, ahead of the others, at a game's end.
        top = max(totals)
        return top >= target and totals.count(top) == 1
    return games_played >= (games or book.games or 1)  # the MC102 assignment: a fixed number of games


def match_winner(
    book: Book, totals: list[int], wins: list[int], target: int | None = None, games: int | None = None
) -> int | None:
    """The side that won a match that is over: the most points to a target, else the most games won; equal, nobody."""
    if target is not None or (games is None and book.target is not None):
        return totals.index(max(totals))
    best = max(wins)
    return wins.index(best) if wins.count(best) == 1 else None  # the MC102 assignment: equal games, a tie
