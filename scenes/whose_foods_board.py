"""The Whose Foods board scene: humans pick a piece and a square, bots think on a worker thread,
and every move is animated from the events `game.whose_foods` returns.

Input for a move is taken only when the presenter's timeline is idle; a click or key while it
runs speeds it up. Whose Foods has no secrets (WF-6), so no hand-over screen is needed.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pygame

from game import whose_foods as wf
from scenes import whose_foods_layout as layout
from scenes.boards import GameSetup
from scenes.kit import fonts
from scenes.kit.palette import INK, MUTED, PAPER, WHITE
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.whose_foods_paint import NAMES, OPTION_COLOURS, Painter
from scenes.whose_foods_presenter import Presenter

THINK_SECONDS = 0.6  # the shortest "thinking" cue of a computer player, at speed 1
BOT_CHOICE_SECONDS = 0.7  # how long a computer's pick among effects is shown before it resolves
HURRY = 4.0  # how much faster the running animation goes after a click or a key
UNDO_PANEL = pygame.Rect(0, 0, 900, 400)
UNDO_PANEL.center = layout.BOARD.center


@dataclass(frozen=True)
class Preview:
    """What a placement would do (the "hints" setting): computed on a clone of the state."""

    captured: frozenset[int]
    danger: tuple[int, ...]
    text: str
    loses: bool


def preview_of(state: wf.State, move: wf.Place) -> Preview:
    """Play `move` on a clone and describe the outcome for the mover."""
    after = state.clone()
    events = after.play(move)
    steps = [e for e in events if isinstance(e, wf.ChainStep)]
    captured = frozenset(wf.SQUARE_NAMES.index(sq) for s in steps for sq, _ in s.captured)
    points = sum(s.points for s in steps)
    loss = next((e for e in events if isinstance(e, wf.LosingPattern)), None)
    if loss is not None:
        line = tuple(wf.SQUARE_NAMES.index(sq) for sq in loss.line)
        return Preview(captured, line, "You would lose: three cans in a line!", True)
    if any(isinstance(e, wf.Overeating) for e in events):
        return Preview(captured, (), "You would lose: a 4th can is overeating!", True)
    if any(isinstance(e, wf.ThreeCans) for e in events):
        return Preview(captured, (), f"You would win: exactly three cans! (+{points})", False)
    if any(isinstance(e, wf.ChoiceOffered) for e in events):
        text = "Several captures at once: you would choose"
        return Preview(captured, (), text + (f" (+{points} first)" if points else ""), False)
    if steps:
        pieces = sum(len(s.captured) for s in steps)
        chain = f", chain of {len(steps)}" if len(steps) > 1 else ""
        return Preview(
            captured,
            (),
            f"Captures {pieces} piece{'s' * (pieces > 1)}: +{points} points{chain}",
            False,
        )
    return Preview(captured, (), "No capture", False)


class WhoseFoodsBoard(Scene):
    """A game of Whose Foods on screen, from setup to the results scene."""

    name = "board"

    def __init__(self, app: Any, setup: GameSetup) -> None:
        self.app = app
        self.setup = setup
        self.state: wf.State = setup.new_state()
        self.start_state = self.state.clone()
        self.moves: list[str] = []
        self.move_log: list[str] = []
        #: (state at the start of a turn, moves played before it, log lines before it)
        self.history: list[tuple[wf.State, int, int]] = []
        self.memory_mode = bool(setup.options.get("memory_mode", True))
        self.presenter = Presenter(
            setup.players, setup.names, self.memory_mode, on_sound=app.play_sound
        )
        self.presenter.sync(self.state)
        self.painter = Painter(setup.players, setup.names, setup.colours)
        self.bots = {
            seat: setup.make_bot(seat) for seat in range(setup.players) if not setup.is_human(seat)
        }
        self.bot_rngs = {seat: setup.bot_rng(seat) for seat in self.bots}
        self._executor: ThreadPoolExecutor | None = None
        self._thinking: Future | None = None
        self._think_time = 0.0
        self.selected: str | None = None  # the code of the piece picked up
        self.hover_square: int | None = None
        self._previews: dict[tuple[str, int], Preview] = {}
        self.hurry = False
        self.undo_prompt: tuple[int, str] | None = None  # (history index, question)
        self.menu_button = Button(
            layout.MENU_BUTTON,
            "Menu",
            app.go_menu,
            icon="icon_back",
            style="secondary",
            size=fonts.BODY,
        )
        self.undo_button = Button(
            layout.UNDO_BUTTON,
            "Undo",
            self.request_undo,
            icon="icon_undo",
            style="secondary",
            size=fonts.BODY,
        )
        self.hints_button = Button(
            layout.HINTS_BUTTON, "Hints", self.toggle_hints, style="secondary", size=fonts.BODY
        )
        self.allow_button = Button(
            (UNDO_PANEL.left + 60, UNDO_PANEL.bottom - 140, 360, 100), "Allow", self._allow_undo
        )
        self.refuse_button = Button(
            (UNDO_PANEL.right - 420, UNDO_PANEL.bottom - 140, 360, 100),
            "Refuse",
            self._refuse_undo,
            style="secondary",
        )
        self.option_buttons: list[Button] = []

    # --- what the painter and the tests read ------------------------------------------------------

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {
            "Menu": self.menu_button.rect,
            "Undo": self.undo_button.rect,
            "Hints": self.hints_button.rect,
        }
        for index, button in enumerate(self.option_buttons):
            rects[f"option {index + 1}"] = button.rect
        if self.undo_prompt is not None:
            rects["Allow"], rects["Refuse"] = self.allow_button.rect, self.refuse_button.rect
        return rects

    @property
    def human_to_move(self) -> bool:
        seat = self.state.current_player
        return (
            seat is not None
            and self.setup.is_human(seat)
            and self.presenter.idle
            and self.undo_prompt is None
        )

    @property
    def target_squares(self) -> set[int]:
        """The squares where the picked-up piece may go (they glow)."""
        if self.selected is None or not self.human_to_move:
            return set()
        piece = wf.PIECE_NAMES.index(self.selected)
        return {
            m.square
            for m in self.state.legal_moves()
            if isinstance(m, wf.Place) and m.piece == piece
        }

    @property
    def preview(self) -> Preview | None:
        if not self.app.settings.hints or self.hover_square not in self.target_squares:
            return None
        key = (self.selected, self.hover_square)
        if key not in self._previews:
            piece = wf.PIECE_NAMES.index(self.selected)
            self._previews[key] = preview_of(self.state, wf.Place(piece, self.hover_square))
        return self._previews[key]

    @property
    def selected_token(self) -> Any:
        if self.selected is None:
            return None
        if self.selected.endswith("F"):
            seat = self.state.current_player
            pile = self.presenter.hands[seat] if seat is not None else []
        else:
            pile = self.presenter.supply[self.selected]
        return next((t for t in reversed(pile) if t.code == self.selected), None)

    def status(self) -> str:
        state = self.state
        if state.is_over:
            return "Game over"
        seat = state.current_player
        name = self.setup.names[seat]
        if not self.presenter.idle:
            return self.move_log[-1] if self.move_log else f"{name} is playing…"
        if seat in self.bots:
            return f"{name} is thinking…"
        if state.pending:
            return f"{name}: choose which capture comes first"
        if self.selected is None:
            return f"{name}: pick a piece (shared, or a can of yours)"
        return f"{name}: place the {NAMES[self.selected].lower()} on a glowing square"

    # --- input ------------------------------------------------------------------------------------

    def handle(self, event: Any) -> bool:
        if self.undo_prompt is not None:
            return (
                self.allow_button.handle(event)
                or self.refuse_button.handle(event)
                or (event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN))
            )
        for button in (self.menu_button, self.undo_button, self.hints_button):
            if button.handle(event):
                return True
        if not self.presenter.idle:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.hurry = True
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.selected = None
            return True
        if not self.human_to_move:
            return False
        for button in self.option_buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_square = layout.square_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return self._click(event.pos)
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        square = layout.square_at(pos)
        self.hover_square = square
        if self.state.pending:
            if square is not None:
                options = [e for e in self.state.pending if square in e.line]
                if len(options) == 1:
                    self.play(options[0].take)
            return True
        if square is not None:
            if square in self.target_squares:
                self.play(wf.Place(wf.PIECE_NAMES.index(self.selected), square))
            return True  # an illegal square does not react
        code = self._piece_at(pos)
        self.selected = None if code == self.selected else code
        return code is not None

    def _piece_at(self, pos: tuple[int, int]) -> str | None:
        """The code of the piece the current player may pick up at `pos`, if any."""
        seat = self.state.current_player
        supply = self.state.supply()
        for code in layout.SUPPLY_ORDER:
            if layout.supply_group_rect(code).collidepoint(pos) and code in supply:
                return code
        tray = layout.tray(seat)
        if tray.hand_rect().collidepoint(pos) and self.presenter.hands[seat]:
            token = min(
                self.presenter.hands[seat], key=lambda t: (t.x - pos[0]) ** 2 + (t.y - pos[1]) ** 2
            )
            return token.code
        return None

    def piece_pos(self, code: str) -> tuple[int, int]:
        """Where to click to pick up `code` for the player to move (used by tests and attract)."""
        if code.endswith("F"):
            token = next(
                t for t in self.presenter.hands[self.state.current_player] if t.code == code
            )
            return round(token.x), round(token.y)
        return layout.supply_group_rect(code).center

    def toggle_hints(self) -> None:
        self.app.settings.hints = not self.app.settings.hints
        self.app.save_settings()

    # --- moves ------------------------------------------------------------------------------------

    def play(self, move: wf.Move) -> None:
        """Apply a move for the player to move and animate it."""
        seat = self.state.current_player
        self._forget_bot()  # a computer still thinking about the old position is not asked
        if isinstance(move, wf.Place):
            self.history.append((self.state.clone(), len(self.moves), len(self.move_log)))
        events = self.state.play(move)
        self.moves.append(str(move))
        self.move_log.append(f"{self.setup.names[seat]}: {move}")
        self.selected = None
        self._previews.clear()
        self.option_buttons = []
        self.presenter.animate(events, on_game_over=self._show_results)

    def set_state(self, state: wf.State) -> None:
        """Continue from `state` (a puzzle, a demo position or a test): no history, no animation."""
        self._forget_bot()
        self.state = state
        self.start_state = state.clone()
        self.moves, self.move_log, self.history = [], [], []
        self.selected = None
        self.option_buttons = []
        self._previews.clear()
        self.presenter.sync(state)

    def _show_results(self) -> None:
        self.app.show_results(self.setup, self.state, self.start_state, self.moves)

    def _build_option_buttons(self) -> None:
        """One button per effect on offer, over the supply (which is not needed meanwhile)."""
        choice = self.presenter.choice
        if choice is None or not self.human_to_move:
            self.option_buttons = []
            return
        if len(self.option_buttons) == len(choice.options):
            return
        count = len(choice.options)
        width = (layout.SUPPLY.width - 24 * (count + 1)) // count
        self.option_buttons = []
        for index, (kind, _, squares) in enumerate(choice.options):
            rect = (
                layout.SUPPLY.left + 24 + index * (width + 24),
                layout.SUPPLY.top + 48,
                width,
                110,
            )
            label = f"{index + 1}: {kind}"
            button = Button(
                rect,
                label,
                lambda s=squares: self.play(wf.Take(s)),
                style="secondary",
                size=fonts.SMALL,
            )
            self.option_buttons.append(button)

    # --- computer players -------------------------------------------------------------------------

    def _run_bot(self, dt: float) -> None:
        seat = self.state.current_player
        tray = self.presenter.trays[seat]
        if self._thinking is None:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            view = self.state.view(seat)
            self._thinking = self._executor.submit(
                self.bots[seat].choose, view, self.bot_rngs[seat]
            )
            self._think_time = 0.0
            tray.thinking = True
            return
        self._think_time += dt * self.app.animation_speed
        if not self._thinking.done() or self._think_time < THINK_SECONDS:
            return
        move = self._thinking.result()
        self._thinking = None
        tray.thinking = False
        if isinstance(move, wf.Take):
            self.presenter.show_choice(move.squares)
            timeline = self.presenter.timeline
            timeline.then(self.presenter.pause(BOT_CHOICE_SECONDS)).then(lambda: self.play(move))
        else:
            self.play(move)

    def _forget_bot(self) -> None:
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None
        for tray in self.presenter.trays:
            tray.thinking = False

    # --- undo -------------------------------------------------------------------------------------

    @property
    def has_computers(self) -> bool:
        return bool(self.bots)

    def undo_target(self) -> int | None:
        """The history entry an undo returns to, or None if nothing can be undone now."""
        if self.state.is_over or not self.presenter.idle or not self.history:
            return None
        if not self.has_computers:
            return len(self.history) - 1
        for index in reversed(range(len(self.history))):
            state, played, _ = self.history[index]
            if self.setup.is_human(state.current_player) and played < len(self.moves):
                return index
        return None

    def request_undo(self) -> None:
        """With computers: back to the human's last turn. Hot seat: ask the others first."""
        target = self.undo_target()
        if target is None:
            return
        if self.has_computers:
            self.undo_to(target)
            return
        asker = self.setup.names[self.history[target][0].current_player]
        self.undo_prompt = (target, f"{asker} asks to take back the last move.")

    def _allow_undo(self) -> None:
        if self.undo_prompt is not None:
            target, _ = self.undo_prompt
            self.undo_prompt = None
            self.undo_to(target)

    def _refuse_undo(self) -> None:
        self.undo_prompt = None

    def undo_to(self, index: int) -> None:
        state, played, logged = self.history[index]
        self._forget_bot()
        self.state = state.clone()
        del self.moves[played:]
        del self.move_log[logged:]
        del self.history[index:]
        self.selected = None
        self.option_buttons = []
        self._previews.clear()
        self.presenter.sync(self.state)
        self.move_log.append("(move taken back)")

    # --- the frame --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        timeline = self.presenter.timeline
        timeline.speed = self.app.animation_speed * (HURRY if self.hurry else 1.0)
        self.presenter.update(dt)
        if self.presenter.idle:
            self.hurry = False
        self.undo_button.enabled = self.undo_target() is not None
        self.hints_button.selected = bool(self.app.settings.hints)
        self._build_option_buttons()
        seat = self.state.current_player
        if (
            seat is not None
            and seat in self.bots
            and self.presenter.idle
            and self.undo_prompt is None
        ):
            self._run_bot(dt)

    def exit(self) -> None:
        self._forget_bot()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def draw(self, canvas: pygame.Surface) -> None:
        self.painter.draw(canvas, self.presenter, self)
        text = self.status()
        size = fonts.fit(text, fonts.BODY, layout.STATUS.width, bold=True)
        fonts.blit_text(canvas, text, size, WHITE, "center", layout.STATUS.center, bold=True)
        for button in (self.menu_button, self.undo_button, self.hints_button):
            button.draw(canvas)
        if self.option_buttons:
            draw_panel(canvas, layout.SUPPLY, PAPER, radius=24, shadow=0)
            fonts.blit_text(
                canvas,
                "Choose the capture that comes first:",
                fonts.TINY - 4,
                MUTED,
                "topleft",
                (layout.SUPPLY.left + 24, layout.SUPPLY.top + 10),
            )
            for index, button in enumerate(self.option_buttons):
                button.draw(canvas)
                colour = OPTION_COLOURS[index % len(OPTION_COLOURS)]
                pygame.draw.rect(canvas, colour, button.rect.inflate(-10, -10), 6, border_radius=18)
        if self.undo_prompt is not None:
            self._draw_undo_prompt(canvas)

    def _draw_undo_prompt(self, canvas: pygame.Surface) -> None:
        veil = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        veil.fill((*INK, 110))
        canvas.blit(veil, (0, 0))
        draw_panel(canvas, UNDO_PANEL, PAPER, radius=32, shadow=14)
        _, question = self.undo_prompt
        fonts.blit_text(
            canvas,
            "Undo?",
            fonts.HEADING,
            INK,
            "midtop",
            (UNDO_PANEL.centerx, UNDO_PANEL.top + 30),
            bold=True,
        )
        fonts.blit_text(
            canvas, question, fonts.SMALL, INK, "midtop", (UNDO_PANEL.centerx, UNDO_PANEL.top + 130)
        )
        fonts.blit_text(
            canvas,
            "The other players decide.",
            fonts.TINY,
            MUTED,
            "midtop",
            (UNDO_PANEL.centerx, UNDO_PANEL.top + 180),
        )
        self.allow_button.draw(canvas)
        self.refuse_button.draw(canvas)
