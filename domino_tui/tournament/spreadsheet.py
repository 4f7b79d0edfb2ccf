"""CSV cells a spreadsheet shows as text: the one escaping of the tournament's and the league's tables."""

from __future__ import annotations

# A spreadsheet takes a cell that starts with one of these for a formula (=HYPERLINK(...) and worse).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "|")


def cell(value: object) -> object:
    """Text that a spreadsheet would run gets a leading apostrophe, which makes it text; numbers stay as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value
