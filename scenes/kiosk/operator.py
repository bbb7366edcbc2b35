"""The organiser's screens: a PIN pad (opened by a long press on the bottom-left corner), then
the operator screen with the session figures, the settings and a clean quit."""

from __future__ import annotations

from typing import Any

import pygame

from game import GAMES
from scenes.kit import fonts
from scenes.kit.palette import BAD, INK, MUTED, PAPER
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.services import AppServices

PIN_PANEL = pygame.Rect(0, 0, 760, 1020)
PIN_PANEL.center = (960, 540)
#: PIN pads shut after this many wrong PINs in a row
MAX_TRIES = 3


class PinScene(Scene):
    """Digits 0-9 as big keys; the PIN from the settings opens the operator screen."""

    name = "pin"
    overlay = True

    def __init__(self, app: AppServices):
        self.app = app
        self.entered = ""
        self.wrong = 0
        self.message = "Organisers only: enter the PIN"
        key_w, key_h, gap = 200, 120, 20
        left = PIN_PANEL.centerx - (3 * key_w + 2 * gap) // 2
        top = PIN_PANEL.top + 260
        self.keys: list[Button] = []
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "Del", "0", "OK"]
        for i, label in enumerate(labels):
            rect = (left + (i % 3) * (key_w + gap), top + (i // 3) * (key_h + gap), key_w, key_h)
            style = "primary" if label == "OK" else "secondary"
            self.keys.append(Button(rect, label, self._press(label), style=style))
        self.cancel = Button(
            (left, top + 4 * (key_h + gap) + 10, 3 * key_w + 2 * gap, 110),
            "Cancel",
            self.close,
            style="dark",
        )

    def _press(self, label: str) -> Any:
        def press() -> None:
            if label == "Del":
                self.entered = self.entered[:-1]
            elif label == "OK":
                self.submit()
            elif len(self.entered) < 12:
                self.entered += label

        return press

    def submit(self) -> None:
        if self.entered and self.entered == str(self.app.settings.kiosk_pin):
            self.app.manager.replace(OperatorScene(self.app), fade=True)
            return
        self.wrong += 1
        self.entered = ""
        if self.wrong >= MAX_TRIES:
            self.close()
            return
        self.message = "Wrong PIN: try again"

    def close(self) -> None:
        self.app.manager.pop()

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {key.key: key.rect for key in self.keys}
        rects["Cancel"] = self.cancel.rect
        return rects

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.unicode and event.unicode.isdigit():
                self._press(event.unicode)()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
            elif event.key == pygame.K_BACKSPACE:
                self._press("Del")()
            elif event.key == pygame.K_ESCAPE:
                self.close()
            return True
        for button in [*self.keys, self.cancel]:
            if button.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, canvas: pygame.Surface) -> None:
        veil = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        veil.fill((*INK, 170))
        canvas.blit(veil, (0, 0))
        draw_panel(canvas, PIN_PANEL, PAPER, radius=36, shadow=16)
        fonts.blit_text(canvas, "Operator", fonts.HEADING, INK, "midtop",
                        (960, PIN_PANEL.top + 24), bold=True)  # fmt: skip
        colour = BAD if self.wrong else MUTED
        fonts.blit_text(canvas, self.message, fonts.SMALL, colour, "midtop",
                        (960, PIN_PANEL.top + 124))  # fmt: skip
        self._draw_entered(canvas, (960, PIN_PANEL.top + 200))
        for button in [*self.keys, self.cancel]:
            button.draw(canvas)

    def _draw_entered(self, canvas: pygame.Surface, centre: tuple[int, int]) -> None:
        """A dot for each digit entered (never the digits), a dash when there is none."""
        count = len(self.entered)
        if not count:
            pygame.draw.line(
                canvas, MUTED, (centre[0] - 20, centre[1]), (centre[0] + 20, centre[1]), 6
            )
            return
        step = 44
        x = centre[0] - step * (count - 1) // 2
        for i in range(count):
            pygame.draw.circle(canvas, INK, (x + i * step, centre[1]), 14)


class OperatorScene(Scene):
    """The session figures, the settings, a clean quit, and the way back to the stand."""

    name = "operator"

    def __init__(self, app: AppServices):
        self.app = app
        self.confirming = False
        specs = [
            ("Back to the stand", self.back, "primary", "icon_play"),
            ("Settings", self.settings, "secondary", "icon_settings"),
            ("Quit the kiosk", self.ask_quit, "dark", "icon_quit"),
        ]
        self.buttons = [
            Button((1240, 260 + 150 * i, 600, 120), label, action, icon=icon, style=style)
            for i, (label, action, style, icon) in enumerate(specs)
        ]
        self.quit_yes = Button((1240, 760, 290, 120), "Quit", self.app.quit, style="dark")
        self.quit_no = Button((1550, 760, 290, 120), "Stay", self.cancel_quit, style="secondary")

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {button.key: button.rect for button in self.buttons}
        if self.confirming:
            rects.update({"Quit": self.quit_yes.rect, "Stay": self.quit_no.rect})
        return rects

    def back(self) -> None:
        self.app.start_attract()

    def settings(self) -> None:
        self.app.open_settings(operator=True)

    def ask_quit(self) -> None:
        self.confirming = True

    def cancel_quit(self) -> None:
        self.confirming = False

    def handle(self, event: pygame.event.Event) -> bool:
        buttons = [self.quit_yes, self.quit_no] if self.confirming else self.buttons
        return any(button.handle(event) for button in buttons)

    def figures(self) -> dict[str, Any] | None:
        control = getattr(self.app, "kiosk_control", None)
        return control.figures.summary() if control is not None else None

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(PAPER)
        fonts.blit_text(canvas, "Operator", fonts.HEADING, INK, "topleft", (80, 40), bold=True)
        summary = self.figures()
        if summary is None:
            fonts.blit_text(canvas, "No figures: not in kiosk mode", fonts.BODY, MUTED,
                            "topleft", (80, 200))  # fmt: skip
        else:
            self._draw_figures(canvas, summary)
        for button in self.buttons:
            button.draw(canvas)
        if self.confirming:
            fonts.blit_text(canvas, "Quit the kiosk now?", fonts.BODY, INK, "topleft",
                            (1240, 700), bold=True)  # fmt: skip
            self.quit_yes.draw(canvas)
            self.quit_no.draw(canvas)
        figures = getattr(getattr(self.app, "kiosk_control", None), "figures", None)
        where = getattr(figures, "path", None)
        if where is not None:  # the organiser's screen: the only one that shows the folder
            line, size = fit_line(f"Data folder: {where.parent}", fonts.TINY, 1100)
            fonts.blit_text(canvas, line, size, MUTED, "bottomleft", (80, 1050))

    def _draw_figures(self, canvas: pygame.Surface, summary: dict[str, Any]) -> None:
        minutes = summary["average_seconds"] / 60
        lines = [
            f"Since {summary['since']} ({summary['sessions']} "
            f"run{'s' if summary['sessions'] != 1 else ''} of the app)",
            f"Games started {summary['started']}, finished {summary['finished']}, "
            f"abandoned {summary['abandoned']}",
            f"Average finished game {minutes:.1f} min",
            f"Crashes {summary['crashes']}, stalls {summary['stalls']}"
            + (f" (ended the app {summary['stall_exits']}x)" if summary["stall_exits"] else ""),
        ]
        y = 160
        for line in lines:
            fonts.blit_text(canvas, line, fonts.SMALL, INK, "topleft", (80, y))
            y += 56
        y += 30
        heads = ("Game", "Started", "Finished", "Abandoned", "Avg min", "Demos")
        xs = (80, 440, 590, 740, 920, 1050)  # (the buttons stand from x 1240)
        for x, head in zip(xs, heads, strict=True):
            fonts.blit_text(canvas, head, fonts.TINY, MUTED, "topleft", (x, y), bold=True)
        y += 50
        for game, row in summary["games"].items():
            title = GAMES[game].title if game in GAMES else game
            cells = (
                title,
                row["started"],
                row["finished"],
                row["abandoned"],
                f"{row['average_seconds'] / 60:.1f}",
                row["demo_games"],
            )
            for x, cell in zip(xs, cells, strict=True):
                fonts.blit_text(canvas, str(cell), fonts.TINY, INK, "topleft", (x, y))
            y += 48
