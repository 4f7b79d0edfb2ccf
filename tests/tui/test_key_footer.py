"""The footer of keys: it shows what Textual's own footer would show, keeps its keys while they stay the same (a
bot thinking refreshes the bindings twice a move) and dims, lights, adds and removes keys as the screen says."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from domino_tui.tui.widgets.key_footer import KeyFooter

from .conftest import HUMAN, keys_for, make_app, reach_a_choice, settle, the_game
from .fast_input import type_keys
from .snaps_helpers import seated, until


def shown(screen) -> list[tuple[str, str, bool]]:
    """The keys in the footer: (key, description, enabled), in order."""
    return [(k.key, k.description, not k.has_class("-disabled")) for k in screen.query(FooterKey)]


def expected(screen) -> list[tuple[str, str, bool]]:
    """What the screen's bindings say the footer should show: one key an action (the first bound), the palette
    key last, as Textual's footer has it."""
    first: dict[str, tuple[str, str, bool]] = {}
    for _node, b, on, _tip in screen.active_bindings.values():
        if b.show and b.key != screen.app.COMMAND_PALETTE_BINDING:
            first.setdefault(b.action, (b.key, b.description, on))
    keys = list(first.values())
    palette = screen.active_bindings.get(screen.app.COMMAND_PALETTE_BINDING)
    if palette is not None:
        keys.append((palette[1].key, palette[1].description, palette[2]))
    return keys


async def test_the_table_keeps_its_keys_while_bots_move_and_changes_them_for_a_choice_of_ends():
    app = make_app("allfives", seed=2, bot="greedy")
    async with app.run_test(size=(100, 30)) as pilot:
        table = await seated(pilot)
        await pilot.pause()
        keys = list(table.query(FooterKey))
        assert [k.key for k in keys] and shown(table) == expected(table)
        # Moves with bots thinking between them (in the room's host): the same key widgets, never composed again.
        for _ in range(3):
            game = the_game(app)
            if game.over:
                break
            await type_keys(pilot, *keys_for(table, game.legal_moves()[0]))
            await settle(pilot)
            await pilot.pause()
            assert list(table.query(FooterKey)) == keys
            assert shown(table) == expected(table)
        # A choice of ends brings the end keys; cancelling it takes them away again.
        tile = await reach_a_choice(pilot)
        await pilot.press(str(the_game(app).hand(HUMAN).index(tile) + 1))
        await until(pilot, lambda: table.choosing is not None and shown(table) == expected(table))
        assert "Cancel" in [d for _k, d, _on in shown(table)]
        await pilot.press("escape")
        await until(pilot, lambda: table.choosing is None and shown(table) == expected(table))
        assert "Cancel" not in [d for _k, d, _on in shown(table)]


class Dimming(Screen):
    """A screen whose one key is disabled (shown dimmed) while ``busy``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("g", "go", "Go"), Binding("x", "other", "Other")]
    busy: reactive[bool] = reactive(False, bindings=True)
    went = 0

    def compose(self) -> ComposeResult:
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "go" and self.busy else True

    def action_go(self) -> None:
        self.went += 1


class DimmingApp(App):
    def on_mount(self) -> None:
        self.push_screen(Dimming())


async def test_a_key_is_dimmed_and_lit_in_place_and_a_dimmed_key_does_nothing_when_clicked():
    app = DimmingApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Dimming) and any(app.screen.query(FooterKey)))
        screen = app.screen
        assert isinstance(screen, Dimming)
        keys = list(screen.query(FooterKey))
        go = next(k for k in keys if k.key == "g")
        screen.busy = True
        await until(pilot, lambda: go.has_class("-disabled"))
        assert list(screen.query(FooterKey)) == keys  # dimmed in place, not made anew
        await pilot.click(go)
        await pilot.pause()
        assert screen.went == 0
        screen.busy = False
        await until(pilot, lambda: not go.has_class("-disabled") and shown(screen) == expected(screen))
        await pilot.click(go)
        await until(pilot, lambda: screen.went == 1)
