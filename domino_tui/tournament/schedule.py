"""How the games of a match are laid out: seats, leads and random seeds.

Everything about game ``g`` of match ``m`` is a function of (seed, m, g) alone, never of which process plays it
or in what order, so a tournament gives the same results whatever ``--jobs`` is.

The unit of a match, per variant:
- partnership9 (as the MC102 judge plays it): N games with fresh deals; the first leader is drawn at random,
  then the lead moves clockwise game by game, so every seat leads equally often. The deals of each block of
  BLOCK games come one after another from one generator (seeding one per game would cost a tenth of a fast game).
- the others: N games in duplicate pairs: each deal is played twice with the entries swapping seats, and each game
  opens as the variant's first game does (block: seat 0 leads; classic and allfives: the highest double;
  fivesandthrees: a seat drawn by lot, the same for both games of a pair; partnership: the [6|6]). A series to a
  target score is left out on purpose: every game counts the same.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from functools import lru_cache
from typing import NamedTuple

from ..engine import Opening, Rules

BLOCK = 25


class GamePlan(NamedTuple):
    """A tuple rather than a frozen dataclass: one is made per game, on the fast path too."""

    deal_seed: str
    opening: Opening
    first_team: int  # the team (0 or 1) the match's first entry plays in
    # The game's deal is the deal_index-th drawn from a generator seeded with deal_seed (0: the first).
    deal_index: int = 0


def pairings(n: int) -> list[tuple[int, int]]:
    """The round robin: every entry meets every other once, in a fixed order."""
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


@lru_cache(maxsize=256)
def _first_leader(seed: int, match: int, players: int) -> int:
    return random.Random(f"domino-tui/{seed}/{match}/lead").randrange(players)


@lru_cache(maxsize=16)
def _seat_opening(seat: int) -> Opening:
    return Opening(seat)


def plan_game(rules: Rules, seed: int, match: int, game: int) -> GamePlan:
    base = f"domino-tui/{seed}/{match}"
    if rules.lead_rotates:
        first = _first_leader(seed, match, rules.players)
        block, index = divmod(game, BLOCK)
        return GamePlan(f"{base}/deals/{block}", _seat_opening((first + game) % rules.players), 0, index)
    deal = f"{base}/{game // 2}"
    opening = rules.first_opening(rules, random.Random(f"{deal}/lead"))
    return GamePlan(deal, opening, game % 2)


def bot_seed(seed: int, match: int, game: int, seat: int) -> str:
    """The seed of the rng given to the bot in ``seat`` for one game."""
    return f"domino-tui/{seed}/{match}/{game}/seat{seat}"


def new_seed() -> int:
    """A seed nobody can guess, for a run given none: the deals are as secret as this number."""
    return secrets.randbits(63)


@lru_cache(maxsize=8)
def stretched_key(seed: int) -> bytes:
    # Stretched, so that trying candidate seeds against what a bot sees costs a tenth of a second each.
    return hashlib.pbkdf2_hmac("sha256", str(seed).encode(), b"domino-tui user bots", 100_000)


def user_bot_seed(seed: int, match: int, game: int, seat: int) -> int:
    """The seed of the rng of a user's bot: a keyed hash of the tournament's seed, so that the rng a bot holds
    tells it nothing about the seed, and so nothing about the deals."""
    digest = hmac.new(stretched_key(seed), f"{match}/{game}/{seat}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:16], "big")
