"""The ladder on the results of a game against the computer, for the first remembered person at
it: the row of the five level faces (those beaten without help ticked, the level to try next
ringed) and the sentence of `scenes.screens.ladder` (where they stand, the level to try and why),
or, after a win with help, that it is not counted on the ladder. Read from the record once the
game is counted, and said in the language shown whenever it is drawn. It stands in the chart's
title line, right of the title, or on a line of its own under it where it does not hold there."""

from __future__ import annotations

import pygame

from scenes.kit import fonts, i18n
from scenes.kit.i18n import _
from scenes.kit.seat_names import Called
from scenes.kit.seats import GameSetup
from scenes.screens.ladder import climb_words, draw_ladder_row, faces_width
from scenes.storage.record import PEOPLE, Entry, Record, opponent_of, recorded_seats

#: the faces' size in the chart's title line
FACE = 48
#: the sizes the sentence may take right of the chart's title, with how many lines each
BESIDE_SIZES: tuple[tuple[int, int], ...] = ((fonts.TINY, 1), (fonts.TINY - 4, 2))
#: and on a line of its own under the title, where it does not hold beside it
LINE_SIZES = ((fonts.TINY, 1), (fonts.TINY - 4, 1), (fonts.TINY - 8, 1))
#: what the row's own line adds to the chart's title
LINE_HEIGHT = 58
#: the least room the sentence takes beside the title
LEAST_ROOM = 300


class ResultsLadder:
    """The ladder of `name` at `game` on the results (`entry`: their record there, this game
    counted: its newest result)."""

    def __init__(self, name: Called, entry: Entry, game: str) -> None:
        self.name = name
        self.entry = entry
        self.game = game
        #: where it stood beside the title, as last worked out: (language's generation, chart,
        #: title's end) -> place (the chart's rows ask every frame while the bars grow)
        self._placed: tuple[tuple[int, tuple[int, int, int, int], int], pygame.Rect | None]
        self._placed = ((-1, (0, 0, 0, 0), 0), None)

    @classmethod
    def of(cls, record: Record, setup: GameSetup) -> ResultsLadder | None:
        """The ladder of the first remembered person at `setup`'s game; None for a game of
        people only, or without a remembered person (or with no result of theirs counted)."""
        seats = recorded_seats(setup)
        if not seats or opponent_of(setup) == PEOPLE:
            return None
        entry = record.entry(setup.names[seats[0]], setup.game)
        return cls(setup.called(seats[0]), entry, setup.game) if entry.last else None

    @property
    def helped_win(self) -> bool:
        """This game was a win with help: it does not count on the ladder."""
        this_game = self.entry.last[-1]
        return this_game["outcome"] == "won" and bool(this_game["helped"])

    @property
    def words(self) -> str:
        """The sentence, in the language shown."""
        if self.helped_win:
            return _(
                "{name} won with help (a hint or a move taken back): a win with help is not "
                "counted on the ladder."
            ).format(name=self.name)
        return climb_words(self.name, self.entry, self.game)

    def beside(self, chart: pygame.Rect, title_right: int) -> pygame.Rect | None:
        """Where the row stands right of the chart's title (which ends at `title_right`), if its
        sentence holds there in one line or two of the sizes allowed; None: it takes a line of
        its own under the title."""
        key = (i18n.generation(), (chart.x, chart.y, chart.w, chart.h), title_right)
        if key != self._placed[0]:
            left = title_right + 40
            room = chart.right - 40 - left - faces_width(FACE)
            words = self.words
            fits = room >= LEAST_ROOM and any(
                len(fonts.wrap(words, size, room, bold=True)) <= most for size, most in BESIDE_SIZES
            )
            place = pygame.Rect(left, chart.top + 6, chart.right - 40 - left, 62)
            self._placed = (key, place if fits else None)
        return self._placed[1]

    def extra_height(self, chart: pygame.Rect, title_right: int) -> int:
        """What the row adds to the chart's title line (its own line under it, or nothing)."""
        return 0 if self.beside(chart, title_right) is not None else LINE_HEIGHT

    def draw(self, layer: pygame.Surface, chart: pygame.Rect, title_right: int) -> None:
        """The faces and the sentence, right of the chart's title or under it."""
        place = self.beside(chart, title_right)
        sizes = BESIDE_SIZES
        if place is None:
            place = pygame.Rect(chart.left + 40, chart.top + 62, chart.width - 80, LINE_HEIGHT)
            sizes = LINE_SIZES
        draw_ladder_row(layer, place, self.entry, self.name, self.game, self.words, FACE, sizes)
