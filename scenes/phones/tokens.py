"""The per-seat secrets of a table's phones: one random token per seat, new for every game."""

from __future__ import annotations

import hmac
import secrets

#: random bytes in a token (192 bits: well above the 128 asked for), written URL-safe
TOKEN_BYTES = 24


class SeatTokens:
    """One fresh random token per seat; `seat_of` answers which seat a token opens (or None)."""

    def __init__(self, seats: int) -> None:
        self._tokens = tuple(secrets.token_urlsafe(TOKEN_BYTES) for _ in range(seats))

    def __len__(self) -> int:
        return len(self._tokens)

    def token(self, seat: int) -> str:
        return self._tokens[seat]

    def seat_of(self, token: object) -> int | None:
        """The seat whose token is `token`, compared in constant time; None for anything else."""
        if not isinstance(token, str) or not token.isascii():
            return None
        given = token.encode()
        found = None
        for seat, mine in enumerate(self._tokens):
            if hmac.compare_digest(given, mine.encode()):
                found = seat
        return found
