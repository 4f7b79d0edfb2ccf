"""Statistics of your record (the same rows as ``domino-tui stats``), your ratings on the room servers where you
keep an account's session, and every recorded game: Enter replays it.

The record is read in a worker thread: a database another app holds may keep a read waiting for seconds; the
servers are asked in another, each given a few seconds, so a server that is down delays only its own line."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...records import GameRecord, Records
from ...records.stats import HEADERS, cells, chance_lost, notes, progress, result_shown, streaks, table
from ..kept_accounts import KeptAccount
from ..widgets.key_footer import KeyFooter

ASK_WAIT = 5.0  # seconds a server has to answer for its ratings


class StatsScreen(Screen[None]):
    DEFAULT_CSS = """
    StatsScreen { layout: vertical; }
    StatsScreen .stats-title { height: 1; padding: 0 1; text-style: bold; color: $accent; }
    StatsScreen #stats-table { height: auto; max-height: 12; }
    StatsScreen #stats-more { height: auto; padding: 0 1; }
    StatsScreen #stats-online { height: auto; padding: 0 1; }
    StatsScreen #stats-games { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close"),
        Binding("enter", "replay", "Replay the game"),
    ]

    def __init__(self, records: Records, accounts: Sequence[KeptAccount] = ()) -> None:
        super().__init__()
        self.records = records
        self.accounts = tuple(accounts)  # the accounts whose sessions this app keeps (kept_accounts.py)
        self.games: list[GameRecord] = []

    def compose(self) -> ComposeResult:
        yield Static("Your record: per variant and opponent", classes="stats-title")
        yield DataTable(id="stats-table", cursor_type="none", zebra_stripes=True)
        yield Static(id="stats-more")
        if self.accounts:
            yield Static("Your ratings online (mu - 3 sigma, matches rated)", classes="stats-title")
            yield Static(id="stats-online")
        yield Static("Recorded games (newest first) · Enter replays one", classes="stats-title")
        yield DataTable(id="stats-games", cursor_type="row", zebra_stripes=True)
        yield KeyFooter(compact=True)

    class Read(Message):
        """The record, read in the worker."""

        def __init__(self, games: list[GameRecord], problem: str | None) -> None:
            self.games = games
            self.problem = problem
            super().__init__()

    class Online(Message):
        """Your ratings, a line per account, as its server answered."""

        def __init__(self, lines: list[str]) -> None:
            self.lines = lines
            super().__init__()

    def on_mount(self) -> None:
        self.query_one("#stats-more", Static).update("Reading your record…")
        self.read()
        if self.accounts:
            self.query_one("#stats-online", Static).update("Asking the servers…")
            self.ask_servers()

    @work(thread=True, exclusive=True, group="online")
    def ask_servers(self) -> None:
        self.post_message(self.Online([rating_line(account) for account in self.accounts]))

    def on_stats_screen_online(self, message: Online) -> None:
        self.query_one("#stats-online", Static).update(Text("\n".join(message.lines)))

    @work(thread=True, exclusive=True)
    def read(self) -> None:
        games, problem = self.records.games()
        self.post_message(self.Read(games, problem))

    def on_stats_screen_read(self, message: Read) -> None:
        games, problem = message.games, message.problem
        if problem:
            self.notify(problem, title="Record of games", severity="warning", timeout=8)
        self.games = games
        summary = self.query_one("#stats-table", DataTable)
        summary.add_columns(*HEADERS)
        summary.add_rows(cells(row) for row in table(games))
        more = self.query_one("#stats-more", Static)
        if not games:
            more.update("No games recorded yet: finish a game at the table and it appears here.")
        else:
            s = streaks(games)
            lines = [notes(games), f"Streak: {s.current or 'none'} · longest run of wins: {s.longest_won}"]
            steps = progress(games)
            if steps:
                lines.append("Review, chance given away per decision (lower is better): ")
                lines[-1] += " · ".join(f"{p.day[5:]} {p.variant} {chance_lost(p.average_loss)}" for p in steps[-4:])
            more.update("\n".join(lines))
        listing = self.query_one("#stats-games", DataTable)
        listing.add_columns("date", "variant", "seats", "game", "result", "points", "hints", "undos", "loss")
        for g in reversed(games):
            loss = "-" if g.review_loss is None else chance_lost(g.review_loss)
            listing.add_row(
                g.played_at[:16].replace("T", " "),
                g.variant,
                ", ".join(g.seats[1:]),
                str(g.game_no),
                result_shown(g),
                f"{g.points_for}-{g.points_against}",
                str(g.hints),
                str(g.undos) + (" ↶" if g.undos else ""),
                loss,
                key=str(g.id),
            )
        listing.focus()
        self.add_class("-ready")  # the record is on screen (what waits for it looks for this)

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        listing = self.query_one("#stats-games", DataTable)
        if not self.games or listing.cursor_row < 0:
            return
        key = listing.coordinate_to_cell_key(Coordinate(listing.cursor_row, 0)).row_key.value
        record = next((g for g in self.games if str(g.id) == key), None)
        if record is not None:
            self.app.push_screen(ReplayScreen(record))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "stats-games":
            self.action_replay()


def rating_line(account: KeptAccount) -> str:
    """One account's ratings in every variant it has rated matches of, as its server tells them, or why not."""
    from ...net.client import NetError, ratings_of
    from ...net.visible import visible

    where = visible(account.server.removeprefix("ws://").removeprefix("wss://"))
    name = visible(account.name)  # a file of this computer's, but shown as a server's words are
    try:
        rows = asyncio.run(ratings_of(account.server, account.name, ASK_WAIT))
    except NetError as exc:
        why = "the server cannot be reached just now" if exc.code == "unreachable" else exc.message
        return f"{name} at {where}: {why}"
    if not rows:
        return f"{name} at {where}: no rated match yet"
    shown = " · ".join(f"{row.variant} {row.rating:.1f} ({row.games})" for row in rows)
    return f"{name} at {where}: {shown}"
