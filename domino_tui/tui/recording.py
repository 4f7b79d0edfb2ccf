"""A finished game of the table as a row of the record (headless: the app stores it, the tests check it).

The rule that turns a game's points into your result and every seat's place is written once here, for the games
at the local table and those played in a room: ``line_standing`` for the line games, ``train_standing`` for a
Mexican Train match. A row's seats run from yours ("You" first), as the ratings and the listing read them.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from ..engine import Rules, TrainRules, places_of
from ..records import GameRecord
from ..records.ratings import result_of


def from_seat(seat: int, players: int) -> list[int]:
    """Every seat in order from ``seat``'s: the order of a row's seats and places."""
    return [(seat + i) % players for i in range(players)]


def line_standing(rules: Rules, seat: int, winner: int | None, points: Sequence[int]) -> tuple[str, tuple[int, ...]]:
    """Your result in a line game seen from ``seat``, and every seat's place (from yours) when it had several sides;
    ``winner``: the side the engine's result names, ``points``: each side's in the game."""
    mine = rules.team_of(seat)
    if len(points) > 2:  # several sides (Fives and Threes for three or four): a ranking, most points first
        by_side = places_of(points, lowest_wins=rules.lowest_wins)
        places = tuple(by_side[rules.team_of(s)] for s in from_seat(seat, rules.players))
        return result_of(places, 0), places
    if rules.fives:  # where plays score, a hand is won by the side that earned more in it, not by who went out
        theirs = max(p for team, p in enumerate(points) if team != mine)
        return ("drawn" if points[mine] == theirs else "won" if points[mine] > theirs else "lost"), ()
    return ("drawn" if winner is None else "won" if winner == mine else "lost"), ()


def train_standing(seat: int, totals: Sequence[int]) -> tuple[str, tuple[int, ...]]:
    """Your result in a Mexican Train match seen from ``seat``, and every seat's place from yours by the match's
    totals (the lowest wins)."""
    places = places_of([totals[s] for s in from_seat(seat, len(totals))], lowest_wins=TrainRules.lowest_wins)
    return result_of(places, 0), places


# ----- games played in a room -----

# The opponent a game online is rated against when a person sits on the other side: one pooled "people".
PEOPLE = "people"


def online_seats(seat: int, kinds: Sequence[str], levels: Sequence[str], players: int) -> tuple[str, ...]:
    """The room's seats from yours: "You", then "people" for a person, a bot's level for a bot."""
    return tuple(
        "You"
        if s == seat
        else (PEOPLE if s < len(kinds) and kinds[s] == "person" else levels[s] if s < len(levels) else "?")
        for s in from_seat(seat, players)
    )


def online_opponent(others: Sequence[str]) -> str:
    """What a game in a room is rated against, from the other sides' seats (as ``online_seats`` names them):
    "people" when a person sat in one of them, else their bots' levels, so your rating against people is kept
    apart from your rating against each bot level."""
    return PEOPLE if PEOPLE in others else "/".join(sorted(set(others))) or PEOPLE


def online_uid(address: str, room: str, match: int, game: int, seat: int) -> str:
    """A game's id in the record, the same however often its result is heard (a reconnect, the result sent
    again, the room entered anew): the record keeps a game once per id."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"{address}/{room}#{match}.{game}@{seat}").hex


def room_record(
    rules: Rules | TrainRules,
    seat: int,
    kinds: tuple[str, ...],
    levels: tuple[str, ...],
    game_no: int,
    points: Sequence[int],
    winner: int | None = None,
    dealt: tuple[int, dict[str, object]] | None = None,
    hints: int = 0,
    undos: int = 0,
) -> GameRecord:
    """A game played in a room, seen from ``seat``, whatever hosts the room: a line game (``points``: each
    side's in the game, ``winner``: the side the result names), or a Mexican Train match to its end (``points``:
    each seat's total; ``game_no`` 1). ``dealt``: the room's seed and the match's JSON, where the room is this
    keyboard's (`SeatClient.dealt`): the row keeps them so that the statistics can replay the game (a line game
    the match's game ``game_no``, a train match whole). A server keeps the deal secret, so a game online has
    seed 0 and no game. ``hints`` and ``undos``: the coach's use at the table in that game."""
    train = isinstance(rules, TrainRules)
    players = len(points) if train else rules.players
    seats = online_seats(seat, kinds, levels, players)
    order = from_seat(seat, players)
    if isinstance(rules, TrainRules):
        outcome, places = train_standing(seat, points)
        mine_for, against = points[seat], sum(points) - points[seat]
        others = list(seats[1:])
    else:
        mine = rules.team_of(seat)
        outcome, places = line_standing(rules, seat, winner, points)
        mine_for, against = points[mine], sum(p for team, p in enumerate(points) if team != mine)
        others = [name for s, name in zip(order, seats, strict=True) if rules.team_of(s) != mine]
    seed, game = 0, {}
    if dealt is not None:
        seed, match = dealt
        games = match.get("games")
        if train:
            game = match
        elif isinstance(games, list) and 0 < game_no <= len(games) and isinstance(games[game_no - 1], dict):
            game = games[game_no - 1]
    return GameRecord(
        variant=rules.name,
        seats=seats,
        opponent=online_opponent(others),
        seed=seed if game else 0,
        game_no=game_no,
        result=outcome,
        points_for=mine_for,
        points_against=against,
        game=game,
        hints=hints,
        undos=undos,
        places=places,
    )
