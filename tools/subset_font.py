"""Subset Noto Sans CJK JP to the characters the app can show, for assets/fonts/ (rerun it after
the catalogs change: tests/test_i18n_catalog.py fails while a character is missing).

Usage: python tools/subset_font.py [--check]
- without options: write assets/fonts/NotoSansCJKjp-{Medium,Bold}.subset.otf from Debian's
  fonts (`apt-get install fonts-noto-cjk fonts-noto-cjk-extra`: Bold is in the first, Medium in
  the second); rerunning with the same characters writes the same bytes.
- --check: say which needed characters the shipped fonts lack (exit 1 if any); needs no source.

The characters: every translation in assets/locale (all .po files), every non-ASCII character in
the sources of game/ and scenes/ (symbols and the language names), printable ASCII and Latin-1
(names typed in a Latin script), and the whole of hiragana, katakana, CJK punctuation and the
full- and half-width forms (names typed in kana). Medium, the weight names are typed and mostly
drawn in, also holds the 2,965 kanji of JIS level 1 (JIS X 0208 rows 16-47: the kanji of nearly
every Japanese given and family name): measured, they add 1.54 MB to Medium (139 kB -> 1.72 MB),
and would add as much again to Bold, past the 2 MB budget, so Bold keeps the catalogs' kanji only
and a name's other kanji are drawn with Medium made bold (scenes.kit.fonts). A name field refuses
a character the fonts lack (JIS level 2 and beyond), with a message.

`assets/fonts/characters.txt` lists what each weight holds (line 1: Bold; line 2: the kanji only
Medium has), for the app, which reads no font tables itself.

Medium is the regular weight: it matches the weight of pygame's default font (which the English
text keeps: rendered side by side, Noto's Latin looked lighter and narrower than the app's
heavy, friendly default); Bold is the bold.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import unicodedata
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTFont

from scenes.kit.fonts import CHARACTERS_FILE, CJK_FACES, FONT_DIR
from scenes.kit.i18n import LOCALE_DIR

SOURCES = {
    "Medium": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Medium.ttc"),
    "Bold": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
}
#: the face of the collections that is Noto Sans CJK JP (Japanese glyph forms)
JP_FACE = 0
#: OpenType features kept: kerning, proportional CJK punctuation widths, ligatures, local forms
FEATURES = ["kern", "palt", "liga", "locl", "ccmp"]
BLOCKS = (
    (0x20, 0x7E),  # ASCII
    (0xA0, 0xFF),  # Latin-1
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3041, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF01, 0xFF9F),  # full-width forms and half-width katakana
)


def catalog_characters() -> set[str]:
    """Every character of every translation in the catalogs."""
    found: set[str] = set()
    for path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        with path.open("rb") as source:
            for message in read_po(source):
                if message.id:
                    strings = message.string
                    found.update(*(strings if isinstance(strings, tuple) else (strings,)))
    return found


def source_characters() -> set[str]:
    """Every non-ASCII character written in the app's sources (symbols, language names)."""
    found: set[str] = set()
    for folder in ("game", "scenes"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            found.update(ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7E)
    return found


def needed_characters() -> set[str]:
    blocks = {chr(code) for low, high in BLOCKS for code in range(low, high + 1)}
    found = catalog_characters() | source_characters() | blocks
    return {ch for ch in found if unicodedata.category(ch)[0] != "C" and ord(ch) <= 0xFFFF}


def name_kanji() -> set[str]:
    """The kanji of JIS level 1 (JIS X 0208 rows 16 to 47), read through the EUC-JP codec."""
    found = set()
    for row in range(0xB0, 0xD0):
        for cell in range(0xA1, 0xFF):
            try:
                found.add(bytes([row, cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return found


def weight_characters(weight: str) -> set[str]:
    """What a weight's subset holds: Medium adds the name kanji."""
    needed = needed_characters()
    return needed | name_kanji() if weight == "Medium" else needed


def characters_file(bold: set[str], medium: set[str]) -> str:
    """The text of assets/fonts/characters.txt (see the module docstring)."""
    return "".join(sorted(bold)) + "\n" + "".join(sorted(medium - bold)) + "\n"


def shipped_characters(weight: str) -> set[str]:
    with TTFont(FONT_DIR / CJK_FACES[weight == "Bold"]) as font:
        return {chr(code) for code in font.getBestCmap()}


def build(weight: str, characters: set[str]) -> bytes:
    """The subset of `weight` holding `characters` (those the font has)."""
    options = subset.Options()
    options.layout_features = FEATURES
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14]
    font = TTFont(SOURCES[weight], fontNumber=JP_FACE, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in characters))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the shipped fonts")
    options = parser.parse_args(arguments)
    if options.check:
        missing = {w: weight_characters(w) - shipped_characters(w) for w in SOURCES}
        for weight, chars in missing.items():
            if chars:
                print(f"{weight} lacks {len(chars)}: {''.join(sorted(chars))[:200]}")
        listing = FONT_DIR / CHARACTERS_FILE
        held = {w: shipped_characters(w) for w in SOURCES}
        current = characters_file(held["Bold"], held["Medium"])
        stale = not listing.is_file() or listing.read_text(encoding="utf-8") != current
        if stale:
            print(f"{CHARACTERS_FILE} does not list what the shipped fonts hold: rerun the tool")
        return 1 if any(missing.values()) or stale else 0
    FONT_DIR.mkdir(parents=True, exist_ok=True)
    held = {}
    for weight, source in SOURCES.items():
        if not source.is_file():
            print(f"{source} is missing: apt-get install fonts-noto-cjk fonts-noto-cjk-extra")
            return 1
        data = build(weight, weight_characters(weight))
        with TTFont(io.BytesIO(data)) as font:
            held[weight] = {chr(code) for code in font.getBestCmap()}
        target = FONT_DIR / CJK_FACES[weight == "Bold"]
        changed = not target.is_file() or target.read_bytes() != data
        if changed:
            target.write_bytes(data)
        print(f"{target.name}: {len(data) / 1024:.0f} kB, {'written' if changed else 'unchanged'}")
    listing = FONT_DIR / CHARACTERS_FILE
    text = characters_file(held["Bold"], held["Medium"])
    if not listing.is_file() or listing.read_text(encoding="utf-8") != text:
        listing.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
