"""The celebration of a challenge won: confetti, "You beat the computer!", how many visitors beat
that level today, an optional first name or initials typed on on-screen keys for the board of
the day, then the board itself. Done (or idleness) leaves it for the results below."""

from __future__ import annotations

import random

import pygame

from scenes.kiosk.challenge import MAX_NAME, Win, clean_name
from scenes.kiosk.keys import KeyGrid
from scenes.kiosk.stand import game_title, level_title
from scenes.kit import fonts
from scenes.kit.confetti import Confetti
from scenes.kit.i18n import L_, _, ngettext
from scenes.kit.keymap import NAVIGATION_KEYS, typed
from scenes.kit.palette import ACCENT_DARK, INK, MUTED, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

LETTER_ROWS = (
    tuple("QWERTYUIOP"),
    tuple("ASDFGHJKL"),
    (*"ZXCVBNM", "-"),
    ("Space", "Del"),
)
NAME_BOX = pygame.Rect(0, 0, 900, 104)
NAME_BOX.midtop = (960, 318)
CONFETTI = 90
#: names shown on the board of the day (the newest)
BOARD_NAMES = 24


def beat_line(count: int, level: str, game: str) -> str:
    """ "Today: 17 visitors beat Normal in <title>." """
    return ngettext(
        "Today: {count} visitor beat {level} in {game}.",
        "Today: {count} visitors beat {level} in {game}.",
        count,
    ).format(count=count, level=level_title(level), game=game_title(game))


class CelebrationScene(Scene):
    """Over the results: the win, the name (optional), the board of the day."""

    name = "celebration"
    spoken_title = L_("You beat the computer!")

    def __init__(self, app: AppServices, win: Win):
        self.app = app
        self.win = win
        self.stage = "name"  # then "board"
        self.typed = ""
        self.clock = 0.0
        self.confetti = Confetti(random.Random(app.rng.random()), CONFETTI)
        self.keys = KeyGrid(LETTER_ROWS, self.press, 960, 452, key_size=(136, 104), gap=14)
        self.skip = Button(
            (330, 944, 560, 110), L_("No thanks"), self.show_board, style="secondary"
        )
        self.add = Button(
            (1030, 944, 560, 110), L_("Add my name"), self.add_name, icon="icon_human"
        )
        self.done = Button((710, 944, 500, 110), L_("Done"), self.close, icon="icon_play")
        self.add.enabled = False  # until a letter is typed

    # --- the name ---------------------------------------------------------------------------------
    def press(self, label: str) -> None:
        if label == "Del":
            self.typed = self.typed[:-1]
        elif label == "Space":
            if self.typed and not self.typed.endswith(" "):
                self.typed += " "
        elif len(self.typed) < MAX_NAME:
            self.typed += label
        self.add.enabled = bool(clean_name(self.typed))

    def add_name(self) -> None:
        name = clean_name(self.typed)
        if name:
            control = self.app.kiosk_control
            if control is not None:
                control.day_board.name_win(self.win, name)
        self.show_board()

    def show_board(self) -> None:
        self.stage = "board"

    def close(self) -> None:
        self.app.manager.pop(fade=True)

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        if self.stage == "board":
            return {"Done": self.done.rect}
        return {**self.keys.rects, "No thanks": self.skip.rect, "Add my name": self.add.rect}

    # --- the frame --------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return True  # the confetti falls

    def update(self, dt: float) -> None:
        self.clock += dt
        self.add.enabled = bool(clean_name(self.typed))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.stage == "board":
            return self.done.handle(event) or event.type == pygame.MOUSEBUTTONDOWN
        if event.type == pygame.KEYDOWN and event.key not in NAVIGATION_KEYS and typed(event):
            letter = event.unicode.upper() if event.unicode else ""
            if len(letter) == 1 and letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ-":
                self.press(letter)
            elif event.key == pygame.K_SPACE:
                self.press("Space")
            elif event.key == pygame.K_BACKSPACE:
                self.press("Del")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.add_name()
            return True
        used = self.keys.handle(event) or self.skip.handle(event) or self.add.handle(event)
        return used or event.type == pygame.MOUSEBUTTONDOWN

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(picture("background", (1920, 1080)), (0, 0))
        veil = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        veil.fill((*PAPER, 150))
        canvas.blit(veil, (0, 0))
        self.confetti.draw(canvas, self.clock)
        trophy = picture("trophy", (150, 150))
        canvas.blit(trophy, (150, 40))
        canvas.blit(trophy, (1920 - 300, 40))
        fonts.blit_text(canvas, _("You beat the computer!"), fonts.HEADING + 8, INK, "midtop",
                        (960, 40), bold=True)  # fmt: skip
        control = self.app.kiosk_control
        count = control.day_board.count(self.win.game, self.win.level) if control else 1
        line = beat_line(count, self.win.level, self.win.game)
        fonts.blit_text(canvas, line, fonts.BODY, ACCENT_DARK, "midtop", (960, 160), bold=True)
        if self.stage == "name":
            self._draw_name(canvas)
        else:
            self._draw_board(canvas)

    def _draw_name(self, canvas: pygame.Surface) -> None:
        fonts.blit_text(canvas, _("Add your first name or initials to today's board, if you like."),
                        fonts.SMALL, INK, "midtop", (960, 244))  # fmt: skip
        draw_panel(canvas, NAME_BOX, WHITE, radius=24, shadow=6)
        shown = self.typed + ("|" if int(self.clock * 2) % 2 == 0 else " ")
        fonts.blit_text(canvas, shown, fonts.LARGE, INK, "center", NAME_BOX.center, bold=True)
        self.keys.draw(canvas)
        self.skip.draw(canvas)
        self.add.draw(canvas)

    def _draw_board(self, canvas: pygame.Surface) -> None:
        panel = pygame.Rect(260, 250, 1400, 660)
        draw_panel(canvas, panel, PAPER, radius=30, shadow=12)
        heading = _("Today's board: {game}, {level} or harder").format(
            game=game_title(self.win.game), level=level_title(self.win.level)
        )
        fonts.blit_text(canvas, heading, fonts.BODY, INK, "midtop", (960, panel.top + 30),
                        bold=True)  # fmt: skip
        control = self.app.kiosk_control
        wins = control.day_board.matching(self.win.game, self.win.level) if control else []
        named = [win for win in wins if win.name][-BOARD_NAMES:]
        if not named:
            fonts.blit_text(canvas, _("No names yet today."), fonts.SMALL, MUTED, "center",
                            panel.center)  # fmt: skip
        for i, win in enumerate(reversed(named)):
            column, row = divmod(i, 8)
            x, y = panel.left + 90 + column * 430, panel.top + 130 + row * 62
            mine = win is self.win
            colour = ACCENT_DARK if mine else INK
            fonts.blit_text(canvas, f"{win.at}  {win.name}", fonts.SMALL, colour, "topleft",
                            (x, y), bold=mine)  # fmt: skip
        self.done.draw(canvas)
