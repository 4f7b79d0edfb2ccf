"""The words on the table: opponent labels whole and free of developer notes, plural verbs for teams, a seat
that has gone out said so rather than drawn as an empty bar."""

from __future__ import annotations

import random

from domino_tui.engine import GameState, Reason, get_rules
from domino_tui.tui.online import match_text, result_text
from domino_tui.tui.opponents import LABEL_WIDTH, choices
from domino_tui.tui.table_options import local_names
from domino_tui.tui.widgets.seat import SeatInfo, seat_text


def test_opponent_labels_fit_one_line_and_never_mention_seeds_or_trail_off():
    for label, name in choices():
        assert len(label) <= LABEL_WIDTH, label
        assert "seed" not in label.lower() and "…" not in label, label
        assert label.startswith(name) and label.endswith("."), label


def test_teams_and_you_take_a_plural_verb():
    rules = get_rules("partnership")
    rng = random.Random(1)
    game = GameState.new(rules, rng)
    while not game.over:
        game.apply(rng.choice(game.legal_moves()))
    r = game.result
    assert r is not None and r.winner is not None
    names = local_names("partnership", 4, False)
    for winner in (0, 1):  # a team's name takes "win", whichever it is
        text = result_text(rules, names, r.reason, winner, r.out_seat, r.points)
        assert f"{names[winner]} & {names[winner + 2]} win" in text and " wins" not in text
        scores = (200, 120) if winner == 0 else (120, 200)
        match = match_text(rules, names, winner, scores, 200)
        assert match == f"{names[winner]} & {names[winner + 2]} win the match, 200 to 120."
    block = get_rules("block")
    two = local_names("block", 2, False)
    south_north = local_names("block", 2, True)  # at one shared keyboard nobody is "you"
    said = {
        name: result_text(block, names_, Reason.BLOCKED, seat, None, (10, 10))
        for names_ in (two, south_north)
        for seat, name in enumerate(names_)
    }
    assert "You win the game" in said["You"] and "Computer wins the game" in said["Computer"]
    assert "South wins the game" in said["South"] and "North wins the game" in said["North"]


def test_a_seat_out_of_tiles_says_so():
    for side in (False, True):
        text = seat_text(SeatInfo("Computer", 0, False, "[2|2] on the right +5"), side).plain
        assert "out" in text and "▮" not in text and "[2|2] on the right +5" in text
        text = seat_text(SeatInfo("Computer", 1, True, "passed"), side).plain
        assert "1 tile" in text and "1 tiles" not in text and "▸" in text


def test_a_bot_named_with_its_level_is_not_told_its_level_twice():
    from domino_tui.net.heard import SeatInfo
    from domino_tui.tui.online import seat_kind

    assert seat_kind(SeatInfo("Rosa (Easy)", "bot", "Easy", True, False)) == "bot"
    assert seat_kind(SeatInfo("Easy", "bot", "Easy", True, False)) == "bot"
    assert seat_kind(SeatInfo("Rosa", "bot", "Easy", True, False)) == "bot, Easy"
