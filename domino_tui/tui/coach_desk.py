"""The app's side of the coach: the bot it thinks with, the record of games, and the review of the last hand.

When a game ends, a worker thread writes it to the record (never the interface's thread: a database held by
another app may keep a write waiting for seconds) and then reviews it while the end-of-hand summary shows; the
review screen shows its progress until it is ready, and the review's average loss then joins the game's row of
the record. A game the worker has not yet written when the app closes is kept on disk for the next start.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING

from textual.message import Message

# The expert, the coach and the record of games (sqlite3) are imported where they are first used: the first
# frame needs none of them (tests/tui/test_startup_imports.py).
if TYPE_CHECKING:
    from textual.app import App

    from ..ai.expert import ExpertBot
    from ..coach.hint import Names, Rated, Units
    from ..coach.review import Decision, Review
    from ..engine import Event, Move, Observation, TrainObservation
    from ..records import GameRecord, Records


HINTS_KEPT = 256


def observation_key(obs: Observation | TrainObservation) -> str:
    """The same text for the same observation, however it came (the table's copy, or the one the hint was asked on)."""
    import json

    from ..engine import TrainObservation, observation_to_json, train_observation_to_json

    data = train_observation_to_json(obs) if isinstance(obs, TrainObservation) else observation_to_json(obs)
    return json.dumps(data, sort_keys=True)


class RecordNote(Message):
    """What the record of games has to say after a write (from the worker thread to the app)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()


@dataclass
class ReviewJob:
    """One hand's review as it is computed (the worker writes, the screen reads)."""

    index: int  # the game's number in the match, from 0
    # The review from what a seat saw (its choices, the units, the names): a table in a room has no deal.
    seen: tuple[int, Units, Sequence[tuple[int, Observation, Move]], Names]
    record: GameRecord | None = None  # the game's row in your record, which the review joins (None: not kept)
    done: int = 0
    total: int | None = None  # None until the decisions are counted
    result: Review | None = None
    problem: str | None = None
    notes: list[str] = field(default_factory=list)
    # The decisions rated so far, by their place in the hand (the screen shows them as they come).
    rated: dict[int, Decision] = field(default_factory=dict)
    finished: threading.Event = field(default_factory=threading.Event)  # set once the worker is done, either way


class CoachDesk:
    def __init__(self, app: App, options: dict[str, object] | None = None) -> None:
        self.app = app
        self.options = options
        self._records: Records | None = None
        self.outbox: dict[str, GameRecord] = {}  # finished games a worker has yet to write, by uid
        self.job: ReviewJob | None = None
        # Held while a game's row is written: the row of a game a table kept and the same row with the review of
        # its hand are written by two workers, and the one without the review must not come last.
        self.writing = threading.Lock()
        # The hints' rankings, by the observation they were asked on: the review of the hand takes them as they
        # are instead of searching those decisions again.
        self.hints: dict[str, tuple[Rated, ...]] = {}
        self.warmed = False

    @property
    def records(self) -> Records:
        if self._records is None:
            from ..records import Records

            self._records = Records()  # the config directory is read when first needed, as the settings do
        return self._records

    def bot(self, rng: random.Random) -> ExpertBot:
        from ..ai.expert import ExpertBot
        from ..coach.hint import master

        return master(rng) if self.options is None else ExpertBot(rng, **self.options)  # type: ignore[arg-type]  # the options are ExpertBot's keyword arguments

    def thinks_in_processes(self) -> bool:
        """Whether reviews spread their decisions over processes: where there are cores for them, for the coach's
        own bot (a coach of other options is the tests': a quick one, or one made slow to test the table's answers
        while it thinks, whose processes would outlive the test)."""
        from ..coach.review import free_cores

        return free_cores() > 1 and self.options is None

    def warm_up(self) -> None:
        """A hand with your choices is being played: start the review's processes now, so that its review does
        not wait for them."""
        if self.warmed:
            return
        self.warmed = True
        if self.thinks_in_processes():
            from ..coach.review import free_cores, warm_pool

            # A head start only: processes that cannot start now leave the review to start them or say why it
            # could not be made, and the game goes on (a worker's error stops the app by default).
            self.app.run_worker(
                partial(warm_pool, free_cores()), thread=True, group="review", name="warm", exit_on_error=False
            )

    def remember_hint(self, obs: Observation | TrainObservation, ranking: Sequence[Rated]) -> None:
        """The hint ranked ``obs``'s moves: the review may take that ranking."""
        if len(self.hints) >= HINTS_KEPT:
            self.hints.clear()  # those of hands long over; the hand being played asks few
        self.hints[observation_key(obs)] = tuple(ranking)

    def hinted(self, obs: Observation | TrainObservation) -> tuple[Rated, ...] | None:
        return self.hints.get(observation_key(obs))

    # ----- a game ends -----

    def keep_record(self, record: GameRecord) -> None:
        """Write a game a table saw to the record, in a worker thread (the review, if any, comes from what the seat
        saw: `review_seen`)."""
        self.outbox[record.uid] = record
        self.app.run_worker(partial(self._write, record), thread=True, group="review", name="record")

    def _write(self, record: GameRecord) -> None:
        with self.writing:
            if record.uid not in self.outbox:
                return  # written already, whole with its review (see `_review`)
            problem = self.records.add(record)
            self.outbox.pop(record.uid, None)
        if problem:
            self.app.post_message(RecordNote(problem))

    def keep_unwritten(self) -> None:
        """The app closes: games no worker has written yet wait on disk for the next start."""
        for record in list(self.outbox.values()):
            with suppress(OSError):
                self.records.keep_for_later(record)
        if self.warmed:
            from ..coach.review import stop_pool

            stop_pool()

    def review_seen(
        self,
        seat: int,
        index: int,
        seen: Sequence[Observation],
        history: Sequence[Event],
        names: Names,
        seed: str,
        record: GameRecord | None = None,
    ) -> None:
        """Review your decisions in the hand just over from the observations you were sent (a table in a room:
        the deal stays with the room), in a worker thread; ``index``: the game's number in the match, from 0.
        The review's average loss joins ``record``, the game's row in your record (written meanwhile by
        `keep_record`: the row is written whole again, and the record keeps whichever review it has; the row
        without it is written first, or not at all)."""
        from ..coach.hint import units_of
        from ..coach.review import seen_choices

        if not seen:
            return
        todo = seen_choices(seen, history)
        job = self.job = ReviewJob(index, (seat, units_of(seen[-1]), todo, names), record)
        self.app.run_worker(partial(self._review, job, seed), thread=True, group="review", name="review")

    def _review(self, job: ReviewJob, seed: str) -> None:
        try:
            self._rate(job, seed)
        finally:
            job.finished.set()

    def _rate(self, job: ReviewJob, seed: str) -> None:
        from ..coach.review import REVIEW_SECONDS, free_cores, rate_choices

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        def rated(index: int, decision: Decision) -> None:
            job.rated[index] = decision

        seat, units, todo, names = job.seen
        job.total = len(todo)
        jobs = free_cores() if self.thinks_in_processes() else 1
        bot = self.bot(random.Random(seed))
        try:
            job.result = rate_choices(
                seat,
                units,
                todo,
                bot,
                names,
                progress,
                settle=True,
                jobs=jobs,
                known=self.hinted,
                rated=rated,
                within=REVIEW_SECONDS,
            )
        except Exception as exc:  # a review is a bonus: it must never take the game down
            job.problem = f"The review could not be made: {exc}"
            return
        if job.record is not None:
            reviewed = replace(
                job.record, review_loss=job.result.average_loss, review_decisions=len(job.result.decisions)
            )
            with self.writing:
                self.outbox.pop(reviewed.uid, None)  # written here whole: the row without it need not be
                job.problem = self.records.add(reviewed)

    # ----- screens -----

    def open_review(self, after: Callable[[], object] | None = None) -> None:
        from .screens.review import ReviewScreen

        if self.job is None:
            self.app.notify("No hand to review yet: finish one first.", title="Review")
            return

        def reviewed(_: None) -> None:
            if after is not None:
                after()

        self.app.push_screen(ReviewScreen(self.job), reviewed)

    def open_stats(self) -> None:
        from .screens.stats import StatsScreen

        kept = getattr(self.app, "kept_accounts", None)
        self.app.push_screen(StatsScreen(self.records, kept.accounts if kept is not None else ()))
