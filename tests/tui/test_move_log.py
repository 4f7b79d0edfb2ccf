"""The move log is mounted the first time it shows (where it does not fit at the start, it waits for l): it then
has every line the table wrote for it before, the deal's title and each move so far, in order."""

from __future__ import annotations

from domino_tui.tui.widgets.move_log import MoveLog

from .conftest import make_app, the_game, until
from .snaps_helpers import seated


def words(text: str) -> str:
    """The text with its spacing (the log wraps its lines at its width) made single spaces."""
    return " ".join(text.split())


async def test_the_log_first_shown_with_l_has_the_deal_so_far():
    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:  # 80 columns: no room for the log beside the board
        table = await seated(pilot)
        assert not table.query(MoveLog)
        history = the_game(app).history
        assert history  # the bots' moves and yours are the log's lines
        await pilot.press("l")
        await until(pilot, lambda: table.query(MoveLog) and table.query_one(MoveLog).lines)
        log = table.query_one(MoveLog)
        assert log.display
        shown = words(" ".join(strip.text for strip in log.lines))
        title = words(f"— {the_game(app).rules.title}, game 1 —")
        assert shown == words(" ".join([title, *(table.describe(ev) for ev in history)]))
