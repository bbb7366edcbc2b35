"""Presenting only what changed shows what presenting whole shows (issue 41).

Every frame the app draws goes through the recording canvas (`scenes.canvas`): it redraws only
where the frame differs from the last one, and the window is sent only those rectangles. Here
each frame is checked against the same frame drawn whole on a plain Surface and shown whole:
the canvas pixel for pixel, and the window's picture (scaled, at 1280x720) pixel for pixel. No
trail of a moving piece, no stale text may be left.
"""

import ctypes
import ctypes.util
import importlib.util
import math
import random
from pathlib import Path

import pygame
import pytest
from helpers.scene_driver import frames, play_random_moves

from scenes.canvas import Canvas
from scenes.window import darken

ROOT = Path(__file__).resolve().parent.parent
CANVAS = (1920, 1080)
SIZES = [(1920, 1080), (1280, 720), (1366, 768)]


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _c_memcmp():
    """The C library's memcmp, or None where it cannot be found."""
    try:
        memcmp = ctypes.CDLL(ctypes.util.find_library("c")).memcmp
    except (OSError, TypeError, AttributeError):
        return None
    memcmp.restype = ctypes.c_int
    memcmp.argtypes = (ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)
    return memcmp


_MEMCMP = _c_memcmp()


def _same_bytes(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Whether two whole surfaces hold the same bytes, compared where they are (no copy: this
    test compares thousands of frames) by the C library's memcmp, else as 8-byte words (which
    Python compares many times faster than single bytes). pygame.Surface's get_buffer: past a
    recording canvas's, which would mark the frame."""
    one = memoryview(pygame.Surface.get_buffer(a))
    other = memoryview(pygame.Surface.get_buffer(b))
    if one.nbytes != other.nbytes:
        return False
    if _MEMCMP is not None and not one.readonly and not other.readonly:
        here = (ctypes.c_char * one.nbytes).from_buffer(one)
        there = (ctypes.c_char * other.nbytes).from_buffer(other)
        return _MEMCMP(ctypes.addressof(here), ctypes.addressof(there), one.nbytes) == 0
    word = "Q" if one.nbytes % 8 == 0 else "B"
    return one.cast(word) == other.cast(word)


def _same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Whether two pictures have the same colours. Two whole surfaces of one pixel format are
    first compared byte for byte (no copy converted to RGB: this test compares thousands of
    frames), and only where those bytes differ (a colour, or only the unused fourth byte) by
    their colours."""
    plain = a.get_parent() is None and b.get_parent() is None
    alike = plain and (a.get_size(), a.get_masks(), a.get_pitch()) == (
        b.get_size(),
        b.get_masks(),
        b.get_pitch(),
    )
    if alike and _same_bytes(a, b):
        return True
    return _pixels(a) == _pixels(b)


class PartsCheck:
    """Wraps `app.screen.present`: after every frame shown, the canvas and the window must
    equal the same frame drawn and shown whole. Counts the frames shown in parts."""

    def __init__(self, app, window: tuple[int, int]) -> None:
        self.app = app
        self.frames = self.in_parts = self.shaded = 0
        self.changed_share: list[float] = []
        screen = app.screen
        screen.copy_when_headless = True  # these tests read what `present` copied
        screen.window.size = window
        self._present = screen.present
        screen.present = self.present
        #: the plain Surface each whole frame is drawn on, and the one it is shown whole on,
        #: made once (not two new pictures of 8 and 4 MB a frame), cleared before each use
        self._plain = pygame.Surface(CANVAS)
        self._shown: pygame.Surface | None = None

    def whole_frame(self) -> pygame.Surface:
        """The frame as the app draws it, drawn whole on a plain Surface (black, as made)."""
        app, plain = self.app, self._plain
        plain.set_clip(None)
        plain.fill((0, 0, 0))
        canvas = app.canvas
        app.canvas = plain
        try:
            app._draw_all()
        finally:
            app.canvas = canvas
        return plain

    def present(self, rects=None, shade=0) -> None:
        self._present(rects, shade)
        self.frames += 1
        if rects is not None:
            self.in_parts += 1
            self.changed_share.append(sum(r.width * r.height for r in rects) / (1920 * 1080))
        whole = self.whole_frame()
        where = f"frame {self.frames} ({'parts' if rects is not None else 'whole'})"
        assert _same_pixels(self.app.canvas, whole), f"the canvas differs from a whole {where}"
        screen = self.app.screen
        view = screen.view
        surface = screen._surface
        window = surface if view == surface.get_rect() else surface.subsurface(view)
        shown = self._shown
        if shown is None or (shown.get_size(), shown.get_masks()) != (
            view.size,
            surface.get_masks(),
        ):
            shown = self._shown = pygame.Surface(view.size, 0, surface)
        shown.set_clip(None)
        if view.size == CANVAS:
            shown.blit(whole, (0, 0))
        else:
            pygame.transform.smoothscale(whole, view.size, shown)
        if shade:
            darken(shown, shade)  # (a fade: the whole picture shown darker)
            self.shaded += 1
        assert _same_pixels(window, shown), f"the window differs from a whole {where}"


def _moments_tool():
    spec = importlib.util.spec_from_file_location(
        "board_moments", ROOT / "tools" / "board_moments.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _moments_of(app, part: str):
    """(name, picture) of `part`'s moments (`tools/board_moments.py`): the main screens, or
    one board's."""
    tool = _moments_tool()
    if part == "screens":
        return tool._screen_moments(app)
    return ((f"{part}-board-{name}", take) for name, take in tool.board_moments(app, part))


@pytest.mark.slow
@pytest.mark.parametrize("part", ["screens", "whose-foods", "consequence", "blanc-noir"])
def test_every_board_moment_presented_in_parts_is_the_whole_frame(home, part):
    """Every frame on the way through every moment `tools/board_moments.py` renders (each
    board's moves mid-animation and after, the hand-over, the log, the undo's question, the pause
    menu, the end; the main screens), in a 1280x720 window: the canvas (the same at any window
    size) and the scaled parts; 1920x1080's plain copies are checked frame by frame below. One
    part a test, so that test workers share them."""
    window = (1280, 720)
    from scenes.app import App, Options
    from scenes.storage.settings import SettingsStore

    app = App(Options(seed=2, speed=1.0), SettingsStore(home))
    try:
        check = PartsCheck(app, window)
        names = [name for name, take in _moments_of(app, part) if take() is not None]
        assert part == "screens" or any("board-move" in name for name in names)
        assert check.frames > 100
        assert part == "screens" or check.shaded > 5  # (fades on the way: the results...)
        # most frames are shown in parts, and those change a small part of the screen
        assert check.in_parts > check.frames // 2
        shares = sorted(check.changed_share)
        assert shares[len(shares) // 2] < 0.2
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("window", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", ["whose-foods", "consequence", "blanc-noir"])
def test_moving_pieces_presented_in_parts_leave_no_trail(open_board, game, window):
    """Frame by frame through a few moves of each board (pieces flying, effects, the turn
    passing), played by random legal moves: every frame shown in parts, equal to the whole."""
    app, board = open_board(game, ["human", "human"], speed=1.0)
    check = PartsCheck(app, window)
    rng = random.Random(4)
    play_random_moves(app, board, rng, 3, lambda: frames(app, 40))
    assert check.in_parts >= 100
    assert max(check.changed_share) < 0.55


@pytest.mark.parametrize("window", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_fade_darkens_the_window_and_redraws_nothing_of_a_still_scene(open_board, window):
    """A fade between scenes (into the results, a screen opened) changes every pixel of the
    window each frame. It is done in the window, after scaling: over a still board the canvas
    redraws nothing and no part is scaled again, yet every frame shows the whole picture darkened
    by the fade (checked against the frame drawn whole, scaled, then darkened), and the first
    frame after it shows the new screen as it is."""
    app, _board = open_board("whose-foods", ["human", "human"], speed=1.0)
    check = PartsCheck(app, window)
    frames(app, 5)
    shown = []
    present = app.screen.present

    def watched(rects=None, shade=0):
        shown.append((shade, rects))
        present(rects, shade)

    app.screen.present = watched
    app.open_rules("whose-foods")
    frames(app, 40)
    shades = [shade for shade, _rects in shown]
    darkest = shades.index(255)
    assert shades[:darkest] == sorted(shades[:darkest]) and shades[0] == 0
    assert len([shade for shade in shades if shade]) >= 10 and check.shaded >= 10
    going_dark = [rects for shade, rects in shown[1:darkest]]
    assert going_dark and all(rects == [] for rects in going_dark)  # the board stood still
    assert app.manager.current.name == "rules" and shades[-1] == 0 and app.screen.shade == 0
    assert app.screen._clear is None  # (the picture kept apart only while darkened)


def test_the_pause_menu_over_a_board_stopped_mid_move_redraws_nothing(open_board):
    """The pause menu opened while a computer's piece is on its way: the board beneath is drawn
    but no longer updated, so it stays `animating` and frames keep coming (the idle-frame
    contract). Its veil and its panel's shadow are the same pictures every frame, so the canvas
    redraws nothing (made anew each frame, they made every frame whole: about 5 ms a frame for
    as long as the menu stayed open, and the whole canvas scaled in a smaller window)."""
    app, board = open_board("whose-foods", ["ai", "ai"], speed=1.0)
    for _ in range(600):
        frames(app, 1)
        if board.presenter.busy:
            break
    assert board.presenter.busy  # (a piece on its way)
    board.keeper.open_pause()
    frames(app, 5)
    assert app.manager.current.name == "pause" and app.manager.animating
    assert [app.draw_frame() for _ in range(3)] == [[], [], []]


def test_a_glow_and_a_callout_held_steady_are_not_drawn_again(open_board):
    """Whose Foods' glow along a captured line and the callout through it, once they stand
    still, are the same pictures frame after frame: the canvas redraws nothing of them (their
    washes and line were made anew every frame, so every frame redrew them)."""
    from scenes.boards.whose_foods import layout
    from scenes.kit.effects import GOLD, Callout, Glow

    app, board = open_board("whose-foods", ["human", "human"], speed=1.0)
    line = (0, 1, 2)
    board.presenter.glows.append(Glow(line, GOLD, progress=1.0, alpha=255.0))
    centres = tuple(layout.square_centre(square) for square in line)
    board.presenter.callouts.append(Callout("Trio!", centres, GOLD, alpha=255.0, progress=1.0))
    app.draw_frame()
    app.draw_frame()
    rects = app.draw_frame()
    assert rects is not None
    held = layout.square_rect(line[0]).union(layout.square_rect(line[-1]))
    assert not [rect for rect in rects if rect.colliderect(held)]


def test_the_attract_loop_which_scales_its_board_is_drawn_whole_and_right(home):
    """The kiosk's attract loop scales its board through a part of the canvas (it cannot be
    recorded): it is drawn directly, whole, every frame, and shown right."""
    from helpers.kiosk_driver import kiosk_app

    app = kiosk_app(home, attract=True)
    try:
        check = PartsCheck(app, (1280, 720))
        recorded = []
        record = app.canvas.record
        app.canvas.record = lambda: (recorded.append(1), record())[1]
        frames(app, 30)
        assert app.manager.current.name == "attract"
        assert check.frames == 30 and check.in_parts == 0
        assert len(recorded) <= 1  # found unrecordable once, then drawn directly
    finally:
        app.close()


# --- the recording canvas ----------------------------------------------------------------------
def _piece(colour) -> pygame.Surface:
    piece = pygame.Surface((40, 40))
    piece.fill(colour)
    return piece


def _frame(canvas: Canvas, draw) -> list[pygame.Rect] | None:
    canvas.record()
    draw(canvas)
    assert not canvas.unrecordable
    return canvas.finish()


def test_a_piece_that_moves_changes_its_old_and_new_places_only():
    canvas = Canvas((400, 300))
    back, piece = _piece((0, 0, 90)), _piece((200, 0, 0))
    back = pygame.transform.scale(back, (400, 300))

    def at(x):
        return lambda c: (c.blit(back, (0, 0)), c.blit(piece, (x, 100)))

    assert _frame(canvas, at(10)) is None  # the first frame: whole
    assert _frame(canvas, at(10)) == []  # nothing changed
    rects = _frame(canvas, at(200))
    assert rects and all(not r.colliderect(pygame.Rect(100, 0, 80, 300)) for r in rects)
    assert any(r.collidepoint(15, 110) for r in rects) and any(
        r.collidepoint(215, 110) for r in rects
    )
    assert pygame.Surface.get_at(canvas, (15, 110))[:3] == (0, 0, 90)  # no trail
    assert pygame.Surface.get_at(canvas, (215, 110))[:3] == (200, 0, 0)


def test_a_blit_at_whole_pixels_changes_its_rectangle_and_no_pixel_beside_it():
    """A piece blitted at a point of whole pixels changes exactly where it was and where it is
    (nothing around them is redrawn, nor scaled in a window of another size); at a float place
    (rounded by pygame) a margin around it is redrawn too."""
    canvas = Canvas((400, 300))
    back = pygame.transform.scale(_piece((0, 0, 90)), (400, 300))
    piece = _piece((200, 0, 0))
    _frame(canvas, lambda c: (c.blit(back, (0, 0)), c.blit(piece, (10, 100))))
    rects = _frame(canvas, lambda c: (c.blit(back, (0, 0)), c.blit(piece, (200, 100))))
    assert sorted(map(tuple, rects)) == [(10, 100, 40, 40), (200, 100, 40, 40)]
    rects = _frame(canvas, lambda c: (c.blit(back, (0, 0)), c.blit(piece, (300.5, 100.0))))
    assert pygame.Rect(200, 100, 40, 40) in rects
    assert any(r.contains(pygame.Rect(299, 99, 42, 42)) for r in rects)  # (and a margin)
    plain = pygame.Surface((400, 300))
    plain.blit(back, (0, 0))
    plain.blit(piece, (300.5, 100.0))
    assert _pixels(plain) == _pixels(pygame.Surface.copy(canvas))


def test_a_blit_at_a_rect_changes_its_rectangle_and_no_pixel_beside_it():
    """A Rect places a blit at whole pixels too (a piece centred with `get_rect(center=...)`):
    its old and new places change exactly, and the frame is drawn as pygame draws it."""
    canvas = Canvas((400, 300))
    back = pygame.transform.scale(_piece((0, 0, 90)), (400, 300))
    piece = _piece((200, 0, 0))
    _frame(canvas, lambda c: (c.blit(back, (0, 0)), c.blit(piece, piece.get_rect(x=10, y=100))))
    moved = piece.get_rect(center=(220.4, 120.6))
    rects = _frame(canvas, lambda c: (c.blit(back, (0, 0)), c.blit(piece, moved)))
    assert sorted(map(tuple, rects)) == [(10, 100, 40, 40), tuple(moved)]
    plain = pygame.Surface((400, 300))
    plain.blit(back, (0, 0))
    plain.blit(piece, moved)
    assert _pixels(plain) == _pixels(pygame.Surface.copy(canvas))


def test_order_alpha_and_clip_changes_are_changes():
    canvas = Canvas((200, 200))
    red, blue = _piece((255, 0, 0)), _piece((0, 0, 255))
    _frame(canvas, lambda c: (c.fill((0, 0, 0)), c.blit(red, (10, 10)), c.blit(blue, (20, 20))))
    # the same two blits the other way round: blue under red
    _frame(canvas, lambda c: (c.fill((0, 0, 0)), c.blit(blue, (20, 20)), c.blit(red, (10, 10))))
    assert pygame.Surface.get_at(canvas, (30, 30))[:3] == (255, 0, 0)
    red.set_alpha(0)  # the same Surface, now see-through
    _frame(canvas, lambda c: (c.fill((0, 0, 0)), c.blit(blue, (20, 20)), c.blit(red, (10, 10))))
    assert pygame.Surface.get_at(canvas, (15, 15))[:3] == (0, 0, 0)

    def clipped(c):
        c.fill((0, 0, 0))
        c.set_clip(pygame.Rect(0, 0, 30, 200))
        c.blit(blue, (20, 20))
        c.set_clip(None)

    _frame(canvas, clipped)
    assert pygame.Surface.get_at(canvas, (25, 25))[:3] == (0, 0, 255)
    assert pygame.Surface.get_at(canvas, (45, 25))[:3] == (0, 0, 0)


def test_draw_calls_and_alpha_set_again_in_the_same_frame_replay_as_drawn():
    canvas = Canvas((200, 200))
    label = _piece((255, 255, 255))

    def draw(c, x):
        c.fill((0, 0, 0))
        pygame.draw.circle(c, (0, 255, 0), (x, 100), 20)
        label.set_alpha(100)
        c.blit(label, (150, 10))
        label.set_alpha(255)  # (a layer faded for one blit, then set back, as the menu does)

    _frame(canvas, lambda c: draw(c, 40))
    rects = _frame(canvas, lambda c: draw(c, 120))
    assert rects and pygame.Surface.get_at(canvas, (40, 100))[:3] == (0, 0, 0)
    assert pygame.Surface.get_at(canvas, (120, 100))[:3] == (0, 255, 0)
    plain = pygame.Surface((200, 200))
    draw(plain, 120)
    assert _pixels(plain) == _pixels(pygame.Surface.copy(canvas))


def test_every_way_of_placing_a_blit_replays_where_pygame_puts_it():
    """A blit's place as a point of ints or floats, a Rect, an FRect, a Vector2, a rectangle
    as four numbers or two pairs; a part of the source; blits and fblits: the frame redrawn in
    parts equals the same drawing on a plain Surface."""
    canvas = Canvas((300, 200))
    piece = _piece((250, 120, 0))

    def draw(c, x):
        c.fill((0, 0, 30))
        c.blit(piece, (x, 5))
        c.blit(piece, (x + 0.7, 40.2))
        c.blit(piece, pygame.Rect(x, 70, 5, 5))
        c.blit(piece, pygame.FRect(x + 0.5, 100.5, 5, 5))
        c.blit(piece, pygame.Vector2(x, 130.9))
        c.blit(piece, (x + 40, 5, 3, 3), (2, 2, 6, 6))
        c.blit(piece, ((x + 40, 40), (3, 3)))
        c.blits([(piece, (x + 80, 5)), (piece, (x + 80, 40), (0, 0, 4, 4), pygame.BLEND_ADD)])
        c.fblits([(piece, (x + 120, 5)), (piece, (x + 120.5, 40.5))], pygame.BLEND_ADD)

    _frame(canvas, lambda c: draw(c, 10))
    assert _frame(canvas, lambda c: draw(c, 10)) == []
    assert _frame(canvas, lambda c: draw(c, 60))
    plain = pygame.Surface((300, 200))
    draw(plain, 60)
    assert _pixels(plain) == _pixels(pygame.Surface.copy(canvas))


def test_a_frame_that_reads_the_canvas_is_drawn_whole_and_so_is_the_next():
    canvas = Canvas((200, 200))
    _frame(canvas, lambda c: c.fill((9, 9, 9)))
    canvas.record()
    canvas.subsurface((0, 0, 10, 10))  # e.g. scaled into, as the attract loop does
    assert canvas.unrecordable
    canvas.forget()
    canvas.fill((1, 2, 3))  # drawn directly, as the app then does
    assert _frame(canvas, lambda c: c.fill((1, 2, 3))) is None  # whole: not compared


def test_a_copy_of_the_canvas_is_a_plain_picture_and_drawing_through_a_part_is_seen():
    """pygame makes a Canvas's copies and subsurfaces as Canvases without their set-up: they
    draw as plain Surfaces (tests and thumbnails copy the canvas and draw on the copy)."""
    canvas = Canvas((200, 200))
    _frame(canvas, lambda c: c.fill((9, 9, 9)))
    copy = canvas.copy()
    copy.blit(_piece((255, 0, 0)), (0, 0))
    pygame.draw.circle(copy, (0, 255, 0), (100, 100), 10)
    assert copy.get_at((5, 5))[:3] == (255, 0, 0) and copy.get_at((100, 100))[:3] == (0, 255, 0)
    canvas.subsurface((0, 0, 50, 50)).fill((1, 2, 3))  # drawn on the canvas, not recorded
    assert _frame(canvas, lambda c: c.fill((9, 9, 9))) is None  # so the next frame is whole
    assert pygame.Surface.get_at(canvas, (10, 10))[:3] == (9, 9, 9)


def test_a_frame_that_changes_most_of_the_canvas_is_shown_whole():
    canvas = Canvas((200, 200))
    _frame(canvas, lambda c: c.fill((0, 0, 0)))
    assert _frame(canvas, lambda c: c.fill((50, 0, 0))) is None


def test_merged_rectangles_cover_every_change_and_never_overlap():
    """Each merged rectangle is replayed from the bottom operation up once: two overlapping
    would blend twice. Random sets of changed rectangles, and a seat glow's four bands."""
    from scenes.canvas import merge

    bounds = pygame.Rect(0, 0, 1920, 1080)
    rng = random.Random(8)
    glow_bands = [(10, 122, 588, 36), (10, 574, 588, 36), (10, 154, 36, 424), (562, 154, 36, 424)]
    cases = [[pygame.Rect(band) for band in glow_bands]]
    cases += [
        [
            pygame.Rect(
                rng.randrange(-50, 1900),
                rng.randrange(-50, 1060),
                rng.randrange(1, 700),
                rng.randrange(1, 500),
            )
            for _ in range(rng.randrange(1, 9))
        ]
        for _ in range(400)
    ]
    for rects in cases:
        merged = merge(rects, bounds)
        for index, rect in enumerate(merged):
            assert bounds.contains(rect) and rect.collidelist(merged[index + 1 :]) < 0
        for rect in rects:
            rect = rect.clip(bounds)
            covered = sum(rect.clip(part).width * rect.clip(part).height for part in merged)
            assert covered == rect.width * rect.height
    glow = merge(cases[0], bounds)
    assert sum(r.width * r.height for r in glow) < 0.5 * 588 * 488  # bands, not the panel


# --- the window's parts ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("window", "exact"),
    [((1920, 1080), True), ((1280, 720), True), ((960, 540), True), ((3840, 2160), True),
     ((1366, 768), True), ((1600, 900), False), ((2560, 1440), False)],
)  # fmt: skip
def test_parts_are_shown_only_where_the_scale_is_exact(make_app, window, exact):
    """Sizes whose scaling cannot be done part by part with the same pixels show whole; at
    1366x768 (a 1365x768 picture: the width's scale is not exact, the height's is) a part is a
    band of the whole width."""
    app = make_app()
    app.screen.window.size = window
    app.screen.copy_when_headless = True
    app.screen.present()  # (the window surface of the new size)
    parts = app.screen._parts([pygame.Rect(101, 50, 30, 31)])
    assert (parts is not None) == exact
    if parts:
        (source, target), view = parts[0], app.screen.view
        assert source.contains(pygame.Rect(101, 50, 30, 31))
        assert target.width * CANVAS[0] == source.width * view.width
        assert (source.width == CANVAS[0]) == (window == (1366, 768))


@pytest.mark.parametrize("window", [(1366, 768), (1280, 720), (1707, 960)])
def test_parts_shown_at_a_window_size_give_the_pixels_of_the_whole_picture(make_app, window):
    """A busy picture shown whole, then changed in a few places and shown in those parts only:
    the window equals the changed picture shown whole, pixel for pixel (1366x768 and 1707x960:
    bands of the whole width; 1280x720: parts aligned to 3 canvas pixels)."""
    app = make_app()
    screen = app.screen
    screen.window.size = window
    screen.copy_when_headless = True
    canvas, rng = app.canvas, random.Random(5)

    def scatter(count):
        for _ in range(count):
            colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
            box = (
                rng.randrange(1900),
                rng.randrange(1060),
                rng.randrange(2, 60),
                rng.randrange(2, 60),
            )
            pygame.Surface.fill(canvas, colour, box)

    scatter(3000)
    screen.present()
    changed = [pygame.Rect(rng.randrange(1800), rng.randrange(1000), 90, 70) for _ in range(6)]
    for rect in changed:
        pygame.Surface.fill(canvas, (250, 250, 250), rect)
        pygame.Surface.fill(canvas, (9, 60, 200), rect.inflate(-30, -30))
    assert screen._parts(changed) is not None
    screen.present(changed)
    shown = pygame.Surface(screen.view.size)
    pygame.transform.smoothscale(canvas, screen.view.size, shown)
    assert _pixels(screen._surface.subsurface(screen.view)) == _pixels(shown)


def test_a_fading_glow_changes_only_the_pixels_of_its_ring():
    """A seat's glow fading (its ring shown at a new strength each frame) redraws only the
    ring's pixels and a margin: not the clear inside of the bands that frame it, which would be
    replayed and, in a window of another size, scaled every frame of the fade."""
    from scenes.kit import effects_paint
    from scenes.kit.effects import SeatPanel

    canvas, panel = Canvas((900, 800)), SeatPanel()
    back = pygame.Surface((900, 800))
    back.fill((236, 228, 210))
    rect = pygame.Rect(100, 80, 588, 488)

    def at(highlight):
        def draw(c):
            c.blit(back, (0, 0))
            panel.highlight = highlight
            effects_paint.draw_seat_glow(c, rect, panel, (212, 96, 40))

        return draw

    _frame(canvas, at(1.0))
    rects = _frame(canvas, at(0.6))
    assert rects
    outer = rect.inflate(24, 24)
    ring = effects_paint._glow_ring(outer.size, (212, 96, 40, 255))
    ring_pixels = pygame.mask.from_surface(ring, 0).count()
    assert sum(r.width * r.height for r in rects) < 1.5 * ring_pixels
    clear = (effects_paint.GLOW_RADIUS - 6, outer.height // 2)  # inside the ring's side
    assert ring.get_at(clear).a == 0
    assert not [r for r in rects if r.collidepoint(outer.left + clear[0], outer.top + clear[1])]
    plain = pygame.Surface((900, 800))
    at(0.6)(plain)
    assert _pixels(plain) == _pixels(pygame.Surface.copy(canvas))


@pytest.mark.parametrize("window", [(1280, 720), (960, 540), (1366, 768)])
def test_scaled_parts_cover_the_changes_once_each(make_app, window):
    """Widened to the scale's step, changed rectangles that lie close (a glow's side and the
    corner beside it) would overlap: the parts scaled never overlap (no pixel scaled twice),
    are aligned to the step and cover every change."""
    app = make_app()
    screen = app.screen
    screen.window.size = window
    screen.copy_when_headless = True
    screen.present()
    view, rng = screen.view, random.Random(3)
    steps = [(CANVAS[i] // math.gcd(CANVAS[i], view.size[i])) for i in (0, 1)]
    cases = [[pygame.Rect(1874, 574, 22, 4), pygame.Rect(1874, 578, 36, 18)]]
    cases += [
        [
            pygame.Rect(rng.randrange(1900), rng.randrange(1060), rng.randrange(1, 80),
                        rng.randrange(1, 80))
            for _ in range(rng.randrange(1, 12))
        ]
        for _ in range(200)
    ]  # fmt: skip
    for rects in cases:
        parts = screen._parts(rects)
        sources = [source for source, _target in parts]
        for index, source in enumerate(sources):
            assert source.collidelist(sources[index + 1 :]) < 0, (rects, sources)
            for axis, step in enumerate(steps):
                if step <= 64:
                    assert source[axis] % step == 0 and source.size[axis] % step == 0
                else:  # (an axis not scaled exactly: its whole length)
                    assert source[axis] == 0 and source.size[axis] == CANVAS[axis]
        for rect in rects:
            rect = rect.clip(pygame.Rect((0, 0), CANVAS))
            covered = sum(rect.clip(s).width * rect.clip(s).height for s in sources)
            assert covered == rect.width * rect.height
