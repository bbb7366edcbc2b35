"""The presentation model of the Whose Foods board: tokens that the timeline moves to the state.

`Presenter.sync(state)` lays every piece where the state has it. `Presenter.animate(events)`
queues, event by event, what `play()` returned: the placed piece flies in and bounces, each chain
step glows along its line and its pieces fly to the capturer's tray, uncovered pieces flip, and
losses, wins and disqualifications get their own banners. Once the timeline is idle, the tokens
stand exactly where the state has its pieces (`diagram()` equals `state.diagram()`).

This module draws nothing: it holds positions, scales and alphas (whose_foods_paint draws them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import whose_foods as wf
from game.core import GameOver, TurnPassed, parse_square
from scenes import whose_foods_layout as layout
from scenes.kit.tween import (
    Timeline,
    Tween,
    ease_in_out_cubic,
    ease_in_quad,
    ease_out_back,
    ease_out_bounce,
    ease_out_cubic,
    ease_out_quad,
    linear,
)

# Durations in seconds at animation speed 1.
PLACE_FLIGHT = 0.42
LANDING = 0.24
GLOW_SWEEP = 0.36
LIFT = 0.16
CAPTURE_FLIGHT = 0.5
FLIP_HALF = 0.15
BANNER_IN = 0.3
BANNER_HOLD = 0.9
RESULT_HOLD = 1.4
TRAY_SHIFT = 0.25

GOLD = (255, 196, 40)
RED = (214, 52, 44)


@dataclass(eq=False)
class Token:
    """One of the 24 pieces as drawn: centre, scale (1 = its size on the board), lift, flip."""

    code: str
    x: float
    y: float
    scale: float
    alpha: float = 255.0
    lift: float = 0.0  # 0 on the table, 1 held up (drawn higher, with a wider shadow)
    flip: float = 1.0  # horizontal squash while turning over: 1 flat, 0 edge-on
    hidden: bool = False  # drawn as the anonymous covered piece (memory mode)
    z: int = 0

    @property
    def large(self) -> bool:
        return self.code[0] == "L"


@dataclass(eq=False)
class Glow:
    """A light sweeping along the squares of an effect."""

    squares: tuple[int, ...]
    colour: tuple[int, int, int]
    progress: float = 0.0  # how far along the line it has swept, 0..1
    alpha: float = 255.0


@dataclass(eq=False)
class Popup:
    """Floating text such as "+3" or "Chain x2!"."""

    text: str
    x: float
    y: float
    colour: tuple[int, int, int] = GOLD
    alpha: float = 0.0
    scale: float = 0.4
    size: str = "large"


@dataclass(eq=False)
class Shake:
    """How hard something shakes (0 still); `target` is "board" or a seat number."""

    target: Any
    amount: float = 0.0


@dataclass(eq=False)
class _Pause:
    t: float = 0.0


@dataclass
class Choice:
    """Effects on offer (WF-19): each option's kind, line and removed squares."""

    player: int
    options: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]
    chosen: tuple[int, ...] | None = None  # the removed squares of the option picked


@dataclass
class TrayState:
    """What a tray shows beyond its tokens."""

    points: int = 0
    out: bool = False
    winner: bool = False
    thinking: bool = False
    highlight: float = 0.0  # the glow of the active player's tray, 0..1


@dataclass
class Presenter:
    """Tokens, effects and banners of one Whose Foods scene, moved by its own timeline."""

    players: int
    names: Sequence[str]
    memory_mode: bool = True
    on_sound: Callable[[str], Any] = lambda name: None
    timeline: Timeline = field(default_factory=Timeline)

    def __post_init__(self) -> None:
        self.board: list[list[Token]] = [[] for _ in range(16)]
        self.supply: dict[str, list[Token]] = {code: [] for code in layout.SUPPLY_ORDER}
        self.hands: list[list[Token]] = [[] for _ in range(self.players)]
        self.captured: list[list[Token]] = [[] for _ in range(self.players)]
        self.cans: list[list[Token]] = [[] for _ in range(self.players)]
        self.trays = [TrayState() for _ in range(self.players)]
        self.glows: list[Glow] = []
        self.popups: list[Popup] = []
        self.shakes: list[Shake] = []
        self.banner: Popup | None = None
        self.choice: Choice | None = None
        self.active: int | None = None
        self.chain = 0
        self.clock = 0.0
        #: tweens of pop-ups that float and fade on their own, without holding up the timeline
        self.decor: list[Tween] = []

    # --- the model --------------------------------------------------------------------------------

    def sync(self, state: wf.State) -> None:
        """Lay every piece where `state` has it, with nothing animating."""
        self.skip()
        self.__post_init__()
        for square in range(16):
            top, under = state.piece_at(square)
            for piece in (under, top):
                if piece != wf.EMPTY:
                    self.board[square].append(self._token(wf.PIECE_NAMES[piece]))
            if under != wf.EMPTY:
                self.board[square][0].hidden = self.memory_mode
        for code in state.supply():
            self.supply[code].append(self._token(code))
        for seat in range(self.players):
            self.hands[seat] = [self._token(code) for code in state.hand(seat)]
            for code in state.captured(seat):
                pile = self.cans if code.endswith("F") else self.captured
                pile[seat].append(self._token(code))
            self.trays[seat].points = state.score(seat)
            self.trays[seat].out = seat in state.disqualified
        self.active = state.current_player
        for seat, tray in enumerate(self.trays):
            tray.highlight = 1.0 if seat == self.active else 0.0
        if state.pending:
            self.choice = _choice_of(state.current_player, state.pending)
        self.settle()

    def _token(self, code: str) -> Token:
        return Token(code, 0.0, 0.0, 1.0)

    def home(self, token: Token) -> tuple[float, float, float, int]:
        """Where `token` belongs now: (x, y, scale, z)."""
        for square, stack in enumerate(self.board):
            if token in stack:
                level = stack.index(token)
                x, y = layout.square_centre(square, level)
                return x, y, 1.0, 2 + level
        for code, pile in self.supply.items():
            if token in pile:
                x, y = layout.supply_slot(code, pile.index(token))
                return x, y, layout.SUPPLY_SCALE, 1
        for seat in range(self.players):
            tray = layout.tray(seat)
            if token in self.hands[seat]:
                return (*tray.hand_slot(self.hands[seat].index(token)), layout.HAND_SCALE, 1)
            if token in self.captured[seat]:
                return (
                    *tray.captured_slot(self.captured[seat].index(token)),
                    layout.CAPTURED_SCALE,
                    1,
                )
            if token in self.cans[seat]:
                return (*tray.meter_slot(self.cans[seat].index(token)), layout.CAN_METER_SCALE, 1)
        raise ValueError(f"token {token.code} is nowhere")

    def tokens(self) -> list[Token]:
        every = [t for stack in self.board for t in stack]
        every += [t for pile in self.supply.values() for t in pile]
        for seat in range(self.players):
            every += self.hands[seat] + self.captured[seat] + self.cans[seat]
        return every

    def settle(self) -> None:
        """Put every token at its home at once."""
        for token in self.tokens():
            token.x, token.y, token.scale, token.z = self.home(token)
            token.lift, token.flip, token.alpha = 0.0, 1.0, 255.0

    def diagram(self) -> str:
        """The board as drawn, in the rules' diagram notation (compare with `state.diagram()`)."""
        cells = ["/".join(t.code for t in stack) if stack else "." for stack in self.board]
        return "\n".join(
            " ".join(cells[row * 4 + col] for col in range(4)) for row in reversed(range(4))
        )

    @property
    def idle(self) -> bool:
        return self.timeline.idle

    def update(self, dt: float) -> None:
        self.clock += dt
        self.timeline.update(dt)
        running, self.decor = self.decor, []
        for tween in running:  # a finishing pop-up may add its fade to self.decor
            if not tween.update(dt * self.timeline.speed):
                self.decor.append(tween)

    def skip(self) -> None:
        self.timeline.skip()
        while self.decor:
            self.decor.pop(0).finish()

    # --- animations from events -------------------------------------------------------------------

    def animate(self, events: Sequence[Any], on_game_over: Callable[[], Any] | None = None) -> None:
        """Queue the animation of one move's events, in order."""
        self.choice = None
        for event in events:
            if isinstance(event, wf.Placed):
                self._animate_placed(event)
            elif isinstance(event, wf.ChainStep):
                self._animate_chain_step(event)
            elif isinstance(event, wf.Uncovered):
                self._animate_uncovered(event)
            elif isinstance(event, wf.ChoiceOffered):
                self.timeline.then(lambda e=event: self._offer(e))
            elif isinstance(event, wf.LosingPattern):
                self._animate_losing_pattern(event)
            elif isinstance(event, wf.Overeating):
                self._announce(
                    f"{self.names[event.player]} overate: {event.cans} cans!",
                    RED,
                    "lose",
                    shake=event.player,
                )
            elif isinstance(event, wf.ThreeCans):
                self.timeline.then(lambda p=event.player: setattr(self.trays[p], "winner", True))
                self._announce(f"Three cans! {self.names[event.player]} wins", GOLD, "win")
            elif isinstance(event, wf.Disqualified):
                self.timeline.then(lambda p=event.player: setattr(self.trays[p], "out", True))
                self._announce(
                    f"{self.names[event.player]} is out of the game", RED, None, shake=event.player
                )
            elif isinstance(event, TurnPassed):
                self.timeline.then(lambda e=event: self._pass_turn(e.next_player))
            elif isinstance(event, GameOver):
                self._animate_game_over(event, on_game_over)

    def pause(self, seconds: float) -> Tween:
        """A step that only waits."""
        return Tween(_Pause(), seconds, linear, t=1.0)

    def _shift(self, tokens: Sequence[Token], duration: float = TRAY_SHIFT) -> None:
        """Slide tokens to their homes (trays closing up after a piece left)."""
        for token in tokens:
            x, y, scale, _ = self.home(token)
            if (x, y, scale) != (token.x, token.y, token.scale):
                self.timeline.add(Tween(token, duration, ease_out_cubic, x=x, y=y, scale=scale))

    def _animate_placed(self, event: wf.Placed) -> None:
        square = parse_square(event.square)
        token_box: list[Token] = []

        def lift_off() -> None:
            pile = self.hands[event.player] if event.from_hand else self.supply[event.piece]
            token = next(t for t in reversed(pile) if t.code == event.piece)
            pile.remove(token)
            token_box.append(token)
            self.board[square].append(token)
            if len(self.board[square]) == 2 and self.memory_mode:
                self.board[square][0].hidden = True
            token.z = 20
            x, y, scale, _ = self.home(token)
            self.timeline.add(Tween(token, PLACE_FLIGHT, ease_in_out_cubic, x=x, y=y, scale=scale))
            self.timeline.add(Tween(token, PLACE_FLIGHT, ease_out_quad, lift=1.0))
            self._shift(pile)

        def land() -> None:
            token = token_box[0]
            self.on_sound("place")
            self.timeline.add(
                Tween(
                    token,
                    LANDING,
                    ease_out_bounce,
                    lift=0.0,
                    on_finished=lambda: setattr(token, "z", self.home(token)[3]),
                )
            )

        self.chain = 0
        self.timeline.then(lift_off).then(land)

    def _animate_chain_step(self, event: wf.ChainStep) -> None:
        line = tuple(parse_square(name) for name in event.line)
        glow = Glow(line, GOLD)
        lifted: list[Token] = []

        def sweep() -> None:
            self.choice = None
            self.chain = event.step
            self.glows.append(glow)
            self.on_sound("chain" if event.step > 1 else "capture")
            self.timeline.add(Tween(glow, GLOW_SWEEP, ease_out_quad, progress=1.0))
            if event.step > 1:
                x, y = layout.BOARD.centerx, layout.BOARD.top + 60
                self._pop(Popup(f"Chain x{event.step}!", x, y, GOLD, size="huge"), rise=20)

        def lift() -> None:
            for square_name, _ in event.captured:
                square = parse_square(square_name)
                token = self.board[square].pop()
                if self.board[square]:
                    self.board[square][-1].hidden = self.memory_mode
                token.z = 30
                lifted.append(token)
                self.timeline.add(
                    Tween(token, LIFT, ease_out_back, lift=1.0, scale=token.scale * 1.12)
                )

        def fly() -> None:
            player = event.player
            for token in lifted:
                pile = self.cans if token.code.endswith("F") else self.captured
                pile[player].append(token)
                x, y, scale, _ = self.home(token)
                self.timeline.add(
                    Tween(token, CAPTURE_FLIGHT, ease_in_out_cubic, x=x, y=y, scale=scale)
                )
                self.timeline.add(
                    Tween(
                        token,
                        CAPTURE_FLIGHT,
                        ease_in_quad,
                        lift=0.0,
                        on_finished=lambda t=token: setattr(t, "z", 1),
                    )
                )
            centre = [layout.square_centre(sq) for sq in line]
            x = sum(c[0] for c in centre) / len(centre)
            y = sum(c[1] for c in centre) / len(centre)
            self._pop(Popup(f"+{event.points}", x, y, GOLD), rise=70)
            self.timeline.add(
                Tween(
                    glow,
                    CAPTURE_FLIGHT,
                    ease_in_quad,
                    alpha=0.0,
                    on_finished=lambda: self._drop(self.glows, glow),
                )
            )
            self.timeline.add(
                Tween(
                    self.trays[player],
                    CAPTURE_FLIGHT,
                    linear,
                    points=self.trays[player].points + event.points,
                )
            )

        self.timeline.then(sweep).then(lift).then(fly)

    def _animate_uncovered(self, event: wf.Uncovered) -> None:
        square = parse_square(event.square)

        def turn() -> None:
            token = self.board[square][-1]
            token.hidden = self.memory_mode
            self.timeline.add(
                Tween(
                    token,
                    FLIP_HALF,
                    ease_in_quad,
                    flip=0.0,
                    on_finished=lambda: self._reveal(token),
                )
            )

        self.timeline.then(turn)

    def _reveal(self, token: Token) -> None:
        token.hidden = False
        self.timeline.add(Tween(token, FLIP_HALF, ease_out_back, flip=1.0))

    def _animate_losing_pattern(self, event: wf.LosingPattern) -> None:
        line = tuple(parse_square(name) for name in event.line)
        glow = Glow(line, RED, progress=1.0, alpha=0.0)

        def flash() -> None:
            self.glows.append(glow)
            self.on_sound("lose")
            shake = Shake("board", 1.0)
            self.shakes.append(shake)
            self.timeline.add(
                Tween(
                    shake,
                    0.7,
                    ease_out_quad,
                    amount=0.0,
                    on_finished=lambda: self._drop(self.shakes, shake),
                )
            )
            self.timeline.add(Tween(glow, 0.25, ease_out_quad, alpha=255.0))

        self.timeline.then(flash)
        self._announce("Three cans in a line!", RED, None)
        self.timeline.then(
            Tween(
                glow, 0.3, ease_in_quad, alpha=0.0, on_finished=lambda: self._drop(self.glows, glow)
            )
        )

    def _announce(
        self, text: str, colour: tuple[int, int, int], sound: str | None, shake: int | None = None
    ) -> None:
        banner = Popup(text, layout.BOARD.centerx, layout.BOARD.centery, colour, size="huge")

        def show() -> None:
            if sound:
                self.on_sound(sound)
            self.banner = banner
            self.timeline.add(Tween(banner, BANNER_IN, ease_out_back, alpha=255.0, scale=1.0))
            if shake is not None:
                wobble = Shake(shake, 1.0)
                self.shakes.append(wobble)
                self.timeline.add(
                    Tween(
                        wobble,
                        0.6,
                        ease_out_quad,
                        amount=0.0,
                        on_finished=lambda: self._drop(self.shakes, wobble),
                    )
                )

        def hide() -> None:
            self.timeline.add(
                Tween(
                    banner,
                    0.2,
                    ease_in_quad,
                    alpha=0.0,
                    on_finished=lambda: self._clear_banner(banner),
                )
            )

        self.timeline.then(show).then(self.pause(BANNER_HOLD)).then(hide)

    def _clear_banner(self, banner: Popup) -> None:
        if self.banner is banner:
            self.banner = None

    def _animate_game_over(self, event: GameOver, on_game_over: Callable[[], Any] | None) -> None:
        result = event.result

        def finish() -> None:
            self._pass_turn(None)
            for seat in result.winners:
                self.trays[seat].winner = True
            if result.reason in ("points", "no moves"):  # other endings had their sound
                self.on_sound("win")

        self.timeline.then(finish).then(self.pause(RESULT_HOLD))
        if on_game_over is not None:
            self.timeline.then(on_game_over)

    def _offer(self, event: wf.ChoiceOffered) -> None:
        options = tuple(
            (kind, tuple(map(parse_square, line)), tuple(map(parse_square, squares)))
            for kind, line, squares in event.options
        )
        self.choice = Choice(event.player, options)

    def _pass_turn(self, seat: int | None) -> None:
        """The glow moves from the last player's tray to the next one's."""
        self.active = seat
        self.chain = 0
        for index, tray in enumerate(self.trays):
            self.timeline.add(
                Tween(tray, TRAY_SHIFT, ease_out_quad, highlight=1.0 if index == seat else 0.0)
            )

    def _pop(self, popup: Popup, rise: float) -> None:
        """Show a popup that grows in, floats up by `rise` and fades, beside the timeline."""
        self.popups.append(popup)
        self.decor.append(Tween(popup, 0.25, ease_out_back, alpha=255.0, scale=1.0))
        self.decor.append(Tween(popup, 0.9, ease_out_cubic, y=popup.y - rise))
        self.decor.append(
            Tween(_Pause(), 0.9, linear, t=1.0, on_finished=lambda: self._fade(popup))
        )

    def _fade(self, popup: Popup) -> None:
        self.decor.append(
            Tween(
                popup,
                0.25,
                ease_in_quad,
                alpha=0.0,
                on_finished=lambda: self._drop(self.popups, popup),
            )
        )

    @staticmethod
    def _drop(items: list[Any], item: Any) -> None:
        if item in items:
            items.remove(item)

    def show_choice(self, squares: tuple[int, ...]) -> None:
        """Mark the option a player picked (the bot's choice is shown as a human's would be)."""
        if self.choice is not None:
            self.choice.chosen = squares

    def shake_offset(self, target: Any) -> tuple[float, float]:
        """How far `target` ("board" or a seat) is displaced by a running shake."""
        amount = sum(s.amount for s in self.shakes if s.target == target)
        if not amount:
            return 0.0, 0.0
        return 14 * amount * math.sin(self.clock * 55), 4 * amount * math.cos(self.clock * 40)


def _choice_of(player: int, pending: Sequence[wf.Effect]) -> Choice:
    return Choice(player, tuple((e.kind.value, e.line, e.squares) for e in pending))
