"""The stand's opening hours (`kiosk_hours` in the settings: [] always open, or ["HH:MM",
"HH:MM"], opening before closing on one day, local time): whether the stand is open at a moment
of its wall clock, and when it opens next."""

from __future__ import annotations

import time
from collections.abc import Sequence

#: the steps the operator screen offers, in minutes of the day
STEP_MINUTES = 30
DEFAULT_HOURS = ("10:00", "18:00")


def minutes(clock: str) -> int:
    """ "HH:MM" -> minutes since midnight."""
    return int(clock[:2]) * 60 + int(clock[3:])


def clock_text(minute: int) -> str:
    """Minutes since midnight -> "HH:MM" (24-hour clock)."""
    return f"{minute // 60:02d}:{minute % 60:02d}"


def minute_of_day(wall: float) -> int:
    """The local minute of the day at `wall` (seconds since the epoch)."""
    moment = time.localtime(wall)
    return moment.tm_hour * 60 + moment.tm_min


def is_open(hours: Sequence[str], wall: float) -> bool:
    """The stand is open at `wall`: always without hours, else from opening (included) to
    closing (excluded)."""
    if not hours:
        return True
    now = minute_of_day(wall)
    return minutes(hours[0]) <= now < minutes(hours[1])


def opens_today(hours: Sequence[str], wall: float) -> bool:
    """Closed at `wall`, the stand opens again later the same day (else: the next day)."""
    return bool(hours) and minute_of_day(wall) < minutes(hours[0])


def seconds_to_change(hours: Sequence[str], wall: float) -> float | None:
    """Seconds from `wall` until the stand next opens or closes (None: always open)."""
    if not hours:
        return None
    now = time.localtime(wall)
    into_minute = now.tm_sec + (wall % 1)
    today = minute_of_day(wall)
    later = [m for m in (minutes(hours[0]), minutes(hours[1])) if m > today]
    target = later[0] if later else minutes(hours[0]) + 24 * 60
    return max(0.0, (target - today) * 60 - into_minute)
