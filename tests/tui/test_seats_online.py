"""A seat online is yours until its match ends, whatever happens to the program: the app keeps each seat's token on
this computer, and `domino-tui join` (the app started with a room to join) takes the seat back, with its hand as the
room has it; `q` says first what leaving means and how to come back; a person on another computer (no token) is
refused with words saying how to get in; a room that closes is forgotten. Against a real server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json

from domino_tui.tui.app import DominoApp
from domino_tui.tui.kept_seats import KeptSeats, path
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.confirm import ConfirmScreen
from tests.net.conftest import Running

from .conftest import COACH, until
from .conftest import table_of as the_table


async def test_a_seat_left_with_q_is_taken_back_by_joining_again(server: Running, private_config) -> None:
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", "classic", "dummy"), coach=COACH)
    async with ana.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: the_table(ana) is not None and the_table(ana).welcome is not None)
        table = the_table(ana)
        room = table.welcome.room
        await pilot.press("s")
        await until(pilot, lambda: table.status == "playing" and table.observation is not None)
        hand = table.observation.hand
        # The token is on disk from the moment the seat was given, the owner's alone, and in no other file.
        kept = json.loads(path().read_text())["seats"]
        assert [(s["room"], s["name"], s["seat"]) for s in kept] == [(room, "Ana", 0)]
        token = kept[0]["token"]
        assert all(
            token not in p.read_text(errors="replace") for p in private_config.rglob("*") if p != path() and p.is_file()
        )
        await pilot.press("q")
        await until(pilot, lambda: isinstance(ana.screen, ConfirmScreen))
        assert f"join {url}/{room}" in ana.screen.question and "stays yours" in ana.screen.question
        await pilot.press("y")
    # A bot plays for Ana while she is away; the seat is still hers.
    live = server.server.rooms[room.replace("-", "")].room
    assert live.seats[0].kind.value == "person" and live.seats[0].name == "Ana"

    again = DominoApp(online=Connect.join(f"{url}/{room}", "Ana"), coach=COACH)
    async with again.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: the_table(again) is not None and the_table(again).observation is not None)
        table = the_table(again)
        assert table.welcome.seat == 0 and table.welcome.creator
        truth = live.match.observe(0)
        await until(pilot, lambda: table.observation is not None and table.observation.hand == truth.hand)
        assert set(table.observation.hand) <= set(hand)  # her own hand, as the room has it now

    # From another computer (no token), the same name is refused with words saying how to get in.
    (private_config / "seats.json").unlink()
    stranger = DominoApp(online=Connect.join(f"{url}/{room}", "Cleo"), coach=COACH)
    async with stranger.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: the_table(stranger) is not None and the_table(stranger).refused is not None)
        said = the_table(stranger).message
        assert "creator" in said and "watch" in said


async def test_a_room_that_closes_is_forgotten(server: Running, private_config) -> None:
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", "classic", "dummy"), coach=COACH)
    async with ana.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: the_table(ana) is not None and the_table(ana).welcome is not None)
        table = the_table(ana)
        seats = KeptSeats()
        seats.load()
        assert seats.latest() is not None and seats.latest().room == table.welcome.room
        await pilot.press("x")  # the creator closes the room
        await until(pilot, lambda: isinstance(ana.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: table.connection == "closed")
        seats = KeptSeats()
        seats.load()
        assert seats.latest() is None


async def test_the_app_offers_the_seat_it_keeps_and_the_form_remembers(server: Running, private_config) -> None:
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", "classic", "dummy"), coach=COACH)
    async with ana.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: the_table(ana) is not None and the_table(ana).welcome is not None)
        room = the_table(ana).welcome.room
    app = DominoApp(pause=0.0, coach=COACH)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.game is not None)
        said = [n.message for n in app._notifications]
        assert any(room in m and f"domino-tui join {url}/{room}" in m for m in said), said
        app.play_online()
        await pilot.pause()
        form = app.screen
        assert form.query_one("#server").value == url and form.query_one("#name").value == "Ana"
        assert form.query_one("#room").value == room


async def test_the_creator_lets_back_in_a_person_who_lost_their_token(server: Running, private_config) -> None:
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", "partnership", "dummy"), coach=COACH)
    async with ana.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: the_table(ana) is not None and the_table(ana).welcome is not None)
        room = the_table(ana).welcome.room
        ben = server.client()
        seated = await ben.join(room, "Ben", seat=2)
        await pilot.press("s")
        await until(pilot, lambda: the_table(ana).status == "playing")
        await ben.close()  # Ben's computer is gone, and his token with it
        again = server.client()
        knock = asyncio.ensure_future(again.join(room, "Ben"))
        await until(pilot, lambda: isinstance(ana.screen, ConfirmScreen))
        assert "Ben" in ana.screen.question and "seat 3" in ana.screen.question
        await pilot.press("y")
        welcome = await asyncio.wait_for(knock, 10)
        assert welcome.seat == 2 and welcome.token and welcome.token != seated.token


async def test_two_friends_pick_partner_seats_in_the_lobby_and_play_as_partners(
    server: Running, private_config
) -> None:
    from domino_tui.engine import get_rules

    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", "partnership", "dummy"), coach=COACH)
    async with ana.run_test(size=(120, 36)) as pa:
        await until(pa, lambda: the_table(ana) is not None and the_table(ana).welcome is not None)
        room = the_table(ana).welcome.room
        ben = DominoApp(online=Connect.join(f"{url}/{room}", "Ben"), coach=COACH, save_settings=False)
        async with ben.run_test(size=(120, 36)) as pb:
            await until(pb, lambda: the_table(ben) is not None and the_table(ben).info is not None)
            tb = the_table(ben)
            assert tb.mine == 1  # the first open seat: Ana's opponent
            await pb.click("#seat-left")  # the seat after Ben's, opposite Ana: open
            await until(pb, lambda: tb.mine == 2)
            live = server.server.rooms[room.replace("-", "")].room
            assert [s.name for s in live.seats[:3:2]] == ["Ana", "Ben"]
            await pa.press("s")
            await until(pb, lambda: tb.status == "playing" and tb.observation is not None)
            rules = get_rules("partnership")
            assert rules.team_of(tb.mine) == rules.team_of(the_table(ana).mine)
            assert tb.names[0] == "Ana"  # seen from Ben's seat, Ana is his partner (the seat across)
            assert tb.observation.seat == 2
