"""The words on the table: opponent labels whole and free of developer notes, plural verbs for teams, a seat
that has gone out said so rather than drawn as an empty bar."""

from __future__ import annotations

import random

from domino_tui.tui.session import Session

from domino_tui.tui.opponents import LABEL_WIDTH, choices
from domino_tui.tui.settings import Settings
from domino_tui.tui.widgets.seat import SeatInfo, seat_text


def test_opponent_labels_fit_one_line_and_never_mention_seeds_or_trail_off():
    for label, name in choices():
        assert len(label) <= LABEL_WIDTH, label
        assert "seed" not in label.lower() and "…" not in label, label
        assert label.startswith(name) and label.endswith("."), label


def test_teams_and_you_take_a_plural_verb():
    session = Session(Settings(variant="partnership", bots=("greedy",) * 3), seed=3)
    rng = random.Random(1)
    game = session.game
    while not game.over:
        game.apply(rng.choice(game.legal_moves()))
    text = session.result_text()
    winner = game.result.winner
    if winner is not None:
        assert f"{session.team_name(winner)} win" in text and " wins" not in text
    two = Session(Settings(variant="block", bots=("greedy",)), seed=1)
    assert two.plural(0) and not two.plural(1)


def test_a_seat_out_of_tiles_says_so():
    for side in (False, True):
        text = seat_text(SeatInfo("Computer", 0, False, "[2|2] on the right +5"), side).plain
        assert "out" in text and "▮" not in text and "[2|2] on the right +5" in text
        text = seat_text(SeatInfo("Computer", 1, True, "passed"), side).plain
        assert "1 tile" in text and "1 tiles" not in text and "▸" in text
