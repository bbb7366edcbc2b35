"""Tabletop Trio: start the app, or run a benchmark (`python main.py bench ...`)."""

from __future__ import annotations

import sys
from importlib import import_module

#: `python main.py bench NAME [args]` -> the module whose `main(args)` runs that benchmark.
BENCHMARKS = {
    "rules": "game.bench",
    "cards": "game.card_balance",
    "frames": "scenes.bench_frames",
}


def bench(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: python main.py bench {{{','.join(BENCHMARKS)}}} [args]", file=sys.stderr)
        return 2
    return import_module(BENCHMARKS[argv[0]]).main(argv[1:])


def main(argv: list[str]) -> int:
    if argv and argv[0] == "bench":
        return bench(argv[1:])
    import pygame  # the app shell (issue 5) replaces this placeholder window

    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    pygame.display.set_caption("Tabletop Trio")
    clock = pygame.time.Clock()
    running = True
    while running:
        for event in pygame.event.get():
            running = event.type != pygame.QUIT
        screen.fill((250, 240, 225))
        pygame.display.flip()
        clock.tick(60)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
