"""The message catalogs: every marked text translated, placeholders kept, plural forms given, the
compiled catalogs current, and every character of a translation in the shipped font (no tofu)."""

import importlib.util
import io
import os
import re
import shutil
import string
from pathlib import Path

import babel.messages.catalog
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from scenes.kit import fonts, i18n

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def catalog(code):
    with (i18n.LOCALE_DIR / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as source:
        return read_po(source)


def messages(code):
    return [message for message in catalog(code) if message.id]


def fields(text):
    """The names of the {fields} of a str.format text (ValueError if its braces are broken)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_offered_language_but_english_has_a_catalog():
    tool = _tool()
    assert sorted(tool.languages()) == sorted(LANGUAGES) and LANGUAGES


def test_the_template_and_catalogs_are_what_the_sources_mark_and_compiled():
    assert _tool().problems() == []


@pytest.fixture
def copied_catalogs(tmp_path, monkeypatch):
    """The i18n tool working on a copy of the shipped catalogs (to age, rewrite or break)."""
    tool = _tool()
    shutil.copytree(i18n.LOCALE_DIR, tmp_path / "locale")
    monkeypatch.setattr(tool, "LOCALE_DIR", tmp_path / "locale")
    return tool


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("mo_age", [-86400, 0, 86400])
def test_the_compiled_catalog_check_reads_content_not_file_times(copied_catalogs, code, mo_age):
    """A fresh clone gives every file the time of the checkout in git's own order: the .mo may be
    older or newer than its .po, and the check must say the same either way."""
    tool = copied_catalogs
    po_time = tool.po_path(code).stat().st_mtime
    os.utime(tool.mo_path(code), (po_time + mo_age, po_time + mo_age))
    assert tool.mo_is_current(code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_catalog_compiled_by_another_babel_is_current_and_a_changed_one_is_not(
    copied_catalogs, code, monkeypatch
):
    """The compiled header names the Babel that wrote it (a fresh environment may install a newer
    one); that line is no translation. A translation changed or lost in the .mo is caught."""
    tool = copied_catalogs
    shipped = tool.mo_path(code).read_bytes()
    out = io.BytesIO()
    with monkeypatch.context() as babel_99:
        babel_99.setattr(babel.messages.catalog, "VERSION", "99.0")
        write_mo(out, tool.read_catalog(tool.po_path(code)))
    assert out.getvalue() != shipped and b"Babel 99.0" in out.getvalue()
    tool.mo_path(code).write_bytes(out.getvalue())
    assert tool.mo_is_current(code)
    changed = tool.read_catalog(tool.po_path(code))
    message = next(m for m in changed if m.id and isinstance(m.string, str) and m.string)
    message.string += "!"
    out = io.BytesIO()
    write_mo(out, changed)
    tool.mo_path(code).write_bytes(out.getvalue())
    assert not tool.mo_is_current(code)
    tool.mo_path(code).unlink()
    assert not tool.mo_is_current(code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_is_translated(code):
    untranslated = [
        message.id
        for message in messages(code)
        if message.fuzzy
        or not all(message.string if isinstance(message.string, tuple) else [message.string])
    ]
    assert untranslated == []
    assert len(messages(code)) > 60


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_placeholder_is_lost_or_mistyped(code):
    for message in messages(code):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = fields(ids[-1])
        for translated in strings:
            assert fields(translated) == wanted, (message.id, translated)
            filled = translated.format(**{name: "X" for name in wanted})  # well-formed braces
            assert "{" not in filled and "}" not in filled


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_texts_have_every_form_of_the_language(code):
    whole = catalog(code)
    plurals = [m for m in whole if m.id and isinstance(m.id, tuple)]
    assert plurals, "no plural text: the plural machinery is untested"
    for message in plurals:
        assert len(message.string) == whole.num_plurals, message.id


def test_every_character_of_every_translation_is_in_the_shipped_font():
    used = set("".join(i18n.LANGUAGES.values()))
    for code in LANGUAGES:
        for message in messages(code):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            used.update("".join(strings))
    used.discard("\n")  # a line break chosen by the translator: fonts.wrap breaks there
    for bold, name in fonts.CJK_FACES.items():
        with TTFont(fonts.FONT_DIR / name) as font:
            have = {chr(code) for code in font.getBestCmap()}
        assert sorted(used - have) == [], f"{name} (bold={bold}) draws these as tofu"
    assert (fonts.FONT_DIR / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE Version 1.1")


def test_the_shipped_fonts_stay_small():
    sizes = [(fonts.FONT_DIR / name).stat().st_size for name in fonts.CJK_FACES.values()]
    assert sum(sizes) < 2 * 1024 * 1024, sizes


def game_of(message):
    """The game package whose files mark `message`, or None when none does (or several)."""
    games = {
        game
        for path, _ in message.locations
        for game in ("whose_foods", "consequence", "blanc_noir")
        if f"/{game}/" in f"/{path}"
    }
    return games.pop() if len(games) == 1 else None


def translations(message):
    return message.string if isinstance(message.string, tuple) else (message.string,)


#: one term for one thing in the Japanese catalog (the rulebooks' where they have one): the
#: variants it must not use, and the term used instead (issue 40)
VARIANTS = {
    "獣師": "猟師コマ",
    "獵師": "猟師コマ",
    "クマ": "くま",
    "くまのボーナス": "くまボーナス",
    "オーバーレイ": "上のせカード",
    "場のカード": "場札",
    "サンドイッチ": "はさみ",
    "一直線": "一列",
    "北東": "右上",
    "記憶の手助け": "記憶サポート",
    "待ち時間": "無操作時間",
    "スタンド": "展示",
    "今日のボード": "今日の勝者",
    "{level}コンピューター": "コンピューター\uff08{level}\uff09",
    "ごめんなさい": "申し訳ありません",
    "スマートフォン": "スマホ",
    "}さん": "{name}: the honorific comes with a typed name (scenes.kit.seat_names)",
    "(": "\uff08: full-width brackets in running text",
}
#: each game's own words: another game's term for the same thing is a variant in its texts
GAME_VARIANTS = {
    "whose_foods": {"手元": "持ち駒", "手札": "持ち駒", "盤": "ボード", "つ並": "個並"},
    "consequence": {"手札": "手元", "ウラ": "伏せて", "オモテ": "表"},
    "blanc_noir": {"伏せ": "ウラ向き", "表向き": "オモテ向き", "場から": "場札から"},
}
#: the plain volitional and bare te-forms that slipped into rules, lessons and notices: they
#: say です/ます there ("覚えておきましょう", "思い出してください")
PLAIN_FORMS = re.compile("(?:こう|よう|ろう)[\uff01。]|思い出して。")
#: the only texts that keep an "A\uff1aB" form: labels of a switch or a field, not sentences
COLON_LABELS = {
    "Previews: on", "Previews: off", "Thinking: on", "Thinking: off", "{x}, {y}: {what}",
    "{square}: {what}", "Folder: {path}", "Data folder: {folder}",
    "Changes cannot be saved here:", "Changes could not be saved:",
}  # fmt: skip


def test_the_japanese_catalog_says_one_term_for_each_thing_in_one_register():
    found = []
    for message in messages("ja"):
        if message.context == HONORIFIC:
            continue
        game = game_of(message)
        variants = {**VARIANTS, **GAME_VARIANTS.get(game, {})}
        for text in translations(message):
            found += [(message.id, variant) for variant in variants if variant in text]
            if PLAIN_FORMS.search(text):
                found.append((message.id, "plain form"))
            if "\uff1a" in text and message.id not in COLON_LABELS:
                found.append((message.id, "A\uff1aB instead of a sentence"))
    assert found == []


def test_allow_has_two_contexts_with_two_meanings():
    allow = {m.context: m.string for m in catalog("ja") if m.id == "Allow"}
    assert allow == {"undo request": "認める", "second phone": "移す"}


#: sample names of each kind, as scenes.kit.seat_names says them in a sentence
def sample_names():
    from scenes.kit.seat_names import YOU, Called, bot_name, human_name

    return {
        "the reader": Called(i18n.gettext(YOU)),
        "a default name": Called(human_name(1)),
        "a computer's name": Called(bot_name(1)),
        "a typed name": Called("ハナ", honoured=True),
    }


#: the context of the honorific itself (a typed name, scenes.kit.seat_names.Called)
HONORIFIC = "a typed name in a sentence"
#: the fields that hold a seat's name (or names)
NAME_FIELDS = {"name", "names", "winner", "loser", "asker", "mover", "player", "you", "receiver"}


def test_no_message_renders_an_honorific_on_the_reader_or_a_default_name():
    i18n.set_language("ja")
    names = sample_names()
    said = [str(name) for name in names.values()]
    assert said == ["あなた", "プレイヤー2", "ペッパー", "ハナさん"]
    wrong = ("あなたさん", "プレイヤー2さん", "ペッパーさん", "ハナさんさん")
    rendered = 0
    for message in messages("ja"):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = fields(ids[-1])
        if not wanted & NAME_FIELDS or message.context == HONORIFIC:
            continue
        for name in names.values():
            for text in translations(message):
                said = text.format(**{k: name if k in NAME_FIELDS else "2" for k in wanted})
                assert not any(word in said for word in wrong), (message.id, said)
                rendered += 1
    assert rendered > 150
