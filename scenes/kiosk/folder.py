"""Pick the folder the figures are exported to, by touch alone: the drives plugged in now, the
home and data folders, then the folders inside the one shown, a page at a time; "Export here"
writes the CSV file there and says where (or why it could not). It opens on the removable drive
plugged in, if there is one; else on the folder last exported to, else the home folder."""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path

import pygame

from scenes.kiosk.export import drives, export_csv, places, subfolders, writable
from scenes.kit import fonts
from scenes.kit.i18n import L_, _
from scenes.kit.palette import BAD, GOOD, INK, MUTED, PAPER
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button
from scenes.manager import Scene
from scenes.services import AppServices

log = logging.getLogger(__name__)

PER_PAGE = 10
LIST_TOP = 400


class FolderScene(Scene):
    """The operator picks a folder and exports the figures there."""

    name = "folder"

    def __init__(self, app: AppServices, day: str | None = None):
        """`day` ("YYYY-MM-DD"): export that day's figures; None: every figure kept."""
        self.app = app
        self.day = day
        control = app.kiosk_control
        figures = control.figures if control is not None else None
        self.data_folder = figures.path.parent if figures is not None and figures.path else None
        self.places = places(self.data_folder)  # (looked for again at each folder opened)
        self.folder: Path = start_folder(app.settings.kiosk_export_folder)
        self.page = 0
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self._build()

    def _build(self) -> None:
        self.places = places(self.data_folder)
        width = min(420, (1800 - 20 * (len(self.places) - 1)) // max(1, len(self.places)))
        self.place_buttons = [
            Button(
                (60 + i * (width + 20), 150, width, 100),
                label,
                partial(self.open, path),
                style="secondary",
                size=fonts.TINY + 4,
            )
            for i, (label, path) in enumerate(self.places[:4])
        ]
        self.entries = subfolders(self.folder)
        pages = max(1, -(-len(self.entries) // PER_PAGE))
        self.page = min(self.page, pages - 1)
        shown = self.entries[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]
        self.entry_buttons = [
            Button(
                (60 + (i % 2) * 910, LIST_TOP + (i // 2) * 110, 890, 100),
                entry.name,
                partial(self.open, entry),
                style="secondary",
                size=fonts.TINY + 4,
            )
            for i, entry in enumerate(shown)
        ]
        self.up = Button((1440, 270, 420, 100), L_("Up one folder"), self.go_up, icon="icon_back",
                         style="secondary", size=fonts.TINY + 6)  # fmt: skip
        self.up.enabled = self.folder.parent != self.folder
        self.previous = Button((60, 960, 300, 100), L_("Previous"), partial(self.turn, -1),
                               style="secondary", size=fonts.TINY + 6)  # fmt: skip
        self.next = Button((380, 960, 300, 100), L_("Next"), partial(self.turn, 1),
                           style="secondary", size=fonts.TINY + 6)  # fmt: skip
        self.previous.enabled = self.page > 0
        self.next.enabled = self.page < pages - 1
        self.export = Button((1000, 960, 460, 100), L_("Export here"), self.export_here,
                             icon="icon_save", size=fonts.BODY)  # fmt: skip
        self.export.enabled = writable(self.folder)
        self.export.refusal = _("This folder cannot be written to: pick another.")
        self.export.on_refuse = self._refused
        self.cancel = Button((1480, 960, 380, 100), L_("Back"), self.close, style="dark",
                             size=fonts.BODY)  # fmt: skip

    @property
    def buttons(self) -> list[Button]:
        return [*self.place_buttons, *self.entry_buttons, self.up, self.previous, self.next,
                self.export, self.cancel]  # fmt: skip

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {button.key: button.rect for button in self.buttons}
        for button in self.place_buttons:
            rects[f"place {button.key}"] = button.rect
        return rects

    # --- actions ----------------------------------------------------------------------------------
    def open(self, folder: Path) -> None:
        self.folder, self.page, self.message = folder, 0, None
        self._build()

    def go_up(self) -> None:
        self.open(self.folder.parent)

    def turn(self, by: int) -> None:
        self.page += by
        self._build()

    def _refused(self, reason: str) -> None:
        self.message = (reason, BAD)

    def export_here(self) -> None:
        control = self.app.kiosk_control
        if control is None:
            return
        control.figures.flush()
        try:
            path = export_csv(control.figures.data["hours"], self.folder, control.wall(), self.day)
        except OSError as error:
            log.warning("the figures could not be exported to %s: %s", self.folder, error)
            why = error.strerror or str(error)
            self.message = (_("Not exported: {reason}.").format(reason=why), BAD)
            return
        log.info("kiosk: the figures were exported to %s", path)
        self.app.settings.kiosk_export_folder = str(self.folder)
        self.app.save_settings()
        self.message = (_("Exported to {path}.").format(path=path), GOOD)
        self.app.notify(_("The figures were exported to {path}.").format(path=path))

    def close(self) -> None:
        self.app.manager.pop(fade=True)

    def handle(self, event: pygame.event.Event) -> bool:
        used = False
        for button in self.buttons:
            used = button.handle(event) or used
        return used

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(PAPER)
        title = (
            _("Export the figures of {day} as CSV").format(day=self.day)
            if self.day
            else _("Export every figure as CSV")
        )
        line, size = fit_line(title, fonts.HEADING - 10, 1800, bold=True)
        fonts.blit_text(canvas, line, size, INK, "topleft", (60, 30), bold=True)
        fonts.blit_text(
            canvas,
            _("A USB stick plugged in now shows among the places below."),
            fonts.TINY,
            MUTED,
            "topleft",
            (60, 104),
        )
        line, size = fit_line(
            _("Folder: {path}").format(path=self.folder), fonts.SMALL, 1340, bold=True
        )
        fonts.blit_text(canvas, line, size, INK, "midleft", (60, 320), bold=True)
        if not self.entries:
            fonts.blit_text(canvas, _("No folders inside this one."), fonts.SMALL, MUTED,
                            "topleft", (60, LIST_TOP + 20))  # fmt: skip
        for button in self.buttons:
            button.draw(canvas)
        if self.message is not None:
            words, colour = self.message
            line, size = fit_line(words, fonts.TINY, 1800)
            fonts.blit_text(canvas, line, size, colour, "bottomleft", (60, 950))


def start_folder(remembered: str) -> Path:
    """Where the picker opens: the first removable drive plugged in, else the folder last
    exported to (if it is still there), else the home folder."""
    plugged = drives()
    if plugged:
        return plugged[0]
    if remembered and Path(remembered).is_dir():
        return Path(remembered)
    return Path.home()
