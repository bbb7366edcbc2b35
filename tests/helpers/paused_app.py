"""`python tests/helpers/paused_app.py ARGS`: the app (`python main.py ARGS`) that, asked by
SIGUSR1, ends the frame it is in, draws that frame again whole on a Surface of its own (as it
was drawn before only changed parts were redrawn), saves it as a PNG at $PAUSED_CANVAS and stops
itself (SIGSTOP) until SIGCONT: the window then shows the frame, for a screenshot to compare.
"""

import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame

from scenes.app import App
from scenes.cli import run


class PausedApp(App):
    asked = False

    def frame(self, dt: float, elapsed: float | None = None) -> bool:
        drawn = super().frame(dt, elapsed)
        if PausedApp.asked:
            PausedApp.asked = False
            path = os.environ["PAUSED_CANVAS"]
            canvas, self.canvas = self.canvas, pygame.Surface(self.canvas.get_size())
            try:
                self._draw_all()
                pygame.image.save(self.canvas, path + ".part.png")
            finally:
                self.canvas = canvas
            os.replace(path + ".part.png", path)
            os.kill(os.getpid(), signal.SIGSTOP)
        return drawn


def _ask(*_: object) -> None:
    PausedApp.asked = True


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, _ask)
    sys.exit(run(sys.argv[1:], PausedApp))
