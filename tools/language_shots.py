"""Render the translated screens in one language, to look at them (docs/screenshots/ keeps a few
Japanese ones; --all writes every screen, for a look before a change is committed).

Usage: python tools/language_shots.py [LANG] [folder] [--full] [--all] [--large]
(default: ja, docs/screenshots). Writes menu-LANG, settings-LANG and handover-LANG at 1280x720
(with --full at 1920x1080); with --all also every how-to-play page (rules-GAME-N), each board a
few moves in with its move log open and a refusal said (board-GAME), each game's setup screen
(setup-GAME) and results (results-GAME), the review of a finished game (review-GAME), every step
of each lesson (lesson-GAME-N), the pause menu, the leave question, the phone codes, the replay
list and the replay viewer. With --large every text is drawn at the large text size (each name
then ends with -large).

`walk` visits the same screens for any other look (`tools/text_overlap.py` checks their text).
"""

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from game.core.engine import random_playout
from scenes.app import App, Options
from scenes.bench.lessons import play_lesson
from scenes.boards import BOARDS
from scenes.boards.dialogs import PauseScene
from scenes.boards.lessons.scene import LessonScene
from scenes.boards.making import board_scene_class
from scenes.kit.palette import seat_colours
from scenes.kit.seat_names import bot_name, called
from scenes.kit.seats import GameSetup, Seat
from scenes.phones.host import open_table
from scenes.phones.join_screen import JoinScene
from scenes.screens.games_in_progress import GamesInProgressScene
from scenes.screens.handover import HandoverScene
from scenes.screens.menu import MenuScene
from scenes.screens.replay_viewer import ReplayScene
from scenes.screens.replays import ReplaysScene
from scenes.screens.review import ReviewScene
from scenes.screens.rules import RulesScene
from scenes.screens.settings import SettingsScene
from scenes.storage.finished import keep_finished
from scenes.storage.kept_games import new_slot
from scenes.storage.saved_game import SavedGame, save_unfinished
from scenes.storage.settings import SettingsStore

#: names as players in each language might type them
NAMES = {"ja": ("ハナ", "ケン", "ユイ")}


def settle(app: App, limit: int = 400) -> None:
    app.run(frames=2, fixed_dt=1 / 60)
    for _step in range(limit):
        if not app.manager.busy and not getattr(app.manager.current, "animating", False):
            break
        app.run(frames=1, fixed_dt=1 / 60)


def show(app: App, scene) -> None:
    app.manager.switch(scene, fade=False)
    settle(app)


def unfinished(names: tuple[str, ...]) -> SavedGame:
    """A Whose Foods game of three a few moves in."""
    colours = tuple(seat_colours("standard")[: len(names)])
    seats = (Seat(), Seat.computer("hard"), Seat())
    setup = GameSetup("whose-foods", seats, names, colours, {"memory_mode": True}, 5, 0)
    state = setup.new_state()
    start = state.clone()
    moves = ["LD b2", "SF b2", "LC c3", "SD a1"]
    for move in moves:
        state.play(move)
    return SavedGame.of(setup, start, moves)


def against_the_computer(names: tuple[str, ...]) -> SavedGame:
    """A Consequence game of a person against the computer at Beginner, three moves in."""
    colours = tuple(seat_colours("standard")[:2])
    seats = (Seat(), Seat.computer("beginner"))
    setup = GameSetup("consequence", seats, (names[0], bot_name(1)), colours, {}, 5, 0)
    state = setup.new_state()
    start = state.clone()
    rng = random.Random(3)
    moves = []
    for _step in range(3):
        move = rng.choice(state.legal_moves())
        state.play(move)
        moves.append(str(move))
    return SavedGame.of(setup, start, moves, saved_at=time.time() - 26 * 3600)


def table_of(game: str, names: tuple[str, ...]) -> GameSetup:
    """People only (nothing moves on its own while a shot is taken)."""
    colours = tuple(seat_colours("standard")[: len(names)])
    options = {"whose-foods": {"memory_mode": True}, "consequence": {"memory_aid": True}}
    seats = tuple(Seat() for _name in names)
    return GameSetup(game, seats, names, colours, options.get(game, {}), 5, 0)


def played_board(app: App, game: str, names: tuple[str, ...], moves: int, seed: int):
    """A board of `game` after `moves` moves picked at random (as clicks would play them)."""
    rng = random.Random(seed)
    setup = table_of(game, names[: 2 if game == "consequence" else len(names)])
    board = board_scene_class(game)(app, setup)
    show(app, board)
    for _step in range(moves):
        if board.state.is_over:
            break
        board.play(rng.choice(board.state.legal_moves()))
        settle(app, limit=2000)
        past_handover(app)
    return board


def past_handover(app: App) -> None:
    """At a hand-over screen, the next person is ready."""
    for _wait in range(120):
        if app.manager.current.name == "handover":
            app.manager.current.ready()
            settle(app, limit=2000)
        app.run(frames=1, fixed_dt=1 / 60)


def refuse_something(board) -> None:
    """Make the board say why a move is refused (the engine's reason, in the board's words)."""
    state = board.state
    from game.core.engine import IllegalMove, InvalidNotation

    view = state.view(state.current_player)
    for text in ("LD a1", "LD d4", "place bM a1", "move a1 b1", "land W2a 0 0", "land B3a 9 9"):
        try:
            view.parse(text)
        except IllegalMove as refusal:
            if not isinstance(refusal, InvalidNotation):
                board.status.refuse(board.explain(refusal.args[0], text))
                return


def shoot_all(app: App, names: tuple[str, ...], save, home: Path) -> None:
    """Every screen the i18n sweep covers, in the language shown."""
    for game in BOARDS:
        for index in range(len(RulesScene(app, game).pages)):
            rules = RulesScene(app, game)
            rules.page = index
            show(app, rules)  # (a rules page is drawn after input only: a new scene each)
            save(f"rules-{game}-{index + 1}")
    for game in BOARDS:
        app.open_setup(game)
        settle(app)
        save(f"setup-{game}")
        finished = table_of(game, names[: 2 if game == "consequence" else len(names)])
        state = finished.new_state()
        start = state.clone()
        played = random_playout(state, random.Random(4))
        app.show_results(finished, state, start, played)
        settle(app, limit=2000)
        save(f"results-{game}")
    kept = None
    for game, moves in (("whose-foods", 7), ("consequence", 9), ("blanc-noir", 6)):
        board = played_board(app, game, names, moves, seed=5)
        board.chrome.log.open = True
        past_handover(app)
        refuse_something(board)
        app.run(frames=3, fixed_dt=1 / 60)  # (a refusal fades: no settling)
        save(f"board-{game}")
        if game == "consequence":
            app.manager.push(PauseScene(app, game, board.keeper.request_leave))
            settle(app)
            save("pause")
            app.manager.pop()
            board.keeper.request_leave()
            settle(app)
            save("leave")
            app.manager.pop()
            table = open_table(app, game, board)
            if not isinstance(table, str):
                rows = [(r, names[r], seat_colours("standard")[r]) for r in range(2)]
                app.manager.push(JoinScene(app, table, rows))
                settle(app)
                save("phone-codes")
                app.manager.pop()
                table.close()
        if game == "whose-foods":
            kept = board
    if kept is not None:
        state = kept.state
        while not state.is_over:
            move = state.legal_moves()[0]
            kept.record.moves.append(str(move))
            state.play(move)
        saved = SavedGame.of(kept.setup, kept.start_state, kept.record.moves)
        keep_finished(home, saved, state, clear=False)
    show(app, ReplaysScene(app))
    save("replays")
    entries = app.manager.current.entries
    if entries:
        from scenes.storage.replays import load_replay

        saved, _notice = load_replay(entries[0].path)
        if saved is not None:
            show(app, ReplayScene(app, saved))
            app.run(frames=90, fixed_dt=1 / 30)
            save("replay-viewer")


#: seconds between the frames drawn while a review is judged: the coach's thread has the
#: CPU in between (a frame every 1/60 s took half of it), and those frames are not looked at
JUDGING_LOOK = 0.05


def reviews(app: App, save) -> None:
    """The review of a finished game of each board, saved as review-GAME."""
    for game in BOARDS:
        setup = table_of(game, ("Ada", "Ben"))
        start = setup.new_state()
        moves = [str(move) for move in random_playout(start.clone(), random.Random(4))]
        review = ReviewScene(app, setup, start, moves, on_close=lambda: None)
        show(app, review)
        judged_by = time.monotonic() + 300  # (the coach judges on a thread, in real time)
        while review.judging and time.monotonic() < judged_by:
            app.run(frames=1, fixed_dt=1 / 60)
            time.sleep(JUDGING_LOOK)
        settle(app)
        save(f"review-{game}")
        review.exit()


def lessons(app: App, save) -> None:
    """Every step of each lesson (its goal, then its callout once done) and its last screen,
    saved as lesson-GAME-N[-done] and lesson-GAME-end."""
    seen: set[tuple[str, int, bool]] = set()

    def look(lesson: LessonScene) -> None:
        moment = (lesson.game, lesson.index, lesson.step_done)
        if moment not in seen:
            seen.add(moment)
            save(f"lesson-{lesson.game}-{lesson.index + 1}{'-done' if lesson.step_done else ''}")

    for game in BOARDS:
        lesson = LessonScene(app, game)
        show(app, lesson)
        play_lesson(app, lesson, on_click=look)
        settle(app)
        save(f"lesson-{game}-end")


def home_for(home: Path, language: str, text_size: str, names: tuple[str, ...]) -> SettingsStore:
    """The settings of a new user folder `home` in `language` at `text_size`, with two games in
    progress."""
    store = SettingsStore(home)
    settings = store.load()
    settings.language, settings.text_size = language, text_size
    store.save(settings)
    save_unfinished(home, unfinished(names), None)
    slot, lock = new_slot(home)  # a second game in progress, in a slot of its own
    save_unfinished(slot, against_the_computer(names), None)
    lock.release()
    return store


def walk(
    app: App, names: tuple[str, ...], home: Path, save, every: bool = True, steps: bool = True
) -> None:
    """Show each screen in turn and call `save(name)` once it is drawn on `app.canvas`: the
    menu, the games in progress, the settings, a hand-over, and with `every` all the others
    (with `steps`, each lesson's steps too)."""
    show(app, MenuScene(app))
    save("menu")
    show(app, GamesInProgressScene(app))
    save("games-in-progress")
    show(app, SettingsScene(app))
    save("settings")
    player = called(names[0], 0)  # as a board hands it over: a typed name, honoured
    show(app, HandoverScene(app, player, seat_colours("standard")[0], lambda: None))
    save("handover")
    if every:
        shoot_all(app, names, save, home)
        reviews(app, save)
        if steps:
            lessons(app, save)


def shoot(
    language: str,
    folder: Path,
    full: bool = False,
    every: bool = False,
    text_size: str = "normal",
) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    names = NAMES.get(language, ("Ada", "Clover", "Ben"))
    suffix = "" if text_size == "normal" else f"-{text_size}"
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_TRIO_HOME"] = home
        app = App(Options(seed=2, speed=1.0), home_for(Path(home), language, text_size, names))

        def save(name: str) -> None:
            path = folder / f"{name}-{language}{suffix}.png"
            image = app.canvas if full else pygame.transform.smoothscale(app.canvas, (1280, 720))
            pygame.image.save(image, str(path))
            written.append(path)

        try:
            walk(app, names, Path(home), save, every)
        finally:
            app.close()
    return written


if __name__ == "__main__":
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    language = args[0] if args else "ja"
    target = Path(args[1]) if len(args) > 1 else ROOT / "docs" / "screenshots"
    size = "large" if "--large" in sys.argv else "normal"
    for path in shoot(language, target, "--full" in sys.argv, "--all" in sys.argv, size):
        print(path)
