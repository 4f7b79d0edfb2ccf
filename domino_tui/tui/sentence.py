"""A message as the tables show it: one sentence, capitalised, ending in one full stop, whatever the engine's or
the server's wording ("that tile does not fit" -> "That tile does not fit.")."""

from __future__ import annotations


def sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."
