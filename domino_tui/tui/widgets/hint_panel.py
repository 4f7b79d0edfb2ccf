"""The coach's hint beside the table: every legal move ranked by the expert, with its value and reasons.

The ranking is computed in a worker thread (the expert at the Master budget), so the table answers keys
meanwhile; a token drops an answer that comes after you moved on.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from ...ai.expert import ExpertBot
from ...coach.hint import Names, Rated, rate, units_of
from ...engine import Move, Observation


class HintPanel(Static):
    DEFAULT_CSS = """
    HintPanel {
        width: 40; height: 1fr; display: none; padding: 0 1;
        border: round $accent 60%; border-title-color: $accent;
    }
    HintPanel.-shown { display: block; }
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

    def on_mount(self) -> None:
        self.border_title = "Hint"

    @property
    def thinking(self) -> bool:
        return self.has_class("-shown") and self.ranking is None

    def ask(self, obs: Observation, bot: ExpertBot, names: Names) -> None:
        """Show the panel and start rating ``obs``'s moves."""
        self.token += 1
        self.ranking = None
        self.add_class("-shown")
        self.update(Text("The coach is thinking…\n(the expert at the Master level)", style="italic"))
        self.rank(self.token, obs, bot, names)

    def hide(self) -> None:
        self.token += 1
        self.ranking = None
        self.workers.cancel_group(self, "hint")
        self.remove_class("-shown")

    @work(thread=True, exclusive=True, group="hint")
    def rank(self, token: int, obs: Observation, bot: ExpertBot, names: Names) -> None:
        ranking = rate(obs, bot, names)
        if not get_current_worker().is_cancelled:
            self.post_message(self.Ranked(token, obs, ranking))

    def on_hint_panel_ranked(self, message: Ranked) -> None:
        if message.token != self.token:
            return
        self.ranking = message.ranking
        self.update(render(message.obs, message.ranking, footer="h again after your move · Esc hides"))


def render(obs: Observation, ranking: list[Rated], made: Move | None = None, footer: str = "") -> Text:
    """The ranking, best first: ★ marks the best move, ◆ the one ``made`` (in a review)."""
    units = units_of(obs)
    text = Text()
    text.append(f"{units.label}\n", style="dim")
    for i, rated in enumerate(ranking):
        best = i == 0
        text.append(" ★" if best else f"{i + 1:>2}", style="bold" if best else "")
        text.append(f" {rated.move}", style="bold" if best else "")
        if rated.move == made:
            text.append(" ◆ yours", style="bold")
        if len(ranking) > 1:
            text.append(f"  {units.show(rated.value)}", style="bold" if best else "dim")
        text.append("\n")
        for reason in rated.reasons:
            text.append(f"   {reason}\n", style="italic")
    if footer:
        text.append(footer, style="dim")
    return text
