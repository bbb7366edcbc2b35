"""Games in progress (from the menu): every unfinished game kept, newest first, each with a
picture of its board, its seats (a computer's with its level), the move it stands at and when it
was left; each can be continued, or deleted after a question (scenes/storage/kept_games.py)."""

from __future__ import annotations

from functools import partial

import pygame

from game import GAMES
from scenes.kit import fonts
from scenes.kit.confirm import ConfirmScene
from scenes.kit.i18n import L_, _
from scenes.kit.palette import ACCENT_DARK, INK, MUTED, PAPER, RGB
from scenes.kit.pictures import picture
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.screens.continue_tile import picture_of_saved_game, when_text
from scenes.services import AppServices
from scenes.storage.kept_games import KeptGame

LIST = pygame.Rect(120, 150, 1680, 780)
ROW_HEIGHT = 130
ROWS = LIST.height // ROW_HEIGHT
PICTURE = (192, 108)


def turn_text(kept: KeptGame, now: float | None = None) -> str:
    """Where the game stands and when it was left: "Move 7: Ada to play · left today 14:05"."""
    setup, seat = kept.saved.game_setup, kept.state.current_player
    number = len(kept.saved.moves) + 1
    if seat is None:
        turn = _("Move {number}").format(number=number)
    else:
        turn = _("Move {number}: {name} to play").format(number=number, name=setup.called(seat))
    left = _("left {when}").format(when=when_text(kept.saved.saved_at, now))
    return f"{turn} · {left}"


class GamesInProgressScene(Scene):
    """Continue or delete any unfinished game; Back returns to the menu."""

    name = "games in progress"

    def __init__(self, app: AppServices, now: float | None = None):
        self.app = app
        self.now = now
        self.first = 0  # the first row shown (Older/Newer page through)
        self.kept: list[KeptGame] = []
        self.row_buttons: list[tuple[Button, Button]] = []
        self._pictures: dict[tuple[str, float], pygame.Surface] = {}
        self.back_button = Button((120, 950, 300, 100), L_("Back"), app.go_menu, icon="icon_back")
        self.newer_button = Button(
            (1180, 950, 300, 100), L_("Newer"), self.newer, style="secondary"
        )
        self.older_button = Button(
            (1500, 950, 300, 100), L_("Older"), self.older, style="secondary"
        )
        self.refresh()

    def refresh(self) -> None:
        """Read the games again (another copy of the app may have changed them)."""
        self.kept = self.app.kept_games()
        self.first = max(0, min(self.first, len(self.kept) - ROWS))
        self.newer_button.enabled = self.first > 0
        self.older_button.enabled = self.first + ROWS < len(self.kept)
        self.row_buttons = []
        for index in range(self.first, min(len(self.kept), self.first + ROWS)):
            rect = self.row_rect(index)
            kept = self.kept[index]
            top = rect.centery - 48
            go_on = Button(
                (rect.right - 560, top, 300, 96),
                L_("Continue"),
                partial(self.continue_game, kept),
                icon="icon_play",
                size=fonts.BODY,
            )
            delete = Button(
                (rect.right - 240, top, 220, 96),
                L_("Delete"),
                partial(self.ask_delete, kept),
                style="secondary",
                size=fonts.BODY,
            )
            self.row_buttons.append((go_on, delete))

    @property
    def buttons(self) -> list[Button]:
        found = [self.back_button, self.newer_button, self.older_button]
        for pair in self.row_buttons:
            found += pair
        return found

    def row_rect(self, index: int) -> pygame.Rect:
        """Where game `index` (0: the newest) is drawn, if it is on show."""
        place = index - self.first
        return pygame.Rect(LIST.left, LIST.top + place * ROW_HEIGHT, LIST.width, ROW_HEIGHT - 12)

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        """Back/Newer/Older by label; each row's "Continue N" and "Delete N" (N from 1, the
        newest game first)."""
        rects = {button.key: button.rect for button in self.buttons[:3]}
        for number, (go_on, delete) in enumerate(self.row_buttons, self.first + 1):
            rects[f"Continue {number}"] = go_on.rect
            rects[f"Delete {number}"] = delete.rect
        return rects

    def newer(self) -> None:
        self.first = max(0, self.first - ROWS)
        self.refresh()

    def older(self) -> None:
        self.first += ROWS
        self.refresh()

    def continue_game(self, kept: KeptGame) -> None:
        self.app.play_sound("click")
        if not self.app.continue_game(kept.slot):
            self.refresh()  # (it was gone, or another copy plays it: the notice says which)

    def ask_delete(self, kept: KeptGame) -> None:
        """Delete, after asking: a deleted game cannot be brought back."""
        title = _(GAMES[kept.saved.game].title)
        self.app.manager.push(
            ConfirmScene(
                self.app,
                L_("Delete this game?"),
                L_(
                    "{game} with {players}, left {when}: it cannot be brought back.",
                    game=title,
                    players=kept.saved.game_setup.who_plays(),
                    when=when_text(kept.saved.saved_at, self.now),
                ),
                L_("Delete"),
                L_("Keep it"),
                partial(self.delete, kept),
            )
        )

    def delete(self, kept: KeptGame) -> None:
        self.app.delete_unfinished(kept.slot)
        self.refresh()

    def handle(self, event: pygame.event.Event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go_menu()
            return True
        return False

    def _picture(self, kept: KeptGame) -> pygame.Surface:
        """The board as it was left (saved with the game, or drawn from its moves), fitted."""
        key = (str(kept.slot), kept.saved.saved_at)
        if key not in self._pictures:
            image: pygame.Surface | None = None
            if kept.picture is not None:
                try:
                    image = pygame.image.load(str(kept.picture))
                except (pygame.error, OSError):
                    image = None
            if image is None:
                image = picture_of_saved_game(self.app, kept.saved)
            if image is None:
                from scenes.boards import menu_art

                image = picture(menu_art(kept.saved.game), PICTURE)
            scale = min(PICTURE[0] / image.get_width(), PICTURE[1] / image.get_height())
            size = (round(image.get_width() * scale), round(image.get_height() * scale))
            self._pictures[key] = pygame.transform.smoothscale(image, size)
        return self._pictures[key]

    @staticmethod
    def _stacked(
        lines: tuple[tuple[str, int, RGB, bool, int], ...], rect: pygame.Rect, room: int
    ) -> list[tuple[str, int, RGB, bool, int]]:
        """A row's lines (words, size, colour, bold, top): each at its top, lower where the line
        above reaches it, all smaller where they would leave the row (large text)."""
        placed: list[tuple[str, int, RGB, bool, int]] = []
        for less in range(0, 12, 2):
            placed, y = [], rect.top
            for words, size, colour, bold, top in lines:
                fitted, size = fit_line(words, size - less, room, bold=bold)
                y = max(rect.top + top, y)
                placed.append((fitted, size, colour, bold, y))
                y += fonts.measure(fitted, size, bold)[1]
            if y <= rect.bottom - 4:
                break
        return placed

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(picture("background", (1920, 1080)), (0, 0))
        title = _("Games in progress")
        size = fonts.fit_height(fonts.TITLE, LIST.top - 40, bold=True)  # (over the list)
        fonts.blit_text(canvas, title, size, INK, "midtop", (960, 30), bold=True)
        if not self.kept:
            words = _("No games in progress: a game you leave is kept here.")
            fonts.blit_text(canvas, words, fonts.BODY, MUTED, "center", LIST.center)
        for index in range(self.first, min(len(self.kept), self.first + ROWS)):
            kept, rect = self.kept[index], self.row_rect(index)
            draw_panel(canvas, rect, PAPER, radius=20, shadow=6)
            image = self._picture(kept)
            frame = pygame.Rect(rect.left + 14, rect.top + 5, *PICTURE)
            canvas.blit(image, image.get_rect(center=frame.center))
            pygame.draw.rect(canvas, INK, frame.inflate(4, 4), 3, border_radius=6)
            x, room = frame.right + 24, rect.width - 560 - (frame.right - rect.left) - 44
            lines = (
                (_(GAMES[kept.saved.game].title), fonts.BODY, INK, True, 8),
                (kept.saved.game_setup.who_plays(), fonts.SMALL, INK, False, 50),
                (turn_text(kept, self.now), fonts.TINY, ACCENT_DARK, False, 86),
            )
            for words, size, colour, bold, y in self._stacked(lines, rect, room):
                fonts.blit_text(canvas, words, size, colour, "topleft", (x, y), bold)
        for button in self.buttons:
            button.draw(canvas)
