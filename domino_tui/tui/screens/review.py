"""The review of a hand: your decisions one by one, the table as it was, the expert's ranking of your options.

The review is computed in the background (`coach_desk.ReviewJob`); until it is ready this screen shows its
progress, and each decision's row as soon as it is rated. Costly decisions are marked ✗ with a note; the others ✓.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from ...coach.review import Decision
from ...engine import Move, Observation
from ...records.stats import chance_lost
from ..widgets.hint_panel import render as render_ranking
from ..widgets.key_footer import KeyFooter
from ..widgets.snake import SnakeView

if TYPE_CHECKING:
    from ..coach_desk import ReviewJob


class ReviewScreen(Screen[None]):
    DEFAULT_CSS = """
    ReviewScreen { layout: vertical; }
    ReviewScreen #review-summary { height: auto; padding: 0 1; background: $panel; }
    ReviewScreen #review-wait { height: auto; padding: 1 2; }
    ReviewScreen #review-body { height: 1fr; }
    ReviewScreen #review-board { height: 1fr; border: round $primary 40%; }
    ReviewScreen #review-hand { height: 1; padding: 0 1; }
    ReviewScreen #review-below { height: 1fr; }
    ReviewScreen #review-list { width: 1fr; height: 1fr; }
    ReviewScreen #review-ranking { width: 1fr; height: 1fr; border: round $accent 60%; padding: 0 1; }
    ReviewScreen.-waiting #review-body { display: none; }
    ReviewScreen.-waiting.-filling #review-body { display: block; }
    ReviewScreen.-ready #review-wait { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close"),
    ]

    def __init__(self, job: ReviewJob) -> None:
        super().__init__()
        self.job = job

    def compose(self) -> ComposeResult:
        yield Static(id="review-summary")
        with Vertical(id="review-wait"):
            yield Static("Reviewing your decisions with the expert…")
            yield ProgressBar(id="review-progress", show_eta=False)
        with Vertical(id="review-body"):
            with ScrollableContainer(id="review-board", can_focus=False):
                yield SnakeView(id="review-snake")
            yield Static(id="review-hand")
            with Horizontal(id="review-below"):
                yield OptionList(id="review-list")
                yield VerticalScroll(Static(id="review-ranking-text"), id="review-ranking", can_focus=False)
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.add_class("-waiting")
        self.query_one("#review-board").border_title = "The table as it was"
        self.query_one("#review-ranking").border_title = "The expert's ranking"
        self.listed: set[int] = set()  # the decisions whose rows show their verdict
        self.poll()
        if self.job.result is None:
            self.timer = self.set_interval(0.2, self.poll)

    def poll(self) -> None:
        job = self.job
        game_no = job.index + 1
        if job.result is None:
            bar = self.query_one(ProgressBar)
            bar.update(total=job.total, progress=job.done)
            text = job.problem or f"Review of game {game_no}: {job.done} of {job.total or '…'} decisions rated"
            self.query_one("#review-summary", Static).update(text)
            self.fill(dict(job.rated))
            return
        if hasattr(self, "timer"):
            self.timer.stop()
        self.remove_class("-waiting")
        self.add_class("-ready")
        result = job.result
        costly = len(result.costly)
        summary = f"Review of game {game_no}: {len(result.decisions)} decisions, {costly} costly"
        if result.decisions:
            # In the statistics' own words, so that the two say the same of the same game.
            summary += f", {chance_lost(result.average_loss)} given away a decision on average"
        summary += " · ↑↓ browse · Esc closes"
        self.query_one("#review-summary", Static).update(summary)
        if not result.decisions:
            options = self.query_one(OptionList)
            options.clear_options()
            options.add_option(Option("No choices to make in this hand.", disabled=True))
            return
        self.fill(dict(enumerate(result.decisions)))

    def fill(self, rated: dict[int, Decision]) -> None:
        """Rows for the hand's decisions, each showing its verdict once it is rated (the review fills in while
        the rest are searched): the first rated is shown at once, and browsing may start."""
        if not rated:
            return
        options = self.query_one(OptionList)
        if not self.listed:
            self.add_class("-filling")
            # Every row's move, whether the review is done or not: the worker may finish (set ``result``) after
            # ``rated`` was read, and a row not rated then still waits, with its move, until the next look.
            made = [move for _, _, move in self.job.seen[2]]
            result = self.job.result
            count = max(len(made), len(result.decisions) if result else 0)
            options.clear_options()
            options.add_options(
                Option(line(i, rated[i]) if i in rated else waiting(i, made[i]), id=str(i), disabled=i not in rated)
                for i in range(count)
            )
            self.listed.update(rated)
        else:
            for i in sorted(rated.keys() - self.listed):
                options.replace_option_prompt(str(i), line(i, rated[i]))
                options.enable_option(str(i))
                self.listed.add(i)
        if options.highlighted is None:
            options.highlighted = min(rated)
            options.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is None:
            return
        index = int(event.option.id)
        result = self.job.result
        decision = result.decisions[index] if result is not None else self.job.rated.get(index)
        if decision is not None:
            self.show(decision)

    def show(self, d: Decision) -> None:
        obs = d.obs
        if not isinstance(obs, Observation):
            # A Mexican Train decision has no line to draw: its note and the moves' values, as text.
            text = Text(d.note + "\n\n" if d.costly else "", style="bold")
            for rated in d.ranking:
                text.append(
                    f"{rated.move}  {d.units.show(rated.value)}\n", style="bold" if rated.move == d.made else ""
                )
            self.query_one("#review-ranking-text", Static).update(text)
            return
        self.query_one(SnakeView).show(obs.board, None, ())
        hand = Text("Your hand then: ", style="dim")
        for tile in obs.hand:
            # The tile you played is raised like the cursor at the table, not only coloured.
            hand.append(
                f"▲{tile} " if tile == d.made.tile else f" {tile} ", style="bold" if tile == d.made.tile else ""
            )
        hand.append(f"· you: {d.made}", style="dim")
        self.query_one("#review-hand", Static).update(hand)
        text = Text()
        if d.costly:
            text.append(d.note + "\n\n", style="bold")
        text.append_text(render_ranking(obs, list(d.ranking), made=d.made))
        self.query_one("#review-ranking-text", Static).update(text)


def waiting(i: int, made: Move) -> Text:
    """The row of a decision not rated yet."""
    return Text(f"… {i + 1:>2}. {made}", style="dim")


def line(i: int, d: Decision) -> Text:
    mark = "✗" if d.costly else "✓"
    text = Text(f"{mark} {i + 1:>2}. {d.made}")
    if d.loss:
        text.append(f" · {d.units.loss(d.loss)}", style="bold" if d.costly else "dim")
    return text
