"""Secrets kept in data files only as salted hashes (the kiosk's operator PIN).

`hash_secret(text)` returns `scrypt$N$r$p$<salt hex>$<hash hex>`: a fresh random salt each time,
so two stands with the same PIN store different strings; `verify(text, stored)` checks a guess
against it in constant time. `scrub_clear_pin(path)` removes a PIN written in clear by older
versions from a file (a set-aside copy of the settings keeps no clear PIN either).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
from pathlib import Path

from scenes.storage.atomic import write_bytes_atomically, write_json_atomically
from scenes.storage.files import Unreadable, parse_json, read_bounded

log = logging.getLogger(__name__)

#: scrypt's cost: 16 MB of memory and a few tens of milliseconds a guess
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
HASH_BYTES = 32
#: the stored form (what `is_hashed` accepts)
HASHED = re.compile(r"scrypt\$(\d{1,9})\$(\d{1,3})\$(\d{1,3})\$([0-9a-f]{16,128})\$([0-9a-f]{64})")
#: the key older versions wrote the PIN under, in clear
CLEAR_PIN_KEY = "kiosk_pin"
#: a set-aside file larger than this is left as it is (a settings file is a few kB)
MAX_SCRUB_BYTES = 4 * 1024 * 1024
_CLEAR_PIN = re.compile(rb'"kiosk_pin"\s*:\s*("(?:[^"\\]|\\.)*"|-?[0-9.eE+-]+)')


def hash_secret(text: str) -> str:
    """`text` salted and hashed with scrypt, in the stored form."""
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(text, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def is_hashed(value: object) -> bool:
    """Is `value` a stored hash this version can check (costs within sane bounds)?"""
    if type(value) is not str:
        return False
    match = HASHED.fullmatch(value)
    if match is None:
        return False
    n, r, p = (int(match.group(i)) for i in (1, 2, 3))
    return 2 <= n <= 2**20 and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 16


def verify(text: str, stored: str) -> bool:
    """Does `text` hash to `stored`? (False for a stored form that is not a hash.)"""
    if not is_hashed(stored):
        return False
    _, n, r, p, salt, digest = stored.split("$")
    try:
        guess = _scrypt(text, bytes.fromhex(salt), int(n), int(r), int(p))
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(guess, bytes.fromhex(digest))


def _scrypt(text: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        text.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=HASH_BYTES, maxmem=2**26
    )


def scrub_clear_pin(path: Path) -> bool:
    """Remove a clear PIN from the file at `path` (a settings file set aside): the key is
    dropped from a JSON object, or its value blanked in text that is not JSON. True if the file
    held one and was rewritten; OSError (or files.Unreadable) if it could not be."""
    raw = read_bounded(Path(path), MAX_SCRUB_BYTES)
    if raw is None or b"kiosk_pin" not in raw:
        return False
    try:
        data = parse_json(raw)
    except Unreadable:
        data = None
    if isinstance(data, dict) and CLEAR_PIN_KEY in data:
        del data[CLEAR_PIN_KEY]
        write_json_atomically(Path(path), data)
    else:
        cleaned = _CLEAR_PIN.sub(b'"kiosk_pin": "(removed)"', raw)
        if cleaned == raw:
            return False
        write_bytes_atomically(Path(path), cleaned)
    log.info("the PIN written in clear in %s was removed", Path(path).name)
    return True
