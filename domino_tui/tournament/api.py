"""The Python API: run a match or a tournament from code and get the results as data."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Rules, get_rules
from ..engine.variants import TRAIN_VARIANTS
from . import cgroups
from .bundle import for_cluster, pack
from .cluster import run_on_cluster
from .entries import BotSpec, Entry, EntryError, parse_entries, shown_names, spec_text
from .faults import Forfeit
from .free_for_all import TableStanding, TableTally, check_entries, table_rounds, table_standings
from .host import (
    ADDRESS_SPACE_LIMIT,
    CPU_TIME_LIMIT,
    DEFAULT_MOVE_LIMIT,
    FILE_LIMIT,
    BotHost,
    check_move_limit,
    game_budget,
    host_command,
)
from .journal import Journal, JournalError, journal_path, read_journal, tallies, tally_json
from .ranking import MatchResult, Standing, mc102_key, rank, score_key, standings
from .runner import Progress, Tally, chunk_tasks, run_chunks
from .sandbox import INSTALL_HINT, Confinement, bubblewrap, bubblewrap_version, entry_folders
from .schedule import new_seed, pairings
from .secrecy import make_undumpable
from .table_play import run_table_chunks, table_chunks, table_entries, table_rules

# A match longer than this is a typing mistake, not a plan (and would not fit in memory as chunks).
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class Settings:
    variant: str
    bots: tuple[str, ...]
    games: int
    seed: int
    jobs: int
    move_limit: float
    sandboxed: bool = True
    scheduler: str = ""  # the Dask scheduler's address, when the matches ran on a cluster

    def to_json(self) -> dict:
        where = {"scheduler": self.scheduler} if self.scheduler else {}
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "games_per_match": self.games,
            "seed": self.seed,
            "jobs": self.jobs,
            "move_limit_seconds": self.move_limit,
            "sandboxed": self.sandboxed,
            **where,
        }


@dataclass(frozen=True)
class TournamentResult:
    settings: Settings
    entries: tuple[Entry, ...]
    matches: tuple[MatchResult, ...]
    ranking: tuple[Standing, ...]  # best first
    seconds: float
    # How the user bots were confined and which limits were in force; None when every entry was built in.
    sandbox: dict[str, str] | None = None
    # A free-for-all table (free_for_all.py): its standings, best first, and its tally; no matches then.
    table: tuple[TableStanding, ...] = ()
    tally: TableTally | None = None

    @property
    def games(self) -> int:
        if self.tally is not None:
            return self.tally.rounds
        return sum(m.games for m in self.matches)

    @property
    def ranked_by(self) -> str:
        if self.tally is not None:  # a table: the fewest (Mexican Train) or the most (a line game) first
            return "total points" if self.tally.lowest_wins else "most total points"
        return "the MC102 judge" if get_rules(self.settings.variant).lead_rotates else "score"


def confine(entries: list[Entry], sandboxed: bool, private: Sequence[str]) -> Confinement:
    """How this run's hosts are confined: every entry's files, and the run's own ``private`` files (journal,
    results, seed file), are hidden from the other entries' sandboxes. Refuses user bots when no sandbox can be
    made and ``sandboxed`` holds."""
    hidden = {os.path.abspath(p) for p in private if p}
    for spec in _hosted(entries):
        files = host_command(spec).files
        hidden.update(files)
        hidden.update(entry_folders(files))
    if sandboxed and any(e.hosted for e in entries):
        found, why = bubblewrap()
        if not found:
            raise EntryError(f"{why}; {INSTALL_HINT}")
    return Confinement(sandboxed, tuple(sorted(hidden)))


def _hosted(entries: list[Entry]) -> list[BotSpec]:
    return [s for e in entries for s in e.seats if s.hosted]


def resolve_entries(entries: list[Entry], confinement: Confinement, move_limit: float) -> list[Entry]:
    """Load every user bot once, in a host confined as in the run, to check that it loads within a game's
    budget and to learn the name it gives itself; then name every entry for the tables."""
    said: dict[tuple, str] = {}
    for spec in _hosted(entries):
        key = (spec.kind, spec.path, spec.name)  # the two players of a pair module load as one
        if key in said:
            continue
        host = BotHost(host_command(spec), move_limit, confinement, str(spec))
        try:
            said[key] = host.describe()
        except Forfeit as forfeit:
            raise EntryError(f"cannot load {spec}: {forfeit.detail.strip() or forfeit}") from None
        finally:
            host.stop()
    hellos = [[said[(s.kind, s.path, s.name)] for s in e.seats if s.hosted] for e in entries]
    return shown_names(entries, hellos)


def sandbox_statement(entries: list[Entry], confinement: Confinement) -> dict[str, str] | None:
    """What the results say about the confinement of the user bots: the sandbox, and each limit and whether it
    was in force on this machine."""
    if not any(e.hosted for e in entries):
        return None
    if confinement.sandboxed:
        isolation = (
            f"{bubblewrap_version()}: namespaces of its own (PID, mount, IPC, UTS, network, user), a new "
            "session, no capability, a read-only view of the system, the interpreter, domino_tui and its own "
            "files, a private /tmp"
        )
    else:
        isolation = "none (--unsandboxed): user bots ran as programs of the tournament's own user"
    per_process = (
        f"{ADDRESS_SPACE_LIMIT / (1 << 30):g} GiB of address space, {CPU_TIME_LIMIT} s of CPU time and "
        f"{FILE_LIMIT} open files per process"
    )
    return {"isolation": isolation, **cgroups.controllers().statement, "per_process": per_process}


def check_settings(games: int, jobs: int, move_limit: float) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games per match must be between 1 and {MAX_GAMES:,}, not {games:,}")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    check_move_limit(move_limit)


def run_tournament(
    variant: str,
    bots: Sequence[str | type | tuple],
    games: int = 1000,
    seed: int | None = None,
    jobs: int = 1,
    move_limit: float = DEFAULT_MOVE_LIMIT,
    progress: Progress | None = None,
    journal: str | None = None,
    unsandboxed: bool = False,
    private: Sequence[str] = (),
    scheduler: str | None = None,
    players: int | None = None,
) -> TournamentResult:
    """A round robin of ``bots`` in ``variant``, ``games`` per match; with ``players`` more than the variant's two
    (Fives and Threes for 3 or 4), a free-for-all table of that many entries instead, as Mexican Train's. An entry
    is a spec as on the command line (``"greedy"``, ``"greedy+dummy"``, ``"path/to/file.py:MyBot"``,
    ``"path/to/pair.py"``, ``"cmd:./mybot"``), a Bot class (it plays in a process of its own, like a bot from a
    file) or a pair ``(A, B)`` of those.

    The same seed gives the same figures whatever ``jobs`` is; without one, a secret random seed is drawn (it is in
    the result's settings). With ``journal``, each match is appended to that file as soon as it finishes
    (resume_tournament finishes an interrupted run from it). User bots run in a bubblewrap sandbox, which must be
    installed unless ``unsandboxed`` (fit only for bots you wrote yourself); no bot's sandbox shows the journal or
    the ``private`` files (say, the results file and the seed's). Each game gives a user bot
    ``game_budget(move_limit)`` seconds for loading and building its players. With ``scheduler`` (a Dask scheduler's
    address, ``tcp://host:8786``) the matches run on that cluster instead of ``jobs`` local processes (cluster.py),
    with the same results. Raises ValueError (EntryError) for an entry that cannot play and for settings out of
    range.
    """
    make_undumpable()  # before any bot runs: this process's memory will hold the seed
    table = plays_a_table(variant, players)
    if table and players is not None and players != len(bots):
        raise ValueError(f"a table of {players} players needs {players} entries, not {len(bots)}")
    if table:
        return run_table(variant, bots, games, seed, jobs, move_limit, progress, unsandboxed, private, scheduler)
    rules = get_rules(variant)
    check_settings(games, jobs, move_limit)
    entries = parse_entries(list(bots), rules)
    confinement = confine(entries, not unsandboxed, [journal or "", *private])
    entries = resolve_entries(entries, confinement, move_limit)
    settings = Settings(
        rules.name,
        tuple(spec_text(b) for b in bots),
        games,
        new_seed() if seed is None else seed,
        jobs,
        move_limit,
        not unsandboxed,
        scheduler or "",
    )
    log = Journal.create(journal, settings.to_json(), settings.seed) if journal else None
    return _play(rules, entries, settings, {}, progress, log, confinement)


def plays_a_table(variant: str, players: int | None) -> bool:
    """Whether ``variant`` for ``players`` (None: the variant's own number) is played as a free-for-all table
    rather than matches: Mexican Train always, a line game for a number of players other than its own."""
    return variant in TRAIN_VARIANTS or (players is not None and players != get_rules(variant).players)


def run_table(
    variant: str,
    bots: Sequence[str | type | tuple],
    rounds: int = 1000,
    seed: int | None = None,
    jobs: int = 1,
    move_limit: float = DEFAULT_MOVE_LIMIT,
    progress: Progress | None = None,
    unsandboxed: bool = False,
    private: Sequence[str] = (),
    scheduler: str | None = None,
) -> TournamentResult:
    """A free-for-all table of ``variant`` (free_for_all.py): every entry of ``bots`` (2 to 8 in Mexican Train; in a
    line game, a number of players it seats each for himself) at one table for ``rounds`` rounds (hands, in a line
    game; rounded up to a multiple of the entries), seats rotated, ranked by total points (the fewest in Mexican
    Train, the most in a line game). Entries, seeds, sandboxing and limits are as in `run_tournament`; a table keeps
    no journal and runs on local processes only. Raises ValueError (EntryError) as `run_tournament` does."""
    make_undumpable()
    if scheduler:
        raise ValueError(f"a {variant} table runs on this machine's processes, not on a cluster")
    check_entries(len(bots))
    check_settings(rounds, jobs, move_limit)
    rules = table_rules(variant, len(bots))
    entries = table_entries(list(bots), rules)
    confinement = confine(entries, not unsandboxed, list(private))
    entries = resolve_entries(entries, confinement, move_limit)
    settings = Settings(
        rules.name,
        tuple(spec_text(b) for b in bots),
        table_rounds(len(bots), rounds),
        new_seed() if seed is None else seed,
        jobs,
        move_limit,
        not unsandboxed,
    )
    started = time.perf_counter()
    statement = sandbox_statement(entries, confinement)
    scratch = ""
    if not confinement.sandboxed and statement is not None:
        scratch = tempfile.mkdtemp(prefix="domino-tui-run-")
        confinement = Confinement(False, confinement.hidden, scratch)
    tasks = table_chunks(rules, tuple(entries), settings.games, settings.seed, settings.move_limit, confinement)
    try:
        tally = run_table_chunks(tasks, len(entries), settings.jobs, progress, rules.lowest_wins)
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
        if statement is not None:
            cgroups.sweep()
    table = table_standings([e.name for e in entries], tally)
    seconds = time.perf_counter() - started
    return TournamentResult(settings, tuple(entries), (), (), seconds, statement, tuple(table), tally)


def resume_tournament(
    journal: str,
    jobs: int = 1,
    progress: Progress | None = None,
    private: Sequence[str] = (),
    scheduler: str | None = None,
) -> TournamentResult:
    """Finish the tournament whose journal is ``journal``: the matches it holds are not played again, the others
    are played and appended to it (on the cluster at ``scheduler``, if given, whatever the first run used). The
    result is the one the uninterrupted run would have given. Raises
    ValueError (JournalError) for a journal with a line that does not verify, naming the line."""
    make_undumpable()
    saved, done, key, length = read_journal(journal)
    try:
        variant, bots, games = saved["variant"], list(saved["bots"]), int(saved["games_per_match"])
        seed, move_limit = int(saved["seed"]), float(saved["move_limit_seconds"])
        sandboxed = bool(saved.get("sandboxed", True))
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"{journal}: its settings line is incomplete") from None
    rules = get_rules(variant)
    check_settings(games, jobs, move_limit)
    entries = parse_entries(bots, rules)
    confinement = confine(entries, sandboxed, [journal, *private])
    entries = resolve_entries(entries, confinement, move_limit)
    pairs = pairings(len(entries))
    for m, (line, record) in done.items():
        names = (entries[pairs[m][0]].name, entries[pairs[m][1]].name) if 0 <= m < len(pairs) else None
        if names != (record["first"], record["second"]):
            raise JournalError(f"{journal}, line {line}: match {m} is not a match of these entries ({names})")
    settings = Settings(rules.name, tuple(bots), games, seed, jobs, move_limit, sandboxed, scheduler or "")
    finished = tallies({m: record for m, (_, record) in done.items()})
    return _play(rules, entries, settings, finished, progress, Journal.reopen(journal, key, length), confinement)


def _play(
    rules: Rules,
    entries: list[Entry],
    settings: Settings,
    done: dict[int, Tally],
    progress: Progress | None,
    log: Journal | None,
    confinement: Confinement,
) -> TournamentResult:
    started = time.perf_counter()
    statement = sandbox_statement(entries, confinement)
    scratch = ""
    if not confinement.sandboxed and statement is not None:
        # Unsandboxed hosts' private folders, all in one the run removes whatever became of its workers.
        scratch = tempfile.mkdtemp(prefix="domino-tui-run-")
        confinement = Confinement(False, confinement.hidden, scratch)
    if settings.scheduler:
        entries = for_cluster(entries)
    pairs, tasks = chunk_tasks(
        rules, entries, settings.games, settings.seed, settings.move_limit, frozenset(done), confinement
    )

    def finished(match: int, tally: Tally) -> None:
        if log is not None:
            i, j = pairs[match]
            log.write(tally_json(match, (entries[i].name, entries[j].name), tally))

    try:
        if settings.scheduler:
            bundle = pack(entries, confinement)
            tallies = run_on_cluster(tasks, len(pairs), settings.scheduler, bundle, progress, finished)
        else:
            tallies = run_chunks(tasks, len(pairs), settings.jobs, progress, finished)
    finally:
        if log is not None:
            log.close()
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
        if statement is not None:
            cgroups.sweep()  # the groups of hosts whose worker was killed
    for m, t in done.items():
        tallies[m] = t
    seconds = time.perf_counter() - started
    by_points = not rules.lead_rotates
    matches = tuple(
        MatchResult(
            first=entries[i].name,
            second=entries[j].name,
            games=t.games,
            wins=(t.wins[0], t.wins[1]),
            ties=t.ties,
            points=(t.points[0], t.points[1]),
            faults=(dict(sorted(t.faults[0].items())), dict(sorted(t.faults[1].items()))),
            abandoned=t.abandoned,
            by_points=by_points,
            notes=(t.notes[0], t.notes[1]),
        )
        for (i, j), t in zip(pairs, tallies, strict=True)
    )
    table = standings([e.name for e in entries], matches)
    ranking = rank(table, score_key if by_points else mc102_key)
    return TournamentResult(settings, tuple(entries), matches, tuple(ranking), seconds, statement)


def run_match(
    variant: str,
    first: str | type | tuple,
    second: str | type | tuple,
    games: int = 1000,
    seed: int | None = None,
    jobs: int = 1,
    move_limit: float = DEFAULT_MOVE_LIMIT,
    unsandboxed: bool = False,
) -> MatchResult:
    """One match between two entries: the figures from the side of ``first``."""
    return run_tournament(variant, [first, second], games, seed, jobs, move_limit, unsandboxed=unsandboxed).matches[0]


__all__ = [
    "EntryError",
    "JournalError",
    "MatchResult",
    "Settings",
    "Standing",
    "TournamentResult",
    "game_budget",
    "journal_path",
    "resume_tournament",
    "run_match",
    "run_tournament",
]
