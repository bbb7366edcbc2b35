"""The worst frames of a computer game made cheaper (issue 41): Python's garbage collector kept
out of drawn frames, and no picture made anew every frame while a glow fades or a pop-up holds
its size. The pictures stay the very same (tests/test_present_parts.py, test_board_moments.py)."""

import gc

import pygame
import pytest

from scenes.app import App, Options
from scenes.kit import effects_paint
from scenes.kit.effects import Popup, SeatPanel
from scenes.manager import Scene
from scenes.storage.settings import SettingsStore


class Watching(Scene):
    """Notes, at each update and drawing, whether the collector may start a pass."""

    name = "watching"

    def __init__(self):
        self.collector_on: list[bool] = []

    def update(self, dt):
        self.collector_on.append(gc.isenabled())

    def draw(self, canvas):
        self.collector_on.append(gc.isenabled())

    @property
    def animating(self):
        return True


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TRIO_HOME", str(tmp_path))
    made = App(Options(seed=1), SettingsStore(tmp_path))
    pygame.event.clear()
    yield made
    made.close()


def test_no_collection_starts_while_a_frame_is_worked_out_and_shown(app):
    scene = Watching()
    app.manager.switch(scene, fade=False)
    app.run(frames=5, fixed_dt=1 / 60)
    assert len(scene.collector_on) >= 8 and not any(scene.collector_on)
    assert gc.isenabled()  # between frames it runs as always


def test_start_ups_objects_are_kept_out_of_later_collections_until_the_app_closes(tmp_path):
    assert gc.get_freeze_count() == 0
    made = App(Options(seed=1), SettingsStore(tmp_path))
    try:
        assert gc.get_freeze_count() > 1000  # (the modules, fonts and window of start-up)
        frozen = gc.get_freeze_count()
        made.run(frames=2, fixed_dt=1 / 60)
        assert gc.get_freeze_count() <= frozen  # (nothing frozen later; some freed by refcount)
        scene = made.manager.current  # made after: the collector still sees it (test_kiosk.py)
        assert scene is not None and any(seen is scene for seen in gc.get_objects())
    finally:
        made.close()
    assert gc.get_freeze_count() == 0  # the next app (a test's) starts from none


def _on_paper(draw) -> bytes:
    canvas = pygame.Surface((700, 600))
    canvas.fill((236, 228, 210))
    pygame.draw.circle(canvas, (40, 90, 160), (300, 300), 200)
    draw(canvas)
    return pygame.image.tobytes(canvas, "RGB")


@pytest.mark.parametrize("highlight", [0.05, 0.31, 0.5, 0.77, 1.0])
def test_a_fading_glow_is_one_ring_shown_at_its_strength_with_the_same_pixels(highlight):
    rect, rgb = pygame.Rect(60, 50, 520, 440), (212, 96, 40)
    effects_paint._glows.clear()
    panel = SeatPanel()
    panel.highlight = highlight

    def drawn_as_before(canvas):  # a ring drawn at the glow's strength, whole
        outer = rect.inflate(24, 24)
        ring = effects_paint._glow_ring(outer.size, (*rgb, round(170 * highlight)))
        canvas.blit(ring, outer)

    assert _on_paper(lambda c: effects_paint.draw_seat_glow(c, rect, panel, rgb)) == _on_paper(
        drawn_as_before
    )
    rings = {id(surface) for surface, _size in effects_paint._glows._items.values()}
    panel.highlight = highlight / 2
    _on_paper(lambda c: effects_paint.draw_seat_glow(c, rect, panel, rgb))
    assert {id(surface) for surface, _size in effects_paint._glows._items.values()} == rings


def test_a_pop_up_holding_its_size_is_one_picture_its_alpha_set_as_it_fades(app):
    popup = Popup("+4", 400, 300, (240, 200, 60), alpha=255, scale=1.0)
    first = effects_paint.popup_surface(popup)
    popup.alpha, popup.y = 128, 280
    assert effects_paint.popup_surface(popup) is first
    popup.scale = 1.3  # (popping: a picture at that scale)
    grown = effects_paint.popup_surface(popup)
    assert grown is not first and grown.get_width() > first.get_width()


def test_pictures_asked_for_ahead_are_rendered_between_frames_of_a_running_app(app):
    from scenes.kit import ahead, art

    wanted = [("piece_dog", (132, 132)), ("tile_red", (148, 148)), ("no_such_art", (40, 40))]
    for key in wanted:
        art._cache.discard(key)
    art._ahead.clear()  # (other boards' pictures asked for by earlier tests)
    ahead.clear()  # (and their other work, done first)
    art.render_ahead(wanted)
    app.run(frames=len(art._ahead) + 3)  # (real time: the loop waits between its frames)
    assert ("piece_dog", (132, 132)) in art._cache and ("tile_red", (148, 148)) in art._cache
    assert not art._ahead  # an unknown name is dropped, left to its stand-in when drawn


def test_each_board_asks_ahead_for_the_pictures_its_moves_pass_through():
    from scenes.boards.blanc_noir.card_art import CardArt
    from scenes.boards.consequence.paint import Painter as ConsequencePainter
    from scenes.boards.whose_foods.paint import Painter as WhoseFoodsPainter
    from scenes.kit import art
    from scenes.kit.palette import SEAT_COLOURS

    art._ahead.clear()
    WhoseFoodsPainter(2, SEAT_COLOURS["standard"][:2])
    assert {("piece_dog", (px, px)) for px in (40, 96, 144, 160)} <= set(art._ahead)
    ConsequencePainter(SEAT_COLOURS["standard"][:2])
    assert {("tile_blue", (px, px)) for px in (116, 140, 160)} <= set(art._ahead)
    CardArt(2)
    assert ("land_white", (256, 256)) in art._ahead
    art._ahead.clear()


LONG_LINE = "Clover: small can on c3 – trio by size: takes 3, +3 (and −5 for a can in hand)"
GAMES = ["whose-foods", "consequence", "blanc-noir"]


def _open_with_work_ahead_done(open_board, game):
    """A new board, and frames run until the work it asked for ahead is done."""
    from scenes.kit import ahead

    app, board = open_board(game, ["human", "human"], speed=1.0)
    for _ in range(600):  # (real time: the loop does such work only while it would wait)
        if not ahead.waiting():
            break
        app.run(frames=1)
    assert not ahead.waiting()
    return app, board


@pytest.mark.parametrize("game", GAMES)
def test_a_board_draws_every_seats_glow_ring_between_its_first_frames(open_board, game):
    """Drawing a seat's glow ring costs a frame about a millisecond the first time: each is
    drawn in the time the loop waits between frames, not in the frame in which the turn first
    passes to that seat."""
    from scenes.kit import ahead

    ahead.clear()
    effects_paint._glows.clear()
    _app, board = _open_with_work_ahead_done(open_board, game)
    assert len(effects_paint._glows) == board.setup.players  # (the seat not playing first too)


@pytest.mark.parametrize("game", GAMES)
def test_a_board_readies_the_faces_of_a_moves_words_between_its_first_frames(open_board, game):
    """The faces a move's line is fitted in, size after size, in the status bar, and a seat's
    new score in its header, are made (and their glyphs loaded) between frames, not in the frame
    in which the move ends."""
    from scenes.boards import status
    from scenes.kit import ahead, fonts

    ahead.clear()
    fonts._default_font.cache_clear()
    _open_with_work_ahead_done(open_board, game)
    opened = fonts._default_font.cache_info().misses
    lines, size = status.status_lines(LONG_LINE, 900)
    assert len(lines) == 2 and size < fonts.BODY  # (fitted at size after size: every face ready)
    for points in ("−17 pt", "+4"):
        fonts.fit(points, fonts.LARGE - 8, 60, True, effects_paint.POINTS_SMALLEST)
    assert fonts._default_font.cache_info().misses == opened
