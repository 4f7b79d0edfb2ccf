"""The rule variants, as data plus their lead rules: classic (the Hyperskill stage text's game), block, All Fives,
Fives and Threes, partnership (the dominoes package's Puerto Rico game) and double-nine partnership (the MC102
judge's)."""

from __future__ import annotations

import random

from .errors import ArgumentError, shown
from .rules import Blocked, DrawRule, GameResult, Opening, Reason, Rules, Scores
from .train_rules import TrainRules

TWO = ((0,), (1,))
PAIRS = ((0, 2), (1, 3))


HIGHEST_DOUBLE = Opening(None)  # one value: the random line games ask for it once a game


def first_highest_double(rules: Rules, rng: object) -> Opening:
    return HIGHEST_DOUBLE


def first_seat_zero(rules: Rules, rng: object) -> Opening:
    return Opening(0)


def first_random_seat(rules: Rules, rng: object) -> Opening:
    assert isinstance(rng, random.Random)
    return Opening(rng.randrange(rules.players))


def next_highest_double(rules: Rules, result: GameResult, prev: Opening, prev_leader: int, index: int) -> Opening:
    return HIGHEST_DOUBLE


def next_alternate(rules: Rules, result: GameResult, prev: Opening, prev_leader: int, index: int) -> Opening:
    return Opening((prev_leader + 1) % rules.players)


def next_allfives(rules: Rules, result: GameResult, prev: Opening, prev_leader: int, index: int) -> Opening:
    """The player who went out leads any tile; after a locked round the highest double leads again."""
    if result.reason is Reason.OUT:
        return Opening(result.out_seat)
    return Opening(None)


def next_partnership(rules: Rules, result: GameResult, prev: Opening, prev_leader: int, index: int) -> Opening:
    """The winner leads, following the dominoes package's series: out, or a block won by the blocker's team,
    the last player leads; a tied block, the same leader; a lost block, the next player."""
    last = result.last_seat if result.last_seat is not None else prev_leader
    if result.reason is Reason.OUT:
        return Opening(result.out_seat)
    if result.winner is None:
        return Opening(prev_leader)
    if result.winner == rules.team_of(last):
        return Opening(last)
    return Opening((last + 1) % rules.players)


CLASSIC = Rules(
    name="classic",
    title="Classic draw game",
    summary="Double-six, you against the computer, 7 tiles each and 14 in the stock. The highest double "
    "is laid by its owner and the other player starts. Play a matching tile on either end, or take one tile "
    "from the stock (which ends your turn). First to empty the hand wins; a locked line is a draw.",
    max_pip=6,
    players=2,
    hand_size=7,
    teams=TWO,
    draw=DrawRule.ONE_ENDS_TURN,
    stalemate_eight=True,
    must_play=False,
    games=1,
    highest_double_opens=True,
    scores=Scores.OPPONENTS,
    blocked=Blocked.DRAW,
    next_opening=next_highest_double,
    first_opening=first_highest_double,
)

BLOCK = Rules(
    name="block",
    title="Block game",
    summary="Double-six, two players, 7 tiles each and the other 14 unused. The lead alternates and may be "
    "any tile; a player who cannot play passes. Going out scores the opponent's pips; when both pass, the "
    "lighter hand scores the opponent's pips. First to 100.",
    max_pip=6,
    players=2,
    hand_size=7,
    teams=TWO,
    draw=DrawRule.NONE,
    target=100,
    scores=Scores.OPPONENTS,
    blocked=Blocked.LIGHTER_TEAM,
    next_opening=next_alternate,
    first_opening=first_seat_zero,
)

ALLFIVES = Rules(
    name="allfives",
    title="All Fives (muggins)",
    summary="Double-six, two players, 7 tiles each, draw from the boneyard until you can play. The first "
    "double is the spinner: once both its sides have a tile, play also goes up and down. After each play, "
    "an end count that is a multiple of 5 scores. Going out scores the opponent's pips rounded to 5; a "
    "locked round gives the lighter hand the difference. First to 150, ahead of the opponent.",
    max_pip=6,
    players=2,
    hand_size=7,
    teams=TWO,
    draw=DrawRule.UNTIL_PLAYABLE,
    spinner=True,
    count_scores=((5, 5),),  # a multiple of 5 scores itself
    target=150,
    scores=Scores.FIVES,
    blocked=Blocked.LIGHTER_TEAM,
    next_opening=next_allfives,
    first_opening=first_highest_double,
)

FIVESANDTHREES = Rules(
    name="fivesandthrees",
    title="Fives and Threes",
    summary="Double-six, two players, 7 tiles each, draw from the boneyard until you can play. Play on both "
    "sides of the first tile. After each play, an end count that is a multiple of 5 or 3 scores a point a five "
    "and a point a three (15 scores 8); a double at an end counts both halves. Going out scores 1; a blocked "
    "round scores nothing. The lead passes round. First to 61, ahead of the opponent.",
    max_pip=6,
    players=2,
    hand_size=7,
    teams=TWO,
    draw=DrawRule.UNTIL_PLAYABLE,
    count_scores=((5, 1), (3, 1)),  # a point for each five and each three the count holds
    target=61,
    more_players=((3, 5), (4, 5)),  # each for himself, 5 tiles each (Arthur Taylor's hand sizes)
    scores=Scores.ONE,  # a point for going out ("a go")
    # A blocked round scores nobody the go (Arthur Taylor's book as gambiter.com gives it, and the league rules);
    # Blocked.LIGHTER_TEAM, the point to the lighter hand as in the block game, is the house rule.
    blocked=Blocked.DRAW,
    next_opening=next_alternate,
    first_opening=first_random_seat,
)

PARTNERSHIP = Rules(
    name="partnership",
    title="Partnership (Puerto Rico)",
    summary="Double-six, four players, partners sit opposite (seats 0 and 2 against 1 and 3), 7 tiles "
    "each and no stock. The [6|6] leads the first game, then the winner leads. You must play if able. "
    "Going out scores every pip left; a blocked game gives all pips to the lighter team. First to 200.",
    max_pip=6,
    players=4,
    hand_size=7,
    teams=PAIRS,
    draw=DrawRule.NONE,
    target=200,
    scores=Scores.ALL,
    blocked=Blocked.LIGHTER_TEAM,
    next_opening=next_partnership,
    first_opening=first_highest_double,
)

PARTNERSHIP9 = Rules(
    name="partnership9",
    title="Double-nine partnership (Havana)",
    summary="Double-nine, four players in two pairs, 10 tiles each and 15 asleep. A random seat leads any "
    "tile, then the lead moves clockwise game by game. Going out wins the game for the pair; after four "
    "passes in a row, the pair whose lighter hand is lighter wins; equal is a tie.",
    max_pip=9,
    players=4,
    hand_size=10,
    teams=PAIRS,
    draw=DrawRule.NONE,
    games=1000,
    table_games=10,
    lead_rotates=True,
    scores=Scores.ONE,
    blocked=Blocked.LIGHTEST_HAND,
    next_opening=next_alternate,
    first_opening=first_random_seat,
)

VARIANTS: dict[str, Rules] = {r.name: r for r in (CLASSIC, BLOCK, ALLFIVES, FIVESANDTHREES, PARTNERSHIP, PARTNERSHIP9)}


def get_rules(name: str) -> Rules:
    rules = VARIANTS.get(name) if isinstance(name, str) else None
    if rules is None:
        raise ArgumentError(f"unknown variant {shown(name)}; choose one of: {', '.join(VARIANTS)}")
    return rules


MEXICAN_TRAIN = TrainRules(
    name="mexicantrain",
    title="Mexican Train",
    summary="Double-twelve, 2 to 8 players, 13 rounds whose hub doubles run from [12|12] down to [0|0], set in the hub "
    "before the deal (a house rule has the players draw for it). Lay tiles "
    "on your own train, the Mexican train, or any train whose owner's marker is out. Cannot play: draw one, play it "
    "if it fits, else pass and put your marker out. A double must be satisfied before anything else. A round ends "
    "when a hand is empty or nobody can play; the pips left are scored, and the lowest total wins.",
)

# The train games: their rules are a type of their own (train_rules.py), so they are listed apart from VARIANTS,
# which the table, the plain mode and the tournaments offer; a face adds them when it plays them.
TRAIN_VARIANTS: dict[str, TrainRules] = {MEXICAN_TRAIN.name: MEXICAN_TRAIN}


def get_train_rules(name: str, players: int | None = None) -> TrainRules:
    """The train variant ``name``, for ``players`` seats if given; ArgumentError names the choices otherwise."""
    rules = TRAIN_VARIANTS.get(name) if isinstance(name, str) else None
    if rules is None:
        raise ArgumentError(f"unknown train variant {shown(name)}; choose one of: {', '.join(TRAIN_VARIANTS)}")
    return rules if players is None else rules.with_players(players)
