"""Drawing the Whose Foods board scene: the unchanging table, the pieces, the highlights.

`Painter.static_layer()` renders what never moves once (background, board, tray panels, labels,
the pattern guide); `Painter.draw(...)` blits it and draws what the presenter holds this frame.
Piece pictures are cached by size, so an animation costs a few blits per frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from scenes import whose_foods_layout as layout
from scenes.kit import fonts
from scenes.kit.colour import darker, lighter
from scenes.kit.palette import ACCENT, BAD, GOOD, INK, MUTED, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.widgets import draw_mark, draw_panel
from scenes.whose_foods_presenter import Glow, Popup, Presenter, Token

ART = {"D": "piece_dog", "C": "piece_cat", "F": "piece_can"}
NAMES = {
    "LD": "Large dog",
    "LC": "Large cat",
    "SD": "Small dog",
    "SC": "Small cat",
    "LF": "Large can",
    "SF": "Small can",
}
SQUARE_LIGHT = (244, 226, 194)
SQUARE_DARK = (226, 198, 156)
BOARD_WOOD = (150, 92, 52)
OPTION_COLOURS = ((255, 186, 20), (40, 160, 255), (236, 84, 190), (90, 200, 110))
SIZE_STEP = 4  # piece pictures are cached at multiples of this many pixels


class Painter:
    """Draws one Whose Foods scene; holds only caches of pictures."""

    def __init__(
        self,
        players: int,
        names: Sequence[str],
        colours: Sequence[tuple[str, tuple[int, int, int], str]],
    ) -> None:
        self.players = players
        self.names = list(names)
        self.colours = list(colours)
        self._static: pygame.Surface | None = None
        self._pieces: dict[tuple[str, int, int], pygame.Surface] = {}
        self._shadows: dict[int, pygame.Surface] = {}

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
        if self._static is None:
            self._static = self._render_static()
        return self._static

    def _render_static(self) -> pygame.Surface:
        layer = pygame.Surface((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        bar = pygame.Surface(layout.TOP_BAR.size, pygame.SRCALPHA)
        bar.fill((*INK, 150))
        layer.blit(bar, layout.TOP_BAR)
        draw_panel(layer, layout.BOARD_FRAME, BOARD_WOOD, radius=26, shadow=14)
        for square in range(16):
            rect = layout.square_rect(square)
            col, row = square % 4, square // 4
            pygame.draw.rect(layer, SQUARE_LIGHT if (col + row) % 2 else SQUARE_DARK, rect)
            label = fonts.text("abcd"[col] + str(row + 1), fonts.TINY - 8, darker(SQUARE_DARK, 0.3))
            layer.blit(label, (rect.left + 8, rect.bottom - label.get_height() - 4))
        pygame.draw.rect(layer, INK, layout.BOARD, 4)
        draw_panel(layer, layout.SUPPLY, PAPER, radius=24, shadow=10)
        for code in layout.SUPPLY_ORDER:
            group = layout.supply_group_rect(code)
            fonts.blit_text(
                layer,
                NAMES[code],
                fonts.TINY - 4,
                MUTED,
                "midbottom",
                (group.centerx, group.bottom - 12),
            )
        heading = fonts.text("Shared pieces", fonts.TINY - 6, MUTED, True)
        layer.blit(heading, (layout.SUPPLY.left + 18, layout.SUPPLY.top + 10))
        for seat in range(self.players):
            self._render_tray(layer, seat)
        corners = layout.free_corners(self.players)
        if corners:
            self._render_guide(layer, corners[0])
        if len(corners) > 1:
            draw_panel(layer, corners[1], PAPER, radius=24, shadow=10)
            fonts.blit_text(
                layer,
                "Moves",
                fonts.SMALL,
                INK,
                "topleft",
                (corners[1].left + 28, corners[1].top + 20),
                bold=True,
            )
        return layer

    def _render_tray(self, layer: pygame.Surface, seat: int) -> None:
        tray = layout.tray(seat)
        _, rgb, _ = self.colours[seat]
        draw_panel(layer, tray.rect, PAPER, radius=24, shadow=10)
        header = tray.header.inflate(-8, -8)
        pygame.draw.rect(
            layer, lighter(rgb, 0.55), header, border_top_left_radius=20, border_top_right_radius=20
        )
        small = fonts.TINY - 6
        fonts.blit_text(
            layer,
            "Cans in hand (-5 each at the end)",
            small,
            MUTED,
            "topleft",
            (tray.rect.left + 24, tray.rect.top + 98),
        )
        fonts.blit_text(
            layer,
            "Captured: 1 point each",
            small,
            MUTED,
            "topleft",
            (tray.rect.left + 24, tray.rect.top + 212),
        )
        fonts.blit_text(
            layer,
            "Cans captured: 2 points each",
            small,
            MUTED,
            "topleft",
            (tray.rect.left + 24, tray.rect.top + 346),
        )
        for index in range(4):
            x, y = tray.meter_slot(index)
            colour = GOOD if index == 2 else BAD if index == 3 else MUTED
            pygame.draw.circle(layer, lighter(colour, 0.75), (round(x), round(y)), 34)
            pygame.draw.circle(layer, colour, (round(x), round(y)), 34, 3)
            if index >= 2:
                word = "3 wins" if index == 2 else "4 loses"
                fonts.blit_text(
                    layer,
                    word,
                    fonts.TINY - 8,
                    colour,
                    "midleft" if index == 3 else "midtop",
                    (x + 44, y) if index == 3 else (x, y + 36),
                    bold=True,
                )

    def _render_guide(self, layer: pygame.Surface, rect: pygame.Rect) -> None:
        draw_panel(layer, rect, PAPER, radius=24, shadow=10)
        fonts.blit_text(
            layer,
            "How pieces are captured",
            fonts.SMALL,
            INK,
            "topleft",
            (rect.left + 28, rect.top + 20),
            bold=True,
        )
        rows = (
            (("LD", "SD", "LD"), "Trio: same animal, or same size", GOOD),
            (("LC", "SF", "SC"), "Sandwich: animals catch the cans", GOOD),
            (("LF", "SF", "LF"), "Three cans in a line: you lose", BAD),
        )
        y = rect.top + 96
        for codes, words, colour in rows:
            x = rect.left + 44
            for code in codes:
                px = 58 if code[0] == "L" else 42
                layer.blit(self.piece_picture(ART[code[1]], px), (x - px // 2, y + 30 - px // 2))
                x += 62
            lines = fonts.wrap(words, fonts.TINY - 4, rect.right - x - 24)
            for i, line in enumerate(lines[:2]):
                fonts.blit_text(
                    layer,
                    line,
                    fonts.TINY - 4,
                    colour if colour == BAD else INK,
                    "topleft",
                    (x + 8, y + 6 + i * 28),
                )
            y += 86
        fonts.blit_text(
            layer,
            "Exactly 3 cans captured wins; a 4th loses.",
            fonts.TINY - 6,
            MUTED,
            "topleft",
            (rect.left + 28, y + 10),
        )
        fonts.blit_text(
            layer,
            "Only the piece just placed (or uncovered) counts.",
            fonts.TINY - 6,
            MUTED,
            "topleft",
            (rect.left + 28, y + 42),
        )

    # --- every frame ------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, presenter: Presenter, scene: Any) -> None:
        canvas.blit(self.static_layer(), (0, 0))
        for seat in range(self.players):
            self._draw_tray(canvas, presenter, seat)
        self._draw_log(canvas, scene.move_log)
        self._draw_squares(canvas, presenter, scene)
        for glow in presenter.glows:
            self._draw_glow(canvas, glow)
        self._draw_tokens(canvas, presenter, scene)
        self._draw_choice(canvas, presenter)
        self._draw_preview(canvas, scene.preview)
        for popup in presenter.popups:
            self._draw_popup(canvas, popup)
        if presenter.banner is not None:
            self._draw_banner(canvas, presenter.banner)

    def _draw_tray(self, canvas: pygame.Surface, presenter: Presenter, seat: int) -> None:
        tray = layout.tray(seat)
        state = presenter.trays[seat]
        _, rgb, mark = self.colours[seat]
        dx, dy = presenter.shake_offset(seat)
        header = tray.header.move(dx, dy)
        if state.highlight > 0.02:
            glow = pygame.Surface(tray.rect.inflate(24, 24).size, pygame.SRCALPHA)
            pygame.draw.rect(
                glow, (*rgb, round(170 * state.highlight)), glow.get_rect(), 10, border_radius=32
            )
            canvas.blit(glow, tray.rect.inflate(24, 24).move(dx, dy))
        draw_mark(canvas, mark, (header.left + 48, header.centery), 24, rgb)
        name = self.names[seat]
        size = fonts.fit(name, fonts.LARGE - 8, header.width - 260, bold=True)
        fonts.blit_text(
            canvas, name, size, INK, "midleft", (header.left + 86, header.centery), bold=True
        )
        points = round(state.points)
        fonts.blit_text(
            canvas,
            f"{points} pt",
            fonts.LARGE - 8,
            INK,
            "midright",
            (header.right - 24, header.centery),
            bold=True,
        )
        if state.thinking:
            dots = "." * (1 + int(presenter.clock * 3) % 3)
            fonts.blit_text(
                canvas,
                f"thinking{dots}",
                fonts.TINY - 4,
                MUTED,
                "topright",
                (tray.rect.right - 24, tray.rect.top + 98),
            )
        if state.winner:
            canvas.blit(picture("crown", (72, 72)), (header.right - 200, header.top - 30))
        if state.out:
            veil = pygame.Surface(tray.rect.size, pygame.SRCALPHA)
            veil.fill((*PAPER, 170))
            canvas.blit(veil, tray.rect)
            stamp = fonts.text("OUT", fonts.HEADING, BAD, True)
            stamp = pygame.transform.rotate(stamp, 12)
            canvas.blit(stamp, stamp.get_rect(center=tray.rect.center))

    def _draw_log(self, canvas: pygame.Surface, lines: Sequence[str]) -> None:
        corners = layout.free_corners(self.players)
        if len(corners) < 2:
            return
        rect = corners[1]
        for i, line in enumerate(lines[-9:]):
            fonts.blit_text(
                canvas,
                line,
                fonts.TINY - 4,
                INK,
                "topleft",
                (rect.left + 28, rect.top + 84 + i * 38),
            )

    def _draw_squares(self, canvas: pygame.Surface, presenter: Presenter, scene: Any) -> None:
        legal = scene.target_squares
        if not legal:
            return
        wash = pygame.Surface((layout.SQUARE, layout.SQUARE), pygame.SRCALPHA)
        wash.fill((*GOOD, 70))
        for square in legal:
            rect = layout.square_rect(square)
            canvas.blit(wash, rect)
            pygame.draw.rect(canvas, GOOD, rect.inflate(-6, -6), 5, border_radius=14)
        if scene.hover_square in legal:
            rect = layout.square_rect(scene.hover_square)
            pygame.draw.rect(canvas, WHITE, rect.inflate(-6, -6), 6, border_radius=14)

    def _draw_glow(self, canvas: pygame.Surface, glow: Glow) -> None:
        count = len(glow.squares)
        lit = glow.progress * count
        for i, square in enumerate(glow.squares):
            strength = max(0.0, min(1.0, lit - i))
            if strength <= 0:
                continue
            rect = layout.square_rect(square).inflate(-8, -8)
            wash = pygame.Surface(rect.size, pygame.SRCALPHA)
            alpha = round(glow.alpha * strength)
            pygame.draw.rect(
                wash, (*glow.colour, alpha * 150 // 255), wash.get_rect(), border_radius=18
            )
            pygame.draw.rect(wash, (*glow.colour, alpha), wash.get_rect(), 8, border_radius=18)
            canvas.blit(wash, rect)

    def _draw_tokens(self, canvas: pygame.Surface, presenter: Presenter, scene: Any) -> None:
        bx, by = presenter.shake_offset("board")
        board_tokens = {
            id(t): (sq, level)
            for sq, stack in enumerate(presenter.board)
            for level, t in enumerate(stack)
        }
        selected = scene.selected_token
        for token in sorted(presenter.tokens(), key=lambda t: t.z):
            where = board_tokens.get(id(token))
            covered = where is not None and len(presenter.board[where[0]]) == 2 and where[1] == 0
            offset = (bx, by) if where is not None and token.z < 10 else (0.0, 0.0)
            self._draw_token(canvas, token, covered, offset, token is selected)

    def _draw_token(
        self,
        canvas: pygame.Surface,
        token: Token,
        covered: bool,
        offset: tuple[float, float],
        selected: bool,
    ) -> None:
        natural = layout.LARGE_PX if token.large else layout.SMALL_PX
        px = max(8, round(natural * token.scale))
        lift = token.lift + (0.6 if selected else 0.0)
        x, y = token.x + offset[0], token.y + offset[1] - 26 * lift
        if token.z > 0 or lift:
            shadow = self.shadow(round(px * (0.9 + 0.25 * lift)))
            canvas.blit(
                shadow,
                shadow.get_rect(
                    center=(token.x + offset[0] + 6 * lift, token.y + offset[1] + px * 0.38)
                ),
            )
        if token.hidden:
            art_name, alpha = "piece_hidden", 255
        else:
            art_name = ART[token.code[1]]
            alpha = 120 if covered else round(token.alpha)
        surface = self.piece_picture(art_name, px, alpha)
        if token.flip < 0.999:
            width = max(2, round(surface.get_width() * token.flip))
            surface = pygame.transform.scale(surface, (width, surface.get_height()))
        canvas.blit(surface, surface.get_rect(center=(round(x), round(y))))
        if selected:
            pygame.draw.circle(canvas, ACCENT, (round(x), round(y)), px // 2 + 8, 5)

    def _draw_choice(self, canvas: pygame.Surface, presenter: Presenter) -> None:
        choice = presenter.choice
        if choice is None:
            return
        for index, (_, line, squares) in enumerate(choice.options):
            colour = OPTION_COLOURS[index % len(OPTION_COLOURS)]
            chosen = choice.chosen == squares
            inset = -10 - 10 * index
            for square in line:
                rect = layout.square_rect(square).inflate(inset, inset)
                pygame.draw.rect(canvas, colour, rect, 10 if chosen else 6, border_radius=18)
            for square in squares:
                x, y = layout.square_rect(square).topright
                x -= 22 + 30 * index
                pygame.draw.circle(canvas, colour, (x, y + 22), 18)
                pygame.draw.circle(canvas, INK, (x, y + 22), 18, 3)
                fonts.blit_text(
                    canvas, str(index + 1), fonts.TINY - 6, INK, "center", (x, y + 23), bold=True
                )

    def _draw_preview(self, canvas: pygame.Surface, preview: Any) -> None:
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

    def _draw_popup(self, canvas: pygame.Surface, popup: Popup) -> None:
        size = fonts.TITLE if popup.size == "huge" else fonts.HEADING
        surface = _outlined(popup.text, size, popup.colour)
        if abs(popup.scale - 1) > 0.01:
            surface = pygame.transform.smoothscale_by(surface, max(0.05, popup.scale))
        surface.set_alpha(round(popup.alpha))
        canvas.blit(surface, surface.get_rect(center=(round(popup.x), round(popup.y))))

    def _draw_banner(self, canvas: pygame.Surface, banner: Popup) -> None:
        size = fonts.fit(banner.text, fonts.HEADING, layout.BOARD_FRAME.width + 200, bold=True)
        words = _outlined(banner.text, size, banner.colour)
        box = words.get_rect().inflate(80, 50)
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*INK, 225), plate.get_rect(), border_radius=28)
        pygame.draw.rect(plate, banner.colour, plate.get_rect(), 6, border_radius=28)
        plate.blit(words, words.get_rect(center=plate.get_rect().center))
        if abs(banner.scale - 1) > 0.01:
            plate = pygame.transform.smoothscale_by(plate, max(0.05, banner.scale))
        plate.set_alpha(round(banner.alpha))
        canvas.blit(plate, plate.get_rect(center=(round(banner.x), round(banner.y))))


_outlined_cache: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}


def _outlined(words: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Bold text with a dark outline, readable over anything (cached; copy before changing)."""
    key = (words, size, colour)
    surface = _outlined_cache.get(key)
    if surface is None:
        face = fonts.text(words, size, colour, True)
        edge = fonts.text(words, size, INK, True)
        surface = pygame.Surface((face.get_width() + 8, face.get_height() + 8), pygame.SRCALPHA)
        for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3), (-2, -2), (2, 2), (-2, 2), (2, -2)):
            surface.blit(edge, (4 + dx, 4 + dy))
        surface.blit(face, (4, 4))
        if len(_outlined_cache) > 64:
            _outlined_cache.clear()
        _outlined_cache[key] = surface
    return surface.copy()
