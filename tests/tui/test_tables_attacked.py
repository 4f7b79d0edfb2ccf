"""The one line table and the one train table attacked against a real room server on 127.0.0.1: names with markup
at a shared keyboard, the next deal arriving while the keyboard changes hands, the hint of one person's hand at a
shared keyboard, and the coach's panels when another person takes a seat."""

from __future__ import annotations

from typing import Any

from domino_tui.net import client as net
from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.handover import HandoverScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.widgets.hint_panel import HintPanel
from tests.net.conftest import Running

from .coachseat_helpers import bare_app, play_turn, until
from .conftest import COACH


async def hot_seat(server: Running, variant: str, names: tuple[str, str], **options: object) -> list[Any]:
    """Two people's clients of one room, both at this keyboard."""
    first, second = server.client(), server.client()
    welcome = await first.create(names[0], variant, seats=[None, None], **options)
    await second.join(welcome.room, names[1])
    return [first, second]


def handover_text(app: DominoApp) -> str:
    screen = app.screen
    assert isinstance(screen, HandoverScreen)
    return " ".join(str(w.render()) for w in screen.query("Static"))


async def test_names_with_markup_are_shown_as_written_on_the_handover(server: Running) -> None:
    """A name is anything printable: at a shared keyboard the handover names the next player and tells the last
    move (with the names of the people who made it) as written, never read as markup (a stray closing tag would
    stop the app)."""
    ana, ben = "[/]Ana[b]", "[red]Ben[/red]"
    clients = await hot_seat(server, "block", (ana, ben))
    app = bare_app()
    async with app.run_test(size=(80, 24)) as pilot:
        t = LineTable(Connect(server.url, ana, clients[0].welcome.room), clients)
        app.push_screen(t)
        await until([pilot], lambda: t.info is not None and t.info.seats[1].kind == "person")
        await pilot.press("s")
        await until([pilot], lambda: isinstance(app.screen, HandoverScreen))
        assert f"Pass the keyboard to {ana}" in handover_text(app)
        await pilot.press("enter")
        await until([pilot], lambda: app.screen is t and t.my_turn)
        await play_turn(pilot, t)
        await until([pilot], lambda: isinstance(app.screen, HandoverScreen))
        shown = handover_text(app)
        assert f"Pass the keyboard to {ben}" in shown and ana in shown


class HeldBack:
    """A client whose seat views wait while ``held`` (or, with ``deals`` held, those of a new deal): the room's
    news reaches each connection in its own time, and this one's comes after the other seat's."""

    def __init__(self, client: net.RoomClient, deals: bool = False) -> None:
        self.inner = client
        self.held = False
        self.deals = deals
        self.game: tuple[int, int] | None = None
        self.waiting: list[net.Event] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def events(self):
        async for event in self.inner.events():
            if isinstance(event, net.SeatView) and self.deals and self.game is not None:
                self.held = self.held or (event.match, event.game) > self.game
            if isinstance(event, net.SeatView) and not self.held:
                self.game = (event.match, event.game)
            if self.held and isinstance(event, net.SeatView):
                self.waiting.append(event)
                continue
            yield event

    def release(self, table: LineTable, index: int) -> None:
        self.held = False
        for event in self.waiting:
            if isinstance(event, net.SeatView):
                self.game = (event.match, event.game)
            table.post_message(LineTable.Heard(event, index))
        self.waiting = []


async def test_the_hint_of_one_hand_is_gone_before_the_next_person_sees_the_table(server: Running) -> None:
    """Ana asks for a hint (it names her tiles), then plays; Ben's turn comes before her own connection says her
    move was made. Once Ben has the keyboard, the hint of Ana's hand is not on the table."""
    clients = await hot_seat(server, "block", ("Ana", "Ben"))
    held = HeldBack(clients[0])
    app = bare_app()
    async with app.run_test(size=(140, 40)) as pilot:
        t = LineTable(Connect(server.url, "Ana", clients[0].welcome.room), [held, clients[1]])
        app.push_screen(t)
        await until([pilot], lambda: t.info is not None and t.info.seats[1].kind == "person")
        await pilot.press("s")
        await until([pilot], lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await until([pilot], lambda: app.screen is t and t.my_turn)
        assert t.at == 0  # block: the first seat leads the first game
        await pilot.press("h")
        hint = t.query_one(HintPanel)
        await until([pilot], lambda: hint.ranking is not None, limit=30)
        held.held = True
        obs = t.observation
        assert obs is not None
        await pilot.press(str(obs.hand.index(obs.legal[0].tile) + 1))
        await until([pilot], lambda: isinstance(app.screen, HandoverScreen))
        held.release(t, 0)
        await pilot.press("enter")
        await until([pilot], lambda: app.screen is t and t.at == 1)
        assert not hint.wanted and t.has_class("-hint-hidden")
        assert str(obs.legal[0].tile) not in str(hint.render())


async def test_the_next_deal_while_the_keyboard_changes_hands_leaves_no_old_dialog(server: Running) -> None:
    """Two people at one keyboard play block games (the lead alternates); the room deals the next game by itself
    while the last game's dialog is up. When the next leader is not the last person who had the keyboard and
    the leader's connection hears the deal first, the handover comes over the dialog: once the leader is ready,
    the table is in front, not the last game's dialog (whose Enter would say "next" in a game in play)."""
    # A deal whose first game ends at once (Ana lays the double blank, neither has another blank: blocked), Ana
    # moving last: the next game's leader, Ben, is not the last person who had the keyboard, the case looked for.
    server.server.new_seed = lambda: 204
    clients = await hot_seat(server, "block", ("Ana", "Ben"), between=1)
    held = [HeldBack(c, deals=True) for c in clients]
    app = bare_app()
    async with app.run_test(size=(80, 24)) as pilot:
        t = LineTable(Connect(server.url, "Ana", clients[0].welcome.room), held)
        app.push_screen(t)
        await until([pilot], lambda: t.info is not None and t.info.seats[1].kind == "person")
        await pilot.press("s")
        over_handed = 0
        for _ in range(400):
            await until(
                [pilot],
                lambda: (
                    isinstance(app.screen, HandoverScreen | GameOverScreen)
                    or (app.screen is t and t.my_turn)
                    or t.status == "over"
                ),
            )
            if t.status == "over" or over_handed:
                break
            if isinstance(app.screen, GameOverScreen):
                # Both connections hear the deal (held back); the leader's news is read first.
                await until([pilot], lambda: all(h.waiting for h in held), limit=30)
                leader = next(i for i, h in enumerate(held) if any(e.observation.legal for e in h.waiting))
                for i in (leader, 1 - leader):
                    held[i].release(t, i)
                    # (no pause: both are read in one go)
                await until([pilot], lambda: not isinstance(app.screen, GameOverScreen))
                if isinstance(app.screen, HandoverScreen):
                    over_handed += 1
                    await pilot.press("enter")
                    await until([pilot], lambda: not isinstance(app.screen, HandoverScreen))
                    assert app.screen is t, type(app.screen).__name__
                    assert t.my_turn and t.at == leader
                continue
            if isinstance(app.screen, HandoverScreen):
                await pilot.press("enter")
                await until([pilot], lambda: not isinstance(app.screen, HandoverScreen))
                assert app.screen is t, type(app.screen).__name__
                continue
            await play_turn(pilot, t)
        assert over_handed == 1  # the case was met


async def test_the_train_tracker_goes_when_another_person_takes_a_seat(server: Running) -> None:
    """Ana opens the tile tracker in her train room's lobby (alone, the coach may help); Ben takes a seat. The
    room says nothing of the coach, so with another person seated the tracker is gone from the table."""
    from domino_tui.engine import MEXICAN_TRAIN

    from .conftest import until as until_one
    from .test_one_train_table import seated

    connect = Connect.create(f"127.0.0.1:{server.port}", "Ana", MEXICAN_TRAIN.name, "greedy", players=2, games=1)
    app = DominoApp(online=connect, coach=COACH)
    async with app.run_test(size=(140, 40)) as pilot:
        table = await seated(pilot, app)
        assert table.coach_here and table.welcome is not None
        await pilot.press("t")
        await until_one(pilot, lambda: not table.has_class("-tracker-hidden"))
        ben = server.client()
        await ben.join(table.welcome.room, "Ben")
        await until_one(pilot, lambda: table.info is not None and table.info.seats[1].kind == "person")
        await pilot.pause()
        assert not table.coach_here
        assert table.has_class("-tracker-hidden")
        await pilot.press("s")
        await until_one(pilot, lambda: table.observation is not None)
        await pilot.pause()
        assert table.has_class("-tracker-hidden")


async def test_the_line_tracker_goes_when_another_person_takes_a_seat(server: Running) -> None:
    """The same at the line table: the tracker opened in the lobby goes once Ben sits."""
    ana = DominoApp(online=Connect.create(f"127.0.0.1:{server.port}", "Ana", "classic", "dummy"), coach=COACH)
    async with ana.run_test(size=(140, 40)) as pilot:
        t = ana.screen
        assert isinstance(t, LineTable)
        await until([pilot], lambda: t.welcome is not None and t.info is not None)
        assert t.coach_here and t.welcome is not None
        await pilot.press("t")
        await until([pilot], lambda: not t.has_class("-tracker-hidden"))
        ben = server.client()
        await ben.join(t.welcome.room, "Ben")
        await until([pilot], lambda: t.info is not None and t.info.seats[1].kind == "person")
        await pilot.pause()
        assert not t.coach_here
        assert t.has_class("-tracker-hidden")
