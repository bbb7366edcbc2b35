"""Drawing the Consequence board: the grid between Moon's side and Sun's side, the tiles (backs,
or faces where the seat on show may see them), restriction tags, push arrows and previews, the
turn counter and the reveal's pair lines.

Every face drawn is reported to `overlay.saw(code, place)`, so tests can prove that no face was
ever drawn for a seat that may not see it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game import consequence as cq
from scenes.boards import layers
from scenes.boards.consequence import layout
from scenes.boards.consequence.ending import pairs_words
from scenes.boards.consequence.presenter import Marker, PairLine, Presenter, Tile, View
from scenes.boards.layers import table_layer
from scenes.canvas import kept
from scenes.kit import fonts, i18n, last_move
from scenes.kit.art import render_ahead
from scenes.kit.colour import darker, lighter
from scenes.kit.drawn_boxes import note_must_read
from scenes.kit.effects_paint import (
    draw_effects,
    draw_seat_glow,
    draw_seat_header,
    draw_targets,
    glow_ahead,
    header_band,
)
from scenes.kit.i18n import N_, _, ngettext
from scenes.kit.palette import ACCENT, BAD, GOOD, INK, MUTED, PAPER, WHITE, SeatColour
from scenes.kit.pictures import picture
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import draw_panel

GRID_LIGHT = (236, 224, 204)
GRID_DARK = (222, 206, 180)
FRAME = (92, 78, 110)
FACE = (250, 244, 232)
SYMBOL_ART = {"M": "symbol_moon", "S": "symbol_sun", "D": "symbol_dot"}
#: the sizes a tile's back passes through (from a hand's to a lifted tile's on the grid):
#: rendered ahead, between frames, when a board opens
TILE_SIZES = range(
    round(layout.TILE_PX * layout.HAND_SCALE / 4) * 4,
    round(layout.TILE_PX * (1 + layout.LIFT_GROWTH) / 4) * 4 + 4,
    4,
)
#: what each seat scores, under its name (seat 0 is Moon)
ROLE_WORDS = (N_("Moon: scores pairs of moons"), N_("Sun: scores pairs of suns"))
#: the board's guide under the turn counter: what the counter, the dots and the one tile of the
#: other symbol in each hand are for (CQ-3, CQ-15, CQ-19)
GUIDE = (
    N_("After turn {limit} the tiles left in hand are placed, then every tile turns up."),
    N_(
        "Dots score for nobody. Each hand's one tile of the other symbol scores for the other side."
    ),
)
#: what each seat scores, at the foot of its panel, in words anyone can check on the board
SCORING_WORDS = (
    N_("Each two moons side by side or corner to corner score 1 point for Moon, counted when "
       "every tile turns face up at the end."),
    N_("Each two suns side by side or corner to corner score 1 point for Sun, counted when every "
       "tile turns face up at the end."),
)  # fmt: skip
HIDDEN_WORDS = N_("Every tile, blue or red, hides a moon, a sun or a dot.")
# TRANSLATORS: beside two symbols drawn touching, at the foot of a player's panel
PAIR_WORDS = N_("= 1 point")
#: the foot of a panel that says what is counted
SCORING_HEIGHT = 262
#: the widest a line under the turn counter may be: between the two seats' panels
GUIDE_WIDTH = layout.panel(1).rect.left - layout.panel(0).rect.right - 24
TAGS = {"move": (N_("may not move"), BAD), "push": (N_("no push-off"), ACCENT)}


#: how far a square's name stands in from its corner: out of reach of the ring of light
#: around a neighbouring square (a lesson's glow, the review's); under a tile on the square
LABEL_INSET = 26


@dataclass(frozen=True)
class PushPreview:
    """Where every tile of a push goes, and the tile that falls off and to whom."""

    moves: tuple[tuple[int, int], ...]
    off: int | None
    receiver: str


@dataclass(frozen=True)
class Overlay:
    """What the painter draws besides the presenter's tiles, from the scene each frame."""

    shown: View  #: the view of the seat on show
    targets: frozenset[int]  #: where the tile held may go (they glow)
    hover_square: int | None
    hover_arrow: int | None  #: the push arrow under the pointer
    selected: Tile | None  #: the tile picked up
    drag_pos: tuple[int, int] | None  #: where a tile is dragged, if one is
    #: a hand tile waiting on an empty square: (square, code, push directions, Place legal,
    #: pushes refused)
    pending: tuple[int, str, list[int], bool, list[int]] | None
    push_preview: PushPreview | None  #: where each tile of the hovered push goes
    saw: Callable[[str, str], None]  #: told of every face drawn (code, place)
    #: draws the last-move marker (over the tiles, under the tags)
    last_move: Callable[[pygame.Surface], None] = lambda canvas: None


#: an arrow in its own frame (along the push, across it), in pixels: a shaft, then a head whose
#: tip is the point furthest from the centre, so it reads the same way in all eight directions
ARROW_SHAPE = ((-17, -4), (1, -4), (1, -13), (21, 0), (1, 13), (1, 4), (-17, 4))


def arrow_outline(centre: tuple[float, float], direction: int) -> list[tuple[float, float]]:
    """The push arrow's polygon around `centre`, pointing in `direction` (0 = N, clockwise)."""
    dx, dy = layout.STEPS[direction]
    norm = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / norm, dy / norm
    x, y = centre
    return [(x + ux * a - uy * b, y + uy * a + ux * b) for a, b in ARROW_SHAPE]


def tag_rect(square: int, label: tuple[int, int]) -> pygame.Rect:
    """Where a square's tag ("no push-off") of a `label` this size stands: at the top of the
    square, clear of its name in the corner, inside the last-move marker's ring."""
    rect = layout.square_rect(square)
    tag = pygame.Rect((0, 0), label).inflate(18, 8)
    tag.midtop = (rect.centerx, rect.top + last_move.INSET + last_move.WIDTH + 6)
    return tag


class Painter:
    """Draws one Consequence board; holds only caches of pictures."""

    def __init__(self, colours: Sequence[SeatColour]) -> None:
        self.colours = list(colours)
        self._static: pygame.Surface | None = None
        self._language = i18n.Watch()  # a switch of language renders the layer again
        self._pictures: dict[tuple[str, int], pygame.Surface] = {}
        render_ahead((name, (px, px)) for px in TILE_SIZES for name in ("tile_red", "tile_blue"))
        for seat, colour in enumerate(self.colours):
            glow_ahead(layout.panel(seat).rect, colour.rgb)

    def art(self, name: str, px: int) -> pygame.Surface:
        px = max(8, round(px / 4) * 4)
        key = (name, px)
        if key not in self._pictures:
            self._pictures[key] = picture(name, (px, px))
        return self._pictures[key]

    # --- the unchanging layer ---------------------------------------------------------------------

    def static_layer(self) -> pygame.Surface:
        if self._language.changed() or self._static is None:
            self._static = layers.static_layer(
                (type(self), tuple(self.colours)), self._render_static
            )
        return self._static

    def _render_static(self) -> pygame.Surface:
        layer = table_layer()
        draw_panel(layer, layout.BOARD_FRAME, FRAME, radius=26, shadow=14)
        for square in layout.GRID.squares:
            colour = GRID_LIGHT if layout.GRID.is_light(square) else GRID_DARK
            rect = layout.square_rect(square)
            pygame.draw.rect(layer, colour, rect)
            label = fonts.text(layout.GRID.name(square), fonts.TINY - 8, darker(GRID_DARK, 0.4))
            # (in from the square's corner, out of reach of a neighbour's glow)
            corner = rect.inflate(-2 * LABEL_INSET, -2 * LABEL_INSET)
            layer.blit(label, label.get_rect(bottomleft=corner.bottomleft))
        pygame.draw.rect(layer, INK, layout.BOARD, 4)
        for seat in (0, 1):
            self._render_side(layer, seat)
        return layer

    def _render_side(self, layer: pygame.Surface, seat: int) -> None:
        side = layout.panel(seat)
        rgb = self.colours[seat].rgb
        draw_panel(layer, side.rect, PAPER, radius=24, shadow=10)
        header_band(layer, side.header, rgb)
        symbol = cq.SEAT_SYMBOLS[seat]
        role = _(ROLE_WORDS[seat])
        icon = self.art(SYMBOL_ART[symbol], 40)
        layer.blit(icon, (side.rect.left + 24, side.rect.top + 100))
        words, size = fit_line(
            role, fonts.TINY, side.rect.width - 100, bold=True, smallest=fonts.TINY - 10
        )
        at = (side.rect.left + 74, side.rect.top + 120)
        fonts.blit_text(layer, words, size, INK, "midleft", at, bold=True)
        self._render_scoring(layer, seat)

    def _render_scoring(self, layer: pygame.Surface, seat: int) -> None:
        """The foot of a panel: two of the seat's symbols touching "= 1 point", and what is
        counted when, under what a passer-by sees (blue and red tiles)."""
        side = layout.panel(seat)
        foot = pygame.Rect(side.rect.left + 16, side.rect.bottom - SCORING_HEIGHT - 14,
                           side.rect.width - 32, SCORING_HEIGHT)  # fmt: skip
        pygame.draw.rect(layer, lighter(self.colours[seat].rgb, 0.82), foot, border_radius=16)
        icon = self.art(SYMBOL_ART[cq.SEAT_SYMBOLS[seat]], 52)
        left, top = foot.left + 14, foot.top + 12
        for i in range(2):
            tile = pygame.Rect(left + i * 62, top, 62, 62)
            pygame.draw.rect(layer, FACE, tile, border_radius=10)
            pygame.draw.rect(layer, INK, tile, 3, border_radius=10)
            layer.blit(icon, icon.get_rect(center=tile.center))
        fonts.blit_text(layer, _(PAIR_WORDS), fonts.SMALL, INK, "midleft",
                        (left + 140, top + 31), bold=True)  # fmt: skip
        text = pygame.Rect(foot.left + 14, top + 76, foot.width - 28, 120)
        scoring, hidden = _(SCORING_WORDS[seat]), _(HIDDEN_WORDS)
        less = 0  # both paragraphs made smaller together until they stand in the foot
        while less < 8 and fonts.paragraph_height(
            scoring, fonts.TINY - 2 - less, text.width, 1.0
        ) + 6 + fonts.paragraph_height(hidden, fonts.TINY - 4 - less, text.width, 1.0) > (
            foot.bottom - 4 - text.top
        ):
            less += 2
        y = fonts.blit_paragraph(layer, scoring, fonts.TINY - 2 - less, INK, text, 1.0)
        fonts.blit_paragraph(layer, hidden, fonts.TINY - 4 - less, MUTED,
                             pygame.Rect(text.left, y + 6, text.width, 40), 1.0)  # fmt: skip

    # --- every frame ------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, presenter: Presenter, overlay: Overlay) -> None:
        canvas.blit(self.static_layer(), (0, 0))
        for seat in (0, 1):
            self._draw_side(canvas, presenter, seat)
        self._draw_counter(canvas, overlay.shown)
        self._draw_targets(canvas, overlay)
        for glow in presenter.glows:
            for square in glow.cells:
                rect = layout.square_rect(square).inflate(-6, -6)
                pygame.draw.rect(canvas, glow.colour, rect, 10, border_radius=18)
        for tile in sorted(presenter.tiles(), key=lambda t: t.z):
            self._draw_tile(canvas, tile, presenter, overlay)
        overlay.last_move(canvas)
        for marker in presenter.markers:
            self._draw_marker(canvas, marker)
        for line in presenter.pairs:
            self._draw_pair(canvas, line)
        self._draw_pending(canvas, overlay)
        draw_effects(canvas, presenter, layout.BOARD_FRAME.width + 200)

    def _draw_side(self, canvas: pygame.Surface, presenter: Presenter, seat: int) -> None:
        side = layout.panel(seat)
        panel = presenter.seats[seat]
        rgb = self.colours[seat].rgb
        draw_seat_glow(canvas, side.rect, panel, rgb)
        count = len(presenter.hands[seat])
        if presenter.over:
            points = pairs_words(round(panel.points))
        else:
            points = ngettext("{count} tile", "{count} tiles", count).format(count=count)
        header = side.header.inflate(-8, -8)
        draw_seat_header(canvas, header, panel, presenter.names[seat], self.colours[seat], points,
                         presenter.clock)  # fmt: skip
        note_must_read(canvas, header, f"{presenter.names[seat]}'s header")
        side_px = round(layout.TILE_PX * layout.HAND_SCALE)
        for index, tile in enumerate(presenter.hands[seat]):
            box = pygame.Rect(0, 0, side_px, side_px)
            box.center = round(tile.x), round(tile.y)
            note_must_read(canvas, box, f"{presenter.names[seat]}'s tile {index + 1}")
        if not presenter.hands[seat] and not presenter.over:
            fonts.blit_text(canvas, _("No tiles in hand"), fonts.TINY, MUTED, "center",
                            side.hand_rect.center)  # fmt: skip

    def _draw_counter(self, canvas: pygame.Surface, view: View) -> None:
        if view.is_over:
            text = _("Game over: every tile is face up")
        elif view.final_placements:
            text = _("Final placements: the last tiles are placed")
        else:
            turn = min(view.turn + 1, cq.TURN_LIMIT)
            text = _("Turn {turn} of {limit}").format(turn=turn, limit=cq.TURN_LIMIT)
            if view.turn == 0 and not any(view.cells):
                text = _("Moon opens: place a tile anywhere")
        kept(canvas, (_draw_counter, text), partial(_draw_counter, text=text))

    def _draw_targets(self, canvas: pygame.Surface, overlay: Overlay) -> None:
        rects = {square: layout.square_rect(square) for square in overlay.targets}
        draw_targets(canvas, rects, overlay.hover_square, GOOD)

    def _draw_tile(
        self, canvas: pygame.Surface, tile: Tile, presenter: Presenter, overlay: Overlay
    ) -> None:
        px = round(layout.TILE_PX * tile.scale * (1 + layout.LIFT_GROWTH * tile.lift))
        x, y = tile.x, tile.y - layout.LIFT_RISE * tile.lift
        selected = tile is overlay.selected
        if selected:
            y -= 14
            if overlay.drag_pos is not None:  # dragged: it follows the pointer
                x, y = overlay.drag_pos
        if tile.lift > 0.01:
            shadow = pygame.Surface((px, px // 3), pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (30, 20, 10, 70), shadow.get_rect())
            canvas.blit(shadow, shadow.get_rect(center=(tile.x, tile.y + px * 0.45)))
        back = self.art("tile_blue" if tile.code[0] == "b" else "tile_red", px)
        if tile.flip < 0.999:
            back = pygame.transform.scale(back, (max(2, round(px * tile.flip)), px))
        rect = back.get_rect(center=(round(x), round(y)))
        canvas.blit(back, rect)
        if tile.lift > 0.01:  # in flight: what covers it hides where it goes
            note_must_read(canvas, rect, "a tile in flight")
        symbol = tile.code[1:2]
        if (tile.face_up or tile.mark) and symbol in SYMBOL_ART and tile.flip > 0.5:
            overlay.saw(tile.code, presenter.place_of(tile))
            size = round(px * (0.62 if tile.face_up else 0.36))
            art = self.art(SYMBOL_ART[symbol], size)
            if tile.face_up:  # a face: a light plate in the tile, the symbol on it
                face = rect.inflate(-round(px * 0.2), -round(px * 0.24)).move(0, -3)
                pygame.draw.rect(canvas, FACE, face, border_radius=max(6, px // 9))
            if tile.mark:  # the memory aid: a small symbol on a plate in the corner
                plate = pygame.Rect(0, 0, size + 12, size + 12)
                plate.topright = (rect.right - 8, rect.top + 8)
                pygame.draw.ellipse(canvas, PAPER, plate)
                pygame.draw.ellipse(canvas, INK, plate, 3)
                canvas.blit(art, art.get_rect(center=plate.center))
            else:
                canvas.blit(art, art.get_rect(center=rect.center))
        if selected:
            pygame.draw.rect(canvas, ACCENT, rect.inflate(10, 10), 6, border_radius=28)

    def _draw_marker(self, canvas: pygame.Surface, marker: Marker) -> None:
        words, colour = TAGS[marker.kind]
        label = fonts.text(_(words), fonts.TINY - 8, WHITE, True)
        tag = tag_rect(marker.square, label.get_size())
        plate = pygame.Surface(tag.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*colour, 235), plate.get_rect(), border_radius=10)
        plate.blit(label, label.get_rect(center=plate.get_rect().center))
        plate.set_alpha(round(marker.alpha))
        canvas.blit(plate, tag)

    def _draw_pair(self, canvas: pygame.Surface, line: PairLine) -> None:
        (x0, y0), (x1, y1) = layout.square_centre(line.a), layout.square_centre(line.b)
        end = (x0 + (x1 - x0) * line.progress, y0 + (y1 - y0) * line.progress)
        rgb = self.colours[line.seat].rgb
        pygame.draw.line(canvas, INK, (x0, y0), end, 12)
        pygame.draw.line(canvas, rgb, (x0, y0), end, 6)
        for point in ((x0, y0), end):
            pygame.draw.circle(canvas, INK, (round(point[0]), round(point[1])), 11)
            pygame.draw.circle(canvas, rgb, (round(point[0]), round(point[1])), 8)

    def _draw_pending(self, canvas: pygame.Surface, overlay: Overlay) -> None:
        """A hand tile waiting on an empty square: place it there (the tick), or push (arrows);
        hovering an arrow previews where every tile of the run goes."""
        pending = overlay.pending
        if pending is None:
            return
        square, code, directions, can_place, blocked = pending
        centre = layout.square_centre(square)
        ghost = self.art("tile_blue" if code[0] == "b" else "tile_red", layout.TILE_PX).copy()
        ghost.set_alpha(150)
        canvas.blit(ghost, ghost.get_rect(center=centre))
        preview = overlay.push_preview
        if preview is not None:
            self._draw_preview(canvas, preview)
        if can_place:
            pygame.draw.circle(canvas, GOOD, centre, 38)
            pygame.draw.circle(canvas, INK, centre, 38, 4)
            x, y = centre
            pygame.draw.lines(
                canvas, WHITE, False, ((x - 16, y), (x - 4, y + 13), (x + 18, y - 12)), 8
            )
        for direction in directions:
            self._draw_arrow(canvas, square, direction, direction == overlay.hover_arrow)
        for direction in blocked:
            self._draw_arrow(canvas, square, direction, False, MUTED)

    def _draw_arrow(
        self,
        canvas: pygame.Surface,
        square: int,
        direction: int,
        hover: bool,
        colour: tuple[int, int, int] = ACCENT,
    ) -> None:
        x, y = layout.arrow_centre(square, direction)
        radius = layout.ARROW_RADIUS
        centre = (round(x), round(y))
        pygame.draw.circle(canvas, WHITE if hover else colour, centre, radius)
        pygame.draw.circle(canvas, INK, centre, radius, 4)
        pygame.draw.polygon(canvas, INK, arrow_outline((x, y), direction))

    def _draw_preview(self, canvas: pygame.Surface, preview: PushPreview) -> None:
        for src, dst in preview.moves:
            a, b = layout.square_centre(src), layout.square_centre(dst)
            pygame.draw.line(canvas, WHITE, a, b, 8)
            pygame.draw.circle(canvas, WHITE, (round(b[0]), round(b[1])), 12)
        if preview.off is not None:
            rect = layout.square_rect(preview.off).inflate(-10, -10)
            pygame.draw.rect(canvas, BAD, rect, 8, border_radius=18)
            text = _("falls off to {name}").format(name=_(preview.receiver))
            label = fonts.text(text, fonts.TINY - 6, WHITE, True)
            tag = label.get_rect().inflate(20, 10)
            tag.midbottom = (rect.centerx, rect.top - 4)
            pygame.draw.rect(canvas, BAD, tag, border_radius=10)
            canvas.blit(label, label.get_rect(center=tag.center))


def _draw_counter(canvas: pygame.Surface, text: str) -> None:
    """The turn counter's `text` and the guide under it."""
    text, size = fit_line(text, fonts.SMALL, GUIDE_WIDTH, True, fonts.TINY - 8)
    fonts.blit_text(canvas, text, size, WHITE, "center", layout.COUNTER.center, True)
    guide = layout.COUNTER.move(0, layout.COUNTER.height - 8)
    for line in GUIDE:
        words = _(line).format(limit=cq.TURN_LIMIT)
        words, size = fit_line(words, fonts.TINY - 8, GUIDE_WIDTH, smallest=fonts.TINY - 14)
        fonts.blit_text(canvas, words, size, WHITE, "midtop", guide.midtop)
        guide.move_ip(0, fonts.line_height(fonts.TINY - 8) + 2)
