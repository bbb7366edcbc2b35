"""The main loop's side of the phones: one `PhoneTable` per table that plays with phones.

The setup scene opens it (`open_table`) when "Hands on phones" is turned on: new tokens, the
server listening. Phones join their seat by its code; the board binds the table when the game
starts (`attach`) and from then on a phone's move reaches the board's `phone_move` (checked like a
click) and every joined phone gets its seat's view whenever what it would see changes. The table
closes when its owner (the setup screen, then the board) leaves (its `exit`), and with the app.

Seats here are the setup screen's rows (the codes are made before the game decides who opens);
the board's seats map onto them with `bind`.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import time
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING

import pygame

from game import GAMES
from scenes.kit import i18n
from scenes.kit.assets import asset_folder
from scenes.kit.i18n import _
from scenes.kit.seat_names import Called, human_name, is_default_name
from scenes.kit.seats import GameSetup
from scenes.manager import Scene
from scenes.phones import protocol
from scenes.phones.join_screen import JoinScene
from scenes.phones.network import listen_hosts
from scenes.phones.question import SeatQuestions
from scenes.phones.server import Incoming, PhoneServer
from scenes.phones.spec import PhoneSpec, game_files
from scenes.phones.tokens import SeatTokens
from scenes.phones.views import seat_identity, seat_message
from scenes.phones.words import page_words, words_script
from scenes.services import AppServices

if TYPE_CHECKING:
    from scenes.kit.palette import SeatColour
    from scenes.phones.board import PhoneBoard, PhoneTableSlot

log = logging.getLogger(__name__)

#: a phone that went away (asleep, reloading) keeps its seat this long before the seat falls
#: back to the hand-over screen
GRACE_SECONDS = 20.0
#: the pygame event that wakes the loop when a phone speaks (it carries nothing)
PHONE_EVENT = pygame.event.custom_type()
ROWS = 4  #: seats the setup screen may have

WORDS_TYPE = "text/javascript; charset=utf-8"
PAGE_FILES = {  # path -> (file in scenes/phones/static, content type)
    "/": ("phone.html", "text/html; charset=utf-8"),
    "/phone.css": ("phone.css", "text/css; charset=utf-8"),
    "/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
}


def offers_phones(game: str, app: AppServices) -> bool:
    """Whether the setup of `game` offers "Hands on phones": a game with secrets whose board has
    a phone page; at a kiosk only when the operator turned phones on."""
    if not GAMES[game].hidden_information or app.phone_spec(game) is None:
        return False
    return not app.kiosk or app.settings.kiosk_phones


def page_files(spec: PhoneSpec) -> dict[str, tuple[bytes, str]]:
    """Everything the server serves: the page, its style and script, and the game's script."""
    static = resources.files("scenes.phones").joinpath("static")
    files = {
        path: (static.joinpath(name).read_bytes(), kind)
        for path, (name, kind) in PAGE_FILES.items()
    }
    script, style = game_files(spec)
    files["/game.js"] = (script, "text/javascript; charset=utf-8")
    files["/game.css"] = (style, "text/css; charset=utf-8")
    files["/words.js"] = (words_script(spec.words), WORDS_TYPE)
    art = asset_folder("art")
    for name in spec.art:
        files[f"/art/{name}.svg"] = ((art / f"{name}.svg").read_bytes(), "image/svg+xml")
    return files


def _wake() -> None:
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(PHONE_EVENT))


@dataclass
class Holder:
    """The phone that holds a seat: its connection (None while it is away) and device id."""

    connection: int | None
    device: str
    left_at: float = 0.0


class PhoneTable:
    """Tokens, server and joined phones of one table (see the module docstring)."""

    def __init__(
        self, app: AppServices, game: str, owner: Scene, hosts: list[str] | None = None
    ) -> None:
        spec = app.phone_spec(game)
        if spec is None:
            raise ValueError(f"{game} offers no phone page")
        self.app = app
        self.game = game
        self.spec = spec
        self.owner = owner  # the scene whose leaving closes the table
        self.tokens = SeatTokens(ROWS)
        self.hosts = hosts or listen_hosts()
        self.server = PhoneServer(self.tokens, page_files(spec), self.hosts, wake=_wake)
        self.holders: dict[int, Holder] = {}
        self.waiting: dict[int, tuple[int, str]] = {}  # row -> (connection, device) asking
        #: the big screen's questions about them, one per seat at most
        self.questions = SeatQuestions(app, self._allow, self._keep_first)
        self.board: PhoneBoard | None = None
        #: the setup the board will be built from (set by `expect`)
        self.setup: GameSetup | None = None
        self.rows: list[int] = []  # board seat -> row
        self.names: list[str] = []  # row -> name shown before the game starts
        self.humans: list[bool] = [True] * ROWS
        #: row -> colour shown before the game starts (None: decided when it starts)
        self.colours: list[SeatColour | None] = []
        self.closed = False
        self._sent: dict[int, str] = {}  # connection -> the last text sent to it
        self._signature: object = None
        self._messages: dict[int, str] = {}
        self._language = i18n.generation()  # the language /words.js was written in

    # --- life -----------------------------------------------------------------------------------

    def start(self) -> None:
        """Listen (OSError with the reason if it cannot)."""
        self.server.start()

    def close(self, reason: str | None = None) -> None:
        """Let every phone go (saying `reason`, by default that the game was closed) and stop
        listening."""
        if self.closed:
            return
        reason = reason or _("The game on the big screen was closed.")
        self.closed = True
        for holder in self.holders.values():
            if holder.connection is not None:
                self.server.drop(holder.connection, protocol.write("bye", reason=reason))
        for connection, _device in self.waiting.values():
            self.server.drop(connection, protocol.write("bye", reason=reason))
        self.holders.clear()
        self.waiting.clear()
        self.questions.withdraw_all()
        self.server.stop()
        if self.app.phone_table is self:
            self.app.phone_table = None

    def url(self, row: int) -> str:
        """The address a row's code holds: the page, with the seat's token after `#` (a browser
        never sends what follows `#` in a request)."""
        return f"http://{self.hosts[0]}:{self.server.port}/#{self.tokens.token(row)}"

    def url_lines(self, row: int) -> tuple[str, str]:
        """The address in two lines, for a person to type when a camera cannot read the code."""
        return f"http://{self.hosts[0]}:{self.server.port}/", f"#{self.tokens.token(row)}"

    # --- seats ----------------------------------------------------------------------------------

    def row_joined(self, row: int) -> bool:
        """A phone holds `row`: connected, or away for less than GRACE_SECONDS."""
        holder = self.holders.get(row)
        return holder is not None and (
            holder.connection is not None or time.monotonic() - holder.left_at < GRACE_SECONDS
        )

    def row_connected(self, row: int) -> bool:
        holder = self.holders.get(row)
        return holder is not None and holder.connection is not None

    def seat_joined(self, seat: int) -> bool:
        return 0 <= seat < len(self.rows) and self.row_joined(self.rows[seat])

    def seat_online(self, seat: int) -> bool:
        """`seat`'s phone is connected now (not away for a moment)."""
        return 0 <= seat < len(self.rows) and self.row_connected(self.rows[seat])

    @property
    def joined_count(self) -> int:
        """Devices connected now."""
        return sum(self.row_connected(row) for row in self.holders)

    def set_table(
        self, names: list[str], humans: list[bool], colours: list[SeatColour | None]
    ) -> None:
        """The setup screen's rows as they stand (before the game): names, who is human and
        their colours (None: decided when the game starts)."""
        self.names, self.humans, self.colours = list(names), list(humans), list(colours)

    def expect(self, setup: GameSetup, rows: list[int]) -> None:
        """The game `setup` is about to start; its seat i is the setup screen's row rows[i]."""
        self.setup, self.rows = setup, list(rows)

    def bind(self, board: PhoneBoard) -> bool:
        """`board` plays the expected game with these phones; False if it is another game."""
        if self.closed or board.setup is not self.setup or board.spectator:
            return False
        self.board = board
        self.owner = board.scene
        for seat, row in enumerate(self.rows):
            if not board.setup.is_human(seat):
                self._let_go(row, _("This seat is played by the computer."))
        for row in range(ROWS):
            if row not in self.rows:
                self._let_go(row, _("This seat is not in the game."))
        self._signature = None
        return True

    def show_codes(self, continued: bool = False) -> None:
        """Show the codes of the game's people over the board (a phone may join late;
        `continued`: a saved game goes on, and its phones need the new codes)."""
        if self.board is None:
            return
        setup = self.board.setup
        rows = [
            (self.rows[seat], setup.names[seat], setup.colours[seat])
            for seat in range(setup.players)
            if setup.is_human(seat)
        ]
        self.app.manager.push(JoinScene(self.app, self, rows, continued))

    def _let_go(self, row: int, reason: str) -> None:
        holder = self.holders.pop(row, None)
        if holder is not None and holder.connection is not None:
            self.server.drop(holder.connection, protocol.write("bye", reason=reason))
        asking = self.waiting.pop(row, None)
        if asking is not None:
            self.server.drop(asking[0], protocol.write("bye", reason=reason))
            self.questions.withdraw(row)

    def _seat_of_row(self, row: int) -> int | None:
        return self.rows.index(row) if row in self.rows else None

    def _name_of_row(self, row: int) -> str:
        seat = self._seat_of_row(row)
        if self.board is not None and seat is not None:
            return self.board.setup.names[seat]
        if row < len(self.names):
            return self.names[row]
        return human_name(row)

    def _called_of_row(self, row: int) -> Called:
        """The name of `row`'s seat as a sentence says it (scenes.kit.seat_names)."""
        seat = self._seat_of_row(row)
        if self.board is not None and seat is not None:
            return self.board.setup.called(seat)
        name = self._name_of_row(row)
        return Called(name, honoured=not is_default_name(name, row))

    # --- the loop -------------------------------------------------------------------------------

    def poll(self) -> bool:
        """Answer what the phones said since the last frame, let go of phones away too long,
        and send each joined phone what changed for it. True if the screen may have changed."""
        if self.closed:
            return False
        heard = False
        while True:
            try:
                item = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            heard = True
            try:
                self._handle(item)
            except Exception:  # one bad message must not stop the table
                log.exception("phone message %s failed", item)
        expired = self._expire()
        self._publish()
        return heard or expired

    def _handle(self, item: Incoming) -> None:
        row = item.seat
        if row is None:
            return
        if item.kind == "hello":
            self._hello(item.connection, row, item.device)
        elif item.kind == "move":
            self._move(item.connection, row, item.move)
        elif item.kind == "answer":
            self._answer(item.connection, row, item.move == "allow")
        elif item.kind == "gone":
            self._gone(item.connection, row)

    def _hello(self, connection: int, row: int, device: str) -> None:
        if self.board is not None:
            seat = self._seat_of_row(row)
            refusal = (
                _("This seat is not in the game.")
                if seat is None
                else _("This seat is played by the computer.")
                if not self.board.setup.is_human(seat)
                else None
            )
            if refusal is not None:
                self.server.drop(connection, protocol.write("bye", reason=refusal))
                return
        holder = self.holders.get(row)
        if holder is None or holder.connection is None or (device and device == holder.device):
            self._accept(connection, row, device)
            return
        if holder.connection == connection:
            self._resend(connection)
            return
        self._ask_second_phone(connection, row, device)

    def _accept(self, connection: int, row: int, device: str) -> None:
        holder = self.holders.get(row)
        if holder is not None and holder.connection not in (None, connection):
            self.server.drop(
                holder.connection,
                protocol.write("bye", reason=_("This seat was opened on another page.")),
            )
        self.holders[row] = Holder(connection, device)
        self.server.hold(connection)
        self._signature = None
        seat = self._seat_of_row(row)
        if self.board is not None and seat is not None:
            self.board.phone_joined(seat)

    def _ask_second_phone(self, connection: int, row: int, device: str) -> None:
        """Another phone asks for `row`, which has one: the big screen is asked (one question per
        seat: a newer asker takes the earlier one's place, and the earlier one is let go)."""
        earlier = self.waiting.get(row)
        if earlier is not None and earlier[0] != connection:
            self.server.drop(
                earlier[0], protocol.write("bye", reason=_("Another phone asked for this seat."))
            )
        self.waiting[row] = (connection, device)
        name = self._called_of_row(row)
        self.server.send(
            connection,
            protocol.write(
                "waiting",
                reason=_(
                    "{name}'s seat already has a phone: the big screen asks whether to let "
                    "this one in."
                ).format(name=name),
            ),
        )
        self.questions.ask(row, name, connection)

    def _allow(self, row: int, connection: int) -> None:
        """The big screen let `connection` take `row` from its first phone."""
        asking = self.waiting.get(row)
        if asking is not None and asking[0] == connection:
            del self.waiting[row]
            self._accept(connection, row, asking[1])

    def _keep_first(self, row: int, connection: int) -> None:
        """The big screen kept `row` on its first phone: `connection` is let go."""
        asking = self.waiting.get(row)
        if asking is not None and asking[0] == connection:
            del self.waiting[row]
            self.server.drop(
                connection,
                protocol.write("bye", reason=_("The big screen kept this seat on its phone.")),
            )

    def _playing_seat(self, connection: int, row: int) -> int | None:
        """The board seat `connection` plays, or None (and the phone is told why)."""
        holder = self.holders.get(row)
        if holder is None or holder.connection != connection:
            refusal = protocol.refused(_("This phone does not hold the seat now."))
            self.server.send(connection, refusal)
            return None
        seat = self._seat_of_row(row)
        if self.board is None or seat is None:
            self.server.send(connection, protocol.refused(_("The game has not started yet.")))
            return None
        return seat

    def _move(self, connection: int, row: int, text: str) -> None:
        seat = self._playing_seat(connection, row)
        if seat is not None and self.board is not None:
            reason = self.board.phone_move(seat, text)
            if reason is not None:
                self.server.send(connection, protocol.refused(reason))

    def _answer(self, connection: int, row: int, allow: bool) -> None:
        seat = self._playing_seat(connection, row)
        if seat is not None and self.board is not None:
            reason = self.board.phone_answer(seat, allow)
            if reason is not None:
                self.server.send(connection, protocol.refused(reason))

    def _gone(self, connection: int, row: int) -> None:
        holder = self.holders.get(row)
        if holder is not None and holder.connection == connection:
            holder.connection = None
            holder.left_at = time.monotonic()
            self._signature = None
        if self.waiting.get(row, (None,))[0] == connection:
            del self.waiting[row]
            self.questions.withdraw(row)

    def _expire(self) -> bool:
        expired = False
        for row, holder in list(self.holders.items()):
            if holder.connection is None and not self.row_joined(row):
                del self.holders[row]
                self._signature = None
                expired = True
                if self.board is not None and not self.board.state.is_over:
                    self.app.notify(
                        _(
                            "{name}'s phone has left: their turns use the hand-over screen again."
                        ).format(name=self._called_of_row(row))
                    )
        return expired

    # --- what each phone is sent -----------------------------------------------------------------

    def _publish(self) -> None:
        if self._language != i18n.generation():  # a page loaded now starts in the new language
            self._language = i18n.generation()
            self.server.files["/words.js"] = (words_script(self.spec.words), WORDS_TYPE)
        connections = {r: h.connection for r, h in self.holders.items() if h.connection}
        if not connections:
            return
        signature = (
            i18n.generation(),
            self.board.phone_signature()
            if self.board is not None
            else (tuple(self.names), tuple(self.colours)),
            tuple(sorted(connections.items())),
            tuple(self.humans),
        )
        if signature != self._signature:
            self._signature = signature
            self._messages = {row: self.message(row) for row in connections}
        for row, connection in connections.items():
            text = self._messages.get(row)
            if text is not None and self._sent.get(connection) != text:
                self._sent[connection] = text
                self.server.send(connection, text)

    def _resend(self, connection: int) -> None:
        self._sent.pop(connection, None)

    def message(self, row: int) -> str:
        """What the phone of `row` is sent now (see `protocol`)."""
        seat = self._seat_of_row(row)
        if self.board is None or seat is None:
            return protocol.write(
                "lobby",
                lang=i18n.language(),
                words=page_words(self.spec.words),
                seat=row,
                name=self._name_of_row(row),
                players=[
                    {
                        "name": self.names[r],
                        **seat_identity(self.colours[r] if r < len(self.colours) else None),
                        "phone": self.row_joined(r),
                        "you": r == row,
                    }
                    for r in range(len(self.names))
                    if self.humans[r]
                ],
            )
        return protocol.write(
            "view",
            lang=i18n.language(),
            words=page_words(self.spec.words),
            **seat_message(self.board, seat, self.spec),
        )


def open_table(app: AppServices, game: str, owner: Scene) -> PhoneTable | str:
    """Start the phones of a table of `game` for `owner` (the setup scene): the table, or why it
    cannot listen."""
    close_table(app)
    table = PhoneTable(app, game, owner)
    try:
        table.start()
    except OSError as error:
        table.close()
        return _("Phones cannot join: {error}.").format(error=error)
    app.phone_table = table
    return table


def close_table(app: AppServices) -> None:
    table = app.phone_table
    if table is not None:
        with contextlib.suppress(Exception):
            table.close()
    app.phone_table = None


def reopen(app: AppServices, board: PhoneBoard) -> PhoneTable | None:
    """New phones for `board`, a continued game some of whose seats played on their phones:
    a table with new codes (each seat its own row), or None (with a notice if it cannot
    listen) where phones are not offered."""
    game = board.setup.game
    if not offers_phones(game, app):
        return None
    table = open_table(app, game, board.scene)
    if isinstance(table, str):
        app.notify(table)
        return None
    table.expect(board.setup, list(range(board.setup.players)))
    if table.bind(board):
        return table
    table.close()  # (not left listening for a board that does not play with it)
    return None


def attach(app: AppServices, board: PhoneBoard) -> PhoneTableSlot | None:
    """The phone table that `board` plays with, if its game was set up with phones."""
    table = app.phone_table
    if table is not None and table.bind(board):
        return table
    return None
