"""`domino-tui join --seat N` (from 1) with real processes (people_processes.py): friends who pick partner seats
that way sit as partners and play a hand to its end; a seat taken, or not at the table, is refused in words that
count seats as people do; a number no table has is refused by the command line. Never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from domino_tui.engine import Kind, get_rules
from domino_tui.net.room import Status

from .people_processes import App, People, needs_tmux, running_people, until

pytestmark = [needs_tmux, pytest.mark.slow]


def words(app: App) -> str:
    """The screen's words, its line breaks taken out (a message wraps where the terminal ends)."""
    return " ".join(app.screen().split())


async def test_a_taken_seat_and_one_not_at_the_table_are_refused_in_words(tmp_path: Path) -> None:
    async with running_people(tmp_path) as people:
        assert people.creator is not None
        room = await people.creator.create("partnership")
        address = people.server.address(room)
        taken = people.app("dan", "dan", address, "--name", "Dan", "--seat", "1")
        beyond = people.app("eve", "eve", address, "--name", "Eve", "--seat", "6")
        unheard = people.app("fay", "fay", address, "--name", "Fay", "--seat", "9")
        told = "Seat 1 is taken (Cleo): the open seats are 2, 3, 4. q leaves."
        await taken.until(lambda: told in words(taken), "Dan told")
        await beyond.until(lambda: "There is no seat 6: the seats are 1 to 4. q leaves." in words(beyond), "Eve told")
        await unheard.until(unheard.gone, "the command line to refuse seat 9")
        # Gus sits after Dan is told which seats are open (sat before, he would take one of them from the list).
        fine = people.app("gus", "gus", address, "--name", "Gus", "--seat", "3")
        assert "--seat is a seat's number, 1 to 8" in words(unheard)
        await until(lambda: [s[0] for s in people.creator.seats()] == ["Cleo", "", "Gus", ""], "Gus at seat 3")
        for app in (taken, beyond, unheard, fine):
            assert "Traceback" not in app.screen()


async def test_two_friends_pick_partner_seats_with_join_and_play_a_hand_as_partners(tmp_path: Path) -> None:
    async with running_people(tmp_path) as people:
        creator, server = people.creator, people.server
        assert creator is not None
        # The creator sits at seat 2; a friend's turn is played by a bot after a second if no key made it first.
        room = await creator.create("partnership", seat=1, clock=1.0, target=1)
        address = server.address(room)
        ann = people.app("ann", "ann", address, "--name", "Ann", "--seat", "1")
        bob = people.app("bob", "bob", address, "--name", "Bob", "--seat", "3")
        await until(
            lambda: (
                [s[:2] for s in creator.seats()]
                == [("Ann", "person"), ("Cleo", "person"), ("Bob", "person"), ("", "open")]
            ),
            "Ann and Bob at seats 1 and 3",
        )
        rules = get_rules("partnership")
        assert rules.team_of(0) == rules.team_of(2) != rules.team_of(1)
        # Each friend's lobby says who plays with whom.
        await ann.shows("Teams: You & Bob vs Cleo & Seat 4")
        await bob.shows("Teams: You & Ann vs Cleo & Seat 4")
        await creator.client.start()

        # The friends play by keys: the tile's number (the hand as the room deals it), where it fits one way only.
        apps = {0: ann, 2: bob}
        pressed: set[int] = set()

        def over_or_pressed() -> bool:
            live = server.room(room)
            if live.status in (Status.BETWEEN, Status.OVER):
                return True
            seat = live.to_act()
            if seat not in apps or live.position in pressed or live.match is None:
                return False
            seen = live.match.observe(seat)
            plays = [m for m in seen.legal if m.kind is Kind.PLAY]
            once = [m for m in plays if sum(o.tile == m.tile for o in plays) == 1]
            if once and once[0].tile in seen.hand and seen.hand.index(once[0].tile) < 9:
                pressed.add(live.position)
                apps[seat].keys(str(seen.hand.index(once[0].tile) + 1))
            elif not plays and seen.legal:
                pressed.add(live.position)
                apps[seat].keys("p")
            return False

        await until(over_or_pressed, "the hand played to its end", timeout=35)
        live = server.room(room)
        assert live.status in (Status.BETWEEN, Status.OVER)
        by = [e.get("by") for e in server.log_entries(room) if e.get("e") == "move"]
        assert by.count("person") > creator_moves(people), "no friend's key made a move"
        for app in (ann, bob):
            assert "Traceback" not in app.screen()


def creator_moves(people: People) -> int:
    assert people.creator is not None
    return people.creator.moves
