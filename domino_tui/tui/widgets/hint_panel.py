"""The coach's hint beside the table: every legal move ranked by the expert, with its value and reasons, each row
in its family's words and with the keys that make it at its table (a line game's ends and arrows, a train game's
trains and their keys).

The ranking is computed in a worker thread (the expert at the Master budget), so the table answers keys
meanwhile; a token drops an answer that comes after you moved on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from ...engine import End, Kind, Move, Observation, TrainObservation, TrainPlay
from ..equal_plays import groups, outcome
from ..tile_keys import tile_key
from ..train_words import train_key, train_name, trains_for

# The expert and the coach's ranking load with the first hint asked for, not with the table.
if TYPE_CHECKING:
    from ...ai.expert import ExpertBot
    from ...coach.hint import Names, Rated

END_KEYS = {End.LEFT: "←", End.RIGHT: "→", End.UP: "↑", End.DOWN: "↓"}


class HintPanel(Static):
    """Shown while ``wanted`` (from `ask` to `hide`); the screen it is on decides where (see `side_panels`)."""

    DEFAULT_CSS = """
    HintPanel {
        width: 40; height: 1fr; padding: 0 1;
        border: round $accent 60%; border-title-color: $accent;
    }
    """

    class Ranked(Message):
        def __init__(self, token: int, obs: Observation | TrainObservation, ranking: list[Rated], names: Names) -> None:
            self.token = token
            self.obs = obs
            self.ranking = ranking
            self.names = names
            super().__init__()

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.token = 0
        self.ranking: list[Rated] | None = None
        self.wanted = False

    def on_mount(self) -> None:
        self.border_title = "Hint"

    @property
    def thinking(self) -> bool:
        return self.wanted and self.ranking is None

    def ask(self, obs: Observation | TrainObservation, bot: ExpertBot, names: Names) -> None:
        """Show the panel and start rating ``obs``'s moves."""
        self.token += 1
        self.ranking = None
        self.wanted = True
        self.update(Text("The coach is thinking…\n(the expert at the Master level)", style="italic"))
        self.rank(self.token, obs, bot, names)

    def hide(self) -> None:
        self.token += 1
        self.ranking = None
        self.workers.cancel_group(self, "hint")
        self.wanted = False
        # Nothing of the position stays behind, hidden: at a shared keyboard it names a hand's tiles.
        self.update("")

    @work(thread=True, exclusive=True, group="hint")
    def rank(self, token: int, obs: Observation | TrainObservation, bot: ExpertBot, names: Names) -> None:
        from ...coach.hint import rate

        ranking = rate(obs, bot, names)
        if not get_current_worker().is_cancelled:
            self.post_message(self.Ranked(token, obs, ranking, names))

    def on_hint_panel_ranked(self, message: Ranked) -> None:
        coach = getattr(self.app, "coach", None)
        if coach is not None:
            coach.remember_hint(message.obs, message.ranking)  # the hand's review takes it (even a hint hidden since)
        if message.token != self.token:
            return
        self.ranking = message.ranking
        footer = "h again after your move · Esc hides"
        self.update(render(message.obs, message.ranking, footer=footer, keys=True, names=message.names))


def render(
    obs: Observation | TrainObservation,
    ranking: list[Rated],
    made: Move | None = None,
    footer: str = "",
    keys: bool = False,
    names: Names | None = None,
) -> Text:
    """The ranking, best first: ★ marks the best move, ◆ the one ``made`` (in a review). Plays of one tile that
    come to the same thing are one row. With ``keys`` (at the table) each row ends with the keys that make its
    move; the rows themselves are not numbered, so that no number reads as a key. ``names``: each seat's name
    as the table shows it (a train's move is named by its owner)."""
    from ...coach.hint import units_of

    units = units_of(obs)
    text = Text()
    text.append(f"{units.label}\n", style="dim")
    rows = hint_rows(obs, ranking, names)
    width = max((len(row.label) for row in rows), default=0)
    for i, row in enumerate(rows):
        best = i == 0
        style = "bold" if best else ""
        text.append(" ★ " if best else "   ", style=style)
        text.append(row.label.ljust(width) if len(rows) > 1 or keys else row.label, style=style)
        if len(rows) > 1:
            text.append(f"  {units.show(row.rated.value)}", style="bold" if best else "dim")
        if keys:
            text.append(f"  ({row.keys})", style="dim")
        if made is not None and made in row.moves:
            text.append("  ◆ yours", style="bold")
        text.append("\n")
        for reason in row.rated.reasons:
            text.append(f"   {reason}\n", style="italic")
    if footer:
        text.append(footer, style="dim")
    return text


@dataclass(frozen=True, slots=True)
class HintRow:
    """One row of the ranking: the best rated of the moves it stands for (plays that come to the same thing),
    those moves in words, and the keys that make them at the table."""

    rated: Rated
    label: str
    keys: str
    moves: tuple[Move, ...]


def hint_rows(obs: Observation | TrainObservation, ranking: list[Rated], names: Names | None) -> list[HintRow]:
    """The rows of the ranking, in the words and keys of the observation's family of games: a line game's tile
    and the ends it may go on to one effect ("[2|5] left or right"); a train game's tile and the train it goes on,
    in the train table's words ("[6|3] on the Mexican train")."""
    if isinstance(obs, TrainObservation):
        seats = [names(seat) if names else f"seat {seat + 1}" for seat in range(obs.rules.players)]
        rows = []
        for rated in ranking:
            move = rated.move
            label = f"{move.tile} on {train_name(obs, seats, move.train)}" if isinstance(move, TrainPlay) else str(move)
            rows.append(HintRow(rated, label, keys_for(obs, move), (move,)))
        return rows
    rows = []
    for rated, ends in merged(obs, ranking):
        move = rated.move
        moves: tuple[Move, ...] = (move,)
        label = str(move)
        if ends:
            assert move.tile is not None  # a play has a tile
            label = f"{move.tile} {' or '.join(e.label for e in ends)}"
            moves = tuple(Move.play(move.tile, end) for end in ends)
        rows.append(HintRow(rated, label, keys_for(obs, move), moves))
    return rows


def merged(obs: Observation, ranking: list[Rated]) -> list[tuple[Rated, tuple[End, ...]]]:
    """The ranking with plays of one tile that come to the same thing as one row, where the best of them
    stands; each row with the ends it stands for."""
    rows: list[tuple[Rated, list[End]]] = []
    seen: dict[object, list[End]] = {}
    for rated in ranking:
        move = rated.move
        if move.kind is not Kind.PLAY:
            rows.append((rated, []))
            continue
        assert move.tile is not None and move.end is not None  # a play has both
        key = (move.tile, outcome(obs.board, move.tile, move.end, bool(obs.rules.count_scores)))
        if key in seen:
            seen[key].append(move.end)
            continue
        seen[key] = [move.end]
        rows.append((rated, seen[key]))
    return [(rated, tuple(ends)) for rated, ends in rows]


def keys_for(obs: Observation | TrainObservation, move: Move) -> str:
    """The keys that make ``move`` at the table: the tile's key, then the arrow of its end when the tile could
    go elsewhere to another effect (a line game), or the train's key when it could go on another train."""
    if move.kind is Kind.DRAW:
        return "d"
    if move.kind is Kind.PASS:
        return "p"
    assert move.tile is not None  # a play has a tile
    key = tile_key(obs.hand.index(move.tile)) or "← → Enter"
    if isinstance(obs, TrainObservation):
        assert isinstance(move, TrainPlay)  # a train game's play
        return key + (f" {train_key(obs.rules, move.train)}" if len(trains_for(obs, move.tile)) > 1 else "")
    assert move.end is not None  # a line game's play has an end
    ends = [m.end for m in obs.legal if m.kind is Kind.PLAY and m.tile == move.tile and m.end is not None]
    if len(groups(obs.board, move.tile, ends, bool(obs.rules.count_scores))) > 1:
        key += f" {END_KEYS[move.end]}"
    return key
