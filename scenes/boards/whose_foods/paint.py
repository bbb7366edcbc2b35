"""Drawing the Whose Foods board scene: the unchanging table, the pieces, the highlights.

`Painter.static_layer()` renders what never moves once (background, board, tray panels, labels,
the pattern guide); `Painter.draw(...)` blits it and draws what the presenter holds this frame.
Piece pictures are cached by size, so an animation costs a few blits per frame.

Every piece face drawn is reported to `overlay.saw(code, place)` ("board b2" on the board, else
"off the board"), so tests can prove that memory mode never shows a covered piece (WF-10).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game import whose_foods as wf
from game.core.grid import square_name
from scenes.boards import layers
from scenes.boards.layers import table_layer
from scenes.boards.whose_foods import layout
from scenes.boards.whose_foods.presenter import Presenter, Token
from scenes.boards.whose_foods.preview import Preview
from scenes.canvas import kept
from scenes.kit import art, fonts, i18n
from scenes.kit.colour import darker, lighter
from scenes.kit.effects import Glow
from scenes.kit.effects_paint import (
    draw_effects,
    draw_out_stamp,
    draw_seat_glow,
    draw_seat_header,
    draw_targets,
    glow_ahead,
    header_band,
)
from scenes.kit.i18n import N_, _
from scenes.kit.palette import ACCENT, BAD, GOOD, INK, MUTED, PAPER, RGB, WHITE, SeatColour
from scenes.kit.pictures import picture
from scenes.kit.surface_cache import SurfaceCache
from scenes.kit.text_fit import fit_line, fit_lines
from scenes.kit.widgets import draw_panel

NAMES = {
    "LD": N_("Large dog"),
    "LC": N_("Large cat"),
    "SD": N_("Small dog"),
    "SC": N_("Small cat"),
    "LF": N_("Large can"),
    "SF": N_("Small can"),
}
SQUARE_LIGHT = (244, 226, 194)
SQUARE_DARK = (226, 198, 156)
BOARD_WOOD = (150, 92, 52)
OPTION_COLOURS = ((255, 186, 20), (40, 160, 255), (236, 84, 190), (90, 200, 110))
#: what the number on a tray's header is (cans in hand count against it from the start)
SCORE_CAPTION = N_("Score if the game ended now")
SIZE_STEP = 4  # piece pictures are cached at multiples of this many pixels
#: the sizes a piece's picture passes through (from a capture's smallest to a lifted large
#: piece's overshoot): rendered ahead, between frames, when a board opens
PIECE_SIZES = range(32, 168, SIZE_STEP)


def art_of(code: str) -> str:
    """The art name of a piece code: `piece_dog`, `piece_cat` or `piece_can`."""
    return "piece_" + wf.illustration(code)


#: each piece code's art and its size on the board (read for every piece drawn, every frame)
LOOKS = {
    code: (art_of(code), layout.LARGE_PX if wf.is_large(code) else layout.SMALL_PX)
    for code in NAMES
}


def signed(points: float) -> str:
    """Points with a true minus sign."""
    value = round(points)
    return f"−{-value}" if value < 0 else str(value)


@dataclass(frozen=True)
class Overlay:
    """What the painter draws besides the presenter's pieces, from the scene each frame."""

    shown: wf.State  #: the state on show (Whose Foods has no secrets between seats)
    targets: frozenset[int]  #: the squares the piece held may go to (they glow)
    hover_square: int | None
    hover_seat: int | None  #: a seat whose tray header is hovered: its score by part
    selected: Token | None  #: the piece picked up
    drag_pos: tuple[int, int] | None  #: where the piece held is dragged, if it is
    preview: Preview | None  #: what a placement would do (hints)
    saw: Callable[[str, str], None]  #: told of every face drawn (code, place)


class Painter:
    """Draws one Whose Foods scene; holds only caches of pictures."""

    def __init__(self, players: int, colours: Sequence[SeatColour]) -> None:
        self.players = players
        self.colours = list(colours)
        self._static: pygame.Surface | None = None
        pieces = ["piece_hidden", *sorted({art_of(code) for code in NAMES})]
        art.render_ahead((name, (px, px)) for px in reversed(PIECE_SIZES) for name in pieces)
        for seat in range(players):
            glow_ahead(layout.tray(seat).rect, self.colours[seat].rgb)
        self._language = i18n.Watch()  # a switch of language renders the layer again
        self._pieces: dict[tuple[str, int, int], pygame.Surface] = {}
        self._shadows: dict[int, pygame.Surface] = {}
        #: a glow's wash of a square by (size, colour, alpha): a glow held steady is the same
        #: picture frame after frame, so the canvas does not redraw it (scenes.canvas)
        self._washes = SurfaceCache(8 * 1024 * 1024, 256)

    # --- pictures ---------------------------------------------------------------------------------

    def piece_picture(self, art_name: str, px: int, alpha: int = 255) -> pygame.Surface:
        px = max(SIZE_STEP, round(px / SIZE_STEP) * SIZE_STEP)
        key = (art_name, px, alpha)
        surface = self._pieces.get(key)
        if surface is None:
            surface = picture(art_name, (px, px))
            if alpha < 255:
                surface = surface.copy()
                surface.set_alpha(alpha)
            self._pieces[key] = surface
        return surface

    def shadow(self, px: int) -> pygame.Surface:
        px = max(SIZE_STEP, round(px / SIZE_STEP) * SIZE_STEP)
        surface = self._shadows.get(px)
        if surface is None:
            surface = pygame.Surface((px, px // 3), pygame.SRCALPHA)
            pygame.draw.ellipse(surface, (30, 20, 10, 70), surface.get_rect())
            self._shadows[px] = surface
        return surface

    # --- the unchanging layer ---------------------------------------------------------------------

    def static_layer(self) -> pygame.Surface:
        if self._language.changed() or self._static is None:
            key = (type(self), self.players, tuple(self.colours))
            self._static = layers.static_layer(key, self._render_static)
        return self._static

    def _render_static(self) -> pygame.Surface:
        layer = table_layer()
        draw_panel(layer, layout.BOARD_FRAME, BOARD_WOOD, radius=26, shadow=14)
        for square in layout.GRID.squares:
            colour = SQUARE_LIGHT if layout.GRID.is_light(square) else SQUARE_DARK
            pygame.draw.rect(layer, colour, layout.square_rect(square))
        pygame.draw.rect(layer, INK, layout.BOARD, 4)
        draw_panel(layer, layout.SUPPLY, PAPER, radius=24, shadow=10)
        for code in layout.SUPPLY_ORDER:
            group = layout.supply_group_rect(code)
            name, size = fit_line(_(NAMES[code]), fonts.TINY - 4, group.width - 8)
            fonts.blit_text(
                layer, name, size, MUTED, "midbottom", (group.centerx, group.bottom - 12)
            )
        first = layout.supply_group_rect(layout.SUPPLY_ORDER[0])  # (within its focus ring)
        words, room = _("Shared pieces"), first.width - 26
        heading, size = fit_line(words, fonts.TINY - 8, room, True, fonts.TINY - 14)
        at = (layout.SUPPLY.left + 18, layout.SUPPLY.top + 8)
        fonts.blit_text(layer, heading, size, MUTED, "topleft", at, True)
        for seat in range(self.players):
            self._render_tray(layer, seat)
        corners = layout.free_corners(self.players)
        if corners:
            self._render_guide(layer, corners[0])
        if len(corners) > 1:  # the move log (the scene draws its lines)
            draw_panel(layer, corners[1], PAPER, radius=24, shadow=10)
            fonts.blit_text(
                layer,
                _("Moves"),
                fonts.SMALL,
                INK,
                "topleft",
                (corners[1].left + 28, corners[1].top + 20),
                bold=True,
            )
        return layer

    def _render_tray(self, layer: pygame.Surface, seat: int) -> None:
        tray = layout.tray(seat)
        rgb = self.colours[seat].rgb
        draw_panel(layer, tray.rect, PAPER, radius=24, shadow=10)
        header_band(layer, tray.header, rgb)
        for words, top, bottom in (
            (_("Cans in hand (−5 each at the end)"), 94, tray.hand_label_bottom()),
            (_("Captured: 1 point each"), 218, None),
            (_("Cans captured: 2 points each"), 342, None),
        ):
            smallest = fonts.TINY - 10
            words, size = fit_line(
                words, fonts.TINY - 2, tray.rect.width - 48, bold=True, smallest=smallest
            )
            while (
                bottom is not None
                and size > smallest
                and (
                    tray.rect.top
                    + top
                    + fonts.text(words, size, MUTED, bold=True).get_bounding_rect().bottom
                    > bottom
                )
            ):  # (at the large text size it would reach the ring round a can in hand)
                size -= 1
            fonts.blit_text(
                layer, words, size, MUTED, "topleft",
                (tray.rect.left + 24, tray.rect.top + top), bold=True,
            )  # fmt: skip
        last_x, last_y = tray.meter_slot(3)
        for index in range(4):
            x, y = tray.meter_slot(index)
            colour = GOOD if index == 2 else BAD if index == 3 else MUTED
            pygame.draw.circle(layer, lighter(colour, 0.75), (round(x), round(y)), 34)
            pygame.draw.circle(layer, colour, (round(x), round(y)), 34, 3)
            if index >= 2:  # both words beside the meter, in the colours of their slots (one
                # under the third slot would run over the tray's edge)
                word = _("3 wins") if index == 2 else _("4 loses")
                fonts.blit_text(
                    layer, word, fonts.TINY - 4, colour, "midleft",
                    (round(last_x) + 44, round(last_y) + (-16 if index == 2 else 16)), bold=True,
                )  # fmt: skip

    def _render_guide(self, layer: pygame.Surface, rect: pygame.Rect) -> None:
        draw_panel(layer, rect, PAPER, radius=24, shadow=10)
        fonts.blit_text(
            layer,
            _("How pieces are captured"),
            fonts.SMALL,
            INK,
            "topleft",
            (rect.left + 28, rect.top + 20),
            bold=True,
        )
        rows = (
            (("LD", "SD", "LD"), _("Trio: same animal, or same size"), GOOD),
            (("LC", "SF", "SC"), _("Sandwich: animals catch the cans"), GOOD),
            (("LF", "SF", "LF"), _("Three cans in a line: you lose"), BAD),
            (("LD", "SD", "SD", "LD"), _("Four of one animal or one size: you lose"), BAD),
        )
        y = rect.top + 96
        for codes, words, colour in rows:
            x = rect.left + 44
            for code in codes:
                px = 58 if wf.is_large(code) else 42
                layer.blit(self.piece_picture(art_of(code), px), (x - px // 2, y + 30 - px // 2))
                x += 62
            lines, size = fit_lines(words, fonts.TINY - 4, rect.right - x - 24, 2)
            for i, line in enumerate(lines):
                fonts.blit_text(
                    layer,
                    line,
                    size,
                    colour if colour == BAD else INK,
                    "topleft",
                    (x + 8, y + 6 + i * 28),
                )
            y += 74
        for words, below in (
            (_("Exactly 3 cans captured wins; a 4th loses."), 10),
            (_("Only the piece just placed (or uncovered) counts."), 42),
        ):
            words, size = fit_line(words, fonts.TINY - 6, rect.width - 56, smallest=fonts.TINY - 14)
            fonts.blit_text(layer, words, size, MUTED, "topleft", (rect.left + 28, y + below))

    # --- every frame ------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, presenter: Presenter, overlay: Overlay) -> None:
        canvas.blit(self.static_layer(), (0, 0))
        for seat in range(self.players):
            self._draw_tray(canvas, presenter, seat)
        self._draw_squares(canvas, overlay)
        for glow in presenter.glows:
            self._draw_glow(canvas, glow)
        self._draw_tokens(canvas, presenter, overlay)
        self._draw_choice(canvas, presenter)
        self._draw_square_names(canvas)
        self._draw_preview(canvas, overlay.preview)
        draw_effects(canvas, presenter, layout.BOARD_FRAME.width + 200)
        if overlay.hover_seat is not None:
            self._draw_breakdown(canvas, overlay.hover_seat, overlay.shown)

    def _draw_tray(self, canvas: pygame.Surface, presenter: Presenter, seat: int) -> None:
        tray = layout.tray(seat)
        panel = presenter.seats[seat]
        rgb = self.colours[seat].rgb
        dx, dy = presenter.shake_offset(seat)
        draw_seat_glow(canvas, tray.rect.move(dx, dy), panel, rgb)
        header = tray.header.move(dx, dy).inflate(-8, -8)
        points = _("{points} pt").format(points=signed(panel.points))
        draw_seat_header(canvas, header, panel, presenter.names[seat], self.colours[seat], points,
                         presenter.clock, caption=_(SCORE_CAPTION))  # fmt: skip
        if panel.out:
            draw_out_stamp(canvas, tray.rect)

    def _draw_squares(self, canvas: pygame.Surface, overlay: Overlay) -> None:
        rects = {square: layout.square_rect(square) for square in overlay.targets}
        draw_targets(canvas, rects, overlay.hover_square, GOOD)

    def _draw_square_names(self, canvas: pygame.Surface) -> None:
        """Square names on a small plate in each corner, over any outline."""
        kept(canvas, _draw_square_names, _draw_square_names)

    def _draw_glow(self, canvas: pygame.Surface, glow: Glow) -> None:
        count = len(glow.cells)
        lit = glow.progress * count
        for i, square in enumerate(glow.cells):
            strength = max(0.0, min(1.0, lit - i))
            if strength <= 0:
                continue
            rect = layout.square_rect(square).inflate(-8, -8)
            alpha = round(glow.alpha * strength)
            key = (rect.size, glow.colour, alpha)
            canvas.blit(self._washes.get_or_make(key, partial(_wash, *key)), rect)

    def _draw_tokens(self, canvas: pygame.Surface, presenter: Presenter, overlay: Overlay) -> None:
        bx, by = presenter.shake_offset("board")
        board_tokens = {
            id(t): (sq, level)
            for sq, stack in enumerate(presenter.board)
            for level, t in enumerate(stack)
        }
        selected, dragged = overlay.selected, overlay.drag_pos
        for token in sorted(presenter.tokens(), key=lambda t: t.z):
            where = board_tokens.get(id(token))
            covered = where is not None and len(presenter.board[where[0]]) == 2 and where[1] == 0
            offset = (bx, by) if where is not None and token.z < 10 else (0.0, 0.0)
            if token is selected and dragged is not None:
                offset = (dragged[0] - token.x, dragged[1] - token.y)
            if not token.hidden:
                place = "off the board" if where is None else f"board {square_name(where[0])}"
                overlay.saw(token.code, place)
            self._draw_token(canvas, token, covered, offset, token is selected)

    def _draw_token(
        self,
        canvas: pygame.Surface,
        token: Token,
        covered: bool,
        offset: tuple[float, float],
        selected: bool,
    ) -> None:
        art_name, natural = LOOKS[token.code]
        px = max(8, round(natural * token.scale))
        lift = token.lift + (0.6 if selected else 0.0)
        x, y = token.x + offset[0], token.y + offset[1] - 26 * lift
        if token.z > 0 or lift:
            shadow = self.shadow(round(px * (0.9 + 0.25 * lift)))
            centre = (token.x + offset[0] + 6 * lift, token.y + offset[1] + px * 0.38)
            canvas.blit(shadow, shadow.get_rect(center=centre))
        if token.hidden:
            art_name, alpha = "piece_hidden", 255
        else:
            alpha = 120 if covered else round(token.alpha)
        surface = self.piece_picture(art_name, px, alpha)
        if token.flip < 0.999:
            width = max(2, round(surface.get_width() * token.flip))
            surface = pygame.transform.scale(surface, (width, surface.get_height()))
        canvas.blit(surface, surface.get_rect(center=(round(x), round(y))))
        if selected:
            pygame.draw.circle(canvas, ACCENT, (round(x), round(y)), px // 2 + 8, 5)

    def _draw_choice(self, canvas: pygame.Surface, presenter: Presenter) -> None:
        """Each option's line in its colour, and its number on every piece it would take: a
        square in two options shows both numbers side by side."""
        choice = presenter.choice
        if choice is None:
            return
        for index, (_kind, line, squares) in enumerate(choice.options):
            colour = OPTION_COLOURS[index % len(OPTION_COLOURS)]
            chosen = choice.chosen == squares
            inset = -10 - 14 * index
            for square in line:
                rect = layout.square_rect(square).inflate(inset, inset)
                pygame.draw.rect(canvas, colour, rect, 10 if chosen else 6, border_radius=18)
            for square in squares:
                rect = layout.square_rect(square)
                centre = (rect.left + 34 + 46 * index, rect.top + 34)
                pygame.draw.circle(canvas, colour, centre, 20)
                pygame.draw.circle(canvas, INK, centre, 20, 3)
                fonts.blit_text(
                    canvas, str(index + 1), fonts.TINY - 6, INK, "center", centre, bold=True
                )

    def _draw_preview(self, canvas: pygame.Surface, preview: Preview | None) -> None:
        if preview is None:
            return
        for square in preview.captured:
            rect = layout.square_rect(square).inflate(-40, -40)
            pygame.draw.line(canvas, BAD, rect.topleft, rect.bottomright, 9)
            pygame.draw.line(canvas, BAD, rect.topright, rect.bottomleft, 9)
        for square in preview.danger:
            pygame.draw.rect(
                canvas, BAD, layout.square_rect(square).inflate(-12, -12), 6, border_radius=16
            )
        tag = fonts.text(preview.text, fonts.TINY - 2, WHITE, True)
        box = tag.get_rect().inflate(28, 16)
        box.midbottom = (layout.BOARD.centerx, layout.BOARD.top - 6)
        pygame.draw.rect(canvas, BAD if preview.loses else INK, box, border_radius=14)
        canvas.blit(tag, tag.get_rect(center=box.center))

    def _draw_breakdown(self, canvas: pygame.Surface, seat: int, state: wf.State) -> None:
        """The score of `seat` by part, under its tray's header (on hover)."""
        parts = state.breakdown(seat)
        words = wf.DESCRIPTOR.part_words or {}
        rows = [(_(words.get(part, part)), signed(points)) for part, points in parts.items()]
        rows.append((_("Total now"), signed(sum(parts.values()))))
        header = layout.tray(seat).header
        box = pygame.Rect(
            header.left + 20, header.bottom + 4, header.width - 40, 30 + 44 * len(rows)
        )
        draw_panel(canvas, box, INK, radius=18, shadow=8)
        y = box.top + 16
        for index, (label, value) in enumerate(rows):
            bold = index == len(rows) - 1
            fonts.blit_text(canvas, label, fonts.TINY, PAPER, "topleft", (box.left + 24, y), bold)
            fonts.blit_text(canvas, value, fonts.TINY, PAPER, "topright", (box.right - 24, y), bold)
            y += 44


def _draw_square_names(canvas: pygame.Surface) -> None:
    """Square names on a small plate in each corner (the same every frame: kept, `kept`)."""
    for square in layout.GRID.squares:
        rect = layout.square_rect(square)
        label = fonts.text(layout.GRID.name(square), fonts.TINY - 8, darker(SQUARE_DARK, 0.45))
        plate = label.get_rect(bottomleft=(rect.left + 12, rect.bottom - 10)).inflate(8, 2)
        pygame.draw.rect(canvas, SQUARE_LIGHT, plate, border_radius=6)
        canvas.blit(label, label.get_rect(center=plate.center))


def _wash(size: tuple[int, int], colour: RGB, alpha: int) -> pygame.Surface:
    """A square's glow at `alpha`: washed and outlined in `colour`."""
    wash = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(wash, (*colour, alpha * 150 // 255), wash.get_rect(), border_radius=18)
    pygame.draw.rect(wash, (*colour, alpha), wash.get_rect(), 8, border_radius=18)
    return wash
