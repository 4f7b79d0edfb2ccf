"""The journal: each line signed, forged or changed lines refused by name, cut lines repaired however often."""

import json
import os

import pytest
from helpers import ATTACKS, attack_copy, attack_reports

from domino_tui.tournament import resume_tournament, run_tournament
from domino_tui.tournament.cli import main
from domino_tui.tournament.journal import JournalError, read_journal
from domino_tui.tournament.league_journal import JournalError as LeagueJournalError
from domino_tui.tournament.league_journal import read_records

BOTS = ["greedy", "dummy", "random", ATTACKS + ":Honest"]


class Interrupt:
    """A progress callback that stops the run (as Ctrl-C does) once ``matches`` more whole lines are saved
    than there are now (a line cut short does not count: the resumed run drops it)."""

    def __init__(self, journal, matches: int) -> None:
        self.journal = journal
        self.stop_at = self.whole_lines() + matches

    def whole_lines(self) -> int:
        return self.journal.read_text().count("\n") if self.journal.exists() else 1

    def __call__(self, done: int, total: int) -> None:
        if self.whole_lines() >= self.stop_at:
            raise KeyboardInterrupt


def cut_last_line(journal, keep: int = 20) -> None:
    """The run stopped while writing its last line: only its first ``keep`` characters reached the disk."""
    lines = journal.read_text().split("\n")[:-1]
    journal.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:keep])


def test_a_journal_survives_any_number_of_interruptions_and_cut_lines(tmp_path) -> None:
    whole = run_tournament("partnership9", BOTS, games=20, seed=11, jobs=1, journal=str(tmp_path / "whole.jsonl"))
    journal = tmp_path / "r.jsonl"
    with pytest.raises(KeyboardInterrupt):
        run_tournament("partnership9", BOTS, 20, 11, 1, progress=Interrupt(journal, 2), journal=str(journal))
    for _ in range(3):
        cut_last_line(journal)
        with pytest.raises(KeyboardInterrupt):
            resume_tournament(str(journal), jobs=1, progress=Interrupt(journal, 2))
    cut_last_line(journal)
    resumed = resume_tournament(str(journal), jobs=2)
    assert resumed.matches == whole.matches
    assert resumed.ranking == whole.ranking
    lines = journal.read_text().splitlines()
    assert len(lines) == 1 + len(whole.matches)
    assert sorted(json.loads(x)["match"] for x in lines[1:]) == list(range(len(whole.matches)))


def finished_journal(tmp_path) -> tuple:
    journal = tmp_path / "r.jsonl"
    result = run_tournament("block", ["greedy", "dummy", "random"], games=10, seed=3, journal=str(journal))
    return journal, result


def test_a_made_up_line_is_refused_by_its_number(tmp_path, capsys) -> None:
    journal, _ = finished_journal(tmp_path)
    lines = journal.read_text().splitlines()
    forged = json.loads(lines[1])
    forged.update(match=1, first="dummy", second="random", wins=[10, 0])
    journal.write_text("\n".join(lines[:2]) + "\n" + json.dumps(forged) + "\n")
    with pytest.raises(JournalError, match="line 3: not a match record this run wrote"):
        resume_tournament(str(journal))
    assert main(["--resume", str(journal)]) == 2
    assert "r.jsonl, line 3: not a match record this run wrote (its MAC does not verify)" in capsys.readouterr().err


def test_a_changed_line_is_refused_by_its_number(tmp_path) -> None:
    journal, _ = finished_journal(tmp_path)
    lines = journal.read_text().splitlines()
    changed = json.loads(lines[2])
    changed["wins"] = [wins + 1 for wins in changed["wins"]]  # a change whatever the score was
    lines[2] = json.dumps(changed)
    journal.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match="line 3: not a match record"):
        resume_tournament(str(journal))


def test_a_line_copied_to_another_match_or_twice_is_refused(tmp_path) -> None:
    journal, _ = finished_journal(tmp_path)
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([*lines, lines[1]]) + "\n")
    with pytest.raises(JournalError, match="line 5: match 0 is recorded twice"):
        resume_tournament(str(journal))


def test_changed_settings_are_refused(tmp_path) -> None:
    journal, _ = finished_journal(tmp_path)
    lines = journal.read_text().splitlines()
    head = json.loads(lines[0])
    head["settings"]["games_per_match"] = 20
    journal.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    with pytest.raises(JournalError, match="line 1: the settings do not verify"):
        resume_tournament(str(journal))


def test_a_resumed_finished_journal_gives_its_results_again(tmp_path) -> None:
    journal, result = finished_journal(tmp_path)
    assert resume_tournament(str(journal)).matches == result.matches


def test_the_journal_is_private_and_new_for_each_run(tmp_path) -> None:
    journal = tmp_path / "r.jsonl"
    journal.write_text("an old run\n")
    reader = open(journal)  # noqa: SIM115 - held open across the run, as a bot's daemon would
    run_tournament("block", ["greedy", "dummy"], games=2, seed=3, journal=str(journal))
    assert os.stat(journal).st_mode & 0o777 == 0o600
    assert reader.read() == "an old run\n"  # the old file, not this run's
    reader.close()


def test_a_bot_cannot_reach_the_journal_nor_stop_its_worker(tmp_path, capsys) -> None:
    journal = tmp_path / "r.jsonl"  # in the bot's own folder
    forger = attack_copy(str(tmp_path), JOURNAL=str(journal))
    result = run_tournament("block", [forger + ":Forger", "greedy", "dummy"], 6, 4, 2, journal=str(journal))
    assert all(m.games == 6 for m in result.matches)  # no worker was lost
    resumed = resume_tournament(str(journal))  # every line verifies, and the matches are all there
    assert resumed.matches == result.matches
    lines = journal.read_text().splitlines()
    assert len(lines) == 1 + len(result.matches)
    # (run with jobs=2 in worker processes, so the bot's reports are not on this stderr: the journal is.)
    assert attack_reports(capsys.readouterr().err, "forge") == []


def test_a_forger_run_as_your_own_program_is_caught_by_the_journal(tmp_path) -> None:
    # Outside the sandbox the forger does append its line (and kill its worker): resume names the line.
    journal = tmp_path / "r.jsonl"
    forger = attack_copy(str(tmp_path), JOURNAL=str(journal))
    bots = [forger + ":Forger", "greedy"]
    with pytest.raises(Exception, match="killed from outside"):
        run_tournament("block", bots, 6, 4, 2, journal=str(journal), unsandboxed=True)
    with pytest.raises(JournalError, match="line 2: not a match record this run wrote"):
        resume_tournament(str(journal))


def test_a_line_nested_too_deeply_or_a_fifo_is_refused_with_a_message(tmp_path, capsys) -> None:
    journal, _ = finished_journal(tmp_path)
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([*lines, "[" * 100_000 + "]" * 100_000]) + "\n")
    with pytest.raises(JournalError, match="not a match record"):
        resume_tournament(str(journal))
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)  # nobody writes to it: an ordinary open would wait for ever
    assert main(["--resume", str(fifo)]) == 2
    assert "it is a FIFO, not a file" in capsys.readouterr().err


@pytest.mark.parametrize(("reader", "error"), [(read_journal, JournalError), (read_records, LeagueJournalError)])
@pytest.mark.parametrize(
    "head",
    [
        '{"settings": {"seed": 1}, "run": "x", "mac": "\u00e9"}',  # compare_digest raised TypeError
        '{"settings": {"seed": 1e400}, "run": "x", "mac": "a"}',  # read as infinity: OverflowError
        '{"settings": {"seed": 1}, "run": "\\ud800", "mac": "a"}',  # a lone surrogate: UnicodeEncodeError
    ],
)
def test_a_first_line_of_any_garbage_is_refused_with_a_message(tmp_path, reader, error, head) -> None:
    """A journal is anybody's to edit: --resume ended in a traceback for these."""
    journal = tmp_path / "r.jsonl"
    journal.write_text(head + "\n")
    with pytest.raises(error):
        reader(str(journal))
