"""A room server's address no server can be at, handed to each of the client's functions: the ones that read an
address as people write it refuse it with a ValueError in words, the ones that connect with a NetError of code
``address`` in words, and none lets the network library's own exception (or a traceback) through."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from domino_tui.net.client import (
    NetError,
    RoomClient,
    leaderboard,
    lobby,
    log_out,
    quick_match,
    ratings_of,
    room_address,
    seat_held,
    server_url,
    sign_in,
)

NO_SERVER = {
    "a port past 65535": "h:99999",
    "a port of 0": "h:0",
    "two ports": "h:1:2",
    "brackets around no IPv6 address": "[zz]:1",
    "a fragment after the port": "h:1#",
    "a user before the host": "u@h:1",
    "an empty label": "a..b:1",
    "digits of another script in the port": "h:\u0663\u0663",
    "a right-to-left mark in the host": "\u202eh:1",
    "an escape in the host": "\x1b[31mh",
    "a host thousands of characters long": "a" * 5000,
}
SERVERS = ["127.0.0.1", "127.0.0.1:8765", "ws://127.0.0.1:9/", "[::1]", "[::1]:1", "localhost:1", "bücher.example"]


def words(said: str) -> None:
    """A refusal people can read: it says the address is none, and it is short even for a pasted one."""
    assert "not a room server's address" in said or "not a room's address" in said
    assert len(said) < 300 and "\x1b" not in said and "\u202e" not in said


@pytest.mark.parametrize("case", list(NO_SERVER))
def test_a_server_s_address_as_people_write_it_is_refused_in_words(case: str) -> None:
    with pytest.raises(ValueError) as refused:
        server_url(NO_SERVER[case])
    words(str(refused.value))


@pytest.mark.parametrize("text", ["h:1#", " h:1? ", "h:"])
def test_a_refused_address_is_quoted_as_it_was_written_not_as_it_was_read(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        server_url(text)
    assert str(refused.value).startswith(f"{text.strip()!r} is not a room server's address")


@pytest.mark.parametrize("case", list(NO_SERVER))
def test_a_room_s_address_as_people_write_it_is_refused_in_words(case: str) -> None:
    with pytest.raises(ValueError) as refused:
        room_address(f"{NO_SERVER[case]}/K7QM3XPA")
    words(str(refused.value))


@pytest.mark.parametrize("text", ["", "/", "h:1/", "/K7QM3XPA", "h/a/b"])
def test_what_is_no_room_s_address_at_all_is_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        room_address(text)
    words(str(refused.value))


@pytest.mark.parametrize("text", SERVERS)
def test_a_server_s_address_is_read_with_the_default_port_when_none_is_given(text: str) -> None:
    url = server_url(text)
    assert url.startswith("ws://") and url.rpartition(":")[2].isdigit()
    assert room_address(f"{text.rstrip('/')}/K7QM3XPA") == (url, "K7QM3XPA")


ASKED: dict[str, Callable[[str], Awaitable[object]]] = {
    "seat_held": lambda url: seat_held(url, "K7QM3XPA", "t", wait=1),
    "sign_in": lambda url: sign_in(url, "login", "Ann", "secret", wait=1),
    "log_out": lambda url: log_out(url, "s", wait=1),
    "leaderboard": lambda url: leaderboard(url, "classic", wait=1),
    "ratings_of": lambda url: ratings_of(url, "Ann", wait=1),
    "lobby": lambda url: lobby(url, wait=1),
    "quick_match": lambda url: quick_match(url, "classic", "Ann"),
}


async def entered(url: str) -> object:
    client = RoomClient(url, retry=(0.01, 0.01))
    try:
        return await client.join("K7QM3XPA", "Ann")
    finally:
        await client.close()


@pytest.mark.parametrize("case", list(NO_SERVER))
@pytest.mark.parametrize("asked", [*ASKED, "RoomClient"])
async def test_each_call_to_a_server_no_server_can_be_at_is_refused_in_words(asked: str, case: str) -> None:
    call = entered if asked == "RoomClient" else ASKED[asked]
    with pytest.raises(NetError) as refused:
        await call(f"ws://{NO_SERVER[case]}")
    assert refused.value.code == "address"
    words(refused.value.message)
