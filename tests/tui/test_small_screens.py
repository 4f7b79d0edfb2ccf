"""What a small terminal (80x24) must still show: the pieces users found cut off or out of place there."""

from __future__ import annotations

import random

import pytest
from textual.geometry import Region
from textual.widgets import DataTable, Input, Label, Select, Static
from textual.widgets._select import SelectOverlay

from domino_tui.engine import GameState, train_state
from domino_tui.tui.board_layout import lay_out
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.online import OnlineScreen
from domino_tui.tui.screens.score_sheet import ScoreSheet, ScoreSheetScreen
from domino_tui.tui.table_options import single_game_note
from domino_tui.tui.tile_art import TINY
from domino_tui.tui.widgets.trains import TrainsView

from .conftest import make_app, settle
from .train_helpers import assert_every_train_end_visible, at_the_table, make_train_app, settle_train, until
from .walks_helpers import assert_train_ends_visible

BIG_HAND = 34  # five rows of tiles at 80 columns
BOARD_AT_80X24 = (76, 11)  # the line table's board space in a terminal of 80x24


@pytest.fixture
def big_hand_deal(monkeypatch):
    """Deal you (seat 0) a hand of BIG_HAND tiles from the boneyard, as if you had drawn that many."""
    dealt = train_state.deal_round

    def deal(rules, round_index, rng):
        engine, hands, rest, first = dealt(rules, round_index, rng)
        extra = BIG_HAND - len(hands[0])
        return engine, [hands[0] + rest[:extra], *hands[1:]], rest[extra:], first

    monkeypatch.setattr(train_state, "deal_round", deal)


@pytest.mark.parametrize("seed", [5, 22])
async def test_mexican_train_for_two_keeps_every_train_on_the_board_with_a_big_hand(big_hand_deal, seed):
    app = make_train_app(2, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_the_table(pilot)
        await settle_train(pilot)
        obs = table.observation
        assert obs is not None and len(obs.hand) >= BIG_HAND - 2
        view = table.query_one(TrainsView)
        ox, oy = view._offset
        x, y, _width, h = view.picture().rows[-1]  # the Mexican train's row, the last
        assert view.content_region.contains_region(
            Region(view.content_region.x + ox + x, view.content_region.y + oy + y, 1, h)
        )
        assert_every_train_end_visible(table)
        assert_train_ends_visible(table, None)


def test_the_compact_boards_end_markers_sit_on_the_row_of_the_tiles_they_mark():
    """At 80x24 a crowded board takes the tiny look, tiles one row tall beside doubles two rows tall: the ◁ ▷ of
    the line's ends are beside the tiles at those ends, not on the row below them."""
    rng = random.Random("allfives")
    compact = 0
    for _ in range(12):
        game = GameState.new("allfives", rng)
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
            pic = lay_out(game.board, *BOARD_AT_80X24, targets=game.board.open_ends())
            if pic.look is not TINY:
                continue
            compact += 1
            lines = pic.canvas.text().splitlines()
            for line in lines:
                for x, glyph in enumerate(line):
                    if glyph in "◁◀▷▶":
                        beside = line[x - 2 : x - 1] + line[x + 2 : x + 3]
                        assert beside.strip(), (f"the marker {glyph} is beside no tile", "\n".join(lines))
    assert compact, "no board went compact"


@pytest.mark.parametrize("players", [2, 8])
async def test_the_train_tables_longest_sentence_is_whole_at_80x24(players):
    """The message line says the whole of a sentence wider than the terminal (here the table's refusal of the
    coach, said as the table says it), on two lines, with every train still on the board (for eight, under a score
    on two lines)."""
    app = make_train_app(players, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_the_table(pilot)
        await settle_train(pilot)
        table.say("The coach does not help at this table: the room says so, or other people sit here.", error=True)
        await pilot.pause()
        said = table.message
        assert len(said) > 78, "the test needs a sentence wider than the line"
        line = table.query_one("#message", Static)
        shown = " ".join(strip.text.strip() for strip in line.render_lines(line.content_region.reset_offset))
        assert " ".join(shown.split()) == said
        assert_every_train_end_visible(table)


@pytest.mark.parametrize(
    ("form", "choice"),
    [("new-game", "#variant"), ("online", "#online-variant"), ("online", "#online-bots")],
)
async def test_an_open_choice_covers_the_labels_under_it(form, choice):
    """A choice's list opened at 80x24 hides the form beneath it, the labels' first letters too (they showed
    beside its lines: "ClBlock")."""
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = NewGameScreen(app.settings) if form == "new-game" else OnlineScreen("classic")
        await app.push_screen(screen)
        await pilot.pause()
        select = screen.query_one(choice, Select)
        select.focus()
        await pilot.pause()
        await pilot.press("enter")
        overlay = select.query_one(SelectOverlay)
        await until(pilot, lambda: overlay.display and overlay.region.height > 1)
        covered = overlay.region
        labels = [label for label in screen.query(Label) if label.display and label.region.overlaps(covered)]
        assert labels, "the list opened over no label"
        for label in labels:
            for y in range(max(label.region.y, covered.y), min(label.region.bottom, covered.bottom)):
                widget, _ = screen.get_widget_at(label.region.x, y)
                assert widget is not label, (f"the label {label.render()!s} shows beside the open list", y)


@pytest.mark.parametrize("form", ["new-game", "online"])
async def test_a_variant_of_one_game_has_a_note_and_no_match_length_field(form):
    """Where the rules play a single game there is no length to set: a note says so, with no field under it;
    a variant played to a target has the field back."""
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = NewGameScreen(app.settings) if form == "new-game" else OnlineScreen("classic")
        await app.push_screen(screen)
        await pilot.pause()
        prefix = "" if form == "new-game" else "online-"
        variant = screen.query_one(f"#{prefix}variant", Select)
        label = screen.query_one(f"#{prefix}target-label", Label)
        field = screen.query_one(f"#{prefix}target", Input)
        for name, settable in (("classic", False), ("allfives", True), ("classic", False), ("partnership9", True)):
            variant.value = name
            await pilot.pause()
            assert field.display == settable and label.has_class("-note") != settable, name
            if not settable:
                assert single_game_note(name) in str(label.render())


async def test_a_label_wider_than_the_online_form_wraps_whole():
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = OnlineScreen("classic")
        await app.push_screen(screen)
        await pilot.pause()
        form = screen.query_one("#online-form")
        for label in screen.query(Label):
            if label.display:
                assert label.region.right <= form.content_region.right
                text = str(label.render())
                assert label.content_region.height >= -(-len(text) // label.content_region.width), text


FOUR_SIDES = ScoreSheet(
    "Score sheet · Fives and Threes · to 61",
    ("You", "Ana", "Ben", "Cleo"),
    (
        ((12, 9, 20, 3), "Ben went out. This game: You 12, Ana 9, Ben 20, Cleo 3."),
        ((5, 14, 2, 8), "The game is blocked. This game: You 5, Ana 14, Ben 2, Cleo 8."),
        ((3, 3, 6, 9), "in play"),
    ),
    "to 61",
)


@pytest.mark.parametrize("size", [(80, 24), (140, 40)])
async def test_the_fives_and_threes_score_sheet_shows_each_result_whole(size):
    """Fives and Threes for four says what every side earned in each game: the result column wraps in the
    dialog rather than run past its edge."""
    app = make_app("fivesandthrees", seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await app.push_screen(ScoreSheetScreen(FOUR_SIDES))
        await pilot.pause()
        sheet = app.screen.query_one(DataTable)
        await until(pilot, lambda: sheet.row_count == len(FOUR_SIDES.games) + 1 and sheet.size.width > 0)
        assert sheet.max_scroll_x == 0, "the sheet runs past the dialog's edge"
        assert sheet.region.right <= size[0]
        drawn = " ".join(strip.text for strip in sheet.render_lines(Region(0, 0, *sheet.virtual_size)))
        for _, result in FOUR_SIDES.games:
            for word in result.split():
                assert word in drawn.split(), (word, drawn)
