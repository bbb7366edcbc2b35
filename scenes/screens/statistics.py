"""Statistics (from the menu): a remembered player's record, per game: the ladder of the five
computer levels (the ones beaten without help in colour, with how often), a table of games
played, won, drawn and lost against each level and against people (with the games that had help,
and their wins, which the ladder leaves out), the longest winning streak without help, and the
last ten results as a row drawn oldest to newest (scenes/storage/record.py)."""

from __future__ import annotations

from functools import partial

import pygame

from game import GAMES
from game.ai import levels
from game.ai.levels import LEVELS
from scenes.kit import fonts
from scenes.kit.i18n import L_, _, ngettext
from scenes.kit.palette import BAD, GOOD, INK, MUTED, PAPER
from scenes.kit.pictures import picture
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.screens.ladder import draw_faces
from scenes.services import AppServices
from scenes.storage.record import OPPONENTS, PEOPLE, Entry, Record, load_record

#: the players offered at once (the most recently seen)
PLAYERS_SHOWN = 5
PANEL_TOP, PANEL_HEIGHT = 300, 620
PANEL_WIDTH, PANEL_GAP = 540, 30
FACE = 72
OUTCOME_COLOURS = {"won": GOOD, "drawn": MUTED, "lost": BAD}
#: the table's rows and the notes under it, and how tight they may get for a long table
ROW_STEP, NOTE_STEP = 40, 34
ROW_LEAST, NOTE_LEAST = 30, 26
#: under the last results' chart: the words on the dot of a game with help
LEGEND = 30
#: the room the last results keep under the table: heading, the least chart, the dot's words
LAST_ROOM = 36 + 40 + LEGEND + 12


def opponent_title(opponent: str) -> str:
    return _("People") if opponent == PEOPLE else _(levels.level(opponent).title)


def table_notes(entry: Entry, met: list[str]) -> list[str]:
    """What the table says under its rows: the longest streak of wins without help, the games
    with help, and their wins, which the table counts and the ladder does not."""
    notes = []
    if entry.best_streak:
        notes.append(
            _("Longest winning streak without help: {count}").format(count=entry.best_streak)
        )
    helped = sum(entry.counts(opponent)["helped"] for opponent in met)
    if helped:
        notes.append(
            ngettext(
                "{count} game with help (a hint or a move taken back)",
                "{count} games with help (a hint or a move taken back)",
                helped,
            ).format(count=helped)
        )
    helped_wins = sum(entry.helped_wins(opponent) for opponent in met)
    if helped_wins:
        notes.append(
            ngettext(
                "{count} win with help, not counted on the ladder",
                "{count} wins with help, not counted on the ladder",
                helped_wins,
            ).format(count=helped_wins)
        )
    return notes


def table_steps(rows: int, notes: int, room: int) -> tuple[int, int]:
    """(a row's height, a note's) of the table: as roomy as `rows` rows and `notes` notes fit
    in `room` pixels, no tighter than `ROW_LEAST` and `NOTE_LEAST`."""
    row_step, note_step = ROW_STEP, NOTE_STEP
    while rows * row_step + notes * note_step > room and (
        row_step > ROW_LEAST or note_step > NOTE_LEAST
    ):
        row_step, note_step = max(ROW_LEAST, row_step - 1), max(NOTE_LEAST, note_step - 1)
    return row_step, note_step


def beaten(entry: Entry) -> list[int]:
    """How often each level (Beginner first) was beaten without help."""
    return [entry.unaided_wins(level) for level in LEVELS]


class StatisticsScene(Scene):
    """One player's record at each game; the player tabs switch; Back returns to the menu."""

    name = "statistics"
    spoken_title = L_("Statistics")

    def __init__(self, app: AppServices):
        self.app = app
        record, notice = load_record(app.store.folder)
        if notice:
            app.notify(notice)
        self.record: Record = record
        #: the players, the most recently seen first
        self.players = sorted(record.players, key=lambda name: -record.seen.get(name, 0.0))
        self.players = self.players[:PLAYERS_SHOWN]
        self.player = self.players[0] if self.players else None
        self.back_button = Button((120, 950, 300, 100), L_("Back"), app.back, icon="icon_back")
        self.tabs: list[Button] = []
        for index, name in enumerate(self.players):
            rect = (120 + index * 340, 170, 320, 100)
            tab = Button(rect, name, partial(self.choose, name), style="secondary")
            tab.selected = name == self.player
            self.tabs.append(tab)

    @property
    def buttons(self) -> list[Button]:
        return [self.back_button, *self.tabs]

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {"Back": self.back_button.rect}
        rects.update(
            {f"player {name}": tab.rect for name, tab in zip(self.players, self.tabs, strict=True)}
        )
        return rects

    def choose(self, name: str) -> None:
        self.player = name
        for tab, player in zip(self.tabs, self.players, strict=True):
            tab.selected = player == name

    def entry(self, game: str) -> Entry:
        return self.record.entry(self.player or "", game)

    def handle(self, event: pygame.event.Event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back()
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(picture("background", (1920, 1080)), (0, 0))
        fonts.blit_text(canvas, _("Statistics"), fonts.TITLE, INK, "midtop", (960, 20), bold=True)
        if self.player is None:
            words = _("No record yet: type your name at setup, and every game you finish counts.")
            fonts.blit_text(canvas, words, fonts.BODY, MUTED, "center", (960, 560))
        else:
            left = 960 - (len(GAMES) * PANEL_WIDTH + (len(GAMES) - 1) * PANEL_GAP) // 2
            for index, game in enumerate(GAMES):
                rect = pygame.Rect(
                    left + index * (PANEL_WIDTH + PANEL_GAP), PANEL_TOP, PANEL_WIDTH, PANEL_HEIGHT
                )
                self._draw_game(canvas, rect, game, self.entry(game))
        for button in self.buttons:
            button.draw(canvas)

    def _draw_game(
        self, canvas: pygame.Surface, rect: pygame.Rect, game: str, entry: Entry
    ) -> None:
        draw_panel(canvas, rect, PAPER, radius=24, shadow=10)
        title, size = fit_line(_(GAMES[game].title), fonts.BODY, rect.width - 40, bold=True)
        fonts.blit_text(canvas, title, size, INK, "midtop", (rect.centerx, rect.top + 14), True)
        y = self._draw_ladder(canvas, rect, rect.top + 80, entry)
        y = self._draw_table(canvas, rect, y + 10, entry)
        self._draw_last(canvas, rect, y + 12, entry)

    def _draw_ladder(
        self, canvas: pygame.Surface, rect: pygame.Rect, top: int, entry: Entry
    ) -> int:
        """The five level faces, those beaten without help marked, each with its count."""
        gap = 24
        left = rect.centerx - (len(LEVELS) * FACE + (len(LEVELS) - 1) * gap) // 2
        faces = draw_faces(canvas, left, top + FACE // 2, entry, FACE, gap)
        for face, level, wins in zip(faces, LEVELS, beaten(entry), strict=True):
            title = _(levels.level(level).title)
            label = (
                ngettext("{count} win", "{count} wins", wins).format(count=wins) if wins else title
            )
            words, size = fit_line(label, fonts.TINY - 8, FACE + gap - 4, bold=bool(wins))
            colour = INK if wins else MUTED
            at = (face.centerx, top + FACE + 4)
            fonts.blit_text(canvas, words, size, colour, "midtop", at, bold=bool(wins))
        return top + FACE + 36

    def _draw_table(self, canvas: pygame.Surface, rect: pygame.Rect, top: int, entry: Entry) -> int:
        """Played, won, drawn and lost against each opponent met; the games with help and their
        wins, which the ladder above leaves out; the longest streak of wins without help."""
        columns = [_("Played"), _("Won"), _("Drawn"), _("Lost")]
        first, width = rect.left + 24, (rect.width - 24 - 190) // len(columns)
        for index, heading in enumerate(columns):
            at = (first + 190 + index * width + width // 2, top)
            words, size = fit_line(heading, fonts.TINY - 8, width - 4, bold=True)
            fonts.blit_text(canvas, words, size, MUTED, "midtop", at, bold=True)
        y = top + 34
        met = [opponent for opponent in OPPONENTS if entry.counts(opponent)["played"]]
        if not met:
            words = _("Not played yet")
            fonts.blit_text(canvas, words, fonts.TINY, MUTED, "midtop", (rect.centerx, y + 6))
            y += 46
        notes = table_notes(entry, met)
        room = rect.bottom - LAST_ROOM - (y + 6)  # (the last results keep theirs)
        row_step, note_step = table_steps(len(met), len(notes), room)
        for opponent in met:
            tally = entry.counts(opponent)
            name, size = fit_line(opponent_title(opponent), fonts.TINY - 4, 184)
            fonts.blit_text(canvas, name, size, INK, "topleft", (first, y))
            for index, key in enumerate(("played", "won", "drawn", "lost")):
                at = (first + 190 + index * width + width // 2, y)
                fonts.blit_text(canvas, str(tally[key]), fonts.TINY - 4, INK, "midtop", at)
            y += row_step
        y += 6
        for line in notes:
            words, size = fit_line(line, fonts.TINY - 6, rect.width - 48)
            fonts.blit_text(canvas, words, size, MUTED, "topleft", (first, y))
            y += note_step
        return y

    def _draw_last(self, canvas: pygame.Surface, rect: pygame.Rect, top: int, entry: Entry) -> None:
        """The last results, oldest to newest: won high and green, drawn in the middle, lost low
        and red (a dot marks a game with help, said in words under the chart)."""
        if not entry.last:
            return
        heading = ngettext("The last game", "The last {count} games", len(entry.last)).format(
            count=len(entry.last)
        )
        fonts.blit_text(canvas, heading, fonts.TINY - 6, MUTED, "topleft", (rect.left + 24, top))
        chart = pygame.Rect(rect.left + 24, top + 36, rect.width - 48, 90)
        chart.height = min(chart.height, rect.bottom - LEGEND - 12 - chart.top)
        pygame.draw.line(
            canvas, MUTED, (chart.left, chart.centery), (chart.right, chart.centery), 2
        )
        step = chart.width // 10
        for index, item in enumerate(entry.last):
            outcome = item["outcome"]
            height = {"won": chart.height // 2, "drawn": 8, "lost": chart.height // 2}[outcome]
            bar = pygame.Rect(chart.left + index * step + 6, 0, step - 12, height)
            if outcome == "won":
                bar.bottom = chart.centery
            elif outcome == "lost":
                bar.top = chart.centery
            else:
                bar.centery = chart.centery
            pygame.draw.rect(canvas, OUTCOME_COLOURS[outcome], bar, border_radius=6)
            pygame.draw.rect(canvas, INK, bar, 2, border_radius=6)
            if item["helped"]:
                pygame.draw.circle(canvas, INK, (bar.centerx, chart.top + 6), 5)
        if any(item["helped"] for item in entry.last):  # what the dot means, in words
            at = (chart.left + 6, chart.bottom + 20)
            pygame.draw.circle(canvas, INK, at, 5)
            words, size = fit_line(_("a game with help"), fonts.TINY - 8, chart.width - 24)
            fonts.blit_text(canvas, words, size, MUTED, "midleft", (at[0] + 14, at[1]))
