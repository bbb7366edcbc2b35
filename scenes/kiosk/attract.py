"""The attract loop: computer players play the three games in turn on the real boards, as a
spectator sees them (public information only), with the think view on (what a thinking computer
weighs, scenes.boards.think_view).

Above the board, for a passer-by two metres away (`HEADER`): the game's title, a pulsing "Touch
to play" banner and beside it "Learn (2 min)" (the lesson of the game on show, over the menu,
where leaving it comes back); under them the game's one-sentence headline (its `BoardSpec`'s
`headline`), and under that, one line at a time, what just happened (captions made from the
events) or what a visitor can do (`invitations`), never smaller than `CAPTION_SMALLEST`. The board
is drawn below the header, scaled to the room left (`BOARD_VIEW`; its own top bar, empty for a
spectator, is left out). At the top left a language button names the next language in its own
words ("日本語", "English"): a touch shows every screen in it at once (scenes.kiosk.language).

A touch anywhere else (a left click or a finger; Enter or Space) opens the menu; Escape, right
clicks and other keys do nothing. A touch on a seat's panel offers "Take this seat": a person
then plays that seat on from the position as it stands (`BoardScene.take_seat`), the board
becoming an ordinary game. Between games the last position stays up a few seconds, then the next
game fades in with random seats, levels and player counts.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game import GAMES
from game.core.events import Event
from scenes.boards import BOARDS
from scenes.boards.base import AnyBoard
from scenes.boards.making import board_scene_class
from scenes.kiosk.captions import caption, invitations
from scenes.kiosk.challenge import challenge_level
from scenes.kiosk.language import LanguageButton
from scenes.kiosk.stand import game_headline, game_title, has_lesson, level_title, offered_games
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.i18n import L_, _
from scenes.kit.memory import give_back_free_memory
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.seat_names import human_name
from scenes.kit.seats import GameSetup, Seat
from scenes.kit.text_fit import fit_line, fit_lines
from scenes.kit.veils import lay_veil
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

log = logging.getLogger(__name__)

#: the finished game stays on screen this long before the next one starts
PAUSE_SECONDS = 4.0
#: the dim between two games, each way
FADE_SECONDS = 0.5
#: an attract game that has not moved for this long is given up (a stuck computer)
STUCK_SECONDS = 45.0
#: an attract game is ended after this long whatever happens
LONGEST_GAME_SECONDS = 20 * 60.0
#: the "Take this seat" offer closes by itself after this long
OFFER_SECONDS = 15.0
#: the keys that act as a touch on the attract loop (Escape and the others do nothing)
TOUCH_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
#: what just happened stays in the caption this long; then what a visitor can do, in turn
CAPTION_SECONDS = 6.0
INVITATION_SECONDS = 5.0
#: The levels of the attract games: those that search (the think view has candidates to
#: show) at a pace a watcher follows (game.ai.levels)
ATTRACT_LEVELS = ("easy", "normal", "hard")

#: the words and buttons above the board: a row of buttons and the title, the headline, the line
#: of captions and invitations
HEADER = pygame.Rect(0, 0, 1920, 226)
BUTTON_ROW_Y = 56
BANNER = pygame.Rect(0, 0, 440, 96)
BANNER.midright = (1900, BUTTON_ROW_Y)
LEARN_BUTTON = pygame.Rect(0, 0, 400, 96)
LEARN_BUTTON.midright = (BANNER.left - 24, BUTTON_ROW_Y)
LANGUAGE_BUTTON = pygame.Rect(0, 0, 200, 96)
LANGUAGE_BUTTON.midleft = (20, BUTTON_ROW_Y)
TITLE_LEFT = LANGUAGE_BUTTON.right + 30
#: the headline's and the caption line's middle, their width and their sizes
HEADLINE_Y = 142
CAPTION_Y = 195
TEXT_WIDTH = 1860
HEADLINE_SIZE = 64
HEADLINE_SMALLEST = 36  # (at the large text size 36 draws as 48 does at the normal)
CAPTION_SIZE = 58
#: no caption or invitation is drawn smaller: at 56 a line of Latin letters is 38 px tall and a
#: Japanese character 36 px, readable from two metres on a 1080p screen
CAPTION_SMALLEST = 56
INVITATION_COLOUR = lighter(ACCENT, 0.25)
CAPTION_COLOUR = PAPER
#: what of the board is shown: all but its own top bar (a spectator's board has nothing there)
BOARD_SOURCE = pygame.Rect(0, 118, 1920, 962)
#: where it is shown: under the header, as large as the room left allows
BOARD_SCALE = (1080 - HEADER.bottom) / BOARD_SOURCE.height
BOARD_VIEW = pygame.Rect(0, HEADER.bottom, round(1920 * BOARD_SCALE), 1080 - HEADER.bottom)
BOARD_VIEW.centerx = 960
OFFER_PANEL = pygame.Rect(0, 0, 980, 560)
OFFER_PANEL.center = (960, 540)


class _BoardApp:
    """What the attract game's board sees as its app: the real app, except that while the
    computers play alone the end of a game goes back to the attract scene (no results, no save)."""

    def __init__(self, app: AppServices, on_game_over: Callable[[], object]):
        self._app = app
        self._on_game_over: Callable[[], object] | None = on_game_over

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    def hand_over(self) -> None:
        """A person took a seat: from now on the board is an ordinary game of the app."""
        self._on_game_over = None

    def show_results(self, *args: Any, **kwargs: Any) -> None:
        if self._on_game_over is not None:
            self._on_game_over()
        else:
            self._app.show_results(*args, **kwargs)

    def save_unfinished(self, *args: Any, **kwargs: Any) -> Path | None:
        if self._on_game_over is None:
            return self._app.save_unfinished(*args, **kwargs)
        return None

    def clear_unfinished(self, slot: Path | None = None) -> None:
        if self._on_game_over is None:
            self._app.clear_unfinished(slot)

    def finish_game(self, *args: Any, **kwargs: Any) -> Any:
        """A demo game keeps no replay; a visitors' game does."""
        if self._on_game_over is None:
            return self._app.finish_game(*args, **kwargs)
        return None


class AttractScene(Scene):
    """Computers playing the games in turn, captions, "Touch to play"."""

    name = "attract"

    def __init__(self, app: AppServices, first_game: str | None = None):
        self.app = app
        self.rng = app.rng
        self.games = offered_games(app.settings)
        self.next_index = self.games.index(first_game) if first_game in self.games else 0
        self.board: AnyBoard | None = None
        self.proxy: _BoardApp | None = None
        self.caption: str | None = None
        self.pending: str | None = None
        self.caption_age = 0.0  # seconds the caption has been up
        self.clock = 0.0
        self.game_clock = 0.0
        self.still_for = 0.0  # seconds since the attract game last moved
        self._moves_seen = 0
        self.between: float | None = None  # seconds left of the pause after a finished game
        self.dim = 0.0  # 0..1: the veil between games
        self.offer: tuple[int, float] | None = None  # (seat offered, seconds left)
        self.games_played = 0
        self._offer_buttons: list[Button] = []
        self.learn_button = Button(
            LEARN_BUTTON, L_("Learn (2 min)"), self.learn, icon="icon_learn", style="secondary",
            size=fonts.BODY,
        )  # fmt: skip
        self.language_button = LanguageButton(app, LANGUAGE_BUTTON)
        #: the board is drawn here first, then scaled into BOARD_VIEW (made when first drawn)
        self._stage: pygame.Surface | None = None

    # --- games ----------------------------------------------------------------------------------
    def enter(self) -> None:
        try:
            self.start_next_game()
        except Exception:  # (enter may run unguarded, as a recovery scene): retry from update
            log.exception("attract: the next game could not start")
            self._drop_board()

    def exit(self) -> None:
        self._drop_board()

    def _drop_board(self) -> None:
        board, self.board = self.board, None
        if board is not None:
            try:
                board.exit()  # stops its computers' threads
            except Exception:
                log.exception("the attract game did not stop cleanly")

    def random_setup(self, game: str) -> GameSetup:
        """Random player count, levels and first player; names from the computer names."""
        info = GAMES[game]
        players = self.rng.choice(list(info.player_counts))
        seats = tuple(Seat.computer(self.rng.choice(ATTRACT_LEVELS)) for _seat in range(players))
        setup = self.app.quick_setup(game, seats)
        first = self.rng.randrange(players) if info.free_first_player else 0
        return dataclasses.replace(  # (the names are the computers' own: quick_setup's)
            setup, first_player=first if _allows_first(setup, first) else setup.first_player
        )

    def start_next_game(self) -> None:
        self._drop_board()
        gc.collect()  # the last game's board goes now (it holds cycles), and malloc gives its
        give_back_free_memory()  # pages back: between games, under the veil, a few ms unseen
        game = self.games[self.next_index % len(self.games)]
        self.next_index += 1
        setup = self.random_setup(game)
        self.proxy = _BoardApp(self.app, self._game_over)
        board = board_scene_class(game)(self.proxy, setup, spectator=True)
        board.watch_events = self._caption  # what a spectator may see, and nothing else
        board.enter()
        board.think_view.on = True  # watchers see what the thinking computer weighs
        self.board = board
        self.caption = self.pending = None
        self.game_clock = self.still_for = 0.0
        self._moves_seen = 0
        self.between = None
        self.offer = None
        log.info("attract: %s with %s", game, ", ".join(map(str, setup.seats)))

    def _caption(self, events: Sequence[Event]) -> None:
        if self.board is None:
            return
        text = caption(events, self.board.setup.called_names(), BOARDS[self.board.setup.game].tell)
        if text:
            self.pending = text  # shown once the board has animated what it tells

    def _game_over(self) -> None:
        """The attract game has ended (its last animation played): pause, then the next."""
        if self.pending:
            self.caption, self.pending = self.pending, None
        if self.between is None:
            self.between = PAUSE_SECONDS
            self.games_played += 1
            note = getattr(self.app, "note_demo_finished", None)
            if note is not None and self.board is not None:
                note(self.board.setup.game)

    # --- the frame ------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return True  # the banner pulses and the computers play

    def update(self, dt: float) -> None:
        self.clock += dt
        self.caption_age += dt
        if self.offer is not None:
            seat, left = self.offer
            self.offer = (seat, left - dt) if left > dt else None
            return  # the game waits while a visitor decides
        if self.between is not None:
            self.between -= dt
            self.dim = min(1.0, max(0.0, 1 - self.between / FADE_SECONDS))
            if self.between <= 0:
                self.start_next_game()
                self.dim = 1.0
            return
        if self.dim > 0:
            self.dim = max(0.0, self.dim - dt / FADE_SECONDS)
        board = self.board
        if board is None:
            self.start_next_game()
            return
        board.update(dt)
        if self.pending and self.board is board and board.presenter.idle:
            self.caption, self.pending = self.pending, None
            self.caption_age = 0.0
        self.game_clock += dt
        moves = len(board.moves)
        if moves != self._moves_seen:
            self._moves_seen, self.still_for = moves, 0.0
        else:
            self.still_for += dt
        if self.still_for > STUCK_SECONDS or self.game_clock > LONGEST_GAME_SECONDS:
            log.warning(
                "attract: the %s game %s; starting the next one",
                board.setup.game,
                "is stuck" if self.still_for > STUCK_SECONDS else "went on too long",
            )
            self.between = FADE_SECONDS

    # --- input ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.offer is not None:
            for button in self._offer_buttons:
                if button.handle(event):
                    return True
            if event.type == pygame.MOUSEBUTTONDOWN and not OFFER_PANEL.collidepoint(event.pos):
                self.offer = None  # a touch beside the offer closes it
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # keys: the focus
        clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if clicked and getattr(event, "button", 1) != 1:
            return True  # a right (or middle) click does nothing
        if self.language_button.handle(event) or (
            event.type == pygame.MOUSEBUTTONUP and LANGUAGE_BUTTON.collidepoint(event.pos)
        ):
            return True
        self.learn_button.visible = self.lesson_on_show is not None
        if self.learn_button.handle(event) or (
            self.learn_button.visible
            and event.type == pygame.MOUSEBUTTONUP
            and LEARN_BUTTON.collidepoint(event.pos)
        ):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            seat = self.seat_at(event.pos)
            if seat is not None:
                self.offer_seat(seat)
            else:
                self.to_menu()
            return True
        if event.type == pygame.KEYDOWN and event.key in TOUCH_KEYS:
            self.to_menu()
            return True
        return event.type == pygame.KEYDOWN  # Escape and the other keys do nothing

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        board = self.board
        if board is None or self.between is not None or board.state.is_over:
            return None
        return board.seat_panel_at(self.board_point(pos))

    @staticmethod
    def board_point(pos: tuple[int, int]) -> tuple[int, int]:
        """The point of the board (its own 1920x1080 layout) shown at `pos` on the screen."""
        x = (pos[0] - BOARD_VIEW.left) / BOARD_SCALE
        y = (pos[1] - BOARD_VIEW.top) / BOARD_SCALE + BOARD_SOURCE.top
        return round(x), round(y)

    @staticmethod
    def screen_point(pos: tuple[int, int]) -> tuple[int, int]:
        """Where the point `pos` of the board's own layout is shown on the screen."""
        x = BOARD_VIEW.left + pos[0] * BOARD_SCALE
        y = BOARD_VIEW.top + (pos[1] - BOARD_SOURCE.top) * BOARD_SCALE
        return round(x), round(y)

    def to_menu(self) -> None:
        """A visitor's touch: the stand's welcome for the game on show (the menu outside a
        kiosk)."""
        self.app.play_sound("click")
        if not self.app.kiosk:
            self.app.go_menu()
            return
        from scenes.kiosk.welcome import WelcomeScene

        game = self.board.setup.game if self.board is not None else None
        self.app.manager.switch(WelcomeScene(self.app, game))

    @property
    def lesson_on_show(self) -> str | None:
        """The game on show, when it has a lesson (the key of the game Learn teaches)."""
        board = self.board
        if board is None or self.between is not None:
            return None
        game = board.setup.game
        return game if BOARDS[game].lesson is not None else None

    def learn(self) -> None:
        """The lesson of the game on show, over the menu (the attract game stops)."""
        game = self.lesson_on_show
        if game is None:
            return
        self.app.play_sound("click")
        self.app.go_menu()
        self.app.open_lesson(game)

    def offer_seat(self, seat: int) -> None:
        if self.board is None:
            return
        self.offer = (seat, OFFER_SECONDS)
        name = self.board.setup.called(seat)
        left, top = OFFER_PANEL.left + 50, OFFER_PANEL.bottom - 150
        self._offer_buttons = [
            Button((left, top - 140, OFFER_PANEL.width - 100, 120),
                   _("Take {name}'s seat").format(name=name),
                   lambda: self.take_seat(seat), icon="icon_play"),
            Button((left, top, 420, 110), L_("Keep watching"), self.close_offer,
                   style="secondary"),
            Button((OFFER_PANEL.right - 470, top, 420, 110), L_("Pick a game"), self.to_menu,
                   style="secondary", icon="icon_back"),
        ]  # fmt: skip

    def close_offer(self) -> None:
        self.offer = None

    def take_seat(self, seat: int) -> None:
        """A visitor plays `seat` from here: the board leaves the attract loop for good."""
        board, proxy = self.board, self.proxy
        if board is None or proxy is None or board.state.is_over:
            self.offer = None
            return
        self.offer = None
        self.board = None  # handed on: leaving this scene must not stop it
        proxy.hand_over()
        board.watch_events = None  # captions were for the spectators
        board.on_show.take_seat(seat)
        if self.app.kiosk_control is not None:
            self.app.kiosk_control.seat_taken(board.setup)
        board.keeper.autosave()
        self.app.manager.switch(board, fade=False)

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        self._draw_board(canvas)
        self._draw_header(canvas)
        if self.dim > 0:
            veil = pygame.Surface(canvas.get_size())
            veil.set_alpha(round(255 * self.dim))
            canvas.blit(veil, (0, 0))
        if self.offer is not None:
            self._draw_offer(canvas)
        else:
            self._draw_banner(canvas)
            self.learn_button.visible = self.lesson_on_show is not None
            self.learn_button.draw(canvas)
        self.language_button.draw(canvas)

    def _draw_board(self, canvas: pygame.Surface) -> None:
        """The board as it draws itself on a canvas of its own, scaled into BOARD_VIEW, with
        the table's background beside it."""
        if self.board is None:
            canvas.fill(INK)
            return
        if self._stage is None or self._stage.get_size() != canvas.get_size():
            self._stage = pygame.Surface(canvas.get_size(), 0, canvas)
        self.board.draw(self._stage)
        background = picture("background", canvas.get_size())
        top, height = BOARD_VIEW.top, BOARD_VIEW.height
        for side in (
            pygame.Rect(0, top, BOARD_VIEW.left, height),
            pygame.Rect(BOARD_VIEW.right, top, 1920 - BOARD_VIEW.right, height),
        ):
            canvas.blit(background, side, side)
        pygame.transform.smoothscale(
            self._stage.subsurface(BOARD_SOURCE), BOARD_VIEW.size, canvas.subsurface(BOARD_VIEW)
        )

    def _draw_header(self, canvas: pygame.Surface) -> None:
        pygame.draw.rect(canvas, INK, HEADER)
        if self.board is None:
            return
        game = self.board.setup.game
        right = (LEARN_BUTTON.left if self.lesson_on_show is not None else BANNER.left) - 30
        title = game_title(game)
        size = fonts.fit(title, fonts.HEADING - 8, right - TITLE_LEFT, bold=True)
        fonts.blit_text(canvas, title, size, ACCENT, "midleft", (TITLE_LEFT, BUTTON_ROW_Y),
                        bold=True)  # fmt: skip
        headline, size = fit_line(game_headline(game), HEADLINE_SIZE, TEXT_WIDTH, True,
                                  HEADLINE_SMALLEST)  # fmt: skip
        fonts.blit_text(canvas, headline, size, WHITE, "center", (960, HEADLINE_Y), bold=True)
        words, colour = self.line_on_show()
        text, size = fit_line(words, CAPTION_SIZE, TEXT_WIDTH, True, CAPTION_SMALLEST)
        fonts.blit_text(canvas, text, size, colour, "center", (960, CAPTION_Y), bold=True)

    def line_on_show(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the headline now: what just happened (for CAPTION_SECONDS), else
        what a visitor can do, each invitation in turn; and its colour."""
        if self.caption and self.caption_age < CAPTION_SECONDS:
            return self.caption, CAPTION_COLOUR
        said = self.invitations()
        return said[int(self.clock / INVITATION_SECONDS) % len(said)], INVITATION_COLOUR

    def invitations(self) -> list[str]:
        """What a visitor can do, said about the game on show."""
        game = self.board.setup.game if self.board is not None else self.games[0]
        level = challenge_level(self.app.settings)
        control = self.app.kiosk_control
        challenge = None
        if level is not None and control is not None:
            challenge = (level_title(level), control.day_board.count(game, level))
        return invitations(game_title(game), has_lesson(game), challenge)

    def _draw_banner(self, canvas: pygame.Surface) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / 1.6)
        rect = BANNER.inflate(round(16 * pulse), round(10 * pulse))
        rect.center = BANNER.center
        colour = tuple(round(c + (255 - c) * 0.25 * pulse) for c in ACCENT)
        pygame.draw.rect(canvas, colour, rect, border_radius=48)
        pygame.draw.rect(canvas, WHITE, rect, 4, border_radius=48)
        label = _("Touch to play")
        size = fonts.fit(label, fonts.BODY, BANNER.width - 40, bold=True)
        fonts.blit_text(canvas, label, size, WHITE, "center", rect.center, True)

    def _draw_offer(self, canvas: pygame.Surface) -> None:
        lay_veil(canvas, (*INK, 120))
        draw_panel(canvas, OFFER_PANEL, PAPER, radius=36, shadow=16)
        assert self.offer is not None
        seat = self.offer[0]
        board = self.board
        name = board.setup.called(seat) if board is not None else ""
        centre = OFFER_PANEL.centerx
        fonts.blit_text(canvas, _("Take this seat?"), fonts.HEADING, INK, "midtop",
                        (centre, OFFER_PANEL.top + 36), bold=True)  # fmt: skip
        lines, size = fit_lines(
            _(
                "You play on as {you} from {name}'s position as it stands. "
                "The computers keep the other seats."
            ).format(you=human_name(seat), name=name),
            fonts.SMALL,
            OFFER_PANEL.width - 120,
            2,
        )
        y = OFFER_PANEL.top + 140
        for line in lines:
            fonts.blit_text(canvas, line, size, MUTED, "midtop", (centre, y))
            y += max(48, fonts.line_height(size))
        for button in self._offer_buttons:
            button.draw(canvas)


def _allows_first(setup: GameSetup, first: int) -> bool:
    try:
        dataclasses.replace(setup, first_player=first).new_state()
    except Exception:
        return False
    return True
