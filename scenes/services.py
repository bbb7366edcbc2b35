"""`AppServices`: what a scene may ask of the app. `scenes.app.App` provides it (with the scene
changes of `scenes.navigation`); scenes are typed against this protocol, not the App class, so
a scene can be driven by anything that offers these (a test's stand-in, the attract loop's
proxy) and the App's other parts stay its own."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.core.protocols import GameState

if TYPE_CHECKING:
    import pygame

    from scenes.kiosk.control import KioskControl
    from scenes.kit.audio import Audio
    from scenes.kit.focus import Focus
    from scenes.kit.palette import SeatColour
    from scenes.kit.seat_names import Called
    from scenes.kit.seats import GameSetup, Seat
    from scenes.kit.speech import Speech
    from scenes.manager import SceneManager
    from scenes.options import Options
    from scenes.phones.board import PhoneTableSlot
    from scenes.phones.spec import PhoneSpec
    from scenes.storage.kept_games import KeptGame
    from scenes.storage.settings import Settings, SettingsStore


class AppServices(Protocol):
    """The app as its scenes see it."""

    manager: SceneManager
    #: the focus ring of keys and pads, and the device last used
    focus: Focus
    #: self-voicing: a scene hands it the words to say (`speech.say`)
    speech: Speech
    #: what the command line asked for
    options: Options
    settings: Settings
    store: SettingsStore
    rng: random.Random
    kiosk: bool

    #: kiosk mode's idle countdown, recovery and figures (None outside kiosk mode)
    @property
    def kiosk_control(self) -> KioskControl | None: ...

    fullscreen: bool
    #: seconds since the last input
    idle_seconds: float
    #: where the log goes (a file, or a note that it goes to the terminal)
    log_path: Path | str
    #: the sound effects (None: the app runs silently)
    audio: Audio | None
    #: the phones of the table being set up or played (hands on phones), or None
    phone_table: PhoneTableSlot | None

    @property
    def animation_speed(self) -> float: ...

    # --- settings, sound, notices ---------------------------------------------------------------
    def save_settings(self) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    def text_input_at(self, rect: pygame.Rect) -> None: ...
    def play_sound(self, name: str) -> None: ...
    def notify(self, text: str) -> None: ...
    def quit(self) -> None: ...
    def new_seed(self) -> int: ...

    # --- scene changes (scenes.navigation) ------------------------------------------------------
    def go_menu(self, notice: str | None = None) -> None: ...
    def open_setup(
        self, game: str, seats: Sequence[Seat] | None = None, fade: bool = True
    ) -> None: ...
    def open_rules(self, game: str | None = None) -> None: ...
    def open_lesson(self, game: str) -> None: ...
    def open_games_in_progress(self) -> None: ...
    def open_statistics(self) -> None: ...
    def open_replays(self) -> None: ...
    def open_settings(self, operator: bool = False) -> None: ...
    def start_attract(self, fade: bool = True) -> None: ...
    def back(self) -> None: ...
    def quick_setup(self, game: str, seats: Sequence[Seat | str]) -> GameSetup: ...
    def start_game(
        self,
        setup: GameSetup,
        fade: bool = True,
        start_state: GameState | None = None,
        moves: Sequence[str] = (),
        phones: Sequence[int] = (),
        slot: Path | None = None,
        hints: Sequence[int] = (),
        undos: int = 0,
    ) -> bool: ...
    def continue_game(self, slot: Path | None = None) -> bool: ...
    def kept_games(self) -> list[KeptGame]: ...
    def delete_unfinished(self, slot: Path) -> bool: ...
    def save_unfinished(
        self,
        setup: GameSetup,
        start_state: GameState,
        moves: Sequence[str],
        thumbnail: pygame.Surface | None = None,
        phones: Sequence[int] = (),
        slot: Path | None = None,
        hints: Sequence[int] = (),
        undos: int = 0,
    ) -> Path | None: ...
    def clear_unfinished(self, slot: Path | None = None) -> None: ...
    def finish_game(
        self,
        setup: GameSetup,
        start_state: GameState,
        moves: Sequence[object],
        final_state: GameState,
        clear: bool,
        slot: Path | None = None,
        helped: bool = False,
        hints: Sequence[int] = (),
        undos: int = 0,
    ) -> Path | None: ...
    def show_results(
        self,
        setup: GameSetup,
        final_state: GameState,
        start_state: GameState | None = None,
        moves: Sequence[object] = (),
        replay: Path | None = None,
    ) -> None: ...
    def handover(
        self,
        name: str | Called,
        colour: SeatColour,
        on_ready: Callable[[], object],
        on_escape: Callable[[], object] | None = None,
    ) -> None: ...
    def note_demo_finished(self, game: str) -> None: ...
    def phone_spec(self, game: str) -> PhoneSpec | None:
        """What the phones show of `game` (None: it offers no hands on phones)."""
        ...
