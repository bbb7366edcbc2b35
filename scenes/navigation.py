"""The scene changes scenes ask the app for: menu, setup, rules, settings, board, results,
hand-over; and the setups the command line starts from."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from game import GAMES
from game.core.protocols import GameState
from scenes.boards import BOARDS, is_playable, seat_colours_for
from scenes.boards.making import board_scene_class
from scenes.kit.i18n import N_, _, ngettext
from scenes.kit.palette import SeatColour, seat_colours
from scenes.kit.seats import GameSetup, Seat, default_names
from scenes.storage import continuing, kept_games, record, saved_game
from scenes.storage.finished import keep_finished
from scenes.storage.kept_games import KeptGame
from scenes.storage.locks import FileLock

if TYPE_CHECKING:
    import pygame

    from scenes.kiosk.control import KioskControl
    from scenes.kit.seat_names import Called
    from scenes.manager import Scene, SceneManager
    from scenes.options import Options
    from scenes.phones.board import PhoneTableSlot
    from scenes.phones.spec import PhoneSpec
    from scenes.services import AppServices
    from scenes.storage.settings import Settings, SettingsStore

log = logging.getLogger(__name__)

#: said when a game is opened or deleted while another copy of the app plays it
SLOT_TAKEN = N_(
    "This game is open in another copy of Tabletop Trio: play it there, or close that copy first."
)


class Navigation:
    """Mixed into `App`: every change of scene goes through one of these methods."""

    # provided by App
    manager: SceneManager
    options: Options
    settings: Settings
    rng: random.Random
    log_path: Path | str
    games_finished: int
    attract: bool
    store: SettingsStore
    kiosk: bool
    kiosk_control: KioskControl | None = None
    #: the phones of the table being set up or played (scenes.phones.host), or None
    phone_table: PhoneTableSlot | None = None
    finished_per_game: dict[str, int]
    _save_failed = False
    #: the locks of the games' slots this copy writes (scenes.storage.kept_games), by slot
    _held: dict[Path, FileLock]

    def notify(self, text: str) -> None:
        raise NotImplementedError

    @property
    def services(self) -> AppServices:
        """This app as its scenes see it: App, which mixes this class in, provides AppServices
        (scenes.app checks it)."""
        return cast("AppServices", self)

    # --- scene changes used by the scenes -------------------------------------------------------
    def _first_scene(self) -> None:

        control = self.kiosk_control
        if control is not None and control.needs_pin:  # the stand goes live once a PIN is set
            control.ask_first_pin(self._open_first_scene)
            return
        self._open_first_scene()

    def _open_first_scene(self) -> None:
        game = self.options.game
        if self.attract:
            self.start_attract(fade=False)
        elif game is None:
            self.manager.switch(self._menu_scene(), fade=False)
        elif self.options.seats and is_playable(game):
            self.start_game(self.quick_setup(game, self.options.seats), fade=False)
        else:
            self.open_setup(game, seats=self.options.seats, fade=False)
            if self.options.seats:
                words = _("{game} is coming soon: its board is not built yet.")
                self.notify(words.format(game=_(GAMES[game].title)))

    def go_menu(self, notice: str | None = None) -> None:
        self.manager.switch(self._menu_scene())
        if notice:
            self.notify(notice)

    def _menu_scene(self) -> Scene:
        """The menu; a kiosk's visitors get the stand's welcome (the games it offers)."""
        from scenes.screens.menu import MenuScene

        if self.kiosk:
            from scenes.kiosk.welcome import WelcomeScene

            return WelcomeScene(self.services, self._last_game())
        return MenuScene(self.services)

    def _last_game(self) -> str | None:
        """The game of the scene on top (a board, its results), if it has one."""
        setup = getattr(self.manager.current, "setup", None)
        return getattr(setup, "game", None)

    def open_setup(self, game: str, seats: Sequence[Seat] | None = None, fade: bool = True) -> None:
        from scenes.screens.setup import SetupScene

        self.manager.switch(SetupScene(self.services, game, seats=seats), fade=fade)

    def open_rules(self, game: str | None = None) -> None:
        from scenes.screens.rules import RulesScene

        self.manager.push(RulesScene(self.services, game), fade=True)

    def open_lesson(self, game: str) -> None:
        """Start `game`'s lesson over the scene on show (leaving it comes back there); a notice
        instead if the game has no lesson, or its lesson disagrees with the rules."""
        from scenes.boards.lessons.scene import LessonScene

        title = _(GAMES[game].title) if game in GAMES else game
        spec = BOARDS.get(game)
        if spec is None or spec.lesson is None:
            words = _("{title} has no lesson yet: How to play explains it.")
            self.notify(words.format(title=title))
            return
        try:
            scene = LessonScene(self.services, game)
        except Exception:  # a lesson the engine refuses (WrongLesson) or a broken board
            log.exception("the %s lesson could not start", game)
            self.notify(
                _("Sorry, the {title} lesson could not start. Details: {log}").format(
                    title=title, log=self.log_path
                )
            )
            return
        self.manager.push(scene, fade=True)

    def open_games_in_progress(self) -> None:
        from scenes.screens.games_in_progress import GamesInProgressScene

        self.manager.push(GamesInProgressScene(self.services), fade=True)

    def open_statistics(self) -> None:
        from scenes.screens.statistics import StatisticsScene

        self.manager.push(StatisticsScene(self.services), fade=True)

    def open_replays(self) -> None:
        from scenes.screens.replays import ReplaysScene

        self.manager.push(ReplaysScene(self.services), fade=True)

    def start_attract(self, fade: bool = True) -> None:
        """The attract loop: computers play the games in turn until someone touches the screen."""
        from scenes.kiosk.attract import AttractScene

        self.manager.switch(AttractScene(self.services), fade=fade)

    def note_game_started(self, game: str) -> None:
        if self.kiosk_control is not None:
            self.kiosk_control.figures.started(game)

    def phone_spec(self, game: str) -> PhoneSpec | None:
        """What the phones show of `game` (None: its board offers no hands on phones)."""
        spec = BOARDS.get(game)
        return None if spec is None else spec.phone_spec()

    def note_demo_finished(self, game: str) -> None:
        self.finished_per_game[game] = self.finished_per_game.get(game, 0) + 1
        if self.kiosk_control is not None:
            self.kiosk_control.figures.demo_finished(game)

    def open_settings(self, operator: bool = False) -> None:
        """The settings; in kiosk mode only from the operator screen (visitors cannot)."""
        from scenes.screens.settings import SettingsScene

        if self.kiosk and not operator:
            self.notify(_("Settings are locked at this stand: please ask the organisers."))
            return

        self.manager.push(SettingsScene(self.services), fade=True)

    def back(self) -> None:
        """Close the scene on top (rules, settings) and return to the one below."""
        if len(self.manager.stack) > 1:
            self.manager.pop(fade=True)
        else:
            self.go_menu()

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
    ) -> bool:
        """Switch to the board scene of `setup.game` (continuing from `start_state` after
        `moves` when given, its `phones` seats offered new codes, the coach's `hints` and its
        `undos` (moves taken back) marked,
        saved in `slot`: a kept game's; None, a new game's own); False, with a notice, if it
        cannot start."""
        try:
            board = board_scene_class(setup.game)
        except ValueError as error:
            self.notify(str(error))
            return False
        try:
            scene = board(
                self.services, setup, start_state=start_state, moves=moves, phones=phones,
                hints=hints, undos=undos,
            )  # fmt: skip
        except Exception:  # a broken board must not take the app down: stay where we are
            log.exception("the %s board scene could not start", setup.game)
            title = _(GAMES[setup.game].title)
            self.notify(
                _("Sorry, {game} could not start (details are in the log).").format(game=title)
            )
            return False
        if slot is not None:
            scene.keeper.slot = slot
        self.manager.switch(scene, fade=fade)
        self.note_game_started(setup.game)
        return True

    def continue_game(self, slot: Path | None = None) -> bool:
        """Start the unfinished game of `slot` (None: the newest) where it was left; False
        (with a notice) if there is none, or if another copy of the app plays it."""
        if slot is None:
            newest = self.kept_games()
            if not newest:
                return False
            slot = newest[0].slot
        if not self.store.in_memory and not self._hold(slot, say=True):
            return False
        saved, notice = continuing.load_unfinished(slot, self.store.folder)
        if notice:
            self.notify(notice)
        if saved is None:
            self._let_go(slot)
            return False
        setup, start_state, moves = saved_game.restore(saved)
        return self.start_game(
            setup,
            start_state=start_state,
            moves=moves,
            phones=saved.phones,
            slot=slot,
            hints=saved.hints,
            undos=saved.undos,
        )

    def kept_games(self) -> list[KeptGame]:
        """The unfinished games on disk whose boards this version has, newest first (each bad
        file set aside with a notice)."""
        found, notices = kept_games.kept_games(self.store.folder)
        for notice in notices:
            self.notify(notice)
        return [kept for kept in found if is_playable(kept.saved.game)]

    def delete_unfinished(self, slot: Path) -> bool:
        """Forget the unfinished game of `slot` for good (the player said so); False, with a
        notice, if another copy of the app plays it."""
        if not self._hold(slot, say=True):
            return False
        kept_games.remove_slot(self.store.folder, slot)
        self._let_go(slot)
        return True

    def _hold(self, slot: Path, say: bool = False) -> bool:
        """Whether this copy of the app may write `slot`: it holds the slot's lock (taken the
        first time, kept until the game ends or the app closes); `say`: tell the player when
        another copy has it."""
        if self.store.in_memory:
            return False
        lock = self._held.get(slot)
        if lock is None:
            lock = FileLock(slot / kept_games.SLOT_LOCK)
            if not lock.try_acquire():
                log.warning("the game in %s is played by another copy of the app", slot)
                if say:
                    self.notify(_(SLOT_TAKEN))
                return False
            self._held[slot] = lock
        return True

    def _let_go(self, slot: Path) -> None:
        lock = self._held.pop(slot, None)
        if lock is not None:
            lock.release()

    def release_slots(self) -> None:
        """Let go of every game this copy holds (the app closes)."""
        for slot in list(self._held):
            self._let_go(slot)

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
    ) -> Path | None:
        """Keep the game in progress in its `slot` (None: a new game, given a slot of its own,
        which is returned; boards call this after every move and when left), with the seats
        that played on `phones`; say once if it cannot be written, and stop trying (a read-only
        or full disk). The slot, or None if nothing was written."""
        if self._save_failed or self.store.in_memory:
            return None
        home = self.store.folder
        made = slot is None
        if slot is None:
            try:
                slot, lock = kept_games.new_slot(home)
            except OSError:
                log.exception("could not make a folder for the new game in %s", home)
                self._saving_failed()
                return None
            self._held[slot] = lock
        elif not self._hold(slot):
            return None  # (another copy took it: said when this copy tried to continue it)
        saved = saved_game.SavedGame.of(
            setup, start_state, moves, phones=phones, hints=hints, undos=undos
        )
        if not saved_game.save_unfinished(slot, saved, thumbnail):
            self._saving_failed()
            return None
        if made:
            self._keep_at_most(slot)
        return slot

    def _saving_failed(self) -> None:
        self._save_failed = True
        self.notify(
            _(
                "The game in progress cannot be saved (the disk is full or read-only): it "
                "will be lost if the app closes."
            )
        )

    def _keep_at_most(self, new: Path) -> None:
        """Beyond the most unfinished games kept, the oldest go to Replays, and the player is
        told."""
        moved = kept_games.move_oldest(self.store.folder, self._held, keep=new)
        for kept in moved:
            self._let_go(kept.slot)
        if moved:
            oldest = moved[-1].saved
            self.notify(
                ngettext(
                    "Up to {limit} unfinished games are kept: the oldest, {game}, was moved to "
                    "Replays.",
                    "Up to {limit} unfinished games are kept: the {count} oldest were moved to "
                    "Replays.",
                    len(moved),
                ).format(
                    limit=kept_games.MAX_KEPT, game=_(GAMES[oldest.game].title), count=len(moved)
                )
            )

    def clear_unfinished(self, slot: Path | None = None) -> None:
        """The game in progress in `slot` has ended: nothing to continue."""
        if slot is not None and self._hold(slot):
            kept_games.remove_slot(self.store.folder, slot)
            self._let_go(slot)

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
    ) -> Path | None:
        """The game just ended: keep its replay and then (if `clear`) forget its unfinished
        game in `slot`, in one step; count it in the players' record (`helped`: a move was
        taken back or a hint used; a kiosk keeps no record). The replay's path, or None."""
        if self.store.in_memory:
            return None
        if not self.kiosk and final_state.result is not None:
            record.add_game(self.store.folder, setup, final_state.result, helped)
        saved = saved_game.SavedGame.of(setup, start_state, moves, hints=hints, undos=undos)
        clear = clear and slot is not None and self._hold(slot)
        replay = keep_finished(self.store.folder, saved, final_state, clear=clear, slot=slot)
        if clear and slot is not None:
            kept_games.remove_slot(self.store.folder, slot)
            self._let_go(slot)
        return replay

    def show_results(
        self,
        setup: GameSetup,
        final_state: GameState,
        start_state: GameState | None = None,
        moves: Sequence[object] = (),
        replay: Path | None = None,
    ) -> None:
        """Show the results of a finished game (called by board scenes; `replay`: where its
        replay was kept already)."""
        from scenes.screens.results import ResultsScene

        self.games_finished += 1
        self.finished_per_game[setup.game] = self.finished_per_game.get(setup.game, 0) + 1
        self.manager.switch(
            ResultsScene(self.services, setup, final_state, start_state, moves, replay)
        )
        if self.kiosk_control is not None:  # figures; a challenge won is celebrated over it
            self.kiosk_control.game_finished(setup, final_state)

    def handover(
        self,
        name: str | Called,
        colour: SeatColour,
        on_ready: Callable[[], object],
        on_escape: Callable[[], object] | None = None,
    ) -> None:
        """Push the privacy screen "Pass to <name>"; `on_ready()` runs when they click,
        `on_escape()` (if given) when they press Escape instead."""
        from scenes.screens.handover import HandoverScene

        self.manager.push(HandoverScene(self.services, name, colour, on_ready, on_escape))

    def quit(self) -> None:
        self.running = False

    # --- setups -----------------------------------------------------------------------------------
    def quick_setup(self, game: str, seats: Sequence[Seat | str]) -> GameSetup:
        """A setup from the command line: default names and colours, remembered options.
        `seats` may be written as the command line writes them (`human`, `ai:hard`)."""
        seated = tuple(seat if isinstance(seat, Seat) else Seat.parse(seat) for seat in seats)
        info = GAMES[game]
        remembered = self.settings.last_setup.get(game, {}).get("options", {})
        options = {o.key: bool(remembered.get(o.key, o.default)) for o in info.options}
        scheme = seat_colours(self.settings.colour_scheme)
        colours = seat_colours_for(game, scheme, len(seats))
        return GameSetup(game, seated, default_names(seated), colours, options, self.new_seed(), 0)

    def new_seed(self) -> int:
        return self.rng.randrange(2**31)
