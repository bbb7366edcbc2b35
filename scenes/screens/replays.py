"""The Replays list (from the menu): every kept replay, newest first — game, players, winner,
date and, for a game with help (hints, moves taken back), its mark; a click on a row watches it.
A file that cannot be listed or watched says why in a notice and is set aside
(scenes/storage/replays.py)."""

from __future__ import annotations

import pygame

from scenes.kit import fonts
from scenes.kit.help_mark import draw_help_mark
from scenes.kit.i18n import L_, _
from scenes.kit.palette import ACCENT, INK, MUTED, PAPER
from scenes.kit.pictures import picture
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices
from scenes.storage.replays import ReplayEntry, load_replay, replay_list

LIST = pygame.Rect(160, 170, 1600, 740)
ROW_HEIGHT = 104
ROWS = LIST.height // ROW_HEIGHT


class ReplaysScene(Scene):
    """Pick a replay to watch; Back returns to the menu."""

    name = "replays"

    def __init__(self, app: AppServices):
        self.app = app
        self.first = 0  # the first row shown (the wheel and Older/Newer page through)
        self.entries: list[ReplayEntry] = []
        self.back_button = Button((160, 950, 300, 100), L_("Back"), app.back, icon="icon_back")
        self.newer_button = Button(
            (1140, 950, 300, 100), L_("Newer"), self.newer, style="secondary"
        )
        self.older_button = Button(
            (1460, 950, 300, 100), L_("Older"), self.older, style="secondary"
        )
        self.buttons = [self.back_button, self.newer_button, self.older_button]
        self.refresh()

    def refresh(self) -> None:
        self.entries, notice = replay_list(self.app.store.folder)
        if notice:
            self.app.notify(notice)
        self.first = max(0, min(self.first, len(self.entries) - ROWS))
        self.newer_button.enabled = self.first > 0
        self.older_button.enabled = self.first + ROWS < len(self.entries)

    def enter(self) -> None:
        self.refresh()

    def newer(self) -> None:
        self.first = max(0, self.first - ROWS)
        self.refresh()

    def older(self) -> None:
        self.first += ROWS
        self.refresh()

    def row_rect(self, index: int) -> pygame.Rect:
        """Where entry `index` (0: the newest) is drawn, if it is on show."""
        slot = index - self.first
        return pygame.Rect(LIST.left, LIST.top + slot * ROW_HEIGHT, LIST.width, ROW_HEIGHT - 10)

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        """The buttons by English label, and each replay on show as `replay N` (0: newest)."""
        rects = {button.key: button.rect for button in self.buttons}
        for index in range(self.first, min(self.first + ROWS, len(self.entries))):
            rects[f"replay {index}"] = self.row_rect(index)
        return rects

    def open(self, entry: ReplayEntry) -> None:
        """Watch `entry`, or say why it cannot be watched (the file is then set aside)."""
        from scenes.screens.replay_viewer import ReplayScene

        saved, notice = load_replay(entry.path)
        if saved is None:
            self.app.notify(notice or _("This replay cannot be watched."))
            self.refresh()
            return
        try:
            scene = ReplayScene(self.app, saved)
        except Exception:  # a board that cannot be built: say so, stay here
            import logging

            logging.getLogger(__name__).exception("replay %s could not open", entry.path)
            self.app.notify(_("Sorry, this replay could not be shown (details are in the log)."))
            return
        self.app.play_sound("click")
        self.app.manager.push(scene, fade=True)

    def handle(self, event: pygame.event.Event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.first = max(0, self.first - 3 * getattr(event, "y", 0))
            self.refresh()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back()
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            shown = self.entries[self.first : self.first + ROWS]
            for index, entry in enumerate(shown, self.first):
                if self.row_rect(index).collidepoint(event.pos):
                    self.open(entry)
                    return True
        return False

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(picture("background", (1920, 1080)), (0, 0))
        size = fonts.fit_height(fonts.TITLE, LIST.top - 50, bold=True)  # (over the list)
        fonts.blit_text(canvas, _("Replays"), size, INK, "midtop", (960, 30), bold=True)
        if not self.entries:
            fonts.blit_text(
                canvas,
                _("No replays yet: every finished game is kept here."),
                fonts.BODY,
                MUTED,
                "center",
                LIST.center,
            )
        for index in range(self.first, min(len(self.entries), self.first + ROWS)):
            entry, rect = self.entries[index], self.row_rect(index)
            draw_panel(canvas, rect, PAPER, radius=20, shadow=6)
            title, size = fit_line(entry.title, fonts.BODY, 420, bold=True)
            mark = draw_help_mark(
                canvas, entry.hints, entry.undos, (rect.left + 24, rect.centery + 24), 24, 420
            )
            at = (rect.left + 30, rect.centery - (18 if mark else 0))
            fonts.blit_text(canvas, title, size, INK, "midleft", at, bold=True)
            players, size = fit_line(entry.players, fonts.SMALL, 560)
            fonts.blit_text(canvas, players, size, INK, "midleft", (rect.left + 470, rect.centery))
            winner, size = fit_line(entry.winner, fonts.SMALL, 300, bold=True)
            at = (rect.left + 1060, rect.centery)
            fonts.blit_text(canvas, winner, size, ACCENT, "midleft", at, bold=True)
            at = (rect.right - 30, rect.centery)
            fonts.blit_text(canvas, entry.date, fonts.TINY, MUTED, "midright", at)
        for button in self.buttons:
            button.draw(canvas)
