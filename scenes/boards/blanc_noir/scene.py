"""The En blanc et noir board: a person lays a hand card on the land (a glowing square; overlays
also on land cards), scores a glowing card (the Score button, or dropped on their own panel), or
draws a market card (a click, or dragged to the hand); by click then click or drag and drop.
The land has no edge (BN-23): the camera follows it as it grows; a person may drag it to pan,
scroll or pinch to zoom, and Fit brings all of it back. Everything else (computers, undo,
hand-over between people, log, saving, results) is the board skeleton's.

The screen shows only the view of the seat on show (`viewer`) and animates events redacted for
it (BN-21); every card face the painter draws is recorded (`saw`) with the seat on show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Unpack

import pygame

from game import blanc_noir as bn
from game.blanc_noir.cards import CARDS
from game.blanc_noir.moves import read_move
from game.core.engine import IllegalMove
from game.core.events import Event
from game.core.protocols import to_act
from scenes.boards.base import BoardOptions, BoardScene, sentence
from scenes.boards.blanc_noir import layout, words
from scenes.boards.blanc_noir.hunter import hunter_blocks
from scenes.boards.blanc_noir.paint import Overlay, Painter
from scenes.boards.blanc_noir.presenter import Presenter, View
from scenes.boards.blanc_noir.rules_card import RULES_CARD
from scenes.boards.blanc_noir.sprites import CardSprite, known
from scenes.boards.history import LogLine
from scenes.kit import fonts
from scenes.kit.i18n import L_, N_, Message, Text, _, translated
from scenes.kit.last_move import Trace
from scenes.kit.seats import GameSetup
from scenes.kit.widgets import Button
from scenes.services import AppServices

DRAG_THRESHOLD = 12  # pixels a press must move before it counts as a drag
ZOOM_STEP = 1.15  # one notch of the wheel
FIT_BUTTON = pygame.Rect(layout.LAND.right - 190, layout.LAND.bottom - 112, 174, 96)


class BlancNoirBoard(BoardScene[bn.State, bn.View[bn.State], bn.Move, Presenter]):
    """A game of En blanc et noir on screen."""

    rules_card = RULES_CARD

    think_area = layout.HAND

    def __init__(
        self, app: AppServices, setup: GameSetup, **kwargs: Unpack[BoardOptions[bn.State]]
    ) -> None:
        self.selected: str | None = None  # the hand card picked up
        self.hover_square: tuple[int, int] | None = None
        self.hover_card: str | None = None
        self.drag_pos: tuple[int, int] | None = None
        self._press: tuple[str, CardSprite, tuple[int, int]] | None = None  # (from, card, where)
        self._pan: tuple[int, int] | None = None  # where a press on the land began
        self._panning = False
        self.pointer = (0, 0)
        self._targets: tuple[View, str | None, set[tuple[int, int]]] | None = None
        self.score_button = Button(
            layout.SCORE_BUTTON, L_("Score"), self._score_selected, size=fonts.BODY - 6
        )
        self.fit_button = Button(
            FIT_BUTTON, L_("Fit"), self.fit_land, style="secondary", size=fonts.BODY - 6
        )
        super().__init__(app, setup, **kwargs)

    # --- the skeleton's hooks -------------------------------------------------------------------

    def make_presenter(self) -> Presenter:
        return Presenter(
            self.setup.players,
            self.setup.names,
            self.setup.colours,
            view_now=lambda: self.on_show.shown,
            on_sound=self.app.play_sound,
        )

    def build_view(self) -> None:
        self.painter = Painter(self.setup.players, self.setup.colours)
        super().build_view()

    def sync_presenter(self) -> None:
        self.presenter.sync(self.on_show.shown, self.on_show.viewer, reveal=self.on_show.all_faces)

    @property
    def faces_held_back(self) -> bool:
        """At the end, hands are shown only small in the panels: "show all faces" lays them
        along the strip, readable."""
        return self.state.is_over and any(self.state.hand(s) for s in range(self.setup.players))

    def presenter_events(self, events: list[Event]) -> list[Event]:
        return bn.redact_events(events, self.on_show.viewer)

    def phone_mark_spot(self, seat: int) -> tuple[int, int] | None:
        header = layout.panel(seat, self.setup.players).header
        return header.right - 30, header.bottom + 26

    def draw_board(self, canvas: pygame.Surface) -> None:
        self.painter.draw(canvas, self.presenter, self.paint_overlay())

    def log_rect(self) -> pygame.Rect | None:
        return layout.LOG

    def seat_panel_at(self, pos: tuple[int, int]) -> int | None:
        return layout.seat_at(pos, self.setup.players)

    def has_selection(self) -> bool:
        return self.selected is not None

    def move_traces(self, events: Sequence[Event]) -> list[Trace]:
        """A card laid on the land marks its square."""
        return [Trace(None, e.square) for e in events if isinstance(e, bn.LandLaid)]

    def trace_rect(self, where: Any) -> pygame.Rect | None:
        rect = self.presenter.camera.square_rect(where)
        return rect if layout.LAND.inflate(-8, -8).contains(rect) else None

    def reset_input(self) -> None:
        self.selected = None
        self.drag_pos = None
        self._press = None
        self.hover_card = None

    def describe(self, seat: int, move: bn.Move, events: Sequence[Event]) -> LogLine:
        """The log line as everyone may read it: a laid card by its colour only (BN-21)."""
        says = self.setup.says
        # (every action has an event below; moves may come as text)
        said: list[Message] = [says(seat, N_("{name} plays"), N_("You play"))]
        for event in events:
            white = event.colour == "W" if isinstance(event, bn.LandLaid) else False
            if isinstance(event, bn.LandLaid) and event.overlay:
                said[0] = (
                    says(
                        seat,
                        N_("{name} stacks a white overlay on the land"),
                        N_("You stack a white overlay on the land"),
                    )
                    if white
                    else says(
                        seat,
                        N_("{name} stacks a black overlay on the land"),
                        N_("You stack a black overlay on the land"),
                    )
                )
            elif isinstance(event, bn.LandLaid):
                said[0] = (
                    says(
                        seat,
                        N_("{name} lays a white card; the land grows"),
                        N_("You lay a white card; the land grows"),
                    )
                    if white
                    else says(
                        seat,
                        N_("{name} lays a black card; the land grows"),
                        N_("You lay a black card; the land grows"),
                    )
                )
            elif isinstance(event, bn.CardScored):
                card, points = words.card(event.card), CARDS[event.card].value
                said[0] = says(
                    seat,
                    N_("{name} scores a {card}: +{points}"),
                    N_("You score a {card}: +{points}"),
                    card=card,
                    points=points,
                )
            elif isinstance(event, bn.CardDrawn):
                said[0] = says(
                    seat,
                    N_("{name} draws a {card}"),
                    N_("You draw a {card}"),
                    card=words.card(event.card),
                )
        said.extend(
            L_("the market refills") if event.deck_size else L_("the deck is empty")
            for event in events
            if isinstance(event, bn.MarketRefilled)
        )
        return LogLine(seat, tuple(said))

    def think_words(self, move: bn.Move) -> str:
        """A candidate as everyone may read it: a card from the market by its face (it is
        open, and recorded as a face drawn), a hand card laid or scored never by its face
        (BN-21)."""
        if isinstance(move, bn.DrawCard):
            self.on_show.saw(move.card, "think market")
            return _("Take the {card} from the market").format(card=words.card(move.card))
        if isinstance(move, bn.ScoreCard):
            return _("Score a card from its hand")
        white = CARDS[move.card].colour == "W"  # (laid as land)
        if self.on_show.shown.has_land(move.square):
            if white:
                return _("Stack a white overlay on the land")
            return _("Stack a black overlay on the land")
        return _("Lay a white card as land") if white else _("Lay a black card as land")

    def think_spot(self, move: bn.Move) -> tuple[float, float] | None:
        if isinstance(move, bn.DrawCard):
            market = self.on_show.shown.market
            if move.card not in market:
                return None
            x, y = layout.market_slot(market.index(move.card))
            return x + layout.MARKET_CARD_W * 0.38, y - layout.MARKET_CARD_W * 0.55
        if isinstance(move, bn.LayLand):
            x, y = self.presenter.camera.centre(move.square)
            return x, y
        seat = self.think_view.seat  # (a card scored: from the hand of the seat thinking)
        if seat is None:
            return None
        row = layout.panel(seat, self.setup.players).hand_row
        return float(row.right - 30), float(row.centery)

    def status_text(self) -> str:
        seat = to_act(self.state)
        says = self.setup.says
        left = 2 - self.on_show.shown.actions_done
        if self.selected is not None:
            if self.selected in self.scorable_cards:
                said = says(
                    seat,
                    N_("{name}: lay it on a glowing square, or Score it"),
                    N_("Lay it on a glowing square, or Score it"),
                )
            else:
                said = says(
                    seat,
                    N_("{name}: lay it on a glowing square"),
                    N_("Lay it on a glowing square"),
                )
        elif self._forced_overlay_draw():
            said = says(
                seat,
                N_(
                    "{name}: no card in hand to lay or score, so the rules leave only the draw; "
                    "an overlay kept to the end costs 5"
                ),
                N_(
                    "No card in hand to lay or score, so the rules leave you only the draw; an "
                    "overlay kept to the end costs 5"
                ),
            )
        elif left == 2:
            said = says(
                seat,
                N_("{name}: 2 actions: lay or score a hand card, or draw from the market"),
                N_("2 actions: lay or score a hand card, or draw from the market"),
            )
        else:
            said = says(
                seat,
                N_("{name}: 1 more action: lay or score a hand card, or draw from the market"),
                N_("1 more action: lay or score a hand card, or draw from the market"),
            )
        return str(said)

    def _forced_overlay_draw(self) -> bool:
        """The hand to move is empty, so the rules leave only draws (BN-10, BN-14), and every
        card to draw is an overlay (which costs 5 if still in hand at the end, BN-18)."""
        view = self.on_show.mover
        market = view.market
        return (
            not view.hand(to_act(view))
            and bool(market)
            and all(bn_overlay(card) for card in market)
        )

    # --- what the painter and the tests read ------------------------------------------------------

    @property
    def human_seats(self) -> int:
        return self.setup.humans

    @property
    def my_turn(self) -> bool:
        """A person is to move and their hand is the one on show."""
        return self.human_to_move and self.on_show.viewer == self.state.current_player

    @property
    def my_hand(self) -> list[CardSprite]:
        if self.on_show.viewer is None:
            return []
        return self.presenter.hands[self.on_show.viewer]

    def paint_overlay(self) -> Overlay:
        """What the painter draws besides the cards: targets, hover, the card held or dragged,
        the scorable cards and where the hovered one fits, the hand's words and the buttons."""
        return Overlay(
            shown=self.on_show.shown,
            targets=frozenset(self.target_squares),
            hover_square=self.hover_square,
            hover_match=self.hover_match,
            scorable=frozenset(self.scorable_cards),
            selected=self.selected_sprite,
            dragged=self.dragged_sprite,
            drag_pos=self.drag_pos,
            passing=self.on_show.needs_handover and not self.state.is_over,
            phone_hand=self.setup.called(to_act(self.state))
            if self.on_show.hand_on_phone
            else None,
            names=self.setup.called_names(),
            human_seats=self.human_seats,
            hand_hint=self.hand_hint(),
            market_open=self.my_turn,
            fit_button=self.fit_button,
            score_button=self.score_button,
            saw=self.on_show.saw,
        )

    @property
    def selected_sprite(self) -> CardSprite | None:
        """The card picked up from the hand on show (not while it is dragged)."""
        if self.selected is None or self.drag_pos is not None:
            return None
        return next((s for s in self.my_hand if s.code == self.selected), None)

    @property
    def dragged_sprite(self) -> CardSprite | None:
        if self.drag_pos is None or self._press is None:
            return None
        return self._press[1]

    @property
    def scorable_cards(self) -> set[str]:
        if not self.my_turn:
            return set()
        view = self.on_show.shown
        return {s.code for s in self.my_hand if known(s.code) and view.scorable(s.code)}

    @property
    def target_squares(self) -> set[tuple[int, int]]:
        """The squares where the picked card may be laid (they glow)."""
        if self.selected is None or not self.my_turn:
            return set()
        view = self.on_show.shown
        if (
            self._targets is None
            or self._targets[0] is not view
            or self._targets[1] != self.selected
        ):
            squares = {
                m.square
                for m in view.legal_moves()
                if isinstance(m, bn.LayLand) and m.card == self.selected
            }
            self._targets = (view, self.selected, squares)
        return self._targets[2]

    @property
    def hover_match(self) -> tuple[str, tuple[tuple[int, int], ...]] | None:
        """The hovered (or picked) scorable card and a spot of the land where it matches."""
        card = self.hover_card or self.selected
        if card is None or card not in self.scorable_cards:
            return None
        squares = self.on_show.shown.match_squares(card)
        return None if squares is None else (card, squares)

    def hand_hint(self) -> str:
        if not self.my_turn:
            return ""
        if self.selected is not None and bn_overlay(self.selected):
            return _("an overlay may also go on top of land")
        if self.scorable_cards:
            return _("glowing cards score now: pick one to see where")
        return ""

    def hand_card_pos(self, card: str) -> tuple[int, int]:
        """Where to click to pick `card` from the hand on show (tests and the attract loop)."""
        sprite = next(s for s in self.my_hand if s.code == card)
        return round(sprite.x), round(sprite.y)

    def market_card_pos(self, card: str) -> tuple[int, int]:
        sprite = next(s for s in self.presenter.market if s.code == card)
        return round(sprite.x), round(sprite.y)

    def square_pos(self, square: tuple[int, int]) -> tuple[int, int]:
        x, y = self.presenter.camera.centre(square)
        return round(x), round(y)

    # --- what a lesson asks of the board ---------------------------------------------------------

    def click_path(self, move: bn.Move) -> list[pygame.Rect]:
        """A hand card then its square or the Score button (where it is shown: a review's board
        has none, and its glow rings only what the seat sees); a market card to draw it."""
        if isinstance(move, bn.DrawCard):
            sprite = next(s for s in self.presenter.market if s.code == move.card)
            return [layout.card_rect((sprite.x, sprite.y), sprite.width)]
        if isinstance(move, bn.LayLand):
            last = [self.presenter.camera.square_rect(move.square)]
        else:
            last = [self.score_button.rect] if self.score_button.visible else []
        if self.selected == move.card:
            return last
        sprite = next(s for s in self.my_hand if s.code == move.card)
        return [layout.card_rect((sprite.x, sprite.y), sprite.width), *last]

    def cursor_places(self) -> dict[str, pygame.Rect]:
        """Where the keys' cursor stops besides each move's next click: the cards of the hand
        on show and of the market, the land's cards and the squares beside them, and the deck
        (each refused one says why, as a click there does)."""
        camera = self.presenter.camera
        land = set(self.presenter.land)
        beside = {
            (x + dx, y + dy) for x, y in land for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        }
        places = {
            f"land {x} {y}": camera.square_rect((x, y))
            for x, y in sorted(land | beside)
            if layout.VIEW.contains(camera.square_rect((x, y)))
        }
        places["deck"] = layout.card_rect(layout.deck_centre(), layout.MARKET_CARD_W)
        for index, sprite in enumerate(self.my_hand):
            places[f"hand {index + 1}"] = layout.card_rect((sprite.x, sprite.y), sprite.width)
        for index, sprite in enumerate(self.presenter.market):
            places[f"market {index + 1}"] = layout.card_rect((sprite.x, sprite.y), sprite.width)
        return places

    def place_words(self, name: str) -> str:
        """What self-voicing says of a place, as the seat on show knows it (BN-21)."""
        return words.place(name, self.on_show.shown, self.my_hand, self.presenter.market)

    def spot_rect(self, spot: str) -> pygame.Rect | None:
        """A land square (`2 0`), `market`, or a seat's `hand N`, `scored N`, `points N`."""
        kind, _space, rest = spot.partition(" ")
        if kind.lstrip("-").isdigit():
            return self.presenter.camera.square_rect((int(kind), int(rest)))
        if kind == "market":
            return layout.MARKET
        seat = int(rest)
        side = layout.panel(seat, self.setup.players)
        if kind == "hand":
            return layout.HAND_CARDS if seat == self.on_show.viewer else side.hand_row
        if kind == "scored":
            return side.fan_row
        if kind == "points":
            return side.header
        return None

    coach_fills = True  # (over the move log a note takes all of it; in the corner it shrinks)
    notes_corner = layout.NOTE_CORNER

    def coach_rect(self) -> pygame.Rect:
        """In a lesson or a review, the land window's lower-right corner, which the land keeps
        clear of; else (a hint in a game) over the move log, all of it."""
        if self.presenter.keep_clear is not None:
            return pygame.Rect(layout.NOTE_CORNER)
        return pygame.Rect(layout.LOG)

    # --- the camera -----------------------------------------------------------------------------

    def fit_land(self) -> None:
        self.presenter.refit()

    def _zoom(self, factor: float, about: tuple[float, float]) -> None:
        self.presenter.moved_by_hand()
        self.presenter.camera.zoom(factor, about)

    def _camera_key(self, event: pygame.event.Event) -> bool:
        """F fits the land; + and - zoom about the middle of the view."""
        if event.key == pygame.K_f and not event.mod & pygame.KMOD_CTRL:
            self.fit_land()
            return True
        if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_MINUS):
            step = ZOOM_STEP if event.key != pygame.K_MINUS else 1 / ZOOM_STEP
            self._zoom(step, layout.VIEW.center)
            return True
        return False

    def _camera_input(self, event: pygame.event.Event) -> bool:
        """Wheel and pinch zoom, drag on the land pans, F or Fit fits; at any time."""
        kind = event.type
        if kind == pygame.MOUSEWHEEL:
            if layout.LAND.collidepoint(self.pointer):
                self._zoom(ZOOM_STEP ** getattr(event, "y", 0), self.pointer)
                return True
            return False
        if kind == pygame.MULTIGESTURE:
            factor = 1.0 + 3.0 * getattr(event, "pinched", getattr(event, "d_dist", 0.0))
            self._zoom(max(0.5, min(2.0, factor)), layout.VIEW.center)
            return True
        if self.fit_button.visible and self.fit_button.handle(event):
            return True
        if kind == pygame.KEYDOWN:
            return self._camera_key(event)
        if kind == pygame.MOUSEBUTTONDOWN and layout.LAND.collidepoint(event.pos):
            button = getattr(event, "button", 1)
            if button in (2, 3) or (button == 1 and (self.selected is None or not self.my_turn)):
                self._pan, self._panning = event.pos, False
            return button in (2, 3)
        if kind == pygame.MOUSEMOTION and self._pan is not None:
            dx, dy = event.pos[0] - self._pan[0], event.pos[1] - self._pan[1]
            if self._panning or dx * dx + dy * dy > DRAG_THRESHOLD**2:
                if not self._panning:
                    self.presenter.moved_by_hand()
                self._panning = True
                self.presenter.camera.pan(dx, dy)
                self._pan = event.pos
                return True
            return False
        if kind == pygame.MOUSEBUTTONUP and self._pan is not None:
            panned = self._panning
            self._pan, self._panning = None, False
            return panned or getattr(event, "button", 1) in (2, 3)
        return False

    # --- input ------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.pointer = event.pos
        if self.undo.prompt is None and self._camera_input(event):
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        mine = self.my_turn
        self.score_button.visible = mine
        self.score_button.enabled = mine and self.selected in self.scorable_cards
        self.fit_button.visible = self.presenter.camera_manual
        if not mine:
            self.hover_card = None
            self.hover_square = None

    def handle_move_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.score_button.handle(event)
            self._hover(event.pos)
            if self._press is not None:
                dx, dy = event.pos[0] - self._press[2][0], event.pos[1] - self._press[2][1]
                if self.drag_pos is not None or dx * dx + dy * dy > DRAG_THRESHOLD**2:
                    self.drag_pos = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return self._press_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            return self._release_at(event.pos)
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        sprite = self._hand_sprite_at(pos)
        self.hover_card = sprite.code if sprite is not None else None
        self.hover_square = self.presenter.camera.square_at(pos)

    def _press_at(self, pos: tuple[int, int]) -> bool:
        if self.on_show.viewer != self.state.current_player and not self.on_show.hand_on_phone:
            return False  # (not reached: the base hands over first)
        if self.score_button.rect.collidepoint(pos):
            if not self.score_button.enabled:
                self._explain_score()
                return True
            return self.score_button.handle(_event(pygame.MOUSEBUTTONDOWN, pos))
        sprite = self._hand_sprite_at(pos)
        if sprite is not None:
            self.selected = None if sprite.code == self.selected else sprite.code
            self._press = ("hand", sprite, pos)
            return True
        sprite = self._market_sprite_at(pos)
        if sprite is not None:
            self._press = ("market", sprite, pos)
            return True
        square = self.presenter.camera.square_at(pos)
        if square is not None:
            if self.on_show.hand_on_phone:
                self.status.refuse(_("Your cards are on your phone: lay or score them from there."))
            elif self.selected is None:
                self.status.refuse(_("Pick a card from your hand first, then a glowing square."))
            else:
                self._try(bn.LayLand(self.selected, square))
            return True
        if layout.card_rect(layout.deck_centre(), layout.MARKET_CARD_W).collidepoint(pos):
            self.status.refuse(_("Draw from the market, never straight from the deck."))
            return True
        seat = layout.seat_at(pos, self.setup.players)
        if seat is not None and seat != self.state.current_player:
            self.status.refuse(
                _("Those are {name}'s cards: play from your own hand.").format(
                    name=self.setup.called(seat)
                )
            )
            return True
        if seat is not None and self.selected is not None:
            self._score(self.selected)
            return True
        self.reset_input()
        return False

    def _release_at(self, pos: tuple[int, int]) -> bool:
        if self.score_button.pressed:
            return self.score_button.handle(_event(pygame.MOUSEBUTTONUP, pos))
        press, dragged = self._press, self.drag_pos is not None
        self._press, self.drag_pos = None, None
        if press is None:  # (a click on the land was answered when it was pressed)
            return layout.LAND.collidepoint(pos)
        source, sprite, _start = press
        if source == "market":
            onto_hand = layout.HAND.collidepoint(pos) or self._own_panel(pos)
            if (not dragged and self._market_sprite_at(pos) is sprite) or (dragged and onto_hand):
                self._try(bn.DrawCard(sprite.code))
            return True
        if not dragged:
            return True
        self.selected = sprite.code
        square = self.presenter.camera.square_at(pos)
        if square is not None:
            self._try(bn.LayLand(sprite.code, square))
        elif self._own_panel(pos) or self.score_button.rect.collidepoint(pos):
            self._score(sprite.code)
        return True

    def _own_panel(self, pos: tuple[int, int]) -> bool:
        return layout.seat_at(pos, self.setup.players) == self.state.current_player

    def _hand_sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        selected = self.selected_sprite
        for sprite in reversed(self.my_hand):
            rect = layout.card_rect((sprite.x, sprite.y), sprite.width)
            if sprite is selected:
                rect.move_ip(0, -layout.HAND_LIFT)
            if (rect.collidepoint(pos) and layout.HAND.collidepoint(pos)) or (
                rect.collidepoint(pos) and sprite is selected
            ):
                return sprite
        return None

    def _market_sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for sprite in self.presenter.market:
            if layout.card_rect((sprite.x, sprite.y), sprite.width).collidepoint(pos):
                return sprite
        return None

    def _score_selected(self) -> None:
        if self.selected is not None:
            self._score(self.selected)

    def _score(self, card: str) -> None:
        self._try(bn.ScoreCard(card))

    def _explain_score(self) -> None:
        if self.selected is None:
            self.status.refuse(_("Pick a glowing card from your hand first, then Score."))
        else:
            self._score(self.selected)

    def _try(self, move: bn.Move) -> None:
        """Play `move` if the rules allow it now, else say why (the engine's reason)."""
        try:
            self.on_show.mover.check(move)
        except IllegalMove as refusal:
            self.status.refuse(self.reason(refusal.args[0], move))
            return
        self.play(move)

    def explain(self, refusal: str, text: str) -> str:
        """A phone's refused move in a player's words (as `reason`)."""
        try:
            move = read_move(text)
        except IllegalMove:
            move = None
        return self.reason(refusal, move)

    def reason(self, text: str, move: bn.Move | None) -> str:
        """The engine's refusal in a player's words and language: names for seats and cards,
        "that square" for coordinates, and the hunter named when it is what blocks a match
        (BN-4)."""
        if (
            isinstance(move, bn.ScoreCard)
            and "matches nowhere" in text
            and self._hunter_blocks(move.card)
        ):
            blocked = _(
                "The hunter blocks that spot: the {card} matches only where the hunter stands."
            )
            return blocked.format(card=words.card(move.card))
        fields = text.fields if isinstance(text, Text) else {}
        names: dict[str, object] = {"square": _("that square")}
        if "card" in fields:
            names["card"] = _("the {card}").format(card=words.card(fields["card"]))
        player = fields.get("player")
        if isinstance(player, Text) and player.fields.get("number") in range(self.setup.players):
            names["player"] = self.setup.called(player.fields["number"])
        return sentence(translated(text, **names) or text)

    def _hunter_blocks(self, card: str) -> bool:
        """Whether `card` would match if the hunter stood nowhere."""
        return hunter_blocks(self.on_show.shown, card)


def bn_overlay(card: str) -> bool:
    return card in CARDS and CARDS[card].overlay


def _event(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=1)
