"""The coach's hint beside the table: every legal move ranked by the expert, with its value and reasons.

The ranking is computed in a worker thread (the expert at the Master budget), so the table answers keys
meanwhile; a token drops an answer that comes after you moved on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from ...engine import End, Kind, Move, Observation
from ..equal_plays import groups, outcome
from .hand import key_label

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
        def __init__(self, token: int, obs: Observation, ranking: list[Rated]) -> None:
            self.token = token
            self.obs = obs
            self.ranking = ranking
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

    def ask(self, obs: Observation, bot: ExpertBot, names: Names) -> None:
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
    def rank(self, token: int, obs: Observation, bot: ExpertBot, names: Names) -> None:
        from ...coach.hint import rate

        ranking = rate(obs, bot, names)
        if not get_current_worker().is_cancelled:
            self.post_message(self.Ranked(token, obs, ranking))

    def on_hint_panel_ranked(self, message: Ranked) -> None:
        if message.token != self.token:
            return
        self.ranking = message.ranking
        self.update(render(message.obs, message.ranking, footer="h again after your move · Esc hides", keys=True))


def render(
    obs: Observation, ranking: list[Rated], made: Move | None = None, footer: str = "", keys: bool = False
) -> Text:
    """The ranking, best first: ★ marks the best move, ◆ the one ``made`` (in a review). Plays of one tile that
    come to the same thing are one row. With ``keys`` (at the table) each row ends with the keys that make its
    move; the rows themselves are not numbered, so that no number reads as a key."""
    from ...coach.hint import units_of

    units = units_of(obs)
    text = Text()
    text.append(f"{units.label}\n", style="dim")
    rows = merged(obs, ranking)
    labels = [f"{r.move.tile} {' or '.join(e.label for e in ends)}" if ends else str(r.move) for r, ends in rows]
    width = max(map(len, labels), default=0)
    for i, ((rated, ends), label) in enumerate(zip(rows, labels, strict=True)):
        best = i == 0
        style = "bold" if best else ""
        text.append(" ★ " if best else "   ", style=style)
        move = rated.move
        text.append(label.ljust(width) if len(rows) > 1 or keys else label, style=style)
        if len(rows) > 1:
            text.append(f"  {units.show(rated.value)}", style="bold" if best else "dim")
        if keys:
            text.append(f"  ({keys_for(obs, move)})", style="dim")
        if made is not None and (
            made == move or (made.kind is Kind.PLAY and made.tile == move.tile and made.end in ends)
        ):
            text.append("  ◆ yours", style="bold")
        text.append("\n")
        for reason in rated.reasons:
            text.append(f"   {reason}\n", style="italic")
    if footer:
        text.append(footer, style="dim")
    return text


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
        key = (move.tile, outcome(obs.board, move.tile, move.end))
        if key in seen:
            seen[key].append(move.end)
            continue
        seen[key] = [move.end]
        rows.append((rated, seen[key]))
    return [(rated, tuple(ends)) for rated, ends in rows]


def keys_for(obs: Observation, move: Move) -> str:
    """The keys that make ``move`` at the table: the tile's number, then the arrow of its end when the tile
    could go elsewhere to another effect."""
    if move.kind is Kind.DRAW:
        return "d"
    if move.kind is Kind.PASS:
        return "p"
    assert move.tile is not None and move.end is not None  # a play has both
    key = key_label(obs.hand.index(move.tile)) or "← → Enter"
    ends = [m.end for m in obs.legal if m.kind is Kind.PLAY and m.tile == move.tile and m.end is not None]
    if len(groups(obs.board, move.tile, ends)) > 1:
        key += f" {END_KEYS[move.end]}"
    return key
