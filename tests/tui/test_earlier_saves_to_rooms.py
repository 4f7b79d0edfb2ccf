"""The app's saved games of the earlier format, read once and turned into the log of a room: a real `Room`
replaying the converted log deals the same match and stands at the same move, its seats the persons' and the
bots' the settings named; what the earlier reading refused is refused still, with words."""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict
from pathlib import Path

import pytest

from domino_tui.engine import SaveFormatError
from domino_tui.net.room import Room, SeatKind, Status
from domino_tui.stored_file import StoredFile
from domino_tui.tui.coach_use import CoachUse
from domino_tui.tui.earlier_saves import converted
from domino_tui.tui.local_game import convert
from domino_tui.tui.settings import Settings, from_dict

from .earlier_format import played

EARLIER = Path(__file__).parents[1] / "earlier_saves"


def replayed(data: object) -> Room:
    save = converted(data)
    room = Room("TEST", save.seed, save.options, None, 0.0)
    for entry in save.entries:
        room.apply(entry)
    return room


CASES = [
    Settings(variant="classic"),
    Settings(variant="block", target=200),
    Settings(variant="allfives"),
    Settings(variant="fivesandthrees"),
    Settings(variant="fivesandthrees", players=3, bots=("Easy", "random")),
    Settings(variant="fivesandthrees", players=4, bots=("greedy",)),
    Settings(variant="partnership", bots=("Easy", "Normal", "greedy")),
    Settings(variant="classic", bots=("person",)),  # hot seat
    Settings(variant="partnership", bots=("Easy", "person", "Easy")),  # hot seat with partners
    Settings(variant="mexicantrain", players=2),
    Settings(variant="mexicantrain", players=5),
]


@pytest.mark.parametrize("settings", CASES, ids=lambda s: f"{s.variant}-{s.players or ''}-{'+'.join(s.bots)}")
@pytest.mark.parametrize(("games", "moves"), [(0, 0), (0, 5), (1, 3), (2, 40)])
def test_a_converted_save_replays_in_a_room_to_the_same_match(private_config, settings, games, moves):
    settings = settings.with_variant(settings.variant)
    earlier = played(settings, seed=games * 100 + moves, games=games, moves=moves)
    if earlier.match.over:
        pytest.skip("the match ended before the save")  # a finished match is never saved
    room = replayed(earlier.save())
    assert room.match is not None
    assert room.match.to_json() == earlier.match_json()
    assert room.status is (Status.BETWEEN if room.match.game_over else Status.PLAYING)
    people = set(earlier.people)
    for seat, s in enumerate(room.seats):
        assert s.kind is (SeatKind.PERSON if seat in people else SeatKind.BOT)
        if seat not in people:
            assert s.level == settings.opponent(seat)
    assert room.creator == 0


def test_the_persons_at_one_keyboard_are_named_by_the_compass(private_config):
    settings = Settings(variant="partnership", bots=("Easy", "person", "Easy")).with_variant("partnership")
    room = replayed(played(settings, 1, 0, 2).save())
    assert [s.name for s in room.seats if s.kind is SeatKind.PERSON] == ["South", "North"]


def test_the_coachs_use_per_game_is_kept(private_config):
    earlier = played(Settings(variant="block", target=200).with_variant("block"), 3, 1, 2)
    earlier.hints, earlier.undos = {0: 2, 1: 1}, {1: 3}
    save = converted(earlier.save())
    assert (save.hints, save.undos) == ({0: 2, 1: 1}, {1: 3})


def test_a_fives_and_threes_match_for_three_keeps_its_players_through_its_settings():
    # The settings' reading kept the number of players only for the train games: a saved Fives and Threes game
    # for three was dealt again for two, and refused as not dealt from its seed.
    settings = Settings(variant="fivesandthrees", players=3, bots=("Easy", "Easy"))
    data = {**asdict(settings), "bots": list(settings.bots)}
    assert from_dict(data).players == 3
    assert from_dict({**data, "players": 5}).players is None  # a count its rules do not take: its own


def test_an_earlier_edition_train_save_converts_and_resumes_under_its_own_rules(private_config):
    data = json.loads((EARLIER / "game_blocked.json").read_text())
    expected = json.loads((EARLIER / "expected.json").read_text())["game_blocked"]
    room = replayed(data)
    assert room.match is not None and room.match.game_number == 2
    assert room.match.turn == expected["turn"]
    assert room.options.house is not None and room.options.house["engine_search"] == "drawn_until_found"


def test_a_match_an_earlier_version_ended_too_soon_is_refused_in_words(private_config):
    data = json.loads((EARLIER / "game_ended_too_soon.json").read_text())
    with pytest.raises(SaveFormatError, match="earlier version"):
        converted(data)


def good() -> dict:
    return played(Settings(variant="block", target=200).with_variant("block"), 5, 1, 3).save()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(version=2), "not a domino-tui saved game"),
        (lambda d: d.update(version=True), "not a domino-tui saved game"),
        (lambda d: d.update(seed="5"), "seed is not a whole number"),
        (lambda d: d.update(seed=6), "not dealt from this seed"),
        (lambda d: d.update(games=[]), "no games"),
        (lambda d: d["games"][0].update(moves={}), "moves of game 1 are not a list"),
        (lambda d: d["games"][0]["moves"].append(d["games"][0]["moves"][0]), "after its end"),
        (lambda d: d["games"][1].update(moves=[["play", 9, 9, "left"]]), "not a move"),
        (lambda d: d["games"].insert(1, d["games"][1]), "follows a game that was not over"),
        (lambda d: d.update(coach={"hints": {"x": 1}}), "coach's hints"),
        (lambda d: d.update(coach={"undos": [1]}), "coach's undos"),
        (lambda d: d.update(settings={"variant": "chess"}), "variant"),
    ],
)
def test_a_damaged_save_is_refused_with_words_never_a_traceback(private_config, change, words):
    data = good()
    change(data)
    with pytest.raises((SaveFormatError, ValueError), match=words):
        converted(data)


def test_every_earlier_train_save_in_the_folder_converts_or_is_refused_in_words(private_config, tmp_path):
    for path in sorted(EARLIER.glob("*.json")):
        data = json.loads(path.read_text())
        if not isinstance(data, dict) or data.get("version") != 1 or "settings" not in data:
            continue  # an engine save or the expected figures, not the app's
        shutil.copyfile(path, tmp_path / path.name)
        try:
            room = replayed(data)
        except SaveFormatError as exc:
            assert str(exc)
        else:
            assert room.match is not None


def test_the_coachs_use_of_an_earlier_save_goes_beside_the_room_it_becomes(private_config):
    earlier = played(Settings(variant="block", target=200).with_variant("block"), 3, 1, 2)
    earlier.hints, earlier.undos = {0: 2, 1: 1}, {1: 3}
    path = private_config / "game.json"
    earlier.write(path)
    into = private_config / "room.json"
    assert convert(StoredFile(path), StoredFile(into)) is None
    code = json.loads(into.read_text())["code"]
    use, problem = CoachUse.load(private_config / "room-coach.json", code)
    assert problem is None and (use.of(1, 1), use.of(1, 2)) == ((2, 0), (1, 3))
    assert "hint" not in into.read_text()  # the room's file is its log, and nothing of the app's


def test_an_earlier_save_is_converted_even_where_its_count_of_hints_cannot_be_written(private_config):
    """A directory where the count goes: the conversion raised IsADirectoryError, which ended the app's start."""
    earlier = played(Settings(variant="block", target=200).with_variant("block"), 3, 1, 2)
    earlier.hints = {0: 2}
    path = private_config / "game.json"
    earlier.write(path)
    (private_config / "room-coach.json").mkdir()
    into = private_config / "room.json"
    assert convert(StoredFile(path), StoredFile(into)) is None
    assert json.loads(into.read_text())["code"] and not path.exists()
