"""Text from a server, made safe to draw: its control characters shown as symbols, never sent to a terminal.

A client must not trust any server: a name, a chat line, an error or a reason for closing may carry escape
sequences that retitle the terminal window (``ESC ] 0;``), write the clipboard (``ESC ] 52;``) or wipe the screen
(``ESC [ 2J``) if they reached it. Every string of every message is read through `visible` as it arrives, so
nothing past the client library holds one. C0 controls become their Unicode pictures (``␛`` for ESC), DEL
``␡``, and C1 controls and the invisible format characters (bidirectional overrides, zero-width joiners) the
replacement character.
"""

from __future__ import annotations

import unicodedata

PICTURES = {code: chr(0x2400 + code) for code in range(0x20)} | {0x7F: "\u2421"}
REPLACEMENT = "\ufffd"


def visible(text: str) -> str:
    """``text`` with nothing a terminal would act on."""
    if text.isprintable():
        return text  # nearly every string: no copy
    return "".join(_shown(ch) for ch in text)


def _shown(ch: str) -> str:
    code = ord(ch)
    if code in PICTURES:
        return PICTURES[code]
    if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp"):
        return REPLACEMENT
    return ch  # printable, or a space of another width: shown as it is


def visible_json(value: object) -> object:
    """A message's JSON with every string (keys too) made `visible`."""
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, list):
        return [visible_json(v) for v in value]
    if isinstance(value, dict):
        return {visible(str(k)): visible_json(v) for k, v in value.items()}
    return value
