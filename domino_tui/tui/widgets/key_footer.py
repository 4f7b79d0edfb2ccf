"""The footer of keys, rebuilt only when the keys it shows change.

Textual's `Footer` throws its keys away and composes new ones whenever the screen's bindings are refreshed, and a
table refreshes them several times a move: a bot starts and stops thinking (the move keys dim and light up), a
choice of ends opens and closes, focus moves. Each rebuild mounts a dozen widgets, styles them and lays out the
screen again, which was most of what a move cost the app. `KeyFooter` keeps its keys while the same keys are shown
and only dims or lights those whose state changed; a key added, removed or renamed still rebuilds it the usual way.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

# A key as the footer shows it: key, action, description and tooltip (not whether it is enabled).
Shown = tuple[str, str, str, str]


class KeyFooter(Footer):
    """A `Footer` that dims and lights its keys in place instead of composing them again."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[Shown, ...] | None = None

    def _keys(self) -> tuple[tuple[Shown, ...], dict[tuple[str, str], bool]]:
        """The keys the footer would show now, and whether each is enabled."""
        shown: list[Shown] = []
        enabled: dict[tuple[str, str], bool] = {}
        for _node, binding, on, tooltip in self.screen.active_bindings.values():
            if binding.show or binding.key == self.app.COMMAND_PALETTE_BINDING:
                shown.append((binding.key, binding.action, binding.description, tooltip or ""))
                enabled[binding.key, binding.action] = on
        return tuple(shown), enabled

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._follow_bindings)

    async def _follow_bindings(self) -> None:
        if not self.is_attached:
            return
        shown, enabled = self._keys()
        if shown != self._shown or not self.children:
            self._shown = shown
            await self.recompose()
            return
        for key in self.query(FooterKey):
            on = enabled.get((key.key, key.action), True)
            if key.has_class("-disabled") == on:
                # FooterKey reads `_disabled` when clicked (a disabled key rings the bell instead of acting).
                key._disabled = not on
                key.set_class(not on, "-disabled")
