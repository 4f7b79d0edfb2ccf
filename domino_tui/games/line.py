"""The line games' matches (`Match`: one line of play, played to a target or for a number of games)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from ..engine import (
    Event,
    GameState,
    Kind,
    Match,
    Move,
    Observation,
    Rules,
    SaveFormatError,
    move_from_json,
    move_to_json,
    observation_from_json,
    observation_to_json,
    observe,
    public_json,
)
from ..engine.board import Placed
from ..engine.errors import shown
from ..engine.tiles import is_whole_number
from .played import GameChoiceError, Json, MatchKind, PlayedMatch, hands_json


class LineKind(MatchKind):
    trains = False

    def __init__(self, rules: Rules) -> None:
        self.rules: Rules = rules

    def length(self, target: int | None, games: int | None) -> tuple[int | None, int | None]:
        rules = self.rules
        if rules.target is not None:
            if games is not None:
                raise GameChoiceError(f"{rules.name} is played to a target, not a number of games")
            return (target or rules.target), None
        if target is not None:
            raise GameChoiceError(f"{rules.name} is played for a number of games, not to a target")
        return None, games or (1 if rules.single_game else rules.table_games or rules.games)

    def new_match(self, rng: random.Random, target: int | None, games: int | None) -> PlayedMatch:
        target, games = self.length(target, games)
        return LineMatch(Match(self.rules, rng, target=target, games=games))

    def zero_scores(self) -> list[int]:
        return [0] * len(self.rules.teams)

    def write_move(self, move: Move) -> list[object]:
        return move_to_json(move)

    def read_observation(self, data: Json) -> Observation:
        return observation_from_json(data)


_compact = json.JSONEncoder(separators=(",", ":")).encode  # as the protocol encodes its messages


def _placed_text(tiles: Iterable[Placed]) -> str:
    """Tiles on the table as observation_to_json writes them (``[first, second]``) in a JSON array's text, without
    its brackets."""
    return ",".join([f"[{p.first},{p.second}]" for p in tiles])


def _move_text(move: Move) -> str:
    """A move as move_to_json writes it, in JSON text: written here, a few microseconds a move cheaper than
    encoding the list (each json encoding sets an encoder up)."""
    if move.kind is Kind.PLAY:
        tile = move.tile
        assert tile is not None and move.end is not None  # a play names both
        return f'["play",[{tile.low},{tile.high}],{int(move.end)}]'
    return f'["{move.kind.value}"]'


def _event_text(event: Event) -> str:
    """An event of a game's history as event_to_json writes it, in JSON text (as `_move_text`)."""
    tile, end = event.tile, event.end
    tile_text = "null" if tile is None else f"[{tile.low},{tile.high}]"
    end_text = "null" if end is None else str(int(end))
    forced = "true" if event.forced else "false"
    ends = _ints(event.ends_before)
    return f'[{event.seat},"{event.kind.value}",{tile_text},{end_text},[{ends}],{int(event.scored)},{forced}]'


def _ints(numbers: Iterable[int]) -> str:
    """Whole numbers as a JSON array's text, without its brackets."""
    return ",".join([str(int(n)) for n in numbers])


class LineMatch(PlayedMatch):
    def __init__(self, match: Match) -> None:
        self.match = match
        # The scores of the games before the one in play, and how many games they are: worked out once a game
        # rather than for every seat's observation of every move (a long match has hundreds of games behind it).
        self._before: tuple[int, tuple[int, ...]] = (-1, ())
        # The last observation made, as JSON, and the game and move it was made at: the table, its history and the
        # scores are every seat's alike, so the other seats' observations of that move share them and only their
        # own hand and legal moves are made for each (a move is observed by every seat of its room).
        self._shared: tuple[object, int, Json] = (None, -1, {})
        # The same as JSON text, cut where the seat, hand and legal moves go (the four pieces around them), for the
        # observations sent as text: written once a move, not once a seat.
        self._shared_text: tuple[object, int, tuple[str, str, str, str]] = (None, -1, ("", "", "", ""))
        self._variant_text = _compact(match.rules.name)
        # The line of play as JSON text (without its brackets), the game it is of, and how many tiles it holds and
        # its first and last: a move adds a tile at one end of a line otherwise as it was, so only that tile is
        # written, not the whole line once a move.
        self._line_text: tuple[object, int, object, object, str] = (None, 0, None, None, "")
        # The game's history as JSON text (its events without the brackets), and the game and how many events it
        # holds: a move adds an event or two to a history only ever appended to, so each event is encoded once, not
        # once a move (a move's observations cost no more late in a game than early).
        self._history_text: tuple[object, int, str] = (None, 0, "")
        # Each seat's hand as JSON text, and the tiles (their places in the tile set) it was written for: a move
        # changes one hand at most, so the other seats' are not written again.
        self._hand_texts: dict[int, tuple[tuple[int, ...], str]] = {}

    @property
    def turn(self) -> int:
        return self.match.game.turn

    @property
    def game_over(self) -> bool:
        return self.match.game.over

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def game_number(self) -> int:
        return len(self.match.games)

    @property
    def scores(self) -> list[int]:
        return list(self.match.scores)

    def legal_moves(self) -> list[Move]:
        game = self.match.game
        return [] if game.over else game.legal_moves()

    def read_move(self, raw: object) -> Move:
        return move_from_json(raw, self.match.rules)

    def write_move(self, move: Move) -> list[object]:
        return move_to_json(move)

    def check(self, move: Move) -> None:
        game = self.match.game
        if not game.is_legal(move):
            game.copy().apply(move)  # raises the engine's words for why not

    def apply(self, move: Move) -> None:
        self.match.game.apply(move)

    def next_game(self) -> None:
        self.match.next_game()

    def undo_point(self, seat: int) -> int | None:
        game = self.match.game
        if game.over:
            return None
        point = None
        for state, _ in game.replay():
            if state.turn == seat and len(state.legal_moves()) > 1:
                point = len(state.moves)
        return point

    def rewind(self, plies: int) -> None:
        game = self.match.game
        if game.over or not (is_whole_number(plies) and game.opening_moves <= plies < len(game.moves)):
            raise SaveFormatError(f"cannot take the game in play back to move {shown(plies)}")
        self.match.games[-1] = game.rewound(plies)

    def observe(self, seat: int) -> Observation:
        match = self.match
        return observe(match.game, seat, self._scores_before_this_game(), match.target)

    def _scores_before_this_game(self) -> tuple[int, ...]:
        games = len(self.match.games) - 1  # a rewind replaces only the game in play: those before stay as they were
        if self._before[0] != games:
            self._before = (games, self.match.scores_before(games))
        return self._before[1]

    def observation(self, seat: int) -> Json:
        game = self.match.game
        made_at, moves, shared = self._shared
        if made_at is not game or moves != len(game.moves):
            shared = observation_to_json(self.observe(seat))
            self._shared = (game, len(game.moves), shared)
        return {**shared, **self._own(seat)}

    def observation_text(self, seat: int) -> str:
        game = self.match.game
        made_at, moves, pieces = self._shared_text
        if made_at is not game or moves != len(game.moves):
            pieces = self._shared_pieces(game)
            self._shared_text = (game, len(game.moves), pieces)
        legal = f"[{','.join([_move_text(m) for m in game.legal_moves()])}]" if seat == game.turn else "[]"
        before_seat, before_hand, before_legal, after = pieces
        return "".join((before_seat, str(seat), before_hand, self._hand_text(game, seat), before_legal, legal, after))

    def _shared_pieces(self, game: GameState) -> tuple[str, str, str, str]:
        """What every seat's observation of ``game`` shares, as JSON text in four pieces: before the seat, before
        the hand, before the legal moves and after them. Written from the game as observation_to_json has it and
        json encodes it, byte for byte (a test compares them), without building the observation (a copy of the
        board, every legal move) or encoding it as a whole, which was most of a move's four texts."""
        board = game.board
        line = self._line(game)
        up, down = _placed_text(board.up), _placed_text(board.down)
        spinner = "null" if board.spinner is None else board.spinner
        target = self.match.target
        return (
            f'{{"variant":{self._variant_text},"seat":',
            f',"turn":{game.turn},"hand":',
            f',"ends":[{_ints(board.ends)}],"line":[{line}],"up":[{up}],"down":[{down}],"spinner":{spinner},'
            f'"hand_sizes":[{_ints(len(hand) for hand in game.hands)}],"stock":{game.stock_size},'
            f'"sleeping":{len(game.sleeping)},"history":[{self._history(game)}],"legal":',
            f',"points":[{_ints(game.team_points())}],"match_scores":[{_ints(self._scores_before_this_game())}],'
            f'"target":{"null" if target is None else target}}}',
        )

    def _hand_text(self, game: GameState, seat: int) -> str:
        """``seat``'s hand as JSON text, written again only when its tiles have changed."""
        tiles = tuple(game.hands[seat])
        kept = self._hand_texts.get(seat)
        if kept is not None and kept[0] == tiles:
            return kept[1]
        # Written here as json.dumps writes them (a tile is [low,high]), a few microseconds a seat cheaper.
        text = "[" + ",".join(f"[{t.low},{t.high}]" for t in game.hand(seat)) + "]"
        self._hand_texts[seat] = (tiles, text)
        return text

    def _line(self, game: GameState) -> str:
        """The line of ``game``'s table as JSON text, without the brackets: the tiles added at either end since the
        last move written and put before or after the text kept."""
        line = game.board.line
        made_at, count, first, last, text = self._line_text
        grown = len(line) - count
        if made_at is not game or grown < 0 or (count and first is not line[0] and last is not line[-1]):
            text, grown = "", len(line)  # another game, or a line not merely grown at its ends
        elif not grown:
            return text
        if not text:
            text = _placed_text(line)
        elif first is line[0]:
            text = f"{text},{_placed_text(line[count:])}"
        else:
            text = f"{_placed_text(line[:grown])},{text}"
        self._line_text = (game, len(line), line[0] if line else None, line[-1] if line else None, text)
        return text

    def _history(self, game: GameState) -> str:
        """The events of ``game``'s history as JSON text, without the brackets: those new since the last move
        encoded and added to the text kept."""
        made_at, encoded, text = self._history_text
        history = game.history
        if made_at is not game or encoded > len(history):
            encoded, text = 0, ""  # another game (the next, or one taken back: a new object)
        if encoded < len(history):
            new = ",".join([_event_text(event) for event in history[encoded:]])
            text = f"{text},{new}" if text else new
            self._history_text = (game, len(history), text)
        return text

    def _own(self, seat: int) -> Json:
        """What of an observation is ``seat``'s own: as observe() has them, the legal moves only for the seat to
        move."""
        game = self.match.game
        legal = [move_to_json(m) for m in game.legal_moves()] if seat == game.turn else []
        return {"seat": seat, "hand": [t.to_json() for t in game.hand(seat)], "legal": legal}

    def public(self) -> Json:
        return public_json(self.observe(0))

    def result(self) -> Json:
        match = self.match
        result = match.game.result
        assert result is not None
        return {
            "result": result.to_json(),
            "scores": list(match.scores),
            "match_over": match.over,
            "winner": match.winner,
            "hands": hands_json(match.game.hand(s) for s in range(match.rules.players)),
        }

    def to_json(self) -> Json:
        return {"games": [g.to_json() for g in self.match.games]}
