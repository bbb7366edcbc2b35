"""The presentation model of the Whose Foods board: tokens that the timeline moves to the state.

`Presenter.sync(state)` lays every piece where the state has it. `Presenter.animate(events)`
queues, event by event, what `play()` returned: the placed piece flies in and bounces, each chain
step glows along its line, is called out by name ("Trio of cats!") with a line through its
pieces in the capturer's colour, and its pieces fly to the capturer's tray; uncovered pieces
flip; losses, wins and disqualifications get their banners. Once the timeline is idle, the tokens
stand exactly where the state has its pieces (`diagram()` equals `state.diagram()`).

This module draws nothing: it holds positions, scales and alphas (paint.py draws them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from game import whose_foods as wf
from game.core.grid import parse_square
from game.core.result import Result
from scenes.boards.whose_foods import layout
from scenes.kit.effects import GOLD, RED, Callout, EffectsPresenter, EventHandlers, Glow
from scenes.kit.i18n import L_, LN_, N_, Message
from scenes.kit.tween import (
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
TRAY_SHIFT = 0.25
CAN_POINTS_IN_HAND = 5  # WF-26: each can still in hand costs 5 at the end


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
        return wf.is_large(self.code)

    @property
    def can(self) -> bool:
        return wf.is_can(self.code)


@dataclass
class Choice:
    """Effects on offer (WF-19): each option's kind, line and removed squares."""

    player: int
    options: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]
    chosen: tuple[int, ...] | None = None  # the removed squares of the option picked


def callout_text(kind: str, captured: Sequence[tuple[str, str]]) -> Message:
    """The name of a capture: "Trio of cats!", "Trio by size!", "Sandwich: 2 cans!" (lazy: it
    follows a switch of language while it is on show)."""
    if kind == wf.EffectKind.SANDWICH.value:
        return LN_("Sandwich: {count} can!", "Sandwich: {count} cans!", len(captured))
    if kind == wf.EffectKind.TRIO_SIZE.value:
        return L_("Trio by size!")
    animals = {wf.illustration(piece) for _, piece in captured}
    if len(animals) != 1:
        return L_("Trio!")
    animal = animals.pop()
    if animal == "dog":
        return L_("Trio of dogs!")
    if animal == "cat":
        return L_("Trio of cats!")
    return L_("Trio of cans!")


def loss_text(pattern: str, pieces: Sequence[str]) -> Message:
    """The name of a losing pattern (WF-16): "Four dogs in a line!", "Four large pieces in a
    line!", "Three cans in a line!" (lazy)."""
    if pattern == wf.LossKind.FOUR_SIZE.value:
        if wf.is_large(pieces[0]):
            return L_("Four large pieces in a line!")
        return L_("Four small pieces in a line!")
    if pattern == wf.LossKind.FOUR_ILLUSTRATION.value:
        animal = wf.illustration(pieces[0])
        if animal == "dog":
            return L_("Four dogs in a line!")
        if animal == "cat":
            return L_("Four cats in a line!")
        return L_("Four cans in a line!")
    return L_("Three cans in a line!")


class Presenter(EffectsPresenter):
    """Tokens, effects and trays of one Whose Foods scene, moved by its own timeline."""

    def __init__(
        self,
        players: int,
        names: Sequence[str],
        colours: Sequence[tuple[str, tuple[int, int, int], str]],
        memory_mode: bool = True,
        on_sound: Callable[[str], object] = lambda name: None,
    ) -> None:
        self.memory_mode = memory_mode
        self.colours = list(colours)
        super().__init__(
            players, names, on_sound, stage=(layout.BOARD.centerx, layout.BOARD.centery)
        )
        self._empty()

    def _empty(self) -> None:
        self.board: list[list[Token]] = [[] for _ in range(16)]
        self.supply: dict[str, list[Token]] = {code: [] for code in layout.SUPPLY_ORDER}
        self.hands: list[list[Token]] = [[] for _ in range(self.players)]
        self.captured: list[list[Token]] = [[] for _ in range(self.players)]
        self.cans: list[list[Token]] = [[] for _ in range(self.players)]
        self.choice: Choice | None = None
        self.chain = 0

    def handlers(self) -> EventHandlers:
        return (
            EventHandlers()
            .on(wf.Placed, self._animate_placed)
            .on(wf.ChainStep, self._animate_chain_step)
            .on(wf.Uncovered, self._animate_uncovered)
            .on(wf.ChoiceOffered, self._animate_choice_offered)
            .on(wf.LosingPattern, self._animate_losing_pattern)
            .on(wf.Overeating, self._animate_overeating)
            .on(wf.ThreeCans, self._animate_three_cans)
            .on(wf.Disqualified, self._animate_disqualified)
        )

    def _animate_choice_offered(self, event: wf.ChoiceOffered) -> None:
        self.timeline.then(lambda: self._offer(event))

    def game_over_sound(self, result: Result) -> str | None:
        reason = wf.EndReason(result.reason)
        return "win" if reason.decided_by_points else None  # the others had their own sound

    # --- the model --------------------------------------------------------------------------------

    def sync(self, state: wf.State) -> None:
        """Lay every piece where `state` has it, with nothing animating."""
        self.skip()
        self.reset_effects()
        self._empty()
        for square in range(16):
            top, under = state.piece_at(square)
            for piece in (under, top):
                if piece != wf.EMPTY:
                    self.board[square].append(Token(wf.PIECE_NAMES[piece], 0.0, 0.0, 1.0))
            if under != wf.EMPTY:
                self.board[square][0].hidden = self.memory_mode
        for code in state.supply():
            self.supply[code].append(Token(code, 0.0, 0.0, 1.0))
        for seat in range(self.players):
            self.hands[seat] = [Token(code, 0.0, 0.0, 1.0) for code in state.hand(seat)]
            for code in state.captured(seat):
                pile = self.cans if wf.is_can(code) else self.captured
                pile[seat].append(Token(code, 0.0, 0.0, 1.0))
            self.seats[seat].points = state.final_score(seat)
            self.seats[seat].out = seat in state.disqualified
        self.settle_seats(state.current_player)
        if state.pending and state.current_player is not None:
            self.choice = _choice_of(state.current_player, state.pending)
        self.settle()

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
                index = self.captured[seat].index(token)
                return (*tray.captured_slot(index), layout.CAPTURED_SCALE, 1)
            if token in self.cans[seat]:
                index = self.cans[seat].index(token)
                return (*tray.meter_slot(index), layout.CAN_METER_SCALE, 1)
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

    # --- animations from events -------------------------------------------------------------------

    def _shift(self, tokens: Sequence[Token], duration: float = TRAY_SHIFT) -> None:
        """Slide tokens to their homes (trays closing up after a piece left)."""
        for token in tokens:
            x, y, scale, _size = self.home(token)
            if (x, y, scale) != (token.x, token.y, token.scale):
                self.timeline.add(Tween(token, duration, ease_out_cubic, x=x, y=y, scale=scale))

    def _animate_placed(self, event: wf.Placed) -> None:
        square = parse_square(event.square)
        token_box: list[Token] = []

        def lift_off() -> None:
            pile = self.hands[event.seat] if event.from_hand else self.supply[event.piece]
            token = next(t for t in reversed(pile) if t.code == event.piece)
            pile.remove(token)
            token_box.append(token)
            self.board[square].append(token)
            if len(self.board[square]) == 2 and self.memory_mode:
                self.board[square][0].hidden = True
            token.z = 20
            x, y, scale, _size = self.home(token)
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
            if event.from_hand:  # a can out of the hand no longer costs its 5 points
                self._add_points(event.seat, CAN_POINTS_IN_HAND, LANDING)

        self.chain = 0
        self.timeline.then(lift_off).then(land)

    def _add_points(self, seat: int, points: float, duration: float) -> None:
        panel = self.seats[seat]
        self.timeline.add(Tween(panel, duration, linear, points=panel.points + points))

    def _animate_chain_step(self, event: wf.ChainStep) -> None:
        line = tuple(parse_square(name) for name in event.line)
        glow = Glow(line, GOLD)
        lifted: list[Token] = []
        callout = Callout(
            callout_text(event.kind, event.captured),
            tuple(layout.square_centre(sq) for sq in line),
            self.colours[event.seat][1],
        )

        def sweep() -> None:
            self.choice = None
            self.chain = event.step
            self.glows.append(glow)
            self.on_sound("chain" if event.step > 1 else "capture")
            self.timeline.add(Tween(glow, GLOW_SWEEP, ease_out_quad, progress=1.0))
            self.show_callout(callout)
            if event.step > 1:
                self.counter(L_("Chain x{step}!", step=event.step))

        def lift() -> None:
            for square_name, _piece in event.captured:
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
            player = event.seat
            for token in lifted:
                pile = self.cans if token.can else self.captured
                pile[player].append(token)
                x, y, scale, _size = self.home(token)
                self.timeline.add(
                    Tween(token, CAPTURE_FLIGHT, ease_in_out_cubic, x=x, y=y, scale=scale)
                )
                self.timeline.add(
                    Tween(
                        token,
                        CAPTURE_FLIGHT,
                        ease_in_quad,
                        lift=0.0,
                        on_finished=partial(setattr, token, "z", 1),
                    )
                )
            self.pop_under(callout, f"+{event.points}")
            self.timeline.add(
                Tween(
                    glow,
                    CAPTURE_FLIGHT,
                    ease_in_quad,
                    alpha=0.0,
                    on_finished=lambda: self._drop(self.glows, glow),
                )
            )
            self._add_points(player, event.points, CAPTURE_FLIGHT)

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
            self.shake("board", 0.7)
            self.timeline.add(Tween(glow, 0.25, ease_out_quad, alpha=255.0))

        self.timeline.then(flash)
        self.announce(loss_text(event.pattern, event.pieces), RED)
        self.timeline.then(
            Tween(
                glow, 0.3, ease_in_quad, alpha=0.0, on_finished=lambda: self._drop(self.glows, glow)
            )
        )

    def _animate_overeating(self, event: wf.Overeating) -> None:
        self.announce(
            self.says(
                event.seat,
                N_("{name} overate: {count} cans!"),
                N_("You overate: {count} cans!"),
                count=event.cans,
            ),
            RED,
            "lose",
            event.seat,
        )

    def _animate_three_cans(self, event: wf.ThreeCans) -> None:
        self.timeline.then(lambda: setattr(self.seats[event.seat], "winner", True))
        self.announce(
            self.says(event.seat, N_("Three cans! {name} wins"), N_("Three cans! You win")),
            GOLD,
            "win",
        )

    def _animate_disqualified(self, event: wf.Disqualified) -> None:
        self.timeline.then(lambda: setattr(self.seats[event.seat], "out", True))
        self.announce(
            self.says(event.seat, N_("{name} is out of the game"), N_("You are out of the game")),
            RED,
            None,
            event.seat,
        )

    def _offer(self, event: wf.ChoiceOffered) -> None:
        options = tuple(
            (kind, tuple(map(parse_square, line)), tuple(map(parse_square, squares)))
            for kind, line, squares in event.options
        )
        self.choice = Choice(event.seat, options)

    def pass_turn(self, seat: int | None) -> None:
        self.chain = 0
        super().pass_turn(seat)

    def show_choice(self, squares: tuple[int, ...]) -> None:
        """Mark the option a player picked (the bot's choice is shown as a human's would be)."""
        if self.choice is not None:
            self.choice.chosen = squares


def _choice_of(player: int, pending: Sequence[wf.Effect]) -> Choice:
    return Choice(player, tuple((e.kind.value, e.line, e.squares) for e in pending))
