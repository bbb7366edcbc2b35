"""Drawing the En blanc et noir board: players' panels, the land through its camera (stacks with
their thickness, overlays marked, the hunter), the market and the deck, the hand of the seat on
show with each card's value, bear and 2x2 pattern, targets, the match under a hovered card, the
pulses of a score, the bear count, and the effects of the kit.

Every card face drawn is reported to `overlay.saw(code, place)`, so tests can prove that no face
was ever drawn for a seat that may not see it. Card faces are rendered once per size at rest and
scaled from the nearest rendering while a card flies, so a frame costs blits, not renders.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.blanc_noir.cards import CARDS
from scenes.boards import layers
from scenes.boards.blanc_noir import layout
from scenes.boards.blanc_noir.card_art import GOLD, LAND_WINDOW, NIGHT, SNOW, CardArt
from scenes.boards.blanc_noir.land_count import draw_land_count
from scenes.boards.blanc_noir.layout import CARD_RATIO, Square
from scenes.boards.blanc_noir.presenter import Presenter, View
from scenes.boards.blanc_noir.sprites import CardSprite, Pulse
from scenes.boards.layers import table_layer
from scenes.canvas import kept
from scenes.kit import fonts, i18n
from scenes.kit.drawn_boxes import note_must_read
from scenes.kit.effects_paint import (
    draw_effects,
    draw_seat_glow,
    draw_seat_header,
    glow_ahead,
    header_band,
)
from scenes.kit.focus import RING_OUT, ring_rect
from scenes.kit.i18n import N_, _, ngettext, pgettext
from scenes.kit.palette import ACCENT, GOOD, INK, MUTED, PAPER, WHITE, SeatColour
from scenes.kit.seat_names import Called
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, draw_mark, draw_panel, lighter


@dataclass(frozen=True)
class Overlay:
    """What the painter draws besides the presenter's cards, from the scene each frame."""

    shown: View  #: the view of the seat on show
    targets: frozenset[Square]  #: where the card held may be laid (they glow)
    hover_square: Square | None
    #: the hovered (or held) scorable card and the land squares under its icons
    hover_match: tuple[str, tuple[Square, ...]] | None
    scorable: frozenset[str]  #: the cards of the hand on show that score now (they glow)
    selected: CardSprite | None  #: the card picked up
    dragged: CardSprite | None  #: the card dragged, and where it is
    drag_pos: tuple[int, int] | None
    passing: bool  #: hands are hidden while the device is passed between people
    #: the name of the seat to move when it holds its hand on its phone, else None
    phone_hand: Called | None
    names: tuple[Called, ...]  #: every seat's name as a sentence says it ("Ada's hand")
    human_seats: int  #: how many people play (one: "Your hand")
    hand_hint: str  #: a word beside the hand on show
    market_open: bool  #: the person to move may draw from the market here (it says how)
    fit_button: Button
    score_button: Button
    saw: Callable[[str, str], None]  #: told of every face drawn (code, place)


class Painter(CardArt):
    """Draws one En blanc et noir board; holds only caches of pictures."""

    def __init__(self, players: int, colours: Sequence[SeatColour]) -> None:
        super().__init__(players)
        self.players = players
        self.colours = list(colours)
        self._static: pygame.Surface | None = None
        self._language = i18n.Watch()  # a switch of language renders the layer again
        for seat in range(players):
            glow_ahead(layout.panel(seat, players).rect, self.colours[seat].rgb)

    # --- the unchanging layer ---------------------------------------------------------------------

    def static_layer(self) -> pygame.Surface:
        if self._language.changed() or self._static is None:
            key = (type(self), self.players, tuple(self.colours))
            self._static = layers.static_layer(key, self._render_static)
        return self._static

    def _render_static(self) -> pygame.Surface:
        layer = table_layer()
        for seat in range(self.players):
            place = layout.panel(seat, self.players)
            rgb = self.colours[seat].rgb
            draw_panel(layer, place.rect, PAPER, radius=22, shadow=8)
            header_band(layer, place.header, rgb)
            hand, scored = pgettext("panel row", "Hand"), pgettext("panel row", "Scored")
            for words, row in ((hand, place.hand_row), (scored, place.fan_row)):
                fonts.blit_text(
                    layer,
                    words,
                    fonts.TINY - 6,
                    MUTED,
                    "midleft",
                    (place.rect.left + 20, row.centery),
                )
        draw_panel(layer, layout.LAND, LAND_WINDOW, radius=24, shadow=12)
        draw_panel(layer, layout.HAND, PAPER, radius=24, shadow=10)
        draw_panel(layer, layout.MARKET, PAPER, radius=24, shadow=10)
        fonts.blit_text(
            layer,
            _("Market"),
            fonts.TINY,
            INK,
            "topleft",
            (layout.MARKET.left + 22, layout.MARKET.top + 14),
            True,
        )
        for index in range(3):
            rect = layout.market_rect(index)
            pygame.draw.rect(layer, lighter(MUTED, 0.6), rect, 3, border_radius=14)
        draw_panel(layer, layout.LOG, PAPER, radius=24, shadow=10)
        fonts.blit_text(
            layer,
            _("Moves"),
            fonts.TINY,
            INK,
            "topleft",
            (layout.LOG.left + 28, layout.LOG.top + 20),
            True,
        )
        fonts.blit_text(
            layer,
            _("Actions"),
            fonts.TINY - 6,
            MUTED,
            "center",
            (layout.PIPS_CENTRE[0], layout.HAND.top + 40),
        )
        return layer

    # --- every frame ------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, presenter: Presenter, overlay: Overlay) -> None:
        canvas.blit(self.static_layer(), (0, 0))
        for seat in range(self.players):
            self._draw_panel(canvas, presenter, seat)
        self._draw_land(canvas, presenter, overlay)
        if presenter.land_count_shown:
            draw_land_count(canvas, presenter.land)
        self._draw_deck(canvas, presenter)
        if overlay.market_open:  # (a replay, a computer's turn or the end: nothing to click)
            fonts.blit_text(
                canvas, _("pick a card to draw it"), fonts.TINY - 8, MUTED, "topright",
                (layout.MARKET.right - 22, layout.MARKET.top + 20),
            )  # fmt: skip
        self._draw_hand_strip(canvas, presenter, overlay)
        self._draw_cards(canvas, presenter, overlay)
        self._draw_drag(canvas, overlay)
        self._draw_tally(canvas, presenter)
        draw_effects(canvas, presenter, layout.LAND.width - 40)

    # panels

    def _draw_panel(self, canvas: pygame.Surface, presenter: Presenter, seat: int) -> None:
        place = layout.panel(seat, self.players)
        panel = presenter.seats[seat]
        rgb = self.colours[seat].rgb
        draw_seat_glow(canvas, place.rect, panel, rgb)
        header = place.header.inflate(-8, -8)
        points = _("{points} pt").format(points=_signed(panel.points))
        draw_seat_header(
            canvas,
            header,
            panel,
            presenter.names[seat],
            self.colours[seat],
            points,
            presenter.clock,
        )
        if seat == presenter.viewer:  # its cards are in the strip below: their colours here
            width = round(place.back_width)
            count = len(presenter.hands[seat])
            for index, sprite in enumerate(presenter.hands[seat]):
                back = self.card_picture("back " + sprite.code[0], width)
                canvas.blit(back, back.get_rect(center=_int(place.hand_slot(index, count))))
        empty = _("no cards") if not presenter.hands[seat] else None
        if presenter.reveal and presenter.hands[seat]:
            empty = _("face up below")
        if empty:
            fonts.blit_text(
                canvas, empty, fonts.TINY - 6, MUTED, "midleft",
                (place.rect.left + place.CONTENT_LEFT, place.hand_row.centery),
            )  # fmt: skip
        if not presenter.scored[seat]:
            fonts.blit_text(
                canvas, _("none yet"), fonts.TINY - 6, MUTED, "midleft",
                (place.rect.left + place.CONTENT_LEFT, place.fan_row.centery),
            )  # fmt: skip

    # the land

    def _draw_land(self, canvas: pygame.Surface, presenter: Presenter, overlay: Overlay) -> None:
        camera = presenter.camera
        canvas.set_clip(layout.LAND.inflate(-8, -8))
        cell = max(4, round(camera.cell))
        targets = overlay.targets
        hover = overlay.hover_square
        for square in targets:
            if square not in presenter.land:
                self._draw_target(canvas, camera.square_rect(square), square == hover)
        order = sorted(presenter.land, key=lambda sq: (-sq[1], sq[0]))
        for square in order:
            self._draw_stack(canvas, presenter, square, cell)
        for square in targets:
            if square in presenter.land:
                self._draw_target(canvas, camera.square_rect(square), square == hover, over=True)
        match = overlay.hover_match
        if match is not None:
            self._draw_match(canvas, presenter, match)
        for pulse in presenter.pulses:
            self._draw_pulse(canvas, presenter, pulse)
        self._draw_hunter(canvas, presenter, cell)
        if presenter.tally is not None:
            self._draw_tally_badges(canvas, presenter)
        canvas.set_clip(None)
        if overlay.fit_button.visible:
            overlay.fit_button.draw(canvas)

    def _draw_target(
        self, canvas: pygame.Surface, rect: pygame.Rect, hover: bool, over: bool = False
    ) -> None:
        inner = rect.inflate(-6, -6)
        if not over:
            wash = pygame.Surface(inner.size, pygame.SRCALPHA)
            wash.fill((*GOOD, 90))
            canvas.blit(wash, inner)
        width = max(3, rect.width // 22)
        pygame.draw.rect(
            canvas,
            WHITE if hover else (150, 235, 150),
            inner,
            width + (2 if hover else 0),
            border_radius=10,
        )

    def _draw_stack(
        self, canvas: pygame.Surface, presenter: Presenter, square: Square, cell: int
    ) -> None:
        stack = presenter.land[square]
        rect = presenter.camera.square_rect(square)
        if not rect.colliderect(layout.LAND):
            return
        note_must_read(canvas, rect.clip(layout.VIEW), f"the land at {square}")
        depth = max(2, round(cell * 0.05))
        drop = presenter.drops.get(square)
        resting = stack[:-1] if drop is not None else stack
        layers = max(1, len(resting))
        for k in range(layers, 0, -1):  # the thickness: one slab per card, the lowest furthest
            code = resting[len(resting) - k] if resting else stack[-1]
            canvas.blit(self.slab(code[0], rect.width), rect.move(k * depth, k * depth))
        if resting:
            counted = presenter.tally is not None  # (the count's badge stands where "x3" is)
            self._blit_top(canvas, resting[-1], rect, cell, len(resting), with_height=not counted)
        if drop is not None:
            rise = round(drop.lift * cell * 0.35)
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            shadow.fill((0, 0, 0, round(60 * (1 - drop.lift * 0.5))))
            canvas.blit(shadow, rect.move(4, 4))
            self._blit_top(canvas, stack[-1], rect.move(-rise // 3, -rise), cell, len(stack))

    def _blit_top(
        self, canvas: pygame.Surface, code: str, rect: pygame.Rect, cell: int, height: int,
        with_height: bool = True,
    ) -> None:  # fmt: skip
        canvas.blit(self.tile("land_white" if code[0] == "W" else "land_black", cell), rect)
        if height > 1:  # an overlay lies on top (BN-12): marked, with the stack's height
            side = max(12, round(cell * 0.34))
            mark = self.tile("overlay_mark", side)
            spot = mark.get_rect(topright=(rect.right - 3, rect.top + 3))
            canvas.blit(mark, spot)
            if height > 2 and cell >= 60 and with_height:
                label = fonts.text(f"x{height}", fonts.TINY - 8, WHITE, True)
                # in the corner under the mark, its words inside the keys' focus ring round the
                # squares beside (it reaches RING_OUT in) and clear of a scoring spot's icon
                ink = label.get_bounding_rect()
                at = label.get_rect()
                at.bottomright = (rect.right - RING_OUT - 1, rect.bottom - RING_OUT - 1)
                at.move_ip(at.width - ink.right, at.height - ink.bottom)
                plate = ink.move(at.topleft).inflate(10, 6)
                pygame.draw.rect(canvas, INK, plate, border_radius=6)
                canvas.blit(label, at)

    def _draw_hunter(self, canvas: pygame.Surface, presenter: Presenter, cell: int) -> None:
        pawn = presenter.hunter
        x, y = presenter.camera.centre((pawn.x, pawn.y))
        side = round(cell * 0.78)
        hop = math.sin(math.pi * pawn.hop) * cell * 0.55
        shadow = pygame.Rect(0, 0, round(side * 0.6 * (1 - 0.3 * pawn.hop)), max(4, side // 6))
        shadow.center = (round(x), round(y + side * 0.38))
        pygame.draw.ellipse(canvas, (20, 20, 20), shadow)
        image = self.tile("hunter", side)
        canvas.blit(image, image.get_rect(center=(round(x), round(y - hop))))

    def _draw_match(
        self, canvas: pygame.Surface, presenter: Presenter, match: tuple[str, tuple[Square, ...]]
    ) -> None:
        """A spot where the hovered card scores, its icons on the squares they fall on (in the
        matching orientation) and the window's blank corner hatched."""
        card, squares = match
        camera = presenter.camera
        xs = [x for x, _y in squares]
        ys = [y for _x, y in squares]
        window = [(x, y) for x in range(min(xs), min(xs) + 2) for y in range(min(ys), min(ys) + 2)]
        outline = camera.square_rect((min(xs), max(ys))).union(
            camera.square_rect((min(xs) + 1, min(ys)))
        )
        pygame.draw.rect(canvas, GOLD, outline.inflate(12, 12), 8, border_radius=14)
        for square in window:
            rect = camera.square_rect(square).inflate(-8, -8)
            if square in squares:
                pygame.draw.rect(canvas, GOLD, rect, max(4, rect.width // 14), border_radius=10)
                stack = presenter.land.get(square)
                shade = stack[-1][0] if stack else "W"
                radius = max(6, rect.width // 6)
                pygame.draw.circle(canvas, SNOW if shade == "W" else NIGHT, rect.center, radius)
                pygame.draw.circle(canvas, GOLD, rect.center, radius, 4)
            else:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((255, 255, 255, 0))
                for k in range(0, rect.width * 2, 14):
                    pygame.draw.line(
                        veil, (255, 230, 150, 150), (k, 0), (k - rect.height, rect.height), 3
                    )
                canvas.blit(veil, rect)
        tops = {sq: stack[-1][0] for sq, stack in presenter.land.items()}
        turn = _(TURNS[match_turn(card, squares, tops)])
        words = _("{card} scores here, {turn}").format(card=card_label(card), turn=turn)
        label = fonts.text(words, fonts.TINY - 6, INK, True)
        plate = label.get_rect(midbottom=(outline.centerx, outline.top - 12)).inflate(16, 8)
        plate.clamp_ip(layout.LAND.inflate(-12, -12))
        pygame.draw.rect(canvas, GOLD, plate, border_radius=10)
        canvas.blit(label, label.get_rect(center=plate.center))

    def _draw_pulse(self, canvas: pygame.Surface, presenter: Presenter, pulse: Pulse) -> None:
        rgb = self.colours[pulse.seat].rgb
        beat = 0.5 + 0.5 * math.sin(pulse.progress * math.pi * 4 - math.pi / 2)
        alpha = round(pulse.alpha * (0.45 + 0.55 * beat))
        for square in pulse.squares:
            rect = presenter.camera.square_rect(square)
            grow = round(6 * beat)
            glow = pygame.Surface(rect.inflate(grow * 2, grow * 2).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*GOLD, alpha // 7), glow.get_rect(), border_radius=12)
            pygame.draw.rect(
                glow, (*GOLD, alpha), glow.get_rect(), max(5, rect.width // 12), border_radius=12
            )
            canvas.blit(glow, rect.inflate(grow * 2, grow * 2))
            radius = max(6, rect.width // 7)
            pygame.draw.circle(canvas, rgb, rect.center, radius)
            pygame.draw.circle(canvas, INK, rect.center, radius, 3)

    def _draw_tally_badges(self, canvas: pygame.Surface, presenter: Presenter) -> None:
        tally = presenter.tally
        assert tally is not None
        size = max(24, min(fonts.SMALL, round(presenter.camera.cell * 0.36)))
        for square, number in tally.numbers.items():
            rect = presenter.camera.square_rect(square)
            white = presenter.land.get(square, ["W"])[-1][0] == "W"
            fill, ink = (SNOW, INK) if white else (NIGHT, WHITE)
            radius = max(14, round(presenter.camera.cell * 0.26))
            pygame.draw.circle(canvas, fill, rect.center, radius)
            pygame.draw.circle(canvas, GOLD, rect.center, radius, 4)
            fitted = fonts.fit(str(number), size, round(1.2 * radius), True, 16)  # (in its disc)
            fonts.blit_text(canvas, str(number), fitted, ink, "center", rect.center, True)

    def _draw_tally(self, canvas: pygame.Surface, presenter: Presenter) -> None:
        tally = presenter.tally
        if tally is None or tally.alpha < 4:
            return
        box = layout.TALLY_BOX.copy()
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*INK, 225), plate.get_rect(), border_radius=20)
        pygame.draw.rect(plate, GOLD, plate.get_rect(), 4, border_radius=20)
        fonts.blit_text(
            plate,
            _("White {count}").format(count=tally.white),
            fonts.LARGE - 14,
            SNOW,
            "midleft",
            (36, 44),
            True,
        )
        fonts.blit_text(
            plate,
            _("Black {count}").format(count=tally.black),
            fonts.LARGE - 14,
            (170, 176, 186),
            "midright",
            (box.width - 36, 44),
            True,
        )
        pygame.draw.rect(plate, SNOW, (box.width // 2 - 40, 26, 36, 36), border_radius=6)
        pygame.draw.rect(plate, NIGHT, (box.width // 2 + 4, 26, 36, 36), border_radius=6)
        pygame.draw.rect(plate, GOLD, (box.width // 2 + 4, 26, 36, 36), 2, border_radius=6)
        words = str(tally.verdict) or _("Counting the land squares by colour…")
        size = fonts.fit(words, fonts.TINY, box.width - 30, bold=True, smallest=24)
        colour = GOLD if tally.verdict else (200, 190, 176)
        fonts.blit_text(plate, words, size, colour, "center", (box.width // 2, 100), True)
        plate.set_alpha(round(tally.alpha))
        canvas.blit(plate, box)

    # market and deck

    def _draw_deck(self, canvas: pygame.Surface, presenter: Presenter) -> None:
        count = round(presenter.deck.value)
        back = self.card_picture("back ?", layout.MARKET_CARD_W)
        kept(canvas, (_draw_deck, count, back), partial(_draw_deck, count=count, back=back))

    # the hand strip

    def _draw_hand_strip(
        self, canvas: pygame.Surface, presenter: Presenter, overlay: Overlay
    ) -> None:
        strip = layout.HAND
        viewer = presenter.viewer
        if presenter.reveal:
            self._draw_revealed_names(canvas, presenter)
        elif viewer is None:
            words = _("Hands are secret: each shows only its colours")
            if presenter.over:
                words = _("The game is over: every hand is shown on its panel")
            elif overlay.phone_hand is not None:
                words = _("{name} holds their hand on their phone").format(name=overlay.phone_hand)
            elif overlay.passing:
                words = _("Hands are hidden while the device is passed")
            fonts.blit_text(
                canvas, words, fonts.SMALL - 4, MUTED, "center", (strip.centerx - 80, strip.centery)
            )
        else:
            name = overlay.names[viewer]
            title = (
                _("Your hand") if overlay.human_seats == 1 else _("{name}'s hand").format(name=name)
            )
            if not presenter.hands[viewer]:
                fonts.blit_text(
                    canvas,
                    _("Your hand is empty"),
                    fonts.SMALL - 4,
                    MUTED,
                    "center",
                    (strip.centerx - 80, strip.centery),
                )
            at = (strip.left + 22, _above_the_ring(title, fonts.TINY - 6, True))
            titled = fonts.blit_text(canvas, title, fonts.TINY - 6, INK, "topleft", at, True)
            hint = overlay.hand_hint
            if hint:  # (made smaller where it would reach the title: large text)
                room = layout.HAND_CARDS.right - titled.right - 24
                hint, size = fit_line(hint, fonts.TINY - 6, room, smallest=fonts.TINY - 14)
                at = (layout.HAND_CARDS.right, _above_the_ring(hint, size, False))
                fonts.blit_text(canvas, hint, size, MUTED, "topright", at)
        self._draw_pips(canvas, overlay.shown)
        if overlay.score_button.visible:
            overlay.score_button.draw(canvas)
        x, y = layout.PIPS_CENTRE
        actions = layout.SCORE_BUTTON.union(pygame.Rect(x - 60, y - 56, 120, 120))
        note_must_read(canvas, actions, "the actions and Score")

    def _draw_revealed_names(self, canvas: pygame.Surface, presenter: Presenter) -> None:
        """Over every hand laid along the strip at the end, its player's name."""
        fonts.blit_text(
            canvas, _("Every hand at the end, face up"), fonts.TINY - 6, INK, "topleft",
            (layout.HAND.left + 22, layout.HAND.top + 10), True,
        )  # fmt: skip
        groups = layout.revealed_hands([len(hand) for hand in presenter.hands])[1]
        for seat, rect in enumerate(groups):
            if not presenter.hands[seat]:
                continue
            colour = self.colours[seat]
            draw_mark(canvas, colour.mark, (rect.left + 12, rect.centery + 8), 10, colour.rgb)
            name, size = fit_line(presenter.names[seat], fonts.TINY - 6, max(40, rect.width - 28))
            fonts.blit_text(canvas, name, size, INK, "midleft", (rect.left + 28, rect.centery + 8))

    def _draw_pips(self, canvas: pygame.Surface, view: View) -> None:
        """The actions left in the turn, filled with the colour of the seat to move."""
        left = 0 if view.is_over else 2 - view.actions_done
        seat = view.current_player
        fill = self.colours[seat][1] if seat is not None else ACCENT
        kept(canvas, (_draw_pips, left, fill), partial(_draw_pips, left=left, fill=fill))

    # cards

    def _draw_cards(self, canvas: pygame.Surface, presenter: Presenter, overlay: Overlay) -> None:
        placed: list[tuple[CardSprite, str]] = [(s, "market") for s in presenter.market]
        for seat in range(self.players):
            placed += [(s, f"hand {seat}") for s in presenter.hands[seat]]
            placed += [(s, f"scored {seat}") for s in presenter.scored[seat]]
        placed += [(s, "air") for s in presenter.flying]
        placed.sort(key=lambda item: item[0].z)
        scorable = overlay.scorable
        for sprite, place in placed:
            if place != "air":
                box = layout.card_rect((sprite.x, sprite.y), sprite.width)
                note_must_read(canvas, box, f"a card ({place})")
            if place == f"hand {presenter.viewer}" and sprite is overlay.dragged:
                self._draw_card(canvas, presenter, sprite, place, overlay, ghost=True)
                continue
            glow = sprite.code in scorable and place != "air"
            self._draw_card(canvas, presenter, sprite, place, overlay, glow=glow)

    def _draw_card(
        self, canvas: pygame.Surface, presenter: Presenter, sprite: CardSprite, place: str,
        overlay: Overlay, glow: bool = False, ghost: bool = False,
    ) -> None:  # fmt: skip
        width = round(sprite.width * (1 + 0.1 * sprite.lift))
        x, y = sprite.x, sprite.y - 26 * sprite.lift
        selected = sprite is overlay.selected
        if selected:
            y -= layout.HAND_LIFT
        if sprite.land_side:
            side = round(width * (1 + (CARD_RATIO - 1) * 0))
            image = self.tile("land_white" if sprite.code[0] == "W" else "land_black", max(4, side))
        elif sprite.shows_face:
            overlay.saw(sprite.code, place)
            image = self.card_picture(sprite.code, width)
        else:
            image = self.card_picture("back " + sprite.code[0], width)
        if sprite.flip < 0.999:
            image = pygame.transform.scale(
                image, (max(2, round(image.get_width() * sprite.flip)), image.get_height())
            )
        rect = image.get_rect(center=(round(x), round(y)))
        if sprite.lift > 0.02:
            shadow = pygame.Surface((rect.width, max(4, rect.width // 4)), pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (20, 14, 10, 80), shadow.get_rect())
            canvas.blit(
                shadow,
                shadow.get_rect(center=(round(sprite.x), round(sprite.y + rect.height * 0.5))),
            )
        if glow or sprite.glow > 0.02:
            strength = 1.0 if glow else sprite.glow
            halo = rect.inflate(18, 18)
            plate = pygame.Surface(halo.size, pygame.SRCALPHA)
            pulse = 0.75 + 0.25 * math.sin(presenter.clock * 4)
            pygame.draw.rect(
                plate, (*GOLD, round(200 * strength * pulse)), plate.get_rect(), 9, border_radius=20
            )
            canvas.blit(plate, halo)
        if ghost:
            image = image.copy()
            image.set_alpha(90)
        canvas.blit(image, rect)
        if selected:
            pygame.draw.rect(canvas, ACCENT, rect.inflate(10, 10), 6, border_radius=18)

    def _draw_drag(self, canvas: pygame.Surface, overlay: Overlay) -> None:
        sprite, pos = overlay.dragged, overlay.drag_pos
        if sprite is None or pos is None:
            return
        width = round(sprite.width * 0.9)
        if sprite.shows_face:
            overlay.saw(sprite.code, "drag")
            image = self.card_picture(sprite.code, width)
        else:
            image = self.card_picture("back " + sprite.code[0], width)
        rect = image.get_rect(center=pos)
        canvas.blit(image, rect)
        pygame.draw.rect(canvas, ACCENT, rect.inflate(8, 8), 5, border_radius=16)


TURNS = (
    N_("as printed"),
    N_("turned a quarter left"),
    N_("turned upside down"),
    N_("turned a quarter right"),
)


def _draw_deck(canvas: pygame.Surface, count: int, back: pygame.Surface) -> None:
    """The deck of `count` cards (its top card `back`) and the words under it."""
    x, y = layout.deck_centre()
    width = layout.MARKET_CARD_W
    if count:
        layers = min(8, count)
        for k in range(layers - 1, -1, -1):  # the deck's thickness, rising from the table
            rect = back.get_rect(center=(round(x - k * 2), round(y - k * 3)))
            if k:
                pygame.draw.rect(canvas, (92, 78, 70), rect, border_radius=14)
                pygame.draw.rect(canvas, INK, rect, 2, border_radius=14)
            else:
                canvas.blit(back, rect)
    else:
        rect = layout.card_rect((x, y), width)
        pygame.draw.rect(canvas, lighter(MUTED, 0.6), rect, 3, border_radius=14)
    words = _("Deck: empty")
    if count:
        words = ngettext("Deck: {count} card", "Deck: {count} cards", count).format(count=count)
    room = 2 * (layout.MARKET.right - 12 - round(x))  # (centred under the deck)
    words, size = fit_line(words, fonts.TINY - 4, room, True, fonts.TINY - 14)
    at = (round(x), round(y + width * CARD_RATIO / 2 + 14))
    fonts.blit_text(canvas, words, size, INK, "midtop", at, True)


def _draw_pips(canvas: pygame.Surface, left: int, fill: tuple[int, int, int]) -> None:
    """The pips of the actions `left` in the turn, filled with `fill`, and the words under."""
    x, y = layout.PIPS_CENTRE
    for index in range(2):
        centre = (x - 30 + index * 60, y)
        if index < left:
            pygame.draw.circle(canvas, fill, centre, 22)
        pygame.draw.circle(canvas, INK, centre, 22, 4)
    # TRANSLATORS: how many actions are left in the turn
    words = ngettext("{count} left", "{count} left", left).format(count=left)
    fonts.blit_text(canvas, words, fonts.TINY - 6, INK, "midtop", (x, y + 30))


def match_turn(card: str, squares: tuple[Square, ...], tops: dict[Square, str]) -> int:
    """How many quarter turns anticlockwise the printed pattern of `card` is turned where it
    matches on `squares` (the icon squares of a match; `tops` the land's top colours)."""
    pattern = CARDS[card].pattern or "../.."
    own = card[0]
    other = "B" if own == "W" else "W"
    cells = {
        (col, 1 - row): mark
        for row, line in enumerate(pattern.split("/"))
        for col, mark in enumerate(line)
        if mark != "."
    }
    ax, ay = min(x for x, _y in squares), min(y for _x, y in squares)
    for turn in range(4):
        fits = True
        for (x, y), mark in cells.items():
            for _turn in range(turn):
                x, y = 1 - y, x
            square = (ax + x, ay + y)
            if square not in squares or tops.get(square) != (own if mark == "X" else other):
                fits = False
                break
        if fits:
            return turn
    return 0


def card_label(card: str) -> str:
    """ "White 4" / "Black overlay" for a known card id."""
    face = CARDS.get(card)
    white = card[0] == "W"
    if face is None:
        return _("White card") if white else _("Black card")
    if face.overlay:
        return _("White overlay") if white else _("Black overlay")
    if white:
        return _("White {value}").format(value=face.value)
    return _("Black {value}").format(value=face.value)


def _int(point: tuple[float, float]) -> tuple[int, int]:
    return round(point[0]), round(point[1])


def _signed(points: float) -> str:
    value = round(points)
    return f"−{-value}" if value < 0 else str(value)


def _above_the_ring(words: str, size: int, bold: bool) -> int:
    """The top of a line over the hand's cards: 10 below the strip's top, or higher where its
    ink would reach the keys' focus ring round a card (large text)."""
    ring = ring_rect(pygame.Rect(layout.HAND.left, layout.HAND_TOP, 1, 1))
    ink = fonts.text(words, size, INK, bold).get_bounding_rect()
    return min(layout.HAND.top + 10, ring.top - 2 - ink.bottom)
