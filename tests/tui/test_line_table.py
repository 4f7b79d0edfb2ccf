"""The table online: two app instances play each other through a real room server on 127.0.0.1, by keys."""

from __future__ import annotations

import asyncio

import pytest
from textual.command import CommandList, CommandPalette
from textual.widgets import Input, Select, Static

from domino_tui.cli import main as cli_main
from domino_tui.engine import VARIANTS, End, GameResult, Reason, get_rules, places_of
from domino_tui.records import Records
from domino_tui.records.ratings import ratings, result_of
from domino_tui.records.stats import table as stats_table
from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.recording import PEOPLE, room_record
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.online import OnlineScreen
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.screens.score_sheet import ScoreSheetScreen
from tests.net.conftest import Running, free_port

from .coachseat_helpers import online_app, play_turn, table, until
from .conftest import HUMAN, make_app, settle, the_room
from .fast_input import type_keys
from .random_walk import table_shown

END_KEY = {End.LEFT: "left", End.RIGHT: "right", End.UP: "up", End.DOWN: "down"}
SIZE = (80, 24)


def online_in_front(app: DominoApp) -> bool:
    """A room's table online is in front (not the game at this keyboard's) and has the room's news."""
    screen = app.screen
    return isinstance(screen, LineTable) and not screen.local and screen.info is not None


async def at_the_local_table(pilot) -> LineTable:
    """The app's own game, its table in front at your turn (its room is made in a worker)."""
    await table_shown(pilot)
    await settle(pilot)
    local = pilot.app.screen
    assert isinstance(local, LineTable) and local.local
    return local


def palette_offers(app: DominoApp, title: str) -> bool:
    """The command palette is in front, its first command ``title`` (its search runs in a worker)."""
    palette = app.screen
    if not isinstance(palette, CommandPalette) or not palette.query(CommandList):
        return False
    commands = palette.query_one(CommandList)
    return commands.option_count > 0 and str(commands.get_option_at_index(0).prompt).startswith(title)


async def online_form(pilot) -> OnlineScreen:
    """The new-game screen (from the palette: the table's n opens it too), then its Play online (Ctrl+O)."""
    await type_keys(pilot, "ctrl+p", *"new game")
    await until([pilot], lambda: palette_offers(pilot.app, "New game"))
    await pilot.press("enter")
    await until([pilot], lambda: isinstance(pilot.app.screen, NewGameScreen))
    await pilot.press("ctrl+o")
    await until([pilot], lambda: isinstance(pilot.app.screen, OnlineScreen))
    return pilot.app.screen


async def play_to_the_end(pilots, screens, limit: float = 60.0) -> None:
    """The tables play (by keys) until the match is over; between games each says next, once a game."""
    waited = 0.0
    said_next: set[tuple[int, int, int]] = set()  # (table, match, game) where n was pressed
    while not all(s.status == "over" for s in screens):
        if waited > limit:
            raise AssertionError("the match never ended")
        moved = False
        for index, (pilot, screen) in enumerate(zip(pilots, screens, strict=True)):
            over = screen.over
            if screen.my_turn:
                await play_turn(pilot, screen)
                moved = True
            elif screen.status == "between" and over is not None and (index, over.match, over.game) not in said_next:
                said_next.add((index, over.match, over.game))
                await pilot.press("n")
        if not moved:
            for pilot in pilots:
                await pilot.pause()
            await asyncio.sleep(0.01)
            waited += 0.01


async def test_two_tables_play_a_partnership_match_with_bots(server: Running, private_config) -> None:
    """Ana creates a partnership room, Ben joins it, bots take the two other seats; they play it out by keys."""
    # Every seat playing its first legal move (the people's choice here, and the dummy bot's) ends seed 202's match
    # to 1 in one game of 18 moves; the server's own random seed took about 26 a game on average, up to 34.
    server.server.new_seed = lambda: 202
    ana = online_app(Connect.create(f"127.0.0.1:{server.port}", "Ana", "partnership", "dummy", target=1, between=30))
    async with ana.run_test(size=SIZE) as pa:
        a = table(ana)
        await until([pa], lambda: a.welcome is not None)
        assert a.welcome is not None and a.creator
        ben = online_app(Connect.join(f"127.0.0.1:{server.port}/{a.welcome.room}", "Ben"))
        async with ben.run_test(size=SIZE) as pb:
            b = table(ben)
            await until([pa, pb], lambda: a.info is not None and a.info.seats[1].kind == "person")
            assert b.welcome is not None and b.welcome.seat == 1
            assert [a.kind(s) for s in range(4)] == ["person", "person", "open", "open"]
            await pa.press("s")  # the creator starts: the open seats get bots
            await until([pa, pb], lambda: a.observation is not None and b.observation is not None)
            assert [b.kind(s) for s in range(4)] == ["person", "person", "bot", "bot"]
            # Each table shows its own seat's hand, as the server sent it, and nobody else's.
            assert a.query_one("#hand").tiles == a.observation.hand
            assert set(a.observation.hand).isdisjoint(b.observation.hand)
            await play_to_the_end([pa, pb], [a, b])
            assert a.over is not None and a.over.match_over
    # Each table recorded its games; the ratings have one against people.
    games, problem = Records().games()
    assert problem is None and games
    assert {g.opponent for g in games} == {PEOPLE}
    assert ("partnership", PEOPLE) in {(r.variant, r.opponent) for r in ratings(games)}
    # The statistics show it, with its uncertainty, beside your ratings against the bots.
    (row,) = [row for row in stats_table(games) if row.opponent == PEOPLE]
    assert row.games == len(games) and row.rating_sigma < 25 / 3


async def test_a_dropped_player_comes_back_with_the_same_hand(server: Running) -> None:
    """The connection is cut under the table: it says so, reconnects by itself, and the game goes on."""
    ana = online_app(Connect.create(f"127.0.0.1:{server.port}", "Ana", "classic", "dummy"))
    async with ana.run_test(size=SIZE) as pa:
        a = table(ana)
        await until([pa], lambda: a.welcome is not None)
        await pa.press("s")
        await until([pa], lambda: a.my_turn)
        await play_turn(pa, a)
        await until([pa], lambda: a.my_turn)
        hand = a.observation.hand if a.observation else ()
        assert a.client is not None
        shown: list[str] = []
        heard = a.connected

        def spy(news) -> None:  # what the status bar said on each news of the connection
            heard(news)
            shown.append(a.status_info().turn)

        a.connected = spy  # type: ignore[method-assign]
        a.client.drop()  # the network fails under the table
        await until([pa], lambda: len(shown) >= 2 and a.connection == "connected" and a.my_turn)
        assert shown[0] == "Reconnecting…"
        assert a.observation is not None and a.observation.hand == hand
        await play_turn(pa, a)  # and the game goes on
        await pa.press("r")  # the creator restarts: a new match at the same table
        await until([pa], lambda: a.seat_view is not None and a.seat_view.match == 2 and a.status == "playing")


async def test_chat_and_names_show_markup_as_written(server: Running) -> None:
    name = "[red]Ana[/]"
    ana = online_app(Connect.create(f"127.0.0.1:{server.port}", "Ana", "classic", "dummy"))
    async with ana.run_test(size=SIZE) as pa:
        a = table(ana)
        await until([pa], lambda: a.welcome is not None)
        assert a.welcome is not None
        ben = online_app(Connect.join(f"127.0.0.1:{server.port}/{a.welcome.room}", name))
        async with ben.run_test(size=SIZE) as pb:
            b = table(ben)
            await until([pa, pb], lambda: b.welcome is not None and a.info is not None and a.info.seats[1].name)
            await pb.press("c")
            await pb.press(*"[bold]hi")
            await pb.press("enter")
            await until([pa, pb], lambda: bool(a.chats) and bool(b.chats))
            shown = str(a.query_one("#chat").render())
            assert f"{name}: [bold]hi" in shown
            assert name in str(a.query_one("#seat-top").render())
            await pb.press("q")  # Ben leaves: his seat is his still, and shows him away
            await until([pa], lambda: a.kind(1) == "away")
            assert "away" in str(a.query_one("#seat-top").render())
        await pa.press("x", "y")  # the creator closes the room, after saying yes
        await until([pa], lambda: a.connection == "closed")
        assert not server.server.rooms


@pytest.mark.parametrize("why", ["password", "no_room", "seat", "unreachable"])
async def test_refusals_are_messages_on_the_table(server: Running, why: str) -> None:
    welcome = await server.client().create("Ana", "classic", password="secret")  # a room with a password
    port, room, password = server.port, welcome.room, "wrong"
    if why == "no_room":
        room, password = "ZZZZ-ZZZZ", "secret"
    elif why == "seat":
        await server.client().join(room, "Cy", "secret")  # the room's two seats are taken
        password = "secret"
    elif why == "unreachable":
        port = free_port()
    ben = online_app(Connect.join(f"127.0.0.1:{port}/{room}", "Ben", password))
    async with ben.run_test(size=SIZE) as pb:
        b = table(ben)
        await until([pb], lambda: b.refused is not None)
        assert b.refused == why
        assert b.connection == "closed"
        assert b.query_one("#message").has_class("-error")
        await pb.press("q")  # leaves, without a traceback
    assert ben.return_code == 0


@pytest.mark.parametrize("address", ["nowhere", "host:port", "/ROOM", "127.0.0.1:8765/"])
def test_a_bad_join_address_is_refused_with_a_message(address: str, capsys) -> None:
    assert cli_main(["join", address, "--name", "Ben"]) == 2
    assert capsys.readouterr().err  # argparse's usage and the message, never a traceback


async def test_play_online_from_the_new_game_screen_and_back(server: Running) -> None:
    """The new-game screen, then Play online (Ctrl+O): a room is created with the form's choices; q leaves it for
    the game at this keyboard, whose table is in front again with the game as it was."""
    app = make_app("classic")
    async with app.run_test(size=SIZE) as pilot:
        local = await at_the_local_table(pilot)
        await play_turn(pilot, local)  # a move of yours: a game in progress
        await settle(pilot)
        room = the_room(app)
        before = (room.matches, room.game_number, room.position)
        hand = local.query_one("#hand").tiles
        assert hand and room.to_act() == HUMAN
        form = await online_form(pilot)
        form.query_one("#server", Input).value = f"127.0.0.1:{server.port}"
        form.query_one("#name", Input).value = " "
        form.query_one("#online-variant", Select).value = "partnership"
        form.query_one("#online-target", Input).value = "50"
        form.query_one("#server", Input).focus()
        await pilot.press("enter")
        assert isinstance(app.screen, OnlineScreen)  # no name: the form says so and stays
        assert str(form.query_one("#online-error", Static).render())
        form.query_one("#name", Input).value = "Ana"
        await pilot.press("enter")
        await until([pilot], lambda: online_in_front(app))
        online = table(app)
        assert online.info is not None
        assert online.info.options["variant"] == "partnership" and online.info.options["target"] == 50
        await pilot.press("q")
        await until([pilot], lambda: app.screen is local)
        await settle(pilot)
        # The game at this keyboard as it was: the same room, the same position, your hand and your turn.
        assert the_room(app) is room and (room.matches, room.game_number, room.position) == before
        assert local.seat_view is not None and (local.seat_view.match, local.seat_view.game) == before[:2]
        assert local.seat_view.position == before[2] and local.my_turn
        assert local.query_one("#hand").tiles == hand
        await play_turn(pilot, local)  # and it goes on


def test_an_online_game_is_rated_against_people_only_when_a_person_sat_across() -> None:
    rules = get_rules("partnership")
    result = GameResult(Reason.OUT, 1, (0, 30), (0, 12, 5, 13), 1)
    against_people = room_record(
        rules, 0, ("person", "person", "bot", "bot"), ("Ana", "Ben", "Easy", "Easy"), 1, (0, 30), result.winner
    )
    assert (against_people.opponent, against_people.result, against_people.points_against) == (PEOPLE, "lost", 30)
    # A person beside you and bots across: the game rates you against the bots' level, as at home.
    with_a_partner = room_record(
        rules, 0, ("person", "bot", "person", "bot"), ("Ana", "Hard", "Cy", "Hard"), 1, (0, 30), result.winner
    )
    assert with_a_partner.opponent == "Hard"
    assert not with_a_partner.game and with_a_partner.seed == 0  # the server keeps the deal: nothing to replay


def test_an_online_hand_among_three_ranks_every_seat_from_yours_by_its_points() -> None:
    """Fives and Threes for three, from the second seat: you went out, but the others earned more in the hand."""
    rules = next(r for r in VARIANTS.values() if 3 in r.player_counts and r.fives).with_players(3)
    result = GameResult(Reason.OUT, 1, (0, 5, 0), (9, 0, 4), 1)
    record = room_record(rules, 1, ("bot", "person", "person"), ("Hard", "Ana", "Ben"), 1, (10, 5, 10), result.winner)
    assert (record.seats, record.places, record.result) == (("You", PEOPLE, "Hard"), (2, 0, 0), "lost")
    assert (record.opponent, record.points_for, record.points_against) == (PEOPLE, 5, 20)


async def test_a_spectator_watches_a_game_read_only(server: Running) -> None:
    """Ana plays a bot; Cy watches from another app: every hand face down with its size, the board and the
    log as Ana's table has them, chat both ways; a move key only says that Cy is watching."""
    # Both seats playing their first legal move (Ana's choice here, and the dummy bot's) end seed 14's game in 12
    # moves, one of them a draw; the server's own random seed took about 22 on average (seeds 0 to 299).
    server.server.new_seed = lambda: 14
    ana = online_app(Connect.create(f"127.0.0.1:{server.port}", "Ana", "classic", "dummy", between=30))
    async with ana.run_test(size=SIZE) as pa:
        a = table(ana)
        await until([pa], lambda: a.welcome is not None)
        assert a.welcome is not None
        cy = online_app(Connect.join(f"127.0.0.1:{server.port}/{a.welcome.room}", "Cy", watch=True))
        async with cy.run_test(size=SIZE) as pc:
            c = table(cy)
            await until([pa, pc], lambda: c.welcome is not None and c.info is not None)
            assert c.welcome is not None and c.welcome.seat is None and c.watching
            await pa.press("s")
            await until([pa, pc], lambda: a.my_turn)
            await play_turn(pa, a)
            obs = a.observation
            assert obs is not None
            await until([pa, pc], lambda: c.spectator_view is not None and c.shown.history == obs.history)
            shown = c.shown
            assert shown is not None and not hasattr(shown, "hand")
            assert shown.hand_sizes == obs.hand_sizes and shown.board == obs.board
            # No hand of Cy's: the first seat (Ana) sits at the bottom, face down, with its size.
            assert not c.query_one("#hand").display
            bottom = str(c.query_one("#seat-bottom").render())
            assert "Ana" in bottom and f"{obs.hand_sizes[0]} tiles" in bottom
            assert not any(str(t) in bottom for t in obs.hand)
            # The move keys do nothing but say so; nothing is sent to the server.
            position = c.spectator_view.position if c.spectator_view else -1
            for key in ("1", "enter", "d", "p", "n", "s"):
                await pc.press(key)
                assert c.query_one("#message").has_class("-error") and "watching" in c.message
            await pc.press("c", *"hello", "enter")
            await until([pa, pc], lambda: bool(a.chats))
            assert "hello" in str(a.query_one("#chat").render())
            assert c.spectator_view is not None and c.spectator_view.position == position  # no move was made
            await play_to_the_end([pa], [a], limit=60)
            await until([pa, pc], lambda: c.status == "over" and c.over is not None)
            assert c.over is not None and a.over is not None and c.over.result == a.over.result
            # The end of the match shows the local game's dialog on both tables, from the server's result.
            await until(
                [pa, pc], lambda: isinstance(ana.screen, GameOverScreen) and isinstance(cy.screen, GameOverScreen)
            )
            for app in (ana, cy):
                about = app.screen.about
                assert [pips for _, _, pips in about.hands] == list(a.over.result.pips)
                assert about.points[-1][1] == a.over.scores  # the match's scores
            assert ana.screen.about.buttons[0] == ("again", "Restart")  # the creator restarts from there
            assert "again" not in {choice for choice, _ in cy.screen.about.buttons}  # the others wait
            # The game is over: the result lays every hand open, to the players and the spectator alike.
            sizes = c.shown.hand_sizes
            assert [len(hand) for hand in c.over.hands] == list(sizes)
            laid_open = [" ".join(map(str, hand)) or "out" for hand in c.over.hands]
            assert [t for _, t, _ in cy.screen.about.hands] == laid_open
            assert [t for _, t, _ in ana.screen.about.hands] == laid_open
            assert c.over.hands[0] == a.observation.hand
            await pc.press("s")  # the score sheet across the match's games
            await until([pc], lambda: isinstance(cy.screen, ScoreSheetScreen))
            sheet = cy.screen.about
            assert len(sheet.games) == a.over.game
            assert tuple(map(sum, zip(*(pts for pts, _ in sheet.games), strict=True))) == a.over.scores
            await pc.press("escape")
            await until([pc], lambda: isinstance(cy.screen, GameOverScreen))
            await pa.press("r")  # the creator restarts: a new match, and the dialogs give way to the table
            await until([pa, pc], lambda: c.spectator_view is not None and c.spectator_view.match == 2)
            await until([pa, pc], lambda: cy.screen is c and ana.screen is a)
            await pc.press("q")
        assert cy.return_code == 0


async def test_watch_from_the_command_line_and_the_play_online_screen(monkeypatch, server: Running) -> None:
    """``join ADDRESS --watch`` and the form's Watch button both open the table as a spectator of that room."""
    opened: list[Connect] = []
    monkeypatch.setattr("domino_tui.tui.app.run", lambda online: opened.append(online) or 0)
    assert cli_main(["join", "127.0.0.1:9/K7QM-3XPA", "--name", "Cy", "--watch"]) == 0
    assert cli_main(["join", "127.0.0.1:9/K7QM-3XPA", "--name", "Cy"]) == 0
    assert [(c.room, c.watch) for c in opened] == [("K7QM-3XPA", True), ("K7QM-3XPA", False)]
    room = (await server.client().create("Ana", "classic")).room
    app = make_app("classic")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        form = await online_form(pilot)
        form.query_one("#server", Input).value = f"127.0.0.1:{server.port}"
        form.query_one("#name", Input).value = "Cy"
        form.query_one("#room", Input).value = room
        form.query_one("#watch").press()
        await until([pilot], lambda: online_in_front(app))
        watcher = table(app)
        assert watcher.watching and watcher.welcome is not None and watcher.welcome.seat is None
        assert [watcher.kind(s) for s in range(2)] == ["person", "open"]


async def test_play_online_creates_a_room_for_three_at_rules_that_seat_several_numbers(server: Running) -> None:
    """The form asks for the number of players of rules that seat several (Fives and Threes: 2, 3 or 4) and
    refuses another; the room is dealt for three and the table draws them as the local one does (West, East). Played
    to its end (a target of 1 point), each game is in the record with every seat's place, most points first."""
    rules = next(r for r in VARIANTS.values() if 3 in r.player_counts and r.players != 3)
    app = make_app("classic")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        form = await online_form(pilot)
        form.query_one("#server", Input).value = f"127.0.0.1:{server.port}"
        form.query_one("#name", Input).value = "Ana"
        form.query_one("#online-variant", Select).value = "classic"
        await pilot.pause()
        assert not form.query_one("#online-players", Input).display  # its rules seat one number only
        form.query_one("#online-variant", Select).value = rules.name
        await pilot.pause()
        assert form.query_one("#online-players", Input).display
        form.query_one("#online-players", Input).value = str(max(rules.player_counts) + 1)
        form.query_one("#server", Input).focus()
        await pilot.press("enter")
        assert isinstance(app.screen, OnlineScreen) and str(form.query_one("#online-error", Static).render())
        form.query_one("#online-players", Input).value = "3"
        form.query_one("#online-target", Input).value = "1"
        form.query_one("#online-bots", Select).value = "greedy"
        await pilot.press("enter")
        await until([pilot], lambda: online_in_front(app))
        online = table(app)
        assert online.info is not None and online.info.options["players"] == 3 and len(online.info.seats) == 3
        await pilot.press("s")
        await until([pilot], lambda: online.observation is not None)
        assert online.observation.rules == rules.with_players(3) and online.players == 3
        for place, absent in (("left", False), ("right", False), ("top", True)):
            assert online.query_one(f"#seat-{place}").has_class("-absent") == absent
        names = online.names
        assert names[1] in str(online.query_one("#seat-left").render())
        assert names[2] in str(online.query_one("#seat-right").render())
        await play_to_the_end([pilot], [online])
        await until([pilot], lambda: not app.coach.outbox)
        games, _ = Records().games()
        assert sorted(g.game_no for g in games) == list(range(1, online.over.game + 1))
        for g in games:
            hand, _ = online.sheet_games[(1, g.game_no)]  # each seat's points in that game
            # The record names a bot by its level; the table by its name, with its level ("Lena (greedy)").
            assert g.seats == ("You", "greedy", "greedy") and g.opponent == "greedy"
            assert all(name.endswith(f"({level})") for name, level in zip(names[1:], g.seats[1:], strict=True))
            assert g.places == places_of(hand, lowest_wins=False) and g.result == result_of(g.places, 0)
        await pilot.press("q")
