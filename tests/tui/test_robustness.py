"""No key, at any moment, ends in a traceback: keys pressed while the app quits, palette keys before the
palette has been laid out."""

from __future__ import annotations

import pytest

from .conftest import make_app, settle


async def test_a_key_pressed_while_quitting_opens_nothing():
    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # q then s before the app has had a moment to close: the score sheet must not open on the way out.
        app.simulate_key("q")
        app.simulate_key("s")
        await pilot.pause()
    assert app.return_code in (0, None)
    assert app._exception is None


@pytest.mark.parametrize("before", [[], ["n"]], ids=["table", "new-game"])
async def test_page_down_straight_after_opening_the_palette(before):
    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in before:
            await pilot.press(key)
        app.simulate_key("ctrl+p")
        app.simulate_key("pagedown")
        app.simulate_key("pageup")
        await pilot.pause(0.1)
        await pilot.press("escape")
    assert app._exception is None
