"""Widgets of the table: the snake of tiles, the hand, the status bar, the move log."""
