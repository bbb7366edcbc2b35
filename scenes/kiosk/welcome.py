"""The visitor's way in: what a touch on the attract loop opens (and the kiosk's menu).

For the game on show (the other games the stand offers are one touch away, as tabs), three big
choices: "Learn (2 min)" (the game's lesson; its how-to-play pages while it has none), "Play
the computer" (at Beginner unless another step of the level ladder below it is touched; with the
challenge on, its level is marked and the board of the day is counted) and "Play a friend"
(hot seat, with the player count when the game allows several; through the setup screen's
"Hands on phones" when the operator allows phones). "Continue" offers a game left unfinished,
saying which game and when it was left, where the operator allows it (`kiosk_continue`); "Watch"
goes back to the attract loop. The language button (top left) is the attract loop's.
"""

from __future__ import annotations

import time
from functools import partial

import pygame

from game import GAMES
from game.ai.levels import LEVELS
from scenes.boards import menu_art
from scenes.kiosk.challenge import challenge_level
from scenes.kiosk.language import LanguageButton
from scenes.kiosk.stand import (
    against_computer,
    first_level,
    game_title,
    has_lesson,
    level_msgid,
    level_title,
    offered_games,
    with_friends,
)
from scenes.kit import fonts
from scenes.kit.i18n import L_, LN_, _, ngettext
from scenes.kit.palette import ACCENT_DARK, INK, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.text_fit import fit_lines
from scenes.kit.widgets import Button, Choice, draw_panel
from scenes.manager import Scene
from scenes.phones.host import offers_phones
from scenes.screens.menu import players_text
from scenes.services import AppServices
from scenes.storage.saved_game import SavedGame

TOP_BAR = pygame.Rect(0, 0, 1920, 136)
LANGUAGE_BUTTON = pygame.Rect(20, 18, 200, 100)
GAME_PANEL = pygame.Rect(70, 176, 760, 770)
RIGHT = 900
RIGHT_WIDTH = 950
BOTTOM = 968


class WelcomeScene(Scene):
    """Learn, play the computer, or play a friend, for one of the games the stand offers."""

    name = "welcome"

    def __init__(self, app: AppServices, game: str | None = None):
        self.app = app
        self.games = offered_games(app.settings)
        self.game = game if game in self.games else self.games[0]
        self.level = first_level()
        self.players = min(GAMES[self.game].player_counts)
        self.saved = left_unfinished(app)
        self.language_button = LanguageButton(app, LANGUAGE_BUTTON)
        self._build()

    # --- layout -----------------------------------------------------------------------------------
    def _build(self) -> None:
        info = GAMES[self.game]
        room = 1920 - 2 * (LANGUAGE_BUTTON.right + 30)  # (centred, clear of the language button)
        tab_width = min(420, (room - 20 * (len(self.games) - 1)) // len(self.games))
        left = 960 - (len(self.games) * tab_width + (len(self.games) - 1) * 20) // 2
        self.tabs: list[Button] = []
        if len(self.games) > 1:
            for i, game in enumerate(self.games):
                rect = (left + i * (tab_width + 20), 18, tab_width, 100)
                choose = partial(self.choose_game, game)
                tab = Button(
                    rect, L_(GAMES[game].title), choose, style="secondary", size=fonts.BODY
                )
                tab.selected = game == self.game
                self.tabs.append(tab)
        challenge = challenge_level(self.app.settings)
        learn_label = L_("Learn (2 min)") if has_lesson(self.game) else L_("How to play")
        self.learn = Button((RIGHT, 176, RIGHT_WIDTH, 150), learn_label, self.open_learn,
                            icon="icon_rules")  # fmt: skip
        self.computer = Button((RIGHT, 356, RIGHT_WIDTH, 150), L_("Play the computer"),
                               self.play_computer, icon="icon_computer")  # fmt: skip
        self.ladder = Choice(
            (RIGHT, 520, RIGHT_WIDTH, 100),
            [L_(level_msgid(level)) for level in LEVELS],
            LEVELS.index(self.level),
            self._choose_level,
            icons=[("trophy" if level == challenge else None) for level in LEVELS],
            size=fonts.TINY + 4,
            gap=10,
        )
        self.friend = Button((RIGHT, 660, RIGHT_WIDTH, 150), L_("Play a friend"), self.play_friends,
                             icon="icon_human", style="secondary")  # fmt: skip
        counts = list(info.player_counts)
        self.count_choice: Choice | None = None
        if len(counts) > 1:
            self.count_choice = Choice(
                (RIGHT, 824, RIGHT_WIDTH, 100),
                [LN_("{count} player", "{count} players", count) for count in counts],
                counts.index(self.players),
                self._choose_count,
                size=fonts.SMALL,
            )
        self.watch = Button((1480, BOTTOM, 370, 100), L_("Watch"), self.app.start_attract,
                            icon="icon_back", style="dark", size=fonts.BODY)  # fmt: skip
        self.continue_button: Button | None = None
        if self.saved is not None:
            self.continue_button = Button(
                (900, BOTTOM, 550, 100),
                continue_label(self.saved, self._now()),
                self.app.continue_game,
                icon="icon_replay",
                style="secondary",
                size=fonts.BODY,
            )

    @property
    def widgets(self) -> list[Button | Choice]:
        found: list[Button | Choice] = [*self.tabs, self.learn, self.computer, self.ladder]
        found += [self.friend, self.watch, self.language_button]
        found += [w for w in (self.count_choice, self.continue_button) if w is not None]
        return found

    #: the focus of keys and a pad starts on the stand's main invitation
    default_focus = "Play the computer"

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = {
            "Learn": self.learn.rect,
            "Play the computer": self.computer.rect,
            "Play a friend": self.friend.rect,
            "Watch": self.watch.rect,
            "language": self.language_button.rect,
        }
        rects.update(
            {f"tab {game}": tab.rect for game, tab in zip(self.games, self.tabs, strict=False)}
        )
        rects.update({level: b.rect for level, b in zip(LEVELS, self.ladder.buttons, strict=True)})
        if self.count_choice is not None:
            counts = GAMES[self.game].player_counts
            buttons = self.count_choice.buttons
            rects.update({f"{n} players": b.rect for n, b in zip(counts, buttons, strict=True)})
        if self.continue_button is not None:
            rects["Continue"] = self.continue_button.rect
        return rects

    def _now(self) -> float:
        """The stand's clock (its wall clock, which tests set), or the computer's."""
        control = self.app.kiosk_control
        return control.wall() if control is not None else time.time()

    # --- choices ----------------------------------------------------------------------------------
    def choose_game(self, game: str) -> None:
        self.app.play_sound("click")
        self.game = game
        self.players = min(GAMES[game].player_counts)
        self._build()

    def _choose_level(self, index: int) -> None:
        self.level = LEVELS[index]

    def _choose_count(self, index: int) -> None:
        self.players = GAMES[self.game].player_counts[index]

    def open_learn(self) -> None:
        self.app.play_sound("click")
        if has_lesson(self.game):
            self.app.open_lesson(self.game)
        else:
            self.app.open_rules(self.game)

    def play_computer(self) -> None:
        self.app.play_sound("click")
        self.app.start_game(against_computer(self.app, self.game, self.level))

    def play_friends(self) -> None:
        """Hot seat at once; where the operator allows phones and the game hides hands, the
        setup screen first, where "Hands on phones" is one touch."""
        self.app.play_sound("click")
        setup = with_friends(self.app, self.game, self.players)
        if offers_phones(self.game, self.app):
            self.app.open_setup(self.game, seats=setup.seats)
        else:
            self.app.start_game(setup)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.start_attract()  # back: Watch
            return True
        used = False
        for widget in self.widgets:
            used = widget.handle(event) or used
        return used

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(picture("background", (1920, 1080)), (0, 0))
        bar = pygame.Surface(TOP_BAR.size, pygame.SRCALPHA)
        bar.fill((*INK, 225))
        canvas.blit(bar, TOP_BAR)
        if not self.tabs:
            fonts.blit_text(canvas, game_title(self.game), fonts.HEADING, WHITE, "center",
                            TOP_BAR.center, bold=True)  # fmt: skip
        self._draw_game(canvas)
        self._draw_challenge(canvas)
        for widget in self.widgets:
            widget.draw(canvas)

    def _draw_game(self, canvas: pygame.Surface) -> None:
        info = GAMES[self.game]
        draw_panel(canvas, GAME_PANEL, PAPER, radius=34, shadow=14)
        art = pygame.Rect(0, 0, 680, 510)
        art.midtop = (GAME_PANEL.centerx, GAME_PANEL.top + 30)
        canvas.blit(picture(menu_art(self.game), art.size), art)
        pygame.draw.rect(canvas, INK, art.inflate(6, 6), 4, border_radius=12)
        y = art.bottom + 24
        fonts.blit_text(canvas, _(info.title), fonts.LARGE, INK, "midtop", (GAME_PANEL.centerx, y),
                        bold=True)  # fmt: skip
        y += 70
        players = players_text(info.player_counts)
        at = (GAME_PANEL.centerx, y)
        fonts.blit_text(canvas, players, fonts.SMALL, ACCENT_DARK, "midtop", at, bold=True)
        y += 52
        lines, size = fit_lines(_(info.pitch), fonts.TINY, GAME_PANEL.width - 80, 3)
        for line in lines:
            fonts.blit_text(canvas, line, size, INK, "midtop", (GAME_PANEL.centerx, y))
            y += max(36, fonts.line_height(size))

    def _draw_challenge(self, canvas: pygame.Surface) -> None:
        level = challenge_level(self.app.settings)
        control = self.app.kiosk_control
        if level is None or control is None:
            return
        count = control.day_board.count(self.game, level)
        words = challenge_sentence(count, level, game_title(self.game))
        box = pygame.Rect(70, BOTTOM, 810 if self.continue_button is not None else 1380, 100)
        draw_panel(canvas, box, WHITE, radius=24, shadow=6)
        canvas.blit(picture("trophy", (70, 70)), (box.left + 16, box.centery - 35))
        # two lines, smaller if need be (at the large text size, smaller than TINY - 8)
        lines, size = fit_lines(words, fonts.TINY, box.width - 120, 2, smallest=fonts.TINY - 14)
        step = fonts.line_height(size) + 4
        y = box.centery - step * len(lines) // 2
        for line in lines:
            fonts.blit_text(canvas, line, size, INK, "topleft", (box.left + 100, y))
            y += step


def left_unfinished(app: AppServices) -> SavedGame | None:
    """The game a visitor left unfinished, if the operator lets the welcome offer it."""
    if not app.settings.kiosk_continue:
        return None
    kept = app.kept_games()  # (the newest: Continue opens it)
    return kept[0].saved if kept else None


def continue_label(saved: SavedGame, now: float) -> str:
    """The Continue button's words: which game was left, and when (the time of day; the date
    too when it was not left on the day of `now`)."""
    left = time.localtime(saved.saved_at)
    clock = time.strftime("%H:%M", left)
    title = game_title(saved.game)
    if time.strftime("%Y-%m-%d", left) == time.strftime("%Y-%m-%d", time.localtime(now)):
        # TRANSLATORS: a button in two lines (\n): go on with the game a visitor left, and when
        return _("Continue {game}\nleft at {time}").format(game=title, time=clock)
    day = time.strftime("%Y-%m-%d", left)
    # TRANSLATORS: a button in two lines (\n): go on with the game a visitor left on another day
    return _("Continue {game}\nleft on {date} at {time}").format(game=title, date=day, time=clock)


def challenge_sentence(count: int, level: str, title: str) -> str:
    """What the stand's challenge asks, and how many visitors met it today at `title`."""
    return ngettext(
        "Challenge: beat the computer at {level} or harder (the level with the trophy) to join "
        "today's board. {count} visitor has done it in {game} today.",
        "Challenge: beat the computer at {level} or harder (the level with the trophy) to join "
        "today's board. {count} visitors have done it in {game} today.",
        count,
    ).format(level=level_title(level), count=count, game=title)
