"""What a good operator PIN is: 4 to 12 digits and not one that is guessed first (0000, 1234,
one digit repeated, or a run such as 123456 or 4321), and its stored form (a salted hash, see
scenes.storage.secret). The kiosk's PIN pad and the settings' check of an old clear PIN both
follow these rules."""

from __future__ import annotations

from scenes.kit.i18n import _
from scenes.storage.secret import hash_secret

SHORTEST = 4
LONGEST = 12
_RUNS = ("0123456789", "9876543210")


def pin_problem(pin: str) -> str | None:
    """Why `pin` may not be the operator PIN (a sentence for the pad), or None if it may."""
    if not (pin.isascii() and pin.isdigit()):
        return _("A PIN is made of digits only.")
    if len(pin) < SHORTEST:
        return _("A PIN has at least {count} digits.").format(count=SHORTEST)
    if len(pin) > LONGEST:
        return _("A PIN has at most {count} digits.").format(count=LONGEST)
    if len(set(pin)) == 1 or any(pin in run for run in _RUNS):
        return _("That PIN is too easy to guess: choose another.")
    return None


def hashed_pin(pin: str) -> str:
    """The stored form of a good PIN; ValueError with the reason for one that is not."""
    problem = pin_problem(pin)
    if problem is not None:
        raise ValueError(problem)
    return hash_secret(pin)
