"""A player for the kill-in-a-write test: `python tests/helpers/kill_in_write.py record|save` runs
the real app headless on $TABLETOP_TRIO_HOME, continues the newest unfinished game and kills
itself with SIGKILL halfway through writing a file, its temporary file half written:
- record: the person plays the move that ends the game with their win; the players' record
  is being written (the first thing written after a game's last move);
- save: the person plays a move that does not end the game; the game's save is being written.
It says `KILLING <file>` on stdout just before; the test then looks at what is left."""

import json
import os
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from scenes.app import App, Options  # noqa: E402
from scenes.storage import atomic  # noqa: E402
from scenes.storage.record import FILE as RECORD_FILE  # noqa: E402
from scenes.storage.saved_game import SAVE_FILE  # noqa: E402
from scenes.storage.settings import SettingsStore  # noqa: E402

FRAME = 1 / 60


def die_halfway_through(name: str) -> None:
    """From now on, writing the file `name` writes half of it, then the process is killed."""
    dump = atomic._dump

    def dying(tmp: str, data: object) -> None:
        written = Path(tmp).name
        if written == name or written.startswith(name + "."):  # (or its temporary file)
            text = json.dumps(data)
            with open(tmp, "w", encoding="utf-8") as out:
                out.write(text[: len(text) // 2])
                out.flush()
                os.fsync(out.fileno())
            print("KILLING", name, flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
        dump(tmp, data)

    atomic._dump = dying


def main(which: str) -> None:
    app = App(Options(seed=3, speed=10.0, uncapped=True), SettingsStore())
    assert app.continue_game(), "no game to continue"
    for _ in range(600):  # (the board opens, the person is to move)
        app.run(frames=1, fixed_dt=FRAME)
        board = app.manager.stack[0]
        if board.name == "board" and board.human_to_move and not app.manager.busy:
            break
    else:
        raise SystemExit("the person was never to move")
    state = board.state
    seat = state.current_player

    def ends(move: object) -> tuple[bool, bool]:
        """(the move ends the game, the person wins it)."""
        after = state.clone()
        after.play(move)
        return after.is_over, after.is_over and after.result.winners == (seat,)

    moves = state.legal_moves()
    if which == "record":
        move = next(move for move in moves if ends(move) == (True, True))
        die_halfway_through(RECORD_FILE)
    else:
        move = next(move for move in moves if ends(move) == (False, False))
        die_halfway_through(SAVE_FILE)
    board.play(move)
    for _ in range(600):
        app.run(frames=1, fixed_dt=FRAME)
    raise SystemExit("the file was never written")


if __name__ == "__main__":
    main(sys.argv[1])
