"""The train table online: two app instances play Mexican Train through a real room server on 127.0.0.1, by keys
(one creates the room from the Play online dialog's options, the other joins it by its code)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from textual.app import App
from textual.geometry import Region
from textual.widgets import Input, RichLog, Select, Static

from domino_tui.engine import DRAW, MEXICAN_TRAIN, PASS, Move, TrainMatch, TrainPlay, observe_match, places_of
from domino_tui.net.botclient import play_seat
from domino_tui.net.client import RoomClient, RoomInfo, SeatInfo, TrainSeatView
from domino_tui.records import Records
from domino_tui.records.ratings import ratings
from domino_tui.records.stats import HEADERS, result_shown
from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.recording import PEOPLE
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.online import OnlineScreen
from domino_tui.tui.screens.over_dialog import TrainRoundOverScreen
from domino_tui.tui.screens.score_sheet import TrainScoreSheetScreen
from domino_tui.tui.screens.stats import StatsScreen
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.train_words import describe, train_key, trains_for
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.trains import TrainsView
from tests.net.conftest import Running

from .conftest import COACH, poll

SIZE = (80, 24)
KEYED_TURNS = 8  # turns played by key presses; the rest of the round by the table's own move method
VARIANT = MEXICAN_TRAIN.name
ROUND_SEED = 3


def online_app(connect: Connect) -> DominoApp:
    return DominoApp(online=connect, coach=COACH)


async def until(pilots, done, limit: float = 40.0) -> None:
    await poll(pilots, done, limit, lambda: "the table never got there")


def train_table(app: DominoApp) -> TrainTable | None:
    screen = app.screen
    return screen if isinstance(screen, TrainTable) else None


def keys_for(screen: TrainTable, move: Move) -> list[str]:
    """The key presses that make ``move`` from a fresh turn."""
    if move == DRAW:
        return ["d"]
    if move == PASS:
        return ["p"]
    obs = screen.observation
    assert obs is not None and isinstance(move, TrainPlay)
    index = obs.hand.index(move.tile)
    if index < 10:
        keys = [str((index + 1) % 10)]
    else:
        cursor = screen.query_one(HandView).cursor
        keys = ["right" if index > cursor else "left"] * abs(index - cursor) + ["enter"]
    if len(trains_for(obs, move.tile)) > 1:
        keys.append(train_key(obs.rules, move.train))
    return keys


async def play_turn(pilot, screen: TrainTable) -> None:
    obs = screen.observation
    assert obs is not None and obs.legal and screen.seat_view is not None
    # The last legal move: a play on another train than one's own when there is one, so the train key is used.
    move = obs.legal[-1]
    position = screen.seat_view.position
    for key in keys_for(screen, move):
        await pilot.press(key)
    await until([pilot], lambda: screen.seat_view is None or screen.seat_view.position != position)


def assert_every_train_end_visible(screen: TrainTable) -> None:
    view = screen.query_one(TrainsView)
    pic = view.picture()
    ox, oy = view._offset
    region = view.content_region
    obs = screen.observation
    assert obs is not None and len(pic.ends) == len(obs.trains)
    for i, (x, y, w, h) in enumerate(pic.ends):
        box = Region(region.x + ox + x, region.y + oy + y, w, h)
        assert region.contains_region(box), (f"the end of train {i} is cut off", box, region)
        assert pic.canvas.text().splitlines()[y][x:].startswith(f"▸{obs.trains[i].end}")


async def test_two_tables_play_mexican_train_through_the_server(server: Running, tmp_path: Path) -> None:
    """Ana creates a Mexican Train room for eight, Ben joins it by its code, bots take the six other seats, Cy
    watches; they chat and play a round out by keys, each table showing its own hand and every train's end at
    80x24. Ben's connection drops during the match and again after it: his record has the match once, every seat
    ranked by the match's totals from his, rated against people and on his statistics screen; a table entered once
    the match is over adds nothing; the watcher's record stays empty, and so does that of Ana's app, which saves
    nothing."""
    url = f"127.0.0.1:{server.port}"
    # The match's seed, fixed: its round ends in 65 moves with both people playing their last legal move, 16 of
    # them theirs (seeds 0 to 299: 95 on average, 65 to 118; a new seed each run made the test's length vary).
    server.server.new_seed = lambda: ROUND_SEED
    # Ana's app saves nothing; each app has a record of its own (Ben's: the config directory's).
    connect = Connect.create(url, "Ana", VARIANT, "random", players=8, games=1, between=30)
    ana = DominoApp(online=connect, coach=COACH, save_settings=False)
    ana.coach._records = Records(tmp_path / "ana" / "records.sqlite3")
    async with ana.run_test(size=SIZE) as pa:
        await until([pa], lambda: train_table(ana) is not None and train_table(ana).welcome is not None)
        a = train_table(ana)
        assert a is not None and a.welcome is not None and a.creator
        ben = online_app(Connect.join(f"{url}/{a.welcome.room}", "Ben"))
        cy = online_app(Connect.join(f"{url}/{a.welcome.room}", "Cy", watch=True))
        cy.coach._records = Records(tmp_path / "cy" / "records.sqlite3")
        async with ben.run_test(size=SIZE) as pb, cy.run_test(size=SIZE) as pc:
            # Ben's table learns from the room's news that it plays trains, and becomes the train table.
            await until([pa, pb, pc], lambda: train_table(ben) is not None and train_table(cy) is not None)
            b, c = train_table(ben), train_table(cy)
            assert b is not None and b.welcome is not None and b.welcome.seat == 1
            assert c is not None and c.watching
            news: list[str] = []  # what Ben's table heard of its connection
            b.connected = lambda heard, was=b.connected: news.append(heard.state) or was(heard)  # type: ignore[method-assign]
            await until([pa, pb], lambda: a.info is not None and a.info.seats[1].kind == "person")
            await pa.press("s")
            await until([pa, pb], lambda: a.observation is not None and b.observation is not None)
            # Each seat says who holds it: two people, six bots (on the board's border at 80x24).
            assert b.info is not None and [s.kind for s in b.info.seats] == ["person"] * 2 + ["bot"] * 6
            # The room names its bots with their level: "Bots: Mei (random), ...".
            said = str(b.query_one("#board").border_subtitle)
            assert said.startswith("People: Ana, You · Bots: ") and said.count("(random)") == 6
            assert "(random) (" not in said
            # Each table shows its own seat's hand as the server sent it, and nobody else's.
            assert a.query_one(HandView).tiles == a.observation.hand
            assert set(a.observation.hand).isdisjoint(b.observation.hand)
            # Chat: Ana says hello, Ben's table shows it.
            await pa.press("c")
            for key in "hello":
                await pa.press(key)
            await pa.press("enter")
            await until([pa, pb], lambda: any("hello" in line.plain for line in b.chats))
            # The round, by keys, to its end.
            waited = 0.0
            turns = 0
            while not (a.status == "over" and b.status == "over"):
                assert waited < 60, "the round never ended"
                moved = False
                for pilot, screen in ((pa, a), (pb, b)):
                    if screen.my_turn:
                        if turns < KEYED_TURNS:
                            await play_turn(pilot, screen)
                            assert_every_train_end_visible(screen)
                        else:  # the rest of the round as the keys would, without waiting for each key's frame
                            view = screen.seat_view
                            assert view is not None
                            screen._move(view.observation.legal[-1])
                            await until([pilot], lambda s=screen, v=view: s.seat_view is not v)
                            if screen is b and not news:  # the network fails under Ben's table
                                b.client.drop()
                                await until([pa, pb], lambda: news[-1:] == ["connected"])
                        turns += 1
                        moved = True
                if not moved:
                    await pa.pause()
                    await pb.pause()
                    await asyncio.sleep(0.01)
                    waited += 0.01
            await until([pa, pb], lambda: a.over is not None and b.over is not None)
            assert a.over == b.over and a.over.match_over and len(a.over.scores) == 8
            assert "the match" in str(a.query_one("#message", Static).render())
            # The end of the match shows the local train table's dialog on both tables, from the server's result.
            await until(
                [pa, pb],
                lambda: isinstance(ana.screen, TrainRoundOverScreen) and isinstance(ben.screen, TrainRoundOverScreen),
            )
            over = a.over
            for app, screen in ((ana, a), (ben, b)):
                about = app.screen.about
                assert [(points, total) for _, _, points, total in about.hands] == list(
                    zip(over.points, over.scores, strict=True)
                )
                # The round is over: the result lays every hand open.
                assert [tiles for _, tiles, _, _ in about.hands] == [" ".join(map(str, h)) or "out" for h in over.hands]
                assert about.hands[screen.mine][0] == "You" and over.hands[screen.mine] == screen.observation.hand
            assert ana.screen.about.buttons[0] == ("again", "Restart")  # the creator restarts from there
            assert "again" not in {choice for choice, _ in ben.screen.about.buttons}  # the others wait
            await pb.press("s")  # the score sheet over the match's rounds
            await until([pb], lambda: isinstance(ben.screen, TrainScoreSheetScreen))
            sheet = ben.screen.about
            assert sheet.rounds == ((1, MEXICAN_TRAIN.max_pip, over.points),) and sheet.totals == over.scores
            await pb.press("escape")
            await until([pb], lambda: isinstance(ben.screen, TrainRoundOverScreen))
            assert news == ["reconnecting", "connected"]  # the drop during the match
            await until([pc], lambda: c.over == over)
            # After the end: the server sends the result once more; then a table on the same seat and connection,
            # entered after the match (it never saw it played).
            results = []
            b.deal_over = lambda heard, was=b.deal_over: results.append(heard) or was(heard)  # type: ignore[method-assign]
            b.client.drop()
            await until([pb], lambda: results == [over])
            b.workers.cancel_group(b, "net")
            again = TrainTable(b.connect_to, b.client)
            await ben.push_screen(again)
            await until([pb], lambda: again.over == over)
            assert not again.recorded
            await until([pa, pb, pc], lambda: not (ana.coach.outbox or ben.coach.outbox or cy.coach.outbox))
            assert cy.coach.records.games()[0] == []
            assert ana.coach.records.games()[0] == []
            [record] = Records().games()[0]
            totals = over.scores
            assert record.seats == ("You", *["random"] * 6, PEOPLE) and record.opponent == PEOPLE
            assert record.places == places_of([*totals[1:], totals[0]], lowest_wins=True)
            assert (record.points_for, record.points_against) == (totals[1], sum(totals) - totals[1])
            [rating] = ratings([record])
            assert (rating.variant, rating.opponent, rating.games) == (VARIANT, PEOPLE, 1) and rating.sigma < 25 / 3
            ben.coach.open_stats()
            await until([pb], lambda: isinstance(ben.screen, StatsScreen) and ben.screen.has_class("-ready"))
            stats = ben.screen
            row = stats.query_one("#stats-table").get_row_at(0)
            assert row[:3] == [VARIANT, PEOPLE, "1"] and row[HEADERS.index("rating")] == rating.shown
            assert stats.query_one("#stats-games").get_row_at(0)[4] == result_shown(record)


async def test_a_table_plays_beside_a_program_in_a_room_for_four(server: Running) -> None:
    """Four seats: a person at the app, another by the client library (a program), two bots."""
    url = f"127.0.0.1:{server.port}"
    seats = [None, None, "random", "greedy"]
    ana = online_app(Connect.create(url, "Ana", VARIANT, "random", seats=seats, games=1, between=30))
    async with ana.run_test(size=SIZE) as pa:
        await until([pa], lambda: train_table(ana) is not None and train_table(ana).welcome is not None)
        a = train_table(ana)
        assert a is not None and a.welcome is not None
        ben = server.client()
        await ben.join(a.welcome.room, "Ben")
        await pa.press("s")
        playing = asyncio.create_task(play_seat(ben, "random", until_over=False))
        try:
            await until([pa], lambda: a.my_turn)
            assert_every_train_end_visible(a)
            await play_turn(pa, a)
            await until([pa], lambda: a.my_turn or a.status != "playing")
            assert_every_train_end_visible(a)
        finally:
            playing.cancel()


async def new_game_form(pilot) -> LineTable:
    """The game at this keyboard's table once it is there, and the new-game form over it (as the command palette's
    New game opens it); the table."""
    app = pilot.app
    await until([pilot], lambda: isinstance(app.screen, LineTable) and app.screen.observation is not None)
    table = app.screen
    app.action_new_game()
    await until([pilot], lambda: isinstance(app.screen, NewGameScreen))
    return table


async def online_form_mounted(pilot) -> OnlineScreen:
    """Ctrl+O on the new-game form, and the Play online form once it has mounted: in front as soon as it is pushed,
    its fields set and its buttons pressed before then raced its mounting (NoMatches '#online-variant')."""
    await pilot.press("ctrl+o")
    await until([pilot], lambda: isinstance(pilot.app.screen, OnlineScreen))
    form = pilot.app.screen
    await asyncio.wait_for(form._mounted_event.wait(), 20)  # set once its on_mount has run
    return form


async def test_play_online_creates_a_mexican_train_room_and_leaves_it(server: Running) -> None:
    """n, then Play online: Mexican Train asks for players and rounds; a wrong count says so; the room is made
    with the form's choices and its table is the train table; q leaves it for the local table."""
    app = DominoApp(variant="classic", seed=1, opponents=("hyperskill",), coach=COACH)
    async with app.run_test(size=SIZE) as pilot:
        local = await new_game_form(pilot)
        form = await online_form_mounted(pilot)
        form.query_one("#server", Input).value = f"127.0.0.1:{server.port}"
        form.query_one("#name", Input).value = "Ana"
        form.query_one("#online-variant", Select).value = VARIANT
        await pilot.pause()
        assert form.query_one("#online-players", Input).display
        form.query_one("#online-players", Input).value = "9"
        form.query_one("#online-target", Input).value = "2"
        form.query_one("#server", Input).focus()
        await pilot.press("enter")
        assert isinstance(app.screen, OnlineScreen)  # nine players: the form says so and stays
        assert "2 to 8" in str(form.query_one("#online-error", Static).render())
        form.query_one("#online-players", Input).value = "6"
        await pilot.press("enter")
        await until([pilot], lambda: train_table(app) is not None)
        screen = train_table(app)
        assert screen is not None and screen.info is not None
        assert (screen.info.options["players"], screen.info.options["games"]) == (6, 2)
        assert len(screen.info.seats) == 6 and screen.creator
        await pilot.press("q")
        # Back at the game of this keyboard: its line table and room, as they were.
        await until([pilot], lambda: app.screen is local)
        assert local.local and app.game is not None and app.game.room.room.options.variant == "classic"


async def test_the_watch_button_opens_a_train_room_read_only(server: Running) -> None:
    """Cy watches a Mexican Train room from the Play online form's Watch button: the train table with every hand
    face down and its size beside its train, the trains as the server has them, no tile of any hand on the screen;
    a move key only says that Cy is watching, and nothing is sent."""
    ana = server.client()
    room = (await ana.create("Ana", VARIANT, seats=[None, "random", "greedy"], games=1, between=30)).room
    app = DominoApp(variant="classic", seed=1, opponents=("hyperskill",), coach=COACH)
    async with app.run_test(size=SIZE) as pilot:
        await new_game_form(pilot)
        form = await online_form_mounted(pilot)
        form.query_one("#server", Input).value = f"127.0.0.1:{server.port}"
        form.query_one("#name", Input).value = "Cy"
        form.query_one("#room", Input).value = room
        form.query_one("#watch").press()
        await until([pilot], lambda: train_table(app) is not None and train_table(app).info is not None)
        c = train_table(app)
        assert c is not None and c.watching and c.welcome is not None and c.welcome.seat is None
        await ana.start()
        # Ana (a program here) never moves: the bots play up to her turn and the table stands still there.
        room_now = server.room
        await until([pilot], lambda: room_now().match is not None and room_now().match.turn == 0)
        await until([pilot], lambda: c.spectator_view is not None and c.spectator_view.position == room_now().position)
        state = room_now().match.match.round
        obs = c.observation
        assert obs is not None and not obs.legal and obs.hand == ()
        assert obs.hand_sizes == tuple(len(state.hand(s)) for s in range(3))
        assert [v.tiles for v in obs.trains] == [tuple(state.train(x)) for x in range(4)]
        assert not c.query_one(HandView).display and c.names[0] == "Ana"
        assert c.names[1].endswith(" (random)") and c.names[2].endswith(" (greedy)")  # bots named with their level
        sent: list[tuple[object, ...]] = []
        c.send = lambda *args: sent.append(args)  # type: ignore[method-assign]
        for key in ("1", "enter", "d", "p", "m", "n"):
            await pilot.press(key)
            assert c.message_is_error and "watching" in c.message
        assert sent == []
        await pilot.press("q")


async def test_moves_heard_before_the_seats_are_named_are_logged_with_the_names() -> None:
    """A deal's first view may come before the room's news of who took the seats: the log waits for the names
    rather than write the moves with "Seat 4"."""
    rules = MEXICAN_TRAIN.with_players(4)
    match = TrainMatch(rules, random.Random(7))
    while len({ev.seat for ev in match.round.history}) < 3:
        match.round.apply(match.round.legal_moves()[0])
    obs = observe_match(match, 0)
    client = RoomClient("ws://127.0.0.1:9")
    table = TrainTable(Connect.join("127.0.0.1:9/ABCD-EFGH", "Cy"), client)

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(table)

    names = ("Ana", "Ben", "Cleo", "Dee")
    seats = tuple(SeatInfo(name, "bot", "random", True, False) for name in names)
    info = RoomInfo("ABCDEFGH", "playing", {"variant": VARIANT, "players": 4, "games": 1}, 0, seats, 1, 1, (0,) * 4)
    async with Host().run_test(size=(140, 40)) as pilot:  # wide: the log is on the screen
        table.post_message(table.Heard(TrainSeatView(1, 1, len(obs.history), obs)))
        await pilot.pause()
        log = table.query_one(RichLog)
        assert len(log.lines) == 1  # the deal's title only: the moves wait
        table.post_message(table.Heard(info))
        await pilot.pause()
        shown = [strip.text.rstrip() for strip in log.lines][1:]
        assert shown == [describe(ev, obs.rules, names) for ev in obs.history]
        await client.close()
