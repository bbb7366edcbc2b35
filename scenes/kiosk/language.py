"""The visitor's language button (the attract loop's and the welcome's): it names the next
language in that language's own words ("日本語", "English"), and a touch shows every screen in it at
once. At a kiosk the choice is the visitor's alone: it lasts until the stand goes back to the
attract loop by itself (`Kiosk.visitor_gone`), then the stand's own language (the operator's, in
`settings.json`) returns; the settings file is never changed by a visitor. Outside a kiosk (the
`--attract` demo on a player's own computer) the choice is kept in the settings, as Settings'
choice is."""

from __future__ import annotations

import pygame

from scenes.kit import fonts, i18n
from scenes.kit.widgets import Button
from scenes.services import AppServices


def next_language_name() -> str:
    """The language a touch on the language button shows next, named in its own words."""
    return i18n.LANGUAGES[i18n.next_language()]


def stand_language(app: AppServices) -> str:
    """The language the stand shows when no visitor chose one (the operator's setting)."""
    return i18n.resolve(app.settings.language)


class LanguageButton(Button):
    """A button that switches to the next language (see the module)."""

    def __init__(self, app: AppServices, rect: pygame.Rect | tuple[int, int, int, int]):
        super().__init__(rect, next_language_name(), self.next_language, style="secondary",
                         size=fonts.BODY)  # fmt: skip
        self.app = app

    def next_language(self) -> None:
        self.app.play_sound("click")
        code = i18n.next_language()
        if self.app.kiosk:  # the visitor's, until the stand rests again
            i18n.set_language(code)
        else:
            self.app.settings.language = code
            self.app.save_settings()
        self.label = next_language_name()

    def draw(self, canvas: pygame.Surface) -> None:
        self.label = next_language_name()  # (the language may have changed meanwhile)
        super().draw(canvas)
