"""The main menu: the newest unfinished game first (Continue) when there is one, the three games
as large illustrated tiles, then Games in progress (every unfinished game, when there is one),
Rules, Replays, Settings and Quit."""

from __future__ import annotations

import copy
from typing import Any

import pygame

from game import GAMES
from scenes.boards import is_playable, menu_art
from scenes.kit import fonts, i18n
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.i18n import L_, _, ngettext
from scenes.kit.palette import ACCENT, ACCENT_DARK, GOOD, INK, MUTED, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.refusal import RefusalNote
from scenes.kit.speech import spoken
from scenes.kit.tween import Timeline, Tween, ease_out_back
from scenes.kit.widgets import Button, draw_panel
from scenes.manager import Scene
from scenes.screens.continue_tile import ContinueTile, picture_of_saved_game
from scenes.screens.menu_tile import MenuTile, draw_icon_label
from scenes.services import AppServices
from scenes.storage.kept_games import kept_games
from scenes.storage.record import load_record

TILE_SIZE = (560, 690)
TILE_TOP = 212
TILE_GAP = 60
#: four tiles when the Continue tile leads the row
NARROW_TILE_WIDTH = 430
NARROW_TILE_GAP = 40
PITCH_LINES = 3


def players_text(counts: tuple[int, ...]) -> str:
    """Who a game is for, in the language shown: "2 players", "2–4 players"."""
    low, high = min(counts), max(counts)
    if low == high:
        return ngettext("{count} player", "{count} players", low).format(count=low)
    # TRANSLATORS: a game for {low} to {high} players (the low number is always 2 or more)
    return _("{low}–{high} players").format(low=low, high=high)


class GameTile(MenuTile):
    """One game's tile: illustration, name, players, pitch, and a Play / Coming soon footer."""

    def __init__(self, game: str, rect: pygame.Rect, lesson_done: bool = False):
        super().__init__(rect)
        self.game = game
        self.info = GAMES[game]
        self.playable = is_playable(game)
        #: the player has finished this game's lesson (a badge on the picture says so)
        self.lesson_done = lesson_done

    @property
    def footer_colour(self) -> tuple[int, int, int]:
        return ACCENT if self.playable else MUTED

    def draw_static(self, canvas: pygame.Surface) -> None:
        draw_panel(canvas, self.rect, PAPER, radius=34, shadow=14)
        art_width = self.rect.width - 44
        art_height = min(round(art_width * 3 / 4), self.rect.height - 20 - 330)
        art_rect = pygame.Rect(0, 0, round(art_height * 4 / 3), art_height)
        art_rect.midtop = (self.rect.centerx, self.rect.top + 22)
        canvas.blit(picture(menu_art(self.game), art_rect.size), art_rect)
        pygame.draw.rect(canvas, INK, art_rect.inflate(6, 6), 4, border_radius=12)
        if self.lesson_done:
            _lesson_badge(canvas, (art_rect.left + 12, art_rect.top + 12))
        y = art_rect.bottom + 16
        title = _(self.info.title)
        title_size = fonts.fit(title, fonts.LARGE + 6, self.rect.width - 48, bold=True)
        fonts.blit_text(canvas, title, title_size, INK, "midtop", (self.rect.centerx, y), bold=True)
        y += 60
        icon = picture("icon_human", (40, 40))
        label = fonts.text(players_text(self.info.player_counts), fonts.SMALL, ACCENT_DARK, True)
        width = icon.get_width() + 10 + label.get_width()
        x = self.rect.centerx - width // 2
        canvas.blit(icon, (x, y - 4))
        canvas.blit(label, (x + icon.get_width() + 10, y + 2))
        y += 50
        for line in fonts.wrap(_(self.info.pitch), fonts.TINY + 2, self.rect.width - 60):
            fonts.blit_text(canvas, line, fonts.TINY + 2, INK, "midtop", (self.rect.centerx, y))
            y += 34
        self.draw_footer(canvas, self.footer_colour)

    @property
    def spoken(self) -> str:
        """The tile's title, players and footer, as self-voicing says them."""
        footer = _("Play") if self.playable else _("Coming soon")
        return spoken((_(self.info.title), players_text(self.info.player_counts), footer))

    def draw_footer_label(self, canvas: pygame.Surface, footer: pygame.Rect) -> None:
        if self.playable:
            draw_icon_label(canvas, footer, "icon_play", _("Play"), fonts.LARGE, 56)
        else:
            fonts.blit_text(
                canvas, _("Coming soon"), fonts.LARGE, WHITE, "center",
                (footer.centerx, footer.centery + 2), bold=True,
            )  # fmt: skip


def _lesson_badge(canvas: pygame.Surface, topleft: tuple[int, int]) -> None:
    """A green tag with a tick: "Lesson done"."""
    label = fonts.text(_("Lesson done"), fonts.TINY - 4, WHITE, True)
    badge = pygame.Rect(topleft, (label.get_width() + 76, 50))
    pygame.draw.rect(canvas, GOOD, badge, border_radius=25)
    pygame.draw.rect(canvas, INK, badge, 4, border_radius=25)
    x, y = badge.left + 18, badge.centery
    pygame.draw.lines(canvas, WHITE, False, [(x, y), (x + 10, y + 10), (x + 30, y - 12)], 7)
    canvas.blit(label, label.get_rect(midleft=(badge.left + 60, badge.centery + 1)))


class MenuScene(Scene):
    """Pick a game (its setup opens), read the rules, change settings, or quit."""

    name = "menu"

    def __init__(self, app: AppServices):
        self.app = app
        #: the unfinished games, newest first (a game whose board is gone stays on disk for a
        #: later version), and what bad save files made us say
        found, self.saved_notices = kept_games(app.store.folder)
        self.kept = [kept for kept in found if is_playable(kept.saved.game)]
        #: the newest, offered as "Continue"
        self.saved = self.kept[0].saved if self.kept else None
        count = len(GAMES) + (self.saved is not None)
        width, height = TILE_SIZE
        gap = TILE_GAP
        if count > 3:
            width, gap = NARROW_TILE_WIDTH, NARROW_TILE_GAP
        left = (1920 - count * width - (count - 1) * gap) // 2
        rects = [
            pygame.Rect(left + i * (width + gap), TILE_TOP, width, height) for i in range(count)
        ]
        self.continue_tile: ContinueTile | None = None
        if self.kept:
            newest = self.kept[0]
            picture = newest.picture or picture_of_saved_game(app, newest.saved)
            self.continue_tile = ContinueTile(newest.saved, rects.pop(0), picture)
        done = app.settings.lessons_done
        self.tiles = [
            GameTile(game, rect, game in done) for game, rect in zip(GAMES, rects, strict=False)
        ]
        #: every tile in drawing order, the Continue tile first
        self.cards: list[Any] = [self.continue_tile] if self.continue_tile else []
        self.cards += self.tiles
        buttons = [
            (L_("Rules"), "icon_rules", lambda: app.open_rules(None)),
            (L_("Replays"), "icon_replay", app.open_replays),
        ]
        if self.kept:
            buttons.insert(0, (L_("Games in progress"), "icon_save", app.open_games_in_progress))
        record, notice = load_record(app.store.folder)
        if notice:
            self.saved_notices.append(notice)
        if record.players:  # a record to look at
            buttons.append((L_("Statistics"), "trophy", app.open_statistics))
        if not getattr(app, "kiosk", False):  # kiosk: settings and quitting are the organiser's
            buttons.append((L_("Settings"), "icon_settings", app.open_settings))
            buttons.append((L_("Quit"), "icon_quit", app.quit))
        # five or six buttons: Games in progress, the longest label, gets the room it needs
        count = len(buttons)
        widths = (
            [360] * count if count <= 4 else [460] + [300] * 4 if count == 5 else [420] + [256] * 5
        )
        if count > 4 and not self.kept:
            widths = [300] * count
        gap = 40 if count <= 4 else 24 if count == 5 else 18
        x = 960 - (sum(widths) + (len(buttons) - 1) * gap) // 2
        self.buttons = []
        for (label, icon, action), width in zip(buttons, widths, strict=True):
            style = "dark" if label.msgid == "Quit" else "secondary"
            self.buttons.append(Button((x, 940, width, 104), label, action, icon=icon, style=style))
            x += width + gap
        self._static: pygame.Surface | None = None
        self._tile_layers: list[pygame.Surface] | None = None
        self._language = i18n.Watch()
        self.timeline = Timeline(speed=getattr(app, "animation_speed", 1.0))
        #: why the last tile clicked could not open (a game still coming soon)
        self.refusal = RefusalNote()

    @property
    def animating(self) -> bool:
        """True while the tiles are still rising into place, or a note is fading out."""
        return not self.timeline.idle or self.refusal.active

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        """Where each clickable thing is: game tiles by game name, buttons by English label."""
        rects = {tile.game: tile.rect for tile in self.tiles}
        if self.continue_tile is not None:
            rects["Continue"] = self.continue_tile.rect
        rects.update({button.key: button.rect for button in self.buttons})
        return rects

    def enter(self) -> None:
        self._static = None
        for notice in self.saved_notices:
            self.app.notify(notice)
        self.saved_notices = []
        for i, tile in enumerate(self.cards):  # the tiles rise into place one after another
            tile.rise, tile.alpha = 70.0, 0.0
            self.timeline.add(
                Tween(tile, 0.45, ease_out_back, delay=0.07 * i, rise=0.0, alpha=255.0)
            )

    def exit(self) -> None:
        self.timeline = Timeline()

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        self.refusal.update(dt)

    def open_game(self, tile: GameTile) -> None:
        """Open the setup of the tile's game, or say plainly that it is coming soon."""
        if not tile.playable:
            self.refusal.show(
                _(
                    "{title} is coming soon: its board is still being built. "
                    "Its rules are ready under Rules."
                ).format(title=_(tile.info.title)),
                tile.footer,
                side="above",
                width=tile.rect.width - 20,
            )
            return
        self.app.play_sound("click")
        self.app.open_setup(tile.game)

    def continue_game(self) -> None:
        """Continue the unfinished game (the app restores it and starts its board)."""
        self.app.play_sound("click")
        self.app.continue_game()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.animating:
            self.timeline.skip()
        if event.type == pygame.MOUSEMOTION:
            for card in self.cards:
                card.hover = card.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for card in self.cards:
                card.pressed = card.rect.collidepoint(event.pos)
                if card.pressed:
                    return True
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and getattr(event, "button", 1) == 1
            and self._release_card(event.pos)
        ):
            return True
        used = False
        for button in self.buttons:
            used = button.handle(event) or used
        return used

    def _release_card(self, pos: tuple[int, int]) -> bool:
        """The button was let go: open the card that was pressed, if the pointer is still on it."""
        for card in self.cards:
            if card.pressed:
                card.pressed = False
                if card.rect.collidepoint(pos):
                    if card is self.continue_tile:
                        self.continue_game()
                    else:
                        self.open_game(card)
                    return True
        return False

    def _render_backdrop(self) -> pygame.Surface:
        layer = new_layer((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        logo = picture("logo", (170, 170))
        name = _("Tabletop Trio")
        title = fonts.text(name, fonts.TITLE, INK, True)
        shadow = fonts.text(name, fonts.TITLE, PAPER, True)
        left = 960 - (logo.get_width() + 30 + title.get_width()) // 2
        layer.blit(logo, (left, 22))
        at = (left + logo.get_width() + 30, 107 - title.get_height() // 2)
        layer.blit(shadow, (at[0] + 4, at[1] + 4))
        layer.blit(title, at)
        return layer

    def _render_tile(self, tile: MenuTile) -> pygame.Surface:
        """One tile on its own transparent layer (room below for its shadow)."""
        layer = pygame.Surface((tile.rect.width, tile.rect.height + 20), pygame.SRCALPHA)
        moved = copy.copy(tile)
        moved.rect = pygame.Rect(0, 0, tile.rect.width, tile.rect.height)
        moved.draw_static(layer)
        return layer

    def draw(self, canvas: pygame.Surface) -> None:
        if self._language.changed() or self._static is None:  # caches, built again on a switch
            self._backdrop = self._render_backdrop()
            self._tile_layers = [self._render_tile(tile) for tile in self.cards]
            self._static = self._backdrop.copy()
            for tile, layer in zip(self.cards, self._tile_layers, strict=False):
                self._static.blit(layer, tile.rect)
        if self.timeline.idle:
            canvas.blit(self._static, (0, 0))
            for tile in self.cards:
                tile.draw_live(canvas)
        else:
            canvas.blit(self._backdrop, (0, 0))
            for tile, layer in zip(self.cards, self._tile_layers or [], strict=False):
                layer.set_alpha(max(0, min(255, round(tile.alpha))))
                canvas.blit(layer, tile.rect.move(0, round(tile.rise)))
                layer.set_alpha(255)
        for button in self.buttons:
            button.draw(canvas)
        self.refusal.draw(canvas)
