"""Refresh the message catalogs: extract the marked text, merge it into every language's `.po`,
compile the `.mo` the app reads. Needs Babel (`pip install -e '.[test]'`).

Usage: python tools/i18n.py [refresh | extract | update | compile | check | init LANG]
- refresh (default): extract, update, compile: run it after changing any marked text, then
  translate what `check` reports in assets/locale/<lang>/LC_MESSAGES/tabletop_trio.po and run
  it again.
- extract: the template assets/locale/tabletop_trio.pot from the sources (babel.cfg).
- update: merge the template into each language's .po (new texts empty, changed ones fuzzy).
- compile: each .po to its .mo (committed: the wheel ships it; tests check it is current).
- check: exit 1 if the template, a .po or a .mo is out of date, or a text is untranslated.
- init LANG: start the catalog of a new language (then add it to LANGUAGES in
  scenes/kit/i18n.py).
- adopt LANG FILE.po: fill LANG's untranslated or fuzzy texts from another .po of that language
  (after a merge: take one side's catalogs, run refresh, then adopt the other side's .po, e.g.
  `git show BRANCH:assets/locale/ja/LC_MESSAGES/tabletop_trio.po > /tmp/other.po`), then compile.

The files only change when a text changed: a run that finds nothing new leaves them as they
are (no new dates in the headers).
"""

from __future__ import annotations

import gettext
import io
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from scenes.kit.i18n import DOMAIN, LOCALE_DIR

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: `L_`, `LN_` and `LP_` are scenes.kit.i18n's lazy messages; Babel knows the other markers already
KEYWORDS = ("L_", "LN_:1,2", "LP_:1c,2")


def _pybabel(*arguments: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", *arguments], check=True, cwd=ROOT
    )


def languages() -> list[str]:
    """The languages that have a catalog (a folder under assets/locale)."""
    return sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _entries(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalog says, without its header's dates: ids, translations, flags and comments."""
    return [
        (m.id, m.string, m.context, sorted(m.flags), m.auto_comments, m.user_comments, m.locations)
        for m in catalog
        if m.id
    ]


def extracted() -> tuple[Catalog, bytes]:
    """The template as the sources mark it now (nothing is written)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "new.pot"
        _pybabel(
            "extract", "-F", "babel.cfg", "-o", str(out), "--add-location=file",
            "--sort-by-file", "--add-comments=TRANSLATORS:", "--project=Tabletop Trio",
            "--copyright-holder=The Tabletop Trio authors", "--no-wrap",
            *(f"--keyword={keyword}" for keyword in KEYWORDS), ".",
        )  # fmt: skip
        return read_catalog(out), out.read_bytes()


def extract() -> bool:
    """Write the template if the marked text changed; True if it did."""
    catalog, data = extracted()
    if TEMPLATE.is_file() and _entries(read_catalog(TEMPLATE)) == _entries(catalog):
        return False
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(data)
    return True


def update() -> None:
    """Merge the template into each language's .po (only the ones whose messages change)."""
    for code in languages():
        path = po_path(code)
        before = _entries(read_catalog(path))
        with tempfile.TemporaryDirectory() as folder:
            trial = Path(folder) / code / "LC_MESSAGES" / f"{DOMAIN}.po"
            trial.parent.mkdir(parents=True)
            trial.write_bytes(path.read_bytes())
            _pybabel(
                "update", "-i", str(TEMPLATE), "-d", folder, "-D", DOMAIN, "-l", code,
                "--no-wrap", "--ignore-obsolete",
            )  # fmt: skip
            if _entries(read_catalog(trial)) != before:
                path.write_bytes(trial.read_bytes())


def compiled(code: str) -> bytes:
    """The .mo of `code`'s .po (fuzzy translations left out, as gettext expects)."""
    out = io.BytesIO()
    write_mo(out, read_catalog(po_path(code)), use_fuzzy=False)
    return out.getvalue()


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


#: header lines of a .mo that say which tool wrote it, not what it translates
TOOL_HEADERS = ("generated-by:",)


def translations_of(data: bytes) -> dict[object, str]:
    """What a compiled catalog translates: its messages, and its header without the lines that
    name the tool that compiled it (a newer Babel writes another version there, not other text)."""
    catalog = dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]
    header = catalog.pop("", "")
    lines = [line for line in header.splitlines() if not line.lower().startswith(TOOL_HEADERS)]
    return {**catalog, "": "\n".join(lines)}


def mo_is_current(code: str) -> bool:
    """True when `code`'s .mo holds exactly the translations of its .po: compared by content,
    whatever the files' times or the Babel that compiled either."""
    if not mo_path(code).is_file():
        return False
    return translations_of(mo_path(code).read_bytes()) == translations_of(compiled(code))


def compile_all() -> None:
    for code in languages():
        data = compiled(code)
        if not mo_path(code).is_file() or mo_path(code).read_bytes() != data:
            mo_path(code).write_bytes(data)


def problems() -> list[str]:
    """What is out of date or untranslated (empty when the catalogs are ready to ship)."""
    found = []
    template = read_catalog(TEMPLATE) if TEMPLATE.is_file() else None
    if template is None or _entries(template) != _entries(extracted()[0]):
        found.append(f"{TEMPLATE.name} is not what the sources mark: run tools/i18n.py")
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template or []}
    wanted.discard(("", None))
    for code in languages():
        catalog = read_catalog(po_path(code))
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
        if have != wanted:
            found.append(f"{code}: the .po is not merged with the template: run tools/i18n.py")
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.id and (message.fuzzy or not all(strings)):
                found.append(f"{code}: not translated: {message.id!r}")
        if not mo_is_current(code):
            found.append(f"{code}: the .mo is not what the .po compiles to: run i18n.py compile")
    return found


def adopt(code: str, other: Path) -> int:
    """Fill `code`'s untranslated or fuzzy texts with the translations `other` holds; how many."""
    catalog = read_catalog(po_path(code))
    known = {(m.id, m.context): m.string for m in read_catalog(other) if m.id and not m.fuzzy}
    filled = 0
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found = known.get((message.id, message.context))
        if message.id and (message.fuzzy or not all(strings)) and found:
            message.string = found
            message.flags.discard("fuzzy")
            filled += 1
    if filled:
        out = io.BytesIO()
        write_po(out, catalog, width=0, ignore_obsolete=True)
        po_path(code).write_bytes(out.getvalue())
    return filled


def main(arguments: list[str]) -> int:
    command = arguments[0] if arguments else "refresh"
    if command == "adopt" and len(arguments) == 3:
        print(f"{adopt(arguments[1], Path(arguments[2]))} translations adopted")
        compile_all()
        return 0
    if command == "init" and len(arguments) == 2:
        if po_path(arguments[1]).exists():
            print(f"{po_path(arguments[1])} exists already: run tools/i18n.py to update it")
            return 1
        extract()
        _pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-D", DOMAIN,
                 "-l", arguments[1], "--no-wrap")  # fmt: skip
        return 0
    if command in ("refresh", "extract"):
        print("template changed" if extract() else "template unchanged")
    if command in ("refresh", "update"):
        update()
    if command in ("refresh", "compile"):
        compile_all()
    if command in ("refresh", "check"):
        found = problems()
        print("\n".join(found) or "catalogs up to date and translated")
        return 1 if found and command == "check" else 0
    if command not in ("refresh", "extract", "update", "compile", "check"):
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
