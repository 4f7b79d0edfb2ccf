"""A message as the tables show it: one sentence, capitalised, ending in one full stop, whatever the engine's or
the server's wording ("that tile does not fit" -> "That tile does not fit."); and the words a seat's name takes in
a sentence, which the tables call "You" for the seat at this table: "your train", not "You's train"; "You play",
"Ann plays"."""

from __future__ import annotations

YOU = "You"  # the name a table gives the seat of whoever sits at it


def sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def possessive(name: str) -> str:
    """Whose, from a seat's name: "your" for "You", "Ann's", "Rosa (Easy)'s"."""
    return "your" if name == YOU else f"{name}'s"


def verb(subject: str, third_person: str, other: str, several: bool = False) -> str:
    """The verb that agrees with ``subject``: ``third_person`` ("wins", "goes", "is") after one named seat, ``other``
    ("win", "go", "are") after "You" or ``several`` seats ("West & East", "Ana and Ben")."""
    return other if several or subject == YOU else third_person
