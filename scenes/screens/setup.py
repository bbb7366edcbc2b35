"""The setup scene of one game: seats (human or computer with a level), names, colours, options,
first player; remembers the last setup; Start builds a GameSetup and opens the board scene."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from functools import partial
from typing import Literal

import pygame

from game import GAMES
from game.ai.levels import DEFAULT_LEVEL, LEVELS, level
from scenes.boards import BOARDS, board_spec, is_playable, seat_colours_for
from scenes.kit import fonts
from scenes.kit.colour import lighter
from scenes.kit.drawn_boxes import new_layer
from scenes.kit.focus import clear_of_ring, ring_rect
from scenes.kit.i18n import L_, LN_, Watch, _, join_names, ngettext
from scenes.kit.palette import ACCENT_DARK, INK, MUTED, PAPER, SeatColour, seat_colours
from scenes.kit.pictures import picture
from scenes.kit.refusal import RefusalNote
from scenes.kit.seat_names import called, is_default_name
from scenes.kit.seats import HUMAN, MAX_SEATS, GameSetup, Seat
from scenes.kit.speech import spoken
from scenes.kit.text_field import TextField
from scenes.kit.text_fit import fit_line
from scenes.kit.widgets import (
    Button,
    Choice,
    Stepper,
    Toggle,
    Widget,
    draw_mark,
    draw_panel,
)
from scenes.manager import Scene
from scenes.phones.setup_option import PhonesOption
from scenes.screens.level_stepper import LevelStepper
from scenes.screens.level_words import strength_words
from scenes.screens.menu import players_text
from scenes.screens.setup_hint import draw_setup_hint
from scenes.screens.setup_names import NamesOffered, keeps_players, known_players, remember_typed
from scenes.services import AppServices
from scenes.storage.record import OPPONENTS, Entry, Record, load_record
from scenes.storage.settings import RememberedSetup

#: who opens: a place, or drawn at random
First = int | Literal["random"]
SEATS_PANEL = pygame.Rect(30, 170, 1310, 870)
OPTIONS_PANEL = pygame.Rect(1370, 170, 520, 700)
#: the lesson's button, beside How to play (a newcomer's offer is the line under the title)
LEARN_BUTTON = pygame.Rect(1244, 34, 310, 100)
ROW_TOP = 352
ROW_STEP = 150
ROW_HEIGHT = 100
NAME_LEFT, NAME_WIDTH = 190, 280  #: each row's columns: the name field,
WHO_LEFT, WHO_WIDTH = 485, 410  #: the Human / Computer choice,
LEVEL_LEFT, LEVEL_WIDTH = 910, 410  #: the level stepper (the level's face and name)
MAX_NAME = 14  #: letters in a player's name


class SetupScene(Scene):
    """Choose who plays and how, then start."""

    name = "setup"

    def __init__(self, app: AppServices, game: str, seats: Sequence[Seat] | None = None):
        self.app = app
        self.game = game
        self.info = GAMES[game]
        self.spoken_title = lambda: spoken((_(self.info.title), _("Set up the table")))
        self.playable = is_playable(game)
        spec = BOARDS.get(game)
        #: the game has a lesson (its button beside How to play), and whether it was finished
        self.has_lesson = spec is not None and spec.lesson is not None
        self.lesson_done = game in app.settings.lessons_done
        #: the aid a first game of this game starts with (its lesson's offer), or None
        lesson = spec.load_lesson() if spec is not None and spec.lesson is not None else None
        first_game = game not in app.settings.last_setup
        self.first_offer = lesson.offer if lesson is not None and first_game else None
        #: the reason the last thing clicked was refused, shown beside it for a few seconds
        self.refusal = RefusalNote()
        #: the place (row) on this screen of each seat of the game last built (hands on phones:
        #: a phone joins a row before the game decides who opens)
        self.seat_rows: list[int] = []
        self._load(seats)
        #: who played here before, offered under the name being typed (a kiosk keeps nobody)
        self.offered = NamesOffered(known_players(app), self)
        self.picker = self.offered.picker  # (the list itself: its rows and names)
        #: their record: where the first of them at this table stands on the ladder
        self.record = load_record(app.store.folder)[0] if keeps_players(app) else Record()
        self._static_ladder: tuple[int, Entry] | None = None
        self._static_codes = False
        self._static: pygame.Surface | None = None
        self._words = Watch()  # the static layer's words follow a switch of language
        self._build()

    # --- the model --------------------------------------------------------------------------------
    def _load(self, seats: Sequence[Seat] | None) -> None:
        try:
            self._load_from(self.app.settings.last_setup.get(self.game, {}), seats)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError):
            self._load_from({}, seats)  # a remembered setup we cannot read: start afresh

    def _load_from(self, last: RememberedSetup, seats: Sequence[Seat] | None) -> None:
        counts = self.info.player_counts
        self.players = last.get("players", counts[0])
        if self.players not in counts:
            self.players = counts[0]
        #: each seat's kind (a computer, or a person) and the level its level stepper shows
        self.computer = [False] + [True] * (MAX_SEATS - 1)
        self.levels = [DEFAULT_LEVEL] * MAX_SEATS
        self.colours = list(range(MAX_SEATS))
        for i, stored in enumerate(last.get("seats", [])[:MAX_SEATS]):
            with contextlib.suppress(ValueError):  # a seat unknown here keeps its default
                self._seat_at(i, Seat.from_str(stored))
        #: a default name is said in the language shown now, whatever the one it was kept in
        self.names = [self._default_name(i) for i in range(MAX_SEATS)]
        for i, name in enumerate(last.get("names", [])[:MAX_SEATS]):
            if isinstance(name, str) and name.strip() and not is_default_name(name, i):
                self.names[i] = name[:MAX_NAME]
        colours = last.get("colours", [])
        if sorted(colours) == list(range(MAX_SEATS)):
            self.colours = list(colours)
        if seats:
            self.players = len(seats)
            for i, seat in enumerate(seats):
                if seat.is_human == self.computer[i]:
                    self.names[i] = seat.default_name(i)
                self._seat_at(i, seat)
        saved = last.get("options", {})
        self.options = {o.key: bool(saved.get(o.key, o.default)) for o in self.info.options}
        if not last and self.first_offer in self.options:
            self.options[self.first_offer] = True  # offered on (its switch may turn it off)
        first = last.get("first", "random")
        self.first: First = (
            first
            if first == "random" or (isinstance(first, int) and 0 <= first < self.players)
            else "random"
        )

    def remembered(self) -> RememberedSetup:
        """What the settings store keeps of this setup."""
        return {
            "players": self.players,
            "seats": [str(self.seat(i)) for i in range(MAX_SEATS)],
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
        seats = [self.seat(i) for i in range(n)]
        names = [(self.names[i].strip() or self._default_name(i)) for i in range(n)]
        colours = [scheme[self.colours[i]] for i in range(n)]
        seed = self.app.options.seed if self.app.options.seed is not None else self.app.new_seed()
        first = self.app.rng.randrange(n) if self.first == "random" else int(self.first)
        self.seat_rows = list(range(n))
        if not self.info.free_first_player and first:  # seat 0 always opens: it moves first
            order = [first] + [i for i in range(n) if i != first]
            seats = [seats[i] for i in order]
            names = [names[i] for i in order]
            colours = [colours[i] for i in order]
            first = 0
            self.seat_rows = order
        if self.fixed_colours:  # each seat's colour is its pieces': it follows the seat
            colours = list(seat_colours_for(self.game, scheme, n))
        return GameSetup(
            self.game, tuple(seats), tuple(names), tuple(colours), dict(self.options), seed, first
        )

    def seat(self, index: int) -> Seat:
        """Who plays place `index` as chosen now."""
        return Seat.computer(self.levels[index]) if self.computer[index] else HUMAN

    def _seat_at(self, index: int, seat: Seat) -> None:
        self.computer[index] = not seat.is_human
        self.levels[index] = seat.level or DEFAULT_LEVEL

    def _default_name(self, seat: int) -> str:
        return self.seat(seat).default_name(seat)

    # --- actions ----------------------------------------------------------------------------------
    @property
    def coming_soon(self) -> str:
        return _("{game} is coming soon: its board is not built yet.").format(
            game=_(self.info.title)
        )

    def refuse(self, reason: str, near: pygame.Rect, side: str = "right") -> None:
        """Say beside `near` why what was asked cannot be done (in the row of a seat's widget,
        so the note covers no other player's row)."""
        self.refusal.show(reason, near, side)

    def ladder(self) -> tuple[int, Entry] | None:
        """(the seat, their record here) of the first person at this table with a record of
        this game, if there is one: the hint line then shows their ladder."""
        for seat in range(self.players):
            name = self.names[seat].strip()
            if self.computer[seat] or is_default_name(name, seat):
                continue
            entry = self.record.entry(name, self.game)
            if any(entry.counts(opponent)["played"] for opponent in OPPONENTS):
                return seat, entry
        return None

    def start(self) -> None:
        if not self.playable:
            self.refuse(self.coming_soon, self.start_button.rect, "above")
            return
        self._remember()
        remember_typed(self.app, self)  # the names typed are offered again next time
        self.app.play_sound("click")
        setup = self.build_setup()
        self.phones.before_start(setup, self.seat_rows)
        self.app.start_game(setup)

    def leave(self) -> None:
        self._remember()
        self.app.go_menu()

    def exit(self) -> None:
        self.phones.leave()  # (a game that started has taken the phones over)

    def colour_of(self, seat: int) -> SeatColour:
        """The colour place `seat` has as chosen now."""
        return seat_colours(self.app.settings.colour_scheme)[self.colours[seat]]

    def set_players(self, index: int) -> None:
        self.players = self.info.player_counts[index]
        if self.first != "random" and self.first >= self.players:
            self.first = "random"
        self._build()

    def set_kind(self, seat: int, index: int) -> None:
        self.computer[seat] = index == 1
        if is_default_name(self.names[seat], seat):
            self.names[seat] = self._default_name(seat)
            self.name_fields[seat].value = self.names[seat]
        self.level_steppers[seat].visible = self.computer[seat]

    @property
    def fixed_colours(self) -> bool:
        """Each seat of this game plays pieces of its own colour: players do not choose."""
        return is_playable(self.game) and board_spec(self.game).seat_colours is not None

    def row_colour(self, row: int) -> SeatColour | None:
        """The colour the player in `row` will have (None: not known yet, when the colours
        follow the pieces and who opens is drawn at random)."""
        scheme = seat_colours(self.app.settings.colour_scheme)
        if not self.fixed_colours:
            return scheme[self.colours[row]]
        if self.first == "random" and not self.info.free_first_player:
            return None
        seats = list(range(self.players))
        first = int(self.first) if self.first != "random" else 0
        if not self.info.free_first_player and first:
            seats = [first] + [i for i in seats if i != first]
        return seat_colours_for(self.game, scheme, self.players)[seats.index(row)]

    def next_colour(self, seat: int) -> None:
        """Give `seat` the next colour no other player has; say why when there is none."""
        if self.fixed_colours:
            self.refuse(
                _(
                    "In this game each player's colour is the colour of their pieces: it "
                    "follows who opens."
                ),
                self.swatches[seat].rect,
            )
            return
        own = self.colours[seat]
        taken = {self.colours[i] for i in range(self.players) if i != seat}
        free = [c % MAX_SEATS for c in range(own + 1, own + MAX_SEATS)]
        free = [c for c in free if c not in taken]
        if not free:
            self.refuse(
                ngettext(
                    "All {count} colour is taken: each player has their own.",
                    "All {count} colours are taken: each player has their own.",
                    MAX_SEATS,
                ).format(count=MAX_SEATS),
                self.swatches[seat].rect,
            )
            return
        # keep every seat's colour distinct across all four rows as well
        other = self.colours.index(free[0])
        self.colours[other], self.colours[seat] = own, free[0]

    def _refuse_name(self, seat: int, reason: str) -> None:
        self.refuse(reason, self.name_fields[seat].rect)

    def _set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name

    def _set_level(self, seat: int, key: str) -> None:
        self.levels[seat] = key

    def _set_option(self, key: str, value: bool) -> None:
        self.options[key] = value

    def _set_first(self, value: First) -> None:
        self.first = value

    # --- widgets ----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.back_button = Button(
            (40, 34, 250, 100), L_("Menu"), self.leave, icon="icon_back", style="secondary"
        )
        self.rules_button = Button(
            (1570, 34, 310, 100),
            L_("How to play"),
            lambda: self.app.open_rules(self.game),
            icon="icon_rules",
            style="secondary",
            size=fonts.BODY,
        )
        self.start_button = Button(
            (OPTIONS_PANEL.left, 900, OPTIONS_PANEL.width, 136),
            L_("Start game") if self.playable else L_("Coming soon"),
            self.start,
            icon="icon_play" if self.playable else None,
        )
        self.learn_button = Button(
            LEARN_BUTTON,
            L_("Learn (2 min)"),
            lambda: self.app.open_lesson(self.game),
            icon="icon_learn",
            style="secondary" if self.lesson_done else "primary",
            size=fonts.BODY,
        )
        self.learn_button.visible = self.has_lesson
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
                # TRANSLATORS: spoken: a button of the setup's row of player counts
                spoken=[LN_("{count} player", "{count} players", count) for count in counts],
            )
        self.swatches: list[Button] = []
        self.name_fields: list[TextField] = []
        self.kind_choices: list[Choice] = []
        self.level_steppers: list[LevelStepper] = []
        for seat in range(MAX_SEATS):
            y = ROW_TOP + seat * ROW_STEP
            self.swatches.append(
                Button(
                    (70, y, 100, ROW_HEIGHT),
                    "",
                    partial(self.next_colour, seat),
                    style="secondary",
                    spoken_label=L_("Change colour"),
                )
            )
            self.name_fields.append(
                TextField(
                    (NAME_LEFT, y, NAME_WIDTH, ROW_HEIGHT),
                    self.names[seat],
                    partial(self._set_name, seat),
                    max_length=MAX_NAME,
                    placeholder=self._default_name(seat),
                    on_refuse=partial(self._refuse_name, seat),
                    on_focus=self.app.text_input_at,
                )
            )
            self.kind_choices.append(
                Choice(
                    (WHO_LEFT, y, WHO_WIDTH, ROW_HEIGHT),
                    [L_("Human"), L_("Computer")],
                    1 if self.computer[seat] else 0,
                    partial(self.set_kind, seat),
                    icons=["icon_human", "icon_computer"],
                )
            )
            stepper = LevelStepper(
                (LEVEL_LEFT, y, LEVEL_WIDTH, ROW_HEIGHT),
                LEVELS.index(self.levels[seat]),
                partial(self._set_level, seat),
            )
            stepper.visible = self.computer[seat]
            self.level_steppers.append(stepper)
        self.option_toggles: list[Toggle] = []
        y = OPTIONS_PANEL.top + 120
        for option in self.info.options:
            self.option_toggles.append(
                Toggle(
                    (OPTIONS_PANEL.left + 36, y, OPTIONS_PANEL.width - 60, ROW_HEIGHT),
                    L_(option.label),
                    self.options[option.key],
                    partial(self._set_option, option.key),
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
        self.phones = PhonesOption(
            self,
            self,
            pygame.Rect(
                OPTIONS_PANEL.left + 36,
                self.first_top + ROW_HEIGHT + 24,
                OPTIONS_PANEL.width - 60,
                ROW_HEIGHT,
            ),
            pygame.Rect(SEATS_PANEL.right - 350, SEATS_PANEL.bottom - 112, 320, 96),
        )
        self._static = None

    def _show_first(self, value: First) -> str:
        if value == "random":
            return _("Random")
        return self.names[value].strip() or self._default_name(value)

    @property
    def widgets(self) -> list[Widget]:
        """Every widget on screen now, in drawing order."""
        shown: list[Widget] = [self.back_button, self.rules_button, self.start_button]
        if self.has_lesson:
            shown.append(self.learn_button)
        if self.count_choice is not None:
            shown.append(self.count_choice)
        for seat in range(self.players):
            shown += [self.swatches[seat], self.name_fields[seat], self.kind_choices[seat]]
            if self.level_steppers[seat].visible:
                shown.append(self.level_steppers[seat])
        shown += self.option_toggles
        shown.append(self.first_stepper)
        return shown + self.phones.widgets

    #: the focus of keys and a pad starts on Start
    default_focus = "Start"

    @property
    def button_rects(self) -> dict[str, pygame.Rect]:
        """Where the main buttons are, by name."""
        rects = {
            "Menu": self.back_button.rect,
            "How to play": self.rules_button.rect,
            "Start": self.start_button.rect,
        }
        if self.has_lesson:
            rects["Learn"] = self.learn_button.rect
        for seat in range(self.players):
            rects[f"seat {seat + 1} human"] = self.kind_choices[seat].buttons[0].rect
            rects[f"seat {seat + 1} computer"] = self.kind_choices[seat].buttons[1].rect
            rects[f"seat {seat + 1} name"] = self.name_fields[seat].rect
        rects.update(self.offered.rects)
        return rects

    # --- the frame --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.offered.pick(event):
            return True
        used = self._handle(event)
        self.offered.follow()
        return used

    def _handle(self, event: pygame.event.Event) -> bool:
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
        """True while a refusal note is on screen (it fades out by itself)."""
        return self.refusal.active

    def wake_in(self) -> float | None:
        """The next blink of the caret of the name being typed, if one is."""
        times = [field.wake_in() for field in self.name_fields]
        due = [time for time in times if time is not None]
        return min(due) if due else None

    def update(self, dt: float) -> None:
        for field in self.name_fields:
            field.update(dt)
        self.refusal.update(dt)
        self.phones.sync()

    def _render_static(self) -> pygame.Surface:
        layer = new_layer((1920, 1080))
        layer.blit(picture("background", (1920, 1080)), (0, 0))
        room = 2 * (LEARN_BUTTON.left - 960) - 40  # (between the Menu and Learn buttons)
        title, size = fit_line(_(self.info.title), fonts.HEADING, room, bold=True)
        fonts.blit_text(layer, title, size, INK, "midtop", (960, 36), bold=True)
        if self.has_lesson and not self.lesson_done:  # a newcomer is offered the lesson
            offer = _("New to {game}? Learn it in 2 minutes, by playing.").format(
                game=_(self.info.title)
            )
            # between the Menu and Learn buttons, clear of the keys' focus ring round each
            left = ring_rect(self.back_button.rect).right + 8
            right = ring_rect(LEARN_BUTTON).left - 8
            offer, size = fit_line(offer, fonts.TINY, right - left - 40, True, fonts.TINY - 10)
            width, height = fonts.measure(offer, size, True)
            pill = pygame.Rect(0, 0, width + 40, height + 10)
            pill.midtop = (960, 132)
            pill.right = min(pill.right, right)
            pill.left = max(pill.left, left)
            pygame.draw.rect(layer, PAPER, pill, border_radius=pill.height // 2)
            pygame.draw.rect(layer, ACCENT_DARK, pill, 3, border_radius=pill.height // 2)
            fonts.blit_text(layer, offer, size, ACCENT_DARK, "center", pill.center, True)
        else:
            fonts.blit_text(layer, _("Set up the table"), fonts.SMALL, INK, "midtop", (960, 112))
        draw_panel(layer, SEATS_PANEL)
        draw_panel(layer, OPTIONS_PANEL)
        right = self.count_choice.rect.left if self.count_choice else SEATS_PANEL.right
        title, size = fit_line(_("Players"), fonts.LARGE, right - 20 - SEATS_PANEL.left - 40, True)
        at = (SEATS_PANEL.left + 40, SEATS_PANEL.top + 40)
        players = fonts.blit_text(layer, title, size, INK, "topleft", at, bold=True)
        if self.count_choice is None:
            who = players_text(self.info.player_counts)
            if self.info.roles:
                # TRANSLATORS: e.g. "2 players: Moon and Sun. Moon begins."
                who = _("{players}: {roles}. {first} begins.").format(
                    players=who,
                    roles=join_names([_(role) for role in self.info.roles]),
                    first=_(self.info.roles[0]),
                )
            left = max(SEATS_PANEL.left + 300, players.right + 24)  # (right of a larger title)
            who, size = fit_line(who, fonts.SMALL, SEATS_PANEL.right - 40 - left)
            fonts.blit_text(layer, who, size, MUTED, "topleft", (left, SEATS_PANEL.top + 54))
        hint = pygame.Rect(
            SEATS_PANEL.left + 40,
            SEATS_PANEL.bottom - 92,
            SEATS_PANEL.width - (460 if self.phones.offered else 80),
            86,
        )
        self._static_ladder = self.ladder()
        self._static_codes = self.phones.table is not None
        returning = None  # a returning player: their ladder instead of the hint
        if self._static_ladder is not None:
            seat, entry = self._static_ladder
            returning = (called(self.names[seat].strip(), seat), entry)
            if not self._static_codes:  # (no Phone codes button at the right: all the room)
                hint.width = SEATS_PANEL.width - 80
        draw_setup_hint(layer, hint, returning, self.fixed_colours, self.game)
        header_y = ROW_TOP - 48
        columns = (
            (70, _("Colour")),
            (NAME_LEFT, _("Name (max {count})").format(count=MAX_NAME)),
            (WHO_LEFT, _("Who plays")),
            (LEVEL_LEFT, _("Level")),
        )
        for x, words in columns:
            fonts.blit_text(
                layer, words, fonts.TINY, MUTED, "topleft", (x + 4, header_y), bold=True
            )
        fonts.blit_text(
            layer,
            _("Options"),
            fonts.LARGE,
            INK,
            "topleft",
            (OPTIONS_PANEL.left + 36, OPTIONS_PANEL.top + 40),
            bold=True,
        )
        for toggle, option in zip(self.option_toggles, self.info.options, strict=False):
            words = _(option.help)
            if option.key == self.first_offer:
                words = _("{help} On for a first game.").format(help=words)
            fonts.blit_paragraph(
                layer,
                words,
                fonts.TINY,
                MUTED,
                pygame.Rect(
                    toggle.rect.left, clear_of_ring(toggle.rect).bottom, toggle.rect.width, 80
                ),
                smallest=fonts.TINY - 8,
            )
        if not self.info.options:
            fonts.blit_paragraph(
                layer,
                _("No rule variants: every game is played by the same rules."),
                fonts.TINY,
                MUTED,
                pygame.Rect(OPTIONS_PANEL.left + 36, OPTIONS_PANEL.top + 120, 440, 80),
                smallest=fonts.TINY - 8,
            )
        label = (
            _("Who plays {role} (begins)").format(role=_(self.info.roles[0]))
            if self.info.roles
            else _("First player")
        )
        label, size = fit_line(label, fonts.BODY, OPTIONS_PANEL.width - 72)
        at = (OPTIONS_PANEL.left + 36, self.first_top - 10)
        fonts.blit_text(layer, label, size, INK, "bottomleft", at)
        return layer

    def resume(self) -> None:
        """Back from the lesson (or the rules): a finished lesson is offered no more."""
        done = self.game in self.app.settings.lessons_done
        if done != self.lesson_done:
            self.lesson_done = done
            self.learn_button.style = "secondary" if done else "primary"
            self._static = None

    def draw(self, canvas: pygame.Surface) -> None:
        if self.ladder() != self._static_ladder:  # a name typed: whose ladder is shown
            self._static = None
        if self._static_ladder and (self.phones.table is not None) != self._static_codes:
            self._static = None  # (the Phone codes button takes the row's right end, or not)
        if self._static is None or self._words.changed():  # a cache of the unchanging layer
            self._static = self._render_static()
        canvas.blit(self._static, (0, 0))
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
            colour = self.row_colour(seat)
            if colour is None:  # known once who opens is drawn
                fonts.blit_text(
                    canvas, "?", fonts.LARGE, MUTED, "center", self.swatches[seat].rect.center, True
                )
            else:
                draw_mark(canvas, colour.mark, self.swatches[seat].rect.center, 30, colour.rgb)
            stepper = self.level_steppers[seat]
            if not stepper.visible:
                self.phones.draw_mark(canvas, seat, (1290, self.swatches[seat].rect.centery))
                fonts.blit_text(
                    canvas,
                    self.phones.seat_words(seat) or _("Plays at this screen"),
                    fonts.TINY,
                    MUTED,
                    "midleft",
                    (LEVEL_LEFT + 10, self.swatches[seat].rect.centery),
                )
            else:  # how it did in its test games; who it is while it is not measured yet
                key = self.levels[seat]
                words = strength_words(self.game, key) or _(level(key).blurb)
                # under the level, reaching left under the seat's Human / Computer choice
                right = stepper.rect.right
                width = right - self.kind_choices[seat].rect.left
                text, size = fit_line(words, fonts.TINY, width)
                below = clear_of_ring(stepper.rect).bottom  # (clear of the keys' focus ring)
                fonts.blit_text(canvas, text, size, MUTED, "topright", (right, below))
        self.phones.draw_help(canvas)
        self.offered.draw(canvas)
        self.refusal.draw(canvas)
