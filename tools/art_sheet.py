"""Render every art of scenes.kit.art at two sizes onto one contact sheet (docs/art-sheet.png).

Usage: python tools/art_sheet.py [output.png]
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from scenes.kit import art, palette

SMALL, LARGE = 60, 160
CELL_W, CELL_H = 400, 210
COLUMNS = 5
#: Art told apart by colour in the games, shown again in grey to check that shape tells them apart.
GREY_CHECK = (
    "piece_dog",
    "piece_cat",
    "piece_can",
    "piece_hidden",
    "tile_blue",
    "tile_red",
    "symbol_moon",
    "symbol_sun",
    "symbol_dot",
    "card_back_white",
    "card_back_black",
    "land_white",
    "land_black",
    "bear_white",
    "bear_black",
)
GREY_SIZE = 110


def draw_cell(sheet: pygame.Surface, font: pygame.font.Font, name: str, x: int, y: int) -> None:
    """One cell: the name, the art small and large, on a half-paper, half-table ground."""
    cell = pygame.Rect(x, y, CELL_W, CELL_H)
    pygame.draw.rect(sheet, palette.PAPER, cell)
    pygame.draw.rect(sheet, palette.TABLE, (x + CELL_W // 2, y, CELL_W // 2, CELL_H))
    pygame.draw.rect(sheet, palette.INK, cell, 1)
    sheet.blit(font.render(name, True, palette.INK, palette.PAPER), (x + 6, y + 4))
    ratio = art.aspect(name)
    small = art.image(name, (round(SMALL * ratio), SMALL))
    large_h = LARGE if ratio <= 1.3 else round(min(LARGE, (CELL_W - 110) / ratio))
    if name == "panel":
        large = art.image(name, (230, 120))
    else:
        large = art.image(name, (round(large_h * ratio), large_h))
    sheet.blit(small, (x + 10, y + 40))
    if name == "panel":
        sheet.blit(art.image(name, (60, 100)), (x + 10, y + 106))
    sheet.blit(large, large.get_rect(midright=(x + CELL_W - 10, y + CELL_H // 2 + 10)))


def draw_grey_band(sheet: pygame.Surface, font: pygame.font.Font, y: int) -> None:
    """The colour-paired art in greyscale, side by side, on the table colour."""
    band = pygame.Rect(0, y, sheet.get_width(), GREY_SIZE + 50)
    pygame.draw.rect(sheet, palette.TABLE, band)
    pygame.draw.rect(sheet, palette.INK, band, 1)
    caption = "greyscale check: every colour distinction is also made by shape or mark"
    sheet.blit(font.render(caption, True, palette.INK, palette.PAPER), (6, y + 4))
    step = sheet.get_width() // len(GREY_CHECK)
    for index, name in enumerate(GREY_CHECK):
        size = (round(GREY_SIZE * art.aspect(name)), GREY_SIZE)
        grey = pygame.transform.grayscale(art.image(name, size))
        sheet.blit(grey, grey.get_rect(midtop=(index * step + step // 2, y + 36)))


def main(out: Path) -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    font = pygame.font.Font(None, 24)
    rows = (len(art.NAMES) + COLUMNS - 1) // COLUMNS
    sheet = pygame.Surface((CELL_W * COLUMNS, CELL_H * rows + GREY_SIZE + 50))
    sheet.fill(palette.PAPER)
    for index, name in enumerate(art.NAMES):
        draw_cell(sheet, font, name, (index % COLUMNS) * CELL_W, (index // COLUMNS) * CELL_H)
    draw_grey_band(sheet, font, CELL_H * rows)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    print(f"wrote {out} ({sheet.get_width()}x{sheet.get_height()}, {len(art.NAMES)} arts)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "art-sheet.png")
