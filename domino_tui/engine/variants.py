"""The five rule variants of design section 3, as data plus their settling and lead rules."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .errors import ArgumentError, shown
from .rules import DrawRule, GameResult, Opening, Reason, Rules, round5

TWO = ((0,), (1,))
PAIRS = ((0, 2), (1, 3))


def _team_pips(rules: Rules, pips: Sequence[int]) -> list[int]:
    return [sum(pips[s] for s in team) for team in rules.teams]


def settle_opponent_pips(
    rules: Rules, reason: Reason, out_seat: int | None, pips: Sequence[int]
) -> tuple[int | None, tuple[int, ...]]:
    """block: going out, or the lighter hand when blocked, scores the opponent's pips."""
    if reason is Reason.OUT:
        assert out_seat is not None  # going out names the seat
        winner = rules.team_of(out_seat)
    elif pips[0] == pips[1]:
        return None, (0, 0)
    else:
        winner = 0 if pips[0] < pips[1] else 1
    points = [0, 0]
    points[winner] = pips[1 - winner]
    return winner, tuple(points)


def settle_classic(
    rules: Rules, reason: Reason, out_seat: int | None, pips: Sequence[int]
) -> tuple[int | None, tuple[int, ...]]:
    """Seeds 000/001: the first player out wins (scoring the opponent's pips); a locked line is a draw."""
    if reason is not Reason.OUT:
        return None, (0, 0)
    return settle_opponent_pips(rules, reason, out_seat, pips)


def settle_allfives_unrounded(
    rules: Rules, reason: Reason, out_seat: int | None, pips: Sequence[int]
) -> tuple[int | None, tuple[int, ...]]:
    """Out: the opponent's pips. Locked: the lighter hand gets the difference."""
    if reason is Reason.OUT:
        assert out_seat is not None  # going out names the seat
        winner = rules.team_of(out_seat)
        gain = pips[1 - winner]
    elif pips[0] == pips[1]:
        return None, (0, 0)
    else:
        winner = 0 if pips[0] < pips[1] else 1
        gain = pips[1 - winner] - pips[winner]
    points = [0, 0]
    points[winner] = gain
    return winner, tuple(points)


def settle_allfives(
    rules: Rules, reason: Reason, out_seat: int | None, pips: Sequence[int]
) -> tuple[int | None, tuple[int, ...]]:
    """All Fives' settlement rounded to 5."""
    winner, points = settle_allfives_unrounded(rules, reason, out_seat, pips)
    return winner, tuple(round5(p) for p in points)


def settle_partnership(
    rules: Rules, reason: Reason, out_seat: int | None, pips: Sequence[int]
) -> tuple[int | None, tuple[int, ...]]:
    """Out: the team scores every pip left. Blocked: the lighter team scores every pip; equal, nobody."""
    total = sum(pips)
    if reason is Reason.OUT:
        assert out_seat is not None  # going out names the seat
        winner = rules.team_of(out_seat)
    else:
        team = _team_pips(rules, pips)
        if team[0] == team[1]:
            return None, (0, 0)
        winner = 0 if team[0] < team[1] else 1
    points = [0, 0]
    points[winner] = total
    return winner, tuple(points)


def settle_partnership9(
    rules: Rules, reason: Reason, out_seat: int | None, pips: Sequence[int]
) -> tuple[int | None, tuple[int, ...]]:
    """Seed 003: out wins; blocked, each team's lighter hand is compared, and equal is a tie. A win is 1."""
    if reason is Reason.OUT:
        assert out_seat is not None  # going out names the seat
        winner = rules.team_of(out_seat)
    else:
        best = [min(pips[s] for s in team) for team in rules.teams]
        if best[0] == best[1]:
            return None, (0, 0)
        winner = 0 if best[0] < best[1] else 1
    points = [0, 0]
    points[winner] = 1
    return winner, tuple(points)


def first_highest_double(rules: Rules, rng: object) -> Opening:
    return Opening(None)


def first_seat_zero(rules: Rules, rng: object) -> Opening:
    return Opening(0)


def first_random_seat(rules: Rules, rng: object) -> Opening:
    assert isinstance(rng, random.Random)
    return Opening(rng.randrange(rules.players))


def next_highest_double(rules: Rules, result: GameResult, prev: Opening, prev_leader: int, index: int) -> Opening:
    return Opening(None)


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
    settle=settle_classic,
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
    settle=settle_opponent_pips,
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
    fives=True,
    target=150,
    settle=settle_allfives,
    settle_unrounded=settle_allfives_unrounded,
    next_opening=next_allfives,
    first_opening=first_highest_double,
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
    settle=settle_partnership,
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
    settle=settle_partnership9,
    next_opening=next_alternate,
    first_opening=first_random_seat,
)

VARIANTS: dict[str, Rules] = {r.name: r for r in (CLASSIC, BLOCK, ALLFIVES, PARTNERSHIP, PARTNERSHIP9)}


def get_rules(name: str) -> Rules:
    rules = VARIANTS.get(name) if isinstance(name, str) else None
    if rules is None:
        raise ArgumentError(f"unknown variant {shown(name)}; choose one of: {', '.join(VARIANTS)}")
    return rules
