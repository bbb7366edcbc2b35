"""The settings scene: language, volumes (master, effects and each sound cue's), fullscreen,
animation speed, text size (normal or large), motion (full or reduced), kiosk idle timeout,
colour scheme and hints. Every change is saved at once (atomically) in the settings store and
applied: a new language or text size redraws every screen at once, a game's below included."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.kit import fonts, i18n
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.i18n import L_, LP_, N_, _
from scenes.kit.palette import BAD, INK, MUTED, PAPER, RGB, seat_colours
from scenes.kit.pictures import picture
from scenes.kit.text_fit import fit_line, fit_lines
from scenes.kit.widgets import (
    MIN_BUTTON_HEIGHT,
    Button,
    Choice,
    Slider,
    Stepper,
    Toggle,
    draw_mark,
    draw_panel,
)
from scenes.manager import Scene
from scenes.services import AppServices
from scenes.storage.settings import ANIMATION_SPEEDS, COLOUR_SCHEMES, MOTIONS, TEXT_SIZES

PANEL = pygame.Rect(220, 138, 1480, 790)
#: the width of the note that says changes cannot be saved (right of the title)
SAVED_BOX_WIDTH = 500
LASTING = N_("they last until the app closes.")
IDLE_TIMEOUTS = (30, 45, 60, 90, 120, 180, 300, 600)
ROW_X = PANEL.left + 70
ROW_WIDTH = PANEL.width - 140
LABEL_WIDTH = 520
#: the rows' tops: the volumes two to a row, then one setting a row
ROWS = [PANEL.top + 12 + i * 97 for i in range(8)]
#: a half row (two volumes side by side): its width, the gap between the two, its label's width
HALF_WIDTH = (ROW_WIDTH - 40) // 2
HALF_LABEL_WIDTH = 330
#: the motion choice's label, right of Fullscreen, and the choice right of its label
MOTION_LABEL_X = ROW_X + HALF_WIDTH + 90
MOTION_RECT = pygame.Rect(
    MOTION_LABEL_X + 250, ROWS[3], ROW_X + ROW_WIDTH - MOTION_LABEL_X - 250, 96
)
#: the text size's choice, under Motion's (its label under Motion's), right of the animation speed
TEXT_SIZE_RECT = MOTION_RECT.move(0, ROWS[4] - ROWS[3])
#: the steppers (animation speed, kiosk idle timeout), left of the text size and self-voicing
STEPPER_WIDTH, STEPPER_LABEL_WIDTH = MOTION_LABEL_X - 50 - ROW_X, 400
#: the volume sliders, two to a row: (setting, label)
VOLUMES = (
    ("master_volume", L_("Master volume")),
    ("effects_volume", L_("Effects volume")),
    # TRANSLATORS: a slider: the volume of the sound that says it is your turn
    ("turn_volume", LP_("volume", "Your turn")),
    # TRANSLATORS: a slider: the volume of the sound of pieces or cards captured
    ("capture_volume", LP_("volume", "Captures")),
    # TRANSLATORS: a slider: the volume of the sound of a move refused
    ("refusal_volume", LP_("volume", "Refused move")),
    # TRANSLATORS: a slider: the volume of the sound at the end of a game
    ("end_volume", LP_("volume", "End of game")),
)
#: the language choice, left of the title: each language named in its own words
LANGUAGE_RECT = pygame.Rect(PANEL.left, 22, 480, 96)

#: self-voicing's switch, right of the kiosk idle timeout, its label under Text size's (room for
#: "Self-voicing: unavailable" at the large text size)
VOICE_RECT = pygame.Rect(
    MOTION_LABEL_X, ROWS[5], ROW_X + ROW_WIDTH - MOTION_LABEL_X, MIN_BUTTON_HEIGHT
)


def self_voicing(app: AppServices, on_change: Callable[[bool], None]) -> Toggle:
    """Self-voicing on or off (right of the kiosk idle timeout); it says so where the speech
    command is not installed, and cannot be turned on."""
    available = app.speech.available
    toggle = Toggle(
        VOICE_RECT,
        L_("Self-voicing") if available else L_("Self-voicing: unavailable"),
        app.settings.self_voicing and available,
        on_change,
    )
    toggle.enabled = available
    return toggle


def _nearest(options: tuple[float, ...], value: float) -> int:
    return min(range(len(options)), key=lambda i: abs(options[i] - value))


class SettingsScene(Scene):
    """Edit and save the settings; Done returns to the scene below."""

    name = "settings"

    def __init__(self, app: AppServices):
        self.app = app
        settings = app.settings
        self.volumes = [
            Slider(
                (ROW_X + (HALF_WIDTH + 40) * (n % 2), ROWS[n // 2], HALF_WIDTH, 96),
                label,
                getattr(settings, key),
                self._setter(key),
                size=fonts.SMALL,
                label_width=HALF_LABEL_WIDTH,
            )
            for n, (key, label) in enumerate(VOLUMES)
        ]
        self.master, self.effects = self.volumes[:2]
        self.fullscreen = Toggle(
            (ROW_X, ROWS[3], LABEL_WIDTH + 170, 96),
            L_("Fullscreen (F11)"),
            app.fullscreen,
            self._setter("fullscreen"),
        )
        self.speed = Stepper(
            (ROW_X, ROWS[4], STEPPER_WIDTH, 96),
            L_("Animation speed"),
            ANIMATION_SPEEDS,
            _nearest(ANIMATION_SPEEDS, settings.animation_speed),
            self._setter("animation_speed"),
            # TRANSLATORS: how many times the normal speed ("1.5x")
            show=lambda v: _("{speed}x").format(speed=f"{v:g}"),
            label_width=STEPPER_LABEL_WIDTH,
        )
        self.idle = Stepper(
            (ROW_X, ROWS[5], STEPPER_WIDTH, 96),
            L_("Kiosk idle timeout"),
            IDLE_TIMEOUTS,
            _nearest(IDLE_TIMEOUTS, settings.kiosk_idle_seconds),
            self._setter("kiosk_idle_seconds"),
            # TRANSLATORS: a number of seconds, abbreviated ("60 s")
            show=lambda v: _("{seconds} s").format(seconds=v),
            label_width=STEPPER_LABEL_WIDTH,
        )
        self.scheme = Choice(
            (ROW_X + LABEL_WIDTH, ROWS[6], 560, 96),
            [L_("Standard"), L_("Colour-blind")],
            COLOUR_SCHEMES.index(settings.colour_scheme),
            self._set_scheme,
        )
        self.scheme_label_y = ROWS[6] + 48
        self.motion = Choice(
            MOTION_RECT,
            # TRANSLATORS: motion on screen: every animation, or no shaking and short fades only
            [LP_("motion", "Full"), LP_("motion", "Reduced")],
            MOTIONS.index(settings.motion),
            self._set_motion,
        )
        self.text_size = Choice(
            TEXT_SIZE_RECT,
            # TRANSLATORS: the size of every text: as made, or larger (about a third)
            [LP_("text size", "Normal"), LP_("text size", "Large")],
            TEXT_SIZES.index(settings.text_size),
            self._set_text_size,
        )
        self.voicing = self_voicing(app, self._setter("self_voicing"))
        self.hints = Toggle(
            (ROW_X, ROWS[7], LABEL_WIDTH + 170, 96),
            L_("Move previews"),
            settings.hints,
            self._setter("hints"),
        )
        self.done = Button(
            (PANEL.centerx - 220, PANEL.bottom + 22, 440, 110),
            L_("Done"),
            self.app.back,
            icon="icon_back",
        )
        self.language = Choice(
            LANGUAGE_RECT,
            list(i18n.LANGUAGES.values()),
            list(i18n.LANGUAGES).index(i18n.language()),
            self._set_language,
        )
        self.widgets = [
            self.language,
            *self.volumes,
            self.fullscreen,
            self.speed,
            self.idle,
            self.scheme,
            self.motion,
            self.text_size,
            self.voicing,
            self.hints,
            self.done,
        ]
        self._static: pygame.Surface | None = None
        self._language = i18n.Watch()
        self._unsaved = False

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        return {
            "Done": self.done.rect,
            "Standard": self.scheme.buttons[0].rect,
            "Colour-blind": self.scheme.buttons[1].rect,
            "Full motion": self.motion.buttons[0].rect,
            "Reduced motion": self.motion.buttons[1].rect,
            "Normal text": self.text_size.buttons[0].rect,
            "Large text": self.text_size.buttons[1].rect,
            "Fullscreen": self.fullscreen.rect,
            "Move previews": self.hints.rect,
            "Self-voicing": self.voicing.rect,
            **{button.key: button.rect for button in self.language.buttons},  # "English", "日本語"
        }

    def _setter(self, key: str) -> Callable[[object], None]:
        def store(value: object) -> None:
            setattr(self.app.settings, key, value)
            if self._dragging():
                self._unsaved = True  # saved once the slider is let go
                if self.app.audio is not None:
                    settings = self.app.settings
                    self.app.audio.set_volume(
                        settings.master_volume, settings.effects_volume, settings.cue_volumes()
                    )
            else:
                self.app.save_settings()

        return store

    def _dragging(self) -> bool:
        return any(slider.dragging for slider in self.volumes)

    def _set_language(self, index: int) -> None:
        """Show the language chosen at once (the app redraws every screen) and keep it."""
        self.app.settings.language = list(i18n.LANGUAGES)[index]
        self.app.save_settings()

    def _set_scheme(self, index: int) -> None:
        self.app.settings.colour_scheme = COLOUR_SCHEMES[index]
        self.app.save_settings()

    def _set_motion(self, index: int) -> None:
        self.app.settings.motion = MOTIONS[index]
        self.app.save_settings()

    def _set_text_size(self, index: int) -> None:
        """Draw every text at the size chosen at once (every screen re-lays out) and keep it."""
        self.app.settings.text_size = TEXT_SIZES[index]
        self.app.save_settings()

    def saved_line(self) -> tuple[str, RGB]:
        """What the corner says about saving (one or two lines): at once, or that the changes
        last until the app closes when the last write failed or nothing can be written."""
        store = self.app.store
        if store.in_memory:
            return "\n".join((_("Changes cannot be saved here:"), _(LASTING))), BAD
        if store.save_problem:
            return "\n".join((_("Changes could not be saved:"), _(LASTING))), BAD
        return _("Changes are saved at once."), INK

    def _draw_saved_line(self, canvas: pygame.Surface) -> None:
        words, colour = self.saved_line()
        lines = words.split("\n")
        if len(lines) == 1:
            fonts.blit_text(canvas, words, fonts.SMALL, colour, "midright", (PANEL.right, 80))
            return
        step = fonts.font(fonts.TINY).get_linesize()
        widest = max(fonts.measure(line, fonts.TINY)[0] for line in lines)
        box = pygame.Rect(0, 0, min(SAVED_BOX_WIDTH, widest + 28), step * len(lines) + 20)
        box.midright = (PANEL.right, 74)
        draw_panel(canvas, box, PAPER, radius=14, shadow=4)
        for number, line in enumerate(lines):
            shown, size = fit_line(line, fonts.TINY, box.width - 28)
            at = (box.left + 14, box.top + 10 + number * step)
            fonts.blit_text(canvas, shown, size, colour, "topleft", at)

    @property
    def animating(self) -> bool:
        """Nothing moves on its own (sliders move with the pointer)."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back()
            return True
        used = False
        for widget in self.widgets:
            used = widget.handle(event) or used
        return used

    def update(self, dt: float) -> None:
        self.fullscreen.value = self.app.fullscreen  # F11 may have changed it
        self.voicing.value = self.app.settings.self_voicing  # (its key may have changed it)
        if self._unsaved and not self._dragging():
            self._unsaved = False
            self.app.save_settings()
            self.app.play_sound("click")  # a sample of the new volume

    def exit(self) -> None:
        if self._unsaved:
            self._unsaved = False
            self.app.save_settings()

    def _render_static(self) -> pygame.Surface:
        layer = new_layer((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        icon = picture("icon_settings", (96, 96))
        title = fonts.text(_("Settings"), fonts.HEADING, INK, True)
        left = 960 - (96 + 24 + title.get_width()) // 2
        layer.blit(icon, (left, 28))
        layer.blit(title, title.get_rect(midleft=(left + 120, 78)))
        draw_panel(layer, PANEL)
        fonts.blit_text(
            layer, _("Colour scheme"), fonts.BODY, INK, "midleft", (ROW_X, self.scheme_label_y)
        )
        for row, label in ((3, _("Motion")), (4, _("Text size"))):
            words, size = fit_line(label, fonts.BODY, MOTION_RECT.left - 20 - MOTION_LABEL_X)
            fonts.blit_text(layer, words, size, INK, "midleft", (MOTION_LABEL_X, ROWS[row] + 48))
        note = _("Shows what a move would do before you make it: the same as a board's Previews.")
        left = self.hints.rect.right + 40
        lines, size = fit_lines(note, fonts.TINY, PANEL.right - 40 - left, 2)
        for i, line in enumerate(lines):
            at = (left, self.hints.rect.centery + (i - 0.5) * 38 - 2)
            fonts.blit_text(layer, line, size, MUTED, "midleft", (round(at[0]), round(at[1])))
        return layer

    def draw(self, canvas: pygame.Surface) -> None:
        if self._language.changed() or self._static is None:  # the unchanging layer, cached
            self._static = self._render_static()
        canvas.blit(self._static, (0, 0))
        self._draw_saved_line(canvas)
        for widget in self.widgets:
            widget.draw(canvas)
        x = self.scheme.rect.right + 56
        for _colour, rgb, mark in seat_colours(self.app.settings.colour_scheme):
            draw_mark(canvas, mark, (x, self.scheme_label_y), 26, rgb)
            x += 64
