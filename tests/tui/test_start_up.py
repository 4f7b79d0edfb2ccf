"""What a start gives you: the first start deals classic against the level Normal, its bots pausing 0.6 s; the
options at start-up deal the game they name, a seed the same deal every time, ``--opponent person`` a person in
every seat; F1 opens the rules of the variant in play as ? does; your files live in the config folder, which
XDG_CONFIG_HOME and DOMINO_TUI_CONFIG_DIR move."""

from __future__ import annotations

from pathlib import Path

from domino_tui.cli import main
from domino_tui.net.room import SeatKind
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.help import HelpScreen

from .conftest import HUMAN, make_app, the_game, the_room
from .tablekeys_helpers import seated, until


async def test_the_first_start_deals_classic_against_normal_whose_moves_wait(private_config):
    assert not private_config.exists()  # nothing played here before
    app = DominoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.game is not None)
        assert the_game(app).rules.name == "classic"
        assert [seat.level for seat in the_room(app).seats[1:]] == ["Normal"]
        assert app.pause == 0.6


def started_by(args: list[str], monkeypatch) -> DominoApp:
    """The app the command line ``domino-tui ARGS`` would run, made by the command itself, not yet run."""
    made: list[DominoApp] = []
    monkeypatch.setattr(DominoApp, "run", lambda self, *a, **k: made.append(self))
    assert main(args) == 0
    return made[0]


async def test_the_options_at_start_up_deal_the_game_they_name_and_a_seed_deals_it_again(private_config, monkeypatch):
    command = ["--variant", "allfives", "--seed", "7", "--opponent", "Hard", "--pause", "0.2"]
    hands = []
    for config in ("one", "another"):  # two machines, neither with a match in progress
        monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(private_config / config))
        app = started_by(command, monkeypatch)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda app=app: app.game is not None)
            assert the_game(app).rules.name == "allfives"
            assert [seat.level for seat in the_room(app).seats[1:]] == ["Hard"]
            assert app.pause == 0.2
            hands.append(the_game(app).hand(HUMAN))  # only your keys change your hand
    assert hands[0] == hands[1]


async def test_f1_opens_the_rules_of_the_variant_in_play_as_the_question_mark_does():
    app = make_app("allfives", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        for key in ("f1", "question_mark"):
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            assert app.screen.rules.name == "allfives"
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, HelpScreen))


def test_your_files_live_in_the_config_folder_xdg_moves_it_and_the_variable_moves_them(tmp_path, monkeypatch):
    from domino_tui.records.store import Records
    from domino_tui.tui import kept_seats, local_game, settings

    def places() -> list[Path]:
        return [settings.path(), local_game.room_path(), kept_seats.path(), Records().path]

    monkeypatch.delenv("DOMINO_TUI_CONFIG_DIR")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    names = ["settings.json", "room.json", "seats.json", "records.sqlite3"]
    assert places() == [tmp_path / "home" / ".config" / "domino-tui" / name for name in names]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert places() == [tmp_path / "xdg" / "domino-tui" / name for name in names]
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "elsewhere"))
    assert places() == [tmp_path / "elsewhere" / name for name in names]


async def test_opponent_person_at_start_up_gives_every_other_seat_to_a_person(private_config, monkeypatch):
    app = started_by(["--variant", "partnership", "--opponent", "person", "--seed", "3"], monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.game is not None)
        assert [seat.kind for seat in the_room(app).seats] == [SeatKind.PERSON] * 4
