"""The messages between a phone page and the host, as JSON text over one websocket.

Phone -> host (every message carries the seat's token, checked each time):
- `{"t": "hello", "token": T, "device": D}`: join (or rejoin after a sleep or a reload) the seat
  of T. D is a random id the page keeps, so the same phone coming back is not taken for a second
  phone.
- `{"t": "move", "token": T, "move": "place bM b2"}`: a move in the game's notation.
- `{"t": "answer", "token": T, "answer": "allow"}` (or "refuse"): the seat's answer to the undo
  request its view shows it (`view`'s `undo`, when `yours`).

Host -> phone:
- `{"t": "lobby", ...}`: the seat's name and the table, before the game starts.
- `{"t": "view", "ply": n, "seat": s, "your_turn": bool, "status": ..., "board": {...}, ...}`:
  what the seat may see now; `board` comes from the game's own phone module, from `view(seat)`.
  Beside it, in words: `last` (what the last player did: the big screen's newest log line),
  `paused` (the big screen's pause menu is open), `undo` (an undo request: `question`, `decides`
  and `yours`, whether this seat answers it) and, once the game is over, `end` (the winner, each
  seat's total and its parts, and the game's own notes: `PhoneSpec.ending`).
- `{"t": "refused", "reason": ...}`: a move or a message was refused, in words.
- `{"t": "waiting", "reason": ...}`: another phone holds the seat: the big screen is asked.
- `{"t": "bye", "reason": ...}`: this page is let go (game over and left, seat given away).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scenes.kit.i18n import N_

#: the longest message a phone may send, in bytes (a move is a few dozen); longer ones close
#: the connection (websocket close code 1009)
MAX_MESSAGE_BYTES = 1024
#: the longest move text and device id read
MAX_MOVE_CHARS = 64
MAX_DEVICE_CHARS = 64
KINDS = ("hello", "move", "answer")
ANSWERS = ("allow", "refuse")


class ProtocolError(ValueError):
    """A message that is not one the page sends; the text says why, in words (English, marked
    for translation: the server translates it when it answers)."""


@dataclass(frozen=True)
class PhoneMessage:
    """One message from a phone, read and checked for shape (not yet for its token)."""

    kind: str
    token: str
    move: str = ""  #: a move's notation; an answer's "allow" or "refuse"
    device: str = ""


def read(raw: str | bytes) -> PhoneMessage:
    """The message in `raw`; ProtocolError if it is not JSON of a known shape."""
    if isinstance(raw, bytes):
        raise ProtocolError(N_("Messages are text, not binary."))
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(N_("That message is too long."))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError(N_("That message is not readable.")) from None
    if not isinstance(data, dict):
        raise ProtocolError(N_("That message is not readable."))
    kind = data.get("t")
    if kind not in KINDS:
        raise ProtocolError(N_("That message is not one the page sends."))
    token = data.get("token")
    if not isinstance(token, str) or not 0 < len(token) <= 100:
        raise ProtocolError(N_("That message has no seat code: scan the code on the big screen."))
    if kind == "move":
        move = data.get("move")
        if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE_CHARS:
            raise ProtocolError(N_("That move is not written as a move."))
        return PhoneMessage(kind, token, move=move.strip())
    if kind == "answer":
        answer = data.get("answer")
        if answer not in ANSWERS:
            raise ProtocolError(N_("That answer is neither allow nor refuse."))
        return PhoneMessage(kind, token, move=answer)
    device = data.get("device", "")
    if not isinstance(device, str) or len(device) > MAX_DEVICE_CHARS:
        device = ""
    return PhoneMessage(kind, token, device=device)


def write(kind: str, **fields: object) -> str:
    """A host message as JSON text."""
    return json.dumps({"t": kind, **fields}, separators=(",", ":"), sort_keys=True)


def refused(reason: str) -> str:
    return write("refused", reason=reason)
