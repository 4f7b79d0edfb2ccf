"""Screens over the table: new game, help, score sheet, game over."""
