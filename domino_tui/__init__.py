"""domino-tui: a terminal domino game on a headless engine, with bots, a plain text mode and tournaments."""

__version__ = "0.1.0"
