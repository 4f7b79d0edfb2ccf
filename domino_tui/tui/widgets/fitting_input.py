"""An Input that takes what is pasted into it as far as it can: Textual's refuses a paste longer than the room
left (a chat line copied from elsewhere, past 200 characters, pastes nothing at all), and takes tabs, escapes and
invisible format characters (a right-to-left mark) that a room server refuses in a name or a chat line, so the
whole line was lost to a refusal in the protocol's words. Here the first line pasted that shows something is
kept, each tab or other space as a space, control and format characters dropped, cut to fit."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


def plain_line(text: str) -> str:
    """The first line of ``text`` that shows something (a line copied with the line break before it pasted
    nothing), with each space of any kind as a space and no character that is not printed."""
    for line in text.splitlines():
        plain = "".join(" " if ch.isspace() else ch for ch in line if ch.isprintable() or ch.isspace())
        if plain.strip():
            return plain
    return ""


class FittingInput(Input):
    def _on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # Textual's own handler, which takes all or nothing
        event.stop()
        line = plain_line(event.text)
        start, end = sorted(self.selection)
        if self.max_length:
            line = line[: max(0, self.max_length - (len(self.value) - (end - start)))]
        if line:
            self.replace(line, start, end)
