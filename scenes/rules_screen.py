"""The rules scene: an illustrated how-to-play for each game, a few pages each.

The text follows the rules files (shared/rules/*.md) and each page names the rule ids it covers.
The diagrams are drawn with the same kit art as the boards (pieces, tiles, cards, land), placed
in small grids, not screenshots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.boards import GAMES
from scenes.kit import fonts
from scenes.kit.palette import ACCENT, ACCENT_DARK, BAD, GOOD, INK, MUTED, PAPER, TABLE, WHITE
from scenes.kit.widgets import Button, Choice, draw_panel, lighter, picture
from scenes.manager import Scene

PANEL = pygame.Rect(70, 270, 1780, 640)
TEXT_WIDTH = 860
DIAGRAM = pygame.Rect(PANEL.left + 990, PANEL.top + 40, 740, 520)

Diagram = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class Page:
    """One page of a game's how-to-play."""

    title: str
    text: str
    rules: str  # the rule ids the page covers, as shown on it
    diagram: Diagram


# --- drawing helpers for diagrams ------------------------------------------------------------
def _grid(
    surface: pygame.Surface,
    area: pygame.Rect,
    cols: int = 4,
    rows: int = 4,
    names: bool = True,
    colour: tuple[int, int, int] = TABLE,
) -> Callable[[str], pygame.Rect]:
    """Draw a board of cols x rows squares centred in `area`; returns square name -> its rect."""
    margin = 44 if names else 0
    cell = min((area.width - margin) // cols, (area.height - margin) // rows)
    board = pygame.Rect(0, 0, cell * cols, cell * rows)
    board.center = (area.centerx + margin // 2, area.centery - margin // 2)
    pygame.draw.rect(surface, lighter(colour, 0.35), board.inflate(16, 16), border_radius=14)
    pygame.draw.rect(surface, INK, board.inflate(16, 16), 4, border_radius=14)
    for c in range(cols):
        for r in range(rows):
            square = pygame.Rect(board.left + c * cell, board.bottom - (r + 1) * cell, cell, cell)
            shade = lighter(colour, 0.55 if (c + r) % 2 else 0.45)
            pygame.draw.rect(surface, shade, square.inflate(-4, -4), border_radius=8)
    if names:
        for c in range(cols):
            fonts.blit_text(
                surface,
                "abcd"[c],
                fonts.TINY,
                MUTED,
                "midtop",
                (board.left + c * cell + cell // 2, board.bottom + 12),
                bold=True,
            )
        for r in range(rows):
            fonts.blit_text(
                surface,
                str(r + 1),
                fonts.TINY,
                MUTED,
                "midright",
                (board.left - 14, board.bottom - r * cell - cell // 2),
                bold=True,
            )

    def square(name: str) -> pygame.Rect:
        c, r = "abcd".index(name[0]), int(name[1]) - 1
        return pygame.Rect(board.left + c * cell, board.bottom - (r + 1) * cell, cell, cell)

    return square


_PIECE_ART = {"D": "piece_dog", "C": "piece_cat", "F": "piece_can"}


def _piece(surface: pygame.Surface, code: str, cell: pygame.Rect) -> None:
    """A Whose Foods piece (`LD`, `SC`, ...) or a stack (`LF/SD`) in a square."""
    for part in code.split("/"):
        side = round(cell.width * (0.86 if part[0] == "L" else 0.56))
        image = picture(_PIECE_ART[part[1]], (side, side))
        surface.blit(image, image.get_rect(center=cell.center))


def _ring(surface: pygame.Surface, cell: pygame.Rect, colour: tuple[int, int, int]) -> None:
    pygame.draw.rect(surface, colour, cell.inflate(-2, -2), 7, border_radius=14)


def _arrow(
    surface: pygame.Surface,
    start: tuple[int, int],
    end: tuple[int, int],
    colour: tuple[int, int, int] = ACCENT,
) -> None:
    """A thick arrow with an outlined head."""
    vector = pygame.Vector2(end) - pygame.Vector2(start)
    if vector.length() == 0:
        return
    direction = vector.normalize()
    side = pygame.Vector2(-direction.y, direction.x)
    tip = pygame.Vector2(end)
    base = tip - direction * 34
    pygame.draw.line(surface, INK, start, base, 16)
    pygame.draw.line(surface, colour, start, base, 9)
    head = [tip, base + side * 22, base - side * 22]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.polygon(surface, INK, head, 4)


def _tile(surface: pygame.Surface, code: str, cell: pygame.Rect, scale: float = 0.86) -> None:
    """A Consequence tile: `b` / `r` face down, or `bM`, `rS`, `bD` ... face up."""
    side = round(cell.width * scale)
    back = picture("tile_blue" if code[0] == "b" else "tile_red", (side, side))
    surface.blit(back, back.get_rect(center=cell.center))
    if len(code) > 1:
        symbol = {"M": "symbol_moon", "S": "symbol_sun", "D": "symbol_dot"}[code[1]]
        image = picture(symbol, (round(side * 0.62), round(side * 0.62)))
        surface.blit(image, image.get_rect(center=cell.center))


def _board(area: pygame.Rect) -> pygame.Rect:
    """The part of a diagram's area left for a board, above the notes strip."""
    return pygame.Rect(area.left, area.top + 12, area.width, area.height - 100)


def _notes(
    surface: pygame.Surface, area: pygame.Rect, lines: tuple[tuple[str, tuple[int, int, int]], ...]
) -> None:
    """One or two lines of explanation in the strip under a diagram's board."""
    y = area.bottom - 12 - 36 * len(lines)
    for words, colour in lines:
        fonts.blit_text(
            surface, words, fonts.SMALL - 4, colour, "midtop", (area.centerx, y), bold=True
        )
        y += 36


def _caption(
    surface: pygame.Surface, words: str, at: tuple[int, int], colour: tuple[int, int, int] = INK
) -> None:
    fonts.blit_text(surface, words, fonts.TINY, colour, "midtop", at, bold=True)


def _land(
    surface: pygame.Surface,
    area: pygame.Rect,
    squares: dict[tuple[int, int], str],
    hunter: tuple[int, int] | None,
    cell: int = 130,
) -> dict[tuple[int, int], pygame.Rect]:
    """En blanc et noir land: (x, y) -> "W" / "B" top card colours; the hunter on one square."""
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    width = (max(xs) - min(xs) + 1) * cell
    height = (max(ys) - min(ys) + 1) * cell
    left = area.centerx - width // 2
    top = area.centery - height // 2
    rects = {}
    for (x, y), colour in squares.items():
        rect = pygame.Rect(left + (x - min(xs)) * cell, top + (max(ys) - y) * cell, cell, cell)
        rects[(x, y)] = rect
        image = picture("land_white" if colour == "W" else "land_black", (cell - 6, cell - 6))
        surface.blit(image, rect.inflate(-6, -6))
        pygame.draw.rect(surface, INK, rect.inflate(-4, -4), 3, border_radius=6)
    if hunter is not None:
        image = picture("hunter", (round(cell * 0.7), round(cell * 0.7)))
        surface.blit(image, image.get_rect(center=rects[hunter].center))
    return rects


def _card(
    surface: pygame.Surface,
    card: str,
    pattern: str,
    at: tuple[int, int],
    size: tuple[int, int] = (150, 210),
    bear: bool = False,
) -> pygame.Rect:
    """A face-up card: colour W/B + value, and its 2x2 pattern (`XY/X.`: X own, Y other)."""
    rect = pygame.Rect((0, 0), size)
    rect.center = at
    white = card[0] == "W"
    surface.blit(picture("card_white" if white else "card_black", size), rect)
    own, other = ((245, 245, 240), (40, 40, 46)) if white else ((40, 40, 46), (245, 245, 240))
    ink = INK if white else PAPER
    fonts.blit_text(
        surface, card[1:], fonts.BODY, ink, "topleft", (rect.left + 16, rect.top + 10), bold=True
    )
    if bear:
        icon = picture("bear_white" if white else "bear_black", (48, 48))
        surface.blit(icon, (rect.right - 62, rect.top + 10))
    cell = size[0] // 3
    window = pygame.Rect(0, 0, cell * 2, cell * 2)
    window.center = (rect.centerx, rect.centery + 24)
    pygame.draw.rect(surface, MUTED, window, 2)
    for row, line in enumerate(pattern.split("/")):
        for col, mark in enumerate(line):
            if mark == ".":
                continue
            centre = (window.left + col * cell + cell // 2, window.top + row * cell + cell // 2)
            pygame.draw.circle(surface, own if mark == "X" else other, centre, cell // 2 - 6)
            pygame.draw.circle(surface, ACCENT, centre, cell // 2 - 6, 3)
    return rect


# --- Whose Foods ------------------------------------------------------------------------------
def _wf_pieces(surface: pygame.Surface, area: pygame.Rect) -> None:
    square = _grid(surface, area.inflate(-60, -160), 3, 2, names=False)
    for code, name in zip(
        ("LD", "LC", "LF", "SD", "SC", "SF"), ("a2", "b2", "c2", "a1", "b1", "c1")
    ):
        _piece(surface, code, square(name))
    _caption(surface, "large: 3 dogs, 3 cats, 6 cans", (area.centerx, square("b2").top - 44))
    _caption(surface, "small: 3 dogs, 3 cats, 6 cans", (area.centerx, square("b1").bottom + 14))


def _wf_turn(surface: pygame.Surface, area: pygame.Rect) -> None:
    square = _grid(surface, _board(area))
    for code, name in (("LF/SD", "b2"), ("LC/SD", "c3"), ("SC", "a4"), ("LD", "d1"), ("SF", "d3")):
        _piece(surface, code, square(name))
    _ring(surface, square("b2"), GOOD)
    _ring(surface, square("d3"), BAD)
    _notes(
        surface,
        area,
        (("b2: a small dog on a large can", GOOD), ("d3: nothing goes on a small piece", BAD)),
    )


def _wf_effects(surface: pygame.Surface, area: pygame.Rect) -> None:
    square = _grid(surface, _board(area))
    for code, name in (
        ("LC", "a1"),
        ("SC", "b1"),
        ("LC", "c1"),
        ("LD", "a3"),
        ("LF", "b3"),
        ("SD", "c3"),
        ("SF", "d4"),
    ):
        _piece(surface, code, square(name))
    for name in ("a1", "b1", "c1"):
        _ring(surface, square(name), GOOD)
    _ring(surface, square("b3"), ACCENT)
    _notes(
        surface,
        area,
        (
            ("row 1: a trio of cats, all three captured", GOOD),
            ("row 3: a sandwich, the can is captured", ACCENT_DARK),
        ),
    )


def _wf_danger(surface: pygame.Surface, area: pygame.Rect) -> None:
    square = _grid(surface, _board(area))
    for code, name in (("LF", "a1"), ("LF", "b2"), ("SF", "c3"), ("SC", "b1"), ("LD", "d2")):
        _piece(surface, code, square(name))
    pygame.draw.line(surface, BAD, square("a1").center, square("c3").center, 8)
    for name in ("a1", "b2", "c3"):
        _ring(surface, square(name), BAD)
    _notes(surface, area, (("three cans in a line:", BAD), ("the player who made it loses", BAD)))


def _wf_points(surface: pygame.Surface, area: pygame.Rect) -> None:
    rows = (
        ("piece_dog", "captured dog or cat", "+1", GOOD),
        ("piece_can", "captured can", "+2", GOOD),
        ("piece_can", "can left in your hand", "−5", BAD),
    )
    y = area.top + 60
    for art, words, points, colour in rows:
        surface.blit(picture(art, (120, 120)), (area.left + 40, y))
        fonts.blit_text(surface, words, fonts.SMALL, INK, "midleft", (area.left + 190, y + 60))
        fonts.blit_text(
            surface, points, fonts.HEADING, colour, "midright", (area.right - 30, y + 62), bold=True
        )
        y += 160


# --- Consequence ------------------------------------------------------------------------------
def _cq_tiles(surface: pygame.Surface, area: pygame.Rect) -> None:
    cell = 96
    for row, (colour, codes, owner) in enumerate(
        (("b", "MMMSDDD", "Moon: blue tiles"), ("r", "SSSMDDD", "Sun: red tiles"))
    ):
        y = area.top + 70 + row * 230
        _caption(surface, owner, (area.centerx, y - 50))
        left = area.centerx - cell * 7 // 2
        for i, symbol in enumerate(codes):
            _tile(surface, colour + symbol, pygame.Rect(left + i * cell, y, cell, cell), 0.92)
    y = area.top + 440
    _caption(surface, "on the grid, face down:", (area.centerx - 130, y + 30))
    _tile(surface, "b", pygame.Rect(area.centerx + 60, y, cell, cell))
    _tile(surface, "r", pygame.Rect(area.centerx + 170, y, cell, cell))


def _cq_turn(surface: pygame.Surface, area: pygame.Rect) -> None:
    square = _grid(surface, _board(area))
    for code, name in (("b", "a1"), ("r", "b2"), ("b", "c2"), ("r", "d4"), ("b", "a3")):
        _tile(surface, code, square(name))
    _arrow(surface, square("b2").center, square("c3").center)
    _notes(
        surface,
        area,
        (("move: any tile, one square,", INK), ("to an empty neighbour (diagonals too)", INK)),
    )


def _cq_push(surface: pygame.Surface, area: pygame.Rect) -> None:
    square = _grid(surface, _board(area).move(-60, 0).inflate(-120, 0))
    _tile(surface, "b", square("a1"))
    _ring(surface, square("a1"), GOOD)
    for name in ("b1", "c1", "d1"):
        _tile(surface, "r" if name != "c1" else "b", square(name))
    off = square("d1").move(square("d1").width + 40, 0)
    _tile(surface, "r", off, 0.7)
    _arrow(
        surface,
        (square("a1").centerx, square("a1").top - 30),
        (square("d1").centerx, square("d1").top - 30),
    )
    _arrow(surface, square("d1").center, off.center, BAD)
    _notes(
        surface,
        area,
        (
            ("push E from a1: the line moves on,", INK),
            ("the last tile goes to the opponent's hand", BAD),
        ),
    )


def _cq_pairs(surface: pygame.Surface, area: pygame.Rect) -> None:
    square = _grid(surface, _board(area))
    for code, name in (
        ("bM", "a1"),
        ("rM", "b2"),
        ("bM", "a2"),
        ("rS", "c3"),
        ("bD", "d1"),
        ("rD", "c1"),
    ):
        _tile(surface, code, square(name))
    for a, b in (("a1", "b2"), ("a1", "a2"), ("a2", "b2")):
        pygame.draw.line(surface, GOOD, square(a).center, square(b).center, 8)
    for name in ("a1", "a2", "b2"):
        _ring(surface, square(name), GOOD)
    _notes(
        surface, area, (("moons on a1, a2, b2: three pairs,", GOOD), ("3 points for Moon", GOOD))
    )


# --- En blanc et noir ---------------------------------------------------------------------------
def _bn_setup(surface: pygame.Surface, area: pygame.Rect) -> None:
    top = pygame.Rect(area.left, area.top + 36, area.width, 230)
    land = pygame.Rect(top.left, top.top, top.width // 2, top.height)
    _caption(surface, "the land", (land.centerx, area.top + 4))
    _land(surface, land, {(0, 0): "W", (1, 1): "W", (1, 0): "B", (0, 1): "B"}, None, cell=110)
    hunter = picture("hunter", (96, 96))
    surface.blit(hunter, hunter.get_rect(center=(land.right + 10, land.centery)))
    _caption(surface, "hunter", (land.right + 10, land.centery + 52))
    deck = pygame.Rect(area.centerx + 90, top.top, area.width // 2 - 90, top.height)
    _caption(surface, "the deck", (deck.centerx, area.top + 4))
    for i in range(4):
        back = picture("card_back_black" if i % 2 else "card_back_white", (130, 182))
        surface.blit(back, back.get_rect(center=(deck.centerx - 12 + i * 8, deck.centery - i * 6)))
    for i, (code, pattern) in enumerate((("W3", "XX/X."), ("B2", "YX/X."), ("W5", "XX/XX"))):
        _card(
            surface,
            code,
            pattern,
            (area.centerx + (i - 1) * 170, area.bottom - 128),
            (120, 168),
            bear=i == 2,
        )
    _caption(surface, "the market", (area.centerx, area.bottom - 38))


def _bn_turn(surface: pygame.Surface, area: pygame.Rect) -> None:
    squares = {(0, 0): "W", (1, 1): "W", (1, 0): "B", (0, 1): "B", (2, 0): "B"}
    rects = _land(surface, area.inflate(0, -60), squares, (2, 0))
    _ring(surface, rects[(2, 0)], GOOD)
    _caption(surface, "A: expand the land; the hunter follows", (area.centerx, area.top))
    _caption(surface, "B: score a card   C: draw from the market", (area.centerx, area.bottom - 40))


def _bn_pattern(surface: pygame.Surface, area: pygame.Rect) -> None:
    _card(surface, "W4", "XX/XY", (area.left + 120, area.centery), bear=False)
    squares = {
        (0, 0): "W",
        (1, 0): "B",
        (0, 1): "B",
        (1, 1): "W",
        (2, 1): "W",
        (2, 0): "W",
        (3, 0): "B",
    }
    land = pygame.Rect(area.left + 240, area.top, area.width - 240, area.height)
    rects = _land(surface, land, squares, (3, 0), cell=120)
    fit = rects[(1, 1)].union(rects[(2, 0)])
    pygame.draw.rect(surface, GOOD, fit.inflate(10, 10), 8, border_radius=12)
    _caption(surface, "turned, it fits here", (fit.centerx, fit.bottom + 16), GOOD)
    _caption(surface, "(not on the hunter's square)", (fit.centerx, fit.bottom + 50), MUTED)


def _bn_scoring(surface: pygame.Surface, area: pygame.Rect) -> None:
    rows = (
        ("bear_white", "white bear, white land leads", "+2", GOOD),
        ("bear_black", "black bear, white land leads", "−2", BAD),
        ("card_back_black", "each card left in hand", "−value", BAD),
        ("overlay_mark", "an overlay left in hand", "−5", BAD),
    )
    y = area.top + 20
    for art, words, points, colour in rows:
        surface.blit(picture(art, (100, 100)), (area.left + 30, y))
        fonts.blit_text(surface, words, fonts.SMALL, INK, "midleft", (area.left + 160, y + 50))
        fonts.blit_text(
            surface, points, fonts.LARGE, colour, "midright", (area.right - 20, y + 52), bold=True
        )
        y += 128


PAGES: dict[str, tuple[Page, ...]] = {
    "whose-foods": (
        Page(
            "The pieces and the goal",
            "Dogs, cats and cans share a 4x4 board. Each size, large and small, has 3 dogs, 3 "
            "cats and 6 cans. Dogs and cats are shared: anyone may place them. The cans are "
            "dealt out as each player's own hand. Everything is open: hands and supply are in "
            "plain view.\nWin by having captured exactly three cans at the end of your turn.",
            "WF-1 to WF-6, WF-22",
            _wf_pieces,
        ),
        Page(
            "Your turn: place one piece",
            "Place exactly one piece: a dog or cat from the supply, or a can from your hand. "
            "Passing is not allowed.\nA piece goes on an empty square, or a small piece goes on "
            "top of a large piece that has nothing on it. Only the top piece of a square counts. "
            "In memory mode the covered piece is hidden: remember it!",
            "WF-7, WF-8, WF-9, WF-10",
            _wf_turn,
        ),
        Page(
            "Trios and sandwiches",
            "Three visible pieces in a line make a trio when they are all dogs or all cats, or "
            "all the same size (but not three cans). The three pieces are captured.\nTwo dogs "
            "or two cats with one or two cans between them make a sandwich: the cans are "
            "captured, the animals stay. An effect counts only if it includes a fresh piece: "
            "the one just placed, or one uncovered this turn.",
            "WF-11 to WF-15, WF-18, WF-20",
            _wf_effects,
        ),
        Page(
            "Chains, and how to lose",
            "After each capture the board is checked again, so one placement can set off a "
            "chain. If several effects appear at once, you choose which one to take first.\n"
            "Three visible cans in a line that include a fresh piece make you lose at once. "
            "So does overeating: four or more captured cans at the end of your turn.",
            "WF-16, WF-17, WF-19, WF-21, WF-23",
            _wf_danger,
        ),
        Page(
            "The end and the points",
            "When all 12 dogs and cats have been placed, the game ends after that turn. Then "
            "count: each captured dog or cat 1 point, each captured can 2, and each can still "
            "in your hand costs 5. Highest score wins.\nWith 3 or 4 players a loser is "
            "disqualified instead and play goes on; the last player left wins.",
            "WF-24, WF-25, WF-26",
            _wf_points,
        ),
    ),
    "consequence": (
        Page(
            "Moon and Sun",
            "Two players: Moon plays the blue tiles, Sun the red. Blue holds 3 moons, 1 sun "
            "and 3 dots; red holds 3 suns, 1 moon and 3 dots. Your tiles are your hidden hand."
            "\nOn the grid every tile lies face down: all see its colour, nobody sees its "
            "symbol, and nobody may look.",
            "CQ-1 to CQ-5",
            _cq_tiles,
        ),
        Page(
            "Your turn: place, move or push",
            "Moon opens by placing a tile. Then, starting with Sun, do one of:\n"
            "– Place a tile from your hand on an empty square.\n"
            "– Move any tile one square, diagonals too, to an empty square.\n"
            "– Place and push (next page).\nAny tile may be used, whatever its colour, but you "
            "may not move the tile your opponent just moved.",
            "CQ-6, CQ-7, CQ-8, CQ-11",
            _cq_turn,
        ),
        Page(
            "Place and push",
            "Put a tile on an empty square next to a line of at least two tiles, and push "
            "along the line: every tile moves one square and the new tile follows.\nIf the "
            "last tile leaves the grid, your opponent takes it into their hand and sees it; "
            "you do not. You may not push off the tile your opponent just placed.",
            "CQ-9, CQ-10, CQ-12",
            _cq_push,
        ),
        Page(
            "The end and the pairs",
            "When a player's hand is empty after their own action, the other places the tiles "
            "they still hold. Then every tile is turned up: Moon scores 1 per pair of "
            "neighbouring moons, Sun 1 per pair of suns, diagonals included.\nOn equal scores, "
            "four of your symbol in a line wins. A game lasts at most 60 turns.",
            "CQ-14, CQ-15, CQ-16, CQ-19",
            _cq_pairs,
        ),
    ),
    "blanc-noir": (
        Page(
            "Cards, land and market",
            "36 cards: 18 with a white back and 18 with a black back, worth 2 to 5, and 4 "
            "overlays of each colour with no value. One card of each value and colour shows a "
            "bear.\nEach player gets 3 secret cards. Two white and two black cards form a "
            "checkerboard: the land. Three cards lie face up: the market.",
            "BN-1 to BN-8",
            _bn_setup,
        ),
        Page(
            "Your turn: two actions",
            "Do two actions, in any order; the same one twice is fine.\n"
            "A. Expand: lay a card from your hand face down next to the land. The hunter moves "
            "onto it. Overlays may also go on top of any land card.\n"
            "B. Score a card whose pattern fits the land.\n"
            "C. Draw a card from the market (at most 5 in hand).",
            "BN-10 to BN-15",
            _bn_turn,
        ),
        Page(
            "Patterns",
            "A card shows up to four icons in the corners of a 2x2 window: its own colour, the "
            "other colour, or nothing.\nIt fits if it can be laid on the land, turned any of "
            "four ways, so that every icon sits on a square of that colour, and none on the "
            "hunter's square. The land is never used up.",
            "BN-3, BN-4, BN-13",
            _bn_pattern,
        ),
        Page(
            "The end and the bears",
            "When the last card has been drawn, the game ends with that turn. Add the values of "
            "the cards you scored and subtract the cards still in your hand (an overlay costs "
            "5).\nBear bonus: if one colour holds more land squares, each scored bear of that "
            "colour gives +2 and each bear of the other colour -2.",
            "BN-17 to BN-20",
            _bn_scoring,
        ),
    ),
}


class RulesScene(Scene):
    """How to play: game tabs, pages with text and a diagram, the rule ids on each page."""

    name = "rules"

    def __init__(self, app: Any, game: str | None = None):
        self.app = app
        self.games = list(GAMES)
        self.game = game if game in GAMES else self.games[0]
        self.page = 0
        self.back_button = Button(
            (40, 34, 250, 100), "Back", app.back, icon="icon_back", style="secondary"
        )
        self.tabs = Choice(
            (360, 150, 1200, 100),
            [GAMES[g].title for g in self.games],
            self.games.index(self.game),
            self._choose_game,
            size=fonts.BODY,
        )
        self.prev_button = Button(
            (PANEL.left, 940, 340, 110), "‹ Previous", self.previous_page, style="secondary"
        )
        self.next_button = Button((PANEL.right - 340, 940, 340, 110), "Next ›", self.next_page)
        self._pages: dict[tuple[str, int], pygame.Surface] = {}
        self._background: pygame.Surface | None = None

    @property
    def pages(self) -> tuple[Page, ...]:
        return PAGES[self.game]

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {
            "Back": self.back_button.rect,
            "Previous": self.prev_button.rect,
            "Next": self.next_button.rect,
        }
        rects.update(
            {title: button.rect for title, button in zip(self.tabs.options, self.tabs.buttons)}
        )
        return rects

    def _choose_game(self, index: int) -> None:
        self.game = self.games[index]
        self.page = 0

    def next_page(self) -> None:
        self.page = min(self.page + 1, len(self.pages) - 1)

    def previous_page(self) -> None:
        self.page = max(self.page - 1, 0)

    @property
    def animating(self) -> bool:
        """Nothing moves on its own: drawn after input only."""
        return False

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.back()
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self.next_page()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.previous_page()
                return True
        used = False
        for widget in (self.back_button, self.tabs, self.prev_button, self.next_button):
            used = widget.handle(event) or used
        return used

    def update(self, dt: float) -> None:
        self.tabs.index = self.games.index(self.game)
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(self.pages) - 1

    def render_page(self, game: str, index: int) -> pygame.Surface:
        """One page drawn on a panel-sized surface (cached by the scene)."""
        page = PAGES[game][index]
        surface = pygame.Surface(PANEL.size, pygame.SRCALPHA)
        local = PANEL.move(-PANEL.left, -PANEL.top)
        draw_panel(surface, local.inflate(0, -12).move(0, -6), shadow=0)
        fonts.blit_text(surface, page.title, fonts.LARGE, INK, "topleft", (50, 40), bold=True)
        fonts.blit_paragraph(
            surface,
            page.text,
            fonts.SMALL,
            INK,
            pygame.Rect(50, 130, TEXT_WIDTH, 420),
            line_gap=1.2,
        )
        pygame.draw.line(
            surface,
            lighter(MUTED, 0.4),
            (50, local.bottom - 78),
            (local.right - 50, local.bottom - 78),
            2,
        )
        fonts.blit_text(
            surface,
            f"Rules {page.rules}",
            fonts.TINY,
            MUTED,
            "topleft",
            (50, local.bottom - 62),
            bold=True,
        )
        fonts.blit_text(
            surface,
            f"Page {index + 1} of {len(PAGES[game])}",
            fonts.TINY,
            MUTED,
            "topright",
            (local.right - 50, local.bottom - 62),
            bold=True,
        )
        diagram = DIAGRAM.move(-PANEL.left, -PANEL.top)
        pygame.draw.rect(surface, WHITE, diagram.inflate(20, 20), border_radius=24)
        pygame.draw.rect(surface, lighter(MUTED, 0.3), diagram.inflate(20, 20), 3, border_radius=24)
        page.diagram(surface, diagram)
        return surface

    def draw(self, canvas: pygame.Surface) -> None:
        if self._background is None:  # caches: the backdrop and each page once drawn
            self._background = pygame.Surface((1920, 1080))
            self._background.blit(picture("background", (1920, 1080)), (0, 0))
            icon = picture("icon_rules", (90, 90))
            title = fonts.text("How to play", fonts.HEADING, INK, True)
            left = 960 - (90 + 24 + title.get_width()) // 2
            self._background.blit(icon, (left, 32))
            self._background.blit(title, title.get_rect(midleft=(left + 114, 78)))
        canvas.blit(self._background, (0, 0))
        key = (self.game, self.page)
        if key not in self._pages:
            self._pages[key] = self.render_page(*key)
        canvas.blit(self._pages[key], PANEL)
        for widget in (self.back_button, self.tabs, self.prev_button, self.next_button):
            widget.draw(canvas)
        dots = len(self.pages)
        for i in range(dots):
            centre = (960 - (dots - 1) * 22 + i * 44, 995)
            pygame.draw.circle(canvas, ACCENT if i == self.page else PAPER, centre, 13)
            pygame.draw.circle(canvas, INK, centre, 13, 3)
