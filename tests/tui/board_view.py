"""What the player can see of the table, checked against the widgets' regions rather than by eye: every open end
and the newest tile the table draws inside the board's visible region (and, with nothing over the table, not covered by
anything), the board given its room, and the footer's Quit on screen."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from domino_tui.tui.side_panels import BOARD_ROOM
from domino_tui.tui.widgets.snake import SnakeView


def assert_all_visible(table) -> None:
    """Every open end and the newest tile lie inside the board's visible region (no scrolling); with no panel
    over the table, the screen shows the board itself there."""
    board = table.query_one("#board")
    snake = table.query_one(SnakeView)
    shown = table.shown  # the board the table draws (the room's, once the table has caught up with it)
    if shown is None or shown.board.empty:
        return
    assert board.scroll_offset == (0, 0), "the board scrolled"
    view = board.scrollable_content_region
    pic = snake.picture()
    ox, oy = snake._offset
    sx, sy = snake.content_region.x + ox, snake.content_region.y + oy
    covered = table.placement.over is not None or table.app.screen is not table

    def on_screen(x: int, y: int, w: int, h: int) -> bool:
        region = Region(sx + x, sy + y, w, h)
        if not view.contains_region(region):
            return False
        return covered or all(
            table.get_widget_at(region.x + dx, region.y + dy)[0] is snake for dx in range(w) for dy in range(h)
        )

    assert pic.last_box is not None, "the newest tile is not drawn"
    assert on_screen(*pic.last_box), ("the newest tile is cut off or covered", pic.last_box, view)
    for end in shown.board.open_ends():
        x, y, _, _ = pic.hits[end][-1]
        assert on_screen(x + 1, y + 1, 1, 1), (f"the {end.label} end is cut off or covered", view)


def assert_board_has_room(table) -> None:
    board = table.query_one("#board")
    shown = [(w.id, w.outer_size.width) for w in table.query("#main > *") if w.display]
    assert board.outer_size.width >= BOARD_ROOM, ("the panels squeezed the board", table.size, table.placement, shown)


def assert_quit_on_screen(screen) -> None:
    footer = screen.query_one(Footer)
    # A room's table leaves the room with q: at a game of this keyboard's, that quits (the room file stays).
    keys = [k for k in footer.query(FooterKey) if k.action.endswith(("quit", "leave"))]
    assert keys, "no Quit (or Leave) in the footer"
    assert footer.scroll_offset.x == 0 and footer.region.contains_region(keys[0].region), (
        "Quit is off the footer",
        footer.region,
        keys[0].region,
        footer.scroll_offset,
        [(k.key, k.region) for k in footer.query(FooterKey)],
    )
