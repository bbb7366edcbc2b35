"""The results scene: the winner(s), why the game ended, each seat's points as a bar with its
breakdown, what the game tells of its end (its `Ending`: sentences explaining the count, and a
picture of the final board), and Rematch / Change seats / Menu / Save replay (kept unasked: then
a statement, "Replay kept", stands in its place) / Watch replay / Review (the coach's review
of the game, `scenes.screens.review`)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import GAMES
from game.ai import levels
from game.core.descriptor import EndReason
from game.core.protocols import GameState
from game.core.result import Result
from scenes.boards import BOARDS
from scenes.boards.spec import Ending
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.i18n import L_, N_, Watch, _, join_names
from scenes.kit.palette import ACCENT, BAD, GOOD, INK, MUTED, PAPER, RGB, WHITE
from scenes.kit.pictures import picture
from scenes.kit.points import part_words
from scenes.kit.refusal import RefusalNote
from scenes.kit.seats import GameSetup
from scenes.kit.speech import spoken
from scenes.kit.text_fit import fit_line
from scenes.kit.tween import Timeline, Tween, ease_out_cubic
from scenes.kit.widgets import Button, draw_mark, draw_panel
from scenes.manager import Scene
from scenes.screens.first_win import FirstWinScene
from scenes.screens.results_ladder import ResultsLadder
from scenes.screens.setup_memory import remember_setup
from scenes.services import AppServices
from scenes.storage.record import claim_first_wins, load_record
from scenes.storage.replays import keep_replay, replay_data
from scenes.storage.saved_game import SavedGame

if TYPE_CHECKING:
    from scenes.phones.board import PhoneTableSlot

log = logging.getLogger(__name__)

#: the chart when the points decided the game, and the smaller one below a reason banner
POINTS_CHART = pygame.Rect(120, 270, 1680, 600)
SIDE_CHART = pygame.Rect(260, 340, 1400, 530)
LEAD_BANNER = pygame.Rect(260, 196, 1400, 112)
#: where a game's picture of its final board stands; the chart moves right of it
PICTURE_AREA = pygame.Rect(60, 270, 600, 600)
NOTE_SIZE = fonts.TINY
NOTE_LINE = 40
NAME_WIDTH = 430
TOTAL_WIDTH = 170
BUTTON_TOP = 900
#: colours of the positive parts of a breakdown, in display order (negative parts are BAD)
PART_COLOURS = (ACCENT, (70, 128, 190), GOOD, (150, 96, 180))

#: the chart's title, when the points decided the game and when they did not (each game's end
#: reasons say which)
POINTS_TITLE = N_("Points")
NOT_COUNTED_TITLE = N_("Points (not counted: the game was decided before the count)")
#: where a kept replay is found: Replays on the menu; at a kiosk (no Replays) Watch replay here
_KEPT = N_("Replay kept: see Replays on the menu.")
_KEPT_AT_A_STAND = N_("Replay kept: touch Watch replay to see the game again.")
_ALREADY_KEPT = N_("This game's replay is already kept: see Replays on the menu.")
_ALREADY_KEPT_AT_A_STAND = N_("This game's replay is already kept: touch Watch replay to see it.")


def _played_on(table: PhoneTableSlot | None, setup: GameSetup) -> bool:
    """`table`'s phones played the game of `setup` and are still joined to it."""
    return (
        table is not None
        and not table.closed
        and table.board is not None
        and (table.board.setup is setup)
    )


def end_reason(setup: GameSetup, result: Result) -> EndReason | None:
    """Why the game ended, as its descriptor states it (None for a reason it does not know)."""
    return GAMES[setup.game].reason(result.reason)


def decided_by_points(setup: GameSetup, result: Result) -> bool:
    """True when the points decided the game; False after a win or loss of another kind."""
    reason = end_reason(setup, result)
    return reason is None or reason.decided_by_points


def lead_sentence(setup: GameSetup, result: Result) -> str:
    """The sentence saying why the game ended, with the players' names ({winner}, {loser})."""
    reason = end_reason(setup, result)
    if reason is None:
        return _("The game is over.")
    names = setup.called_names()
    winners = [str(names[s]) for s in result.winners]
    losers = [str(names[s]) for s in range(setup.players) if s not in result.winners]
    return _(reason.text).format(
        winner=join_names(winners) or _("Nobody"), loser=join_names(losers) or _("A player")
    )


def headline(setup: GameSetup, result: Result) -> str:
    """ "Ada wins!" ("You win!" for the reader), or who shares the win."""
    if len(result.winners) == 1:
        return str(setup.says(result.winners[0], N_("{name} wins!"), N_("You win!")))
    names = [str(setup.called(s)) for s in result.winners]
    if not names:
        return _("Nobody wins")
    return _("{names} share the win!").format(names=join_names(names))


class ResultsScene(Scene):
    """Shows how a finished game ended and offers what to do next.

    When the game was decided by points, the chart of points is the result. When it was won or
    lost otherwise (three cans, overeating, a losing pattern, disqualification), that reason
    leads in a banner and the points are shown smaller, titled as not counted."""

    name = "results"

    def __init__(
        self,
        app: AppServices,
        setup: GameSetup,
        final_state: GameState,
        start_state: GameState | None = None,
        moves: Sequence[object] = (),
        replay: Path | None = None,
    ):
        self.app = app
        self.setup = setup
        self.state = final_state
        self.start_state = start_state
        self.moves = [str(move) for move in moves]
        if final_state.result is None:
            raise ValueError("the results of a game that is not over")
        self.result = final_state.result
        self.breakdowns = [dict(final_state.breakdown(seat)) for seat in range(setup.players)]
        self.totals = [sum(parts.values()) for parts in self.breakdowns]
        self.labels = list(dict.fromkeys(label for parts in self.breakdowns for label in parts))
        #: the parts that only take points away (drawn red and hatched)
        self.penalties = frozenset(GAMES[setup.game].penalties)
        #: the sentence that says why the game ended, and whether the points decided it
        self.lead = lead_sentence(setup, self.result)
        self.spoken_title = lambda: spoken((headline(setup, self.result), self.lead))
        self.by_points = decided_by_points(setup, self.result)
        self.chart_title = POINTS_TITLE if self.by_points else NOT_COUNTED_TITLE
        #: what the game tells of its end: notes under the chart, a picture of its final board
        self.ending = self._ending()
        self.chart, self.notes_rect, self.picture_rect = self._layout()
        self.saved_to: Path | None = None
        #: the ladder (faces and sentence), for a remembered person who played the computer (a
        #: kiosk keeps no record)
        self.ladder_row: ResultsLadder | None = None
        #: the people whose first win without help against the level this was: celebrated
        #: once, over the results (marked in the record now, so never shown twice)
        self.first_wins: list[tuple[int, str]] = []
        if not getattr(app, "kiosk", False) and not app.store.in_memory:
            record, _notice = load_record(app.store.folder)  # (a damaged one: said at start)
            self.ladder_row = ResultsLadder.of(record, setup)
            self.first_wins = claim_first_wins(app.store.folder, setup)
        #: the phones the game was played with, still joined and showing its end: a rematch
        #: keeps them, leaving otherwise lets them go
        self.phones = app.phone_table if _played_on(app.phone_table, setup) else None
        if self.phones is not None:
            self.phones.owner = self
        #: what "Save replay" last said, and in which colour (shown under the buttons)
        self.save_notice: tuple[str, tuple[int, int, int]] | None = None
        specs = [
            (L_("Rematch"), "icon_replay", self.rematch, "primary"),
            (L_("Change seats"), "icon_human", self.change_seats, "secondary"),
            (L_("Menu"), "icon_back", self.app.go_menu, "secondary"),
            (L_("Save replay"), "icon_save", self.save_replay, "secondary"),
            (L_("Watch replay"), "icon_play", self.watch_replay, "secondary"),
            (L_("Review"), "icon_learn", self.open_review, "secondary"),
        ]
        width, gap = 292, 18
        left = 960 - (len(specs) * width + (len(specs) - 1) * gap) // 2
        self.buttons = [
            Button(
                (left + i * (width + gap), BUTTON_TOP, width, 110),
                label,
                action,
                icon=icon,
                style=style,
                size=fonts.BODY,
            )
            for i, (label, icon, action, style) in enumerate(specs)
        ]
        self.save_button = self.buttons[3]
        self.watch_button = self.buttons[4]
        #: the coach's review of the game (each person's own moves)
        self.review_button = self.buttons[5]
        #: the reason the last thing clicked was refused, shown beside it for a few seconds
        self.refusal = RefusalNote()
        no_record = _("This game kept no record of its moves: there is no replay.")
        for button in (self.save_button, self.watch_button, self.review_button):
            button.enabled = start_state is not None
            button.refusal = no_record
            button.on_refuse = partial(self._refused_beside, button)
        #: how far the bars have grown, 0..1 (animated when the scene opens)
        self.grow = 0.0
        self.timeline = Timeline(speed=getattr(app, "animation_speed", 1.0))
        if replay is not None:  # kept by the game's last move
            self._kept(replay)
        elif start_state is not None:  # every finished game is kept as a replay, unasked
            self.save_replay()
        self._static: pygame.Surface | None = None
        self._final: pygame.Surface | None = None
        self._words = Watch()

    @property
    def ladder(self) -> str | None:
        """The ladder's sentence, in the language shown (None: no ladder here)."""
        return None if self.ladder_row is None else self.ladder_row.words

    def _ending(self) -> Ending:
        spec = BOARDS.get(self.setup.game)
        if spec is None:
            return Ending()
        try:
            return spec.ending_of(self.app, self.setup, self.state)
        except Exception:  # the points are the results: an account of them is not worth a crash
            log.exception("the end of the game could not be told")
            return Ending()

    def _layout(self) -> tuple[pygame.Rect, pygame.Rect | None, pygame.Rect | None]:
        """(chart, notes, picture) rects: the picture at the left, the chart right of it, the
        notes under the chart."""
        chart = (POINTS_CHART if self.by_points else SIDE_CHART).copy()
        picture_rect = None
        if self.ending.picture is not None:
            width, height = self.ending.picture.get_size()
            scale = min(PICTURE_AREA.width / width, PICTURE_AREA.height / height)
            picture_rect = pygame.Rect(0, 0, round(width * scale), round(height * scale))
            picture_rect.midleft = (PICTURE_AREA.left, chart.centery)
            chart.width = chart.right - (picture_rect.right + 30)
            chart.left = picture_rect.right + 30
        notes_rect = None
        if self.ending.notes:
            lines = self.note_lines(chart.width - 60)
            height = 24 + NOTE_LINE * len(lines)
            chart.height -= height + 14
            notes_rect = pygame.Rect(chart.left, chart.bottom + 14, chart.width, height)
        return chart, notes_rect, picture_rect

    def note_lines(self, width: int) -> list[str]:
        """The ending's sentences wrapped to `width`."""
        return [line for note in self.ending.notes for line in fonts.wrap(note, NOTE_SIZE, width)]

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {button.key: button.rect for button in self.buttons}
        rects["Save replay"] = self.save_button.rect
        rects["Watch replay"] = self.watch_button.rect
        return rects

    # --- actions ----------------------------------------------------------------------------------
    def _refused_beside(self, button: Button, reason: str) -> None:
        self.refusal.show(reason, button.rect)

    def rematch(self) -> None:
        setup = self.setup.rematch(self.app.new_seed())
        if self.phones is not None:  # the same people on the same phones
            self.phones.expect(setup, self.phones.rows)
            self.phones = None  # (the new board takes them over)
        self.app.start_game(setup)

    def change_seats(self) -> None:
        """Open this game's setup with the seats, names, colours and options just played."""
        remember_setup(self.app, self.setup)
        self.app.open_setup(self.setup.game)

    def replay_data(self) -> dict[str, object]:
        """What "Save replay" writes: the game, its setup, the start state, the moves and how
        it ended (ValueError without a start state)."""
        if self.start_state is None:
            raise ValueError("a replay needs the game's start state")
        return replay_data(SavedGame.of(self.setup, self.start_state, self.moves), self.state)

    def save_replay(self) -> Path | None:
        """Keep the replay in the replays folder of the user data folder (done when the scene
        opens, unless the last move kept it; the button retries after a failure); returns
        where. The confirmation is shown on the button and under it, where it covers nothing."""
        if self.app.store.in_memory:  # said at start: nothing is written
            self.save_notice = (
                N_("Sorry, the replay could not be saved: nothing is saved here."),
                BAD,
            )
            return None
        try:
            path = keep_replay(self.app.store.folder, self.setup.game, self.replay_data())
        except (OSError, TypeError, ValueError):
            log.exception("could not save the replay")
            self.save_notice = (N_("Sorry, the replay could not be saved (see the log file)."), BAD)
            return None
        log.info("replay kept in %s", path)
        self._kept(path)
        return path

    def _kept(self, path: Path) -> None:
        self.saved_to = path
        self.save_notice = (_KEPT_AT_A_STAND if self.app.kiosk else _KEPT, INK)
        self.save_button.label = L_("Replay kept")
        self.save_button.enabled = False
        self.save_button.visible = False  # a statement stands in its place (see draw)

    def watch_replay(self) -> None:
        """Watch this game again in the replay viewer (Close comes back here)."""
        from scenes.screens.replay_viewer import ReplayScene

        if self.start_state is None:
            return  # (its button is greyed: the game kept no record)
        saved = SavedGame.of(self.setup, self.start_state, self.moves)
        self.app.manager.push(ReplayScene(self.app, saved), fade=True)

    def open_review(self) -> None:
        """The coach's review of this game (Close comes back here)."""
        from scenes.screens.replay_viewer import ReplayScene
        from scenes.screens.review import ReviewScene

        start = self.start_state
        if start is None:
            return  # (its button is greyed: the game kept no record)

        def watch(count: int) -> None:  # "Show the whole game": the replay viewer at that move
            replay = ReplayScene(self.app, SavedGame.of(self.setup, start, self.moves))
            replay.playing = False
            replay.jump(count)
            self.app.manager.push(replay, fade=True)

        review = ReviewScene(self.app, self.setup, start, self.moves, watch=watch)
        self.app.manager.push(review, fade=True)

    # --- the frame --------------------------------------------------------------------------------
    def enter(self) -> None:
        self.app.play_sound("win")
        self.timeline.add(Tween(self, 0.9, ease_out_cubic, delay=0.2, grow=1.0))
        if self.first_wins:
            names = [self.setup.called(seat) for seat, _level in self.first_wins]
            level = self.first_wins[0][1]  # (one level: the game's computer)
            self.app.manager.push(FirstWinScene(self.app, names, level, self.ladder))

    def exit(self) -> None:
        self.timeline = Timeline()
        if self.phones is not None:
            self.phones.close(_("The game is over."))
            self.phones = None

    @property
    def animating(self) -> bool:
        return not self.timeline.idle or self.refusal.active

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        self.refusal.update(dt)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.animating:
            self.timeline.skip()  # a click shows the final chart at once
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go_menu()  # back: the Menu button (the game is over and kept)
            return True
        used = False
        for button in self.buttons:
            used = button.handle(event) or used
        kept = self.save_button.rect
        if (
            self.replay_kept
            and event.type == pygame.MOUSEBUTTONDOWN
            and kept.collidepoint(event.pos)
        ):
            words = _ALREADY_KEPT_AT_A_STAND if self.app.kiosk else _ALREADY_KEPT
            self.refusal.show(_(words), kept)
            return True
        return used

    def bar_geometry(self) -> tuple[int, float]:
        """(x of the zero line, pixels per point) of the chart."""
        lows = [sum(v for v in parts.values() if v < 0) for parts in self.breakdowns]
        highs = [sum(v for v in parts.values() if v > 0) for parts in self.breakdowns]
        low, high = min(0, *lows), max(1, *highs)
        left = self.chart.left + NAME_WIDTH
        width = self.chart.width - NAME_WIDTH - TOTAL_WIDTH - 40
        scale = width / (high - low)
        return round(left - low * scale), scale

    def part_colour(self, label: str) -> tuple[int, int, int]:
        """The colour of one part of the breakdown (penalties red; negatives are also hatched)."""
        if label in self.penalties:
            return BAD
        others = [lb for lb in self.labels if lb not in self.penalties]
        return PART_COLOURS[others.index(label) % len(PART_COLOURS)]

    @property
    def lead_rect(self) -> pygame.Rect:
        """Where the sentence saying why the game ended is drawn."""
        return LEAD_BANNER if not self.by_points else pygame.Rect(110, 196, 1700, 64)

    @property
    def save_notice_rect(self) -> pygame.Rect:
        """Under the buttons, where the confirmation of "Save replay" covers nothing."""
        return pygame.Rect(60, BUTTON_TOP + 110 + 12, 1800, 1080 - BUTTON_TOP - 110 - 16)

    def _render_static(self) -> pygame.Surface:
        layer = new_layer((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        title = headline(self.setup, self.result)
        words, size = fit_line(title, fonts.TITLE, 1400, bold=True)
        face = fonts.text(words, size, INK, True)
        icon = picture("trophy", (150, 150))
        total = icon.get_width() + 30 + face.get_width()
        x = 960 - total // 2
        layer.blit(icon, (x, 28))
        shadow = fonts.text(words, size, PAPER, True)
        y = 103 - face.get_height() // 2
        layer.blit(shadow, (x + icon.get_width() + 34, y + 4))
        layer.blit(face, (x + icon.get_width() + 30, y))
        self._draw_lead(layer)
        self._draw_chart(layer)
        self._draw_ending(layer)
        return layer

    @property
    def replay_kept(self) -> bool:
        """The replay is kept: its button's place says so, as a statement, not a button."""
        return self.saved_to is not None

    def _draw_kept(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        """ "Replay kept" where the Save replay button stood: a tick and the words, no button."""
        said, size = fit_line(_("Replay kept"), fonts.BODY, rect.width - 58, bold=True)
        words = fonts.text(said, size, INK, True)
        tick = pygame.Rect(0, 0, 44, 44)
        left = rect.centerx - (tick.width + 14 + words.get_width()) // 2
        tick.midleft = (left, rect.centery)
        pygame.draw.circle(canvas, GOOD, tick.center, 22)
        x, y = tick.center
        pygame.draw.lines(canvas, WHITE, False, ((x - 11, y), (x - 3, y + 9), (x + 12, y - 9)), 6)
        canvas.blit(words, words.get_rect(midleft=(tick.right + 14, rect.centery + 2)))

    def _draw_ending(self, layer: pygame.Surface) -> None:
        """The final board's picture and the notes explaining the count."""
        if self.picture_rect is not None and self.ending.picture is not None:
            picture_of_board = pygame.transform.smoothscale(
                self.ending.picture, self.picture_rect.size
            )
            layer.blit(picture_of_board, self.picture_rect)
        if self.notes_rect is not None:
            draw_panel(layer, self.notes_rect, lighter(PAPER, 0.3), radius=20, shadow=6)
            y = self.notes_rect.top + 12
            for line in self.note_lines(self.notes_rect.width - 60):
                fonts.blit_text(
                    layer, line, NOTE_SIZE, INK, "topleft", (self.notes_rect.left + 30, y)
                )
                y += NOTE_LINE

    def _draw_lead(self, layer: pygame.Surface) -> None:
        rect = self.lead_rect
        if self.by_points:
            reason = end_reason(self.setup, self.result)
            lead = self.lead
            if reason is not None and not reason.text.startswith("{"):
                lead = lead[0].lower() + lead[1:]  # "<title>: all twelve ..."
            # TRANSLATORS: a game's title, then why it ended ("<title>: all twelve ...")
            why = _("{game}: {why}").format(game=_(GAMES[self.setup.game].title), why=lead)
            words, size = fit_line(why, fonts.BODY, rect.width)
            fonts.blit_text(layer, words, size, INK, "center", rect.center)
            return
        draw_panel(layer, rect, lighter(ACCENT, 0.75), radius=26, shadow=8)
        words, size = fit_line(self.lead, fonts.HEADING - 12, rect.width - 60, bold=True)
        fonts.blit_text(layer, words, size, INK, "center", (rect.centerx, rect.centery + 2), True)

    def _draw_chart(self, layer: pygame.Surface) -> None:
        chart = self.chart
        draw_panel(layer, chart)
        title, size = fit_line(_(self.chart_title), fonts.SMALL, chart.width - 80, bold=True)
        titled = fonts.blit_text(
            layer, title, size, MUTED, "topleft", (chart.left + 40, chart.top + 18), bold=True
        )
        if self.ladder_row is not None:  # right of the chart's title, or on a line under it
            self.ladder_row.draw(layer, chart, titled.right)
        n = self.setup.players
        top, row_height, _bar = self._rows()
        zero = self.bar_geometry()[0]
        for seat in range(0, n, 2):
            band = pygame.Rect(
                chart.left + 16, top + seat * row_height - 10, chart.width - 32, row_height
            )
            pygame.draw.rect(layer, lighter(PAPER, 0.5), band, border_radius=16)
        pygame.draw.line(layer, INK, (zero, top - 10), (zero, top + n * row_height - 10), 4)
        disqualified = self.disqualified
        roles = GAMES[self.setup.game].roles
        for seat in range(n):
            centre_y = self.row_centre(seat)
            colour = self.setup.colours[seat]
            draw_mark(layer, colour.mark, (chart.left + 60, centre_y), 26, colour.rgb)
            if seat in self.result.winners:
                layer.blit(picture("crown", (56, 56)), (chart.left + 100, centre_y - 30))
            tag, tag_colour = (
                (_("disqualified"), BAD)
                if seat in disqualified
                else (_(roles[seat]), MUTED)
                if roles
                else (None, INK)
            )
            level = self.setup.level(seat)
            if level is not None:  # who the computer was: its level, beside its role
                title = _(levels.level(level).title)
                tag = f"{tag} · {title}" if tag else title
                if tag_colour == INK:
                    tag_colour = MUTED
            name, name_size = fit_line(
                self.setup.names[seat], fonts.LARGE, NAME_WIDTH - 200, bold=True
            )
            at = (chart.left + 164, centre_y - (12 if tag else 0))
            named = fonts.blit_text(layer, name, name_size, INK, "midleft", at, bold=True)
            if tag:
                self._draw_tag(layer, tag, tag_colour, named, name, name_size, centre_y + 26)
            total = self.totals[seat]
            fonts.blit_text(
                layer,
                f"−{-total}" if total < 0 else str(total),
                fonts.HEADING if self.by_points else fonts.BODY,
                INK if self.by_points else MUTED,
                "midright",
                (chart.right - 40, centre_y + 4),
                bold=True,
            )
        self._draw_legend(layer, chart.bottom - 66)

    @staticmethod
    def _draw_tag(
        layer: pygame.Surface,
        tag: str,
        colour: RGB,
        named: pygame.Rect,
        name: str,
        name_size: int,
        middle: int,
    ) -> None:
        """A seat's role or level under its name at `middle`, lower where the name's ink would
        reach it (large text)."""
        name_ink = fonts.text(name, name_size, INK, True).get_bounding_rect().move(named.topleft)
        words = fonts.text(tag, fonts.TINY, colour, True)
        ink_top = middle - words.get_height() // 2 + words.get_bounding_rect().top
        middle += max(0, name_ink.bottom + 2 - ink_top)
        layer.blit(words, words.get_rect(midleft=(named.left, middle)))

    @property
    def disqualified(self) -> set[int]:
        return set(getattr(self.result, "disqualified", ()) or ())

    def _title_right(self) -> int:
        """Where the chart's title ends, as drawn (in the language shown)."""
        title, size = fit_line(_(self.chart_title), fonts.SMALL, self.chart.width - 80, bold=True)
        return self.chart.left + 40 + fonts.measure(title, size, bold=True)[0]

    def _rows(self) -> tuple[int, int, int]:
        """(top, row height, bar height) of the chart's rows (lower when the ladder takes a
        line of its own under the title)."""
        legend_height = 70
        title_height = 74
        if self.ladder_row is not None:
            title_height += self.ladder_row.extra_height(self.chart, self._title_right())
        row_height = (self.chart.height - title_height - 20 - legend_height) // self.setup.players
        return self.chart.top + title_height, row_height, min(96, row_height - 26)

    def row_centre(self, seat: int) -> int:
        top, row_height, _bar = self._rows()
        return top + seat * row_height + row_height // 2 - 10

    def bar_rects(self, seat: int, grow: float = 1.0) -> list[tuple[str, int, pygame.Rect]]:
        """(label, points, rect) of each part of `seat`'s bar, grown to `grow` (0..1)."""
        zero, scale = self.bar_geometry()
        bar_height = self._rows()[2]
        centre_y = self.row_centre(seat)
        parts = []
        right = left = zero
        for label, value in self.breakdowns[seat].items():
            if value == 0:
                continue
            width = max(4, round(abs(value) * scale * grow))
            if value > 0:
                rect = pygame.Rect(right, centre_y - bar_height // 2, width, bar_height)
                right += width
            else:
                left -= width
                rect = pygame.Rect(left, centre_y - bar_height // 2, width, bar_height)
            parts.append((label, value, rect))
        return parts

    def _draw_bars(self, canvas: pygame.Surface, grow: float) -> None:
        disqualified = self.disqualified
        for seat in range(self.setup.players):
            for label, value, rect in self.bar_rects(seat, grow):
                colour = self.part_colour(label)
                if seat in disqualified or not self.by_points:
                    colour = lighter(colour, 0.5)
                pygame.draw.rect(canvas, colour, rect)
                if value < 0:
                    _hatch(canvas, rect, lighter(colour, 0.3))
                pygame.draw.rect(canvas, INK, rect, 3)
                if grow < 1:
                    continue
                number = f"−{-value}" if value < 0 else str(value)
                pale = seat in disqualified or not self.by_points
                words = fonts.text(number, fonts.SMALL, INK if pale else WHITE, True)
                if words.get_width() + 12 <= rect.width:
                    canvas.blit(words, words.get_rect(center=(rect.centerx, rect.centery + 2)))

    def part_words(self, label: str) -> str:
        """A part of the points (a key of `breakdown`) in words of the language shown."""
        return part_words(self.setup.game, label)

    def _draw_legend(self, layer: pygame.Surface, y: int) -> None:
        """A swatch and the words of each part, then "Total" at the right; the parts' words made
        smaller where they would reach it (large text)."""
        total = fonts.text(_("Total"), fonts.SMALL, MUTED, True)
        totalled = layer.blit(total, total.get_rect(midright=(self.chart.right - 40, y + 22)))
        parts = [(label, self.part_words(label)) for label in self.labels]
        left = self.chart.left + NAME_WIDTH

        def right_end(size: int) -> int:
            widths = [34 + 12 + fonts.measure(words, size)[0] for _label, words in parts]
            return left + sum(widths) + 48 * (len(parts) - 1)

        size = fonts.SMALL
        while size > fonts.TINY - 8 and right_end(size) > totalled.left - 24:
            size -= 2
        x = left
        for label, said in parts:
            colour = self.part_colour(label)
            swatch = pygame.Rect(x, y + 6, 34, 34)
            pygame.draw.rect(layer, colour, swatch)
            if label in self.penalties:
                _hatch(layer, swatch, lighter(colour, 0.3))
            pygame.draw.rect(layer, INK, swatch, 3)
            words = fonts.text(said, size, INK)
            layer.blit(words, (swatch.right + 12, y + 10))
            x = swatch.right + 12 + words.get_width() + 48

    def draw(self, canvas: pygame.Surface) -> None:
        if self._static is None or self._words.changed():  # caches: all but bars and buttons
            self.lead = lead_sentence(self.setup, self.result)  # (in the language shown)
            self._static = self._render_static()
            self._final = None  # (then with bars)
        if self.grow >= 1:
            if self._final is None:
                self._final = self._static.copy()
                self._draw_bars(self._final, 1.0)
            canvas.blit(self._final, (0, 0))
        else:
            canvas.blit(self._static, (0, 0))
            if self.grow > 0:
                self._draw_bars(canvas, self.grow)
        for button in self.buttons:
            button.draw(canvas)
        if self.replay_kept:
            self._draw_kept(canvas, self.save_button.rect)
        if self.save_notice is not None:
            words, colour = self.save_notice
            rect = self.save_notice_rect
            line, size = fit_line(_(words), fonts.TINY, rect.width)
            fonts.blit_text(canvas, line, size, colour, "midtop", rect.midtop)
        self.refusal.draw(canvas)


def _hatch(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Diagonal stripes inside `rect`: negative points differ by pattern, not colour only."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    for x in range(rect.left - rect.height, rect.right, 18):
        pygame.draw.line(surface, colour, (x, rect.bottom), (x + rect.height, rect.top), 5)
    surface.set_clip(clip)
