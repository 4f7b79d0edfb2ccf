"""Small things a player notices: an end choice that makes no difference is not asked (and the hint lists such
plays as one), no footer key that does nothing, hint rows that no number on them could be mistaken for a tile's
key, q quitting from the tour, new matches from the palette over the end-of-hand dialog, a hand and a match
told as one story, and one unit for the review's loss everywhere."""

from __future__ import annotations

import random

from textual.command import CommandPalette
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from domino_tui.coach.hint import Rated
from domino_tui.engine import DRAW, Board, End, GameState, Kind, Move, Tile, get_rules, observe
from domino_tui.engine.match import Match
from domino_tui.games import LineMatch
from domino_tui.net.heard import GameOver
from domino_tui.records.stats import chance_lost, render
from domino_tui.tui.app import DominoApp
from domino_tui.tui.equal_plays import distinct, groups
from domino_tui.tui.line_room import hand_points, over_text
from domino_tui.tui.online import match_text, result_text
from domino_tui.tui.screens.confirm import ConfirmScreen
from domino_tui.tui.screens.help import HelpScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.screens.tour import TourScreen
from domino_tui.tui.table_options import local_names
from domino_tui.tui.tile_keys import tile_key
from domino_tui.tui.widgets.hint_panel import render as render_hint
from tests.records.test_store import record

from .conftest import HUMAN, keys_for, make_app, play_heaviest, reach_a_choice, settle, the_game, the_room
from .fast_input import type_keys
from .tablekeys_helpers import seated, snapshot, until


def game_after(variant: str, seed: int, plays: int) -> GameState:
    rng = random.Random(seed)
    game = GameState.new(variant, rng)
    while len([e for e in game.history if e.kind is Kind.PLAY]) < plays and not game.over:
        game.apply(rng.choice(game.legal_moves()))
    return game


def test_plays_that_come_to_the_same_thing_are_one_choice():
    board = GameState.new("classic", random.Random(3)).board  # the opening [6|6] alone
    assert distinct(board, Tile(1, 6), [End.LEFT, End.RIGHT]) == (End.LEFT,)
    # Both ends of a longer line showing one number: the mirror image either way.
    for seed in range(200):
        game = game_after("block", seed, 3)
        left, right = game.board.ends[0], game.board.ends[1]
        if left == right and not game.over:
            tile = Tile(min(left, 0), max(left, 0)) if left else Tile(0, 1)
            assert len(distinct(game.board, tile, [End.LEFT, End.RIGHT])) == 1
            break
    else:
        raise AssertionError("no line with equal ends among the seeds")
    # Different numbers at the ends: two choices.
    game = game_after("block", 1, 3)
    assert game.board.ends[0] != game.board.ends[1]
    tile = Tile(*sorted((game.board.ends[0], game.board.ends[1])))
    assert len(distinct(game.board, tile, [End.LEFT, End.RIGHT])) == 2


def test_a_spinner_with_one_side_laid_is_no_mirror():
    # All Fives: the spinner's up and down arms open once both its sides have a tile, so laying the same number
    # on the empty side differs from laying it on the other.
    for seed, plays in ((seed, plays) for seed in range(300) for plays in (2, 3, 4)):
        game = game_after("allfives", seed, plays)
        board = game.board
        if game.over or board.spinner is None or board.up or board.down:
            continue
        left, right = board.ends[0], board.ends[1]
        one_sided = (board.spinner == 0) != (board.spinner == len(board.line) - 1)
        if left == right and one_sided:
            tile = Tile(0, left) if left else Tile(0, 1)
            assert len(groups(board, tile, [End.LEFT, End.RIGHT])) == 2
            return
    raise AssertionError("no such spinner among the seeds")


async def test_the_table_does_not_ask_where_a_tile_goes_when_it_makes_no_difference():
    app = make_app("classic", seed=3)  # you move first, onto the lone [6|6]
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        game = the_game(app)
        fitting = [m for m in game.legal_moves() if m.kind is Kind.PLAY]
        assert {m.end for m in fitting} == {End.LEFT, End.RIGHT}  # the engine lists both ends
        await pilot.press(str(game.hand(HUMAN).index(fitting[0].tile) + 1))
        assert table.choosing is None
        await until(pilot, lambda: any(e.seat == HUMAN and e.tile == fitting[0].tile for e in the_game(app).history))


def laid_on_a_side_or_an_arm(game: GameState) -> tuple[Tile, tuple[End, ...]] | None:
    """A tile of yours that fits a side of the spinner (both sides laid) and an arm with a tile on it, the two
    ends alike (the same number, both doubles or neither): either way the ends left are the same, in other
    places."""
    ends: dict[Tile, list[End]] = {}
    for m in game.legal_moves():
        if m.kind is Kind.PLAY and m.tile is not None and m.end is not None:
            ends.setdefault(m.tile, []).append(m.end)
    layout = game.board.layout
    if not all(layout.side_taken):
        return None

    def alike(a: End, b: End) -> bool:
        return (layout.ends[a], layout.double_at[a]) == (layout.ends[b], layout.double_at[b])

    for tile, fits in ends.items():
        sides = [e for e in fits if e in (End.LEFT, End.RIGHT)]
        arms = [e for e in fits if e in (End.UP, End.DOWN) and layout.arm_started[e - End.UP]]
        pairs = [(side, arm) for side in sides for arm in arms if alike(side, arm)]
        if pairs:
            return tile, pairs[0]
    return None


async def test_all_fives_does_not_ask_between_a_side_and_an_arm_that_come_to_the_same_thing():
    """The spinner's sides both laid and an arm started: a tile showing the same number on a side and on the
    arm leaves the same ends either way (a double counts twice wherever it lies), so the table plays it."""
    app = make_app("allfives", seed=5, bot="greedy")  # such a tile comes to you early
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.table
        for _ in range(80):
            game = the_game(app)
            assert not game.over, "the game ended before such a tile came up"
            found = laid_on_a_side_or_an_arm(game) if game.turn == HUMAN else None
            if found is not None:
                break
            await type_keys(pilot, *keys_for(table, game.legal_moves()[0]))
            await settle(pilot)
        assert found is not None
        tile, _ = found
        index = game.hand(HUMAN).index(tile)
        assert index < 10, "the tile has no number key"
        await pilot.press(tile_key(index))
        await pilot.pause()
        assert table.choosing is None, "the table asked which end"
        await until(pilot, lambda: any(e.seat == HUMAN and e.tile == tile for e in the_game(app).history))


def test_the_hint_lists_plays_that_come_to_the_same_thing_as_one_row_and_shows_their_keys():
    game = GameState.new("classic", random.Random(3))
    obs = observe(game, HUMAN)
    tile = next(m.tile for m in obs.legal if m.kind is Kind.PLAY)
    ranking = [
        Rated(Move.play(tile, End.LEFT), 0.4, ()),
        Rated(DRAW, 0.1, ()),
        Rated(Move.play(tile, End.RIGHT), 0.2, ()),
    ]
    text = render_hint(obs, ranking, keys=True).plain
    rows = [r for r in text.splitlines()[1:] if r.strip()]
    assert rows[0].startswith(" ★ ") and f"{tile} left or right" in rows[0]
    assert f"({obs.hand.index(tile) + 1})" in rows[0]  # the key that plays it, and no arrow: nothing to choose
    assert rows[1].strip().startswith("draw") and rows[1].endswith("(d)")
    assert len(rows) == 2
    assert not any(r.strip()[:1].isdigit() for r in rows), "a row starts with a number"


async def test_no_footer_key_that_does_nothing_while_choosing_an_end():
    app = make_app("block", seed=1, bot="greedy")
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        tile = await reach_a_choice(pilot)
        await pilot.press(str(the_game(app).hand(HUMAN).index(tile) + 1))
        await pilot.pause()
        assert table.choosing is not None
        actions = {k.action for k in table.query_one(Footer).query(FooterKey)}
        assert "play" not in actions and "cancel" in actions
        before = snapshot(app)
        await pilot.press("enter")
        await pilot.pause()
        assert table.choosing is not None and snapshot(app) == before


async def test_q_on_the_tour_quits_and_the_help_key_opens_the_help(monkeypatch, private_config):
    monkeypatch.setattr(DominoApp, "first_run_tour", True)
    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TourScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
    (private_config / "settings.json").unlink()  # a first start again
    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TourScreen))
        await pilot.press("q")
        await pilot.pause()
    assert (app.return_code == 0 and app._exit_renderables is not None) or not app.is_running


async def test_the_palette_over_the_end_of_hand_dialog_starts_new_matches():
    app = make_app("block", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        first = app.game
        await play_heaviest(pilot, 40)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        dialog = app.screen
        titles = {c.title: c for c in app.get_system_commands(dialog)}
        assert {f"Play {r.title}" for r in (get_rules("allfives"), get_rules("partnership"))} <= set(titles)
        titles[f"Play {get_rules('allfives').title}"].callback()
        await pilot.pause()
        assert not isinstance(app.screen, GameOverScreen)
        assert isinstance(app.screen, ConfirmScreen)  # the match to 100 is in progress: asked first
        await pilot.press("y")
        await until(pilot, lambda: app.game is not first and isinstance(app.screen, LineTable))
        assert the_room(app).options.variant == "allfives"
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)


def finished_match(variant: str, seed: int) -> Match:
    """A match to 30 played out by random moves."""
    rng = random.Random(seed)
    match = Match(variant, rng, target=30)
    while True:
        game = match.game
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
        if match.over:
            return match
        match.next_game()


def test_the_end_of_a_hand_and_of_the_match_read_as_one_story():
    names = local_names("allfives", 2, False)
    for seed in range(40):
        match = finished_match("allfives", seed)
        game, rules = match.game, match.rules
        r = game.result
        assert r is not None
        seen = LineMatch(match).observe(HUMAN)  # as the room sends it: with the scores before it, the target
        over = GameOver(1, len(match.games), r, tuple(match.scores), True, match.winner)
        earned = hand_points(over, seen.match_scores)
        assert earned == game.team_points()
        hand = result_text(rules, names, r.reason, r.winner, r.out_seat, r.points, earned)
        if r.winner is not None and r.winner != match.winner:  # a hand's settlement won by the side that lost the match
            # Where plays score, the hand says what each side earned in it rather than who won it.
            assert all(f"{names[t]} {p}" in hand for t, p in enumerate(earned)), hand
            assert " win" not in hand
            a, b = match.scores[match.winner], match.scores[1 - match.winner]
            verb = "win" if match.winner == HUMAN else "wins"
            story = f"{names[match.winner]} {verb} the match, {a} to {b}."
            assert match_text(rules, names, match.winner, over.scores, match.target) == story
            # The table's dialog tells the hand, then the match.
            dialog = over_text(seen, over, names, earned, hand, ((), {}, ""), HUMAN)
            assert dialog.lines == (hand, story)
            return
    raise AssertionError("no such match among the seeds")


def test_the_reviews_loss_reads_the_same_in_the_review_and_the_statistics():
    assert chance_lost(0.04) == "2.0% chance"
    text = render([record(review_loss=0.04, review_decisions=5)])
    assert "2.0% chance" in text and "0.04" not in text


def test_a_double_at_one_of_two_equal_ends_makes_a_choice_only_where_the_ends_count() -> None:
    """[3|3] at the left end and a plain 3 at the right: [3|6] leaves the ends 6 and 3 either way. In Block (pagat,
    "Block game": only the numbers at the ends matter) that is one play, not asked about; in All Fives (pagat,
    "All Fives": a double at an end counts both its halves) the double left open counts 6 more, so it is asked."""
    board = Board()
    board.place(Tile(3, 3), End.LEFT)
    for tile in (Tile(1, 3), Tile(1, 2), Tile(2, 3)):
        board.place(tile, End.RIGHT)
    assert board.ends[:2] == (3, 3) and board.layout.double_at[:2] == (True, False)
    ends = [End.LEFT, End.RIGHT]
    block, all_fives = get_rules("block"), get_rules("allfives")
    assert distinct(board, Tile(3, 6), ends, bool(block.count_scores)) == (End.LEFT,)
    assert len(distinct(board, Tile(3, 6), ends, bool(all_fives.count_scores))) == 2
