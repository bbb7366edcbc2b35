"""The setup scene of one game: seats (human or computer with a level), names, colours, options,
first player; remembers the last setup; Start builds a GameSetup and opens the board scene."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.ai.levels import DEFAULT_LEVEL, LADDER, level
from game.ai.strength_text import strength_words
from scenes.boards import GAMES, LEVELS, GameSetup, is_playable
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.palette import INK, MUTED, PAPER, seat_colours
from scenes.kit.pictures import picture
from scenes.kit.refusal import RefusalNote
from scenes.kit.widgets import (
    Button,
    Choice,
    Stepper,
    TextField,
    Toggle,
    draw_mark,
    draw_panel,
)
from scenes.manager import Scene

SEATS_PANEL = pygame.Rect(30, 170, 1310, 870)
OPTIONS_PANEL = pygame.Rect(1370, 170, 520, 700)
ROW_TOP = 352
ROW_STEP = 150
ROW_HEIGHT = 100
MAX_SEATS = 4
NAME_LEFT, NAME_WIDTH = 190, 280  #: each row's columns: the name field,
WHO_LEFT, WHO_WIDTH = 485, 410  #: the Human / Computer choice,
LEVEL_LEFT, LEVEL_WIDTH = 910, 410  #: the level stepper (the level's face and name)
FACE = 60  #: the size of a level's face in its stepper
NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}
MAX_NAME = 14  #: letters in a player's name
DEFAULT_HUMAN = ("Player 1", "Player 2", "Player 3", "Player 4")
DEFAULT_BOT = ("Clover", "Pepper", "Biscuit", "Maple")


def remembered_from(setup: GameSetup, scheme: str, before: dict[str, Any]) -> dict[str, Any]:
    """What the setup scene remembers of a table that played `setup` (`before`: what it
    remembered until now, kept where the setup says nothing, such as a random first player)."""
    palette = seat_colours(scheme)
    colours: list[int] = []
    for name, rgb, mark in setup.colours:
        match = [i for i, (n, c, m) in enumerate(palette) if (n, tuple(c)) == (name, tuple(rgb))]
        match = match or [i for i, (_, _, m) in enumerate(palette) if m == mark]
        colours.append(match[0] if match and match[0] not in colours else -1)
    free = [i for i in range(MAX_SEATS) if i not in colours]
    colours = [c if c >= 0 else free.pop(0) for c in colours] + free
    seats = list(setup.seats)
    names = list(setup.names)
    for seat in range(setup.players, MAX_SEATS):
        seats.append(f"ai:{DEFAULT_LEVEL}")
        names.append(DEFAULT_BOT[seat])
    first = before.get("first")
    return {
        "players": setup.players,
        "seats": seats,
        "names": names,
        "colours": colours,
        "options": dict(setup.options),
        "first": "random" if first == "random" else setup.first_player,
    }


def remember_setup(app: Any, setup: GameSetup) -> None:
    """Make `setup` the table this game's setup scene opens with next (and save it)."""
    before = app.settings.last_setup.get(setup.game, {})
    scheme = app.settings.colour_scheme
    app.settings.last_setup[setup.game] = remembered_from(setup, scheme, before)
    app.store.save(app.settings)


class SetupScene(Scene):
    """Choose who plays and how, then start."""

    name = "setup"

    def __init__(self, app: Any, game: str, seats: Sequence[str] | None = None):
        self.app = app
        self.game = game
        self.info = GAMES[game]
        self.playable = is_playable(game)
        #: the reason the last thing clicked was refused, shown beside it for a few seconds
        self.refusal = RefusalNote()
        self._load(seats)
        self._static: pygame.Surface | None = None
        self._build()

    # --- the model --------------------------------------------------------------------------------
    def _load(self, seats: Sequence[str] | None) -> None:
        try:
            self._load_from(self.app.settings.last_setup.get(self.game, {}), seats)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError):
            self._load_from({}, seats)  # a remembered setup we cannot read: start afresh

    def _load_from(self, last: dict[str, Any], seats: Sequence[str] | None) -> None:
        counts = self.info.player_counts
        self.players = last.get("players", counts[0])
        if self.players not in counts:
            self.players = counts[0]
        self.kinds = ["human", "ai", "ai", "ai"]
        self.levels = [DEFAULT_LEVEL] * MAX_SEATS
        self.names = [DEFAULT_HUMAN[0], DEFAULT_BOT[1], DEFAULT_BOT[2], DEFAULT_BOT[3]]
        self.colours = list(range(MAX_SEATS))
        for i, spec in enumerate(last.get("seats", [])[:MAX_SEATS]):
            if spec == "human" or (isinstance(spec, str) and spec.partition(":")[2] in LEVELS):
                self.kinds[i] = "human" if spec == "human" else "ai"
                self.levels[i] = spec.partition(":")[2] or DEFAULT_LEVEL
        for i, name in enumerate(last.get("names", [])[:MAX_SEATS]):
            if isinstance(name, str) and name.strip():
                self.names[i] = name[:MAX_NAME]
        colours = last.get("colours", [])
        if sorted(colours) == list(range(MAX_SEATS)):
            self.colours = list(colours)
        if seats:
            self.players = len(seats)
            for i, spec in enumerate(seats):
                kind = "human" if spec == "human" else "ai"
                if kind != self.kinds[i]:
                    self.names[i] = (DEFAULT_HUMAN if kind == "human" else DEFAULT_BOT)[i]
                self.kinds[i] = kind
                self.levels[i] = spec.partition(":")[2] or DEFAULT_LEVEL
        saved = last.get("options", {})
        self.options = {o.key: bool(saved.get(o.key, o.default)) for o in self.info.options}
        first = last.get("first", "random")
        self.first: Any = (
            first
            if first == "random" or (isinstance(first, int) and 0 <= first < self.players)
            else "random"
        )

    def remembered(self) -> dict[str, Any]:
        """What the settings store keeps of this setup."""
        return {
            "players": self.players,
            "seats": [
                k if k == "human" else f"ai:{lv}"
                for k, lv in zip(self.kinds, self.levels, strict=False)
            ],
            "names": list(self.names),
            "colours": list(self.colours),
            "options": dict(self.options),
            "first": self.first,
        }

    def _remember(self) -> None:
        self.app.settings.last_setup[self.game] = self.remembered()
        self.app.store.save(self.app.settings)

    def build_setup(self) -> GameSetup:
        """The GameSetup of what is chosen now (a random first player is drawn here)."""
        scheme = seat_colours(self.app.settings.colour_scheme)
        n = self.players
        seats = [
            k if k == "human" else f"ai:{lv}"
            for k, lv in zip(self.kinds[:n], self.levels, strict=False)
        ]
        names = [(self.names[i].strip() or self._default_name(i)) for i in range(n)]
        colours = [scheme[self.colours[i]] for i in range(n)]
        seed = self.app.options.seed if self.app.options.seed is not None else self.app.new_seed()
        first = self.app.rng.randrange(n) if self.first == "random" else int(self.first)
        if not self.info.free_first_player and first:  # seat 0 always opens: it moves first
            order = [first] + [i for i in range(n) if i != first]
            seats, names, colours = ([row[i] for i in order] for row in (seats, names, colours))
            first = 0
        return GameSetup(
            self.game, tuple(seats), tuple(names), tuple(colours), dict(self.options), seed, first
        )

    def _default_name(self, seat: int) -> str:
        return (DEFAULT_HUMAN if self.kinds[seat] == "human" else DEFAULT_BOT)[seat]

    # --- actions ----------------------------------------------------------------------------------
    @property
    def coming_soon(self) -> str:
        return f"{self.info.title} is coming soon: its board is not built yet."

    def refuse(self, reason: str, near: pygame.Rect, side: str = "right") -> None:
        """Say beside `near` why what was asked cannot be done (in the row of a seat's widget,
        so the note covers no other player's row)."""
        self.refusal.show(reason, near, side)

    def start(self) -> None:
        if not self.playable:
            self.refuse(self.coming_soon, self.start_button.rect, "above")
            return
        self._remember()
        self.app.play_sound("click")
        self.app.start_game(self.build_setup())

    def leave(self) -> None:
        self._remember()
        self.app.go_menu()

    def set_players(self, index: int) -> None:
        self.players = self.info.player_counts[index]
        if self.first != "random" and self.first >= self.players:
            self.first = "random"
        self._build()

    def set_kind(self, seat: int, index: int) -> None:
        kind = ("human", "ai")[index]
        if self.names[seat] in (DEFAULT_HUMAN[seat], DEFAULT_BOT[seat]):
            self.names[seat] = (DEFAULT_HUMAN if kind == "human" else DEFAULT_BOT)[seat]
            self.name_fields[seat].value = self.names[seat]
        self.kinds[seat] = kind
        self.level_steppers[seat].visible = kind == "ai"

    def next_colour(self, seat: int) -> None:
        """Give `seat` the next colour no other player has; say why when there is none."""
        own = self.colours[seat]
        taken = {self.colours[i] for i in range(self.players) if i != seat}
        free = [c % MAX_SEATS for c in range(own + 1, own + MAX_SEATS)]
        free = [c for c in free if c not in taken]
        if not free:
            self.refuse(
                f"All {MAX_SEATS} colours are taken: each player has their own.",
                self.swatches[seat].rect,
            )
            return
        # keep every seat's colour distinct across all four rows as well
        other = self.colours.index(free[0])
        self.colours[other], self.colours[seat] = own, free[0]

    def _set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name

    def _set_level(self, seat: int, key: str) -> None:
        self.levels[seat] = key

    def _set_option(self, key: str, value: bool) -> None:
        self.options[key] = value

    def _set_first(self, value: Any) -> None:
        self.first = value

    # --- widgets ----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.back_button = Button(
            (40, 34, 250, 100), "Menu", self.leave, icon="icon_back", style="secondary"
        )
        self.rules_button = Button(
            (1570, 34, 310, 100),
            "How to play",
            lambda: self.app.open_rules(self.game),
            icon="icon_rules",
            style="secondary",
            size=fonts.BODY,
        )
        self.start_button = Button(
            (OPTIONS_PANEL.left, 900, OPTIONS_PANEL.width, 136),
            "Start game" if self.playable else "Coming soon",
            self.start,
            icon="icon_play" if self.playable else None,
        )
        self.start_button.enabled = self.playable
        self.start_button.refusal = self.coming_soon
        self.start_button.on_refuse = lambda why: self.refuse(why, self.start_button.rect, "above")
        counts = self.info.player_counts
        self.count_choice = None
        if len(counts) > 1:
            self.count_choice = Choice(
                (SEATS_PANEL.left + 300, SEATS_PANEL.top + 22, 330, 96),
                [str(c) for c in counts],
                counts.index(self.players),
                self.set_players,
                size=fonts.LARGE,
            )
        self.swatches: list[Button] = []
        self.name_fields: list[TextField] = []
        self.kind_choices: list[Choice] = []
        self.level_steppers: list[Stepper] = []
        for seat in range(MAX_SEATS):
            y = ROW_TOP + seat * ROW_STEP
            self.swatches.append(
                Button(
                    (70, y, 100, ROW_HEIGHT),
                    "",
                    (lambda s=seat: self.next_colour(s)),
                    style="secondary",
                )
            )
            self.name_fields.append(
                TextField(
                    (NAME_LEFT, y, NAME_WIDTH, ROW_HEIGHT),
                    self.names[seat],
                    (lambda v, s=seat: self._set_name(s, v)),
                    max_length=MAX_NAME,
                    placeholder=self._default_name(seat),
                    on_refuse=(lambda why, s=seat: self.refuse(why, self.name_fields[s].rect)),
                )
            )
            self.kind_choices.append(
                Choice(
                    (WHO_LEFT, y, WHO_WIDTH, ROW_HEIGHT),
                    ["Human", "Computer"],
                    0 if self.kinds[seat] == "human" else 1,
                    (lambda i, s=seat: self.set_kind(s, i)),
                    icons=["icon_human", "icon_computer"],
                )
            )
            stepper = LevelStepper(
                (LEVEL_LEFT, y, LEVEL_WIDTH, ROW_HEIGHT),
                "",
                LEVELS,
                LEVELS.index(self.levels[seat]),
                (lambda v, s=seat: self._set_level(s, v)),
                label_width=0,
            )
            stepper.visible = self.kinds[seat] == "ai"
            self.level_steppers.append(stepper)
        self.option_toggles: list[Toggle] = []
        y = OPTIONS_PANEL.top + 120
        for option in self.info.options:
            self.option_toggles.append(
                Toggle(
                    (OPTIONS_PANEL.left + 36, y, OPTIONS_PANEL.width - 60, ROW_HEIGHT),
                    option.label,
                    self.options[option.key],
                    (lambda v, k=option.key: self._set_option(k, v)),
                )
            )
            y += 200
        if not self.info.options:
            y += 80  # room for the "no options" note
        choices = ["random", *range(self.players)]
        self.first_top = y + 60
        self.first_stepper = Stepper(
            (OPTIONS_PANEL.left + 36, self.first_top, OPTIONS_PANEL.width - 72, ROW_HEIGHT),
            "",
            choices,
            choices.index(self.first),
            self._set_first,
            show=self._show_first,
            label_width=0,
            wrap=True,
        )
        self._static = None

    def _show_first(self, value: Any) -> str:
        if value == "random":
            return "Random"
        return self.names[value].strip() or self._default_name(value)

    @property
    def widgets(self) -> list[Any]:
        """Every widget on screen now, in drawing order."""
        shown: list[Any] = [self.back_button, self.rules_button, self.start_button]
        if self.count_choice is not None:
            shown.append(self.count_choice)
        for seat in range(self.players):
            shown += [self.swatches[seat], self.name_fields[seat], self.kind_choices[seat]]
            if self.level_steppers[seat].visible:
                shown.append(self.level_steppers[seat])
        shown += self.option_toggles
        shown.append(self.first_stepper)
        return shown

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        """Where the main buttons are, by name."""
        rects = {
            "Menu": self.back_button.rect,
            "How to play": self.rules_button.rect,
            "Start": self.start_button.rect,
        }
        for seat in range(self.players):
            rects[f"seat {seat + 1} human"] = self.kind_choices[seat].buttons[0].rect
            rects[f"seat {seat + 1} computer"] = self.kind_choices[seat].buttons[1].rect
            rects[f"seat {seat + 1} name"] = self.name_fields[seat].rect
        return rects

    # --- the frame --------------------------------------------------------------------------------
    def handle(self, event: Any) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and not any(field.focused for field in self.name_fields)
        ):
            self.leave()
            return True
        used = False
        for widget in list(self.widgets):
            used = widget.handle(event) or used
        return used

    @property
    def animating(self) -> bool:
        """True while a refusal note is on screen (it fades out by itself), or a name is being
        typed (its caret blinks)."""
        return self.refusal.active or any(field.focused for field in self.name_fields)

    def update(self, dt: float) -> None:
        for field in self.name_fields:
            field.update(dt)
        self.refusal.update(dt)

    def _render_static(self) -> pygame.Surface:
        layer = pygame.Surface((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        fonts.blit_text(layer, self.info.title, fonts.HEADING, INK, "midtop", (960, 36), bold=True)
        fonts.blit_text(layer, "Set up the table", fonts.SMALL, INK, "midtop", (960, 112))
        draw_panel(layer, SEATS_PANEL)
        draw_panel(layer, OPTIONS_PANEL)
        fonts.blit_text(
            layer,
            "Players",
            fonts.LARGE,
            INK,
            "topleft",
            (SEATS_PANEL.left + 40, SEATS_PANEL.top + 40),
            bold=True,
        )
        if self.count_choice is None:
            who = self.info.players_text.capitalize()
            if self.info.roles:
                roles = " and ".join(self.info.roles)
                who = f"{who}: {roles}. {self.info.roles[0]} begins."
            fonts.blit_text(
                layer,
                who,
                fonts.SMALL,
                MUTED,
                "topleft",
                (SEATS_PANEL.left + 300, SEATS_PANEL.top + 54),
            )
        count = NUMBER_WORDS.get(len(LADDER), str(len(LADDER)))
        fonts.blit_paragraph(
            layer,
            f"Click a colour to change it. Computer players come in {count} levels, from "
            f"{LADDER[0].title} (plays like someone in their first game) to "
            f"{LADDER[-1].title}; under each, how it fared against the level below.",
            fonts.TINY,
            MUTED,
            pygame.Rect(SEATS_PANEL.left + 40, SEATS_PANEL.bottom - 90, SEATS_PANEL.width - 80, 80),
        )
        header_y = ROW_TOP - 48
        columns = (
            (70, "Colour"),
            (NAME_LEFT, f"Name (max {MAX_NAME})"),
            (WHO_LEFT, "Who plays"),
            (LEVEL_LEFT, "Level"),
        )
        for x, words in columns:
            fonts.blit_text(
                layer, words, fonts.TINY, MUTED, "topleft", (x + 4, header_y), bold=True
            )
        fonts.blit_text(
            layer,
            "Options",
            fonts.LARGE,
            INK,
            "topleft",
            (OPTIONS_PANEL.left + 36, OPTIONS_PANEL.top + 40),
            bold=True,
        )
        for toggle, option in zip(self.option_toggles, self.info.options, strict=False):
            fonts.blit_paragraph(
                layer,
                option.help,
                fonts.TINY,
                MUTED,
                pygame.Rect(toggle.rect.left, toggle.rect.bottom + 4, toggle.rect.width, 80),
            )
        if not self.info.options:
            fonts.blit_paragraph(
                layer,
                "This game has no options.",
                fonts.TINY,
                MUTED,
                pygame.Rect(OPTIONS_PANEL.left + 36, OPTIONS_PANEL.top + 120, 440, 80),
            )
        label = f"Who plays {self.info.roles[0]} (begins)" if self.info.roles else "First player"
        fonts.blit_text(
            layer,
            label,
            fonts.BODY,
            INK,
            "bottomleft",
            (OPTIONS_PANEL.left + 36, self.first_top - 10),
        )
        return layer

    def draw(self, canvas: pygame.Surface) -> None:
        if self._static is None:  # a cache of the unchanging layer
            self._static = self._render_static()
        canvas.blit(self._static, (0, 0))
        scheme = seat_colours(self.app.settings.colour_scheme)
        for seat in range(self.players):
            row_y = ROW_TOP + seat * ROW_STEP
            band = pygame.Rect(
                SEATS_PANEL.left + 20, row_y - 12, SEATS_PANEL.width - 40, ROW_HEIGHT + 24
            )
            pygame.draw.rect(
                canvas, lighter(PAPER, 0.4) if seat % 2 else PAPER, band, border_radius=18
            )
        for widget in self.widgets:
            widget.draw(canvas)
        for seat in range(self.players):
            _, rgb, mark = scheme[self.colours[seat]]
            draw_mark(canvas, mark, self.swatches[seat].rect.center, 30, rgb)
            stepper = self.level_steppers[seat]
            if not stepper.visible:
                fonts.blit_text(
                    canvas,
                    "Plays at this screen",
                    fonts.TINY,
                    MUTED,
                    "midleft",
                    (LEVEL_LEFT + 10, self.swatches[seat].rect.centery),
                )
            else:  # its measured strength; who it is while it is not measured yet
                key = self.levels[seat]
                words = strength_words(self.game, key) or level(key).blurb
                size = fonts.fit(words, fonts.TINY, stepper.rect.width, smallest=24)
                fonts.blit_text(
                    canvas,
                    words,
                    size,
                    MUTED,
                    "midtop",
                    (stepper.rect.centerx, stepper.rect.bottom + 4),
                )
        self.refusal.draw(canvas)


class LevelStepper(Stepper):
    """A computer seat's level: its face and name between ‹ and › (game.ai.levels)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, show=lambda key: level(key).title, **kwargs)

    def draw(self, canvas: pygame.Surface) -> None:
        self.minus.draw(canvas)
        self.plus.draw(canvas)
        left, right = self.minus.rect.right + 8, self.plus.rect.left - 8
        title = self.show(self.value)
        longest = max((step.title for step in LADDER), key=lambda t: fonts.measure(t, 40, True))
        size = fonts.fit(longest, fonts.BODY, right - left - FACE - 8, bold=True, smallest=28)
        width = FACE + 8 + fonts.measure(title, size, True)[0]
        x = (left + right - width) // 2
        canvas.blit(
            picture(level(self.value).face, (FACE, FACE)), (x, self.rect.centery - FACE // 2)
        )
        fonts.blit_text(
            canvas, title, size, INK, "midleft", (x + FACE + 8, self.rect.centery + 2), bold=True
        )
