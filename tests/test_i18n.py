"""scenes.kit.i18n: the language shown, switching it, the system's default, lazy messages."""

import pytest

from scenes.kit import i18n
from scenes.kit.i18n import L_, LN_, _, ngettext, pgettext
from scenes.kit.seat_names import Called


def test_english_is_the_source_and_japanese_comes_from_the_catalog():
    assert i18n.language() == "en" and _("Settings") == "Settings"
    i18n.set_language("ja")
    assert i18n.language() == "ja"
    assert _("Settings") == "設定" and _("En blanc et noir") == "白と黒で"
    assert _("Consequence") == "コンシークエンス"
    assert pgettext("switch", "On") == "オン"
    assert _("a text nobody marked") == "a text nobody marked"


def test_the_empty_text_is_never_the_catalog_header():
    i18n.set_language("ja")
    assert _("") == ""


@pytest.mark.parametrize(
    ("count", "english", "japanese"), [(1, "1 player", "1人"), (3, "3 players", "3人")]
)
def test_plurals_follow_each_language(count, english, japanese):
    assert ngettext("{count} player", "{count} players", count).format(count=count) == english
    i18n.set_language("ja")
    assert ngettext("{count} player", "{count} players", count).format(count=count) == japanese


def test_an_unknown_language_is_refused_and_nothing_changes():
    before = i18n.generation()
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.set_language("xx")
    assert i18n.language() == "en" and i18n.generation() == before


def test_a_lazy_message_is_in_the_language_shown_when_it_is_drawn():
    title = L_("Pass to {name}", name=Called("ハナ", honoured=True))  # a typed name
    players = LN_("{count} player", "{count} players", 4)
    assert (str(title), str(players), title.msgid) == (
        "Pass to ハナ",
        "4 players",
        "Pass to {name}",
    )
    i18n.set_language("ja")
    assert (str(title), str(players)) == ("ハナさんに渡してください", "4人")
    assert i18n.source_text(title) == "Pass to {name}" and i18n.source_text("Done") == "Done"


def test_a_watch_sees_each_switch_once():
    watch = i18n.Watch()
    assert not watch.changed()
    i18n.set_language("ja")
    assert watch.changed() and not watch.changed()
    i18n.set_language("ja")  # the same language: nothing to redraw
    assert not watch.changed()
    i18n.set_language("en")
    assert watch.changed()


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANGUAGE": "ja:en", "LANG": "en_US.UTF-8"}, "ja"),
        ({"LANGUAGE": "", "LC_ALL": "en_GB.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "Japanese_Japan.932"}, "ja"),
    ],
)
def test_the_default_language_follows_the_system_locale(monkeypatch, variables, expected):
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert i18n.system_language() == expected
    assert i18n.resolve("system") == expected
    assert i18n.resolve("en") == "en" and i18n.resolve("ja") == "ja"


def test_a_broken_catalog_shows_english_instead(monkeypatch, tmp_path, caplog):
    broken = tmp_path / "ja" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / f"{i18n.DOMAIN}.mo").write_bytes(b"not a catalog")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    i18n.set_language("ja")
    assert _("Settings") == "Settings"
    assert "the ja catalog cannot be read" in caplog.text
