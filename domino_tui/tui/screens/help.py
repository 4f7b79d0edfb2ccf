"""Help: the rules of the variant in play and every key."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from ...engine import DrawRule, Rules, TrainRules

# The keys of every table: choosing a tile of your hand, then the table's own, then these.
HAND_KEYS = """
| key | what it does |
|---|---|
| `1`-`9`, `0`, then `a` `b` `e` `f` … | play that tile of your hand (the key under it: letters past the tenth) |
| `←` `→`, `Home` `End` | move the ▲ cursor along your hand, to its first or last tile |
| `Enter` / `Space` | play the tile under the cursor |"""
LAST_KEYS = """| `t` | show or hide the tile tracker |
| `u` | undo: back to your previous decision |
| `?` / `F1` | this help |
| `Ctrl+P` | command palette |
| `q` | quit |
"""

KEYS = f"""{HAND_KEYS}
| `←` `→` `↑` `↓` | when a tile fits more than one end: the end to play it on |
| `Esc` | cancel the choice of end |
| `d` / `p` | draw from the stock / pass, when the rules allow it |
| `n` | new game: variant, opponents, target, seed |
| `s` | score sheet of the match |
| `l` | show or hide the move log |
| `h` | hint: the coach ranks your legal moves (`Esc` hides it) |
{LAST_KEYS}
With the mouse: click a tile of your hand, then a marked end of the line (◀ ▶ ▲ ▼) if it fits more than one.
Tiles marked ✓ fit an open end now; the tile with heavy lines on the table is the last one played.
"""

TRAIN_KEYS = f"""{HAND_KEYS}
| `1`-`8`, `m` | when a tile fits several trains: the train to play it on (its owner's number, `m` the Mexican) |
| `Esc` | cancel the choice of train |
| `d` / `p` | draw from the boneyard / pass, when nothing fits |
| `n` | new game: variant, players, opponents' level, seed |
| `s` | score sheet of the 13 rounds |
| `l` | show or hide the move log |
| `h` | hint: the coach ranks your legal moves, each with the keys that make it (`Esc` hides it) |
{LAST_KEYS}
With the mouse: click a tile of your hand, then the row of a marked train if it fits more than one.
On the table: ⚑ a train open to everyone (its owner could not play, or the Mexican train) · ◆ the double that
must be covered before anything else · ▸ the number a train's next tile must match · ▶ whose turn it is. A long
train shows its newest tiles, with the number of hidden ones (…5) nearest the hub.
"""


def _draw_note(rules: Rules) -> str:
    if rules.draw is DrawRule.ONE_ENDS_TURN:
        return (
            "Drawing (`d`) takes one tile and ends your turn, even if you could play; with the stock empty, `p` skips."
        )
    if rules.draw is DrawRule.UNTIL_PLAYABLE:
        return (
            "When nothing fits, draw (`d`) one tile at a time until something does; "
            "pass (`p`) once the boneyard is empty."
        )
    return "There is no stock: when nothing fits you pass (`p`)."


def help_text(rules: Rules | TrainRules, seed: int | None) -> str:
    """The rules and keys of the game in play; ``seed``: the player's own deal at this keyboard (None in a room
    online, whose seed is the room's)."""
    played = "match" if isinstance(rules, TrainRules) else "game"
    again = (
        f"This {played}'s seed is **{seed}**: `domino-tui --variant {rules.name} --seed {seed}` deals it again.\n\n"
        if seed is not None
        else ""
    )
    if isinstance(rules, TrainRules):
        return f"# {rules.title}\n\n{rules.summary}\n\n{again}## Keys\n{TRAIN_KEYS}"
    return f"# {rules.title}\n\n{rules.summary}\n\n{_draw_note(rules)}\n\n{again}## Keys\n{KEYS}"


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close", key_display="Esc"),
    ]

    def __init__(self, rules: Rules | TrainRules, seed: int | None) -> None:
        super().__init__()
        self.rules = rules
        self.seed = seed

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box", classes="dialog"):
            with VerticalScroll():
                yield Markdown(help_text(self.rules, self.seed))
            yield Static("Esc closes", classes="dialog-hint")

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(None)
