"""The results scene: the winner(s), each seat's score as a bar with its breakdown, why the game
ended, and Rematch / Change seats / Menu / Save replay."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from scenes.boards import GAMES, GameSetup
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.palette import ACCENT, BAD, GOOD, INK, MUTED, PAPER, WHITE
from scenes.kit.pictures import picture
from scenes.kit.settings_store import data_dir, write_json_atomically
from scenes.kit.tween import Timeline, Tween, ease_out_cubic
from scenes.kit.widgets import Button, draw_mark, draw_panel
from scenes.manager import Scene

log = logging.getLogger(__name__)

CHART = pygame.Rect(120, 290, 1680, 560)
NAME_WIDTH = 430
TOTAL_WIDTH = 170
BUTTON_TOP = 900
#: colours of the positive parts of a breakdown, in display order (negative parts are BAD)
PART_COLOURS = (ACCENT, (70, 128, 190), GOOD, (150, 96, 180))

#: breakdown parts that are always penalties
PENALTIES = frozenset({"cans in hand", "hand"})

REASONS = {
    "three cans": "{winner} captured exactly three cans.",
    "losing pattern": "{loser} made three cans in a line and lost at once.",
    "overeating": "{loser} captured four cans or more: overeating!",
    "disqualified": "Every other player was disqualified.",
    "points": "All twelve shared pieces were placed: the points decide.",
    "hand empty": "A hand ran out of tiles: every tile was turned up and the pairs counted.",
    "turn limit": "The 60-turn limit was reached: every tile was turned up and the pairs counted.",
    "deck exhausted": "The last card was drawn: cards, hands and bear bonus decide.",
    "no moves": "No move was left: the points decide.",
}


def reason_text(reason: str, setup: GameSetup, result: Any) -> str:
    """A sentence saying why the game ended, with the players' names."""
    winners = [setup.names[s] for s in result.winners]
    losers = [setup.names[s] for s in range(setup.players) if s not in result.winners]
    if reason in ("losing pattern", "overeating") and getattr(result, "disqualified", ()):
        losers = [setup.names[s] for s in result.disqualified]
    template = REASONS.get(reason)
    if template is None:
        return f"The game ended: {reason}." if reason else "The game is over."
    return template.format(
        winner=" and ".join(winners) or "Nobody", loser=" and ".join(losers) or "A player"
    )


def headline(setup: GameSetup, result: Any) -> str:
    """ "Ada wins!", or who shares the win."""
    names = [setup.names[s] for s in result.winners]
    if not names:
        return "Nobody wins"
    if len(names) == 1:
        return f"{names[0]} wins!"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win!"


class ResultsScene(Scene):
    """Shows how a finished game ended and offers what to do next."""

    name = "results"

    def __init__(
        self,
        app: Any,
        setup: GameSetup,
        final_state: Any,
        start_state: Any = None,
        moves: Sequence[Any] = (),
    ):
        self.app = app
        self.setup = setup
        self.state = final_state
        self.start_state = start_state
        self.moves = [str(move) for move in moves]
        self.result = final_state.result
        self.breakdowns = [dict(final_state.breakdown(seat)) for seat in range(setup.players)]
        self.totals = [sum(parts.values()) for parts in self.breakdowns]
        self.labels = list(dict.fromkeys(label for parts in self.breakdowns for label in parts))
        self.saved_to: Path | None = None
        specs = [
            ("Rematch", "icon_replay", self.rematch, "primary"),
            ("Change seats", "icon_human", self.change_seats, "secondary"),
            ("Menu", "icon_back", self.app.go_menu, "secondary"),
            ("Save replay", "icon_save", self.save_replay, "secondary"),
        ]
        width, gap = 390, 30
        left = 960 - (4 * width + 3 * gap) // 2
        self.buttons = [
            Button(
                (left + i * (width + gap), BUTTON_TOP, width, 110),
                label,
                action,
                icon=icon,
                style=style,
            )
            for i, (label, icon, action, style) in enumerate(specs)
        ]
        self.buttons[3].enabled = start_state is not None
        #: how far the bars have grown, 0..1 (animated when the scene opens)
        self.grow = 0.0
        self.timeline = Timeline(speed=getattr(app, "animation_speed", 1.0))
        self._static: pygame.Surface | None = None
        self._final: pygame.Surface | None = None

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        return {button.label: button.rect for button in self.buttons}

    # --- actions ----------------------------------------------------------------------------------
    def rematch(self) -> None:
        self.app.start_game(self.setup.rematch(self.app.new_seed()))

    def change_seats(self) -> None:
        self.app.open_setup(self.setup.game)

    def replay_data(self) -> dict[str, Any]:
        """What "Save replay" writes: the game, its setup, the start state and the moves."""
        return {
            "game": self.setup.game,
            "setup": self.setup.to_dict(),
            "start": self.start_state.to_dict() if self.start_state is not None else None,
            "moves": list(self.moves),
            "result": {
                "winners": list(self.result.winners),
                "draw": self.result.draw,
                "scores": list(self.result.scores),
                "reason": self.result.reason,
            },
        }

    def save_replay(self) -> Path | None:
        """Write the replay as JSON in the user data folder; returns (and shows) where."""
        folder = data_dir() / "replays"
        path = folder / f"{self.setup.game}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        serial = 2
        while path.exists():
            path = folder / f"{self.setup.game}-{time.strftime('%Y%m%d-%H%M%S')}-{serial}.json"
            serial += 1
        try:
            write_json_atomically(path, self.replay_data())
        except (OSError, TypeError, ValueError):
            log.exception("could not save the replay")
            self.app.notify("Sorry, the replay could not be saved (see the log file).")
            return None
        self.saved_to = path
        self.app.notify(f"Replay saved: {path}")
        return path

    # --- the frame --------------------------------------------------------------------------------
    def enter(self) -> None:
        self.app.play_sound("win")
        self.timeline.add(Tween(self, 0.9, ease_out_cubic, delay=0.2, grow=1.0))

    def exit(self) -> None:
        self.timeline = Timeline()

    @property
    def animating(self) -> bool:
        return not self.timeline.idle

    def update(self, dt: float) -> None:
        self.timeline.update(dt)

    def handle(self, event: Any) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.animating:
            self.timeline.skip()  # a click shows the final chart at once
        used = False
        for button in self.buttons:
            used = button.handle(event) or used
        return used

    def bar_geometry(self) -> tuple[int, float]:
        """(x of the zero line, pixels per point) of the chart."""
        lows = [sum(v for v in parts.values() if v < 0) for parts in self.breakdowns]
        highs = [sum(v for v in parts.values() if v > 0) for parts in self.breakdowns]
        low, high = min(0, *lows), max(1, *highs)
        left = CHART.left + NAME_WIDTH
        width = CHART.width - NAME_WIDTH - TOTAL_WIDTH - 40
        scale = width / (high - low)
        return round(left - low * scale), scale

    def part_colour(self, label: str) -> tuple[int, int, int]:
        """The colour of one part of the breakdown (penalties red; negatives are also hatched)."""
        if label in PENALTIES:
            return BAD
        others = [lb for lb in self.labels if lb not in PENALTIES]
        return PART_COLOURS[others.index(label) % len(PART_COLOURS)]

    def _render_static(self) -> pygame.Surface:
        layer = pygame.Surface((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        title = headline(self.setup, self.result)
        size = fonts.fit(title, fonts.TITLE, 1400, bold=True)
        words = fonts.text(title, size, INK, True)
        icon = picture("trophy", (150, 150))
        total = icon.get_width() + 30 + words.get_width()
        x = 960 - total // 2
        layer.blit(icon, (x, 28))
        shadow = fonts.text(title, size, PAPER, True)
        y = 103 - words.get_height() // 2
        layer.blit(shadow, (x + icon.get_width() + 34, y + 4))
        layer.blit(words, (x + icon.get_width() + 30, y))
        info = GAMES[self.setup.game]
        reason = reason_text(self.result.reason, self.setup, self.result)
        if self.result.reason in REASONS and not REASONS[self.result.reason].startswith("{"):
            reason = reason[0].lower() + reason[1:]
        why = f"{info.title}: {reason}"
        fonts.blit_text(layer, why, fonts.fit(why, fonts.BODY, 1700), INK, "midtop", (960, 200))
        self._draw_chart(layer)
        return layer

    def _draw_chart(self, layer: pygame.Surface) -> None:
        draw_panel(layer, CHART)
        n = self.setup.players
        top, row_height, _ = self._rows()
        zero, _ = self.bar_geometry()
        for seat in range(0, n, 2):
            band = pygame.Rect(
                CHART.left + 16, top + seat * row_height - 10, CHART.width - 32, row_height
            )
            pygame.draw.rect(layer, lighter(PAPER, 0.5), band, border_radius=16)
        pygame.draw.line(layer, INK, (zero, top - 10), (zero, top + n * row_height - 10), 4)
        disqualified = self.disqualified
        for seat in range(n):
            centre_y = self.row_centre(seat)
            _, rgb, mark = self.setup.colours[seat]
            draw_mark(layer, mark, (CHART.left + 60, centre_y), 26, rgb)
            name = self.setup.names[seat]
            if seat in self.result.winners:
                layer.blit(picture("crown", (56, 56)), (CHART.left + 100, centre_y - 30))
            roles = GAMES[self.setup.game].roles
            tag, tag_colour = (
                ("disqualified", BAD)
                if seat in disqualified
                else (roles[seat], MUTED)
                if roles
                else (None, INK)
            )
            name_size = fonts.fit(name, fonts.LARGE, NAME_WIDTH - 200, bold=True)
            fonts.blit_text(
                layer,
                name,
                name_size,
                INK,
                "midleft",
                (CHART.left + 164, centre_y - (12 if tag else 0)),
                bold=True,
            )
            if tag:
                fonts.blit_text(
                    layer,
                    tag,
                    fonts.TINY,
                    tag_colour,
                    "midleft",
                    (CHART.left + 164, centre_y + 26),
                    bold=True,
                )
            total = self.totals[seat]
            fonts.blit_text(
                layer,
                f"−{-total}" if total < 0 else str(total),
                fonts.HEADING,
                INK,
                "midright",
                (CHART.right - 40, centre_y + 4),
                bold=True,
            )
        self._draw_legend(layer, CHART.bottom - 66)

    @property
    def disqualified(self) -> set[int]:
        return set(getattr(self.result, "disqualified", ()) or ())

    def _rows(self) -> tuple[int, int, int]:
        """(top, row height, bar height) of the chart's rows."""
        legend_height = 70
        row_height = (CHART.height - 60 - legend_height) // self.setup.players
        return CHART.top + 40, row_height, min(96, row_height - 26)

    def row_centre(self, seat: int) -> int:
        top, row_height, _ = self._rows()
        return top + seat * row_height + row_height // 2 - 10

    def bar_rects(self, seat: int, grow: float = 1.0) -> list[tuple[str, int, pygame.Rect]]:
        """(label, points, rect) of each part of `seat`'s bar, grown to `grow` (0..1)."""
        zero, scale = self.bar_geometry()
        _, _, bar_height = self._rows()
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
                if seat in disqualified:
                    colour = lighter(colour, 0.5)
                pygame.draw.rect(canvas, colour, rect)
                if value < 0:
                    _hatch(canvas, rect, lighter(colour, 0.3))
                pygame.draw.rect(canvas, INK, rect, 3)
                if grow < 1:
                    continue
                number = f"−{-value}" if value < 0 else str(value)
                words = fonts.text(
                    number, fonts.SMALL, INK if seat in disqualified else WHITE, True
                )
                if words.get_width() + 12 <= rect.width:
                    canvas.blit(words, words.get_rect(center=(rect.centerx, rect.centery + 2)))

    def _draw_legend(self, layer: pygame.Surface, y: int) -> None:
        items: list[tuple[str, Any]] = [(label, self.part_colour(label)) for label in self.labels]
        items.append(("points", None))
        x = CHART.left + NAME_WIDTH
        for label, colour in items:
            if colour is None:
                words = fonts.text("Total", fonts.SMALL, MUTED, True)
                layer.blit(words, words.get_rect(midright=(CHART.right - 40, y + 22)))
                continue
            swatch = pygame.Rect(x, y + 6, 34, 34)
            pygame.draw.rect(layer, colour, swatch)
            if label in PENALTIES:
                _hatch(layer, swatch, lighter(colour, 0.3))
            pygame.draw.rect(layer, INK, swatch, 3)
            words = fonts.text(label.capitalize(), fonts.SMALL, INK)
            layer.blit(words, (swatch.right + 12, y + 10))
            x = swatch.right + 12 + words.get_width() + 48

    def draw(self, canvas: pygame.Surface) -> None:
        if self._static is None:  # caches: everything but bars and buttons; then with bars
            self._static = self._render_static()
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
        if self.saved_to is not None:
            fonts.blit_text(
                canvas,
                f"Replay saved to {self.saved_to}",
                fonts.TINY,
                INK,
                "midtop",
                (960, BUTTON_TOP + 128),
            )


def _hatch(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Diagonal stripes inside `rect`: negative points differ by pattern, not colour only."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    for x in range(rect.left - rect.height, rect.right, 18):
        pygame.draw.line(surface, colour, (x, rect.bottom), (x + rect.height, rect.top), 5)
    surface.set_clip(clip)
