"""What a game at this keyboard asks of the room that hosts it: the room's options, from the player's settings.

A game against bots, or several people at one keyboard (hot seat), is a room in the app's process: the same
`Room` as online, made with these options. Seat 0 is the person who started the game; a seat the settings give
to a person at this keyboard is a person's, every other seat a bot of the level the settings name for it.
"""

from __future__ import annotations

from ..engine import TRAIN_VARIANTS, TrainRules, get_rules
from ..engine.train_state import options_to_json
from ..net.protocol import Options
from .opponents import PERSON
from .settings import Settings, rules_of

# At one keyboard "you" is everyone in turn: the seats go by the compass.
HOT_SEAT_NAMES = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}
YOU = "You"
FILL_LEVEL = "Easy"  # a room's bots' level where every seat is a person's (no bot ever sits)
# Alone at the keyboard, the others by what they are or where they sit; Mexican Train's by first names.
TWO_NAMES = (YOU, "Computer")
PARTNERSHIP_NAMES = (YOU, "West", "Partner", "East")
EACH_FOR_HIMSELF_NAMES = {3: (YOU, "West", "East"), 4: (YOU, "West", "North", "East")}
TRAIN_NAMES = (YOU, "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus")
HOT_SEAT_TRAIN_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")  # nobody is "you" at one keyboard


def local_names(variant: str, players: int, hot_seat: bool) -> tuple[str, ...]:
    """What a game at this keyboard calls each seat, bots too (a room names a bot by its level): seat 0 is the
    person who started it."""
    if variant in TRAIN_VARIANTS:
        return (HOT_SEAT_TRAIN_NAMES if hot_seat else TRAIN_NAMES)[:players]
    if hot_seat:
        return HOT_SEAT_NAMES[players]
    if players == 2:
        return TWO_NAMES
    return PARTNERSHIP_NAMES if get_rules(variant).partnership else EACH_FOR_HIMSELF_NAMES[players]


def people(settings: Settings) -> tuple[int, ...]:
    """The seats played at this keyboard: seat 0 and every seat the settings give to a person."""
    players = rules_of(settings).players
    return (0, *(seat for seat in range(1, players) if settings.opponent(seat) == PERSON))


def person_names(settings: Settings) -> dict[int, str]:
    """What the table calls each person at this keyboard: "You" alone, the compass at one shared keyboard."""
    seats = people(settings)
    names = local_names(settings.variant, rules_of(settings).players, len(seats) > 1)
    return {seat: names[seat] for seat in seats}


def room_options(settings: Settings, rules: TrainRules | None = None) -> Options:
    """The options of the room a game of ``settings`` is played in (``rules``: a train game's own rules, for a
    match begun under other defaults than today's)."""
    chosen = rules if rules is not None else rules_of(settings)
    persons = people(settings)
    seats = tuple(None if seat in persons else settings.opponent(seat) for seat in range(chosen.players))
    # The level of a bot that fills a seat later: the first bot's (at one keyboard every seat may be a person's).
    bots = next((level for level in seats if level is not None), FILL_LEVEL)
    if isinstance(chosen, TrainRules):
        return Options(
            variant=settings.variant,
            players=chosen.players,
            house=options_to_json(chosen.options),
            bots=bots,
            seats=seats,
        )
    target, games = settings.match_length()
    players = chosen.players if len(chosen.player_counts) > 1 else None
    return Options(variant=settings.variant, players=players, bots=bots, seats=seats, target=target, games=games)


def single_game_note(variant: str) -> str:
    """What the form says in place of a match's length where the rules play one game."""
    return f"{variant.capitalize()} is played as one game: there is no match length to set."
