"""Nothing covers or cuts what a player must read (issue 44, item 4): the checker of
`tools/text_overlap.py` over every board moment, in English and Japanese, finds no text that
overlaps another, leaves its panel, is covered or cut, nor inside any animation (the moments'
game, each board's animation bench, each lesson's moves) nor in a game's review; the checker
itself sees each of those, and the keys' focus ring on any control of a moment crossing words;
a winner's crown never stands on a header's words, a long status line wraps instead of being
cut, and the move log never shows a wrapped entry's later row without its first."""

from pathlib import Path

import pygame
import pytest
from helpers.overlap_tool import checker

from scenes.boards.history import LogLine
from scenes.boards.move_log import MoveLogView
from scenes.boards.status import draw_status
from scenes.kit import fonts
from scenes.kit.effects import SeatPanel
from scenes.kit.effects_paint import draw_seat_header
from scenes.kit.i18n import set_language
from scenes.kit.palette import seat_colours
from scenes.kit.widgets import draw_panel

ROOT = Path(__file__).resolve().parent.parent


TOOL = checker()


@pytest.fixture
def canvas():
    pygame.init()
    return TOOL.RecordingCanvas((1920, 1080))


@pytest.fixture
def language():
    yield set_language
    set_language("en")


# --- the checker sees what it is for -------------------------------------------------------------


def test_the_checker_sees_overlap_a_panel_left_a_cover_and_a_cut(canvas):
    fonts.blit_text(
        canvas, "Score if the game ended now", fonts.SMALL, (0, 0, 0), "topleft", (100, 100)
    )
    assert TOOL.problems(canvas) == []
    fonts.blit_text(canvas, "20 pt", fonts.SMALL, (0, 0, 0), "topleft", (200, 110))
    assert any("overlaps" in p for p in TOOL.problems(canvas))
    canvas.forget()
    draw_panel(canvas, pygame.Rect(90, 90, 200, 80))
    fonts.blit_text(
        canvas, "Score if the game ended now", fonts.SMALL, (0, 0, 0), "topleft", (100, 100)
    )
    assert any("leaves its panel" in p for p in TOOL.problems(canvas))
    canvas.forget()
    fonts.blit_text(canvas, "Moves", fonts.SMALL, (0, 0, 0), "topleft", (100, 100))
    draw_panel(canvas, pygame.Rect(120, 60, 300, 300))
    assert any("covered by a panel" in p for p in TOOL.problems(canvas))
    canvas.forget()
    canvas.set_clip(pygame.Rect(0, 0, 1920, 110))
    fonts.blit_text(canvas, "Moves", fonts.SMALL, (0, 0, 0), "topleft", (100, 100))
    canvas.set_clip(None)
    assert any("cut by a clip" in p for p in TOOL.problems(canvas))


# --- every board moment --------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en", "ja"])
def test_no_text_overlaps_or_leaves_its_panel_in_any_board_moment(code, monkeypatch, tmp_path):
    """The moments `tools/board_moments.py` renders (the frames the pixel goldens compare).
    Scenes draw a logical 1920x1080 canvas that a 1280x720 or 1920x1080 window scales whole, so
    one check holds at both sizes."""
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    try:
        report = TOOL.check_moments(code)
    finally:
        set_language("en")
    assert not report.found, "\n".join(report.lines())


# --- what the checker found, mended ---------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "ja"])
@pytest.mark.parametrize(
    ("name", "points", "caption"),
    [("You", "20 pt", "Score if the game ended now"), ("You", "3 pairs", ""), ("Pepper", "−5", "")],
)
def test_a_winners_crown_stands_on_no_word_of_its_header(
    canvas, language, code, name, points, caption
):
    language(code)
    header = pygame.Rect(1380, 150, 500, 96)
    colour = tuple(seat_colours("standard")[0])
    panel = SeatPanel(winner=True)
    from scenes.kit.i18n import _

    draw_seat_header(canvas, header, panel, _(name), colour, _(points), 0.0, caption=_(caption))
    assert canvas.icons, "the crown is drawn"
    assert TOOL.problems(canvas) == []


@pytest.mark.parametrize("code", ["en", "ja"])
def test_a_long_status_line_wraps_at_a_readable_size_instead_of_being_cut(canvas, language, code):
    language(code)
    from scenes.kit.i18n import _

    words = _(
        "Place a tile from your hand on an empty square, or a tile on the grid to move: "
        "a blue tile falls off to Sun's hand"
    )
    lines = draw_status(canvas, words, (255, 255, 255), 420, 1500)
    assert len(lines) == 2 and "".join(lines).replace(" ", "") == words.replace(" ", "")
    assert TOOL.problems(canvas) == []
    assert all(box.ink.bottom <= 116 for box in canvas.texts)  # inside the top bar


def test_the_move_log_never_shows_a_wrapped_entrys_later_row_alone(canvas):
    """An entry long enough to wrap, just over the top of the log's room: it is left out whole
    rather than shown from its second row."""
    colours = seat_colours("standard")
    long = LogLine(0, "You place a red tile on d3 and push the column down: a blue tile falls off")
    short = LogLine(1, "Sun moves c3 to c4")
    view = MoveLogView()
    rect = pygame.Rect(100, 100, 420, 40 * 4 + 31)
    for count in range(1, 5):
        canvas.forget()
        log = [long, *[short] * count]
        view.draw_rows(canvas, log, colours, rect)
        first_rows = fonts.wrap(long.text, fonts.TINY - 6, rect.width - 32)
        drawn = [box.words for box in canvas.texts]
        shown_later = any(row in drawn for row in first_rows[1:])
        assert not shown_later or first_rows[0] in drawn, (count, drawn)


def test_a_tag_on_a_tile_stands_over_the_last_move_marker(home):
    """Consequence: the tile just placed is tagged 'no push-off' and marked as the last move;
    the marker is drawn before the tags, so its outline never crosses the tag's words."""
    from helpers.scene_driver import settle

    from scenes.app import App, Options
    from scenes.boards.making import board_scene_class
    from scenes.storage.settings import SettingsStore

    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    try:
        board = board_scene_class("consequence")(
            app, app.quick_setup("consequence", ["human", "human"])
        )
        app.manager.switch(board, fade=False)
        settle(app)
        for move in ("place bM b2", "place rS c3"):
            if app.manager.current is not board:
                app.manager.current.ready()
                settle(app)
            board.play(move)
            settle(app)
        if app.manager.current is not board:
            app.manager.current.ready()
            settle(app)
        order = []
        painter = board.painter
        draw_marker, draw_last = painter._draw_marker, board.chrome.draw_last_move

        def marker(canvas, m):
            order.append("tag")
            draw_marker(canvas, m)

        def last(canvas):
            order.append("last move")
            draw_last(canvas)

        painter._draw_marker = marker
        board.chrome.draw_last_move = last
        assert board.chrome.shows_last_move and board.presenter.markers
        app.manager.draw(app.canvas)
        assert "tag" in order and "last move" in order
        assert order.index("last move") < order.index("tag"), order
        assert order.count("last move") == 1
    finally:
        app.close()


def test_a_chain_counter_never_rises_into_the_top_bar():
    """'Chain x2!' floats up from over the board: once risen it is still below the top bar
    (a lesson's step dots, the status line)."""
    from scenes.kit.effects import EffectsPresenter
    from scenes.kit.effects_paint import popup_rect

    pygame.init()
    for stage_y in (420, 540, 700):
        presenter = EffectsPresenter(2, ["You", "Pepper"])
        presenter.stage = (960, stage_y)
        presenter.counter("Chain x2!")
        for _ in range(57):  # risen (0.9 s), not yet faded
            presenter.update(1 / 60)
        (popup,) = presenter.popups
        assert popup_rect(popup).top >= 118, (stage_y, popup_rect(popup))


# --- lessons: a note never hides what a player must read -----------------------------------------


def test_the_checker_sees_a_panel_over_what_must_be_read_and_forgets_what_a_cover_replaces(canvas):
    from scenes.kit.drawn_boxes import note_cover, note_must_read

    note_must_read(canvas, pygame.Rect(1400, 580, 117, 117), "Pepper's tile 7")
    draw_panel(canvas, pygame.Rect(1396, 620, 476, 190))
    assert any("Pepper's tile 7" in p and "covered" in p for p in TOOL.problems(canvas))
    canvas.forget()
    note_must_read(canvas, pygame.Rect(1400, 580, 117, 117), "Pepper's tile 7")
    draw_panel(canvas, pygame.Rect(1396, 710, 476, 190))  # below it: clear
    assert TOOL.problems(canvas) == []
    canvas.forget()
    fonts.blit_text(canvas, "Undo", fonts.SMALL, (0, 0, 0), "topleft", (300, 40))
    note_cover(canvas, pygame.Rect(0, 0, 1920, 118))  # a lesson's bar over the board's own
    fonts.blit_text(canvas, "Back", fonts.SMALL, (0, 0, 0), "topleft", (290, 40))
    assert TOOL.problems(canvas) == []


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en", "ja"])
def test_no_lesson_note_hides_what_a_player_must_read(code, monkeypatch, tmp_path):
    """Every step of every lesson, at its goal, with the longest answer a try gets, and with
    its note of what happened: no text overlaps or is cut, no note covers a tile in a hand,
    the board's actions and Score, the land, a card, or what the step points at or glows, and
    the keys' focus ring on any control crosses no word (En blanc et noir's "x3").
    Scenes draw a logical 1920x1080 canvas that a 1280x720 or 1920x1080 window scales whole, so
    one walk holds at both sizes."""
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    try:
        report = TOOL.check_lessons(code)
    finally:
        set_language("en")
    assert not report.found, "\n".join(report.lines())


def test_points_stand_on_a_dark_plate_over_the_gold_of_a_capture():
    """'+4' pops under a trio's line, over the gold highlight of the captured squares: the
    points stand on a dark plate there, not gold on gold."""
    from scenes.kit.effects import GOLD, Popup
    from scenes.kit.effects_paint import draw_popup, popup_rect

    pygame.init()
    canvas = pygame.Surface((600, 300))
    canvas.fill(GOLD)
    popup = Popup("+4", 300, 150, GOLD)
    popup.alpha, popup.scale = 255.0, 1.0
    draw_popup(canvas, popup)
    rect = popup_rect(popup)
    above_the_words = [
        canvas.get_at((x, rect.top + 3))[:3] for x in range(rect.left + 20, rect.right - 20)
    ]
    assert all(sum(colour) < sum(GOLD) / 2 for colour in above_the_words), above_the_words[:3]


def test_the_last_move_marker_of_a_tile_pushed_off_stays_clear_of_the_status_and_the_counter():
    """Consequence marks where a pushed-off tile left the grid: never over the top bar (the
    status line) nor the turn counter under the grid, whatever the edge and direction."""
    from scenes.boards.consequence import layout
    from scenes.boards.consequence.scene import ConsequenceBoard
    from scenes.boards.layers import TOP_BAR

    counter = layout.COUNTER.union(layout.COUNTER.move(0, layout.COUNTER.height))
    for square in layout.GRID.squares:
        for direction in range(8):
            rect = ConsequenceBoard.trace_rect(None, ("off", square, direction))
            assert not rect.colliderect(TOP_BAR), (square, direction, rect)
            assert not rect.colliderect(counter), (square, direction, rect)


# --- inside animations, and the review ----------------------------------------------------------


def test_the_checker_sees_a_ring_of_light_cross_words_but_not_words_inside_it(canvas):
    from scenes.kit import callout

    fonts.blit_text(canvas, "Large", fonts.TINY, (0, 0, 0), "topleft", (100, 100))
    callout.glow(canvas, pygame.Rect(120, 60, 200, 120), 0.0)  # its band crosses the word
    assert any("crossed by the ring" in p for p in TOOL.problems(canvas))
    canvas.forget()
    fonts.blit_text(canvas, "Large", fonts.TINY, (0, 0, 0), "center", (220, 120))
    callout.glow(canvas, pygame.Rect(120, 60, 200, 120), 0.0)  # the word inside the ring
    assert TOOL.problems(canvas) == []


def test_the_checker_sees_the_keys_focus_ring_cross_words_beside_a_control(canvas):
    """The focus ring is drawn over every screen (`Focus.draw`): it is noted as a ring, so a
    ring on a control that crosses the words beside it is seen, the control's own words not;
    `focus_ring_problems` tries it on each control the focus stops on."""
    from scenes.kit.focus import draw_ring

    control = pygame.Rect(100, 100, 300, 100)
    fonts.blit_text(canvas, "Label", fonts.TINY, (0, 0, 0), "topleft", (100, 202))
    fonts.blit_text(canvas, "Press", fonts.TINY, (0, 0, 0), "center", control.center)
    draw_ring(canvas, control)
    found = TOOL.problems(canvas)
    assert any("'Label' is crossed by the ring of the keys' focus" in p for p in found), found
    assert not any("'Press'" in p for p in found), found


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en", "ja"])
def test_no_text_overlaps_inside_any_animation_or_review(code, monkeypatch, tmp_path):
    """One frame in three of every animation: the moments' game of each board to its end,
    each board's heaviest animation, each lesson's moves; and every moment of a review."""
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    try:
        report = TOOL.check_animations(code)
    finally:
        set_language("en")
    assert not report.found, "\n".join(report.lines())


@pytest.mark.slow
def test_the_bear_points_never_stand_on_one_another(monkeypatch, tmp_path):
    """En blanc et noir's lesson ends with the bear count over bears of both colours in both
    seats' scored rows: their points pop up one a seat, over its own row, on nothing else's."""
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    report = TOOL.check_animations(parts=("lesson",), games=("blanc-noir",))
    assert not report.found, "\n".join(report.lines())


@pytest.mark.slow
def test_a_tile_pushed_off_never_passes_under_the_lessons_top_bar(monkeypatch, tmp_path):
    """Consequence's lesson pushes tiles off the grid's top row: in flight they stay in sight,
    under the lesson's top bar, never behind it."""
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    report = TOOL.check_animations(parts=("lesson",), games=("consequence",))
    assert not report.found, "\n".join(report.lines())


def test_a_tile_pushed_off_any_edge_stays_clear_of_the_top_bar_the_panels_and_the_counter():
    """Wherever a tile leaves the grid, its lifted picture at the edge covers nothing to read
    (the turn counter, a side panel) and is hidden by nothing (the top bar)."""
    from scenes.boards.consequence import layout
    from scenes.boards.layers import TOP_BAR

    px = round(layout.TILE_PX * (1 + layout.LIFT_GROWTH))  # lifted all the way: the largest
    around = [TOP_BAR, layout.COUNTER, layout.panel(0).rect, layout.panel(1).rect]
    for square in layout.GRID.squares:
        for direction in range(8):
            x, y = layout.off_grid(square, direction)
            tile = pygame.Rect(0, 0, px, px)
            tile.center = round(x), round(y - layout.LIFT_RISE)
            assert tile.collidelist(around) == -1, (square, direction, tile)


def test_a_review_of_en_blanc_et_noir_rings_no_hidden_score_button(home):
    """A review shows the board as the reviewed seat saw it, without the board's own buttons:
    a better move that scores a card glows on the card, and no ring stands on the empty place
    of the Score button (a glow marks only what the seat can see)."""
    import random

    from helpers.scene_driver import settle

    from game import GAMES
    from game import blanc_noir as bn
    from scenes.app import App, Options
    from scenes.boards.making import spectator_board
    from scenes.kit import callout
    from scenes.storage.settings import SettingsStore

    info = GAMES["blanc-noir"]
    state = info.new_game(players=2, seed=3)
    start, moves, rng = state.clone(), [], random.Random(3)
    while not any(isinstance(m, bn.ScoreCard) for m in state.legal_moves()):
        move = rng.choice(state.legal_moves())
        state.play(move)
        moves.append(str(move))
    score = next(m for m in state.legal_moves() if isinstance(m, bn.ScoreCard))
    app = App(Options(seed=1, speed=10.0), SettingsStore(home))
    try:
        setup = app.quick_setup("blanc-noir", ["human", "human"])
        board = spectator_board(app, setup, start, moves)
        board.enter()
        board.on_show.set_viewer(state.current_player)
        app.manager.switch(board, fade=False)
        settle(app)
        assert not board.score_button.visible  # (a spectator's board has no Score button)
        spots = board.click_path(score)
        assert spots, "the card to score glows"
        canvas = TOOL.RecordingCanvas((1920, 1080))
        callout.note(
            canvas, pygame.Rect(1336, 640, 560, 420), "", "Score it", (0, 0, 0), spots=spots
        )
        rings = [ring.rect for ring, _inside in canvas.rings]
        assert rings and not any(ring.contains(board.score_button.rect) for ring in rings), spots
    finally:
        app.close()
