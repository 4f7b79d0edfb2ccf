"""A settings file this version reads only in part (a newer version's, or one with a value that cannot be used) is
not set aside whole: every setting understood is used, what is not is said in one message, and it stays in the file
when this version writes the file back (so that the version that wrote it finds it again), but a setting this
version has set itself since."""

from __future__ import annotations

import json

import pytest

from domino_tui.tui import settings as settings_store
from domino_tui.tui.settings import PlayerSettings, Settings

# Each: a file with one setting this version cannot use among those it can, the setting's name, and the words that
# say what is wrong with it.
NOT_UNDERSTOOD = {
    "a-setting-of-a-newer-version": ("sound", {"volume": 3}, "'sound' is no setting of this version"),
    "a-newer-variant": ("variant", "sevens", "variant must be one of classic"),
    "a-newer-bot": ("bots", ["Hard", "newbot"], "bots must be a list of opponents"),
    "variant-a-list": ("variant", ["classic"], "variant must be one of"),
    "bots-not-a-list": ("bots", 3, "bots must be a list"),
    "pause-negative": ("pause", -1, "pause must be a number of seconds from 0 to 10, not -1"),
    "pause-true": ("pause", True, "pause must be a number of seconds"),
    "pause-1e308": ("pause", 1e308, "pause must be a number of seconds"),
    "pause-nan": ("pause", float("nan"), "pause must be a number of seconds"),
    "target-a-string": ("target", "ten", "target must be a whole number"),
    "target-huge": ("target", int("9" * 400), "target must be a whole number"),
}
UNDERSTOOD = {"players": 3, "bots": ["greedy"], "pause": 0.2, "tour_seen": True, "theme": "nord"}


def write(data: dict) -> None:
    path = settings_store.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def on_disk() -> dict:
    return json.loads(settings_store.path().read_text())


@pytest.mark.parametrize(("name", "value", "words"), NOT_UNDERSTOOD.values(), ids=NOT_UNDERSTOOD.keys())
def test_what_is_understood_is_used_and_the_rest_said_once_and_kept(private_config, name, value, words) -> None:
    written = {"variant": "fivesandthrees", **UNDERSTOOD, name: value}
    write(written)
    kept = PlayerSettings()
    problem = kept.load()
    assert problem is not None and words in problem and problem.count("not understood") == 1
    # Each setting understood, as the file gives it (the defaults for the one that is not).
    assert kept.current == settings_store.from_dict({key: v for key, v in written.items() if key != name})
    assert kept.current.pause == (Settings.pause if name == "pause" else 0.2)
    assert list(private_config.glob("settings.json.bad-*")) == []  # nothing was set aside
    # Another setting changed: what was not understood stays as it was written, and is not said again.
    assert kept.change(auto_pass=True) is None
    assert json.dumps(on_disk()[name]) == json.dumps(value) and on_disk()["auto_pass"] is True
    again = PlayerSettings()
    assert again.load() == problem and again.current == kept.current


def test_a_setting_this_version_sets_itself_replaces_the_one_it_did_not_understand(private_config) -> None:
    write({"variant": "sevens", "bots": ["Hard"], "sound": "loud"})
    kept = PlayerSettings()
    kept.load()
    assert kept.change(variant="block") is None
    assert on_disk()["variant"] == "block" and on_disk()["sound"] == "loud"
    again = PlayerSettings()
    problem = again.load()
    assert problem is not None and "sound" in problem and "variant" not in problem
    assert (again.current.variant, again.current.bots) == ("block", ("Hard",))


def test_one_message_names_a_few_of_many_settings_not_understood(private_config) -> None:
    write({"variant": "block", **{f"new{n}": n for n in range(1000)}})
    kept = PlayerSettings()
    problem = kept.load()
    assert problem is not None and "'new4'" in problem and "'new5'" not in problem and "and 995 more" in problem
    assert kept.current.variant == "block"


def test_a_setting_not_understood_that_nests_too_deeply_to_write_back_is_not_kept(private_config) -> None:
    deep = json.loads("[" * 200 + "]" * 200)
    write({"variant": "block", "deep": deep, "sound": "loud"})
    kept = PlayerSettings()
    problem = kept.load()
    assert problem is not None and "nested too deeply to keep" in problem
    assert kept.change(auto_pass=True) is None
    assert "deep" not in on_disk() and on_disk()["sound"] == "loud" and on_disk()["variant"] == "block"
