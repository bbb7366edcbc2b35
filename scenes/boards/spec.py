"""`BoardSpec`: everything the app shows of one game, stated once in that game's board package
(`scenes/boards/<game>/__init__.py`) and registered in `scenes.boards.BOARDS`.

The menu, setup, rules, lessons, results, kiosk and benchmarks read a game through its spec and its
rules descriptor (`game.core.descriptor.GameType`); nothing outside the game's own packages
names it. The big parts (the board scene, the how-to-play pages, the lesson) are written as
`"module:name"` and imported when first used, so the menu loads no board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from game.core.descriptor import GameType
from game.core.events import Event
from scenes.kit.palette import SeatColour
from scenes.kit.seat_names import Called

if TYPE_CHECKING:
    import pygame

    from game.core.protocols import GameState
    from scenes.boards.lessons.data import Lesson
    from scenes.kit.rules_drawing import Page
    from scenes.kit.seats import GameSetup
    from scenes.manager import Scene
    from scenes.phones.spec import PhoneSpec
    from scenes.services import AppServices

#: why a face (code, place) may not be drawn for the seat on show, or None when it may
FaceCheck = Callable[[str, str], str | None]
#: (board, views of the state now and before the last move, seat on show) -> its FaceCheck
FaceRule = Callable[[Any, list[Any], int | None], FaceCheck]
#: (events a spectator may see, seat names as sentences say them) -> (weight, words) of each
#: thing worth telling
Tellers = Callable[[Sequence[Event], Sequence[Called]], list[tuple[int, str]]]


@dataclass(frozen=True)
class Ending:
    """What the results show of one game's end besides the points: sentences that explain the
    count (who scored what and why, a tie-break), and a picture of the final board with what
    was counted drawn on it, made by `board` (a spectator board of the finished game: every
    face it draws is in its record, `board.on_show.faces_seen`)."""

    notes: Sequence[str] = ()
    picture: pygame.Surface | None = None
    board: Scene | None = None


#: (app, setup, final state) -> its Ending
EndingMaker = Callable[["AppServices", "GameSetup", "GameState[object]"], Ending]


class AnimationBench(Protocol):
    """(app, repeats) -> (label, (mean ms, p99 ms)) of the game's heaviest animations, each
    played `repeats` times (`bench frames`); `on_frame()`, if given, after each frame drawn."""

    def __call__(
        self, app: AppServices, repeats: int = ..., on_frame: Callable[[], object] | None = ...
    ) -> list[tuple[str, tuple[float, float]]]: ...


@dataclass(frozen=True)
class BoardSpec:
    """How the app shows one game (see the module)."""

    game: GameType  #: the rules' descriptor: key, title, player counts, options
    board: str  #: "module:Class" of its `BoardScene` subclass
    pages: str  #: "module:NAME" of its how-to-play pages (a sequence of `Page`)
    tellers: str  #: "module:function" (a `Tellers`): the attract loop's captions
    faces: str  #: "module:function" (a `FaceRule`): which faces a seat may see
    rule_prefix: str  #: the prefix of its rule ids ("WF"): the pages cite them
    menu_art: str  #: the art name of its menu tile (assets/art/<name>.svg)
    #: the colour scheme's entries the seats always take, in seat order, when each seat plays
    #: pieces of its own colour (the seat's colour is its pieces'); None: players choose
    seat_colours: tuple[int, ...] | None = None
    #: "module:function" (an `EndingMaker`): what the results show of the end, if anything
    ending: str | None = None
    #: "module:function" (an `AnimationBench`) for `python main.py bench frames`, if any
    animation_bench: str | None = None
    #: "module:function" giving JSON-ready figures of its own for `python main.py bench rules`
    rules_bench: str | None = None
    #: more `python main.py bench NAME` subcommands: name -> module with `main(args)`
    benchmarks: Mapping[str, str] = field(default_factory=dict)
    #: "module:NAME" of its lesson (a `scenes.boards.lessons.Lesson`), None: it has none
    lesson: str | None = None
    #: "module:NAME" of its `PhoneSpec` (what a seat's phone shows: hands on phones, offered by
    #: a game with secrets), its page script and style beside that module; None: no phones
    phone: str | None = None
    #: "module:NAME" of its headline on the kiosk's attract loop: one sentence (a msgid) saying
    #: what the game is about, in words a passer-by can check on the board; None: its pitch
    headline: str | None = None

    @property
    def key(self) -> str:
        return self.game.key

    def colours(self, scheme: Sequence[SeatColour], players: int) -> tuple[SeatColour, ...]:
        """The seats' colours from `scheme` for a new game: the fixed ones, or the first."""
        order = self.seat_colours or range(players)
        return tuple(scheme[index] for index in order)[:players]

    def ending_of(self, app: AppServices, setup: GameSetup, state: GameState[object]) -> Ending:
        """The results' account of how `state` (over) came out; empty if the game gives none."""
        if self.ending is None:
            return Ending()
        maker: EndingMaker = _load(self.ending)
        return maker(app, setup, state)

    def board_class(self) -> type[Scene]:
        """Its board scene class (`scenes.boards.making.board_scene_class` gives it as a board)."""
        return _load(self.board)

    def how_to_play(self) -> Sequence[Page]:
        return _load(self.pages)

    def tell(self, events: Sequence[Event], names: Sequence[Called]) -> list[tuple[int, str]]:
        tellers: Tellers = _load(self.tellers)
        return tellers(events, names)

    def headline_msgid(self) -> str:
        """The attract loop's headline of the game, in English (a msgid)."""
        return self.game.pitch if self.headline is None else _load(self.headline)

    def load_lesson(self) -> Lesson | None:
        return None if self.lesson is None else _load(self.lesson)

    def face_rule(self) -> FaceRule:
        return _load(self.faces)

    def measure_animations(
        self, app: AppServices, repeats: int = 8, on_frame: Callable[[], object] | None = None
    ) -> list[tuple[str, tuple[float, float]]]:
        """The game's heaviest animations timed (`AnimationBench`); `on_frame()` after each
        frame drawn, if given (a checker looking inside them)."""
        if self.animation_bench is None:
            return []
        bench: AnimationBench = _load(self.animation_bench)
        return bench(app, repeats) if on_frame is None else bench(app, repeats, on_frame)

    def phone_spec(self) -> PhoneSpec | None:
        return None if self.phone is None else _load(self.phone)

    def rules_figures(self) -> list[dict[str, Any]]:
        if self.rules_bench is None:
            return []
        figures: Callable[[], list[dict[str, Any]]] = _load(self.rules_bench)
        return figures()


def _load(path: str) -> Any:
    """The object `module:name` names, its module imported if need be."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)
