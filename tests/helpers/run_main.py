"""`python main.py ARGS` in a subprocess, headless, on a given data folder (for the command-line
tests)."""

import os
import subprocess
import sys

from conftest import ROOT


def run_main(*args, home):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["TABLETOP_TRIO_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
