"""The presentation model of the En blanc et noir board: cards, land and hunter that the timeline
moves towards the view of the seat on show.

Everything here comes from that view and from events redacted for it (BN-21), so a card's `code`
is its id only where that seat may know it, else its colour and `?` (`W?`, `WO?` for a stacked
overlay). A draw flies a market card to a hand (turning to its back unless that hand is on show)
and the market refills from the deck with a flip; a card laid turns to its back while it flies
to its square, settles with a bounce, and the hunter hops onto it while the camera keeps the
whole land in sight (BN-23); a scored card rises, its squares pulse in the pattern, and it flies
to the scorer's fan with "+N". At the end the land squares are counted colour by colour, the bear
bonuses fly to the scored bear cards and the hands are shown with what they cost (BN-18, BN-19).
When the timeline is idle, what is drawn equals the view (`land_codes()`, `market_codes()` ...).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial

from game import blanc_noir as bn
from game.blanc_noir.cards import CARDS
from game.core.events import Event, GameOver, TurnPassed
from game.core.result import Result
from scenes.boards.blanc_noir import layout
from scenes.boards.blanc_noir.land_count import plate_rect
from scenes.boards.blanc_noir.layout import Camera, Square
from scenes.boards.blanc_noir.sprites import CardSprite, Counter, Drop, Pawn, Pulse, Tally, known
from scenes.kit.effects import GOLD, RED, EffectsPresenter, EventHandlers, Popup
from scenes.kit.i18n import L_, N_
from scenes.kit.tween import (
    Tween,
    ease_in_out_cubic,
    ease_in_out_quad,
    ease_in_quad,
    ease_out_back,
    ease_out_bounce,
    ease_out_cubic,
    ease_out_quad,
    linear,
)

# Durations in seconds at animation speed 1.
FLY = 0.5
FLIP_HALF = 0.14
LAND_FLY = 0.6
BOUNCE = 0.42
HOP = 0.36
RISE = 0.32
PULSE = 0.9
SCORE_FLY = 0.5
SHIFT = 0.25
CAMERA = 0.5
TALLY_TOTAL = 2.4  # the whole bear count, however large the land
POINTS_HALF = 84  # half the width of a card's points ("+12") popping up, and a margin
BONUS_TIME = 0.55  # the bear bonus: the bears light up, the points come to the totals

WHITE_BONUS: tuple[int, int, int] = (236, 244, 252)
GOOD_POINTS: tuple[int, int, int] = (120, 220, 120)

#: what the presenter is shown of the game (the view of the seat on show)
View = bn.View[bn.State]


class Presenter(EffectsPresenter):
    """Land, hunter, market, deck, hands and scored fans of one En blanc et noir board."""

    def __init__(
        self,
        players: int,
        names: Sequence[str],
        colours: Sequence[tuple[str, tuple[int, int, int], str]],
        view_now: Callable[[], View],
        on_sound: Callable[[str], object] = lambda name: None,
    ) -> None:
        self.colours = list(colours)
        self.view_now = view_now  # the view of the seat on show, after the move
        self.viewer: int | None = None
        self.reveal = False  #: every hand face up along the strip (a finished game)
        self.camera = Camera()
        self.camera_manual = False  # a person panned or zoomed: growth refits only if needed
        super().__init__(
            players, names, on_sound, stage=(layout.LAND.centerx, layout.LAND.top + 90)
        )
        self._empty()

    def _empty(self) -> None:
        self.land: dict[Square, list[str]] = {}
        self.drops: dict[Square, Drop] = {}
        self.hunter = Pawn(-1.0, -1.0)
        self.market: list[CardSprite] = []
        self.deck = Counter()
        self.hands: list[list[CardSprite]] = [[] for _ in range(self.players)]
        self.scored: list[list[CardSprite]] = [[] for _ in range(self.players)]
        self.flying: list[CardSprite] = []
        self.pulses: list[Pulse] = []
        self.tally: Tally | None = None
        self.over = False
        self._ending = False  # the game's end plays (its bear count announced)
        self.actions = 0  # actions queued in the turn being animated
        self._pending_land: list[Square] = []

    def handlers(self) -> EventHandlers:
        return (
            EventHandlers()
            .on(bn.CardDrawn, self._animate_drawn)
            .on(bn.MarketRefilled, self._animate_refilled)
            .on(bn.LandLaid, self._animate_laid)
            .on(bn.HunterMoved, self._animate_hunter)
            .on(bn.CardScored, self._animate_scored)
            .on(TurnPassed, self._animate_turn_passed)
            .on(bn.GameEnded, self._animate_end)
            .on(GameOver, self._animate_game_over)
        )

    def animate(
        self, events: Sequence[Event], on_game_over: Callable[[], object] | None = None
    ) -> None:
        super().animate(events, on_game_over)
        if not any(isinstance(e, (TurnPassed, GameOver)) for e in events):
            self.timeline.then(self._settle_to_view)

    # --- the model --------------------------------------------------------------------------------

    def sync(self, view: View, viewer: int | None, reveal: bool = False) -> None:
        """Lay everything as `view` (of `viewer`) has it, with nothing animating; `reveal`: a
        finished game shows every hand face up along the strip (a replay's "show all faces")."""
        self.skip()
        self.reset_effects()
        self._empty()
        self.viewer = viewer
        self.over = view.is_over
        self._ending = False
        self.reveal = reveal and view.is_over
        self.land = {sq: list(stack) for sq, stack in view.land.items()}
        hunter = view.hunter
        if hunter is None:
            x, y = layout.beside(self.land)
            self.hunter = Pawn(float(x), float(y))
        else:
            self.hunter = Pawn(float(hunter[0]), float(hunter[1]), on_land=True)
        self.market = [CardSprite(code, face_up=True) for code in view.market]
        self.deck.value = view.deck_size
        for seat in range(self.players):
            self.hands[seat] = [self._hand_sprite(code, seat) for code in view.hand(seat)]
            self.scored[seat] = [CardSprite(code, face_up=True) for code in view.scored(seat)]
            points = sum(view.breakdown(seat).values()) if view.is_over else view.score(seat)
            self.seats[seat].points = points
        self.settle_seats(view.current_player)
        self.actions = view.actions_done
        self.camera_manual = False
        self.camera.x, self.camera.y, self.camera.cell = self.fit_target()
        self.settle()

    def _hand_sprite(self, code: str, seat: int) -> CardSprite:
        return CardSprite(code, face_up=self._face_up_in_hand(code, seat))

    def _face_up_in_hand(self, code: str, seat: int) -> bool:
        return known(code) and (seat == self.viewer or self.over)

    def home(self, sprite: CardSprite) -> tuple[float, float, float]:
        """Where `sprite` rests now: (x, y, width)."""
        if sprite in self.market:
            return (*layout.market_slot(self.market.index(sprite)), layout.MARKET_CARD_W)
        if self.reveal:
            width, _height, slots = layout.revealed_hands([len(hand) for hand in self.hands])
            for seat, hand in enumerate(self.hands):
                if sprite in hand:
                    return (*slots[seat][hand.index(sprite)], width)
        for seat in range(self.players):
            hand = self.hands[seat]
            if sprite in hand:
                if seat == self.viewer:
                    return (*layout.hand_slot(hand.index(sprite), len(hand)), layout.HAND_CARD_W)
                place = layout.panel(seat, self.players)
                return (*place.hand_slot(hand.index(sprite), len(hand)), place.back_width)
            fan = self.scored[seat]
            if sprite in fan:
                place = layout.panel(seat, self.players)
                return (*place.fan_slot(fan.index(sprite), len(fan)), place.fan_width)
        raise ValueError(f"card {sprite.code} is nowhere")

    def sprites(self) -> list[CardSprite]:
        """Every card sprite at rest somewhere (not those in flight)."""
        every = list(self.market)
        for seat in range(self.players):
            every += self.hands[seat] + self.scored[seat]
        return every

    def settle(self) -> None:
        for sprite in self.sprites():
            sprite.x, sprite.y, sprite.width = self.home(sprite)
            sprite.flip, sprite.lift, sprite.z, sprite.glow = 1.0, 0.0, 0, 0.0

    # what the tests compare with the view
    def land_codes(self) -> dict[Square, list[str]]:
        return {sq: list(stack) for sq, stack in self.land.items()}

    def market_codes(self) -> list[str]:
        return [s.code for s in self.market]

    def hand_codes(self, seat: int) -> list[str]:
        return sorted(s.code for s in self.hands[seat])

    def scored_codes(self, seat: int) -> list[str]:
        return [s.code for s in self.scored[seat]]

    @property
    def hunter_square(self) -> Square | None:
        if not self.hunter.on_land:
            return None
        return round(self.hunter.x), round(self.hunter.y)

    # --- the camera -----------------------------------------------------------------------------

    def fit_target(self, extra: Sequence[Square] = ()) -> tuple[float, float, float]:
        squares = [*self.land, *extra]
        if not self.hunter.on_land:
            squares.append(layout.beside(self.land))
        return self._fit(squares)

    @property
    def land_count_shown(self) -> bool:
        """The land count's plate stands in the land window's corner until the game's end
        begins: from the bear count's announcement on, its own box counts the land."""
        return not self.over and self.tally is None and not self._ending

    def _fit(self, squares: Sequence[Square]) -> tuple[float, float, float]:
        """Clear of the land count's plate while it shows, and of a note's corner."""
        clear = [plate_rect(self.land)] if self.land_count_shown else []
        if self.keep_clear is not None:
            clear.append(self.keep_clear)
        return layout.fit_clear_of(squares, clear)

    def refit(self, now: bool = False) -> None:
        """Glide the camera to show the whole land (a person's Fit: beside the timeline)."""
        self.camera_manual = False
        x, y, cell = self.fit_target(self._pending_land)
        self._stop_camera()
        tween = Tween(self.camera, CAMERA, ease_in_out_cubic, x=x, y=y, cell=cell)
        if now:
            tween.finish()
        else:
            self.decor.append(tween)

    def _stop_camera(self) -> None:
        self.decor = [t for t in self.decor if t.target is not self.camera]

    def moved_by_hand(self) -> None:
        """A person panned or zoomed: the camera is theirs until Fit or the land outgrows it."""
        self._stop_camera()
        self.camera_manual = True

    def _follow_land(self, square: Square) -> None:
        """The land grows at `square`: keep all of it in sight (BN-23)."""
        squares = [*self.land, square]
        if self.camera_manual and self.camera.shows(squares):
            return
        self.camera_manual = False
        x, y, cell = self._fit(squares)
        self._stop_camera()
        self.timeline.add(Tween(self.camera, LAND_FLY, ease_in_out_cubic, x=x, y=y, cell=cell))

    def update(self, dt: float) -> None:
        super().update(dt)
        for sprite in self.flying:
            if sprite.path is not None:
                self._place_on_path(sprite)

    def _place_on_path(self, sprite: CardSprite) -> None:
        x0, y0, w0, square = sprite.path  # type: ignore[misc]
        k = ease_in_out_cubic(sprite.t)
        x1, y1 = self.camera.centre(square)
        sprite.x = x0 + (x1 - x0) * k
        sprite.y = y0 + (y1 - y0) * k
        sprite.width = w0 + (self.camera.cell * 0.94 - w0) * k
        sprite.lift = math.sin(math.pi * sprite.t)

    # --- small motions ----------------------------------------------------------------------------

    def _go_home(self, sprite: CardSprite, seconds: float = SHIFT) -> None:
        x, y, width = self.home(sprite)
        if (x, y, width) != (sprite.x, sprite.y, sprite.width):
            self.timeline.add(Tween(sprite, seconds, ease_out_cubic, x=x, y=y, width=width))

    def _shift(self, sprites: Sequence[CardSprite], moving: CardSprite | None = None) -> None:
        for sprite in sprites:
            if sprite is not moving:
                self._go_home(sprite)

    def _fly_home(self, sprite: CardSprite, seconds: float) -> None:
        """Fly `sprite` to its home in an arc, then rest."""
        x, y, width = self.home(sprite)
        sprite.z = 30

        def down() -> None:
            self.timeline.add(
                Tween(
                    sprite, seconds / 2, ease_in_quad, lift=0.0, on_finished=lambda: _rest(sprite)
                )
            )

        self.timeline.add(Tween(sprite, seconds, ease_in_out_cubic, x=x, y=y, width=width))
        self.timeline.add(Tween(sprite, seconds / 2, ease_out_quad, lift=1.0, on_finished=down))

    def _turn(self, sprite: CardSprite, change: Callable[[], None], delay: float = 0.0) -> None:
        """Turn `sprite` over: squash to its edge, `change` what shows, open again."""

        def middle() -> None:
            change()
            self.timeline.add(Tween(sprite, FLIP_HALF, ease_out_quad, flip=1.0))

        self.timeline.add(
            Tween(sprite, FLIP_HALF, ease_in_quad, delay=delay, flip=0.0, on_finished=middle)
        )

    def _later(self, seconds: float, action: Callable[[], None]) -> None:
        """Run `action` after `seconds`, beside whatever else runs now."""
        self.timeline.add(Tween(Counter(), seconds, linear, value=1.0, on_finished=action))

    def _take_from_hand(self, seat: int, card: str) -> CardSprite:
        hand = self.hands[seat]
        sprite = next((s for s in hand if s.code == card), None)
        if sprite is None:  # a hand not on show: any card of that colour
            sprite = next((s for s in hand if s.code[0] == card[0]), None)
        if sprite is None:  # out of step with the view (should not happen): a new card
            sprite = CardSprite(card[0] + "?")
            sprite.x, sprite.y = layout.panel(seat, self.players).hand_slot(0)
        else:
            hand.remove(sprite)
        return sprite

    # --- animations from events -------------------------------------------------------------------

    def _animate_drawn(self, event: bn.CardDrawn) -> None:
        self.actions += 1
        view = self.view_now()

        def go() -> None:
            slot = min(event.slot, len(self.market) - 1)
            sprite = self.market.pop(slot) if self.market else CardSprite(event.card, face_up=True)
            sprite.code = event.card
            sprite.face_up = True
            hand = self.hands[event.seat]
            self._shift(self.market)
            self.on_sound("slide")
            if event.seat == self.viewer or self.over:
                hand.append(sprite)
                hand.sort(key=lambda s: s.code)
                self._fly_home(sprite, FLY)
                self._shift(hand, sprite)
                return
            # a hand not on show: the card turns face down where it is, then flies
            sprite.z = 30
            self.flying.append(sprite)
            self.timeline.add(Tween(sprite, FLIP_HALF * 2, ease_out_quad, lift=0.6))

            def hidden() -> None:
                if sprite in self.flying:
                    self.flying.remove(sprite)
                sprite.face_up, sprite.code = False, event.card[0] + "?"
                hand.append(sprite)
                hand.sort(key=lambda s: s.code)
                self._fly_home(sprite, FLY)
                self._shift(hand, sprite)

            self._turn(sprite, hidden)

        self.timeline.then(go)
        if not view.market and view.deck_size == 0 and not view.is_over:
            self.announce(L_("The last card is drawn: last turn!"), GOLD, "chain")

    def _animate_refilled(self, event: bn.MarketRefilled) -> None:
        def go() -> None:
            deck = layout.deck_centre()
            for index, card in enumerate(event.cards):
                sprite = CardSprite(card, *deck, layout.MARKET_CARD_W, face_up=False, z=20)
                self.market.append(sprite)
                x, y, width = self.home(sprite)
                delay = index * 0.12
                self.timeline.add(
                    Tween(sprite, FLY * 0.8, ease_in_out_cubic, delay=delay, x=x, y=y, width=width)
                )
                self._turn(sprite, partial(setattr, sprite, "face_up", True), delay + 0.1)
            self.timeline.add(
                Tween(self.deck, 0.3 + 0.12 * len(event.cards), linear, value=event.deck_size)
            )
            self.on_sound("slide")

        self.timeline.then(go)
        if event.deck_size == 0:
            self.announce(L_("The deck is empty"), GOLD)

    def _animate_laid(self, event: bn.LandLaid) -> None:
        self.actions += 1
        self._pending_land.append(event.square)

        def go() -> None:
            sprite = self._take_from_hand(event.seat, event.card)
            sprite.code = event.card
            sprite.z = 40
            sprite.path = (sprite.x, sprite.y, sprite.width, event.square)
            sprite.t = 0.0
            self.flying.append(sprite)
            self._follow_land(event.square)

            def to_land_side() -> None:
                sprite.land_side = True

            self._turn(sprite, to_land_side, delay=LAND_FLY * 0.2)
            self.timeline.add(
                Tween(
                    sprite, LAND_FLY, linear, t=1.0, on_finished=lambda: self._landed(sprite, event)
                )
            )
            self._shift(self.hands[event.seat])
            self.on_sound("slide")

        self.timeline.then(go)

    def _landed(self, sprite: CardSprite, event: bn.LandLaid) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)
        if event.square in self._pending_land:
            self._pending_land.remove(event.square)
        self.land.setdefault(event.square, []).append(event.card)
        drop = Drop(0.6)
        self.drops[event.square] = drop
        self.on_sound("place")
        self.timeline.add(
            Tween(drop, BOUNCE, ease_out_bounce, lift=0.0, on_finished=lambda: self._rested(event))
        )

    def _rested(self, event: bn.LandLaid) -> None:
        self.drops.pop(event.square, None)

    def _animate_hunter(self, event: bn.HunterMoved) -> None:
        def go() -> None:
            pawn = self.hunter
            x, y = event.to_square
            pawn.on_land = True
            pawn.hop = 0.0
            self.timeline.add(Tween(pawn, HOP, ease_in_out_quad, x=float(x), y=float(y)))
            self.timeline.add(
                Tween(pawn, HOP, linear, hop=1.0, on_finished=lambda: setattr(pawn, "hop", 0.0))
            )

        self.timeline.then(go)

    def _animate_scored(self, event: bn.CardScored) -> None:
        self.actions += 1
        value = CARDS[event.card].value
        tops = self.view_now().top_colours()
        colours = {sq: tops.get(sq, "W") for sq in event.squares}
        pulse = Pulse(event.squares, colours, event.seat)
        holder: list[CardSprite] = []

        def rise() -> None:
            sprite = self._take_from_hand(event.seat, event.card)
            holder.append(sprite)
            sprite.z = 50
            self.flying.append(sprite)
            if not sprite.face_up or sprite.code != event.card:

                def show() -> None:
                    sprite.code, sprite.face_up = event.card, True

                self._turn(sprite, show)
            width = max(sprite.width, layout.HAND_CARD_W * 0.9)
            y = sprite.y - 90 if event.seat == self.viewer else sprite.y
            self.timeline.add(Tween(sprite, RISE, ease_out_back, y=y, width=width, lift=1.0))
            self.timeline.add(Tween(sprite, RISE, ease_out_quad, glow=1.0))
            self.pulses.append(pulse)
            self.timeline.add(Tween(pulse, PULSE, linear, progress=1.0))
            self._shift(self.hands[event.seat])
            self.on_sound("capture")

        def fly() -> None:
            sprite = holder[0]
            if sprite in self.flying:
                self.flying.remove(sprite)
            fan = self.scored[event.seat]
            fan.append(sprite)
            self._fly_home(sprite, SCORE_FLY)
            self.timeline.add(Tween(sprite, SCORE_FLY, ease_in_quad, glow=0.0))
            self._shift(fan, sprite)
            x, y, _width = self.home(sprite)
            panel = self.seats[event.seat]
            self.timeline.add(Tween(panel, SCORE_FLY, linear, points=round(panel.points) + value))
            self.timeline.add(
                Tween(
                    pulse,
                    SCORE_FLY,
                    ease_in_quad,
                    alpha=0.0,
                    on_finished=lambda: self._drop(self.pulses, pulse),
                )
            )

            def plus() -> None:  # (beside the card, inside the seat's panel)
                right = layout.panel(event.seat, self.players).rect.right - POINTS_HALF
                self.pop(Popup(f"+{value}", min(x + 40, right), y - 30, GOLD), rise=50)

            self._later(SCORE_FLY * 0.8, plus)

        self.timeline.then(rise).then(fly)

    def _animate_turn_passed(self, event: TurnPassed) -> None:
        """The turn ends: say so when it had one action only (BN-16), the glow moves on, and
        everything takes the view's codes and order."""
        if self.actions == 1:
            self.announce(L_("No second action possible: the turn ends"), GOLD, hold=0.7)
        elif self.actions == 0 and event.next_seat is not None:
            words = self.says(
                event.seat,
                N_("{name} cannot act: the turn passes"),
                N_("You cannot act: the turn passes"),
            )
            self.announce(words, GOLD)
        self.actions = 0
        super()._animate_turn_passed(event)
        self.timeline.then(self._settle_to_view)

    def _settle_to_view(self) -> None:
        """Take the view's codes and order (the presentation may only lag behind the view in
        where things stand, never in what they are); then everything glides home. Hands stay
        face down at the end until the count shows them."""
        view = self.view_now()
        self.land = {sq: list(stack) for sq, stack in view.land.items()}
        self._pending_land.clear()
        self._adopt(self.market, list(view.market), lambda code: True)
        self.deck.value = view.deck_size
        for seat in range(self.players):
            self._adopt(
                self.hands[seat],
                view.hand(seat),
                partial(self._face_up_in_hand, seat=seat),
                by_code=True,
            )
            self._adopt(self.scored[seat], view.scored(seat), lambda code: True)
        for sprite in self.sprites():
            self._go_home(sprite)
        hunter = view.hunter
        if hunter is not None and (self.hunter.x, self.hunter.y) != hunter:
            self.hunter.x, self.hunter.y = float(hunter[0]), float(hunter[1])
            self.hunter.on_land = True

    def _adopt(
        self,
        sprites: list[CardSprite],
        codes: list[str],
        face: Callable[[str], bool],
        by_code: bool = False,
    ) -> None:
        """Give `sprites` the view's `codes` (hands: in sorted order)."""
        if len(sprites) != len(codes):  # out of step (should not happen): new cards at home
            sprites[:] = [CardSprite(code) for code in codes]
            for sprite in sprites:
                sprite.face_up = face(sprite.code)
                sprite.x, sprite.y, sprite.width = self.home(sprite)
            return
        if by_code:
            sprites.sort(key=lambda s: s.code)
        for sprite, code in zip(sprites, codes, strict=True):
            sprite.code = code
            sprite.face_up = face(code)

    # --- the end ----------------------------------------------------------------------------------

    def _animate_end(self, event: bn.GameEnded) -> None:
        view = self.view_now()
        tops = view.top_colours()
        counts = view.colour_counts()
        leader = view.bear_colour()
        tally = Tally()
        order = sorted(tops, key=lambda sq: (tops[sq] != "W", -sq[1], sq[0]))
        step = min(0.12, TALLY_TOTAL / max(1, len(order)))

        def start() -> None:
            self.tally = tally
            self.pulses.clear()
            area = layout.TALLY_VIEW
            if self.keep_clear is not None:  # (a note stands at the lower right)
                area = area.clip(area.move(self.keep_clear.left - 8 - area.right, 0))
            x, y, cell = layout.fit(self.land, area)
            self._stop_camera()
            self.timeline.add(Tween(self.camera, CAMERA, ease_in_out_cubic, x=x, y=y, cell=cell))

        self._ending = True  # (the banner would stand over the plate)
        self.announce(L_("The bear count"), GOLD, "chain", hold=0.5)
        self.timeline.then(start)
        for square in order:

            def count(sq: Square = square) -> None:
                if tops[sq] == "W":
                    tally.white += 1
                    tally.numbers[sq] = tally.white
                else:
                    tally.black += 1
                    tally.numbers[sq] = tally.black

            self.timeline.then(count).then(self.pause(step))
        if leader is None:
            verdict = L_(
                "White {white}, black {black}: equal, no bear bonus",
                white=counts["W"],
                black=counts["B"],
            )
        elif leader == "W":
            verdict = L_(
                "White leads {high} to {low}: white bears +{bonus}, black bears −{bonus}",
                high=counts["W"],
                low=counts["B"],
                bonus=bn.BEAR_BONUS,
            )
        else:
            verdict = L_(
                "Black leads {high} to {low}: black bears +{bonus}, white bears −{bonus}",
                high=counts["B"],
                low=counts["W"],
                bonus=bn.BEAR_BONUS,
            )
        self.timeline.then(lambda: setattr(tally, "verdict", verdict))
        self.timeline.then(self.pause(1.0))
        parts = [dict(p) for p in event.breakdowns]
        if leader is not None:
            self.timeline.then(lambda: self._give_bear_bonuses(leader, parts))
        self.timeline.then(lambda: self._show_hands(parts))
        self.timeline.then(self.pause(0.6))
        self._animate_game_over(event)

    def _give_bear_bonuses(self, leader: str, parts: list[dict[str, int]]) -> None:
        """Each scored bear card glows in turn, and each seat's bear points pop up over its
        scored row, in its own panel ("+4", "−2", "+2 −2" for bears of both colours): one
        pop-up a seat, so none stands on another."""
        self.on_sound("capture")
        for seat in range(self.players):
            bears = [s for s in self.scored[seat] if known(s.code) and CARDS[s.code].bear]
            for index, sprite in enumerate(bears):

                def lit(s: CardSprite = sprite) -> None:
                    self.decor.append(Tween(s, 0.6, ease_in_quad, glow=0.0))

                self.timeline.add(
                    Tween(sprite, BONUS_TIME / 2, ease_out_quad, delay=0.1 * index, glow=1.0,
                          on_finished=lit)
                )  # fmt: skip
            panel = self.seats[seat]
            bonus = parts[seat].get("bear bonus", 0)
            if bears:
                self._later(BONUS_TIME / 2, partial(self._pop_bears, seat, bears, leader))
            if bonus:
                self.timeline.add(
                    Tween(panel, BONUS_TIME, linear, delay=0.2, points=panel.points + bonus)
                )

    def _pop_bears(self, seat: int, bears: list[CardSprite], leader: str) -> None:
        """Seat `seat`'s bear points over the middle of its scored row: what its bears of the
        leading colour add, then what the others take away."""
        good = sum(bn.BEAR_BONUS for s in bears if s.code[0] == leader)
        bad = sum(bn.BEAR_BONUS for s in bears if s.code[0] != leader)
        text = " ".join([f"+{good}"] * bool(good) + [f"−{bad}"] * bool(bad))
        colour = GOOD_POINTS if good > bad else RED if bad > good else GOLD
        place = layout.panel(seat, self.players)
        x = (place.rect.left + place.CONTENT_LEFT + place.rect.right - 16) / 2
        self.pop(Popup(text, x, place.fan_row.centery - 20, colour), rise=30)

    def _show_hands(self, parts: list[dict[str, int]]) -> None:
        """Every hand is shown (BN-21) with what it costs (BN-18); the points come to totals."""
        self.over = True
        if self.tally is not None:
            self.timeline.add(Tween(self.tally, 0.4, ease_in_quad, alpha=0.0))
        for seat in range(self.players):
            for sprite in self.hands[seat]:
                if known(sprite.code) and not sprite.face_up:
                    self._turn(sprite, partial(setattr, sprite, "face_up", True))
            cost = parts[seat].get("hand", 0)
            panel = self.seats[seat]
            total = sum(parts[seat].values())
            self.timeline.add(Tween(panel, 0.5, linear, points=float(total)))
            if cost and self.hands[seat]:
                x, y, _width = self.home(self.hands[seat][-1])
                self.pop(Popup(L_("hand −{points}", points=-cost), x + 60, y, RED), rise=30)

    def game_over_sound(self, result: Result) -> str | None:
        return "win"


def _rest(sprite: CardSprite) -> None:
    sprite.z = 0
