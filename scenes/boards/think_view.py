"""The think view: while a computer player thinks, and a moment after, the three moves its search
weighs most, numbered on the board, with how often each won in its search ("wins 64% of its
tries"), for the people watching a kiosk or learning the game.

The candidates come from the thinking bot (`SearchBot.thoughts`: its own moves, computed from its
own view only). What the view shows of them is the board's to say, as anyone at the table may
see them: `think_words(move)` (a tile by its colour, a hand card as "a card") and
`think_spot(move)` (where on the board its number stands); a face the words name (a market
card) is recorded with `saw`, like every face a painter draws, so the faces check judges it on
every frame. A Beginner does not search: the view says so.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from scenes.kit import fonts
from scenes.kit.i18n import _, ngettext
from scenes.kit.palette import INK, MUTED, PAPER, WHITE
from scenes.kit.widgets import draw_panel

if TYPE_CHECKING:
    from game.ai.search import Thought

#: How long the candidates stay on screen after the move is played.
LINGER_SECONDS = 1.6
BADGE_RADIUS = 26
LINE = 44
#: How many candidates the view shows.
SHOWN = 3
#: Under this many tries, a candidate's share is told as a count.
FEW_TRIES = 20
#: The lines the view drew, newest last (a few minutes of frames), with the seat on show.
LINES_KEPT = 2_000


#: a candidate as the panel shows it: (words, where its number stands, share of tries won, tries)
Candidate = tuple[str, tuple[float, float] | None, float, int]


class ThinkView:
    """The think view of one board (see the module): on or off, and what it shows now."""

    def __init__(self, on: bool = False) -> None:
        self.on = on
        self.seat: int | None = None
        self.thoughts: tuple[Thought, ...] = ()
        self.searches = True  # False while the seat's bot does not search (Beginner)
        self.linger = 0.0
        self.moves = 0  # the moves played before the position the candidates belong to
        #: (seat on show, line) of every line drawn: the tests read what the view said
        self.said: deque[tuple[int | None, str]] = deque(maxlen=LINES_KEPT)

    def toggle(self) -> None:
        self.on = not self.on

    def update(self, dt: float, seat: int | None, bot: object, moves: int) -> None:
        """Follow the bot of `seat`, thinking now (None: no computer thinks) in the position
        after `moves` moves. Once it has moved, its candidates stay a moment, until another
        move is made (they belong to the position it weighed)."""
        if seat is not None and bot is not None:
            self.seat, self.moves = seat, moves
            self.searches = hasattr(bot, "thoughts")
            self.thoughts = tuple(getattr(bot, "thoughts", ()))
            self.linger = LINGER_SECONDS
        elif self.linger > 0:
            self.linger -= dt
            if self.linger <= 0 or moves > self.moves + 1:
                self.clear()

    def clear(self) -> None:
        self.seat, self.thoughts, self.linger = None, (), 0.0

    def forget(self, seat: int) -> None:
        """A person took `seat`: the candidates its computer weighed go at once (the panel would
        name the person as the one weighing them)."""
        if self.seat == seat:
            self.clear()

    @property
    def showing(self) -> bool:
        return self.on and self.seat is not None

    def candidates(self, board: Any) -> list[Candidate]:
        """The candidates as the table sees them, best first, at most SHOWN: (words, where its
        number stands, share of tries won, tries). Moves a watcher cannot tell apart (two
        hidden tiles of one colour on one square) are one candidate, their tries added up."""
        merged: dict[tuple[str, tuple[float, float] | None], list[float]] = {}
        for thought in self.thoughts:
            key = (board.think_words(thought.move), board.think_spot(thought.move))
            tries, won = merged.setdefault(key, [0.0, 0.0])
            merged[key] = [tries + thought.tries, won + thought.won * thought.tries]
        groups = list(merged.items())
        if len(groups) < len(self.thoughts):  # merged: rank again by the tries added up (a
            groups.sort(key=lambda group: -group[1][0])  # search with secrets proves nothing)
        return [
            (words, spot, won / tries if tries else 0.0, round(tries))
            for (words, spot), (tries, won) in groups[:SHOWN]
        ]

    def lines(self, shown: list[Candidate]) -> list[tuple[int | None, str]]:
        """The panel's lines: (the candidate's number or None, words). A share of a few tries
        is told as a count ("wins 4 of its 5 tries")."""
        if not self.searches:
            return [(None, _("Plays by eye: no search to show"))]
        if not shown:
            return [(None, _("Thinking…"))]
        out: list[tuple[int | None, str]] = []
        for rank, (words, _spot, won, tries) in enumerate(shown, 1):
            if tries == 1:
                text = (
                    _("{move}: won its only try") if won >= 0.5 else _("{move}: lost its only try")
                )
                out.append((rank, text.format(move=words)))
            elif tries < FEW_TRIES:
                text = ngettext(
                    "{move}: wins {won} of its {count} try",
                    "{move}: wins {won} of its {count} tries",
                    tries,
                )
                out.append((rank, text.format(move=words, won=round(won * tries), count=tries)))
            else:
                text = _("{move}: wins {share}% of its tries")
                out.append((rank, text.format(move=words, share=round(100 * won))))
        return out

    def draw(self, canvas: pygame.Surface, board: Any) -> None:
        if not self.showing:
            return
        seat = self.seat
        assert seat is not None
        rgb = board.setup.colours[seat][1]
        shown = self.candidates(board) if self.searches else []
        placed: dict[tuple[float, float], int] = {}  # a spot's badges so far (side by side)
        for number, (_words, spot, _won, _tries) in enumerate(shown, 1):
            if spot is not None:
                before = placed[spot] = placed.get(spot, -1) + 1
                _badge(canvas, (spot[0] - before * (2 * BADGE_RADIUS + 6), spot[1]), number, rgb)
        rect = board.think_area
        draw_panel(canvas, rect, PAPER, radius=20, shadow=8)
        title = _("{name} weighs").format(name=board.setup.called(seat))
        line = min(LINE, (rect.height - 24) // (SHOWN + 1))
        fonts.blit_text(
            canvas, title, fonts.TINY, INK, "topleft", (rect.left + 20, rect.top + 10), bold=True
        )
        y = rect.top + 10 + line
        for rank, text in self.lines(shown):
            self.said.append((board.on_show.viewer, text))
            x = rect.left + 20
            if rank is not None:
                _badge(canvas, (x + 16, y + line // 2 - 2), rank, rgb, radius=15)
                x += 44
            size = fonts.fit(text, fonts.TINY - 4, rect.right - 16 - x, smallest=20)
            colour = INK if rank is not None else MUTED
            fonts.blit_text(canvas, text, size, colour, "midleft", (x, y + line // 2 - 2))
            y += line


def _badge(
    canvas: pygame.Surface,
    centre: tuple[float, float],
    rank: int,
    rgb: tuple[int, int, int],
    radius: int = BADGE_RADIUS,
) -> None:
    """A numbered disc in the thinking seat's colour."""
    x, y = round(centre[0]), round(centre[1])
    pygame.draw.circle(canvas, INK, (x, y + 3), radius + 3)
    pygame.draw.circle(canvas, rgb, (x, y), radius)
    pygame.draw.circle(canvas, WHITE, (x, y), radius, 3)
    fonts.blit_text(canvas, str(rank), round(radius * 1.3), WHITE, "center", (x, y + 1), bold=True)
