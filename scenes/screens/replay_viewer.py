"""The replay viewer: a finished game played again on the real board, with its animations.

The board is the game's own board scene, built as a spectator from the replay's start state;
moves are fed to it one by one with `board.play(move)`. Going back (or jumping to a move)
builds the board again at that move, without animation. The top bar holds the controls:
Close, Start, Back, Play/Pause, Next, End, Speed, All faces (at the end of a finished game whose
board keeps faces back: every face the rules reveal, in full), Review (the coach's review of the
game, `scenes.screens.review`) and a track of the moves (a click jumps); under it, the mark of a
game that had help (hints, moves taken back), as the players' record says.
The keymap's Left/Right step and its Back closes (arrow keys, a pad's d-pad or stick; Escape or
a pad's B); Space plays/pauses, Home/End, +/- speed.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import GAMES
from scenes.boards.base import AnyBoard
from scenes.boards.layers import TOP_BAR
from scenes.boards.making import spectator_board
from scenes.kit import fonts, keymap
from scenes.kit.focus import clear_of_ring
from scenes.kit.help_mark import draw_help_mark
from scenes.kit.i18n import L_, LP_, _
from scenes.kit.keymap import Action
from scenes.kit.palette import ACCENT, INK, PAPER, WHITE
from scenes.kit.widgets import Button
from scenes.manager import Scene
from scenes.screens.review import ReviewScene
from scenes.services import AppServices
from scenes.storage.saved_game import SavedGame

SPEEDS = (0.5, 1.0, 2.0, 4.0)
#: seconds between one move's animation ending and the next move, at speed 1
PAUSE = 0.6
#: the track of the moves (a click jumps), its words above it, and under it, in the bar, the mark
#: of a game that had help
TRACK = pygame.Rect(1490, 50, 390, 24)
HELP_MARK_AT = (TRACK.right, 97)


class ReplayScene(Scene):
    """Watch one replay (a `SavedGame`); `on_close` is called by Close (default: `app.back`)."""

    name = "replay"

    def __init__(
        self, app: AppServices, saved: SavedGame, on_close: Callable[[], object] | None = None
    ):
        self.app = app
        self.saved = saved
        self.setup = saved.game_setup
        self.start = GAMES[saved.game].from_dict(saved.start)
        self.moves = list(saved.moves)
        self.index = 0  # moves given to the board so far
        self.spoken_title = lambda: _("{game}: move {number} of {count}").format(
            game=_(GAMES[self.saved.game].title), number=self.index, count=len(self.moves)
        )
        self.playing = True
        self.speed = 1.0
        self.wait = 0.0
        self.on_close = on_close or app.back
        self.board = self._build(0)
        small = fonts.BODY
        specs = [
            (L_("Close"), 24, 140, self.close),
            (LP_("replay: to the first move", "Start"), 174, 130, lambda: self.jump(0)),
            (LP_("replay: one move back", "Back"), 314, 120, self.step_back),
            (L_("Pause"), 444, 150, self.toggle_play),
            (LP_("replay: one move on", "Next"), 604, 120, self.step_forward),
            (LP_("replay: to the last move", "End"), 734, 110, lambda: self.jump(len(self.moves))),
            (L_("Speed {speed}x", speed=1), 854, 170, self.faster),
            (L_("All faces"), 1034, 250, self.toggle_faces),  # (its words: _refresh_labels)
            (L_("Review"), 1294, 170, self.open_review),
        ]
        self.buttons = [
            Button((x, 11, width, 96), label, action, style="secondary", size=small)
            for label, x, width, action in specs
        ]
        self.play_button = self.buttons[3]
        self.speed_button = self.buttons[6]
        #: at the end of a finished game with secrets: every face the rules reveal, in full
        self.faces_button = self.buttons[7]
        #: the coach's review of the game (not of one that never ended)
        self.review_button = self.buttons[8]
        self._refresh_labels()

    def _build(self, count: int) -> AnyBoard:
        board = spectator_board(self.app, self.setup, self.start, self.moves[:count])
        board.shows_results = False
        board.enter()
        return board

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {button.key.split(" ")[0]: button.rect for button in self.buttons}
        rects["Play"] = self.play_button.rect
        rects["All faces"] = self.faces_button.rect
        rects["Track"] = TRACK
        return rects

    # --- controls ---------------------------------------------------------------------------------
    def close(self) -> None:
        self.board.exit()
        self.on_close()

    def open_review(self) -> None:
        """The coach's review of this game (Close comes back here)."""
        self.playing = False
        self._refresh_labels()

        def watch(count: int) -> None:  # "Show the whole game": back here, at that move
            self.app.back()
            self.playing = False
            self.jump(count)

        review = ReviewScene(self.app, self.setup, self.start, self.moves, watch=watch)
        self.app.manager.push(review, fade=True)

    def toggle_play(self) -> None:
        if not self.playing and self.index >= len(self.moves):
            self.jump(0)  # at the end, Play starts again
        self.playing = not self.playing
        self.wait = 0.0
        self._refresh_labels()

    @property
    def offers_all_faces(self) -> bool:
        """ "All faces" is offered at the end of the replay only (the game is over there: the
        rules reveal what it shows), and only where the board holds faces back."""
        board = self.board
        return self.index >= len(self.moves) and board.state.is_over and board.faces_held_back

    def toggle_faces(self) -> None:
        if self.offers_all_faces:
            self.board.on_show.show_all_faces(not self.board.on_show.all_faces)
            self._refresh_labels()

    def faster(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self._refresh_labels()

    def slower(self) -> None:
        self.speed = SPEEDS[max(0, SPEEDS.index(self.speed) - 1)]
        self._refresh_labels()

    def step_forward(self) -> None:
        self.playing = False
        self._forward()
        self._refresh_labels()

    def step_back(self) -> None:
        self.playing = False
        self.jump(self.index - 1)

    def jump(self, count: int) -> None:
        """Show the board after `count` moves, at once (no animation)."""
        count = max(0, min(len(self.moves), count))
        self.board.exit()
        self.board = self._build(count)
        self.index = count
        self.wait = 0.0
        self._refresh_labels()

    def _forward(self) -> None:
        if self.index >= len(self.moves):
            return
        presenter = self.board.presenter
        if not presenter.idle:  # the running animation ends at once
            presenter.skip()
            self.board.sync_presenter()
        self.board.play(self.moves[self.index])
        self.index += 1
        self.wait = 0.0

    def _refresh_labels(self) -> None:
        self.play_button.label = (
            L_("Pause") if self.playing else LP_("replay: play the moves", "Play")
        )
        self.speed_button.label = L_("Speed {speed}x", speed=format(self.speed, "g"))
        self.faces_button.visible = self.offers_all_faces
        self.faces_button.selected = self.board.on_show.all_faces
        self.faces_button.label = (
            L_("Hide faces") if self.board.on_show.all_faces else L_("All faces")
        )

    # --- the frame --------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.board.presenter.busy or (self.playing and self.index < len(self.moves))

    def update(self, dt: float) -> None:
        self.board.update(dt * self.speed)
        if self.faces_button.visible != self.offers_all_faces:
            self._refresh_labels()  # the end was reached (or left)
        if not self.playing or not self.board.presenter.idle:
            return
        if self.index >= len(self.moves):
            self.playing = False
            self._refresh_labels()
            return
        self.wait += dt * self.speed * getattr(self.app, "animation_speed", 1.0)
        if self.wait >= PAUSE:
            self._forward()

    def handle(self, event: pygame.event.Event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and TRACK.inflate(0, 30).collidepoint(event.pos):
            fraction = (event.pos[0] - TRACK.left) / TRACK.width
            self.playing = False
            self.jump(round(fraction * len(self.moves)))
            return True
        asked = keymap.actions(event)
        for wanted, act in (
            (Action.LEFT, self.step_back),
            (Action.RIGHT, self.step_forward),
            (Action.BACK, self.close),
        ):
            if wanted in asked:
                act()
                return True
        if event.type != pygame.KEYDOWN:
            return False
        actions = {  # the viewer's own keys (the keymap has no action for these)
            pygame.K_SPACE: self.toggle_play,
            pygame.K_HOME: lambda: self.jump(0),
            pygame.K_END: lambda: self.jump(len(self.moves)),
            pygame.K_PLUS: self.faster,
            pygame.K_EQUALS: self.faster,
            pygame.K_KP_PLUS: self.faster,
            pygame.K_MINUS: self.slower,
            pygame.K_KP_MINUS: self.slower,
        }
        action = actions.get(event.key)
        if action is None:
            return False
        action()
        return True

    def draw(self, canvas: pygame.Surface) -> None:
        self.board.draw(canvas)
        canvas.fill(INK, TOP_BAR)  # the controls cover the board's own bar
        for button in self.buttons:
            button.draw(canvas)
        total = len(self.moves)
        label = _("{game}: move {number} of {count}").format(
            game=_(GAMES[self.saved.game].title), number=self.index, count=total
        )
        above = (TRACK.left, clear_of_ring(TRACK).top)  # (clear of the keys' focus ring)
        fonts.blit_text(canvas, label, fonts.TINY, WHITE, "bottomleft", above)
        pygame.draw.rect(canvas, PAPER, TRACK, border_radius=12)
        done = TRACK.copy()
        done.width = round(TRACK.width * (self.index / total if total else 1.0))
        if done.width:
            pygame.draw.rect(canvas, ACCENT, done, border_radius=12)
        pygame.draw.rect(canvas, WHITE, TRACK, 3, border_radius=12)
        # the help the game had, as the players' record marks it
        hints, undos = len(self.saved.hints), self.saved.undos
        draw_help_mark(canvas, hints, undos, HELP_MARK_AT, 22, TRACK.width, "midright")
