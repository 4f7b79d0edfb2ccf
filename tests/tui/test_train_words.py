"""The train table's words and rows (train_words.py) against what they say: the keys choose back the trains they
name, and the score sheet read from a seat's observation is the match's own sheet, round by round."""

from __future__ import annotations

import random

from domino_tui.ai import make_bot
from domino_tui.engine import MEXICAN_TRAIN, TrainMatch, observe_match
from domino_tui.tui.screens.score_sheet import of_observation
from domino_tui.tui.table_options import local_names
from domino_tui.tui.train_words import train_by_key, train_key


def test_every_train_key_chooses_its_train_and_no_other_key_chooses_one() -> None:
    for players in range(2, 9):
        rules = MEXICAN_TRAIN.with_players(players)
        keys = [train_key(rules, x) for x in range(rules.trains)]
        assert len(set(keys)) == rules.trains and keys[rules.mexican] == "m"
        assert [train_by_key(rules, k) for k in keys] == list(range(rules.trains))
        for key in ("0", str(players + 1), "x", "", "12"):
            assert train_by_key(rules, key) is None


def test_the_score_sheet_from_your_observation_is_the_matchs_sheet() -> None:
    """Three rounds played by greedy bots in every seat: in play and at each round's end, the sheet read from your
    observation (what a room sends your seat) has the rounds dealt so far with their engines and, once over,
    their points; the totals are the match's."""
    rules = MEXICAN_TRAIN.with_players(3)
    match = TrainMatch(rules, random.Random(4))
    names = local_names(rules.name, 3, hot_seat=False)
    bot = make_bot("greedy", None)
    ends = 0
    while ends < 3:
        if match.round.over:
            match.next_round()
        for _ in range(5):  # a few moves in, then the round played out
            if not match.round.over:
                match.round.apply(bot.choose_train(observe_match(match, match.round.turn)))
        for done in (False, True):
            while done and not match.round.over:
                match.round.apply(bot.choose_train(observe_match(match, match.round.turn)))
            state = match.round
            sheet = of_observation(observe_match(match, 0), names, state.points() if state.over else None, match.totals)
            assert sheet.rounds == tuple(
                (i + 1, r.engine, r.points() if r.over else (None,) * 3) for i, r in enumerate(match.rounds)
            )
            assert sheet.totals == match.totals and sheet.names == ("You", "Ana", "Ben")
        ends += 1
    assert len(match.rounds) == 3
